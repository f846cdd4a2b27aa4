// End-to-end tests of the browser extension in headless Chromium (Debian's
// /usr/bin/chromium, never a downloaded browser).
//
// A headless test cannot click the toolbar button, and the click is what grants
// activeTab. So the tests load build/extension/chrome-test (the Chrome build plus
// host access to http://127.0.0.1/* only, written by
// `node scripts/build_extension.mjs --test`) and call, from the extension's
// service worker, the very function the click handler calls: self.wceToggle(tabId).
// Pages come from a local HTTP server on 127.0.0.1 (random port); every other
// request is aborted, so the tests run offline.
'use strict';
const { test, expect, chromium } = require('@playwright/test');
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const EXT_DIR = path.join(ROOT, 'build', 'extension', 'chrome-test');
const FIXTURES = path.join(__dirname, 'fixtures');
const STRICT_CSP = "default-src 'none'; style-src 'self'; script-src 'none'";

// Served pages: the demo corpus where it exists, and our own fixture.
const PAGES = [
  { route: '/news', html: path.join(ROOT, 'demo', 'news-article', 'source.html'),
    gold: path.join(ROOT, 'demo', 'news-article', 'gold.txt') },
  { route: '/blog', html: path.join(ROOT, 'demo', 'blog-with-comments', 'source.html'),
    gold: path.join(ROOT, 'demo', 'blog-with-comments', 'gold.txt') },
  { route: '/fixture', html: path.join(FIXTURES, 'article.html'),
    gold: path.join(FIXTURES, 'article.gold.txt') },
].filter((p) => fs.existsSync(p.html) && fs.existsSync(p.gold));
const MAIN_PAGE = PAGES[0]; // the news demo if it exists, else the fixture

test.describe.configure({ mode: 'serial' });

let server;
let base;
let userDataDir;
let context;
let worker;

function startServer() {
  const byRoute = new Map(PAGES.map((p) => [p.route, p]));
  server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    // /csp/<route>: the same page under a strict Content-Security-Policy.
    const csp = url.pathname.startsWith('/csp/');
    const page = byRoute.get(csp ? url.pathname.slice(4) : url.pathname);
    if (!page) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found');
      return;
    }
    const headers = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' };
    if (csp) headers['Content-Security-Policy'] = STRICT_CSP;
    res.writeHead(200, headers);
    res.end(fs.readFileSync(page.html));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    base = `http://127.0.0.1:${server.address().port}`;
    resolve();
  }));
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // Always rebuild, so the test never runs a stale extension. Fails with a clear
  // message if the WebAssembly module has not been built.
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build_extension.mjs'), '--test'],
    { stdio: 'inherit' });
  await startServer();
  userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wce-ext-profile-'));
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: '/usr/bin/chromium',
    headless: false, // '--headless=new' below: the headless mode that runs extensions
    ignoreDefaultArgs: ['--disable-extensions'],
    args: [
      '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--hide-scrollbars',
      `--disable-extensions-except=${EXT_DIR}`, `--load-extension=${EXT_DIR}`,
    ],
  });
  // Offline: only the local server answers.
  await context.route((url) => url.hostname !== '127.0.0.1', (route) => route.abort());
  worker = context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://')) ||
    await context.waitForEvent('serviceworker', { timeout: 30_000 });
});

test.afterAll(async () => {
  if (context) await context.close();
  if (server) await new Promise((resolve) => server.close(resolve));
  if (userDataDir) fs.rmSync(userDataDir, { recursive: true, force: true });
});

// ------------------------------------------------------------------ helpers
// Calls the click handler's function in the service worker for the tab showing url.
function toggle(url) {
  return worker.evaluate(async (pageUrl) => {
    const tabs = await chrome.tabs.query({});
    const tab = tabs.find((t) => t.url === pageUrl);
    if (!tab) throw new Error(`no tab shows ${pageUrl}: ${tabs.map((t) => t.url).join(', ')}`);
    return self.wceToggle(tab.id);
  }, url);
}

