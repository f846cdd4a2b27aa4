// Hard limits and memory exhaustion in the WebAssembly core: a page past a
// limit, or one that needs more memory than WebAssembly can grow to (2 GB),
// is a clear error, and the same module keeps working afterwards (the
// extension's background and the web page's worker keep their instance).
const { createExtractor } = require('../../wasm/wce_api.js');
const { requireCoreBuilt } = require('./helpers');

const PAGE = '<!DOCTYPE html><html><head><title>T</title></head>' +
  '<body><h1>Title</h1><p>Hello <b>world</b>!</p></body></html>';

beforeAll(requireCoreBuilt);

function expectWorking(wce) {
  expect(wce.extract(PAGE, { extractor: 'all_text' }).text).toBe('T\nTitle\nHello world!');
  expect(wce.extract(PAGE, { extractor: 'readability' }).text).toContain('Hello world!');
}

test('a page over the input limit (128 MB) is rejected with its reason, and the module goes on', async () => {
  const wce = await createExtractor();
  const huge = '<p>' + 'x'.repeat(129 * 1024 * 1024);
  expect(() => wce.extract(huge)).toThrow(/page over the input_bytes limit: input of more than 128\.0 MB/);
  expectWorking(wce);
});

test('WebAssembly memory exhaustion becomes an error, not an abort; the module recovers', async () => {
  // 100 MB of <i>x</i>: within the input limit, but Gumbo's tree of 25 million
  // nodes needs more than the 2 GB WebAssembly memory can grow to.
  const wce = await createExtractor();
  const page = '<i>x</i>'.repeat(100 * 1024 * 1024 / 8);
  let error = null;
  const result = Promise.resolve().then(() => wce.extract(page, { extractor: 'all_text' }));
  await result.catch((e) => { error = e; });
  expect(error).toBeInstanceOf(Error);
  expect(error.message).toMatch(/^wce\.extract: out of memory: the page needs more memory than WebAssembly can grow to \(heap \d+ MB, maximum 2048 MB\)/);
  expect(wce._broken).toBeNull();  // not an abort: no new instance needed
  expectWorking(wce);
  // Memory freed by the failed page is reused: a second failure needs no more.
  const heap = wce._core.HEAPU8.length;
  expect(() => wce.extract(page, { extractor: 'all_text' })).toThrow(/out of memory/);
  expect(wce._core.HEAPU8.length).toBe(heap);
  expectWorking(wce);
}, 300000);
