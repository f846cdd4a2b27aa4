// The benchmark page's aggregation (web/aggregate.js over the core's
// wce::aggregate through WASM): hand-made samples (numpy's percentiles, the
// CLI's (macro) / (micro) rows, failures left out, complexity levels, Table 3,
// the box-plot whiskers), and the same rows as `wce bench --out` from the
// CLI's own per-page scores. The page against the CLI end to end:
// tests/e2e/webpage.spec.js.
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');
const { ROOT, loadWce, decodeHtmlFile, demoPages } = require('./helpers');
const WceAggregate = require('../../web/aggregate.js');

const WCE_BIN = path.join(ROOT, 'build', 'native', 'wce');

let wce;
let S;
beforeAll(async () => {
  wce = await loadWce();
  S = WceAggregate.create(wce);
});

test.each([
  [[3], 3, 3, 3],
  [[1, 2], 1.25, 1.5, 1.75],
  [[4, 1, 3, 2], 1.75, 2.5, 3.25],
  [[0, 0, 0, 10, 1], 0, 0, 1],
  [[0.5, 0.25, 1, 0.75, 0], 0.25, 0.5, 0.75],
])('summarize(%j): numpy quartiles %p %p %p', (values, q1, median, q3) => {
  const s = wce.summarize(values);
  expect(s.n).toBe(values.length);
  expect(s.q1).toBeCloseTo(q1, 12);
  expect(s.median).toBeCloseTo(median, 12);
  expect(s.q3).toBeCloseTo(q3, 12);
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  expect(s.mean).toBeCloseTo(mean, 12);
  expect(s.stdev).toBeCloseTo(Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / values.length), 12);
});

const NAMES = ['a_p', 'a_r', 'a_f1', 'b_p', 'b_r', 'b_f1', 'kl'];
// A record: id, dataset, complexity, then per extractor [p, r, f1, ms] or an error string.
function rec(id, dataset, complexity, results) {
  const out = {};
  for (const [x, v] of Object.entries(results)) {
    out[x] = typeof v === 'string' ? { error: v } : { ms: v[3], values: [v[0], v[1], v[2], 1 - v[0], 1 - v[1], 1 - v[2], 0] };
  }
  return { id, dataset, complexity, results: out };
}
const RECORDS = [
  rec('1', 'd1', 0.1, { x: [1, 0.5, 0.6, 2], y: [0, 0, 0, 1] }),
  rec('2', 'd1', 0.5, { x: [0.5, 0.5, 0.5, 4], y: 'boom' }),
  rec('3', 'd2', 0.9, { x: [0.2, 0.4, 0.3, 6], y: [1, 1, 1, 3] }),
  rec('4', 'd2', 0.3, { x: [0.8, 0.6, 0.7, 8], y: [0.5, 0.5, 0.5, 5] }),
  rec('5', 'd2', 0.7, { x: [0.4, 1, 0.5, 10], y: [0.9, 0.9, 0.9, 7] }),
];

test('measure families: the columns with _p, _r and _f1', () => {
  expect(S.measureFamilies(NAMES)).toEqual(['a', 'b']);
  expect(wce.measures(NAMES)).toEqual([{ name: 'a', prf: true }, { name: 'b', prf: true }, { name: 'kl', prf: false }]);
  expect(() => wce.aggregate(RECORDS, { columns: NAMES, measures: ['c'] })).toThrow(/unknown measure "c"/);
  expect(() => wce.aggregate(RECORDS, { columns: NAMES, measures: ['a'], groupBy: 'site' })).toThrow(/unknown groupBy "site"/);
  expect(() => wce.aggregate('x')).toThrow(TypeError);
});

test('benchRows: per dataset, (macro), (micro), failures left out', () => {
  const rows = S.benchRows(RECORDS, ['x', 'y'], NAMES, 'a');
  expect(rows.map((r) => [r.extractor, r.dataset, r.pages])).toEqual([
    ['x', 'd1', 2], ['x', 'd2', 3], ['x', '(macro)', 5], ['x', '(micro)', 5],
    ['y', 'd1', 1], ['y', 'd2', 3], ['y', '(macro)', 4], ['y', '(micro)', 4],
  ]);
  const [xd1, xd2, xmacro, xmicro] = rows;
  expect(xd1.f1.mean).toBeCloseTo(0.55, 12);
  expect(xd2.f1.median).toBeCloseTo(0.5, 12);
  expect(xmacro.f1.mean).toBeCloseTo((0.55 + 0.5) / 2, 12);
  expect(xmacro.f1.median).toBeCloseTo((0.55 + 0.5) / 2, 12);
  expect(xmacro.f1.q1).toBeCloseTo((xd1.f1.q1 + xd2.f1.q1) / 2, 12);
  expect(xmacro.f1.stdev).toBeCloseTo((xd1.f1.stdev + xd2.f1.stdev) / 2, 12);
  expect(xmicro.f1.mean).toBeCloseTo((0.6 + 0.5 + 0.3 + 0.7 + 0.5) / 5, 12);
  expect(xmicro.ms.mean).toBeCloseTo(6, 12);
  // The other family reads the other columns.
  expect(S.benchRows(RECORDS, ['x'], NAMES, 'b')[0].f1.mean).toBeCloseTo(1 - 0.55, 12);
  // One dataset: no (macro) / (micro) rows.
  expect(S.benchRows(RECORDS.slice(0, 2), ['x'], NAMES, 'a').map((r) => r.dataset)).toEqual(['d1']);
});

