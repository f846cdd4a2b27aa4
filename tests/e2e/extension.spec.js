// End-to-end tests of the browser extension in headless Chromium (Debian's
// /usr/bin/chromium, never a downloaded browser).
//
// A headless test cannot click the toolbar button, and the click is what grants
// activeTab. So the tests load build/extension/chrome-test (the Chrome build plus
// host access to http://127.0.0.1/* only, written by
// `node scripts/build_extension.mjs --test`) and call, from the extension's
// service worker, the very function the keyboard shortcut calls: self.wceToggle(tabId).
// The popup is opened as a tab (chrome-extension://<id>/popup.html?tab=<tab id>),
// which is the same page with the tab it acts on given in its address.
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
const CLI = path.join(ROOT, 'build', 'native', 'wce');
const NATIVE_ONLY = require('../native_only.json').extractors;
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
const FIXTURE = { route: '/fixture', html: path.join(FIXTURES, 'article.html') };
const FIXTURE_GOLD = path.join(FIXTURES, 'article.gold.txt');
const READER = { route: '/reader', html: path.join(FIXTURES, 'reader.html'),
  gold: path.join(FIXTURES, 'reader.gold.txt') };
// A news story with metadata (og:, <meta>, JSON-LD), a bold subhead, a figure,
// a table and code, below 2,400 px of filler (so below the fold).
const READER_META = { route: '/meta', html: path.join(FIXTURES, 'reader_meta.html') };

// /huge: the reader fixture's article repeated 1,500 times (2.4 MB of HTML).
const HUGE_REPEAT = 1500;
function hugePage() {
  const html = fs.readFileSync(READER.html, 'utf8');
  const article = html.slice(html.indexOf('<article>'), html.indexOf('</article>') + '</article>'.length);
  return html.replace(article, article.repeat(HUGE_REPEAT));
}
// /deep: a page that nests 100,000 elements with a script (the HTML parser
// caps nesting depth, the DOM does not), text at every 1,000th level. The
// nest is in a display:none box: Chromium's own layout crashes the tab on a
// rendered 100,000-deep tree, with or without the extension; the extension
// still reads, labels and restores all of it.
const DEEP_LEVELS = 100000;
const DEEP_PAGE = `<!DOCTYPE html><html><head><title>Deep</title></head><body>
<p>Before the deep part, an ordinary paragraph with several words in it.</p><div id="deep" style="display:none"></div>
<script>
  let el = document.getElementById('deep');
  for (let i = 0; i < ${DEEP_LEVELS}; i++) {
    const d = document.createElement(i % 3 ? 'div' : 'span');
    if (i % 1000 === 0) d.appendChild(document.createTextNode('Level ' + i + ' of the nested text, words and more words. '));
    el.appendChild(d);
    el = d;
  }
  el.appendChild(document.createTextNode('The bottom of the nesting.'));
  document.title = 'Deep ready';
</script></body></html>`;

// Hostile pages (issue 11): the fixture article with a page script that
// attacks what an extension might rely on. Each script runs in the page's
// main world; the extension runs in its isolated world.
//   /hostile/globals: window.__beHostile() replaces Node.prototype's methods
//     and tree getters, Array.prototype.push/map, CSS.highlights, Highlight,
//     Range, MutationObserver, setTimeout, JSON, ... with functions that
//     count the call and throw; window.__hostile.calls counts them.
//   /hostile/chaos: window.__chaosStart() starts a 1 ms timer that clears
//     CSS.highlights and, every other tick, takes an article paragraph out,
//     adds an element, rewrites the headline's text, and puts all three back
//     on the next tick; __chaosStop() stops it with the page as it was.
//   /hostile/frame: the article inside an <iframe>, the page around it
//     short, plus an iframe with srcdoc; /many?n=N: N text nodes (100 per <p>).
const HOSTILE_GLOBALS_SCRIPT = `
window.__hostile = { calls: 0, installed: false };
window.__beHostile = function () {
  const h = window.__hostile;
  const poison = (what) => function () { h.calls++; throw new Error('hostile page: ' + what); };
  const methods = [[Node.prototype, 'Node.prototype', ['appendChild', 'insertBefore', 'replaceChild',
      'removeChild', 'cloneNode', 'normalize', 'contains', 'compareDocumentPosition']],
    [Element.prototype, 'Element.prototype', ['setAttribute', 'getAttribute', 'getBoundingClientRect',
      'scrollIntoView', 'querySelectorAll', 'closest']],
    [Document.prototype, 'Document.prototype', ['createElement', 'createElementNS', 'createRange',
      'createTreeWalker', 'createTextNode']],
    [Range.prototype, 'Range.prototype', ['selectNodeContents', 'getBoundingClientRect']],
    [Array.prototype, 'Array.prototype', ['push', 'map', 'join']],
    [String.prototype, 'String.prototype', ['charCodeAt', 'codePointAt']],
    [window, 'window', ['setTimeout', 'getComputedStyle', 'btoa', 'atob']]];
  for (const [obj, name, list] of methods) {
    for (const m of list) obj[m] = poison(name + '.' + m);
  }
  for (const g of ['firstChild', 'nextSibling', 'parentNode', 'childNodes', 'nodeType', 'nodeName', 'nodeValue']) {
    Object.defineProperty(Node.prototype, g, { get: poison('Node.prototype.' + g), configurable: true });
  }
  const fakeRegistry = { set: poison('CSS.highlights.set'), get: poison('CSS.highlights.get'),
    delete: poison('CSS.highlights.delete'), clear: poison('CSS.highlights.clear'), size: 0 };
  Object.defineProperty(CSS, 'highlights', { value: fakeRegistry, configurable: true });
  window.Highlight = poison('Highlight');
  window.MutationObserver = poison('MutationObserver');
  window.TextEncoder = poison('TextEncoder');
  JSON.stringify = poison('JSON.stringify');
  JSON.parse = poison('JSON.parse');
  h.installed = true;
  h.registry = fakeRegistry;
  h.push = Array.prototype.push;
  h.observer = window.MutationObserver;
};
// The page's globals are still its own: the number of calls they got, or -1.
window.__hostileIntact = function () {
  const h = window.__hostile;
  return h.installed && CSS.highlights === h.registry && Array.prototype.push === h.push &&
    window.MutationObserver === h.observer ? h.calls : -1;
};`;

const CHAOS_SCRIPT = `
(function () {
  let timer = null, odd = false, taken = null, where = null, added = null, headline = null, original = null;
  window.__chaos = { ticks: 0, clears: 0 };
  function mess() {
    const art = document.querySelector('article');
    taken = art.querySelectorAll('p')[2];
    where = taken.nextSibling;
    taken.remove();
    added = document.createElement('div');
    added.className = 'ad';
    added.textContent = 'Buy one lighthouse, get one free! Limited offer, click now.';
    document.body.insertBefore(added, document.body.firstChild);
    headline = art.querySelector('h1').firstChild;
    original = headline.data;
    headline.data = 'Breaking: something else entirely';
  }
  function tidy() {
    where.parentNode.insertBefore(taken, where);
    added.remove();
    headline.data = original;
  }
  function tick() {
    window.__chaos.ticks++;
    if (CSS.highlights && CSS.highlights.size > 0) { window.__chaos.clears++; CSS.highlights.clear(); }
    if (odd) tidy(); else mess();
    odd = !odd;
  }
  window.__chaosStart = function () { timer = setInterval(tick, 1); };
  window.__chaosStop = function () {
    clearInterval(timer);
    if (odd) tidy();
    odd = false;
  };
})();`;

function withPageScript(html, script) {
  return html.replace('<head>', '<head>\n<script>' + script + '</script>');
}

function framedPage() {
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Framed</title></head><body>
<p>A short note above the embedded story.</p>
<iframe id="story" src="/fixture" width="800" height="600"></iframe>
<iframe id="inline" srcdoc="<p>An inline frame with a sentence of its own in it.</p>"></iframe>
<p>Below the frame: a second, longer paragraph of the page itself, with enough words in it to be chosen by the extractor as the page's own text, which it is.</p>
</body></html>`;
}

// Same-origin frames and open shadow roots, which the extension reads, next
// to a sandboxed (opaque-origin) frame and a closed shadow root, which it
// cannot. The open shadow root has a style sheet of its own in
// adoptedStyleSheets (ours must leave it alone) and a <slot> that shows a
// light-DOM paragraph of its host.
function composedPage() {
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Composed</title></head><body>
<p>The top paragraph of the page itself, written plainly, with enough words in it to be read as text.</p>
<iframe id="story" src="/fixture" width="800" height="400"></iframe>
<iframe id="sealed" sandbox="allow-scripts" srcdoc="<p>A sealed frame from an opaque origin that nobody outside may read.</p>"></iframe>
<div id="host"><p id="slotted">A slotted paragraph from the light tree of the host, shown through the slot.</p></div>
<div id="closed"></div>
<p>The closing paragraph of the page itself, after the components, again with plenty of words.</p>
<script>
  const open = document.getElementById('host').attachShadow({ mode: 'open' });
  open.innerHTML = '<h2>Inside the open shadow root</h2><p>A shadow paragraph that only the composed tree shows, long enough to be text.</p><slot></slot>';
  const own = new CSSStyleSheet();
  own.replaceSync('h2 { color: rgb(10, 20, 30); }');
  open.adoptedStyleSheets = [own];
  const closed = document.getElementById('closed').attachShadow({ mode: 'closed' });
  closed.innerHTML = '<p>A closed shadow paragraph that no extension can reach from outside.</p>';
</script>
</body></html>`;
}

