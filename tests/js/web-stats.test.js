// The benchmark page's aggregation (web/stats.js) on small hand-made samples:
// numpy's percentile definition, the CLI's row layout ((macro) / (micro)),
// failures left out, complexity levels, Table 3 and the box-plot whiskers.
// Its agreement with `wce bench --out FILE.json` on real pages is checked by
// tests/e2e/webpage.spec.js.
const S = require('../../web/stats.js');

// numpy.percentile(x, [25, 50, 75]) (linear interpolation), worked by hand.
test.each([
  [[3], 3, 3, 3],
  [[1, 2], 1.25, 1.5, 1.75],
  [[4, 1, 3, 2], 1.75, 2.5, 3.25],
  [[0, 0, 0, 10, 1], 0, 0, 1],
  [[0.5, 0.25, 1, 0.75, 0], 0.25, 0.5, 0.75],
])('summarize(%j): quartiles %p %p %p', (values, q1, median, q3) => {
  const s = S.summarize(values);
  expect(s.n).toBe(values.length);
  expect(s.q1).toBeCloseTo(q1, 12);
  expect(s.median).toBeCloseTo(median, 12);
  expect(s.q3).toBeCloseTo(q3, 12);
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  expect(s.mean).toBeCloseTo(mean, 12);
  expect(s.stdev).toBeCloseTo(Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / values.length), 12);
});

test('summarize: empty gives zeros, a NaN makes every statistic NaN', () => {
  expect(S.summarize([])).toEqual({ n: 0, mean: 0, median: 0, q1: 0, q3: 0, stdev: 0 });
  const s = S.summarize([1, NaN]);
  expect(s.n).toBe(2);
  for (const k of ['mean', 'median', 'q1', 'q3', 'stdev']) expect(s[k]).toBeNaN();
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

test('measure families and columns', () => {
  expect(S.measureFamilies(NAMES)).toEqual(['a', 'b']);
  expect(S.measureColumns(NAMES, 'b')).toEqual({ p: 3, r: 4, f1: 5 });
  expect(() => S.measureColumns(NAMES, 'kl')).toThrow(/unknown measure/);
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
  expect(RECORDS.map((r) => S.levelOf(r.complexity, levels))).toEqual(['low', 'medium', 'high', 'medium', 'medium']);
  const { table } = S.table3(RECORDS, ['x', 'y'], NAMES, 'a');
  const x = table.find((t) => t.extractor === 'x');
  expect(x.levels.all.pages).toBe(5);
  expect(x.levels.low.pages).toBe(1);
  expect(x.levels.low.macro.f1.mean).toBeCloseTo(0.6, 12);
  expect(x.levels.high.macro.f1.mean).toBeCloseTo(0.3, 12);
  expect(x.levels.all.macro.f1.mean).toBeCloseTo((0.55 + 0.5) / 2, 12);
  expect(x.ms).toBeCloseTo(6, 12);
  // A page whose complexity is unknown (NaN) does not shift the quartiles.
  expect(S.complexityLevels([...RECORDS, rec('6', 'd2', NaN, {})])).toEqual(levels);
});

test('boxStats: whiskers at the most extreme values within 1.5 IQR', () => {
  const b = S.boxStats([0, 0.8, 0.85, 0.9, 0.95, 1]);
  // q1 = 0.8125, q3 = 0.9375, IQR = 0.125: fences 0.625 and 1.125.
  expect(b.lo).toBeCloseTo(0.8, 12);
  expect(b.hi).toBeCloseTo(1, 12);
  expect(b.outliers).toEqual([0]);
  expect(S.boxStats([]).outliers).toEqual([]);
});
