#!/usr/bin/env node
// The extension's highlight on big pages: time per size, the page's longest
// main-thread task, against native `wce extract` on the same page.
//
//   node bench/extension_big_pages.js [--sizes 1,2.5,5,10,20] [--extractor ensemble]
//        [--ext DIR] [--cli PATH] [--runs N] [--out FILE.md]
//
// Pages: bench/lib/big_page.cjs, news stories of readability.jsonl.gz and
// l3s-gn1.jsonl.gz (../shared/datasets, or WCE_DATASETS_DIR) repeated until
// the page has the size (MB = 10^6 bytes of HTML), served on 127.0.0.1;
// every other request is aborted.
// Per size and run: a fresh tab, loaded and settled; then the highlight is
// asked from the service worker (self.wce.setHighlight, what the popup and
// the shortcut call), timed there from the call to its answer: a first
// click (the page is injected, encodes itself and is labelled). In the page,
// a PerformanceObserver records the long tasks ('longtask': Chromium leaves
// out the extension's own scripts, it seems: see the results) and the long
// animation frames ('long-animation-frame', which include them) from the
// call to the answer, and a 10 ms interval timer the longest gap between its
// ticks (how long the page's own timers stood still).
// Native: `wce extract --extractor E FILE` on the same HTML, wall time of
// the process (best of --runs).
// --ext: another build of the extension (e.g. one made from an older commit),
// default build/extension/chrome-test (`node scripts/build_extension.mjs --test`).
'use strict';
const { chromium } = require('@playwright/test');
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const { datasetStories, bigPage } = require('./lib/big_page.cjs');

const ROOT = path.resolve(__dirname, '..');
const DATASETS = process.env.WCE_DATASETS_DIR || path.resolve(ROOT, '..', 'shared', 'datasets');
const STORIES = 40;
const SETTLE_MS = 1000;

function args() {
  const a = process.argv.slice(2);
  const o = { sizes: [1, 2.5, 5, 10, 20], extractor: 'ensemble', runs: 1, out: null,
    ext: path.join(ROOT, 'build', 'extension', 'chrome-test'), cli: path.join(ROOT, 'build', 'native', 'wce') };
  for (let i = 0; i < a.length; i++) {
    if (a[i] === '--sizes') o.sizes = a[++i].split(',').map(Number);
    else if (a[i] === '--extractor') o.extractor = a[++i];
    else if (a[i] === '--runs') o.runs = Number(a[++i]);
    else if (a[i] === '--out') o.out = a[++i];
    else if (a[i] === '--ext') o.ext = path.resolve(a[++i]);
    else if (a[i] === '--cli') o.cli = path.resolve(a[++i]);
    else throw new Error('unknown argument ' + a[i]);
  }
  return o;
}

// Before any page script: long tasks and timer gaps, from window.__wceBenchFrom on.
const PAGE_PROBE = `
window.__wceBench = { tasks: [], frames: [], maxGap: 0, from: Infinity };
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__wceBench.tasks.push({ start: e.startTime, ms: e.duration });
  }).observe({ type: 'longtask', buffered: true });
} catch (e) { window.__wceBench.noObserver = true; }
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      // Where the frame's time went: scripts (by source) and style and layout.
      const scripts = (e.scripts || []).map((x) => ({ ms: Math.round(x.duration), what: String(x.invoker || '').slice(0, 60),
        src: String(x.sourceURL || '').split('/').pop().slice(0, 40) })).filter((x) => x.ms >= 5);
      const style = e.styleAndLayoutStart ? Math.round(e.startTime + e.duration - e.styleAndLayoutStart) : 0;
      window.__wceBench.frames.push({ start: e.startTime, ms: e.duration, blocking: e.blockingDuration, style, scripts });
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
} catch (e) { /* older Chromium */ }
let last = performance.now();
setInterval(() => {
  const now = performance.now();
  if (now >= window.__wceBench.from) window.__wceBench.maxGap = Math.max(window.__wceBench.maxGap, now - last);
  last = now;
}, 10);
`;