// Runs func in the extension's isolated world of the tab showing url (where content.js runs).
function inIsolatedWorld(url, func) {
  return worker.evaluate(async ({ pageUrl, source }) => {
    const tabs = await chrome.tabs.query({});
    const tab = tabs.find((t) => t.url === pageUrl);
    // The service worker may not eval strings: pass known functions by name
    // (function expressions, since executeScript serialises them with toString).
    const funcs = {
      disableHighlightApi: function () {
        delete CSS.highlights;
        delete globalThis.Highlight;
        return typeof CSS.highlights === 'undefined' && typeof Highlight === 'undefined';
      },
      sendBogus: function () {
        return Promise.all([
          chrome.runtime.sendMessage({ type: 'no-such-type' }),
          chrome.runtime.sendMessage({ type: 'wce:classify', nodes: 'not an array' }),
          chrome.runtime.sendMessage({ type: 'wce:ping' }),
        ]);
      },
    };
    const [res] = await chrome.scripting.executeScript({ target: { tabId: tab.id }, func: funcs[source] });
    return res.result;
  }, { pageUrl: url, source: func });
}

const outerHTML = (page) => page.evaluate(() => document.documentElement.outerHTML);

function readHighlights(page) {
  return page.evaluate(() => {
    const hl = CSS.highlights.get('wce-main');
    if (!hl) return null;
    const parts = [];
    for (const r of hl) parts.push(r.toString());
    return { size: hl.size, text: parts.join('\n') };
  });
}

function readMarks(page) {
  return page.evaluate(() => {
    const marks = [...document.querySelectorAll('mark[data-wce]')];
    return {
      count: marks.length,
      text: marks.map((m) => m.textContent).join('\n'),
      background: marks.length ? getComputedStyle(marks[0]).backgroundColor : null,
    };
  });
}

const words = (s) => (s.toLowerCase().match(/\p{L}{4,}/gu) || []);

// The highlight must hold most of the article's words, and mostly article words.
function expectArticle(highlighted, goldFile) {
  const gold = new Set(words(fs.readFileSync(goldFile, 'utf8')));
  const got = words(highlighted);
  const gotSet = new Set(got);
  const recall = [...gold].filter((w) => gotSet.has(w)).length / gold.size;
  const precision = got.filter((w) => gold.has(w)).length / Math.max(got.length, 1);
  if (process.env.WCE_E2E_VERBOSE) console.log(path.basename(goldFile), 'recall', recall.toFixed(3), 'precision', precision.toFixed(3));
  expect(recall, `share of the article's words highlighted (${path.basename(goldFile)})`).toBeGreaterThan(0.5);
  expect(precision, `share of highlighted words from the article (${path.basename(goldFile)})`).toBeGreaterThan(0.5);
}

async function openPage(route) {
  const page = await context.newPage();
  const url = base + route;
  const errors = [];
  page.on('pageerror', (e) => errors.push(e));
  await page.goto(url, { waitUntil: 'load' });
  return { page, url, errors };
}

// Toggle on with the CSS Custom Highlight API, check, toggle off, check.
async function highlightCycle(route, goldFile) {
  const { page, url } = await openPage(route);
  // caret: 'initial', or Playwright leaves style="" on the page's inputs.
  const shot = () => page.screenshot({ fullPage: true, caret: 'initial', animations: 'allow' });
  const shotBefore = await shot();
  const before = await outerHTML(page);

  const on = await toggle(url);
  expect(on.state, JSON.stringify(on)).toBe('on');
  expect(on.mode).toBe('highlight');
  expect(on.highlighted).toBeGreaterThan(0);
  const hl = await readHighlights(page);
  expect(hl, 'CSS.highlights has wce-main').not.toBeNull();
  expect(hl.size).toBe(on.highlighted);
  expectArticle(hl.text, goldFile);
  // The Highlight API paints without touching the DOM...
  expect(await outerHTML(page)).toBe(before);
  // ...but it does paint: the inserted ::highlight(wce-main) style is applied.
  expect((await shot()).equals(shotBefore), 'highlight is painted').toBe(false);
  expect(await outerHTML(page)).toBe(before);

  const off = await toggle(url);
  expect(off.state).toBe('off');
  expect(await readHighlights(page)).toBeNull();
  expect(await outerHTML(page)).toBe(before);
  // removeCSS took the style away too: the page looks as it did.
  expect((await shot()).equals(shotBefore), 'page looks as before').toBe(true);

  // And on again: the second cycle behaves like the first.
  expect((await toggle(url)).state).toBe('on');
  expect((await toggle(url)).state).toBe('off');
  expect(await outerHTML(page)).toBe(before);
  await page.close();
}

