// The npm package as a user gets it: `npm pack` of this repo, installed from
// the tarball (offline: it has no dependencies) into a fresh project in a temp
// folder, then used the documented ways:
//   - Node ESM (`import { createExtractor } from 'wce'`) and CommonJS (`require('wce')`),
//     with no Node flags;
//   - a classic Web Worker (importScripts of the package's files) and a module
//     worker bundled by esbuild (platform browser), in Debian's Chromium;
//   - the TypeScript types, checked by `tsc --noEmit` on ESM and CJS consumers.
// esbuild and typescript are devDependencies of this repo (package-lock.json).
// Needs the WebAssembly build (scripts/build_wasm.sh).
const { test, expect, chromium } = require('@playwright/test');
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const BIN = path.join(ROOT, 'node_modules', '.bin');
const PAGE = '<html><head><title>T</title></head><body><nav><a href="/">Home</a> <a href="/b">Blog</a></nav>' +
  '<article><h1>Grüße aus Köln</h1><p>The main text of this page is a long paragraph, long enough ' +
  'for every extractor to keep it, with a few more words 😀 at the end.</p>' +
  '<p>A second paragraph of the article, also with enough words to count as content.</p></article>' +
  '<footer>Copyright 2026</footer></body></html>';
const EXTRACTOR = 'readability';

let tmp; // the temp folder: the tarball and proj/
let proj; // the consumer project
let packed; // npm pack --json's record of the tarball
let expected; // the text the repo's own module gives for PAGE

function run(cmd, args, cwd) {
  return execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_OPTIONS: '' } });
}

function write(rel, text) {
  const file = path.join(proj, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

const USE = (importLine) => `${importLine}
const wce = await createExtractor();
const names = wce.extractors().map((e) => e.name);
const r = wce.extract(${JSON.stringify(PAGE)}, { extractor: ${JSON.stringify(EXTRACTOR)} });
console.log(JSON.stringify({ text: r.text, labels: r.labels.length, names, encodeDom: typeof encodeDom }));`;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const core = path.join(ROOT, 'build', 'wasm', 'wce_core.js');
  if (!fs.existsSync(core)) throw new Error(`${core} is missing: run scripts/build_wasm.sh`);
  const api = require(path.join(ROOT, 'wasm', 'wce_api.js'));
  const mine = await api.createExtractor({ coreFactory: require(core) });
  expected = mine.extract(PAGE, { extractor: EXTRACTOR }).text;

  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wce-pkg-'));
  packed = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', tmp], ROOT))[0];
  proj = path.join(tmp, 'proj');
  write('package.json', JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }, null, 2));
  run('npm', ['install', '--offline', '--no-audit', '--no-fund', path.join(tmp, packed.filename)], proj);

  write('esm.mjs', USE("import { createExtractor, encodeDom } from 'wce';"));
  write('default.mjs', USE("import wceModule from 'wce';\nconst { createExtractor, encodeDom } = wceModule;"));
  write('cjs.cjs', `(async () => {\n${USE("const { createExtractor, encodeDom } = require('wce');")}\n})();`);
});

