#!/usr/bin/env node
// What the big-page overlay (extension/overlay_painter.js) costs the page, in
// Chromium without the extension: the script time of one draw (a window of
// 2,000 text nodes, the band around the screen) and the two frames after it,
// with the overlay's blending (multiply) and without, and with no overlay.
//
//   node lab/experiments/overlay_frame_cost.js [MB]     (default 5)
//
// Page: bench/lib/big_page.cjs (../shared/datasets, or WCE_DATASETS_DIR).
'use strict';
const { chromium } = require('@playwright/test');
const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');
const ROOT = path.resolve(__dirname, '..', '..');
const { datasetStories, bigPage } = require(path.join(ROOT, 'bench', 'lib', 'big_page.cjs'));
const DATASETS = process.env.WCE_DATASETS_DIR || path.resolve(ROOT, '..', 'shared', 'datasets');
(async () => {
  const mb = Number(process.argv[2] || 5);
  const html = bigPage(datasetStories(DATASETS, 40), mb * 1e6);
  const painter = fs.readFileSync(path.join(ROOT, 'extension', 'overlay_painter.js'), 'utf8');
  const srv = http.createServer((q, r) => { if (q.url !== '/') { r.writeHead(404); r.end(); return; } r.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }); r.end(html); }).listen(0);
  const port = srv.address().port;
  const b = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: false, args: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  const p = await b.newPage({ viewport: { width: 1280, height: 900 } });
  await p.route('**', (r) => (r.request().url().startsWith('http://127.0.0.1:' + port + '/') ? r.continue() : r.abort()));
  await p.goto('http://127.0.0.1:' + port + '/', { timeout: 900000 });
  await p.addScriptTag({ content: painter });
  await p.waitForTimeout(1000);
  for (const variant of ['multiply', 'plain', 'multiply', 'plain', 'nothing']) {
    const r = await p.evaluate(async (variant) => {
      const frame = () => new Promise((res) => requestAnimationFrame(() => res()));
      await frame(); await frame();
      const tw = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const nodes = []; let n; while ((n = tw.nextNode())) if (n.data.trim()) nodes.push(n);
      const items = nodes.slice(0, 2000).map((x) => { const r = document.createRange(); r.selectNodeContents(x); return { cls: 'wce-main', range: r }; });
      const t0 = performance.now();
      let o = null, k = 0;
      if (variant !== 'nothing') {
        o = wceOverlayPainter.create(document, '.wce-main{background-color:rgba(255,214,0,0.45)}');
        if (variant === 'plain') o.host.style.setProperty('mix-blend-mode', 'normal', 'important');
        k = o.draw(items, innerHeight);
      }
      const t1 = performance.now();
      await new Promise((res) => setTimeout(res, 0));
      const t2 = performance.now();
      await frame(); const t3 = performance.now(); await frame(); const t4 = performance.now();
      if (o) o.remove();
      await frame(); await frame();
      return { variant, boxes: k, draw: +(t1 - t0).toFixed(1), frame1: +(t3 - t2).toFixed(1), frame2: +(t4 - t3).toFixed(1) };
    }, variant);
    console.log(JSON.stringify(r));
  }
  await b.close(); srv.close();
})();
