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

test('"ready before you click": both manifests name its optional host permissions; the page script is registered once and taken away', async () => {
  const p = load({});
  for (const name of p.platforms) {
    const m = p.manifestFor(name, { background: null });
    expect(m.optional_host_permissions).toEqual(p.instantOrigins);
    expect(m.host_permissions).toBeUndefined();
  }
  expect(await p.syncInstantScript(true)).toBe(false); // no API outside the browser
  const registered = new Map();
  const api = fakeApi('chrome-extension');
  api.scripting = {
    getRegisteredContentScripts: async ({ ids }) => ids.filter((i) => registered.has(i)).map((i) => registered.get(i)),
    registerContentScripts: async (list) => {
      for (const s of list) {
        if (registered.has(s.id)) throw new Error('duplicate id ' + s.id);
        registered.set(s.id, s);
      }
    },
    unregisterContentScripts: async ({ ids }) => ids.forEach((i) => registered.delete(i)),
  };
  const g = { chrome: api };
  g.self = g;
  const q = load(g);
  for (const on of [true, true, false, false, true]) {
    expect(await q.syncInstantScript(on)).toBe(on);
    expect(registered.size).toBe(on ? 1 : 0);
  }
  const [script] = registered.values();
  expect(script.js).toEqual(q.contentScripts);
  expect(script.matches).toEqual(q.instantOrigins);
  expect(script.allFrames).toBe(false);
});

describe('message packing (one string each way)', () => {
  const p = load({ atob, btoa }); // the browsers' base64 functions
  test('uint32 node tables survive the trip, 0xFFFFFFFF included', () => {
    const u = new Uint32Array([0, 1, 0xFFFFFFFF, 123456789, 10, 2 ** 31]);
    const packed = p.packUint32(u);
    expect(typeof packed).toBe('string');
    expect(Array.from(p.unpackUint32(packed))).toEqual(Array.from(u));
    expect(Array.from(p.unpackUint32(p.packUint32(new Uint32Array(0))))).toEqual([]);
    // A view into a larger buffer packs only its own bytes.
    const big = new Uint32Array([7, 8, 9, 10]);
    expect(Array.from(p.unpackUint32(p.packUint32(big.subarray(1, 3))))).toEqual([8, 9]);
  });
  test('labels: 0 and 1 exact, the 0.5 threshold kept, agreement fifths kept', () => {
    const labels = [0, 1, 0.5, 0.4999, 0.2, 0.4, 0.6, 0.8, 0.25];
    const back = Array.from(p.unpackLabels(p.packLabels(labels)));
    expect(back[0]).toBe(0);
    expect(back[1]).toBe(1);
    expect(back[2]).toBeGreaterThanOrEqual(0.5);
    expect(back[3]).toBeLessThan(0.5);
    for (let i = 4; i < labels.length; i++) expect(Math.abs(back[i] - labels[i])).toBeLessThan(1 / 255);
  });
  test('malformed input is refused with a clear error', () => {
    expect(() => p.unpackUint32('not base64!')).toThrow(/base64/);
    expect(() => p.unpackUint32('AAA=')).toThrow(/bytes/);
    expect(() => p.unpackLabels(42)).toThrow(/base64/);
  });
});
