// extension/node_pack.js: the node table's compact form for the page ->
// background message. It must give back exactly the table it was given, for
// real pages (encodeDom over jsdom documents of dataset pages) and for any
// table (the RAW fallback), and refuse what it cannot have written.
const fs = require('fs');
const path = require('path');
const vm = require('vm');
const pack = require('../../extension/node_pack.js');
const { encodeDom } = require('../../wasm/dom_encoder.js');
const { makeDocument, datasetFiles, readDatasetHead } = require('./helpers');

const STRIDE = 10;
const NONE = 0xFFFFFFFF;
const PAGES_PER_FILE = 2;

const same = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);

describe('real pages: encodeDom tables survive the trip, in a tenth of the bytes', () => {
  const recs = [];
  for (const f of datasetFiles()) recs.push(...readDatasetHead(f, PAGES_PER_FILE, 3e5));
  const cases = recs.map((r) => [r.id, r.html]);
  // Without the datasets: one page of every kind of node and attribute.
  cases.push(['hand-made', '<html><head><title>t</title><style>p{}</style></head><body hidden>' +
    '<p id="a" class="b" role="main" itemprop="x" aria-hidden="true" style="color:red">text<![CDATA[x]]></p>' +
    '<a href="javascript:void 0" rel=" author ">l</a><a rel="next" href="/n">n</a>' +
    '<div>' + '<span>deep</span>'.repeat(300) + '</div>' + 'x'.repeat(200) + '</body></html>']);
  test.each(cases)('%s', (_, html) => {
    const { document, close } = makeDocument(html);
    try {
      const flat = encodeDom(document);
      const bytes = pack.pack(flat.nodes);
      expect(bytes[0]).toBe(pack.COMPACT);
      expect(same(pack.unpack(bytes), flat.nodes)).toBe(true);
      // ~4 bytes a node against 40 raw (a loose bound: not a timing).
      expect(bytes.length).toBeLessThan(1 + flat.nodes.length * 4 / 5);
    } finally {
      close();
    }
  });
});

describe('any table', () => {
  test('large values, every field set, parents far back, no parent', () => {
    const n = 300;
    const u = new Uint32Array(n * STRIDE);
    for (let k = 0; k < n; k++) {
      u[k * STRIDE] = (k % 3) + 1 | ((k * 2654435761) % 0xFFFFFF) << 8;
      u[k * STRIDE + 1] = k === 0 || k % 7 === 0 ? NONE : (k * 31) % k;
      for (let f = 2; f < STRIDE; f++) u[k * STRIDE + f] = [0, 1, 127, 128, 16383, 16384, NONE, 2 ** 31][(k + f) % 8];
    }
    const bytes = pack.pack(u);
    expect(bytes[0]).toBe(pack.COMPACT);
    expect(same(pack.unpack(bytes), u)).toBe(true);
  });
  test('empty table', () => {
    expect(pack.unpack(pack.pack(new Uint32Array(0))).length).toBe(0);
  });
  test.each([
    ['kind 0', [0, NONE, 0, 0, 0, 0, 0, 0, 0, 0]],
    ['kind 200', [200, NONE, 0, 0, 0, 0, 0, 0, 0, 0]],
    ['a parent after its child', [1, 1, 4, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 3]],
    ['its own parent', [1, 0, 4, 0, 0, 0, 0, 0, 0, 0]],
  ])('what the compact form cannot hold goes raw: %s', (_, words) => {
    const u = new Uint32Array(words);
    const bytes = pack.pack(u);
    expect(bytes[0]).toBe(pack.RAW);
    expect(same(pack.unpack(bytes), u)).toBe(true);
  });
  test('a view into a larger buffer packs only its own words', () => {
    const big = new Uint32Array(3 * STRIDE);
    big.fill(5);
    big[STRIDE] = 1; big[STRIDE + 1] = NONE;
    expect(same(pack.unpack(pack.pack(big.subarray(STRIDE, 2 * STRIDE))), big.subarray(STRIDE, 2 * STRIDE))).toBe(true);
  });
});

describe('bad input: a clear error, never a wrong table', () => {
  const good = pack.pack(new Uint32Array([1, NONE, 4, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 300]));
  test.each([
    ['not a table', () => pack.pack([1, 2, 3])],
    ['not a multiple of the stride', () => pack.pack(new Uint32Array(7))],
    ['empty bytes', () => pack.unpack(new Uint8Array(0))],
    ['unknown format', () => pack.unpack(new Uint8Array([9, 1, 0]))],
    ['cut short', () => pack.unpack(good.subarray(0, good.length - 1))],
    ['raw of a wrong size', () => pack.unpack(new Uint8Array([pack.RAW, 1, 2, 3]))],
    ['a varint past 32 bits', () => pack.unpack(new Uint8Array([pack.COMPACT, 0x89, 0xFF, 0xFF, 0xFF, 0x7F]))],
    ['a parent before the first node', () => pack.unpack(new Uint8Array([pack.COMPACT, 0x09, 1, 4]))],
    ['kind 0', () => pack.unpack(new Uint8Array([pack.COMPACT, 0x08, 0, 4]))],
  ])('%s', (_, f) => {
    expect(f).toThrow(/node_pack/);
  });
});

test('the platform sends the table this way (base64 of the compact form) in the browsers', () => {
  const ctx = vm.createContext({ atob, btoa });
  for (const f of ['node_pack.js', 'platform.js']) {
    vm.runInContext(fs.readFileSync(path.join(__dirname, '..', '..', 'extension', f), 'utf8'), ctx);
  }
  const p = ctx.wcePlatform;
  // A table of the script's own realm, as encodeDom makes it there.
  const u = vm.runInContext('new Uint32Array([1, 0xFFFFFFFF, 4, 0, 2, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 9])', ctx);
  const s = p.packNodes(u);
  expect(typeof s).toBe('string');
  expect(Array.from(p.unpackNodes(s))).toEqual(Array.from(u));
  expect(() => p.unpackNodes('not base64!')).toThrow(/base64/);
});