// n text nodes, 100 per <p>, made by the page's script (the parser would
// merge adjacent text); document.title says when they are there.
function manyTextPage(n) {
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Many</title></head><body>
<h1>Many text nodes</h1><div id="many"></div>
<script>
  const box = document.getElementById('many');
  const frag = document.createDocumentFragment();
  const n = ${n};
  for (let i = 0; i < n; i += 100) {
    const p = document.createElement('p');
    for (let j = 0; j < 100 && i + j < n; j++) p.appendChild(document.createTextNode('word' + (j % 10) + ' and more '));
    frag.appendChild(p);
  }
  box.appendChild(frag);
  document.title = 'Many ready';
</script></body></html>`;
}

test.describe.configure({ mode: 'serial' });

let server;
let base;
let userDataDir;
let context;
let worker;
let extensionId;

function startServer() {
  const byRoute = new Map([...PAGES, FIXTURE, READER, READER_META].map((p) => [p.route, p]));
  let huge = null;
  server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    // /csp/<route>: the same page under a strict Content-Security-Policy.
    const csp = url.pathname.startsWith('/csp/');
    const route = csp ? url.pathname.slice(4) : url.pathname;
    const page = byRoute.get(route);
    let body = null;
    if (page) body = fs.readFileSync(page.html);
    else if (route === '/huge') body = huge || (huge = hugePage());
    else if (route === '/deep') body = DEEP_PAGE;
    else if (route === '/hostile/globals') body = withPageScript(fs.readFileSync(FIXTURE.html, 'utf8'), HOSTILE_GLOBALS_SCRIPT);
    else if (route === '/hostile/chaos') body = withPageScript(fs.readFileSync(FIXTURE.html, 'utf8'), CHAOS_SCRIPT);
    else if (route === '/hostile/frame') body = framedPage();
    else if (route === '/composed') body = composedPage();
    else if (route === '/many') body = manyTextPage(Number(url.searchParams.get('n')));
    if (body === null) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found');
      return;
    }
    const headers = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' };
    if (csp) headers['Content-Security-Policy'] = STRICT_CSP;
    res.writeHead(200, headers);
    res.end(body);
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
  await context.route((url) => /^https?:$/.test(url.protocol) && url.hostname !== '127.0.0.1',
    (route) => route.abort());
  worker = context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://')) ||
    await context.waitForEvent('serviceworker', { timeout: 30_000 });
  extensionId = new URL(worker.url()).host;
});

test.afterAll(async () => {
  if (context) await context.close();
  if (server) await new Promise((resolve) => server.close(resolve));
  if (userDataDir) fs.rmSync(userDataDir, { recursive: true, force: true });
});

// ------------------------------------------------------------------ helpers
async function tabIdOf(url) {
  return worker.evaluate(async (pageUrl) => {
    const tabs = await chrome.tabs.query({});
    const tab = tabs.find((t) => t.url === pageUrl);
    if (!tab) throw new Error(`no tab shows ${pageUrl}: ${tabs.map((t) => t.url).join(', ')}`);
    return tab.id;
  }, url);
}

// Calls the shortcut's function (highlight on <-> off) in the service worker
// for the tab showing url.
async function toggle(url) {
  const tabId = await tabIdOf(url);
  return worker.evaluate((id) => self.wceToggle(id), tabId);
}

// The popup's own function, without the popup: {on, extractor, confidence}.
async function setHighlight(url, want) {
  const tabId = await tabIdOf(url);
  return worker.evaluate(({ id, w }) => self.wce.setHighlight(id, w), { id: tabId, w: want });
}

const resetSettings = () => worker.evaluate(() => chrome.storage.local.clear());

// The popup, opened as a tab that acts on the tab showing url; resolves once
// it has finished starting (and, by default, highlighting).
async function openPopup(tabId) {
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html?tab=${tabId}`);
  await popup.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
  return popup;
}
const popupIdle = (popup) => popup.waitForFunction(() => document.body.dataset.state !== 'busy',
  null, { timeout: 60_000 });

// What the command line marks as main content: {text, labels}.
function cliExtract(extractor, file) {
  if (!fs.existsSync(CLI)) throw new Error(`${CLI} is missing: build it with cmake (see README.md)`);
  return JSON.parse(execFileSync(CLI, ['extract', '--extractor', extractor, '--format', 'json', file],
    { encoding: 'utf8' }));
}
const noSpace = (s) => s.replace(/\s+/g, '');

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
      // What is painted, read in the isolated world (the page's own
      // CSS.highlights may be a fake): the text of wce-main, or of the marks.
      readPaint: function () {
        const hl = typeof CSS.highlights !== 'undefined' ? CSS.highlights.get('wce-main') : undefined;
        const parts = [];
        if (hl) for (const r of hl) parts.push(r.toString());
        for (const m of document.querySelectorAll('mark[data-wce]')) parts.push(m.textContent);
        return parts.join('\n');
      },
      outerHTML: function () { return document.documentElement.outerHTML; },
      injected: function () { return typeof globalThis.wceContent === 'object'; },
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

// The whole DOM as a string, by an iterative walk: Chromium's own serializer
// (outerHTML) recurses and crashes the tab on a 100,000-deep tree.
const domSnapshot = (page) => page.evaluate(() => {
  const out = [];
  let node = document.firstChild;
  let depth = 0;
  while (node) {
    let line = depth + ' ' + node.nodeType + ' ' + node.nodeName;
    if (node.nodeType === Node.ELEMENT_NODE) {
      for (const a of node.attributes) line += ' ' + a.name + '=' + JSON.stringify(a.value);
    } else if (node.nodeValue !== null) {
      line += ' ' + JSON.stringify(node.nodeValue);
    }
    out.push(line);
    if (node.firstChild) { node = node.firstChild; depth++; continue; }
    while (node && !node.nextSibling) { node = node.parentNode; depth--; }
    if (node) node = node.nextSibling;
  }
  return out.join('\n');
});

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
  // (polled: the repaint after insertCSS / removeCSS may come a frame later)
  await expect.poll(async () => (await shot()).equals(shotBefore), { message: 'highlight is painted' }).toBe(false);
  expect(await outerHTML(page)).toBe(before);

  const off = await toggle(url);
  expect(off.state).toBe('off');
  expect(await readHighlights(page)).toBeNull();
  expect(await outerHTML(page)).toBe(before);
  // The highlight may have scrolled the article into view (a fixed header
  // then sits elsewhere on a full-page shot): back to the top as before.
  if (on.scrolled) await page.evaluate(() => window.scrollTo(0, 0));
  // removeCSS took the style away too: the page looks as it did.
  await expect.poll(async () => (await shot()).equals(shotBefore), { message: 'page looks as before' }).toBe(true);

  // And on again: the second cycle behaves like the first.
  expect((await toggle(url)).state).toBe('on');
  expect((await toggle(url)).state).toBe('off');
  expect(await outerHTML(page)).toBe(before);
  if (process.env.WCE_E2E_VERBOSE) console.log(route, 'scrolled', on.scrolled, JSON.stringify(on.timing));
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

