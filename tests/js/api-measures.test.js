// The evaluation part of the JS API (wasm/wce_api.js): measureNames, measure,
// complexity, complexityLevels, benchPage. benchPage must give, per
// extractor, what extract() + measure() give separately (the web page relies
// on it to show the CLI's figures).
const fs = require('fs');
const path = require('path');
const { loadWce, DEMO } = require('./helpers');

let wce;
beforeAll(async () => {
  wce = await loadWce();
});

function demoPages() {
  return fs
    .readdirSync(DEMO)
    .filter((n) => fs.existsSync(path.join(DEMO, n, 'source.html')) && fs.existsSync(path.join(DEMO, n, 'gold.txt')))
    .map((n) => ({
      name: n,
      html: fs.readFileSync(path.join(DEMO, n, 'source.html'), 'utf8'),
      gold: fs.readFileSync(path.join(DEMO, n, 'gold.txt'), 'utf8'),
    }));
}

test('measureNames: the measure_page columns, then the ROUGE-LSum of wce bench', () => {
  const names = wce.measureNames();
  expect(names.slice(0, 3)).toEqual(['rouge_lsum_p', 'rouge_lsum_r', 'rouge_lsum_f1']);
  expect(names.slice(-3)).toEqual(['rouge_lsum_words_p', 'rouge_lsum_words_r', 'rouge_lsum_words_f1']);
  expect(names).toContain('near_empty');
  expect(new Set(names).size).toBe(names.length);
});

test.each([
  ['same text', 'one two three', 'one two three'],
  ['partial', 'one two four', 'one two three five'],
  ['empty output', '', 'gold text here'],
  ['Chinese', '我爱北京天安门', '我爱上海'],
])('measure (%s): rouge_lsum_words = evaluate(); values in [0, 1] for P/R/F1', (_, pred, gold) => {
  const m = wce.measure(pred, gold, { lang: 'zh' });
  const e = wce.evaluate(pred, gold);
  expect(m.values.rouge_lsum_words_p).toBe(e.precision);
  expect(m.values.rouge_lsum_words_r).toBe(e.recall);
  expect(m.values.rouge_lsum_words_f1).toBe(e.f1);
  for (const [k, v] of Object.entries(m.values)) {
    if (/_(p|r|f1)$/.test(k)) {
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(1);
    }
  }
});

test('measure: character segmentation for Chinese changes rouge_lsum only there', () => {
  const m = wce.measure('我爱北京', '我爱上海', { lang: 'zh' });
  expect(m.characters).toBe(true);
  expect(m.values.rouge_lsum_f1).toBeCloseTo(0.5, 12); // 2 of 4 characters
  expect(m.values.rouge_lsum_words_f1).toBe(0); // one word each, different
  const en = wce.measure('a b c', 'a b d', { lang: 'en' });
  expect(en.characters).toBe(false);
  expect(en.values.rouge_lsum_f1).toBe(en.values.rouge_lsum_words_f1);
});

test('benchPage = extract() + measure() per extractor, and the complexity of complexity()', () => {
  const names = wce.measureNames();
  const extractors = wce.extractors().map((e) => e.name);
  const pages = demoPages();
  expect(pages.length).toBeGreaterThan(0);
  for (const p of pages) {
    const r = wce.benchPage(p.html, p.gold, { extractors, lang: 'en' });
    const c = wce.complexity(p.html, p.gold);
    expect(r.complexity).toBe(c.score);
    expect(r.complexityEstimate).toBe(c.estimate);
    expect(c.score).toBeGreaterThanOrEqual(0);
    expect(c.score).toBeLessThanOrEqual(1);
    expect(r.results.map((x) => x.extractor)).toEqual(extractors);
    for (const x of r.results) {
      expect(x.error).toBeUndefined();
      expect(x.ms).toBeGreaterThanOrEqual(0);
      const m = wce.measure(wce.extract(p.html, { extractor: x.extractor }).text, p.gold, { lang: 'en' });
      expect(Array.from(x.values)).toEqual(names.map((n) => m.values[n]));
      // The block-level measure: every text node kept gives every gold block.
      for (const v of [x.block.precision, x.block.recall, x.block.f1]) {
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThanOrEqual(1);
      }
      if (x.extractor === 'all_text') expect(x.block.recall).toBe(1);
    }
  }
});

test('complexityLevels: quartiles by linear interpolation', () => {
  expect(wce.complexityLevels([0.9, 0.1, 0.5, 0.3, 0.7])).toEqual({ q1: 0.3, q3: 0.7 });
  expect(wce.complexityLevels([])).toEqual({ q1: 0, q3: 0 });
});

test('wrong arguments are TypeErrors; an unknown extractor an Error; the module keeps working', () => {
  expect(() => wce.measure(1, 'x')).toThrow(TypeError);
  expect(() => wce.measure('x', 'y', { lang: 3 })).toThrow(TypeError);
  expect(() => wce.complexity('<p>x</p>', null)).toThrow(TypeError);
  expect(() => wce.complexityLevels('0.5')).toThrow(TypeError);
  expect(() => wce.benchPage('<p>x</p>', 'x', { extractors: ['nope'] })).toThrow(/unknown extractor "nope"/);
  expect(wce.benchPage('<p>x</p>', 'x', { extractors: [] }).results).toEqual([]);
  expect(wce.measure('x', 'x').values.rouge_lsum_words_f1).toBe(1);
});