// ------------------------------------------------------------------ tests
test('the service worker loads the WebAssembly extractor', async () => {
  const names = await worker.evaluate(async () => {
    const wce = await self.wce.getExtractor();
    return (await wce.extractors()).map((e) => e.name);
  });
  expect(names).toContain('bte');
});

test('the toolbar button has its keyboard shortcut', async () => {
  const commands = await worker.evaluate(() => chrome.commands.getAll());
  const action = commands.find((c) => c.name === '_execute_action');
  expect(action).toBeTruthy();
  expect(action.shortcut.replace(/\s/g, '')).toMatch(/^Alt\+Shift\+H$/i);
});

for (const p of PAGES) {
  test(`toggle highlights the main content and restores the page: ${p.route}`, async () => {
    await highlightCycle(p.route, p.gold);
  });
}

test('works on a page with a strict CSP (no scripts, no inline styles, no wasm)', async () => {
  const { page, url } = await openPage('/csp' + MAIN_PAGE.route);
  // The page's own inline scripts are blocked by its CSP: proof the header is active.
  const cspActive = await page.evaluate(() => document.documentElement.className);
  expect(cspActive).not.toBe('js');
  await page.close();
  await highlightCycle('/csp' + MAIN_PAGE.route, MAIN_PAGE.gold);
});

for (const p of PAGES.filter((x) => x.route !== '/blog')) {
  test(`fallback without CSS.highlights wraps in <mark> and unwraps exactly: ${p.route}`, async () => {
    const { page, url } = await openPage(p.route);
    const before = await outerHTML(page);
    // Content scripts have their own JS world: remove the API there (and in the
    // page, for good measure) before the first toggle.
    expect(await inIsolatedWorld(url, 'disableHighlightApi')).toBe(true);
    await page.evaluate(() => { delete CSS.highlights; });

    const on = await toggle(url);
    expect(on.state, JSON.stringify(on)).toBe('on');
    expect(on.mode).toBe('mark');
    const marks = await readMarks(page);
    expect(marks.count).toBe(on.highlighted);
    expect(marks.count).toBeGreaterThan(0);
    expectArticle(marks.text, p.gold);
    // The style injected with scripting.insertCSS applies to the marks.
    expect(marks.background).toBe('rgba(255, 214, 0, 0.45)');

    const off = await toggle(url);
    expect(off.state).toBe('off');
    expect((await readMarks(page)).count).toBe(0);
    expect(await outerHTML(page)).toBe(before);
    await page.close();
  });
}

test('a failing extractor leaves the page untouched and the next toggle works', async () => {
  const { page, url } = await openPage(MAIN_PAGE.route);
  const before = await outerHTML(page);
  await worker.evaluate(async () => {
    const wce = await self.wce.getExtractor();
    self.__wceSavedClassify = Object.prototype.hasOwnProperty.call(wce, 'classify') ? wce.classify : null;
    wce.classify = () => { throw new Error('injected failure'); };
  });
  try {
    const res = await toggle(url);
    expect(res.state).toBe('off');
    expect(res.error).toContain('injected failure');
    expect(await readHighlights(page)).toBeNull();
    expect(await outerHTML(page)).toBe(before);
  } finally {
    await worker.evaluate(async () => {
      const wce = await self.wce.getExtractor();
      if (self.__wceSavedClassify) wce.classify = self.__wceSavedClassify;
      else delete wce.classify;
    });
  }
  expect((await toggle(url)).state).toBe('on');
  expect((await toggle(url)).state).toBe('off');
  expect(await outerHTML(page)).toBe(before);
  await page.close();
});

