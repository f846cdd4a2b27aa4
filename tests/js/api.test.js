// The JavaScript API (wasm/wce_api.js) over the WebAssembly core.
const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');
const { encodeDom } = require('../../wasm/dom_encoder.js');
const { createExtractor } = require('../../wasm/wce_api.js');
const { ROOT, loadWce, makeDocument } = require('./helpers');

const PAGE = '<!DOCTYPE html><html><head><title>T</title></head>' +
  '<body><h1>Title</h1><p>Hello <b>world</b>!</p></body></html>';

let wce;
beforeAll(async () => {
  wce = await loadWce();
});

// A flat DOM made by hand: <html><body>TEXT</body></html>.
function flatOf(text) {
  const N = 0xFFFFFFFF;
  return {
    nodes: new Uint32Array([
      1, N, 4, 0, 0, 0, 0, 0, 0, 0,
      1, 0, 4, 0, 0, 0, 0, 0, 0, 0,
      2, 1, 0, 0, 0, 0, 0, 0, 0, text.length,
    ]),
    strings: 'html' + 'body' + text,
  };
}

function expectWorking() {
  const r = wce.extract(PAGE, { extractor: 'all_text' });
  expect(r.text).toBe('T\nTitle\nHello world!');
}

describe('extractors()', () => {
  test('lists the registry with names, families, references and descriptions', () => {
    const list = wce.extractors();
    expect(list.length).toBeGreaterThanOrEqual(2);
    for (const e of list) {
      expect(Object.keys(e).sort()).toEqual(['description', 'family', 'name', 'needs', 'reference', 'render']);
      expect(Array.isArray(e.needs)).toBe(true);
      for (const n of e.needs) expect(list.map((x) => x.name)).toContain(n);
      expect(['plain', 'layout']).toContain(e.render);
      for (const k of ['name', 'family', 'reference', 'description']) {
        expect(typeof e[k]).toBe('string');
        expect(e[k].length).toBeGreaterThan(0);
      }
      expect(['baseline', 'heuristic', 'learned', 'ensemble']).toContain(e.family);
    }
    const names = list.map((e) => e.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('bte');
    expect(names).toContain('all_text');
  });

  test("agreement: the core extractor's members are the extension's AGREEMENT_EXTRACTORS", () => {
    const vm = require('vm');
    const fs = require('fs');
    const path = require('path');
    const ctx = { self: {} };
    vm.createContext(ctx);
    vm.runInContext(fs.readFileSync(path.join(__dirname, '..', '..', 'extension', 'settings.js'), 'utf8'), ctx);
    const a = wce.extractors().find((e) => e.name === 'agreement');
    expect(a).toBeDefined();
    expect([...a.needs]).toEqual([...ctx.self.wceSettings.AGREEMENT_EXTRACTORS]);
  });

  test('returns a copy: callers cannot change the registry', () => {
    const list = wce.extractors();
    list.length = 0;
    expect(wce.extractors().length).toBeGreaterThan(0);
  });

  test('one default extractor: the core, the JS API and the extension agree', () => {
    const { DEFAULT_EXTRACTOR } = require('../../wasm/wce_api.js');
    const settings = { self: {} };
    new Function('self', fs.readFileSync(path.join(ROOT, 'extension/settings.js'), 'utf8'))(settings.self);
    expect(wce.defaultExtractor()).toBe('ensemble');
    expect(DEFAULT_EXTRACTOR).toBe(wce.defaultExtractor());
    expect(settings.self.wceSettings.DEFAULT_EXTRACTOR).toBe(wce.defaultExtractor());
  });

  test('version() is the core version', () => {
    expect(wce.version()).toMatch(/^\d+\.\d+\.\d+/);
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    expect(wce.version()).toBe(pkg.version);
  });
});

describe('extract()', () => {
  test('returns text, one label per text node and timings', () => {
    const r = wce.extract(PAGE, { extractor: 'all_text' });
    expect(r.extractor).toBe('all_text');
    expect(r.text).toBe('T\nTitle\nHello world!');
    expect(r.labels).toBeInstanceOf(Float32Array);
    // Text nodes: "T", "Title", "Hello ", "world", "!".
    expect(r.labels.length).toBe(5);
    expect(Array.from(r.labels)).toEqual([1, 1, 1, 1, 1]);
    for (const k of ['parseMs', 'extractMs', 'renderMs', 'totalMs']) {
      expect(typeof r.timing[k]).toBe('number');
      expect(r.timing[k]).toBeGreaterThanOrEqual(0);
    }
    expect(r.timing.totalMs).toBeGreaterThanOrEqual(r.timing.parseMs);
  });

  // The no-script fallback is the core's parse (core/src/input/gumbo_builder.cpp), in WASM as natively:
  // the same page gives the native CLI's text. A live page's DOM never carries it (dom_encoder.js).
  test('a thread served in its no-script fallback is read from it, as the native parse reads it', () => {
    const file = path.join(ROOT, 'tests', 'fuzz', 'seeds', 'html', 'noscript-fallback.html');
    const html = fs.readFileSync(file, 'utf8');
    const r = wce.extract(html, { extractor: 'trafilatura' });
    expect(r.text).toContain('Use the embedded DNS server');
    const native = execFileSync(path.join(ROOT, 'build', 'native', 'wce'), ['extract', '-e', 'trafilatura', file]).toString();
    expect(r.text.trim()).toBe(native.trim());
    // The DOM encoder (a browser page, where scripts render the thread) never reads inside <noscript>.
    const { document, close } = makeDocument(html);
    const flat = encodeDom(document);
    close();
    expect(flat.textNodes.map((t) => t.data).join(' ')).not.toContain('embedded DNS');
    expect(flat.textNodes.length).toBeGreaterThan(0);
  });

  test('every extractor returns labels in [0, 1], one per text node of the page', () => {
    const html = fs.readFileSync(path.join(ROOT, 'demo', fs.readdirSync(path.join(ROOT, 'demo'))
      .find((d) => fs.existsSync(path.join(ROOT, 'demo', d, 'source.html'))), 'source.html'), 'utf8');
    const { document, close } = makeDocument(html);
    const flat = encodeDom(document);
    close();
    const n = wce.extract(html, { extractor: 'all_text' }).labels.length;
    expect(n).toBeGreaterThan(10);
    for (const { name } of wce.extractors()) {
      const r = wce.extract(html, { extractor: name });
      expect(r.labels.length).toBe(n);
      for (const v of r.labels) {
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThanOrEqual(1);
      }
      expect(typeof r.text).toBe('string');
      const c = wce.classify(flat, { extractor: name });
      expect(c.labels.length).toBe(flat.textNodes.length);
    }
  });

  test('the default extractor is the learned ensemble', () => {
    const a = wce.extract(PAGE);
    const b = wce.extract(PAGE, {});
    const c = wce.extract(PAGE, { extractor: 'ensemble' });
    expect(a.extractor).toBe('ensemble');
    expect(a.text).toBe(c.text);
    expect(b.text).toBe(c.text);
  });

  test('labels are copied out of wasm memory (stay valid after more calls)', () => {
    const r = wce.extract(PAGE, { extractor: 'all_text' });
    const before = Array.from(r.labels);
    for (let i = 0; i < 20; i++) wce.extract('<p>' + 'x '.repeat(5000) + '</p>', { extractor: 'bte' });
    expect(Array.from(r.labels)).toEqual(before);
    expect(r.labels.buffer.byteLength).toBe(r.labels.length * 4);
  });

  test('empty and text-only input', () => {
    expect(wce.extract('', { extractor: 'all_text' })).toMatchObject({ text: '' });
    expect(wce.extract('', { extractor: 'all_text' }).labels.length).toBe(0);
    expect(wce.extract('just text', { extractor: 'all_text' }).text).toBe('just text');
  });
});

describe('Unicode', () => {
  const SAMPLES = [
    'Grüße aus Köln, naïve café',
    '日本語のテキスト、中文文本',
    'Ελληνικά και русский текст',
    'مرحبا بالعالم',
    'emoji 😀👍🏽 and astral 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 𠜎',
    'combining e\u0301 and zero\u200Dwidth joiner',
  ];

  test.each(SAMPLES)('round-trips through extract: %s', (s) => {
    const r = wce.extract(`<html><body><p>${s}</p></body></html>`, { extractor: 'all_text' });
    expect(r.text).toBe(s);
  });

  test.each(SAMPLES)('round-trips through encodeDom + classify: %s', (s) => {
    const { document, close } = makeDocument(`<html><body><p id="${s}" class="${s}">${s}</p></body></html>`);
    const flat = encodeDom(document);
    close();
    expect(wce.classify(flat, { extractor: 'all_text' }).text).toBe(s);
    // A hand-made flat DOM: lengths in UTF-16 code units.
    expect(wce.classify(flatOf(s), { extractor: 'all_text' }).text).toBe(s);
  });

  test('HTML arrives decoded: a stale <meta charset> is ignored', () => {
    const r = wce.extract('<meta charset="windows-1252"><p>é ü — 😀</p>', { extractor: 'all_text' });
    expect(r.text).toBe('é ü — 😀');
  });

  test('lone surrogates become U+FFFD on both paths, without shifting anything', () => {
    expect(wce.extract('<p>a\uD800b</p><p>c\uDC00d</p>', { extractor: 'all_text' }).text).toBe('a\uFFFDb\nc\uFFFDd');
    expect(wce.extract('<p>\uDC00\uD83D\uDE00z\uD800', { extractor: 'all_text' }).text).toBe('\uFFFD\uD83D\uDE00z\uFFFD');
    expect(wce.extractMany('<p>a\uD800b</p>', { extractors: ['all_text'] }).results[0].text).toBe('a\uFFFDb');
    const { document, close } = makeDocument('<p>x</p>');
    document.body.firstChild.appendChild(document.createTextNode('\uD83D'));
    document.body.firstChild.appendChild(document.createTextNode('\uDE00y'));
    const flat = encodeDom(document);
    close();
    expect(wce.classify(flat, { extractor: 'all_text' }).text).toBe('x\uFFFD\uFFFDy');
    // Not through the encoder: the core's one conversion (wasm/bindings.cpp,
    // Utf8) makes each lone surrogate U+FFFD, one code unit, so no length shifts.
    expect(wce.classify(flatOf('a\uD800b\uDC00'), { extractor: 'all_text' }).text).toBe('a\uFFFDb\uFFFD');
    expect(wce.classifyMany(flatOf('\uDC00z'), { extractors: ['all_text'] }).results[0].text).toBe('\uFFFDz');
    // The evaluation functions read the texts the same way.
    expect(wce.evaluate('a\uD800 b', 'a\uFFFD b')).toEqual({ precision: 1, recall: 1, f1: 1 });
    expect(wce.measure('x\uDC00 y z', 'x\uFFFD y z').values).toEqual(wce.measure('x\uFFFD y z', 'x\uFFFD y z').values);
    expect(wce.complexity('<p>a\uD800 b</p>', 'a\uD800 b')).toEqual(wce.complexity('<p>a\uFFFD b</p>', 'a\uFFFD b'));
    expect(wce.repairHtml('<title>\uD800<p>x')).toBe('<title>\uFFFD</title><p>x');
  });

  test('evaluate() counts Unicode words', () => {
    expect(wce.evaluate('日本語 テキスト', '日本語 テキスト')).toEqual({ precision: 1, recall: 1, f1: 1 });
    const r = wce.evaluate('Grüße aus Köln', 'Grüße aus Berlin');
    expect(r.precision).toBeCloseTo(2 / 3, 6);
    expect(r.recall).toBeCloseTo(2 / 3, 6);
  });
});

describe('classify()', () => {
  test('equals extract() on a simple page', () => {
    const { document, close } = makeDocument(PAGE);
    const flat = encodeDom(document);
    close();
    const a = wce.extract(PAGE, { extractor: 'all_text' });
    const b = wce.classify(flat, { extractor: 'all_text' });
    expect(b.text).toBe(a.text);
    expect(b.labels.length).toBe(flat.textNodes.length);
    expect(b.timing.parseMs).toBeGreaterThanOrEqual(0);
  });

  test('accepts plain arrays and JSON-serialised typed arrays (extension messaging)', () => {
    const flat = flatOf('hello');
    const ref = wce.classify(flat, { extractor: 'all_text' }).text;
    expect(wce.classify({ nodes: Array.from(flat.nodes), strings: flat.strings }, { extractor: 'all_text' }).text).toBe(ref);
    const viaJson = JSON.parse(JSON.stringify({ nodes: flat.nodes, strings: flat.strings }));
    expect(Array.isArray(viaJson.nodes)).toBe(false);
    expect(wce.classify(viaJson, { extractor: 'all_text' }).text).toBe(ref);
    expect(wce.classify({ nodes: new Float64Array(flat.nodes), strings: flat.strings }, { extractor: 'all_text' }).text).toBe(ref);
  });

  test('hidden, aria-hidden, inline display:none and href reach the core alike on both paths', () => {
    const html = '<body><p>shown <a href="/x">link</a></p><p hidden>gone1</p>' +
      '<p style="display: NONE">gone2</p><p aria-hidden="TRUE">gone3</p></body>';
    const { document, close } = makeDocument(html);
    const flat = encodeDom(document);
    close();
    const kinds = [];
    for (let k = 0; k < flat.nodes.length; k += 10) kinds.push(flat.nodes[k]);
    expect(kinds).toEqual([1, 1, 1, 1, 2, 1 | (2 << 8), 2, 1 | (1 << 8), 2, 1, 2, 1, 2]);
    for (const { name } of wce.extractors()) {
      expect(wce.classify(flat, { extractor: name }).text).toBe(wce.extract(html, { extractor: name }).text);
    }
  });
});

describe('metadata() of a live DOM (encodeDom\'s attribute section)', () => {
  const META_PAGE = '<html lang="fr"><head><title>Le titre - Le Site</title>' +
    '<meta property="og:site_name" content="Le Site"><link rel="canonical" href="/article">' +
    '<script type="application/ld+json">{"@type":"NewsArticle","headline":"Le titre",' +
    '"author":{"@type":"Person","name":"Marie Curie"},"datePublished":"2024-03-05T10:00:00Z"}</script></head>' +
    '<body><article><h1>Le titre</h1><p>Un paragraphe.</p></article></body></html>';

  test('equals metadata(html) field by field', () => {
    const { document, close } = makeDocument(META_PAGE, { url: 'https://example.org/a' });
    try {
      const flat = encodeDom(document);
      expect(flat.attrs.length % 3).toBe(0);
      const fromDom = wce.metadata(flat, { url: 'https://example.org/a' });
      expect(fromDom).toEqual(wce.metadata(META_PAGE, { url: 'https://example.org/a' }));
      expect(fromDom.author).toBe('Marie Curie');
      expect(fromDom.date).toBe('2024-03-05T10:00:00Z');
      expect(fromDom.lang).toBe('fr');
      expect(fromDom.url).toBe('https://example.org/article');
      // Without the attribute section there is nothing to read them from.
      const bare = wce.metadata({ nodes: flat.nodes, strings: flat.strings }, { url: 'https://example.org/a' });
      expect(bare.author).toBe('');
      expect(bare.date).toBe('');
    } finally {
      close();
    }
  });

  test('a malformed attribute section is a clear error', () => {
    const flat = flatOf('x');
    expect(() => wce.metadata({ ...flat, attrs: new Uint32Array(2) })).toThrow(/attrs has 2 entries, not a multiple of 3/);
    expect(() => wce.metadata({ ...flat, attrs: [0, 99, 0] })).toThrow(/unknown attribute/);
    expect(() => wce.metadata({ ...flat, attrs: [2, 0, 1], attrStrings: 'x' })).toThrow(/text node has no attributes/);
    expect(() => wce.metadata({ ...flat, attrs: [0, 9, 5], attrStrings: 'en' })).toThrow(/shorter than the lengths say/);
    expect(() => wce.metadata({ ...flat, attrs: [0, 9, 2], attrStrings: 7 })).toThrow(/flat.attrStrings must be a string/);
    expect(() => wce.classify({ ...flat, attrs: [1, 9, 2, 0, 9, 2], attrStrings: 'enen' })).toThrow(/not in node order/);
    expect(wce.metadata({ ...flat, attrs: [0, 9, 2], attrStrings: 'en' }).lang).toBe('en');
  });
});

describe('extractMany() / classifyMany()', () => {
  let html;
  let flat;
  beforeAll(() => {
    const demo = path.join(ROOT, 'demo');
    const page = fs.readdirSync(demo).sort().find((d) => fs.existsSync(path.join(demo, d, 'source.html')));
    html = fs.readFileSync(path.join(demo, page, 'source.html'), 'utf8');
    const doc = makeDocument(html);
    flat = encodeDom(doc.document);
    doc.close();
  });

  test('one parse, every extractor by default, same results as one call each', () => {
    const names = wce.extractors().map((e) => e.name);
    const many = wce.extractMany(html);
    expect(many.results.map((r) => r.extractor)).toEqual(names);
    expect(many.parseMs).toBeGreaterThanOrEqual(0);
    expect(many.totalMs).toBeGreaterThanOrEqual(many.parseMs);
    const dom = wce.classifyMany(flat);
    expect(dom.results.map((r) => r.extractor)).toEqual(names);
    names.forEach((name, i) => {
      const one = wce.extract(html, { extractor: name });
      expect(many.results[i].text).toBe(one.text);
      expect(Array.from(many.results[i].labels)).toEqual(Array.from(one.labels));
      expect(many.results[i].timing.parseMs).toBe(many.parseMs);
      const c = wce.classify(flat, { extractor: name });
      expect(dom.results[i].text).toBe(c.text);
      expect(Array.from(dom.results[i].labels)).toEqual(Array.from(c.labels));
      expect(dom.results[i].labels.length).toBe(flat.textNodes.length);
    });
  });

  test('a chosen list, in the given order, duplicates allowed', () => {
    const r = wce.extractMany(html, { extractors: ['bte', 'all_text', 'bte'] });
    expect(r.results.map((x) => x.extractor)).toEqual(['bte', 'all_text', 'bte']);
    expect(r.results[0].text).toBe(r.results[2].text);
    expect(wce.classifyMany(flat, { extractors: [] }).results).toEqual([]);
  });

  test('errors', () => {
    expect(() => wce.extractMany(5)).toThrow(TypeError);
    expect(() => wce.extractMany(html, { extractors: 'bte' })).toThrow(/options.extractors must be an array/);
    expect(() => wce.extractMany(html, { extractors: ['bte', 'nope'] })).toThrow(/unknown extractor "nope"/);
    expect(() => wce.classifyMany({ nodes: [1, 2, 3], strings: '' })).toThrow(/stride/);
    const bad = flatOf('abc');
    bad.strings = 'x';
    expect(() => wce.classifyMany(bad)).toThrow(/strings shorter than the lengths say/);
    expectWorking();
  });
});

describe('errors are JS errors with clear messages, and the module keeps working', () => {
  afterEach(expectWorking);

  test('non-string html', () => {
    for (const bad of [undefined, null, 42, {}, ['<p>'], Buffer.from('<p>')]) {
      expect(() => wce.extract(bad)).toThrow(TypeError);
    }
    expect(() => wce.extract(42)).toThrow(/html must be a string.*number/);
  });

  test('bad options', () => {
    expect(() => wce.extract('<p>x</p>', 'bte')).toThrow(TypeError);
    expect(() => wce.extract('<p>x</p>', 'bte')).toThrow(/options must be an object/);
    expect(() => wce.extract('<p>x</p>', { extractor: 7 })).toThrow(/options.extractor must be a string/);
  });

  test('unknown extractor: the message lists the valid names', () => {
    const names = wce.extractors().map((e) => e.name);
    let err;
    try {
      wce.extract('<p>x</p>', { extractor: 'nope' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(Error);
    expect(err.message).toMatch(/unknown extractor "nope"/);
    for (const n of names) expect(err.message).toContain(n);
    expect(() => wce.classify(flatOf('x'), { extractor: 'BTE' })).toThrow(/unknown extractor "BTE"/);
  });

  test('the core itself reports an unknown extractor as {error}, not an abort', () => {
    const r = wce._core.extract('<p>x</p>', 'nope', '', 'text', false, false, false, '');
    expect(r.error).toMatch(/unknown extractor "nope" \(valid: .*bte/);
  });

  test('classify: wrong argument types', () => {
    expect(() => wce.classify(null)).toThrow(TypeError);
    expect(() => wce.classify('<p>')).toThrow(/flat must be an object/);
    expect(() => wce.classify({ nodes: new Uint32Array(10) })).toThrow(/flat.strings must be a string/);
    expect(() => wce.classify({ nodes: 'abc', strings: '' })).toThrow(/flat.nodes must be a Uint32Array/);
    expect(() => wce.classify({ nodes: { 0: 'x' }, strings: '' })).toThrow(/flat.nodes must be a Uint32Array/);
  });

  test('malformed flat DOM: wrong stride', () => {
    expect(() => wce.classify({ nodes: new Uint32Array(7), strings: '' })).toThrow(/malformed flat DOM.*stride/);
    // The core's own check (bypassing the wrapper's) is an {error} too.
    expect(wce._core.classify(new Uint32Array(7), '', new Uint32Array(0), '', 'bte', '', false, '', 'text', false, false, false).error).toMatch(/multiple of the stride/);
  });

  test('malformed flat DOM: parent after child', () => {
    const flat = flatOf('x');
    flat.nodes[11] = 2;  // body's parent := the text node after it
    expect(() => wce.classify(flat, { extractor: 'all_text' })).toThrow(/parent must precede its child/);
    flat.nodes[11] = 1;  // its own parent
    expect(() => wce.classify(flat, { extractor: 'all_text' })).toThrow(/parent must precede its child/);
  });

  test('malformed flat DOM: lengths not matching the strings', () => {
    const short = flatOf('hello');
    short.strings = short.strings.slice(0, -2);
    expect(() => wce.classify(short)).toThrow(/flat DOM: strings shorter than the lengths say/);
    const long = flatOf('hello');
    long.strings += 'extra';
    expect(() => wce.classify(long)).toThrow(/flat DOM: strings longer than the lengths say/);
  });

  test('malformed flat DOM: a text node as parent, nodes out of document order', () => {
    const N = 0xFFFFFFFF;
    // html > (text "a" > text "b"): a text node cannot have children.
    const textParent = {
      nodes: new Uint32Array([1, N, 4, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 1, 0, 0, 0, 0, 0, 0, 0, 1]),
      strings: 'htmlab',
    };
    expect(() => wce.classify(textParent)).toThrow(/a text node cannot be a parent/);
    // html, head, body, then a child of head after body: not document order.
    const order = {
      nodes: new Uint32Array([1, N, 4, 0, 0, 0, 0, 0, 0, 0, 1, 0, 4, 0, 0, 0, 0, 0, 0, 0,
        1, 0, 4, 0, 0, 0, 0, 0, 0, 0, 2, 1, 0, 0, 0, 0, 0, 0, 0, 1]),
      strings: 'htmlheadbodyx',
    };
    expect(() => wce.classify(order)).toThrow(/not in document order/);
  });

  test('malformed flat DOM: bad node kind', () => {
    const flat = flatOf('x');
    flat.nodes[20] = 7;
    expect(() => wce.classify(flat)).toThrow(/bad node kind/);
  });

  test('many errors in a row leak no memory', () => {
    const bigBad = { nodes: new Uint32Array(200000).fill(1), strings: 'x'.repeat(100000) };
    bigBad.nodes[1] = 0xFFFFFFFF;
    for (let i = 0; i < 20; i++) expect(() => wce.classify(bigBad)).toThrow(/flat DOM/);
    const heap = wce._core.HEAPU8.length;
    for (let i = 0; i < 200; i++) {
      expect(() => wce.classify(bigBad)).toThrow(/flat DOM/);
      expect(() => wce.extract('<p>x</p>', { extractor: 'nope' })).toThrow(/unknown extractor/);
    }
    expect(wce._core.HEAPU8.length).toBe(heap);
  });

  test('evaluate: non-string arguments', () => {
    expect(() => wce.evaluate('a')).toThrow(/gold must be a string/);
    expect(() => wce.evaluate(1, 'a')).toThrow(/predicted must be a string/);
  });
});

describe('evaluate()', () => {
  test('ROUGE-LSum precision, recall, F1', () => {
    expect(wce.evaluate('the cat sat', 'the cat sat')).toEqual({ precision: 1, recall: 1, f1: 1 });
    expect(wce.evaluate('', '')).toEqual({ precision: 1, recall: 1, f1: 1 });
    expect(wce.evaluate('', 'gold text')).toEqual({ precision: 0, recall: 0, f1: 0 });
    expect(wce.evaluate('predicted text', '')).toEqual({ precision: 0, recall: 0, f1: 0 });
    const r = wce.evaluate('a b c d', 'a b');
    expect(r.precision).toBeCloseTo(0.5, 6);
    expect(r.recall).toBeCloseTo(1, 6);
    expect(r.f1).toBeCloseTo(2 / 3, 6);
  });
});

describe('deep documents', () => {
  test('extract() parses 100,000 nested elements without a stack overflow', () => {
    const depth = 100000;
    const html = '<html><body>' + '<span>'.repeat(depth) + 'deep' + '</span>'.repeat(depth) + '</body></html>';
    const r = wce.extract(html, { extractor: 'all_text' });
    expect(r.text).toBe('deep');
    for (const x of wce.extractMany(html).results) expect({ name: x.extractor, n: x.labels.length }).toEqual({ name: x.extractor, n: 1 });
  });
});

describe('createExtractor()', () => {
  test('options.coreFactory is used', async () => {
    let called = 0;
    const factory = require('../../build/wasm/wce_core.js');
    const w = await createExtractor({ coreFactory: (m) => { called++; return factory(m); } });
    expect(called).toBe(1);
    expect(w.extract('<p>x</p>', { extractor: 'all_text' }).text).toBe('x');
  });

  test('bad options reject with a TypeError', async () => {
    await expect(createExtractor({ coreFactory: 5 })).rejects.toThrow(TypeError);
    await expect(createExtractor('x')).rejects.toThrow(/options must be an object/);
  });

  test('the ES-module wrapper exports the same API', () => {
    // Jest runs CommonJS; check the .mjs in a plain Node process.
    const script = `
      import { createExtractor, encodeDom } from ${JSON.stringify(path.join(ROOT, 'wasm', 'wce.mjs'))};
      const w = await createExtractor();
      const out = { encodeDom: typeof encodeDom, text: w.extract('<p>x</p>', { extractor: 'all_text' }).text };
      console.log(JSON.stringify(out));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual({ encodeDom: 'function', text: 'x' });
  });
});

describe('repairHtml()', () => {
  test('ends an unclosed <title> before the next tag, as extract() reads the page', () => {
    const page = '<html><head><title>Headline<body><p>The article text.</p></body></html>';
    expect(wce.repairHtml(page)).toBe('<html><head><title>Headline</title><body><p>The article text.</p></body></html>');
    expect(wce.extract(page, { extractor: 'all_text' }).text).toBe('Headline\nThe article text.');
  });
  test('leaves other pages unchanged and rejects non-strings', () => {
    expect(wce.repairHtml('<title>T</title><p>x</p>')).toBe('<title>T</title><p>x</p>');
    expect(() => wce.repairHtml(42)).toThrow(TypeError);
  });
});
