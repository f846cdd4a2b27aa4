#!/usr/bin/env node
// The reader view's document (extension/reader_model.js) built under Node on
// dataset pages, scored against the human gold: bag-of-words F1 of the
// reader's text (its blocks, as the reader page shows them) and what it
// keeps of the page's structure (links, emphasis, pictures, captions), so
// that a change to the reader's body building or clean-up is measured on
// many pages before it reaches the screenshots of bench/firefox/reader_compare.py.
//
//   node bench/reader_text.js [--per N] [--data DIR] [--extractor NAME] [--json OUT] [--pages ID,ID]
//                             [--core build/wasm/wce_core.js]
//
// Pages: the first N records (default 20) of each dataset file whose HTML
// has at least 5000 characters (reader_compare.py's rule). Each page is
// parsed by jsdom (no layout, no scripts), encoded by wasm/dom_encoder.js,
// labelled by the WebAssembly core (build/wasm, default extractor) with its
// metadata, and built with images on, as the extension's reader does by
// default. Word F1: lowercased \w+ tokens, bag overlap (WCXB's word F1,
// tests/wcxb/check_word_f1.py).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { JSDOM, VirtualConsole } = require('jsdom');

const ROOT = path.resolve(__dirname, '..');
const MIN_HTML = 5000;

function args(argv) {
  const o = { per: 20, data: process.env.WCE_DATASETS_DIR || path.resolve(ROOT, '..', 'shared', 'datasets'),
    extractor: undefined, json: null, pages: null, core: null };
  for (let i = 2; i < argv.length; i++) {
    const a = argv[i];
    const v = () => { if (i + 1 >= argv.length) throw new Error(a + ' needs a value'); return argv[++i]; };
    if (a === '--per') o.per = Number(v());
    else if (a === '--data') o.data = v();
    else if (a === '--extractor') o.extractor = v();
    else if (a === '--json') o.json = v();
    else if (a === '--pages') o.pages = new Set(v().split(','));
    else if (a === '--core') o.core = path.resolve(v());
    else throw new Error('unknown argument ' + a + ' (see the header of bench/reader_text.js)');
  }
  if (!(o.per > 0)) throw new Error('--per must be a positive number');
  return o;
}

function loadPages(dir, per, only) {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.jsonl.gz')).sort();
  if (!files.length) throw new Error('no *.jsonl.gz in ' + dir);
  const pages = [];
  for (const f of files) {
    let n = 0;
    for (const line of zlib.gunzipSync(fs.readFileSync(path.join(dir, f))).toString('utf8').split('\n')) {
      if (n >= per) break;
      if (!line.trim()) continue;
      const r = JSON.parse(line);
      if (typeof r.html !== 'string' || r.html.length < MIN_HTML) continue;
      n++;
      if (!only || only.has(r.id)) pages.push({ id: r.id, dataset: r.dataset, url: r.url, html: r.html, gold: r.text || '' });
    }
  }
  return pages;
}

const tokens = (s) => (s ? s.toLowerCase().match(/[\p{L}\p{N}\p{M}_]+/gu) || [] : []);
function wordF1(pred, gold) {
  const p = tokens(pred), g = tokens(gold);
  if (!g.length) return p.length ? 0 : 1;
  if (!p.length) return 0;
  const count = new Map();
  for (const t of g) count.set(t, (count.get(t) || 0) + 1);
  let common = 0;
  for (const t of p) {
    const c = count.get(t);
    if (c) { common++; count.set(t, c - 1); }
  }
  const prec = common / p.length, rec = common / g.length;
  return prec + rec > 0 ? 2 * prec * rec / (prec + rec) : 0;
}

// The reader's text and structure, as reader.js draws it: one line per
// block (a table's cells joined), links / emphasis runs, pictures, captions
// right after a picture.
function summarise(doc) {
  const lines = [];
  const c = { links: 0, emphasis: 0, pictures: 0, captions: 0 };
  let prevImage = false;
  for (const b of doc.blocks) {
    if (b.type === 'image') { c.pictures++; prevImage = true; continue; }
    if (b.type === 'caption' && prevImage) c.captions++;
    prevImage = false;
    if (b.type === 'table') {
      for (const r of b.rows) lines.push(r.cells.map((x) => x.text).join(' '));
      continue;
    }
    lines.push(b.text);
    for (const r of b.runs || []) {
      if (r.href) c.links++;
      if (r.em || r.strong) c.emphasis++;
    }
  }
  return { text: lines.join('\n'), counts: c };
}

async function main() {
  const o = args(process.argv);
  const { build } = require(path.join(ROOT, 'extension', 'reader_model.js'));
  const { encodeDom, composedChildren } = require(path.join(ROOT, 'wasm', 'dom_encoder.js'));
  const wce = await require(path.join(ROOT, 'wasm', 'wce_api.js')).createExtractor(
    o.core ? { coreFactory: require(o.core) } : undefined);
  const pages = loadPages(o.data, o.per, o.pages);
  const rows = [];
  const byDataset = new Map();
  for (const p of pages) {
    const dom = new JSDOM(p.html, { url: p.url || 'https://reader.example/' + encodeURIComponent(p.id),
      virtualConsole: new VirtualConsole() });
    const document = dom.window.document;
    let row;
    try {
      const flat = encodeDom(document, { composed: true });
      const out = wce.classify(flat, { extractor: o.extractor, metadata: true, url: document.URL });
      const doc = build(document, flat.textNodes, out.labels, {
        images: true, metadata: out.metadata, children: (el, tag) => composedChildren(el, tag, null),
      });
      const s = summarise(doc);
      row = { id: p.id, dataset: p.dataset, f1: wordF1(s.text, p.gold), words: tokens(s.text).length,
        counts: s.counts, dropped: doc.dropped.map((d) => d.rule + ': ' + d.text), text: s.text };
    } catch (e) {
      row = { id: p.id, dataset: p.dataset, error: String(e && e.message ? e.message : e) };
    } finally {
      dom.window.close();
    }
    rows.push(row);
    if (!byDataset.has(p.dataset)) byDataset.set(p.dataset, []);
    byDataset.get(p.dataset).push(row);
  }
  const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
  const sum = (rs, k) => rs.reduce((a, r) => a + (r.counts ? r.counts[k] : 0), 0);
  const line = (name, rs) => {
    const ok = rs.filter((r) => !r.error);
    return [name.padEnd(22), String(rs.length).padStart(5), mean(ok.map((r) => r.f1)).toFixed(4).padStart(8),
      ['links', 'emphasis', 'pictures', 'captions'].map((k) => String(sum(ok, k))).join('/').padStart(18),
      String(rs.length - ok.length).padStart(7)].join(' ');
  };
  console.log(['dataset'.padEnd(22), 'pages'.padStart(5), 'word F1'.padStart(8), 'links/em/pic/cap'.padStart(18),
    'errors'.padStart(7)].join(' '));
  for (const [name, rs] of byDataset) console.log(line(name, rs));
  console.log(line('all', rows));
  const macro = mean([...byDataset.values()].map((rs) => mean(rs.filter((r) => !r.error).map((r) => r.f1))));
  console.log('mean of the datasets\' mean word F1: ' + macro.toFixed(4));
  if (o.json) fs.writeFileSync(o.json, JSON.stringify(rows, null, 1) + '\n');
}

main().catch((e) => { console.error(e && e.stack ? e.stack : e); process.exit(1); });
