// The module as a Web Worker / MV3 service worker loads it: importScripts of
// the classic scripts into a global scope that has `self` and worker globals
// but no require, module, exports, process or window.
const fs = require('fs');
const path = require('path');
const vm = require('vm');
const { ROOT, CORE_JS, requireCoreBuilt } = require('./helpers');

function workerScope() {
  const scripts = {
    'wce_core.js': CORE_JS,
    'wce_api.js': path.join(ROOT, 'wasm', 'wce_api.js'),
    'dom_encoder.js': path.join(ROOT, 'wasm', 'dom_encoder.js'),
  };
  const loaded = [];
  const fetched = [];
  // The worker fetches the module's code, wce_core.wasm, from next to the
  // script (as the service worker fetches it from the extension).
  const fetch = (url) => {
    fetched.push(String(url));
    if (String(url) !== 'chrome-extension://abcdefgh/wce_core.wasm') {
      return Promise.resolve(new Response('not found', { status: 404 }));
    }
    return Promise.resolve(new Response(fs.readFileSync(CORE_JS.replace(/\.js$/, '.wasm')),
      { headers: { 'Content-Type': 'application/wasm' } }));
  };
  // Worker globals only (what a DedicatedWorkerGlobalScope / ServiceWorkerGlobalScope has).
  const sandbox = {
    console, atob, btoa, performance, TextDecoder, TextEncoder, setTimeout, clearTimeout,
    queueMicrotask, URL, fetch, Response, location: { href: 'chrome-extension://abcdefgh/background.js' },
  };
  const context = vm.createContext(sandbox);
  context.self = vm.runInContext('this', context);
  context.importScripts = (...names) => {
    for (const name of names) {
      const file = scripts[path.basename(name)];
      if (!file) throw new Error(`importScripts: unknown script ${name}`);
      vm.runInContext(fs.readFileSync(file, 'utf8'), context, { filename: file });
      loaded.push(name);
    }
  };
  return { context, loaded, fetched };
}

beforeAll(requireCoreBuilt);

test('importScripts(wce_core.js, wce_api.js) defines self.WCE; extract and classify answer', async () => {
  const { context, loaded, fetched } = workerScope();
  for (const g of ['require', 'module', 'exports', 'process', 'window', 'document', 'Buffer']) {
    expect(vm.runInContext(`typeof ${g}`, context)).toBe('undefined');
  }
  vm.runInContext("importScripts('wce_core.js', 'wce_api.js', 'dom_encoder.js')", context);
  expect(loaded).toEqual(['wce_core.js', 'wce_api.js', 'dom_encoder.js']);
  expect(vm.runInContext('typeof createWceCore', context)).toBe('function');
  expect(vm.runInContext('typeof self.WCE.createExtractor', context)).toBe('function');
  expect(vm.runInContext('typeof self.WCEEncoder.encodeDom', context)).toBe('function');

  // Run in the worker's realm, as a service worker's message handler would.
  const result = await vm.runInContext(`(async () => {
    const wce = await self.WCE.createExtractor();
    const page = '<html><body><nav><a href="/">Home</a></nav><article><p>Grüße 😀 main text.</p></article></body></html>';
    const ex = wce.extract(page, { extractor: 'all_text' });
    const flat = { nodes: [1, 0xFFFFFFFF, 4, 0,0,0,0,0,0,0,  1, 0, 4, 0,0,0,0,0,0,0,  2, 1, 0, 0,0,0,0,0,0,5],
                   strings: 'htmlbodyGrüße' };
    const cl = wce.classify(flat, { extractor: 'bte' });
    let error = null;
    try { wce.extract(page, { extractor: 'nope' }); } catch (e) { error = e.message; }
    return { names: wce.extractors().map((e) => e.name), text: ex.text, labels: ex.labels.length,
             isF32: ex.labels instanceof Float32Array, clText: cl.text, error, version: wce.version() };
  })()`, context);
  expect(result.names).toContain('bte');
  expect(result.text).toBe('Home\nGrüße 😀 main text.');
  expect(result.labels).toBe(2);
  expect(result.isF32).toBe(true);
  expect(result.clText).toBe('Grüße');
  expect(result.error).toMatch(/unknown extractor "nope"/);
  expect(result.version).toMatch(/^\d+\.\d+\.\d+/);
  expect(fetched[0]).toBe('chrome-extension://abcdefgh/wce_core.wasm');
});

test('without the core loaded, createExtractor rejects with a clear message', async () => {
  const { context } = workerScope();
  vm.runInContext("importScripts('wce_api.js')", context);
  const message = await vm.runInContext(
    'self.WCE.createExtractor().then(() => "resolved", (e) => e.message)', context);
  expect(message).toMatch(/importScripts\("wce_core.js"\)/);
});

test('the built module uses no eval / new Function (MV3 CSP)', () => {
  const src = fs.readFileSync(CORE_JS, 'utf8');
  expect(src).not.toMatch(/new Function\s*\(/);
  expect(src).not.toMatch(/[^.\w]eval\s*\(/);
});
