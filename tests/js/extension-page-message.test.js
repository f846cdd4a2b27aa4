// extension/page_message.js: the page's flat DOM, attribute section included,
// from content.js to background.js (fields packed as strings, in parts when
// big) and back into wce.classify's argument. The round trip is checked
// against the encoder's own output, and the worker's answer (labels, the
// core's metadata, its Markdown) against the same calls on the unpacked DOM.
const fs = require('fs');
const path = require('path');
const vm = require('vm');
const pm = require('../../extension/page_message.js');
const { encodeDom } = require('../../wasm/dom_encoder.js');
const { loadWce, makeDocument } = require('./helpers');

// platform.js's packing, as the extension runs it (browser base64 functions).
function loadPlatform() {
  const code = fs.readFileSync(path.join(__dirname, '..', '..', 'extension', 'platform.js'), 'utf8');
  const sandbox = vm.createContext({ atob, btoa });
  vm.runInContext(code, sandbox);
  return sandbox.wcePlatform;
}
const platform = loadPlatform();

const PAGE = '<html lang="en"><head><title>Harbour reopens after the storm | Coast Daily</title>' +
  '<meta property="og:site_name" content="Coast Daily">' +
  '<script type="application/ld+json">{"@context": "https://schema.org", "@type": "NewsArticle",' +
  ' "headline": "Harbour reopens after the storm", "author": {"@type": "Person", "name": "Mara Quinn"},' +
  ' "datePublished": "2024-03-05T09:30:00Z"}</script></head><body><nav><a href="/">Home</a> <a href="/sport">Sport</a></nav>' +
  '<article><h1>Harbour reopens after the storm</h1>' +
  '<p>The harbour reopened on Tuesday after engineers checked every pier, crane and mooring line that the storm had hit.</p>' +
  '<h2>What changed</h2><ul><li>Ferries run again every hour.</li><li>Fishing boats may leave at dawn.</li></ul>' +
  '<p>The port authority said the <a href="https://example.org/report">full report</a> comes next week, with the cost of repairs.</p>' +
  '<p>Traders on the quay said the week of closure had cost them more than the whole of last winter together.</p>' +
  '</article><footer>© Coast Daily · <a href="/about">About</a></footer></body></html>';
const URL_ = 'https://coastdaily.example/2024/03/05/harbour';

function encoded() {
  const { document, close } = makeDocument(PAGE, { url: URL_ });
  try {
    const enc = encodeDom(document, { composed: true });
    return { enc, msg: { nodes: platform.packUint32(enc.nodes), strings: enc.strings,
      attrs: platform.packUint32(enc.attrs), attrStrings: enc.attrStrings } };
  } finally {
    close();
  }
}

describe('page messages: packing, parts and unpacking', () => {
  test('the four fields come back as the encoder made them, whole or in parts of any size', () => {
    const { enc, msg } = encoded();
    expect(enc.attrs.length).toBeGreaterThan(0); // the page has attributes the core reads
    const whole = pm.unpack(msg, platform.unpackUint32);
    expect(Array.from(whole.nodes)).toEqual(Array.from(enc.nodes));
    expect(Array.from(whole.attrs)).toEqual(Array.from(enc.attrs));
    expect(whole.strings).toBe(enc.strings);
    expect(whole.attrStrings).toBe(enc.attrStrings);
    for (const size of [1, 7, 64, 1000]) {
      expect(pm.needsParts(msg, size)).toBe(true);
      const parts = pm.split(msg, size);
      expect(parts.every((p) => p.data.length <= size && pm.FIELDS.includes(p.field))).toBe(true);
      const store = pm.createPartStore(2);
      for (const p of parts) store.add('7:x', p);
      const joined = store.join('7:x', Object.assign({ type: 'wce:classify', url: URL_ }, pm.stub(msg, 'x')));
      expect(joined.parts).toBeUndefined();
      expect(joined.url).toBe(URL_);
      for (const f of pm.FIELDS) expect(joined[f]).toBe(msg[f]);
      expect(store.size).toBe(0);
    }
  });

  test('a part never ends between the halves of a surrogate pair', () => {
    const s = 'ab\u{1F600}cd\u{1F600}';
    const parts = pm.split({ nodes: '', strings: s, attrs: '', attrStrings: s }, 3);
    for (const p of parts) expect(p.data.isWellFormed()).toBe(true);
    expect(parts.filter((p) => p.field === 'strings').map((p) => p.data).join('')).toBe(s);
  });

  test('the store keeps at most max pages; a request whose parts are gone is refused', () => {
    const store = pm.createPartStore(2);
    store.add('1:a', { field: 'nodes', data: 'AAAA' });
    store.add('1:b', { field: 'nodes', data: 'AAAA' });
    store.add('1:c', { field: 'nodes', data: 'AAAA' });
    expect(store.size).toBe(2);
    expect(() => store.join('1:a', { nodes: '', strings: '', parts: 'a' })).toThrow(/parts of this page were not received/);
    expect(store.join('1:c', { nodes: '', strings: '', parts: 'c' }).nodes).toBe('AAAA');
    expect(() => store.add('1:d', { field: 'labels', data: 'x' })).toThrow(/bad part/);
    expect(() => store.add('1:d', { field: 'nodes', data: 5 })).toThrow(/bad part/);
  });

  test('malformed requests get clear errors; a request without the section is a page without attributes', () => {
    const u = platform.unpackUint32;
    expect(() => pm.unpack(null, u)).toThrow(/expected \{nodes: string, strings: string\}/);
    expect(() => pm.unpack({ nodes: '', strings: '', attrs: 12, attrStrings: '' }, u)).toThrow(/must be strings/);
    expect(() => pm.unpack({ nodes: 'not base64!', strings: '' }, u)).toThrow(/base64/);
    const old = pm.unpack({ nodes: encoded().msg.nodes, strings: encoded().msg.strings }, u);
    expect(old.attrs).toBeUndefined();
  });
});

