// The page type's cost on the extension's path, in WebAssembly (Node): a
// page encoded as the extension does (jsdom + encodeDom), then
// wce.classify(flat, {extractor, pageType: true, url}); per page the decode
// (timing.parseMs), the extractor (extractMs) and the page type
// (pageType.ms, on the same decode after the extractor). Each page is
// classified --repeat times (default 5) and the fastest run kept.
//
//   node bench/wasm_page_type_cost.mjs [--extractor ensemble] [--per-file N] [--repeat N] [DATA.jsonl.gz ...]
//
// Pages: the demo pages, then the first N (default 10) pages of at most
// 1.5 MB of each dataset file named (names relative to ../shared/datasets).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { encodeDom } = require('../wasm/dom_encoder.js');
const { loadWce, makeDocument, decodeHtmlFile, demoPages, readDatasetHead } = require('../tests/js/helpers.js');

const args = process.argv.slice(2);
let extractor = 'ensemble';
let perFile = 10;
let repeat = 5;
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--extractor') extractor = args[++i];
  else if (args[i] === '--per-file') perFile = Number(args[++i]);
  else if (args[i] === '--repeat') repeat = Math.max(1, Number(args[++i]));
  else if (args[i].startsWith('--')) { console.error(`unknown option ${args[i]}`); process.exit(2); }
  else files.push(args[i]);
}

const pages = demoPages().map(({ name, file }) => ({ set: 'demo', id: name, html: decodeHtmlFile(file).html, url: '' }));
for (const f of files) {
  for (const r of readDatasetHead(f, perFile, 1.5e6)) pages.push({ set: f.replace(/\.jsonl\.gz$/, ''), id: r.id, html: r.html, url: r.url || '' });
}

const wce = await loadWce();
const rows = [];
for (const p of pages) {
  const { document, close } = makeDocument(p.html);
  const flat = encodeDom(document);
  close();
  let best = null;
  for (let k = 0; k < repeat; k++) {
    const r = wce.classify({ nodes: flat.nodes, strings: flat.strings }, { extractor, pageType: true, url: p.url });
    const t = { decode: r.timing.parseMs, extract: r.timing.extractMs, pageType: r.pageType.ms };
    if (!best) best = t;
    else for (const key of Object.keys(t)) best[key] = Math.min(best[key], t[key]);
  }
  rows.push({ set: p.set, ...best });
}

const median = (v) => { const s = [...v].sort((a, b) => a - b); return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN; };
const sum = (v) => v.reduce((a, b) => a + b, 0);
function table(label, list) {
  const col = (k) => list.map((r) => r[k]);
  const d = sum(col('decode'));
  console.log(`\n${label}: ${list.length} pages, extractor ${extractor}, best of ${repeat}, wall ms in WebAssembly (Node ${process.version})`);
  console.log('| step | median ms | sum ms | sum / decode |\n|---|--:|--:|--:|');
  for (const [k, name] of [['decode', 'decode (the parse of the classify path)'], ['extract', extractor], ['pageType', 'page type (after the extractor)']]) {
    console.log(`| ${name} | ${median(col(k)).toFixed(3)} | ${sum(col(k)).toFixed(1)} | ${(sum(col(k)) / d).toFixed(3)} |`);
  }
  const ratios = list.map((r) => r.pageType / r.decode);
  console.log(`page type / decode per page: median ${median(ratios).toFixed(3)}`);
}
for (const set of [...new Set(rows.map((r) => r.set))]) table(set, rows.filter((r) => r.set === set));
if (files.length) table('all', rows);
