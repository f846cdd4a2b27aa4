// One run layer (core/include/wce/run.hpp) behind every front end: the same
// records through the native CLI (`wce extract --jsonl --format json`), the
// WASM API (extract with the record's lang) and the benchmark page's call
// (benchPage, as web/worker.js makes it) give the same labels for every
// extractor. The records carry a stated language, which jusText's stop list
// follows (the page's benchPage once ignored it). Dataset records are used
// when ../shared/datasets is there; the demo pages always.
const fs = require('fs');
const os = require('os');
const path = require('path');
const zlib = require('zlib');
const { execFileSync } = require('child_process');
const { ROOT, DATASETS, loadWce, decodeHtmlFile, demoPages } = require('./helpers');

const WCE_BIN = path.join(ROOT, 'build', 'native', 'wce');
const haveCli = fs.existsSync(WCE_BIN);

// A few records per language from daniel (en, zh, pl, el, ru), the dataset
// whose records state their language.
const PER_LANG = 2;

function datasetRecords() {
  const file = path.join(DATASETS, 'daniel.jsonl.gz');
  if (!fs.existsSync(file)) return [];
  const lines = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').split('\n');
  const seen = {};
  const out = [];
  for (const line of lines) {
    if (!line.trim()) continue;
    const r = JSON.parse(line);
    if (!r.lang || (seen[r.lang] || 0) >= PER_LANG || r.html.length > 150000) continue;
    seen[r.lang] = (seen[r.lang] || 0) + 1;
    out.push({ id: r.id, lang: r.lang, html: r.html, text: r.text });
  }
  return out;
}

function demoRecords() {
  return demoPages().map(({ name, file }) => ({
    id: `demo-${name}`, lang: '', html: decodeHtmlFile(file).html,
    text: fs.readFileSync(path.join(path.dirname(file), 'gold.txt'), 'utf8'),
  }));
}

function firstDifference(a, b) {
  if (a.length !== b.length) return `${a.length} labels vs ${b.length}`;
  for (let i = 0; i < a.length; i++) if (Math.abs(a[i] - b[i]) > 1e-6) return `label ${i}: ${a[i]} vs ${b[i]}`;
  return null;
}

(haveCli ? describe : describe.skip)('CLI, WASM and the benchmark page: one run layer', () => {
  let wce;
  let records;
  let dir;
  beforeAll(async () => {
    wce = await loadWce();
    records = [...demoRecords(), ...datasetRecords()];
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wce-run-eq-'));
    const lines = records.map((r) => JSON.stringify({ id: r.id, dataset: 'eq', lang: r.lang, html: r.html, text: r.text }));
    fs.writeFileSync(path.join(dir, 'records.jsonl'), lines.join('\n') + '\n');
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('every record, every extractor: the same labels three ways', () => {
    const names = wce.extractors().map((e) => e.name);
    // The page's call: every extractor at once, as the worker makes it.
    const page = new Map(records.map((r) => [r.id, wce.benchPage(r.html, r.text, { lang: r.lang })]));
    let checks = 0;
    for (const extractor of names) {
      const out = execFileSync(WCE_BIN, ['extract', '--jsonl', '--format', 'json', '--extractor', extractor,
        path.join(dir, 'records.jsonl')], { encoding: 'utf8', maxBuffer: 1 << 30 });
      const cli = new Map(out.trim().split('\n').map((l) => JSON.parse(l)).map((j) => [j.id, j]));
      for (const r of records) {
        const native = cli.get(r.id);
        expect(native).toBeDefined();
        const wasm = wce.extract(r.html, { extractor, lang: r.lang });
        const bench = page.get(r.id).results.find((x) => x.extractor === extractor);
        expect(bench.error).toBeUndefined();
        const d1 = firstDifference(native.labels, wasm.labels);
        const d2 = firstDifference(wasm.labels, bench.labels);
        if (d1 || d2) throw new Error(`${r.id} (${r.lang || 'no lang'}) / ${extractor}: CLI vs WASM ${d1 || 'equal'}; WASM vs page ${d2 || 'equal'}`);
        expect(wasm.text).toBe(native.text);
        checks++;
      }
    }
    console.log(`run layer: ${records.length} records x ${names.length} extractors = ${checks} equal three ways`);
  });

  test("a record's lang reaches jusText in every path", () => {
    // Somewhere among the records the stated language changes jusText's
    // result (its stop list), or the check above could not see the old
    // divergence of the page.
    const withLang = records.filter((r) => r.lang && r.lang !== 'en');
    if (withLang.length === 0) return;  // no dataset here: nothing to show
    const differs = withLang.some((r) => {
      const stated = wce.extract(r.html, { extractor: 'justext', lang: r.lang }).labels;
      const unstated = wce.extract(r.html, { extractor: 'justext' }).labels;
      return firstDifference(stated, unstated) !== null;
    });
    expect(differs).toBe(true);
  });
});
