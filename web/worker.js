/* Benchmark worker (classic Web Worker): the WebAssembly core, request by request.
 *
 * The page (app.js) drives the run one page at a time, so that a cancelled
 * run stops between pages and Readability.js (which needs the DOM of the main
 * thread) runs on the same page right after ours.
 *
 * In:  {type: 'bench', reqId, html, gold, lang, extractors: [name], with?, without?: [snippet]}
 *        every extractor on one page, as `wce bench` runs it (Wce.benchPage):
 *        one parse, a fresh context per extractor, every measure;
 *      {type: 'score', reqId, html, gold, lang, with?, without?}
 *        scores HTML made elsewhere (Readability.js's article): its text as
 *        the all_text extractor renders it (block elements on lines, as our
 *        extractors' text), then every measure.
 * Out: {type: 'ready', extractors: [{name, family, reference, description}], measures: [name]}
 *      {type: 'init-error', message}
 *      {type: 'bench-result', reqId, complexity, complexityEstimate,
 *        results: [{extractor, ms, values: number[], block: {precision, recall, f1},
 *                   snippets: {with, without}} | {extractor, error}]}
 *        values in the order of `measures`; ms = parse + extract + render;
 *      {type: 'score-result', reqId, values: number[], snippets: {with, without}}
 *      {type: 'failed', reqId, message}        (the request could not run)
 */
'use strict';

let wce = null;
let initError = null;

const ready = (async () => {
  try {
    importScripts('wce_core.js', 'wce_api.js');
    if (!self.WCE || typeof self.WCE.createExtractor !== 'function') {
      throw new Error('wce_api.js did not define self.WCE.createExtractor');
    }
    wce = await self.WCE.createExtractor();
    const list = Array.from(wce.extractors(), (e) => ({
      name: String(e.name),
      family: e.family == null ? '' : String(e.family),
      reference: e.reference == null ? '' : String(e.reference),
      description: e.description == null ? '' : String(e.description),
    }));
    self.postMessage({ type: 'ready', extractors: list, measures: wce.measureNames() });
  } catch (err) {
    initError = err;
    self.postMessage({ type: 'init-error', message: describe(err) });
  }
})();

function describe(err) {
  if (err && err.message) return err.message;
  try {
    return String(err);
  } catch {
    return 'unknown error';
  }
}

// A trap inside WebAssembly (not an error the core reported) leaves the
// instance unusable (wce_api.js): start a fresh one for the next request.
async function recoverFrom(err) {
  if (/WebAssembly module (failed|aborted)/.test(describe(err))) wce = await self.WCE.createExtractor();
}

// The first calls into a fresh WebAssembly instance run on baseline code
// (Chromium tiers hot functions up later), which made the first page of a run
// several times slower than the rest. So each extractor runs once, untimed and
// unscored, on the first page it meets in this worker's life.
const warmed = new Set();
function warmUp(names, html, gold, lang) {
  const cold = names.filter((n) => !warmed.has(n));
  if (!cold.length) return;
  cold.forEach((n) => warmed.add(n));
  try {
    wce.benchPage(html, gold, { extractors: cold, lang });
  } catch {
    // the timed call reports it
  }
}

async function bench({ reqId, html, gold, lang, extractors, with: withList, without }) {
  warmUp(extractors, html, gold, lang);
  const r = wce.benchPage(html, gold, { extractors, lang, with: withList || null, without: without || null });
  const results = r.results.map((x) =>
    x.error !== undefined
      ? { extractor: x.extractor, error: x.error }
      : { extractor: x.extractor, ms: x.ms, values: Array.from(x.values), block: x.block, snippets: x.snippets },
  );
  return { type: 'bench-result', reqId, complexity: r.complexity, complexityEstimate: r.complexityEstimate, results };
}

const measureOrder = () => wce.measureNames();
async function score({ reqId, html, gold, lang, with: withList, without }) {
  const text = html ? wce.extract(html, { extractor: 'all_text' }).text : '';
  const m = wce.measure(text, gold, { lang });
  const snippets = wce.snippetRates(text, { with: withList || null, without: without || null });
  return { type: 'score-result', reqId, values: measureOrder().map((n) => m.values[n]), snippets };
}

// Requests are serialised: each waits for the previous one.
let queue = Promise.resolve();
self.onmessage = (event) => {
  const msg = event.data || {};
  const handler = msg.type === 'bench' ? bench : msg.type === 'score' ? score : null;
  if (!handler) return;
  queue = queue.then(async () => {
    await ready;
    if (initError) throw new Error('WASM module not loaded: ' + describe(initError));
    try {
      self.postMessage(await handler(msg));
    } catch (err) {
      await recoverFrom(err);
      throw err;
    }
  }).catch((err) => {
    self.postMessage({ type: 'failed', reqId: msg.reqId, message: describe(err) });
  });
};
