// The extension's test browser, shared by the extension specs that start
// their own: Debian's Chromium (headless=new, the mode that runs
// extensions) with build/extension/chrome-test loaded, offline but for a
// local server. See tests/e2e/extension.spec.js for why the test build.
'use strict';
const { chromium } = require('@playwright/test');
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..', '..');
const EXT_DIR = path.join(ROOT, 'build', 'extension', 'chrome-test');

// routes: Map(path -> html string or () => html string).
async function startExtensionBrowser(routes) {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build_extension.mjs'), '--test'], { stdio: 'inherit' });
  const server = http.createServer((req, res) => {
    const r = routes.get(new URL(req.url, 'http://x').pathname);
    if (r === undefined) return res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(typeof r === 'function' ? r() : r);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${server.address().port}`;
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wce-ext-profile-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: '/usr/bin/chromium', headless: false, ignoreDefaultArgs: ['--disable-extensions'],
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--hide-scrollbars',
      `--disable-extensions-except=${EXT_DIR}`, `--load-extension=${EXT_DIR}`],
  });
  await context.route((url) => /^https?:$/.test(url.protocol) && url.hostname !== '127.0.0.1', (route) => route.abort());
  const worker = context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://')) ||
    await context.waitForEvent('serviceworker', { timeout: 30_000 });
  const extensionId = new URL(worker.url()).host;
  const close = async () => {
    await context.close();
    await new Promise((r) => server.close(r));
    fs.rmSync(userDataDir, { recursive: true, force: true });
  };
  // A tab on one of the routes: {page, url, tabId, errors} (page errors, and
  // console errors when `consoleErrors`).
  const openPage = async (route, { consoleErrors = false } = {}) => {
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    if (consoleErrors) page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    const url = base + route;
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    const tabId = await worker.evaluate(async (u) => (await chrome.tabs.query({})).find((t) => t.url === u).id, url);
    return { page, url, tabId, errors };
  };
  // The popup for a tab, ready and not busy.
  const openPopup = async (tabId) => {
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${extensionId}/popup.html?tab=${tabId}`);
    await popup.waitForSelector('body[data-ready="true"]', { timeout: 120_000 });
    await popup.waitForFunction(() => document.body.dataset.state !== 'busy', null, { timeout: 120_000 });
    return popup;
  };
  return { context, worker, extensionId, base, close, openPage, openPopup };
}

module.exports = { startExtensionBrowser, ROOT };