test('complexity levels by quartiles; Table 3 per level', () => {
  // scores 0.1 0.3 0.5 0.7 0.9: q1 = 0.3, q3 = 0.7; low < 0.3, high > 0.7.
  const levels = S.complexityLevels(RECORDS);
  expect(levels.q1).toBeCloseTo(0.3, 12);
  expect(levels.q3).toBeCloseTo(0.7, 12);
  expect(S.levelsOf(RECORDS, levels)).toEqual(['low', 'medium', 'high', 'medium', 'medium']);
  const { table } = S.table3(RECORDS, ['x', 'y'], NAMES, 'a');
  const x = table.find((t) => t.extractor === 'x');
  expect(x.levels.all.pages).toBe(5);
  expect(x.levels.low.pages).toBe(1);
  expect(x.levels.low.macro.f1.mean).toBeCloseTo(0.6, 12);
  expect(x.levels.high.macro.f1.mean).toBeCloseTo(0.3, 12);
  expect(x.levels.all.macro.f1.mean).toBeCloseTo((0.55 + 0.5) / 2, 12);
  expect(x.ms).toBeCloseTo(6, 12);
  // A page whose complexity is unknown (NaN) does not shift the quartiles, and has no level.
  const withUnknown = [...RECORDS, rec('6', 'd2', NaN, {})];
  expect(S.complexityLevels(withUnknown)).toEqual(levels);
  expect(S.levelsOf(withUnknown, levels)[5]).toBe('(unknown)');
});

test('boxStats: whiskers at the most extreme values within 1.5 IQR', () => {
  const b = S.boxStats([0, 0.8, 0.85, 0.9, 0.95, 1]);
  // q1 = 0.8125, q3 = 0.9375, IQR = 0.125: fences 0.625 and 1.125.
  expect(b.lo).toBeCloseTo(0.8, 12);
  expect(b.hi).toBeCloseTo(1, 12);
  expect(b.outliers).toEqual([0]);
  expect(S.boxStats([]).outliers).toEqual([]);
});

// The CLI's per-page scores (`--pages-out`) aggregated through WASM give the
// CLI's table (`--out`) exactly: one aggregation, two front ends.
(fs.existsSync(WCE_BIN) ? describe : describe.skip)('the same rows as wce bench', () => {
  let dir;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wce-agg-'));
    // The demo pages as two datasets, so that (macro) and (micro) rows appear.
    const lines = demoPages().map(({ name, file }, i) => JSON.stringify({
      id: name, dataset: i % 2 ? 'odd' : 'even', html: decodeHtmlFile(file).html,
      text: fs.readFileSync(path.join(path.dirname(file), 'gold.txt'), 'utf8'),
    }));
    fs.writeFileSync(path.join(dir, 'demo.jsonl'), lines.join('\n') + '\n');
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const COLUMNS = ['rouge_lsum_p', 'rouge_lsum_r', 'rouge_lsum_f1'];
  function cli(groupBy) {
    const out = path.join(dir, `table-${groupBy}.json`);
    const pagesOut = path.join(dir, `pages-${groupBy}.json`);
    execFileSync(WCE_BIN, ['bench', '--no-progress', '--data', path.join(dir, 'demo.jsonl'), '--extractors', 'readability,bte,all_text',
      '--measures', 'rouge', '--by', groupBy, '--out', out, '--pages-out', pagesOut], { stdio: 'pipe' });
    const records = new Map();
    for (const p of JSON.parse(fs.readFileSync(pagesOut, 'utf8'))) {
      const key = `${p.dataset}\u0000${p.id}`;
      if (!records.has(key)) records.set(key, { id: p.id, dataset: p.dataset, lang: p.lang, kb: p.kb, complexity: p.complexity ?? NaN, results: {} });
      records.get(key).results[p.extractor] = { ms: p.ms, values: [p.precision, p.recall, p.f1] };
    }
    return { table: JSON.parse(fs.readFileSync(out, 'utf8')), records: [...records.values()] };
  }

  test.each(['dataset', 'complexity'])('grouped by %s', (groupBy) => {
    const { table, records } = cli(groupBy);
    const ours = wce.aggregate(records, { columns: COLUMNS, measures: ['rouge_lsum'], groupBy });
    const theirs = table.rows;
    expect(ours.rows.map((r) => [r.extractor, r.group, r.pages])).toEqual(theirs.map((r) => [r.extractor, r.group, r.pages]));
    const off = [];
    const near = (a, b, what) => {
      const same = b === null ? Number.isNaN(a) : Math.abs(a - b) <= 1e-12;
      if (!same) off.push(`${what}: ${a} vs ${b}`);
    };
    ours.rows.forEach((r, i) => {
      const c = theirs[i];
      for (const [m, k] of [['p', 'precision'], ['r', 'recall'], ['f', 'f1']]) {
        for (const s of ['mean', 'median', 'q1', 'q3', 'stdev']) near(r[m][s], c[k][s], `${r.extractor} ${r.group} ${k} ${s}`);
      }
      near(r.msPerPage, c.ms_per_page, `${r.extractor} ${r.group} ms/page`);
      near(r.msPerKb, c.ms_per_kb, `${r.extractor} ${r.group} ms/kB`);
    });
    expect(off).toEqual([]);
  });
});
