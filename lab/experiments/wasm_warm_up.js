#!/usr/bin/env node
// Why the extension's background warms up (extension/warm_up.js): the first
// wce.classify of a big page on a fresh WebAssembly instance, in Node (V8, as
// in Chromium), with and without the warm-up's runs of the chosen extractor
// on warm_up.js's page before it. One fresh process per variant and round.
//
//   node lab/experiments/wasm_warm_up.js [--mb 1] [--rounds 3] [--extractor ensemble]
//
// Page: bench/lib/big_page.cjs (../shared/datasets, or WCE_DATASETS_DIR),
// encoded with wasm/dom_encoder.js under jsdom, as the extension sends it.
'use strict';
const PAUSE_MS = 1500;
const { execFileSync } = require('node:child_process');
const path = require('node:path');
const ROOT = path.resolve(__dirname, '..', '..');

function child(mb, warm, extractor) {
  const { JSDOM } = require('jsdom');
  const { createExtractor } = require(path.join(ROOT, 'wasm', 'wce_api.js'));
  const { encodeDom } = require(path.join(ROOT, 'wasm', 'dom_encoder.js'));
  const { datasetStories, bigPage } = require(path.join(ROOT, 'bench', 'lib', 'big_page.cjs'));
  const { WARM_RUNS, warmPage } = require(path.join(ROOT, 'extension', 'warm_up.js'));
  const datasets = process.env.WCE_DATASETS_DIR || path.resolve(ROOT, '..', 'shared', 'datasets');
  const flat = encodeDom(new JSDOM(bigPage(datasetStories(datasets, 40), mb * 1e6)).window.document, { composed: true });
  return createExtractor().then(async (wce) => {
    let t0 = performance.now();
    if (warm) for (let i = 0; i < WARM_RUNS; i++) wce.extract(warmPage(), { extractor });
    const warmMs = performance.now() - t0;
    // The click comes later than the start-up: the engine's optimising
    // compiler works in the background meanwhile (both variants wait).
    await new Promise((r) => setTimeout(r, PAUSE_MS));
    const times = [];
    for (let i = 0; i < 3; i++) {
      t0 = performance.now();
      wce.classify(flat, { extractor });
      times.push(performance.now() - t0);
    }
    process.stdout.write(JSON.stringify({ warm, warmMs, times }) + '\n');
  });
}

if (process.argv[2] === '--child') {
  child(Number(process.argv[3]), process.argv[4] === '1', process.argv[5]);
} else {
  const o = { mb: 1, rounds: 3, extractor: 'ensemble' };
  for (let i = 2; i < process.argv.length; i += 2) o[process.argv[i].replace(/^--/, '')] = process.argv[i + 1];
  const rows = [];
  for (let r = 0; r < Number(o.rounds); r++) {
    for (const warm of ['0', '1']) {
      const out = execFileSync(process.execPath, [__filename, '--child', String(o.mb), warm, o.extractor], { cwd: ROOT });
      rows.push(JSON.parse(out.toString()));
    }
  }
  const f = (x) => Math.round(x);
  console.log('| warm-up | warm-up ms | classify ms: first, second, third |');
  console.log('|---|---:|---|');
  for (const x of rows) console.log(`| ${x.warm ? 'yes' : 'no'} | ${f(x.warmMs)} | ${x.times.map(f).join(', ')} |`);
}
