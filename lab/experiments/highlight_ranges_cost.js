#!/usr/bin/env node
// What a CSS Custom Highlight of a whole big page costs the page (issue 30):
// the frame after CSS.highlights.set with one range per non-blank text node,
// with live Ranges and with StaticRanges, and the frames when the same
// ranges are added in ten parts to a highlight already registered (the
// browser re-checks every range of every highlight at each change, so each
// part's frame grows with all the ranges so far).
//
//   node lab/experiments/highlight_ranges_cost.js [--mb 5]
//
// Page: bench/lib/big_page.cjs at that size (40 stories of the datasets),
// Debian Chromium, no extension. Prints one JSON line (ms; longtask entries).
'use strict';
const { chromium } = require('@playwright/test');
const http = require('node:http');
const path = require('node:path');
const { datasetStories, bigPage } = require('../../bench/lib/big_page.cjs');

const DATASETS = process.env.WCE_DATASETS_DIR || path.resolve(__dirname, '..', '..', '..', 'shared', 'datasets');

async function main() {
  const a = process.argv.slice(2);
  const mb = a[0] === '--mb' ? Number(a[1]) : 5;
  const html = bigPage(datasetStories(DATASETS, 40), mb * 1e6);
  const server = http.createServer((req, res) => {
    if (req.url !== '/') return res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const page = await browser.newPage();
  await page.route((u) => !u.href.startsWith(base), (r) => r.abort());
  await page.goto(base + '/', { waitUntil: 'load', timeout: 600000 });
  const r = await page.evaluate(async () => {
    const longtasks = [];
    new PerformanceObserver((l) => { for (const e of l.getEntries()) longtasks.push(Math.round(e.duration)); }).observe({ type: 'longtask' });
    const frame = () => new Promise((res) => requestAnimationFrame(() => setTimeout(res, 0)));
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const nodes = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) if (/\S/.test(n.data)) nodes.push(n);
    const out = { ranges: nodes.length };
    let t = performance.now();
    await frame();
    out.frameWithout = Math.round(performance.now() - t);
    const live = new Highlight();
    for (const x of nodes) { const rg = document.createRange(); rg.selectNodeContents(x); live.add(rg); }
    t = performance.now();
    CSS.highlights.set('a', live);
    await frame();
    out.frameAllLive = Math.round(performance.now() - t);
    CSS.highlights.delete('a');
    await frame();
    const fixed = new Highlight();
    for (const x of nodes) fixed.add(new StaticRange({ startContainer: x, startOffset: 0, endContainer: x, endOffset: x.length }));
    t = performance.now();
    CSS.highlights.set('s', fixed);
    await frame();
    out.frameAllStatic = Math.round(performance.now() - t);
    CSS.highlights.delete('s');
    await frame();
    const parts = new Highlight();
    CSS.highlights.set('i', parts);
    out.framesInTenParts = [];
    const step = Math.ceil(nodes.length / 10);
    for (let i = 0; i < nodes.length; i += step) {
      for (const x of nodes.slice(i, i + step)) { const rg = document.createRange(); rg.selectNodeContents(x); parts.add(rg); }
      t = performance.now();
      await frame();
      out.framesInTenParts.push(Math.round(performance.now() - t));
    }
    await new Promise((res) => setTimeout(res, 100));
    out.longtasks = longtasks;
    return out;
  });
  console.log(JSON.stringify(Object.assign({ mb, bytes: Buffer.byteLength(html) }, r)));
  await browser.close();
  server.close();
}

main().catch((e) => { console.error(e); process.exit(1); });
