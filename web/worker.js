/* Benchmark worker (classic Web Worker).
 *
 * Loads the WASM module once, then runs every selected extractor on every page
 * and scores it with ROUGE-LSum against the page's gold text.
 *
 * In:  {type: 'run', runId, pages: [{id, dataset, html, text}], extractors: [name]}
 *      {type: 'cancel', runId}
 * Out: {type: 'ready', extractors: [{name, family, reference, description}]}
 *      {type: 'init-error', message}
 *      {type: 'progress', runId, done, total, unitsDone, unitsTotal}   (done/total: pages)
 *        after each extraction; a page's results come just before the
 *        progress message that counts the page done:
 *      {type: 'result', runId, id, dataset, extractor, precision, recall, f1, ms, error?}
 *      {type: 'done', runId, cancelled, elapsedMs}
 *      {type: 'error', runId, message}                                  (the run stopped)
 *
 * A failed extraction (exception) is reported with `error` (its scores are
 * those of an empty text); the page leaves it out of the table, like the CLI,
 * and lists it.
 */
'use strict';

let wce = null;
let initError = null;
const cancelled = new Set();

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
    self.postMessage({ type: 'ready', extractors: list });
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

// Yield to the event loop so that a 'cancel' message can be received.
// A MessageChannel round trip is not clamped like setTimeout (4 ms when nested).
const channel = new MessageChannel();
const waiting = [];
channel.port1.onmessage = () => {
  const resolve = waiting.shift();
  if (resolve) resolve();
};
function yieldToEventLoop() {
  return new Promise((resolve) => {
    waiting.push(resolve);
    channel.port2.postMessage(0);
  });
}

// The first calls into a fresh WebAssembly instance run on baseline code
// (Chromium tiers hot functions up later), which made the first page of a run
// several times slower than the rest. So each extractor runs once, untimed and
// unscored, on the first page it meets in this worker's life.
const warmed = new Set();
function warmUp(extractor, html) {
  if (warmed.has(extractor)) return;
  warmed.add(extractor);
  try {
    wce.extract(html, { extractor });
  } catch {
    // the timed call reports it
  }
}

async function run({ runId, pages, extractors }) {
  await ready;
  if (initError) {
    self.postMessage({ type: 'error', runId, message: 'WASM module not loaded: ' + describe(initError) });
    return;
  }
  const total = pages.length;
  const unitsTotal = total * extractors.length;
  const t0 = performance.now();
  let unitsDone = 0;
  self.postMessage({ type: 'progress', runId, done: 0, total, unitsDone, unitsTotal });
  for (let p = 0; p < total; p++) {
    const page = pages[p];
    // A page's results are posted once all its extractors ran, so that a
    // cancelled run reports whole pages only (every extractor on the same pages).
    const pageResults = [];
    for (const extractor of extractors) {
      await yieldToEventLoop();
      if (cancelled.has(runId)) {
        cancelled.delete(runId);
        self.postMessage({ type: 'done', runId, cancelled: true, elapsedMs: performance.now() - t0 });
        return;
      }
      let text = '';
      let ms = NaN;
      let error;
      warmUp(extractor, page.html);
      const start = performance.now();
      try {
        const out = wce.extract(page.html, { extractor });
        const wall = performance.now() - start;
        text = out && typeof out.text === 'string' ? out.text : '';
        const timing = out && out.timing;
        ms = timing && Number.isFinite(timing.totalMs) ? timing.totalMs : wall;
      } catch (err) {
        error = describe(err);
        ms = performance.now() - start;
        // A trap inside WebAssembly (not an error the core reported) leaves the
        // instance unusable (wce_api.js): start a fresh one for the next page.
        if (/WebAssembly module (failed|aborted)/.test(error)) {
          try {
            wce = await self.WCE.createExtractor();
          } catch (err2) {
            self.postMessage({ type: 'error', runId, message: 'could not restart the WASM module: ' + describe(err2) });
            return;
          }
        }
      }
      let score;
      try {
        score = wce.evaluate(text, page.text);
      } catch (err) {
        self.postMessage({ type: 'error', runId, message: `evaluate failed on ${page.id}: ${describe(err)}` });
        return;
      }
      const msg = {
        type: 'result', runId, id: page.id, dataset: page.dataset, extractor,
        precision: score.precision, recall: score.recall, f1: score.f1, ms,
      };
      if (error !== undefined) msg.error = error;
      pageResults.push(msg);
      unitsDone++;
      if (extractors.length > 1 && unitsDone % extractors.length !== 0) {
        self.postMessage({ type: 'progress', runId, done: p, total, unitsDone, unitsTotal });
      }
    }
    for (const msg of pageResults) self.postMessage(msg);
    self.postMessage({ type: 'progress', runId, done: p + 1, total, unitsDone, unitsTotal });
  }
  self.postMessage({ type: 'done', runId, cancelled: false, elapsedMs: performance.now() - t0 });
}

// Runs are serialised: a new run waits for the previous one to finish.
let queue = Promise.resolve();
self.onmessage = (event) => {
  const msg = event.data || {};
  if (msg.type === 'cancel') {
    cancelled.add(msg.runId);
  } else if (msg.type === 'run') {
    queue = queue.then(() => run(msg)).catch((err) => {
      self.postMessage({ type: 'error', runId: msg.runId, message: describe(err) });
    });
  }
};
