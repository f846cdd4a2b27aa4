// WASM extract() in Node against the native CLI by page size: the pages of
// bench/wasm_vs_native.mjs, each timed on both sides (the minimum of the
// rounds), then split into fifths by native time. Per fifth: the median
// native ms, WASM ms (wall), WASM inside the core (parse + extract +
// render) and its parse, and the ratio of the sums (WASM / native). Also
// whether the module's memory grew during the timed rounds.
//
//   node bench/wasm_by_size.mjs [--data DIR] [--pages 40] [--rounds 3]
//        [--extractor trafilatura] [--core build/wasm/wce_core.js] [--native build/native/wce]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from './lib/cli_args.mjs';
import datasetPages from './lib/dataset_pages.cjs';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FIFTHS = 5;

const DEFAULTS = {
  data: path.resolve(ROOT, '..', 'shared', 'datasets'), pages: 40, rounds: 3, extractor: 'trafilatura',
  core: path.join(ROOT, 'build', 'wasm', 'wce_core.js'), native: path.join(ROOT, 'build', 'native', 'wce'),
};
const OPTIONS = {
  '--data': ['data', (v) => path.resolve(v)], '--pages': ['pages', Number], '--rounds': ['rounds', Number],
  '--extractor': ['extractor', String], '--core': ['core', (v) => path.resolve(v)],
  '--native': ['native', (v) => path.resolve(v)],
};

const median = (a) => { const s = [...a].sort((x, y) => x - y); return s[s.length >> 1]; };

async function main() {
  const o = parseArgs(process.argv, DEFAULTS, OPTIONS);
  const { pages } = datasetPages.loadPages(o.data, { perDataset: o.pages });
  const sampleFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'wce-by-size-')), 'pages.jsonl');
  fs.writeFileSync(sampleFile, pages.map((p) => JSON.stringify(p)).join('\n') + '\n');
  let mod = null;
  const factory = require(o.core);
  const wce = await require(path.join(ROOT, 'wasm', 'wce_api.js'))
    .createExtractor({ coreFactory: (opts) => factory(opts).then((m) => (mod = m)) });
  for (const p of pages) wce.extract(p.html, { extractor: o.extractor });  // warm-up
  const heapBefore = mod.HEAPU8.length;

  const best = { native: new Map(), wall: new Map(), inside: new Map(), parse: new Map() };
  const keepMin = (m, id, v) => m.set(id, m.has(id) ? Math.min(m.get(id), v) : v);
  for (let r = 0; r < o.rounds; r++) {
    const run = spawnSync(o.native, ['extract', '--jsonl', '--threads', '1', '--quiet', '-e', o.extractor, sampleFile],
      { maxBuffer: 1 << 30, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`${o.native} failed: ${run.stderr}`);
    for (const line of run.stdout.split('\n')) if (line) { const j = JSON.parse(line); keepMin(best.native, j.id, j.ms); }
    for (const p of pages) {
      const t0 = performance.now();
      const { timing } = wce.extract(p.html, { extractor: o.extractor });
      keepMin(best.wall, p.id, performance.now() - t0);
      keepMin(best.inside, p.id, timing.parseMs + timing.extractMs + timing.renderMs);
      keepMin(best.parse, p.id, timing.parseMs);
    }
  }
  const rows = pages.map((p) => ({
    kb: Buffer.byteLength(p.html) / 1024, native: best.native.get(p.id), wall: best.wall.get(p.id),
    inside: best.inside.get(p.id), parse: best.parse.get(p.id),
  })).sort((a, b) => a.native - b.native);

  console.log(`${pages.length} pages, ${o.extractor}, ${o.rounds} rounds (min per page); node ${process.version}; ` +
    `load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  console.log('| fifth by native time | pages | kB (median) | native ms | WASM ms | inside ms | parse ms | ' +
    'WASM / native (sums) | inside / native (sums) | boundary us/kB (median) |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (let k = 0; k < FIFTHS; k++) {
    const part = rows.slice(Math.floor(k * rows.length / FIFTHS), Math.floor((k + 1) * rows.length / FIFTHS));
    const sum = (f) => part.reduce((s, r) => s + f(r), 0);
    const col = (f, d = 3) => median(part.map(f)).toFixed(d);
    console.log(`| ${k + 1} | ${part.length} | ${col((r) => r.kb, 0)} | ${col((r) => r.native)} | ${col((r) => r.wall)} | ` +
      `${col((r) => r.inside)} | ${col((r) => r.parse)} | ${(sum((r) => r.wall) / sum((r) => r.native)).toFixed(2)} | ` +
      `${(sum((r) => r.inside) / sum((r) => r.native)).toFixed(2)} | ${col((r) => (r.wall - r.inside) / r.kb * 1000, 2)} |`);
  }
  console.log(`memory: ${heapBefore >> 20} MB after the warm-up, ${mod.HEAPU8.length >> 20} MB after the timed rounds`);
}

main().catch((e) => { console.error(e); process.exit(1); });