test('the popup, highlight and reader view have their keyboard shortcuts', async () => {
  const commands = await worker.evaluate(() => chrome.commands.getAll());
  const keys = Object.fromEntries(commands.map((c) => [c.name, c.shortcut.replace(/\s/g, '')]));
  expect(keys._execute_action).toMatch(/^Alt\+Shift\+E$/i);
  expect(keys['toggle-highlight']).toMatch(/^Alt\+Shift\+H$/i);
  expect(keys['reader-view']).toMatch(/^Alt\+Shift\+M$/i);
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
  if (process.env.WCE_E2E_VERBOSE) console.log(route, 'scrolled', on.scrolled, JSON.stringify(on.timing));
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

// ------------------------------------------------------------------ popup
test('the popup lists every registered extractor, grouped by family, and highlights on open', async () => {
  await resetSettings();
  const { page, url } = await openPage(FIXTURE.route);
  const popup = await openPopup(await tabIdOf(url));
  await popupIdle(popup);
  const groups = await popup.$$eval('#extractor optgroup', (gs) => gs.map((g) => ({
    family: g.dataset.family, names: [...g.querySelectorAll('option')].map((o) => o.value),
    labels: [...g.querySelectorAll('option')].map((o) => o.textContent),
  })));
  // The WebAssembly module's own list: the recommended extractor alone first,
  // then the families, each in registry order.
  const registry = await worker.evaluate(async () => (await self.wce.getExtractor()).extractors());
  expect(groups[0]).toEqual({ family: 'recommended', names: ['ensemble'], labels: ['Combined, learned (recommended)'] });
  for (const g of groups.slice(1)) {
    expect(g.names, g.family).toEqual(registry.filter((e) => e.family === g.family && e.name !== 'ensemble').map((e) => e.name));
    // Plain names, never the registry's acronyms.
    for (const l of g.labels) expect(l, g.family).not.toMatch(/^[a-z0-9_]+$/);
  }
  // ...which is the command line's list too, but for the native-only models
  // (CMake WCE_NATIVE_ONLY_MODELS; tests/native_only.json).
  const cliNames = execFileSync(CLI, ['list'], { encoding: 'utf8' }).split('\n')
    .map((l) => l.match(/^([a-z0-9_]+)\s/)).filter(Boolean).map((m) => m[1])
    .filter((n) => !NATIVE_ONLY.includes(n));
  expect(groups.flatMap((g) => g.names).sort()).toEqual(cliNames.sort());
  expect(await popup.$eval('#extractor', (s) => s.value)).toBe('ensemble');
  // One line in plain words; the citation only under "About this method".
  expect(await popup.textContent('#description')).toContain('several methods');
  expect(await popup.isVisible('#reference')).toBe(false);
  expect(await popup.textContent('#reference')).toContain('issue 9');
  // One click: opening the popup highlighted the page.
  expect(await popup.$eval('#highlight', (b) => b.getAttribute('aria-pressed'))).toBe('true');
  // The time the user waited (the click to the answer), in words.
  expect(await popup.textContent('#status')).toMatch(/^Highlighted \d+ passages? with “Combined, learned” in \d+ ms\.$/);
  expect(await popup.$eval('#status', (e) => e.dataset.extractor)).toBe('ensemble');
  expect(await readHighlights(page)).not.toBeNull();
  await popup.click('#highlight');
  await popupIdle(popup);
  expect(await readHighlights(page)).toBeNull();
  await popup.close();
  await page.close();
});

test('choosing an extractor in the popup highlights what the command line extracts, and is remembered', async () => {
  await resetSettings();
  const { page, url } = await openPage(FIXTURE.route);
  const before = await outerHTML(page);
  const tabId = await tabIdOf(url);
  const popup = await openPopup(tabId);
  await popupIdle(popup);
  const CHOICES = ['readability', 'goose', 'cetd', 'all_text', 'bte'];
  test.setTimeout(120_000);
  const seen = new Set();
  for (const name of CHOICES) {
    await popup.selectOption('#extractor', name);
    await popup.waitForFunction((n) => document.body.dataset.state === 'on' &&
      document.getElementById('status').dataset.extractor === n, name, { timeout: 60_000 });
    const hl = await readHighlights(page);
    const cli = cliExtract(name, FIXTURE.html);
    expect(hl, name).not.toBeNull();
    expect(noSpace(hl.text), `highlighted text of ${name} = CLI text`).toBe(noSpace(cli.text));
    // (node counts are not compared: extractors may label whitespace-only
    // nodes, which are not painted, and the CLI's JSON does not say which.)
    expect(hl.size, name).toBeLessThanOrEqual(cli.labels.filter((v) => v >= 0.5).length);
    seen.add(hl.text);
  }
  expect(seen.size, 'the extractors highlight different sets on the fixture').toBeGreaterThanOrEqual(3);
  expect(await outerHTML(page)).toBe(before);
  await popup.close();

  // The last choice is stored and shown by the next popup.
  expect(await worker.evaluate(() => chrome.storage.local.get('extractor'))).toEqual({ extractor: 'bte' });
  await worker.evaluate(() => chrome.storage.local.set({ extractor: 'goose', autoHighlight: false }));
  const again = await openPopup(tabId);
  expect(await again.$eval('#extractor', (s) => s.value)).toBe('bte'); // the page is highlighted with bte
  await again.click('#highlight'); // off
  await popupIdle(again);
  await again.close();
  const third = await openPopup(tabId);
  expect(await third.$eval('#extractor', (s) => s.value)).toBe('goose');
  expect(await readHighlights(page)).toBeNull(); // autoHighlight off: nothing happened
  await third.close();
  expect(await outerHTML(page)).toBe(before);
  await resetSettings();
  await page.close();
});

test('the agreement view shades each node by how many of the five methods choose it, and restores the page', async () => {
  const { page, url } = await openPage(FIXTURE.route);
  const before = await outerHTML(page);
  const bandRanges = () => page.evaluate(() => [0, 1, 2, 3, 4].map((k) => {
    const h = CSS.highlights.get('wce-c' + k);
    return h ? [...h].map((r) => r.toString()) : [];
  }));
  const members = await worker.evaluate(() => self.wceSettings.AGREEMENT_EXTRACTORS);
  expect(members.length).toBe(5);
  const cli = members.map((m) => noSpace(cliExtract(m, FIXTURE.html).text));
  const res = await setHighlight(url, { on: true, extractor: 'readability', confidence: true });
  expect(res.state, JSON.stringify(res)).toBe('on');
  expect(res.agreement.members).toEqual(members);
  expect(await readHighlights(page)).toBeNull(); // no plain highlight in this view
  const bands = await bandRanges();
  // Band k holds the text that k + 1 of the five choose (a node's text is
  // found in at least that many command-line outputs; short texts may occur
  // in more by chance, so "at least").
  let painted = 0;
  for (let k = 0; k < 5; k++) {
    for (const t of bands[k]) {
      if (!/\S/.test(t)) continue;
      painted++;
      const n = cli.filter((c) => c.includes(noSpace(t))).length;
      expect(n, `band ${k}: "${t.slice(0, 60)}"`).toBeGreaterThanOrEqual(k + 1);
    }
  }
  expect(painted).toBeGreaterThan(0);
  // The fixture's article is chosen by all five; the extractors disagree elsewhere.
  expect(bands[4].length).toBeGreaterThan(0);
  expect(bands.slice(0, 4).some((b) => b.length > 0), 'some disagreement is shown').toBe(true);
  expect(await outerHTML(page)).toBe(before);
  expect((await setHighlight(url, { on: false })).state).toBe('off');
  expect(await page.evaluate(() => CSS.highlights.size)).toBe(0);
  expect(await outerHTML(page)).toBe(before);
  await page.close();
});

// ------------------------------------------------------------------ restoration
test('toggling off leaves the page exactly as it was, with each of several extractors', async () => {
  const EXTRACTORS = ['bte', 'readability', 'lqf50', 'justext', 'boilerpipe_article', 'cetd'];
  for (const route of [FIXTURE.route, READER.route]) {
    for (const fallback of [false, true]) {
      const { page, url } = await openPage(route);
      const before = await outerHTML(page);
      if (fallback) expect(await inIsolatedWorld(url, 'disableHighlightApi')).toBe(true);
      for (const extractor of EXTRACTORS) {
        for (const confidence of [false, true]) {
          const what = `${route} ${extractor} ${fallback ? '<mark>' : 'Highlight API'}${confidence ? ' confidence' : ''}`;
          const on = await setHighlight(url, { on: true, extractor, confidence });
          expect(on.state, `${what}: ${JSON.stringify(on)}`).toBe('on');
          expect(on.mode, what).toBe(fallback ? 'mark' : 'highlight');
          if (fallback && on.highlighted > 0) expect(await outerHTML(page), what).not.toBe(before);
          const off = await setHighlight(url, { on: false });
          expect(off.state, what).toBe('off');
          expect(await outerHTML(page), what).toBe(before);
        }
      }
      await page.close();
    }
  }
});

// The inserted sheet holds one view's rules only (settings.highlightCss):
// switching between the plain highlight and the confidence view swaps it.
test('switching to the confidence view and back repaints with that view\'s colours', async () => {
  await resetSettings();
  const { page, url } = await openPage(FIXTURE.route);
  const before = await outerHTML(page);
  expect(await inIsolatedWorld(url, 'disableHighlightApi')).toBe(true);
  const backgrounds = () => page.evaluate(() => [...document.querySelectorAll('mark[data-wce]')]
    .map((m) => m.getAttribute('data-wce') + ' ' + getComputedStyle(m).backgroundColor));
  const plain = async () => {
    expect((await setHighlight(url, { on: true, extractor: 'readability', confidence: false })).state).toBe('on');
    const got = await backgrounds();
    expect(got.length).toBeGreaterThan(0);
    for (const b of got) expect(b).toBe(' rgba(255, 214, 0, 0.45)');
  };
  await plain();
  expect((await setHighlight(url, { on: true, extractor: 'readability', confidence: true })).state).toBe('on');
  const banded = await backgrounds();
  expect(banded.length).toBeGreaterThan(0);
  const ALPHAS = ['0.1', '0.22', '0.34', '0.5', '0.66'];
  for (const b of banded) {
    const m = /^c([0-4]) rgba\(255, 214, 0, ([0-9.]+)\)$/.exec(b);
    expect(m, b).not.toBeNull();
    expect(m[2], b).toBe(ALPHAS[Number(m[1])]);
  }
  await plain();
  expect((await setHighlight(url, { on: false })).state).toBe('off');
  expect(await outerHTML(page)).toBe(before);
  await page.close();
});

test('the options page sets the extractor and the highlight colour', async () => {
  await resetSettings();
  const options = await context.newPage();
  await options.goto(`chrome-extension://${extensionId}/options.html`);
  await options.waitForFunction(() => !document.getElementById('extractor').disabled);
  const names = await options.$$eval('#extractor option', (os) => os.map((o) => o.value));
  const registry = await worker.evaluate(async () => (await self.wce.getExtractor()).extractors().map((e) => e.name));
  expect(names.sort()).toEqual(registry.sort());
  await options.selectOption('#extractor', 'justext');
  await options.fill('#color', '#3366ff');
  await options.waitForFunction(() => document.getElementById('status').textContent === 'Saved.');
  await expect.poll(() => worker.evaluate(() => chrome.storage.local.get(['extractor', 'color'])))
    .toEqual({ extractor: 'justext', color: '#3366ff' });
  await options.close();

  // The next highlight uses both (seen through the <mark> fallback's computed style).
  const { page, url } = await openPage(FIXTURE.route);
  const before = await outerHTML(page);
  expect(await inIsolatedWorld(url, 'disableHighlightApi')).toBe(true);
  const on = await toggle(url);
  expect(on.extractor).toBe('justext');
  const marks = await readMarks(page);
  expect(noSpace(marks.text)).toBe(noSpace(cliExtract('justext', FIXTURE.html).text));
  expect(marks.background).toBe('rgba(51, 102, 255, 0.45)');
  expect((await toggle(url)).state).toBe('off');
  expect(await outerHTML(page)).toBe(before);
  await resetSettings();
  await page.close();
});

// ------------------------------------------------------------------ reader view
test('the reader view shows the main text with its headings and lists, offline, and the page stays as it was', async () => {
  await resetSettings();
  await worker.evaluate(() => chrome.storage.local.set({ extractor: 'readability', autoHighlight: false }));
  const { page, url } = await openPage(READER.route);
  const before = await outerHTML(page);
  const popup = await openPopup(await tabIdOf(url));
  expect(await popup.$eval('#extractor', (s) => s.value)).toBe('readability');

  const requests = [];
  const onRequest = (r) => { if (/^https?:/.test(r.url())) requests.push(r.url()); };
  context.on('request', onRequest);
  const [reader] = await Promise.all([context.waitForEvent('page'), popup.click('#reader')]);
  await reader.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
  context.off('request', onRequest);
  expect(reader.url()).toMatch(new RegExp(`^chrome-extension://${extensionId}/reader\\.html\\?`));
  expect(await reader.isVisible('#error')).toBe(false);

  const shown = await reader.evaluate(() => ({
    title: document.getElementById('title').textContent,
    headings: [...document.querySelectorAll('#content h2, #content h3')].map((h) => h.textContent),
    items: [...document.querySelectorAll('#content ul > li')].map((li) => li.textContent),
    quotes: [...document.querySelectorAll('#content blockquote')].map((q) => q.textContent),
    text: document.getElementById('content').innerText,
    scripts: document.querySelectorAll('#content script, #content style, #content img').length,
  }));
  const gold = fs.readFileSync(READER.gold, 'utf8').split('\n').filter(Boolean);
  expect(shown.title).toContain(gold[0]);
  expect(shown.headings).toEqual(['Which leaves to sow', 'Watering and ventilation']);
  expect(shown.items).toEqual(gold.filter((l) => /^(Lamb's|Winter purslane|Mizuna|Land cress)/.test(l)));
  expect(shown.quotes.map((q) => q.trim())).toEqual([gold.find((l) => l.startsWith('Open the frame'))]);
  expectArticle(shown.title + '\n' + shown.text, READER.gold);
  for (const boiler of ['Related articles', 'Subscribe', 'Privacy', 'Vegetables']) {
    expect(shown.text, boiler).not.toContain(boiler);
  }
  expect(shown.scripts).toBe(0);
  expect(requests, 'the reader view fetches nothing').toEqual([]);

  await reader.close();
  await popup.close();
  expect(await outerHTML(page)).toBe(before);
  expect(await readHighlights(page)).toBeNull();
  await resetSettings();
  await page.close();
});

// Opens the reader view of the page at route (settings as stored) and
// resolves to the reader tab once it has rendered.
async function openReaderOf(url) {
  const tabId = await tabIdOf(url);
  const [reader, res] = await Promise.all([
    context.waitForEvent('page'),
    worker.evaluate((id) => self.wce.openReader(id), tabId),
  ]);
  expect(res.ok, JSON.stringify(res)).toBe(true);
  await reader.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
  return reader;
}

test('the reader view: title without the site name, byline, date, site, reading time, subheads, figure, table, code', async () => {
  await resetSettings();
  const { page, url } = await openPage(READER_META.route);
  const reader = await openReaderOf(url);
  const got = await reader.evaluate(() => ({
    site: document.getElementById('site').textContent,
    title: document.getElementById('title').textContent,
    docTitle: document.title,
    byline: [...document.querySelectorAll('#byline span')].map((s) => [s.className, s.textContent]),
    firstLine: document.getElementById('reader').innerText.trim().split('\n')[0],
    subheads: [...document.querySelectorAll('#content h2, #content h3, #content h4')].map((h) => h.textContent),
    captions: [...document.querySelectorAll('#content figcaption, #content .caption')].map((c) => c.textContent),
    table: [...document.querySelectorAll('#content table tr')].map((tr) => [...tr.children].map((c) => c.tagName + ':' + c.textContent)),
    code: document.querySelector('#content pre code') ? document.querySelector('#content pre code').textContent : null,
    text: document.getElementById('content').innerText,
  }));
  expect(got.site).toBe('Coastal Courier');
  expect(got.title).toBe('Tidal power returns to the Severn estuary');
  expect(got.docTitle).toBe(got.title);
  const byline = Object.fromEntries(got.byline);
  expect(byline.author).toBe('Mara Okonkwo');
  expect(byline.date).toMatch(/2024/);
  expect(byline.time).toMatch(/^\d+ min read$/);
  expect(got.firstLine).not.toMatch(/^https?:/); // no raw address first
  expect(got.subheads).toContain('Why the tides matter');
  expect(got.captions).toContain('A bidirectional turbine on its test stand in March.');
  expect(got.table[0]).toEqual(['TH:Phase', 'TH:Hours', 'TH:Output (MW)']);
  expect(got.table[1]).toEqual(['TD:Ebb generation', 'TD:5.5', 'TD:320']);
  expect(got.code).toContain('schedule = plan(level, forecast_tide())\n    apply(schedule)');
  expect(got.text).not.toContain('Log in');
  expect(got.text).not.toContain('Privacy');
  await reader.close();
  await page.close();
});

test('the reader view remembers text size, width and theme; prints without its toolbar; saves one HTML file', async () => {
  await resetSettings();
  const { page, url } = await openPage(READER.route);
  let reader = await openReaderOf(url);
  const look = () => reader.evaluate(() => {
    const cs = getComputedStyle(document.body);
    return { size: cs.fontSize, bg: getComputedStyle(document.documentElement).backgroundColor,
      width: getComputedStyle(document.getElementById('reader')).maxWidth };
  });
  const start = await look();
  await reader.click('#larger');
  await reader.click('#larger');
  await reader.click('#toolbar [data-theme="sepia"]');
  await reader.click('#toolbar [data-width="wide"]');
  await expect.poll(() => worker.evaluate(() => chrome.storage.local.get(['readerFontSize', 'readerTheme', 'readerWidth'])))
    .toEqual({ readerFontSize: 24, readerTheme: 'sepia', readerWidth: 'wide' });
  const changed = await look();
  expect(changed.size).toBe('24px');
  expect(start.size).toBe('20px');
  expect(changed.bg).toBe('rgb(244, 236, 216)');
  expect(parseFloat(changed.width)).toBeGreaterThan(parseFloat(start.width));
  await reader.click('#toolbar [data-theme="dark"]');
  // Applied once the settings are saved (reader.js change()): polled.
  await expect.poll(async () => (await look()).bg).toBe('rgb(28, 28, 30)');
  await reader.close();
  // A new reader view opens with the same choices.
  reader = await openReaderOf(url);
  const again = await look();
  expect(again.size).toBe('24px');
  expect(again.bg).toBe('rgb(28, 28, 30)');
  expect(await reader.$eval('#toolbar [data-theme="dark"]', (b) => b.getAttribute('aria-pressed'))).toBe('true');
  // Print: the toolbar is not printed.
  await reader.emulateMedia({ media: 'print' });
  expect(await reader.$eval('#toolbar', (t) => getComputedStyle(t).display)).toBe('none');
  await reader.emulateMedia({ media: 'screen' });
  // Save: one HTML file with the article and its style, and no script.
  const [download] = await Promise.all([reader.waitForEvent('download'), reader.click('#save')]);
  expect(download.suggestedFilename()).toBe('Growing winter salads under glass.html');
  const saved = fs.readFileSync(await download.path(), 'utf8');
  expect(saved).toMatch(/^<!DOCTYPE html>/);
  expect(saved).toContain('<h1 id="title">Growing winter salads under glass</h1>');
  expect(saved).toContain('Which leaves to sow');
  expect(saved).toContain('data-theme="dark"');
  expect(saved).toMatch(/<style>[^]*--size[^]*<\/style>/);
  expect(saved).not.toMatch(/<script/i);
  expect(saved).not.toContain('id="toolbar"');
  await reader.close();
  await resetSettings();
  await page.close();
});

test('the reader view works offline', async () => {
  await resetSettings();
  const { page, url } = await openPage(READER.route);
  await context.setOffline(true);
  const requests = [];
  const onRequest = (r) => { if (/^https?:/.test(r.url())) requests.push(r.url()); };
  context.on('request', onRequest);
  try {
    const reader = await openReaderOf(url);
    expect(await reader.isVisible('#error')).toBe(false);
    expect(await reader.textContent('#content')).toContain('Which leaves to sow');
    await reader.reload(); // the document is rebuilt from the tab, still offline
    await reader.waitForSelector('body[data-ready="true"]');
    expect(await reader.textContent('#content')).toContain('Which leaves to sow');
    await reader.close();
  } finally {
    context.off('request', onRequest);
    await context.setOffline(false);
  }
  expect(requests).toEqual([]);
  await page.close();
});

test('when no highlighted text is on screen, the first highlighted block is scrolled into view', async () => {
  const { page, url } = await openPage(READER_META.route);
  const before = await outerHTML(page);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const on = await setHighlight(url, { on: true, extractor: 'readability' });
  expect(on.state, JSON.stringify(on)).toBe('on');
  expect(on.scrolled).toBe(true);
  const seen = await page.evaluate(() => {
    const h = CSS.highlights.get('wce-main');
    const vh = window.innerHeight;
    return { y: window.scrollY, visible: [...h].some((r) => { const b = r.getBoundingClientRect(); return b.bottom > 0 && b.top < vh; }) };
  });
  expect(seen.y).toBeGreaterThan(1000);
  expect(seen.visible).toBe(true);
  // Already visible: a repaint does not scroll again.
  const again = await setHighlight(url, { on: true, extractor: 'trafilatura' });
  expect(again.scrolled).toBe(false);
  expect((await setHighlight(url, { on: false })).state).toBe('off');
  expect(await outerHTML(page)).toBe(before);
  await page.close();
});

// A later click on an unchanged page reuses the labels of the last one (no
// round trip); a page that changed meanwhile, another extractor or `fresh`
// is labelled anew, and what is painted is the same either way.
test('a later click reuses the labels only while the page encodes the same', async () => {
  const { page, url } = await openPage(READER.route);
  const paint = async () => (await readHighlights(page)).text;
  // Off on a page that was never highlighted injects nothing.
  expect((await setHighlight(url, { on: false })).state).toBe('off');
  expect(await inIsolatedWorld(url, 'injected')).toBe(false);
  // The first click: the page labelled itself as soon as it was injected.
  const first = await setHighlight(url, { on: true, extractor: 'readability' });
  expect(first.state).toBe('on');
  expect(first.timing.reused).toBeUndefined();
  expect(first.timing.atInjection, JSON.stringify(first.timing)).toBe(true);
  const painted = await paint();
  expect((await setHighlight(url, { on: false })).state).toBe('off');
  const again = await setHighlight(url, { on: true, extractor: 'readability' });
  expect(again.timing.reused, JSON.stringify(again.timing)).toBe(true);
  // Nothing changed: not even encoded again.
  expect(again.timing.unchanged, JSON.stringify(again.timing)).toBe(true);
  expect(await paint()).toBe(painted);
  expect((await setHighlight(url, { on: false })).state).toBe('off');
  // An attribute the encoding does not read changes nothing...
  await page.evaluate(() => document.querySelector('article p').setAttribute('data-seen', '1'));
  const attr = await setHighlight(url, { on: true, extractor: 'readability' });
  expect(attr.timing.unchanged, JSON.stringify(attr.timing)).toBe(true);
  expect((await setHighlight(url, { on: false })).state).toBe('off');
  // ...one it reads (class) makes the next click encode the page again.
  await page.evaluate(() => document.querySelector('article p').classList.add('wce-test-class'));
  const cls = await setHighlight(url, { on: true, extractor: 'readability' });
  expect(cls.timing.unchanged, JSON.stringify(cls.timing)).toBeUndefined();
  expect(cls.timing.encodeMs).toBeGreaterThan(0);
  expect(await paint()).toBe(painted);
  expect((await setHighlight(url, { on: false })).state).toBe('off');
  const anew = await setHighlight(url, { on: true, extractor: 'readability', fresh: true });
  expect(anew.timing.reused).toBeUndefined();
  expect(anew.timing.roundTripMs).toBeGreaterThan(0);
  expect(await paint()).toBe(painted);
  expect((await setHighlight(url, { on: false })).state).toBe('off');
  // The page changes while the highlight is off: labelled anew.
  await page.evaluate(() => {
    const p = [...document.querySelectorAll('article p')].find((x) => x.textContent.includes('Pick the outer leaves'));
    p.textContent += ' Added while it was off.';
  });
  const changed = await setHighlight(url, { on: true, extractor: 'readability' });
  expect(changed.timing.reused).toBeUndefined();
  expect(await paint()).toContain('Added while it was off.');
  expect((await setHighlight(url, { on: false })).state).toBe('off');
  await page.close();
});

test('a change made while the labels are on their way is seen by the next click', async () => {
  const { page, url } = await openPage(READER.route);
  // The extractor takes 400 ms; the page changes 100 ms into the click.
  await worker.evaluate(async () => {
    const wce = await self.wce.getExtractor();
    const real = Object.getPrototypeOf(wce).classify;
    wce.classify = function (...a) { const t = Date.now(); while (Date.now() - t < 400); return real.apply(this, a); };
  });
  try {
    await page.evaluate(() => setTimeout(() => {
      const p = [...document.querySelectorAll('article p')].find((x) => x.textContent.includes('Pick the outer leaves'));
      p.append(' Changed during the click.');
    }, 100));
    const first = await setHighlight(url, { on: true, extractor: 'readability' });
    expect(first.state).toBe('on');
  } finally {
    await worker.evaluate(async () => { delete (await self.wce.getExtractor()).classify; });
  }
  expect((await setHighlight(url, { on: false })).state).toBe('off');
  const next = await setHighlight(url, { on: true, extractor: 'readability' });
  expect(next.timing.unchanged, JSON.stringify(next.timing)).toBeUndefined();
  expect((await readHighlights(page)).text).toContain('Changed during the click.');
  expect((await setHighlight(url, { on: false })).state).toBe('off');
  await page.close();
});

test('a new colour on the same page replaces the highlight style; off leaves the page as it was', async () => {
  const { page, url } = await openPage(FIXTURE.route);
  const before = await outerHTML(page);
  expect(await inIsolatedWorld(url, 'disableHighlightApi')).toBe(true);
  const blue = await setHighlight(url, { on: true, extractor: 'readability', color: '#3366ff' });
  expect(blue.state, JSON.stringify(blue)).toBe('on');
  expect((await readMarks(page)).background).toBe('rgba(51, 102, 255, 0.45)');
  const red = await setHighlight(url, { on: true, extractor: 'readability', color: '#ff0000', repaint: true });
  expect(red.state, JSON.stringify(red)).toBe('on');
  expect((await readMarks(page)).background).toBe('rgba(255, 0, 0, 0.45)');
  expect((await setHighlight(url, { on: false })).state).toBe('off');
  expect((await readMarks(page)).count).toBe(0);
  expect(await outerHTML(page)).toBe(before);
  // The same colour again: the style in the document is reused.
  expect((await setHighlight(url, { on: true, extractor: 'readability', color: '#ff0000' })).state).toBe('on');
  expect((await readMarks(page)).background).toBe('rgba(255, 0, 0, 0.45)');
  expect((await setHighlight(url, { on: false })).state).toBe('off');
  expect(await outerHTML(page)).toBe(before);
  await page.close();
});

// ------------------------------------------------------------------ live pages
test('live pages: text the page adds after the highlight is highlighted too, and off restores the page exactly', async () => {
  const LATE = 'A late paragraph about sowing lettuce under the cold frame glass, added by the page ' +
    'after it had loaded, long enough and plain enough to count as part of the article.';
  const addLate = (page) => page.evaluate((t) => {
    const p = document.createElement('p');
    p.textContent = t;
    document.querySelector('article').appendChild(p);
  }, LATE);
  // The page as it should be after off: the fixture plus the late paragraph.
  const ref = await openPage(READER.route);
  await addLate(ref.page);
  const expected = await outerHTML(ref.page);
  await ref.page.close();
  for (const fallback of [false, true]) {
    const what = fallback ? '<mark> fallback' : 'Highlight API';
    const { page, url } = await openPage(READER.route);
    if (fallback) expect(await inIsolatedWorld(url, 'disableHighlightApi')).toBe(true);
    const on = await setHighlight(url, { on: true, extractor: 'readability' });
    expect(on.state, what).toBe('on');
    const painted = () => (fallback ? readMarks(page) : readHighlights(page)).then((h) => (h ? h.text : ''));
    expect(await painted(), what).not.toContain('late paragraph');
    await addLate(page);
    await expect.poll(painted, { message: `${what}: the late text gets highlighted`, timeout: 10_000 })
      .toContain('late paragraph about sowing');
    // The page's own text is still highlighted too.
    expect(await painted(), what).toContain('Which leaves to sow');
    const off = await setHighlight(url, { on: false });
    expect(off.state, what).toBe('off');
    expect(await outerHTML(page), what).toBe(expected);
    // Off means off: later changes are not followed.
    await page.evaluate(() => { document.querySelector('article').appendChild(document.createElement('p')).textContent = 'More.'; });
    await page.waitForTimeout(800);
    expect(await page.evaluate(() => CSS.highlights ? CSS.highlights.size : 0), what).toBe(0);
    expect(await page.evaluate(() => document.querySelectorAll('mark[data-wce]').length), what).toBe(0);
    await page.close();
  }
});

// ------------------------------------------------------------------ hostile pages
// The page never sees the extension: a page that poisons the DOM's and the
// language's globals gets none of our calls, and highlight, reader view and
// off work as on any page, in both painting modes.
test('hostile pages: a page that redefines Node.prototype, Array.prototype.push, CSS.highlights... is highlighted and restored exactly', async () => {
  for (const fallback of [false, true]) {
    const what = fallback ? '<mark> fallback' : 'Highlight API';
    const { page, url, errors } = await openPage('/hostile/globals');
    const before = await outerHTML(page);
    if (fallback) expect(await inIsolatedWorld(url, 'disableHighlightApi')).toBe(true);
    await page.evaluate(() => window.__beHostile());
    const on = await setHighlight(url, { on: true, extractor: 'readability' });
    expect(on.state, `${what}: ${JSON.stringify(on)}`).toBe('on');
    expect(on.mode, what).toBe(fallback ? 'mark' : 'highlight');
    expectArticle(await inIsolatedWorld(url, 'readPaint'), FIXTURE_GOLD);
    if (!fallback) expect(await inIsolatedWorld(url, 'outerHTML'), what).toBe(before);
    const doc = await worker.evaluate(async (tabId) => {
      const r = await self.wce.openReader(tabId, 'readability');
      const tab = await chrome.tabs.get(r.readerTabId).catch(() => null);
      if (tab) await chrome.tabs.remove(tab.id);
      return r;
    }, await tabIdOf(url));
    expect(doc.ok, `${what}: reader view ${JSON.stringify(doc)}`).toBe(true);
    expect((await setHighlight(url, { on: false })).state, what).toBe('off');
    expect(await inIsolatedWorld(url, 'outerHTML'), what).toBe(before);
    // The page's globals are still its own, and none of them was called.
    expect(await page.evaluate(() => window.__hostileIntact()), what).toBe(0);
    expect(errors, what).toEqual([]);
    await page.close();
  }
});

// The page clears every highlight and moves its DOM around every millisecond,
// while the page is encoded, labelled and painted; when it calms down the
// live highlight comes back, and off leaves the page as it was.
test('hostile pages: a page that removes our highlight and mutates the DOM during classification', async () => {
  for (const fallback of [false, true]) {
    const what = fallback ? '<mark> fallback' : 'Highlight API';
    const { page, url, errors } = await openPage('/hostile/chaos');
    const before = await outerHTML(page);
    if (fallback) expect(await inIsolatedWorld(url, 'disableHighlightApi')).toBe(true);
    await page.evaluate(() => window.__chaosStart());
    for (let round = 0; round < 3; round++) {
      const on = await setHighlight(url, { on: true, extractor: 'readability' });
      expect(on.state, `${what}: ${JSON.stringify(on)}`).toBe('on');
      await page.waitForTimeout(50);
      expect((await setHighlight(url, { on: false })).state, what).toBe('off');
    }
    const on = await setHighlight(url, { on: true, extractor: 'readability' });
    expect(on.state, what).toBe('on');
    await page.waitForTimeout(100);
    const chaos = await page.evaluate(() => { window.__chaosStop(); return window.__chaos; });
    expect(chaos.ticks, what).toBeGreaterThan(10);
    if (!fallback) expect(chaos.clears, `${what}: the page did remove our highlight`).toBeGreaterThan(0);
    // Quiet again: the live highlight (content.js) labels the page again and paints it.
    await expect.poll(async () => words(await inIsolatedWorld(url, 'readPaint')).length,
      { message: `${what}: the highlight comes back`, timeout: 10_000 }).toBeGreaterThan(50);
    expectArticle(await inIsolatedWorld(url, 'readPaint'), FIXTURE_GOLD);
    expect((await setHighlight(url, { on: false })).state, what).toBe('off');
    expect(await outerHTML(page), what).toBe(before);
    expect(errors, what).toEqual([]);
    await page.close();
  }
});

// Same-origin frames are read and painted inside (their own CSS.highlights,
// or <mark>s in their DOM), a srcdoc frame too; everything is restored.
test('hostile pages: a page with the article inside an iframe', async () => {
  const { page, url, errors } = await openPage('/hostile/frame');
  const story = page.frameLocator('#story');
  await story.locator('article').waitFor();
  const subframes = () => page.frames().filter((f) => f !== page.mainFrame());
  const frameHtml = () => Promise.all(subframes().map((f) => f.evaluate(() => document.documentElement.outerHTML)));
  const framePaint = () => Promise.all(subframes().map((f) => f.evaluate(() => {
    const parts = [];
    const hl = CSS.highlights.get('wce-main');
    if (hl) for (const r of hl) parts.push(r.toString());
    for (const m of document.querySelectorAll('mark[data-wce]')) parts.push(m.textContent);
    return parts.join('\n');
  })));
  const before = await outerHTML(page);
  const framesBefore = await frameHtml();
  expect(framesBefore.length).toBe(2);
  for (const fallback of [false, true]) {
    const what = fallback ? '<mark> fallback' : 'Highlight API';
    if (fallback) expect(await inIsolatedWorld(url, 'disableHighlightApi')).toBe(true);
    const on = await setHighlight(url, { on: true, extractor: 'all_text' });
    expect(on.state, `${what}: ${JSON.stringify(on)}`).toBe('on');
    const painted = await inIsolatedWorld(url, 'readPaint');
    expect(painted, what).toContain('Below the frame');
    const inFrames = (await framePaint()).join('\n');
    expect(inFrames, what).toContain('Skerry Vane');
    expect(inFrames, what).toContain('inline frame with a sentence');
    if (!fallback) expect(await frameHtml(), what).toEqual(framesBefore);
    expect((await setHighlight(url, { on: false })).state, what).toBe('off');
    expect(await outerHTML(page), what).toBe(before);
    expect(await frameHtml(), what).toEqual(framesBefore);
    expect((await framePaint()).join(''), what).toBe('');
  }
  expect(errors).toEqual([]);
  await page.close();
});

// Open shadow roots and same-origin frames are read in the order the page
// shows them (a slot shows its assigned light-DOM nodes), highlighted inside,
// and left exactly as they were; a sandboxed frame and a closed shadow root
// are not read.
test('open shadow roots and same-origin frames are highlighted, and restored exactly', async () => {
  const { page, url, errors } = await openPage('/composed');
  await page.frameLocator('#story').locator('article').waitFor();
  const story = page.frames().find((f) => f.url().endsWith('/fixture'));
  const sealed = page.frames().find((f) => f !== page.mainFrame() && f !== story);
  const shadow = () => page.evaluate(() => {
    const root = document.getElementById('host').shadowRoot;
    const parts = [];
    const hl = CSS.highlights.get('wce-main');
    if (hl) for (const r of hl) if (r.startContainer.getRootNode() === root) parts.push(r.toString());
    for (const m of root.querySelectorAll('mark[data-wce]')) parts.push(m.textContent);
    return { html: root.innerHTML, sheets: root.adoptedStyleSheets.length, painted: parts.join('\n') };
  });
  const frameState = (f) => f.evaluate(() => {
    const parts = [];
    const hl = CSS.highlights.get('wce-main');
    if (hl) for (const r of hl) parts.push(r.toString());
    for (const m of document.querySelectorAll('mark[data-wce]')) parts.push(m.textContent);
    return { html: document.documentElement.outerHTML, sheets: document.adoptedStyleSheets.length, painted: parts.join('\n') };
  });
  const shot = (sel) => page.locator(sel).screenshot({ animations: 'allow' });
  const before = { top: await outerHTML(page), shadow: await shadow(), story: await frameState(story),
    sealed: await frameState(sealed), hostShot: await shot('#host'), storyShot: await shot('#story') };
  expect(before.shadow.sheets).toBe(1);
  for (const fallback of [false, true]) {
    const what = fallback ? '<mark> fallback' : 'Highlight API';
    if (fallback) expect(await inIsolatedWorld(url, 'disableHighlightApi')).toBe(true);
    const on = await setHighlight(url, { on: true, extractor: 'all_text' });
    expect(on.state, `${what}: ${JSON.stringify(on)}`).toBe('on');
    const top = await inIsolatedWorld(url, 'readPaint');
    expect(top, what).toContain('top paragraph');
    expect(top, what).not.toContain('closed shadow');
    const sh = await shadow();
    expect(sh.painted, what).toContain('shadow paragraph');
    expect(sh.painted, what).toContain('Inside the open shadow root');
    // The slotted paragraph is a light-DOM node: painted where the page shows it.
    expect(top, what).toContain('slotted paragraph');
    expect(sh.sheets, `${what}: our style joins the root's own`).toBe(2);
    const st = await frameState(story);
    expect(st.painted, what).toContain('Skerry Vane');
    expect((await frameState(sealed)).painted, what).toBe('');
    // Painted for real inside the shadow root and the frame.
    await expect.poll(async () => (await shot('#host')).equals(before.hostShot), { message: `${what}: shadow painted` }).toBe(false);
    await expect.poll(async () => (await shot('#story')).equals(before.storyShot), { message: `${what}: frame painted` }).toBe(false);
    if (!fallback) {
      expect(await outerHTML(page), what).toBe(before.top);
      expect(sh.html, what).toBe(before.shadow.html);
      expect(st.html, what).toBe(before.story.html);
    }
    expect((await setHighlight(url, { on: false })).state, what).toBe('off');
    expect(await outerHTML(page), what).toBe(before.top);
    expect(await shadow(), what).toEqual(before.shadow);
    expect(await frameState(story), what).toEqual(before.story);
    expect(await frameState(sealed), what).toEqual(before.sealed);
    await expect.poll(async () => (await shot('#host')).equals(before.hostShot), { message: `${what}: shadow as before` }).toBe(true);
    await expect.poll(async () => (await shot('#story')).equals(before.storyShot), { message: `${what}: frame as before` }).toBe(true);
  }
  expect(errors).toEqual([]);
  await page.close();
});

test('a later click sees changes inside open shadow roots and same-origin frames', async () => {
  const { page, url } = await openPage('/composed');
  await page.frameLocator('#story').locator('article').waitFor();
  const story = page.frames().find((f) => f.url().endsWith('/fixture'));
  const on = () => setHighlight(url, { on: true, extractor: 'all_text' });
  const off = async () => expect((await setHighlight(url, { on: false })).state).toBe('off');
  expect((await on()).state).toBe('on');
  await off();
  const again = await on();
  expect(again.timing.unchanged, JSON.stringify(again.timing)).toBe(true);
  await off();
  // Text added inside the frame while off: encoded and labelled anew, painted.
  await story.evaluate(() => { document.querySelector('article p').append(' Frame text added while off.'); });
  const framed = await on();
  expect(framed.timing.unchanged, JSON.stringify(framed.timing)).toBeUndefined();
  expect(framed.timing.reused, JSON.stringify(framed.timing)).toBeUndefined();
  expect(await story.evaluate(() => [...CSS.highlights.get('wce-main')].map((r) => r.toString()).join('\n')))
    .toContain('Frame text added while off.');
  await off();
  // And inside the open shadow root.
  await page.evaluate(() => { document.getElementById('host').shadowRoot.querySelector('p').append(' Shadow text added.'); });
  const shadowed = await on();
  expect(shadowed.timing.unchanged, JSON.stringify(shadowed.timing)).toBeUndefined();
  expect(await inIsolatedWorld(url, 'readPaint')).toContain('Shadow text added.');
  await off();
  await page.close();
});

// MANY_TEXT_NODES text nodes (WCE_E2E_MANY overrides it; bench/extension_many.js
// times larger pages): highlighted with the default extractor, and restored.
const MANY_TEXT_NODES = Number(process.env.WCE_E2E_MANY || 1_000_000);
test(`hostile pages: ${MANY_TEXT_NODES.toLocaleString('en')} text nodes are highlighted and restored`, async () => {
  test.setTimeout(600_000);
  const { page, url, errors } = await openPage(`/many?n=${MANY_TEXT_NODES}`);
  await page.waitForFunction(() => document.title === 'Many ready', null, { timeout: 120_000 });
  const before = await outerHTML(page);
  const t0 = Date.now();
  const on = await setHighlight(url, { on: true, extractor: 'readability' });
  const onMs = Date.now() - t0;
  expect(on.state, JSON.stringify(on).slice(0, 500)).toBe('on');
  expect(on.textNodes).toBeGreaterThanOrEqual(MANY_TEXT_NODES);
  expect(on.highlighted).toBeGreaterThan(MANY_TEXT_NODES / 2);
  if (process.env.WCE_E2E_VERBOSE) console.log('many', MANY_TEXT_NODES, 'on ms', onMs, JSON.stringify(on.timing));
  expect((await setHighlight(url, { on: false })).state).toBe('off');
  expect(await outerHTML(page) === before, 'DOM as before').toBe(true);
  expect(await page.evaluate(() => document.querySelectorAll('#many > p').length)).toBe(Math.ceil(MANY_TEXT_NODES / 100));
  expect(errors).toEqual([]);
  await page.close();
});

// ------------------------------------------------------------------ robustness
test('a huge page and 100,000-deep nesting: highlight, reader view and restoration work', async () => {
  // all_text on /deep: every level's text is chosen, so highlight and reader
  // view really go down all 100,000 levels.
  for (const [route, extractor, minWords] of [['/huge', 'bte', 1000], ['/deep', 'all_text', 1000]]) {
    const { page, url, errors } = await openPage(route);
    if (route === '/deep') await page.waitForFunction(() => document.title === 'Deep ready');
    const before = await domSnapshot(page);
    const on = await setHighlight(url, { on: true, extractor });
    expect(on.state, `${route}: ${JSON.stringify(on)}`).toBe('on');
    expect(on.highlighted, route).toBeGreaterThan(100);
    if (process.env.WCE_E2E_VERBOSE) console.log(route, on.textNodes, 'text nodes', JSON.stringify(on.timing));
    const doc = await worker.evaluate(async (id) => {
      const r = await self.wce.openReader(id.tabId, id.extractor);
      const tab = await chrome.tabs.get(r.readerTabId).catch(() => null);
      if (tab) await chrome.tabs.remove(tab.id);
      return r;
    }, { tabId: await tabIdOf(url), extractor });
    expect(doc.ok, `${route}: ${JSON.stringify(doc)}`).toBe(true);
    expect(doc.words, route).toBeGreaterThan(minWords);
    expect((await setHighlight(url, { on: false })).state).toBe('off');
    // The page still answers and is unchanged.
    expect(await page.evaluate(() => document.body.childElementCount)).toBeGreaterThan(0);
    expect(await domSnapshot(page) === before, `${route}: DOM as before`).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  }
});

test('when the extractor fails, the popup says so and the page is left alone', async () => {
  await resetSettings();
  const { page, url } = await openPage(FIXTURE.route);
  const before = await outerHTML(page);
  const tabId = await tabIdOf(url);
  // 1. The WebAssembly module does not load.
  await worker.evaluate(() => { self.__wceSavedWCE = self.WCE; self.WCE = undefined; self.wce.dropExtractor(); });
  try {
    const popup = await openPopup(tabId);
    expect(await popup.isVisible('#error')).toBe(true);
    expect(await popup.textContent('#error')).toContain('text finder could not start');
    expect(await popup.textContent('#errorRaw')).toContain('WebAssembly');
    expect(await popup.$eval('#highlight', (b) => b.disabled)).toBe(true);
    expect(await popup.$eval('#reader', (b) => b.disabled)).toBe(true);
    await popup.close();
  } finally {
    await worker.evaluate(() => { self.WCE = self.__wceSavedWCE; self.wce.dropExtractor(); });
  }
  expect(await outerHTML(page)).toBe(before);
  // 2. The module loads but fails on this page.
  await worker.evaluate(async () => {
    const wce = await self.wce.getExtractor();
    wce.classify = () => { throw new Error('injected failure'); };
  });
  try {
    const popup = await openPopup(tabId);
    await popupIdle(popup);
    expect(await popup.textContent('#error')).toContain('this page could not be highlighted');
    expect(await popup.textContent('#errorRaw')).toContain('injected failure');
    expect(await popup.$eval('#highlight', (b) => b.getAttribute('aria-pressed'))).toBe('false');
    await popup.click('#reader');
    await popup.waitForFunction(() => document.getElementById('error').textContent.includes('could not be shown in the reader view'));
    await popup.close();
  } finally {
    await worker.evaluate(async () => { delete (await self.wce.getExtractor()).classify; });
  }
  expect(await readHighlights(page)).toBeNull();
  expect(await outerHTML(page)).toBe(before);
  await page.close();
});

// Issue 11, hard limits: WebAssembly memory that cannot grow any further is a
// clear error, not an abort (wasm/bindings.cpp guarded()). Here the module
// really runs out of memory (100 MB of <i>x</i>: 25 million nodes do not fit
// into its 2 GB, as in tests/js/limits.test.js), inside the extension's
// worker, on the page's highlight request: the popup shows the error, the page
// is untouched, and the worker keeps the same extractor, which works next.
test('WebAssembly out of memory: the popup shows it, the page is left alone, the worker keeps its extractor', async () => {
  test.setTimeout(600_000);
  await resetSettings();
  const { page, url } = await openPage(FIXTURE.route);
  const before = await outerHTML(page);
  const tabId = await tabIdOf(url);
  await worker.evaluate(async () => {
    const wce = await self.wce.getExtractor();
    self.__wceOomInstance = wce;
    const huge = '<i>x</i>'.repeat(100 * 1024 * 1024 / 8);
    wce.classify = () => wce.extract(huge, { extractor: 'all_text' });
  });
  try {
    const popup = await openPopup(tabId);
    await popup.waitForFunction(() => document.body.dataset.state !== 'busy' &&
      document.getElementById('error').textContent !== '', null, { timeout: 480_000 });
    // Not "could not start ... restart the browser": the message names WebAssembly,
    // but the extractor is fine.
    expect(await popup.textContent('#error')).toContain('This page is too large for the text finder, so it could not be highlighted');
    expect(await popup.textContent('#errorRaw')).toMatch(
      /out of memory: the page needs more memory than WebAssembly can grow to \(heap \d+ MB, maximum 2048 MB\)/);
    expect(await popup.$eval('#highlight', (b) => b.getAttribute('aria-pressed'))).toBe('false');
    await popup.close();
  } finally {
    await worker.evaluate(async () => { delete (await self.wce.getExtractor()).classify; });
  }
  expect(await readHighlights(page)).toBeNull();
  expect(await outerHTML(page)).toBe(before);
  expect(await worker.evaluate(async () => (await self.wce.getExtractor()) === self.__wceOomInstance),
    'the worker kept its WebAssembly instance').toBe(true);
  expect((await toggle(url)).state).toBe('on');
  expect(await readHighlights(page)).not.toBeNull();
  expect((await toggle(url)).state).toBe('off');
  expect(await outerHTML(page)).toBe(before);
  await worker.evaluate(() => { delete self.__wceOomInstance; });
  await page.close();
});

test('on a page extensions may not script, the popup says so', async () => {
  const page = await context.newPage();
  await page.goto('about:blank');
  const tabId = await worker.evaluate(async () => {
    const tabs = await chrome.tabs.query({});
    return tabs.find((t) => !t.url || t.url === 'about:blank').id;
  });
  const popup = await openPopup(tabId);
  // In words for people; the browser's own message only under "Details".
  expect(await popup.textContent('#error')).toContain('Your browser does not let extensions read this page');
  expect(await popup.textContent('#error')).not.toMatch(/manifest|permission|chrome:/i);
  expect(await popup.$eval('#highlight', (b) => b.disabled)).toBe(true);
  await popup.close();
  await page.close();
});

// The shipped build, on its own: it loads, and without the click that grants
// activeTab it can do nothing to a page (it has no host permissions).
test('the shipped Chrome build asks for activeTab + scripting + storage only and cannot touch a page unasked', async () => {
  const dir = path.join(ROOT, 'build', 'extension', 'chrome');
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
  expect(manifest.permissions.sort()).toEqual(['activeTab', 'scripting', 'storage']);
  expect(manifest.host_permissions).toBeUndefined();
  // Asked for only if the user turns on "ready before you click" (options
  // page): not granted, nothing registered until then (checked below).
  expect(manifest.optional_host_permissions).toEqual(['http://*/*', 'https://*/*']);
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
    await ctx.route((url) => /^https?:$/.test(url.protocol) && url.hostname !== '127.0.0.1',
      (route) => route.abort());
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
      return { extractors: wce.extractors().length, results,
        granted: await chrome.permissions.contains({ origins: ['http://*/*'] }),
        registered: (await chrome.scripting.getRegisteredContentScripts()).length };
    });
    expect(res.extractors).toBeGreaterThan(0);
    expect(res.granted).toBe(false);
    expect(res.registered).toBe(0);
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
  // Firefox MV3: an event page (background.scripts), never a service worker,
  // with the gecko settings; the same pages and permissions as Chrome.
  const ff = JSON.parse(fs.readFileSync(path.join(ROOT, 'build', 'extension', 'firefox', 'manifest.json'), 'utf8'));
  const cr = JSON.parse(fs.readFileSync(path.join(ROOT, 'build', 'extension', 'chrome', 'manifest.json'), 'utf8'));
  expect(ff.background.service_worker).toBeUndefined();
  expect(ff.background.scripts[ff.background.scripts.length - 1]).toBe('background.js');
  expect(ff.browser_specific_settings.gecko.id).toBeTruthy();
  expect(cr.background).toEqual({ service_worker: 'background.js' });
  expect(cr.browser_specific_settings).toBeUndefined();
  for (const key of ['permissions', 'action', 'options_ui', 'commands', 'content_security_policy']) {
    expect(ff[key], key).toEqual(cr[key]);
  }
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

test('"ready before you click" (opt-in): off by default; when on, the page is labelled at load, the click paints at once, off restores the page', async () => {
  await resetSettings();
  // Off by default, and said so in plain words on the options page.
  const options = await context.newPage();
  await options.goto(`chrome-extension://${extensionId}/options.html`);
  await options.waitForFunction(() => !document.getElementById('extractor').disabled);
  expect(await options.isChecked('#instant')).toBe(false);
  expect((await options.textContent('#instant-help')).replace(/\s+/g, ' ')).toContain('reads every web page you open');
  await options.close();
  const registered = () => worker.evaluate(async () => (await chrome.scripting.getRegisteredContentScripts()).map((s) => s.id));
  expect(await registered()).toEqual([]);

  // On (the test build has the host permission for 127.0.0.1 already; a
  // user grants it from the options page's click).
  await worker.evaluate(() => chrome.storage.local.set({ instant: true, extractor: 'readability' }));
  await expect.poll(registered).toEqual(['wce-instant']);
  const { page, url } = await openPage(READER.route);
  await expect.poll(() => inIsolatedWorld(url, 'injected')).toBe(true);
  const before = await outerHTML(page);
  const first = await setHighlight(url, { on: true, extractor: 'readability' });
  expect(first.state, JSON.stringify(first)).toBe('on');
  // Labelled when the page loaded: the click neither injects nor encodes.
  expect(first.timing.unchanged, JSON.stringify(first.timing)).toBe(true);
  expect(first.timing.background.injectAt).toBeUndefined();
  const painted = (await readHighlights(page)).text;
  expectArticle(painted, READER.gold);
  expect(await outerHTML(page)).toBe(before);
  expect((await setHighlight(url, { on: false })).state).toBe('off');
  expect(await outerHTML(page)).toBe(before);
  // The same labels as a labelling at the click.
  const anew = await setHighlight(url, { on: true, extractor: 'readability', fresh: true });
  expect(anew.timing.roundTripMs).toBeGreaterThan(0);
  expect((await readHighlights(page)).text).toBe(painted);
  expect((await setHighlight(url, { on: false })).state).toBe('off');
  await page.close();

  // A page changed after it loaded is labelled anew at the click.
  const later = await openPage(READER.route);
  await expect.poll(() => inIsolatedWorld(later.url, 'injected')).toBe(true);
  const changedBefore = await later.page.evaluate(() => {
    const p = [...document.querySelectorAll('article p')].find((x) => x.textContent.includes('Pick the outer leaves'));
    p.textContent += ' Added after the page loaded.';
    return document.documentElement.outerHTML;
  });
  const changed = await setHighlight(later.url, { on: true, extractor: 'readability' });
  expect(changed.timing.unchanged, JSON.stringify(changed.timing)).toBeUndefined();
  expect((await readHighlights(later.page)).text).toContain('Added after the page loaded.');
  expect((await setHighlight(later.url, { on: false })).state).toBe('off');
  expect(await outerHTML(later.page)).toBe(changedBefore);
  await later.page.close();

  // Off again: nothing registered, and a new page is injected only at the click.
  await resetSettings();
  await expect.poll(registered).toEqual([]);
  const plain = await openPage(READER.route);
  const click = await setHighlight(plain.url, { on: true, extractor: 'readability' });
  expect(click.timing.atInjection, JSON.stringify(click.timing)).toBe(true);
  expect((await setHighlight(plain.url, { on: false })).state).toBe('off');
  await plain.page.close();
});
