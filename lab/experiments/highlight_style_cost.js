#!/usr/bin/env node
// What adding the highlight style costs the page's main thread (issue 14).
//
//   node lab/experiments/highlight_style_cost.js [--pages N] [--big MB,MB,...] [--out FILE.md]
//
// --big: instead of the dataset pages, the big pages of bench/lib/big_page.cjs
// at those sizes (issue 30: what the style costs as the page grows).
//
// The extension's first click pays a stylesheet parse plus a style recalc of
// the whole document for its highlight CSS (lab/results/extension-latency-
// 2026-11-27.md, section 3). This bench asks which part of that CSS, and which
// way of adding it, causes the recalc. Each dataset page (the same pages as
// bench/extension_latency.js) is loaded once per variant in Debian Chromium
// (headless=new); once it has settled, code in an isolated world (as a
// content script runs) adds one sheet and forces style + layout
// (offsetHeight); the time of that task is recorded. Variants:
//   none          no sheet (the cost of the forced read itself)
//   class         a rule on a class no page has (a sheet the engine can skip)
//   hl-adopted    only the ::highlight(wce-*) rules, adoptedStyleSheets
//   hl1-adopted   only the ::highlight(wce-main) rule (no confidence bands)
//   root-hl-adopted  the ::highlight rules with :root as their subject
//   mark-adopted  only the mark[data-wce] fallback rules, adoptedStyleSheets
//   full-adopted  the extension's whole highlight CSS, adoptedStyleSheets
//   paint / paint-none  the ::highlight sheet added and settled first; then
//                 Ranges over every non-blank text node of <body> (more than
//                 the extension paints: an upper bound) in one Highlight,
//                 CSS.highlights.set, and the time until after the next frame
//                 (rAF, then a task); paint-none does the same without the set
//   full-style    the whole CSS in a <style> element (the nearest a page can
//                 get to scripting.insertCSS, which needs an extension)
// Variants are run in a rotated order per page so that drift hits all alike.
'use strict';

const fs = require('fs');
const path = require('path');
const vm = require('vm');
const { execSync } = require('child_process');
const { chromium } = require('@playwright/test');
const { loadBrowserPages, servePages } = require('../../bench/lib/dataset_pages.cjs');

const ROOT = path.resolve(__dirname, '../..');
const DATASETS = process.env.WCE_DATASETS_DIR || path.resolve(ROOT, '..', 'shared', 'datasets');
const SETTLE_MS = 150; // after load: let the page's own first style/layout/paint finish

function args() {
  const o = { pages: 54, out: null, big: null };
  const a = process.argv.slice(2);
  for (let i = 0; i < a.length; i++) {
    if (a[i] === '--pages') o.pages = Number(a[++i]);
    else if (a[i] === '--out') o.out = a[++i];
    else if (a[i] === '--big') o.big = a[++i].split(',').map(Number);
    else throw new Error('usage: node lab/experiments/highlight_style_cost.js [--pages N] [--big MB,...] [--out FILE.md]');
  }
  if (!(o.pages > 0)) throw new Error('--pages must be a positive number');
  return o;
}

// The extension's own CSS (settings.js), split into its two kinds of rule.
function extensionCss() {
  const box = {};
  vm.runInNewContext(fs.readFileSync(path.join(ROOT, 'extension', 'settings.js'), 'utf8'), { self: box });
  const full = box.wceSettings.highlightCss('#ffd600');
  const lines = full.split('\n').filter(Boolean);
  return {
    full,
    hl: lines.filter((l) => l.startsWith('::highlight')).join('\n'),
    mark: lines.filter((l) => l.startsWith('mark')).join('\n'),
  };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
};

