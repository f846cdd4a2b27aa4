// Where the WASM core spends its time in Node: V8's sampling profiler
// (node:inspector) around wce.extract() on the pages of bench/wasm_vs_native.mjs,
// self time summed per function (wasm functions by their name-section name:
// link the core with --profiling-funcs, see lab/results/wasm-2026-11-26b.md),
// and the split of the wall time into the boundary (JS wrapper, copies in and
// out) and the core's own parse + extract + render.
//
//   node lab/experiments/wasm_profile.mjs [--data DIR] [--pages N] [--rounds R]
//        [--extractor all_text] [--core build/wasm/wce_core.js] [--top 40]
//        [--interval-us 100] [--callers FUNCTION]
// --callers: also the self time of FUNCTION (a name as printed, e.g. memcpy)
// split by the function that called it.
import fs from 'node:fs';
import path from 'node:path';
import inspector from 'node:inspector';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parseArgs } from '../../bench/lib/cli_args.mjs';
import datasetPages from '../../bench/lib/dataset_pages.cjs';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const DEFAULTS = {
  data: path.resolve(ROOT, '..', 'shared', 'datasets'), pages: 12, rounds: 3, extractor: 'all_text',
  core: path.join(ROOT, 'build', 'wasm', 'wce_core.js'), top: 40, intervalUs: 100, callers: '',
};
const OPTIONS = {
  '--data': ['data', (v) => path.resolve(v)], '--pages': ['pages', Number], '--rounds': ['rounds', Number],
  '--extractor': ['extractor', String], '--core': ['core', (v) => path.resolve(v)], '--top': ['top', Number],
  '--interval-us': ['intervalUs', Number], '--callers': ['callers', String],
};

function post(session, method, params) {
  return new Promise((resolve, reject) => {
    session.post(method, params || {}, (err, res) => (err ? reject(err) : resolve(res)));
  });
}

// Each sample of a V8 CPU profile: its leaf node and the interval that
// follows it (ms).
function forEachSample(profile, visit) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const { samples, timeDeltas } = profile;
  for (let i = 0; i < samples.length; i++) {
    visit(byId.get(samples[i]), (i + 1 < timeDeltas.length ? timeDeltas[i + 1] : 0) / 1000);
  }
}

// Self time per function.
function selfTimes(profile) {
  const ms = new Map();
  forEachSample(profile, (node, dt) => {
    const f = node.callFrame;
    const kind = f.url.startsWith('wasm://') ? 'wasm' : f.url ? 'js' : 'vm';
    const key = kind + '\t' + (f.functionName || '(anonymous)') + (kind === 'js' ? ' ' + path.basename(f.url) : '');
    ms.set(key, (ms.get(key) || 0) + dt);
  });
  return ms;
}

// Self time of the function named `name`, by the name of its caller.
function callerTimes(profile, name) {
  const parentOf = new Map();
  for (const n of profile.nodes) for (const c of n.children || []) parentOf.set(c, n);
  const ms = new Map();
  forEachSample(profile, (node, dt) => {
    if (node.callFrame.functionName !== name) return;
    const parent = parentOf.get(node.id);
    const key = parent ? parent.callFrame.functionName || '(anonymous)' : '(root)';
    ms.set(key, (ms.get(key) || 0) + dt);
  });
  return ms;
}

async function main() {
  const o = parseArgs(process.argv, DEFAULTS, OPTIONS);
  const { pages } = datasetPages.loadPages(o.data, { perDataset: o.pages });
  const api = require(path.join(ROOT, 'wasm', 'wce_api.js'));
  const wce = await api.createExtractor({ coreFactory: require(o.core) });
  for (const p of pages) wce.extract(p.html, { extractor: o.extractor });  // warm-up (tier-up, memory growth)

  const session = new inspector.Session();
  session.connect();
  await post(session, 'Profiler.enable');
  await post(session, 'Profiler.setSamplingInterval', { interval: o.intervalUs });
  await post(session, 'Profiler.start');
  let wall = 0, inside = 0, parse = 0;
  for (let r = 0; r < o.rounds; r++) {
    for (const p of pages) {
      const t0 = performance.now();
      const res = wce.extract(p.html, { extractor: o.extractor });
      wall += performance.now() - t0;
      inside += res.timing.parseMs + res.timing.extractMs + res.timing.renderMs;
      parse += res.timing.parseMs;
    }
  }
  const { profile } = await post(session, 'Profiler.stop');
  session.disconnect();

  const self = selfTimes(profile);
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const byKind = new Map();
  for (const [k, v] of self) byKind.set(k.split('\t')[0], (byKind.get(k.split('\t')[0]) || 0) + v);
  const n = pages.length * o.rounds;
  console.log(`core ${path.relative(ROOT, o.core)}, extractor ${o.extractor}, ${pages.length} pages x ${o.rounds} rounds; ` +
    `node ${process.version}`);
  console.log(`wall ${(wall / n).toFixed(3)} ms/page; inside the core (parse + extract + render) ${(inside / n).toFixed(3)} ` +
    `(parse ${(parse / n).toFixed(3)}); boundary and result marshalling ${((wall - inside) / n).toFixed(3)} ms/page`);
  console.log(`samples: ${total.toFixed(0)} ms in all; ` +
    [...byKind].map(([k, v]) => `${k} ${(100 * v / total).toFixed(1)} %`).join(', '));
  console.log('');
  console.log('| self % | self ms | kind | function |');
  console.log('|---:|---:|---|---|');
  const rows = [...self].sort((a, b) => b[1] - a[1]).slice(0, o.top);
  for (const [k, v] of rows) {
    const [kind, name] = k.split('\t');
    console.log(`| ${(100 * v / total).toFixed(1)} | ${v.toFixed(0)} | ${kind} | ${name} |`);
  }
  if (o.callers) {
    console.log('');
    console.log(`| ${o.callers}: self ms | called from |`);
    console.log('|---:|---|');
    for (const [k, v] of [...callerTimes(profile, o.callers)].sort((a, b) => b[1] - a[1]).slice(0, o.top))
      console.log(`| ${v.toFixed(1)} | ${k} |`);
  }
}

main().catch((e) => {
  console.error('wasm_profile: ' + (e && e.stack ? e.stack : e));
  process.exit(2);
});