function nativeMs(cli, extractor, file, runs) {
  let best = Infinity;
  for (let r = 0; r < runs; r++) {
    const t0 = process.hrtime.bigint();
    execFileSync(cli, ['extract', '--extractor', extractor, file], { stdio: ['ignore', 'ignore', 'inherit'], maxBuffer: 1 << 30 });
    best = Math.min(best, Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return best;
}

async function main() {
  const o = args();
  if (!fs.existsSync(path.join(o.ext, 'manifest.json'))) throw new Error(`no extension at ${o.ext}: node scripts/build_extension.mjs --test`);
  if (!fs.existsSync(o.cli)) throw new Error(`no wce at ${o.cli} (--cli PATH)`);
  const stories = datasetStories(DATASETS, STORIES);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wce-big-'));
  const pages = o.sizes.map((mb) => {
    const html = bigPage(stories, mb * 1e6);
    const file = path.join(tmp, `page-${mb}.html`);
    fs.writeFileSync(file, html);
    return { mb, html, file, bytes: Buffer.byteLength(html) };
  });
  const server = http.createServer((req, res) => {
    const m = /^\/p\/(\d+)$/.exec(req.url);
    if (!m || !pages[Number(m[1])]) return res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(pages[Number(m[1])].html);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${server.address().port}`;
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'wce-big-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium', headless: false, ignoreDefaultArgs: ['--disable-extensions'],
    viewport: { width: 1280, height: 900 },
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', `--disable-extensions-except=${o.ext}`, `--load-extension=${o.ext}`],
  });
  await context.route((url) => /^https?:$/.test(url.protocol) && !url.href.startsWith(base + '/p/'), (r) => r.abort());
  await context.addInitScript(PAGE_PROBE);
  const worker = context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://')) ||
    await context.waitForEvent('serviceworker', { timeout: 30000 });
  await worker.evaluate(() => self.wce.getExtractor());

  const rows = [];
  for (let i = 0; i < pages.length; i++) {
    const p = pages[i];
    const native = nativeMs(o.cli, o.extractor, p.file, Math.max(1, o.runs));
    for (let run = 0; run < o.runs; run++) {
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      const url = `${base}/p/${i}`;
      const tl = Date.now();
      await page.goto(url, { waitUntil: 'load', timeout: 600000 });
      const loadMs = Date.now() - tl;
      await page.waitForTimeout(SETTLE_MS);
      const tabId = await worker.evaluate(async (u) => (await chrome.tabs.query({})).find((t) => t.url === u).id, url);
      await page.evaluate(() => { window.__wceBench.from = performance.now(); window.__wceBench.maxGap = 0; });
      const r = await worker.evaluate(async ({ id, extractor }) => {
        const t0 = performance.now();
        const res = await self.wce.setHighlight(id, { on: true, extractor });
        return { ms: performance.now() - t0, res };
      }, { id: tabId, extractor: o.extractor });
      await page.waitForTimeout(300); // the last frames of the paint
      const probe = await page.evaluate(() => {
        const b = window.__wceBench;
        const tasks = b.tasks.filter((t) => t.start >= b.from);
        const frames = b.frames.filter((t) => t.start >= b.from);
        return { noObserver: !!b.noObserver, maxGap: b.maxGap, longest: tasks.reduce((m, t) => Math.max(m, t.ms), 0),
          over50: tasks.length, over100: tasks.filter((t) => t.ms > 100).length,
          longestFrame: frames.reduce((m, t) => Math.max(m, t.ms), 0),
          frameDetail: frames.slice().sort((a, b) => b.ms - a.ms).slice(0, 3) };
      });
      const off = await worker.evaluate((id) => self.wce.setHighlight(id, { on: false }), tabId);
      const res = r.res;
      const t = res.timing || {};
      // The click's phases from the stamps of the worker and the page (ms since the epoch).
      const m = Object.assign({}, t.marks || {});
      const bg = t.background || {};
      const span = (a, b) => (typeof a === 'number' && typeof b === 'number' ? Math.round(b - a) : undefined);
      const phases = {
        inject: span(bg.injectAt, m.evalAt), toEncode: span(m.evalAt, m.encodeAt), encodeSend: span(m.encodeAt, m.sentAt),
        labels: span(m.sentAt, m.labelsAt), toRun: span(bg.startAt, m.runAt), runToPaint: span(m.runAt, m.paintAt),
        paint: span(m.paintAt, m.doneAt), back: span(m.doneAt, bg.resultAt),
      };
      rows.push({
        mb: p.mb, bytes: p.bytes, run, loadMs, ms: r.ms, native, state: res.state, error: res.error,
        textNodes: res.textNodes, highlighted: res.highlighted, painted: res.painted,
        encodeMs: t.encodeMs, roundTripMs: t.roundTripMs, workerMs: t.worker ? t.worker.backgroundMs : undefined,
        paintMs: t.paintMs, slices: t.slices, phases, sent: t.sent, ...probe, off: off.state, errors: errors.length,
      });
      const last = rows[rows.length - 1];
      console.log(JSON.stringify(last));
      await page.close();
    }
  }
  await context.close();
  server.close();
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.rmSync(profile, { recursive: true, force: true });

  const f = (v, d = 0) => (typeof v === 'number' && Number.isFinite(v) ? v.toFixed(d) : '–');
  const lines = [
    `| page | HTML bytes | text nodes | highlight (ms) | per MB (ms) | native \`wce extract\` (ms) | ratio | encode (ms) | round trip (ms) | worker (ms) | paint (ms) | longest task (ms) | tasks > 50 ms | tasks > 100 ms | longest animation frame (ms) | longest timer gap (ms) | painted | sent (characters) | of which attribute section |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|',
  ];
  for (const r of rows) {
    lines.push(`| ${r.mb} MB | ${r.bytes} | ${r.textNodes} | ${f(r.ms)} | ${f(r.ms / (r.bytes / 1e6))} | ${f(r.native)} | ${f(r.ms / r.native, 1)} | ` +
      `${f(r.encodeMs)} | ${f(r.roundTripMs)} | ${f(r.workerMs)} | ${f(r.paintMs)} | ${f(r.longest)} | ${r.over50} | ${r.over100} | ${f(r.longestFrame)} | ${f(r.maxGap)} | ${r.painted || r.state} | ` +
      `${r.sent ? r.sent.nodes + r.sent.strings + r.sent.attrs + r.sent.attrStrings : '–'} | ${r.sent ? r.sent.attrs + r.sent.attrStrings : '–'} |`);
  }
  const table = lines.join('\n');
  console.log(table);
  if (o.out) {
    const cmd = 'node bench/extension_big_pages.js ' + process.argv.slice(2).join(' ');
    fs.writeFileSync(o.out, `# Extension highlight on big pages\n\nCommand: \`${cmd}\`\n\n` +
      `Machine: ${os.cpus().length} cores (${os.cpus()[0].model}), shared with other jobs (load average at the end: ${os.loadavg().map((x) => x.toFixed(1)).join(', ')}); ` +
      `Chromium ${context.browser() ? context.browser().version() : '(Debian)'} headless=new; extension ${path.relative(ROOT, o.ext)}; extractor ${o.extractor}.\n\n` +
      `Data: bench/lib/big_page.cjs, ${STORIES} stories of readability.jsonl.gz and l3s-gn1.jsonl.gz repeated to each size.\n\n` +
      table + '\n');
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