async function main() {
  const o = args();
  const css = extensionCss();
  const variants = {
    none: null,
    class: { how: 'adopted', text: '.wce-no-such-class-7f{background-color:red}' },
    'hl-adopted': { how: 'adopted', text: css.hl },
    'hl1-adopted': { how: 'adopted', text: css.hl.split('\n')[0] },
    'root-hl-adopted': { how: 'adopted', text: css.hl.replace(/^::highlight/gm, ':root::highlight') },
    'mark-adopted': { how: 'adopted', text: css.mark },
    'full-adopted': { how: 'adopted', text: css.full },
    'full-style': { how: 'style', text: css.full },
    paint: { how: 'paint', text: css.hl, set: true },
    'paint-none': { how: 'paint', text: css.hl, set: false },
  };
  const names = Object.keys(variants);
  const pages = o.big
    ? (() => {
      const { datasetStories, bigPage } = require('../../bench/lib/big_page.cjs');
      const stories = datasetStories(DATASETS, 40);
      return o.big.map((mb) => ({ id: `big-${mb}MB`, dataset: 'big_page.cjs', html: bigPage(stories, mb * 1e6) }));
    })()
    : loadBrowserPages(o.pages, DATASETS);
  const { server, base } = await servePages(pages);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium', headless: false,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.route((url) => !(url.protocol === 'http:' && url.hostname === '127.0.0.1'), (r) => r.abort());
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const { frameTree } = await cdp.send('Page.getFrameTree');
  const times = Object.fromEntries(names.map((n) => [n, []]));
  const elements = [];
  const rangeCounts = [];
  for (let i = 0; i < pages.length; i++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(i + k) % names.length];
      await page.goto(`${base}/p/${i}`, { waitUntil: 'load', timeout: 30_000 });
      await page.waitForTimeout(SETTLE_MS);
      const { executionContextId } = await cdp.send('Page.createIsolatedWorld',
        { frameId: frameTree.frame.id, worldName: 'wce-bench' });
      const v = variants[name];
      if (v && v.how === 'paint') {
        await cdp.send('Runtime.evaluate', { contextId: executionContextId, expression: `(() => {
          const s = new CSSStyleSheet(); s.replaceSync(${JSON.stringify(v.text)});
          document.adoptedStyleSheets = [...document.adoptedStyleSheets, s];
          void document.documentElement.offsetHeight; })()` });
        await page.waitForTimeout(100);
      }
      const expr = v && v.how === 'paint' ? `(async () => {
        const w = document.createTreeWalker(document.body || document.documentElement, NodeFilter.SHOW_TEXT);
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        const t0 = performance.now();
        const ranges = [];
        for (let n = w.nextNode(); n; n = w.nextNode()) {
          if (!/\\S/.test(n.data)) continue;
          const r = new Range(); r.selectNodeContents(n); ranges.push(r);
        }
        if (${v && v.set}) CSS.highlights.set('wce-main', new Highlight(...ranges));
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        return [performance.now() - t0, ranges.length];
      })()` : `(() => {
        const v = ${JSON.stringify(v)};
        const t0 = performance.now();
        if (v && v.how === 'adopted') {
          const s = new CSSStyleSheet(); s.replaceSync(v.text);
          document.adoptedStyleSheets = [...document.adoptedStyleSheets, s];
        } else if (v) {
          const e = document.createElement('style'); e.textContent = v.text;
          (document.head || document.documentElement).appendChild(e);
        }
        void document.documentElement.offsetHeight;
        return [performance.now() - t0, document.getElementsByTagName('*').length];
      })()`;
      const r = await cdp.send('Runtime.evaluate', { expression: expr, contextId: executionContextId, returnByValue: true, awaitPromise: true });
      if (r.exceptionDetails) throw new Error(`page ${i} ${name}: ${r.exceptionDetails.text}`);
      times[name].push(r.result.value[0]);
      if (name === 'none') elements.push(r.result.value[1]);
      if (name === 'paint') rangeCounts.push(r.result.value[1]);
    }
  }
  await browser.close();
  server.close();
  const load = execSync('uptime').toString().trim();
  const lines = [
    `Pages: ${pages.length}; elements per page median ${median(elements)}; ranges painted (paint) median ${median(rangeCounts)}; Chromium ${browser.version()}; load: ${load}`,
    '',
    '| variant | median ms | mean ms | p90 ms | median - none, paired ms |',
    '|---|---:|---:|---:|---:|',
  ];
  for (const n of names) {
    const xs = times[n];
    const s = [...xs].sort((a, b) => a - b);
    const paired = median(xs.map((x, j) => x - times.none[j]));
    lines.push(`| ${n} | ${median(xs).toFixed(2)} | ${(xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(2)} | ` +
      `${s[Math.floor(0.9 * (s.length - 1))].toFixed(2)} | ${paired.toFixed(2)} |`);
  }
  const md = lines.join('\n') + '\n';
  process.stdout.write(md);
  if (o.out) {
    fs.mkdirSync(path.dirname(o.out), { recursive: true });
    fs.writeFileSync(o.out, md);
    fs.writeFileSync(o.out.replace(/\.md$/, '') + '.json', JSON.stringify({ times, elements, rangeCounts }, null, 1));
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
