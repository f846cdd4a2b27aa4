// The store packages (`npm run package`): the Chrome Web Store zip loads in
// Chromium and works; the Firefox .xpi passes `web-ext lint` (the tool
// addons.mozilla.org runs) with no error and no warning; both hold the
// store-size icons and a manifest.json at their root.
'use strict';
const { test, expect, chromium } = require('@playwright/test');
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const PACKAGES = path.join(ROOT, 'build', 'extension', 'packages');
const VERSION = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version;
const ICON_SIZES = [16, 32, 48, 64, 96, 128];

let tmp;
test.beforeAll(() => {
  execFileSync('npm', ['run', '--silent', 'package'], { cwd: ROOT, stdio: 'inherit' });
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wce-packages-'));
});
test.afterAll(() => { if (tmp) fs.rmSync(tmp, { recursive: true, force: true }); });

// Unpacks with Python's zipfile (an independent reader of the archive).
function unzip(file, name) {
  const dir = path.join(tmp, name);
  execFileSync('python3', ['-m', 'zipfile', '-e', file, dir]);
  return dir;
}
const pngSize = (file) => { const b = fs.readFileSync(file); return [b.readUInt32BE(16), b.readUInt32BE(20)]; };

for (const [name, ext] of [['chrome', 'zip'], ['firefox', 'xpi']]) {
  test(`the ${name} package has its manifest at the root and the store-size icons`, () => {
    const file = path.join(PACKAGES, `wce-${name}-${VERSION}.${ext}`);
    expect(fs.existsSync(file), file).toBe(true);
    execFileSync('python3', ['-m', 'zipfile', '-t', file]); // CRCs check out
    const dir = unzip(file, name + '-icons');
    const m = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
    expect(m.version).toBe(VERSION);
    expect(m.description.length).toBeLessThanOrEqual(132); // the Chrome Web Store's limit
    for (const s of ICON_SIZES) {
      expect(m.icons[String(s)]).toBe(`icons/icon${s}.png`);
      expect(pngSize(path.join(dir, m.icons[String(s)]))).toEqual([s, s]);
    }
    // The same files as the build folder, byte for byte.
    const build = path.join(ROOT, 'build', 'extension', name);
    for (const f of ['manifest.json', 'content_bundle.js', 'wce_core.wasm', 'popup.html']) {
      expect(fs.readFileSync(path.join(dir, f)).equals(fs.readFileSync(path.join(build, f))), f).toBe(true);
    }
  });
}

test('the Chrome package loads in Chromium: its worker starts the WebAssembly extractor and its popup opens', async () => {
  const dir = unzip(path.join(PACKAGES, `wce-chrome-${VERSION}.zip`), 'chrome');
  const profile = fs.mkdtempSync(path.join(tmp, 'profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium', headless: false, ignoreDefaultArgs: ['--disable-extensions'],
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', `--disable-extensions-except=${dir}`, `--load-extension=${dir}`],
  });
  try {
    const worker = context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://')) ||
      await context.waitForEvent('serviceworker', { timeout: 30_000 });
    const list = await worker.evaluate(() => self.wce.listExtractors());
    expect(list.ok, JSON.stringify(list)).toBe(true);
    expect(list.extractors.map((e) => e.name)).toContain('ensemble');
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${new URL(worker.url()).host}/popup.html`);
    await popup.waitForSelector('body[data-ready="true"]');
    expect(await popup.$$eval('#extractor option', (o) => o.length)).toBe(list.extractors.length);
  } finally {
    await context.close();
  }
});

test('the Firefox package passes web-ext lint with no error and no warning', () => {
  const dir = unzip(path.join(PACKAGES, `wce-firefox-${VERSION}.xpi`), 'firefox');
  let out;
  try {
    out = execFileSync(path.join(ROOT, 'node_modules', '.bin', 'web-ext'), ['lint', '--source-dir', dir, '--output', 'json', '--no-input'],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    out = e.stdout;
    if (!out) throw e;
  }
  const report = JSON.parse(out);
  const list = (xs) => xs.map((x) => `${x.code}: ${x.message} (${x.file || ''})`).join('\n');
  expect(report.summary.errors, list(report.errors)).toBe(0);
  expect(report.summary.warnings, list(report.warnings)).toBe(0);
  expect(report.metadata.manifestVersion).toBe(3);
});
