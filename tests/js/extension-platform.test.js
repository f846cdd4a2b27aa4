// extension/platform.js at run time, in the shapes of the contexts it runs in.
// The Firefox content script is the case that once broke: there `self` and
// `window` are the page's window (no `browser` on it) and the extension API
// is a global of the script's own sandbox.
const fs = require('fs');
const path = require('path');
const vm = require('vm');

const CODE = fs.readFileSync(path.join(__dirname, '..', '..', 'extension', 'platform.js'), 'utf8');

function fakeApi(scheme) {
  return { runtime: { getURL: (p) => `${scheme}://abc/${p}`, sendMessage: async () => ({ ok: true }) } };
}

// Runs platform.js with `globals` as the script's global object.
function load(globals) {
  const sandbox = vm.createContext(globals);
  vm.runInContext(CODE, sandbox);
  return sandbox.wcePlatform;
}

test.each([
  ['Firefox content script: self is the page window, browser a sandbox global',
    () => { const page = {}; return { self: page, window: page, browser: fakeApi('moz-extension') }; },
    'firefox', 'browser'],
  ['Firefox background / extension page: browser and chrome on self',
    () => { const g = { browser: fakeApi('moz-extension') }; g.chrome = g.browser; g.self = g; return g; },
    'firefox', 'browser'],
  ['Chrome service worker, page or content script: chrome only',
    () => { const g = { chrome: fakeApi('chrome-extension') }; g.self = g; return g; },
    'chrome', 'chrome'],
])('%s', (_, make, name, which) => {
  const g = make();
  const p = load(g);
  expect(p).toBeDefined();
  expect(p.api).not.toBeNull();
  expect(p.api).toBe(g[which]);
  expect(p.name).toBe(name);
  // The script's own global holds the platform (content.js reads globalThis.wcePlatform).
  expect(typeof p.api.runtime.sendMessage).toBe('function');
});

test('outside an extension (the build script), api is null but the manifests are made', () => {
  const p = load({});
  expect(p.api).toBeNull();
  expect(p.manifestFor('firefox', { background: null }).background.scripts.pop()).toBe('background.js');
});
