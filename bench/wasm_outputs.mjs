// md5 of the WASM core's output (text and labels) per extractor over every
// page of the nine datasets, to show that a build change leaves every output
// unchanged: run it with the module before and after and compare the lines.
//
//   node bench/wasm_outputs.mjs [--data DIR] [--core build/wasm/wce_core.js]
//        [--extractors all_text,readability,trafilatura]
import crypto from 'node:crypto';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parseArgs } from './lib/cli_args.mjs';
import datasetPages from './lib/dataset_pages.cjs';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULTS = {
  data: path.resolve(ROOT, '..', 'shared', 'datasets'), core: path.join(ROOT, 'build', 'wasm', 'wce_core.js'),
  extractors: ['all_text', 'readability', 'trafilatura'],
};
const OPTIONS = {
  '--data': ['data', (v) => path.resolve(v)], '--core': ['core', (v) => path.resolve(v)],
  '--extractors': ['extractors', (v) => v.split(',')],
};

const o = parseArgs(process.argv, DEFAULTS, OPTIONS);
const { pages } = datasetPages.loadPages(o.data, { perDataset: Infinity });
const api = require(path.join(ROOT, 'wasm', 'wce_api.js'));
const wce = await api.createExtractor({ coreFactory: require(o.core) });
for (const e of o.extractors) {
  const all = crypto.createHash('md5');
  const byDataset = new Map();
  for (const p of pages) {
    const r = wce.extract(p.html, { extractor: e });
    const line = JSON.stringify([p.id, r.text, Array.from(r.labels || [])]) + '\n';
    all.update(line);
    if (!byDataset.has(p.dataset)) byDataset.set(p.dataset, crypto.createHash('md5'));
    byDataset.get(p.dataset).update(line);
  }
  for (const [d, h] of byDataset) console.log(`${e}\t${d}\t${h.digest('hex')}`);
  console.log(`${e}\tALL(${pages.length})\t${all.digest('hex')}`);
}