test.afterAll(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

test('the tarball holds the entry points, the types and the core, and nothing of the repo besides', () => {
  const files = packed.files.map((f) => f.path).sort();
  for (const f of ['package.json', 'wasm/wce.mjs', 'wasm/wce.cjs', 'wasm/wce.d.ts', 'wasm/wce.d.mts',
    'wasm/wce_api.js', 'wasm/dom_encoder.js', 'build/wasm/wce_core.js', 'build/wasm/wce_core.wasm']) {
    expect(files).toContain(f);
  }
  const unexpected = files.filter((f) => !/^(package\.json|README\.md|LICENSE|wasm\/[^/]+\.(m?js|cjs|d\.m?ts)|build\/wasm\/wce_core\.(js|wasm))$/.test(f));
  expect(unexpected).toEqual([]);
  expect(packed.name).toBe('wce');
  const installed = JSON.parse(fs.readFileSync(path.join(proj, 'node_modules', 'wce', 'package.json'), 'utf8'));
  expect(installed.version).toBe(packed.version);
});

for (const [name, file] of [['ESM named imports', 'esm.mjs'], ['ESM default import', 'default.mjs'], ['CommonJS require', 'cjs.cjs']]) {
  test(`Node, ${name}: the same text as the repo's module, no flags`, () => {
    const out = JSON.parse(run(process.execPath, [file], proj));
    expect(out.text).toBe(expected);
    expect(out.text).toContain('Grüße aus Köln');
    expect(out.text).not.toContain('Copyright');
    expect(out.labels).toBeGreaterThan(3);
    expect(out.names).toContain(EXTRACTOR);
    expect(out.encodeDom).toBe('function');
  });
}

test('TypeScript: tsc --noEmit accepts ESM and CommonJS consumers and rejects a wrong use', () => {
  write('tsconfig.json', JSON.stringify({
    compilerOptions: { module: 'node16', moduleResolution: 'node16', target: 'es2022', strict: true, noEmit: true, lib: ['es2022', 'dom'], types: [] },
    include: ['types-ok.mts', 'types-ok.cts'],
  }, null, 2));
  write('types-ok.mts', `import { createExtractor, encodeDom, type ExtractResult, type Wce } from 'wce';
import wceDefault from 'wce';
const wce: Wce = await wceDefault.createExtractor();
const r: ExtractResult = wce.extract('<p>x</p>', { extractor: 'bte' });
const text: string = r.text;
const labels: Float32Array = r.labels;
const f1: number = wce.evaluate(text, 'x').f1;
const enc = encodeDom(document);
const c = (await createExtractor()).classify(enc, { extractor: 'lqf50' });
const typed = wce.classify(enc, { pageType: true, url: 'https://forum.example.org/t/1' });
const kind: string | undefined = typed.pageType?.label;
console.log(text, labels.length, f1, c.timing.totalMs, kind, typed.timing.pageTypeMs);
`);
  write('types-ok.cts', `import wce = require('wce');
async function main(): Promise<string> {
  const w = await wce.createExtractor();
  return w.extract('<p>x</p>').text + wce.DEFAULT_EXTRACTOR;
}
void main();
`);
  run(path.join(BIN, 'tsc'), ['--noEmit', '-p', 'tsconfig.json'], proj);

  // The types are checked, not just present: a wrong use fails.
  write('tsconfig.bad.json', JSON.stringify({ extends: './tsconfig.json', include: ['types-bad.mts'] }));
  write('types-bad.mts', `import { createExtractor } from 'wce';
const wce = await createExtractor();
const n: number = wce.extract('<p>x</p>').text;
wce.extract(42);
console.log(n);
`);
  let out = '';
  try {
    run(path.join(BIN, 'tsc'), ['--noEmit', '--pretty', 'false', '-p', 'tsconfig.bad.json'], proj);
  } catch (e) {
    out = String(e.stdout) + String(e.stderr);
  }
  expect(out).toMatch(/types-bad\.mts(\(3,7\):|:3:7 -) error TS2322/);
  expect(out).toMatch(/types-bad\.mts(\(4,13\):|:4:13 -) error TS2345/);
});

test('Web Workers in Chromium: importScripts of the package files, and a module worker bundled by esbuild', async () => {
  // The bundle: the package's ESM entry and its core in one file for the browser.
  write('src/worker.mjs', `import { createExtractor } from 'wce';
self.onmessage = async (e) => {
  try {
    const wce = await createExtractor();
    self.postMessage({ text: wce.extract(e.data.html, { extractor: e.data.extractor }).text });
  } catch (err) { self.postMessage({ error: String(err && err.stack || err) }); }
};
`);
  run(path.join(BIN, 'esbuild'), ['src/worker.mjs', '--bundle', '--format=esm', '--platform=browser',
    '--outfile=public/bundle-worker.js', '--log-level=warning'], proj);
  const bundle = fs.readFileSync(path.join(proj, 'public', 'bundle-worker.js'), 'utf8');
  expect(bundle).not.toMatch(/\brequire\(["'](fs|path|crypto)["']\)/);
  // The core's code, wce_core.wasm, goes next to the bundle (as for any Emscripten module):
  // the bundled loader fetches it from the bundle's folder.
  fs.copyFileSync(path.join(proj, 'node_modules', 'wce', 'build', 'wasm', 'wce_core.wasm'),
    path.join(proj, 'public', 'wce_core.wasm'));

  // The classic worker loads the installed package's files as they are.
  write('public/classic-worker.js', `importScripts('/node_modules/wce/build/wasm/wce_core.js', '/node_modules/wce/wasm/wce_api.js');
self.onmessage = async (e) => {
  try {
    const wce = await self.WCE.createExtractor();
    self.postMessage({ text: wce.extract(e.data.html, { extractor: e.data.extractor }).text });
  } catch (err) { self.postMessage({ error: String(err && err.stack || err) }); }
};
`);
  write('public/index.html', '<!doctype html><meta charset="utf-8"><title>consumer</title><p>consumer</p>');

  const { startServer } = await import(path.join(ROOT, 'scripts', 'serve.mjs'));
  // Serve the project root (node_modules included) so that the classic worker reaches the package.
  const { server, url } = await startServer({ root: proj, port: 0 });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${url}public/index.html`);
    const results = await page.evaluate(async ({ html, extractor }) => {
      const ask = (worker) => new Promise((resolve) => {
        worker.onmessage = (e) => { resolve(e.data); worker.terminate(); };
        worker.onerror = (e) => { resolve({ error: e.message || 'worker error' }); worker.terminate(); };
        worker.postMessage({ html, extractor });
      });
      return {
        classic: await ask(new Worker('/public/classic-worker.js')),
        bundle: await ask(new Worker('/public/bundle-worker.js', { type: 'module' })),
      };
    }, { html: PAGE, extractor: EXTRACTOR });
    expect(errors).toEqual([]);
    expect(results.classic).toEqual({ text: expected });
    expect(results.bundle).toEqual({ text: expected });
  } finally {
    await browser.close();
    server.close();
  }
});
