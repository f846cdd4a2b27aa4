// WASM extract() in Node against the native CLI on the same pages: median
// ms/page per extractor, the module's size and its start-up (time to the
// first result in a fresh Node process).
//
//   node bench/wasm_vs_native.mjs [--data DIR] [--pages N] [--rounds R]
//        [--extractors all_text,readability,trafilatura] [--native build/native/wce]
//        [--core build/wasm/wce_core.js[,other/wce_core.js...]] [--startups K]
//
// Pages: the first N (default 20) records of every *.jsonl.gz in DIR (default
// ../shared/datasets), without their `lang` (neither side gets a language
// hint). Native: `wce extract --jsonl --threads 1` and the `ms` it writes per
// page (parse + extract + render; JSON reading excluded). WASM: wall time
// around wce.extract(html) (the JS -> wasm copy, parse, extract, render,
// result back to JS), after one warm-up pass per extractor. Several --core builds (each a
// wce_core.js with its wce_core.wasm, if any, next to it) are measured in the
// same rounds, page by page in turn, each with the wce_api.js next to it if
// there is one (else wasm/wce_api.js). Native and every core alternate for R rounds (default 3); a
// page's time is its minimum over the rounds (the machine is shared), the
// table shows the median over pages. "Inside the core": the parse + extract +
// render times the module reports (the same span as native's ms), so that
// wall - inside is what the boundary costs.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parseArgs } from './lib/cli_args.mjs';
import datasetPages from './lib/dataset_pages.cjs';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const DEFAULTS = {
  data: path.resolve(ROOT, '..', 'shared', 'datasets'), pages: 20, rounds: 3, startups: 5,
  extractors: ['all_text', 'readability', 'trafilatura'],
  native: path.join(ROOT, 'build', 'native', 'wce'), cores: [path.join(ROOT, 'build', 'wasm', 'wce_core.js')],
};
const OPTIONS = {
  '--data': ['data', (v) => path.resolve(v)], '--pages': ['pages', Number], '--rounds': ['rounds', Number],
  '--startups': ['startups', Number], '--extractors': ['extractors', (v) => v.split(',')],
  '--native': ['native', (v) => path.resolve(v)], '--core': ['cores', (v) => v.split(',').map((c) => path.resolve(c))],
};

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function nativeRun(native, extractor, sampleFile) {
  const r = spawnSync(native, ['extract', '--jsonl', '--threads', '1', '--extractor', extractor, sampleFile],
    { maxBuffer: 1 << 30, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${native} failed: ${r.stderr}`);
  const ms = new Map();
  for (const line of r.stdout.split('\n')) if (line) {
    const o = JSON.parse(line);
    ms.set(o.id, o.ms);
  }
  return ms;
}

// The JS API a core is measured with: a wce_api.js next to its wce_core.js
// (as in the extension and the web page builds: an older build keeps its
// own), else this tree's wasm/wce_api.js.
function apiOf(core) {
  const own = path.join(path.dirname(core), 'wce_api.js');
  return fs.existsSync(own) ? own : path.join(ROOT, 'wasm', 'wce_api.js');
}

// Time to the first result in a fresh process: load the module, instantiate,
// extract one page.
function startup(core, htmlFile) {
  const script = `
    const t0 = performance.now();
    const api = require(${JSON.stringify(apiOf(core))});
    const html = require('fs').readFileSync(${JSON.stringify(htmlFile)}, 'utf8');
    api.createExtractor({ coreFactory: require(${JSON.stringify(core)}) }).then((w) => {
      const t1 = performance.now();
      w.extract(html, { extractor: 'all_text' });
      const t2 = performance.now();
      process.stdout.write(JSON.stringify({ instantiate: t1 - t0, first: t2 - t0 }));
    });`;
  const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error('start-up run failed: ' + r.stderr);
  return JSON.parse(r.stdout);
}

async function main() {
  const o = parseArgs(process.argv, DEFAULTS, OPTIONS);
  const { files, pages } = datasetPages.loadPages(o.data, { perDataset: o.pages });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wce-wasm-bench-'));
  const sampleFile = path.join(tmp, 'pages.jsonl');
  fs.writeFileSync(sampleFile, pages.map((p) => JSON.stringify(p)).join('\n') + '\n');
  const bytes = pages.reduce((s, p) => s + Buffer.byteLength(p.html), 0);

  const label = (core) => path.relative(ROOT, core);
  const wces = [];
  for (const core of o.cores) {
    const wce = await require(apiOf(core)).createExtractor({ coreFactory: require(core) });
    // Warm-up: every extractor measured, over every page (memory growth, and
    // V8's tier-up from its baseline compiler to optimised code, which it
    // does per function in the background once the function is hot).
    for (const e of o.extractors) for (const p of pages) wce.extract(p.html, { extractor: e });
    wces.push(wce);
  }

  const best = {};  // extractor -> side (native or core index) -> id -> ms
  // inside: the core's own parse + extract + render (timed in C++, the span of
  // native's ms); wall - inside is the boundary (JS wrapper, copies, result).
  for (const e of o.extractors) {
    best[e] = { native: new Map(), wasm: o.cores.map(() => new Map()), inside: o.cores.map(() => new Map()) };
  }
  const keepMin = (m, id, v) => m.set(id, m.has(id) ? Math.min(m.get(id), v) : v);
  for (let round = 0; round < o.rounds; round++) {
    for (const e of o.extractors) {
      for (const [id, v] of nativeRun(o.native, e, sampleFile)) keepMin(best[e].native, id, v);
      for (const p of pages) {  // page by page, every core in turn: they see the same load
        wces.forEach((wce, c) => {
          const t0 = performance.now();
          const { timing } = wce.extract(p.html, { extractor: e });
          keepMin(best[e].wasm[c], p.id, performance.now() - t0);
          keepMin(best[e].inside[c], p.id, timing.parseMs + timing.extractMs + timing.renderMs);
        });
      }
    }
  }

  console.log(`pages: ${pages.length} (first ${o.pages} of each of ${files.length} datasets), ` +
    `${(bytes / 1e6).toFixed(1)} MB of UTF-8 HTML; rounds: ${o.rounds}; node ${process.version}; ` +
    `load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  console.log('| extractor | core | native ms/page (median) | WASM ms/page (median) | WASM / native | ' +
    'WASM inside the core (median) | inside / native |');
  console.log('|---|---|---:|---:|---:|---:|---:|');
  for (const e of o.extractors) {
    const n = median([...best[e].native.values()]);
    o.cores.forEach((core, c) => {
      const w = median([...best[e].wasm[c].values()]);
      const inside = median([...best[e].inside[c].values()]);
      console.log(`| ${e} | ${label(core)} | ${n.toFixed(2)} | ${w.toFixed(2)} | ${(w / n).toFixed(2)} | ` +
        `${inside.toFixed(2)} | ${(inside / n).toFixed(2)} |`);
    });
  }
  console.log('');
  console.log('| core | .js bytes | .wasm bytes | total | gzip -9 total | instantiate ms (median) | first result ms (median) |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  const htmlFile = path.join(tmp, 'first.html');
  fs.writeFileSync(htmlFile, pages[0].html);
  for (const core of o.cores) {
    const wasmFile = core.replace(/\.js$/, '.wasm');
    const js = fs.readFileSync(core);
    const wasm = fs.existsSync(wasmFile) ? fs.readFileSync(wasmFile) : Buffer.alloc(0);
    const gz = zlib.gzipSync(js, { level: 9 }).length + (wasm.length ? zlib.gzipSync(wasm, { level: 9 }).length : 0);
    const runs = [];
    for (let i = 0; i < o.startups; i++) runs.push(startup(core, htmlFile));
    const ms = (k) => (runs.length ? median(runs.map((r) => r[k])).toFixed(1) : '-');
    console.log(`| ${label(core)} | ${js.length} | ${wasm.length} | ${js.length + wasm.length} | ${gz} | ` +
      `${ms('instantiate')} | ${ms('first')} |`);
  }
  if (o.startups > 0) {
    console.log(`start-up: fresh node process, require + instantiate, then extract ${pages[0].id} ` +
      `with all_text; median of ${o.startups} per core`);
  }
  fs.rmSync(tmp, { recursive: true, force: true });
}

main().catch((e) => {
  console.error('wasm_vs_native: ' + (e && e.message ? e.message : e));
  process.exit(2);
});