test('the worker answers every message, bad ones with an error', async () => {
  const { page, url } = await openPage(MAIN_PAGE.route);
  const [unknown, malformed, ping] = await inIsolatedWorld(url, 'sendBogus');
  expect(unknown.ok).toBe(false);
  expect(unknown.error).toContain('unknown message type');
  expect(malformed.ok).toBe(false);
  expect(malformed.error).toContain('bad classify request');
  expect(ping.ok).toBe(true);
  await page.close();
});

test('a restricted page cannot be scripted: toggle reports the error', async () => {
  // No host access outside 127.0.0.1 and no click, so the browser refuses.
  const page = await context.newPage();
  await page.goto('about:blank');
  const res = await worker.evaluate(async () => {
    const tabs = await chrome.tabs.query({});
    const tab = tabs.find((t) => !t.url || t.url === 'about:blank');
    return self.wceToggle(tab.id);
  });
  expect(res.state).toBe('error');
  expect(res.error).toBeTruthy();
  await page.close();
});

// The shipped build, on its own: it loads, and without the click that grants
// activeTab it can do nothing to a page (it has no host permissions).
test('the shipped Chrome build asks for activeTab + scripting only and cannot touch a page unasked', async () => {
  const dir = path.join(ROOT, 'build', 'extension', 'chrome');
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
  expect(manifest.permissions.sort()).toEqual(['activeTab', 'scripting']);
  expect(manifest.host_permissions).toBeUndefined();
  expect(manifest.optional_host_permissions).toBeUndefined();
  expect(manifest.content_scripts).toBeUndefined();

  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'wce-ext-profile-'));
  const ctx = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: false,
    ignoreDefaultArgs: ['--disable-extensions'],
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', `--disable-extensions-except=${dir}`,
      `--load-extension=${dir}`],
  });
  try {
    await ctx.route((url) => url.hostname !== '127.0.0.1', (route) => route.abort());
    const sw = ctx.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://')) ||
      await ctx.waitForEvent('serviceworker', { timeout: 30_000 });
    const page = await ctx.newPage();
    const url = base + MAIN_PAGE.route;
    await page.goto(url, { waitUntil: 'load' });
    const before = await outerHTML(page);
    const res = await sw.evaluate(async () => {
      const wce = await self.wce.getExtractor(); // the WebAssembly module loads here too
      // Without host permissions the worker cannot even see the tabs' URLs:
      // toggle them all (the test page and the start page).
      const tabs = await chrome.tabs.query({});
      const results = [];
      for (const t of tabs) results.push({ url: t.url, ...(await self.wceToggle(t.id)) });
      return { extractors: wce.extractors().length, results };
    });
    expect(res.extractors).toBeGreaterThan(0);
    expect(res.results.length).toBeGreaterThanOrEqual(2);
    for (const r of res.results) {
      expect(r.url).toBeUndefined();
      expect(r.state).toBe('error');
    }
    expect(await outerHTML(page)).toBe(before);
  } finally {
    await ctx.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

// Firefox is not installed here; its build is checked with Mozilla's linter
// (offline). Any warning must be fixed or explained in extension/README.md.
test('the Firefox build passes web-ext lint', async () => {
  const bin = path.join(ROOT, 'node_modules', '.bin', 'web-ext');
  let out;
  try {
    out = execFileSync(bin, ['lint', '--source-dir', path.join(ROOT, 'build', 'extension', 'firefox'),
      '--output', 'json', '--no-input'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    out = e.stdout; // exits non-zero when it finds errors; the JSON says which
    if (!out) throw e;
  }
  const report = JSON.parse(out);
  const list = (xs) => xs.map((x) => `${x.code}: ${x.message} (${x.file || ''})`).join('\n');
  expect(report.summary.errors, list(report.errors)).toBe(0);
  expect(report.summary.warnings, list(report.warnings)).toBe(0);
  expect(report.metadata.manifestVersion).toBe(3);
});
