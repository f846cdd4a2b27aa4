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

  test('wce bench and the page\'s benchPage score alike: one bench_page, block measure included', () => {
    // A few extractors of different kinds, every record: the CLI's per-page
    // rows (--pages-out) against the page's call.
    const extractors = ['all_text', 'justext', 'readability', 'bte'];
    const pagesOut = path.join(dir, 'pages.jsonl');
    execFileSync(WCE_BIN, ['bench', '--quiet', '--data', path.join(dir, 'records.jsonl'), '-e', extractors.join(','),
      '--measures', 'rouge,block', '--pages-out', pagesOut], { encoding: 'utf8', maxBuffer: 1 << 30 });
    const rows = fs.readFileSync(pagesOut, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    const cli = new Map(rows.map((j) => [`${j.id}/${j.extractor}/${j.measure}`, j]));
    const names = wce.measureNames();
    const col = (x, n) => x.values[names.indexOf(n)];
    let checks = 0;
    for (const r of records) {
      const page = wce.benchPage(r.html, r.text, { lang: r.lang, extractors });
      for (const x of page.results) {
        expect(x.error).toBeUndefined();
        const rouge = cli.get(`${r.id}/${x.extractor}/rouge_lsum`);
        const block = cli.get(`${r.id}/${x.extractor}/block`);
        expect(rouge).toBeDefined();
        expect(block).toBeDefined();
        expect(col(x, 'rouge_lsum_words_f1')).toBeCloseTo(rouge.f1, 9);
        // JSON has no NaN: the CLI writes null where a page has no blocks.
        for (const k of ['precision', 'recall', 'f1']) {
          if (block[k] === null) expect(x.block[k]).toBeNaN();
          else expect(x.block[k]).toBeCloseTo(block[k], 9);
        }
        checks++;
      }
    }
    expect(checks).toBe(records.length * extractors.length);
  });

  test("a record's lang reaches jusText in every path", () => {
    // The stated language picks jusText's stop list: a page stated in another
    // language than its own (English for a Polish page) loses its paragraphs,
    // the same way in the CLI, WASM and the page's call; had a path dropped
    // the lang (as the page's benchPage once did), its labels would not change.
    const other = records.filter((r) => r.lang && r.lang !== 'en');
    if (other.length === 0) return;  // no dataset here: nothing to show
    const dir2 = fs.mkdtempSync(path.join(os.tmpdir(), 'wce-run-lang-'));
    const lines = other.map((r) => JSON.stringify({ id: r.id, dataset: 'eq', lang: 'en', html: r.html, text: r.text }));
    fs.writeFileSync(path.join(dir2, 'en.jsonl'), lines.join('\n') + '\n');
    const out = execFileSync(WCE_BIN, ['extract', '--jsonl', '--format', 'json', '--extractor', 'justext',
      path.join(dir2, 'en.jsonl')], { encoding: 'utf8', maxBuffer: 1 << 30 });
    fs.rmSync(dir2, { recursive: true, force: true });
    const cli = new Map(out.trim().split('\n').map((l) => JSON.parse(l)).map((j) => [j.id, j]));
    let differs = 0;
    for (const r of other) {
      const stated = wce.extract(r.html, { extractor: 'justext', lang: r.lang }).labels;
      const english = wce.extract(r.html, { extractor: 'justext', lang: 'en' }).labels;
      const page = wce.benchPage(r.html, r.text, { lang: 'en', extractors: ['justext'] }).results[0].labels;
      expect(firstDifference(english, cli.get(r.id).labels)).toBeNull();
      expect(firstDifference(english, page)).toBeNull();
      if (firstDifference(stated, english) !== null) differs++;
    }
    expect(differs).toBeGreaterThan(0);
  });
});