describe('the worker\'s answer from an unpacked request', () => {
  let wce;
  beforeAll(async () => { wce = await loadWce(); });

  test('labels, metadata and Markdown from the parts equal those of the encoder\'s own flat DOM', () => {
    const { enc, msg } = encoded();
    const store = pm.createPartStore(2);
    for (const p of pm.split(msg, 100)) store.add('3:p', p);
    const flat = pm.unpack(store.join('3:p', pm.stub(msg, 'p')), platform.unpackUint32);
    const options = { extractor: 'readability', url: URL_, metadata: true, format: 'markdown', links: true };
    const got = wce.classify(flat, options);
    const want = wce.classify({ nodes: enc.nodes, strings: enc.strings, attrs: enc.attrs, attrStrings: enc.attrStrings }, options);
    expect(Array.from(got.labels)).toEqual(Array.from(want.labels));
    expect(got.markdown).toBe(want.markdown);
    expect(got.metadata).toEqual(want.metadata);
    // The same metadata as wce.metadata on that flat DOM (one decode here, another there).
    expect(got.metadata).toEqual(wce.metadata(flat, { url: URL_ }));
    // What the attribute section carries: the JSON-LD author and date, the site, the link.
    expect(got.metadata.author).toBe('Mara Quinn');
    expect(got.metadata.date.slice(0, 10)).toBe('2024-03-05');
    expect(got.metadata.site).toBe('Coast Daily');
    expect(got.metadata.title).toBe('Harbour reopens after the storm');
    expect(got.markdown).toContain('[full report](https://example.org/report)');
    // Without the section the core sees no attribute: no JSON-LD author, no link target.
    const bare = wce.classify({ nodes: flat.nodes, strings: flat.strings }, options);
    expect(bare.metadata.author).toBe('');
    expect(bare.markdown).not.toContain('https://example.org/report');
  });

  test('a request whose tables break the layout is refused by wce.classify, which takes the unpacked DOM', () => {
    const u = platform.unpackUint32;
    // Whole words, but not whole nodes (10 words) or attribute values (3): unpack passes them on, the core's API refuses.
    const nodes = pm.unpack({ nodes: platform.packUint32(new Uint32Array(3)), strings: '' }, u);
    expect(nodes.nodes.length).toBe(3);
    expect(() => wce.classify(nodes, {})).toThrow(/malformed flat DOM: nodes has 3 entries, not a multiple of the stride 10/);
    const attrs = pm.unpack({ nodes: '', strings: '', attrs: platform.packUint32(new Uint32Array(2)), attrStrings: '' }, u);
    expect(() => wce.classify(attrs, {})).toThrow(/malformed flat DOM: attrs has 2 entries, not a multiple of 3/);
    // The module stays usable.
    const { msg } = encoded();
    expect(wce.classify(pm.unpack(msg, u), { extractor: 'readability' }).labels.length).toBeGreaterThan(0);
  });
});
