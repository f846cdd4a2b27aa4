#!/usr/bin/env node
// Render signals of dataset pages as Chromium lays them out, one row per text
// node, for the rendered-feature experiment (lab/learn/render_experiment.py).
//
//   node lab/experiments/render_signals.js PREFIX...
//
// For each PREFIX.pages.tsv written by build/native/ensemble_dump (one line per
// page: page, dataset, id, ...), the page's HTML is taken from the dataset
// files (WCE_DATASETS_DIR, default ../shared/datasets), served on 127.0.0.1
// with `Content-Security-Policy: script-src 'none'` (the page's scripts do not
// run) and JavaScript off (so its DOM is the one the core parses from the
// same HTML: scripting disabled) and every
// other request aborted, in Debian's Chromium (headless, 1280x800). In the
// page: WCEEncoder.encodeDom (text nodes in the core's order) and
// WCERender.renderSignals (wasm/render_signals.js). Writes PREFIX.render.jsonl:
// {page, dataset, id, words: [per text node], render: [STRIDE floats per text node]}
// `words` (runs of non-space characters per text node) lets the experiment
// line the browser's text nodes with words up with the dump's rows (which
// are the core's text nodes with words: white-space-only text nodes may
// differ between the two parsers, so indices are not compared).
'use strict';
const { chromium } = require('@playwright/test');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const zlib = require('node:zlib');

const ROOT = path.resolve(__dirname, '../..');
const DATASETS = process.env.WCE_DATASETS_DIR || path.resolve(ROOT, '..', 'shared', 'datasets');
const VIEWPORT = { width: 1280, height: 800 };
const SOURCES = ['wasm/dom_encoder.js', 'wasm/render_signals.js']
  .map((f) => fs.readFileSync(path.join(ROOT, f), 'utf8')).join('\n;\n');

function readPagesTsv(file) {
  const lines = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const head = lines[0].split('\t');
  return lines.slice(1).map((l) => {
    const c = l.split('\t');
    return { page: Number(c[head.indexOf('page')]), dataset: c[head.indexOf('dataset')], id: c[head.indexOf('id')] };
  });
}

// dataset/id -> html, for the wanted pages only.
function loadHtml(wanted) {
  const need = new Set(wanted.map((p) => p.dataset + '\u0000' + p.id));
  const out = new Map();
  for (const f of fs.readdirSync(DATASETS).filter((x) => x.endsWith('.jsonl.gz')).sort()) {
    const text = zlib.gunzipSync(fs.readFileSync(path.join(DATASETS, f))).toString('utf8');
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      const r = JSON.parse(line);
      const key = r.dataset + '\u0000' + r.id;
      if (need.has(key)) out.set(key, r.html);
    }
  }
  return out;
}

async function main() {
  const prefixes = process.argv.slice(2);
  if (!prefixes.length) throw new Error('usage: node lab/experiments/render_signals.js PREFIX... (ensemble_dump --out prefixes)');
  const jobs = prefixes.map((p) => ({ prefix: p, pages: readPagesTsv(p + '.pages.tsv') }));
  const html = loadHtml(jobs.flatMap((j) => j.pages));
  let current = '';
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': "script-src 'none'" });
    res.end(current);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${server.address().port}/page`;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'] });
  // JavaScript off: the parser then runs with scripting disabled, as the
  // core's Gumbo parse does (<noscript> content becomes elements), so the
  // text nodes line up with the dump's rows.
  const context = await browser.newContext({ viewport: VIEWPORT, javaScriptEnabled: false });
  await context.route((u) => !(u.protocol === 'http:' && u.hostname === '127.0.0.1'), (route) => route.abort());
  for (const job of jobs) {
    const out = fs.createWriteStream(job.prefix + '.render.jsonl');
    let done = 0, failed = 0;
    for (const p of job.pages) {
      const h = html.get(p.dataset + '\u0000' + p.id);
      if (h === undefined) { failed++; continue; }
      current = h;
      const page = await context.newPage();
      try {
        await page.goto(url, { waitUntil: 'load', timeout: 30_000 }).catch(() => {});
        const r = await page.evaluate((src) => {
          (0, eval)(src);
          const enc = self.WCEEncoder.encodeDom(document);
          const render = self.WCERender.renderSignals(enc.textNodes);
          const words = enc.textNodes.map((t) => (t.data.match(/\S+/g) || []).length);
          return { words, render: Array.from(render) };
        }, SOURCES);
        out.write(JSON.stringify({ page: p.page, dataset: p.dataset, id: p.id, words: r.words, render: r.render }) + '\n');
        done++;
      } catch (e) {
        failed++;
        process.stderr.write(`\n${p.dataset}/${p.id}: ${e.message.split('\n')[0]}\n`);
      }
      await page.close();
      process.stderr.write(`\r${path.basename(job.prefix)}: ${done} pages, ${failed} failed`);
    }
    process.stderr.write('\n');
    await new Promise((r) => out.end(r));
  }
  await browser.close();
  server.close();
}

main().catch((e) => { console.error(e); process.exit(1); });
