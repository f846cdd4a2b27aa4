/* wce benchmark page: corpus loading, extractor choice, run control, results.
 * Our extractors run in worker.js (WASM), one page per request; Readability.js
 * (Mozilla's, the JavaScript peer) runs here on the main thread, one page per
 * task, on a DOMParser document of the same page. The tables' figures come
 * from the CLI's C++ aggregation, through a second instance of the WASM core
 * on this thread (aggregate.js); the figures are drawn by plots.js.
 */
'use strict';

(function () {
  const $ = (id) => document.getElementById(id);
  const el = {
    sources: $('sources'),
    fileInput: $('file-input'),
    dropZone: $('drop-zone'),
    malformedBox: $('malformed-box'),
    malformedSummary: $('malformed-summary'),
    malformed: $('malformed'),
    extractors: $('extractors'),
    selectAll: $('select-all'),
    selectNone: $('select-none'),
    run: $('run'),
    cancel: $('cancel'),
    status: $('status'),
    progress: $('progress'),
    progressText: $('progress-text'),
    results: document.querySelector('#results tbody'),
    exportCsv: $('export-csv'),
    exportJson: $('export-json'),
    failuresBox: $('failures-box'),
    failuresSummary: $('failures-summary'),
    failures: $('failures'),
    measure: $('measure'), groupBy: $('group-by'), groupHeader: $('group-header'),
    table3: $('table3'),
    table3Levels: $('table3-levels'),
    plots: $('plots'),
  };

  // ---------------------------------------------------------------- state
  const state = {
    sources: [], // {key, label, kind: 'demo'|'file', pages, malformed: [{file, line, reason}], enabled, loading}
    extractors: [], // from Wce.extractors(), registry order
    measures: [], // wce::measure_names(), the order of every `values` array
    workerReady: false,
    run: null, // see startRun()
    lastRun: null,
  };
  let nextSourceKey = 1;
  let nextRunId = 1;
  let worker = null;
  // The JavaScript peer: Mozilla's Readability.js (Readability.js, bundled by
  // scripts/build_web.mjs from npm @mozilla/readability).
  const PEER = 'Readability.js';

  function setState(name) {
    document.body.dataset.state = name;
  }
  function setStatus(text, kind) {
    el.status.textContent = text;
    el.status.className = kind || '';
  }

  // ---------------------------------------------------------------- JSONL
  // Reads a byte stream as JSONL lines: gzip (magic 1f 8b) is decompressed
  // with DecompressionStream, text is UTF-8. Yields [lineNumber, line].
  async function* jsonlLines(byteStream) {
    const reader = byteStream.pipeThrough(new TextDecoderStream('utf-8')).getReader();
    let buf = '';
    let lineNo = 0;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += value;
      let start = 0;
      let nl;
      while ((nl = buf.indexOf('\n', start)) !== -1) {
        lineNo++;
        yield [lineNo, buf.slice(start, nl)];
        start = nl + 1;
      }
      buf = buf.slice(start);
    }
    if (buf.length) yield [lineNo + 1, buf];
  }

  async function maybeGunzip(blob) {
    const head = new Uint8Array(await blob.slice(0, 2).arrayBuffer());
    const gz = head.length === 2 && head[0] === 0x1f && head[1] === 0x8b;
    if (gz && typeof DecompressionStream !== 'function') {
      throw new Error('this browser has no DecompressionStream: gunzip the file first');
    }
    return { gz, stream: gz ? blob.stream().pipeThrough(new DecompressionStream('gzip')) : blob.stream() };
  }

  const EXTRA_COLUMNS = ['block_p', 'block_r', 'block_f1', 'snippets_with', 'snippets_without'];
  const extraValues = (block, snippets) => [
    block ? block.precision : NaN, block ? block.recall : NaN, block ? block.f1 : NaN,
    snippets ? snippets.with : NaN, snippets ? snippets.without : NaN,
  ];

  function datasetFromName(name) {
    return name.replace(/\.gz$/i, '').replace(/\.(jsonl|ndjson|json)$/i, '') || name;
  }

  function wcxbMeta(meta) {
    const out = {};
    if (!meta || typeof meta !== 'object') return out;
    if (typeof meta.page_type === 'string') out.page_type = meta.page_type;
    for (const k of ['with', 'without']) {
      if (Array.isArray(meta[k])) out[k] = meta[k].filter((x) => typeof x === 'string');
    }
    return out;
  }

  // Parses a JSONL blob. Every non-blank line becomes a page or a malformed
  // entry {file, line, reason}; a read error is reported as one more entry.
  async function parseJsonl(blob, fileName) {
    const pages = [];
    const malformed = [];
    const fallbackDataset = datasetFromName(fileName);
    let lastLine = 0;
    try {
      const { stream } = await maybeGunzip(blob);
      for await (const [lineNo, raw] of jsonlLines(stream)) {
        lastLine = lineNo;
        const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
        if (!line.trim()) continue; // blank lines carry no record
        let rec;
        try {
          rec = JSON.parse(line);
        } catch (err) {
          malformed.push({ file: fileName, line: lineNo, reason: 'invalid JSON: ' + err.message });
          continue;
        }
        if (rec === null || typeof rec !== 'object' || Array.isArray(rec)) {
          malformed.push({ file: fileName, line: lineNo, reason: 'not a JSON object' });
          continue;
        }
        const missing = ['html', 'text'].filter((k) => typeof rec[k] !== 'string');
        if (missing.length) {
          malformed.push({
            file: fileName, line: lineNo,
            reason: missing.map((k) => `"${k}" ${k in rec ? 'is not a string' : 'is missing'}`).join(', '),
          });
          continue;
        }
        pages.push({
          id: rec.id != null && rec.id !== '' ? String(rec.id) : `${fileName}:${lineNo}`,
          dataset: typeof rec.dataset === 'string' && rec.dataset ? rec.dataset : fallbackDataset,
          lang: typeof rec.lang === 'string' ? rec.lang : '',
          html: rec.html,
          text: rec.text,
          // WCXB records: the page type and the snippets a good extraction
          // must / must not contain (wce bench reads the same meta fields).
          ...wcxbMeta(rec.meta),
        });
      }
    } catch (err) {
      malformed.push({
        file: fileName, line: lastLine + 1,
        reason: `could not read the file past this point (${err.message || err}); later lines were not loaded`,
      });
    }
    return { pages, malformed };
  }

  // ---------------------------------------------------------------- sources
  function addSource(label, kind) {
    const src = { key: nextSourceKey++, label, kind, pages: [], malformed: [], enabled: true, loading: true };
    state.sources.push(src);
    renderSources();
    return src;
  }

  async function loadDemo() {
    const src = addSource('Built-in demo corpus (demo.jsonl)', 'demo');
    try {
      const resp = await fetch('demo.jsonl');
      if (!resp.ok) throw new Error(`HTTP ${resp.status}`);
      Object.assign(src, await parseJsonl(await resp.blob(), 'demo.jsonl'));
    } catch (err) {
      src.malformed.push({ file: 'demo.jsonl', line: 0, reason: 'could not load: ' + (err.message || err) });
    }
    src.loading = false;
    renderSources();
  }

  async function loadFiles(files) {
    for (const file of files) {
      const src = addSource(file.name, 'file');
      Object.assign(src, await parseJsonl(file, file.name));
      src.loading = false;
      renderSources();
    }
  }

  function datasetCounts(pages) {
    const counts = new Map();
    for (const p of pages) counts.set(p.dataset, (counts.get(p.dataset) || 0) + 1);
    return Array.from(counts, ([d, n]) => `${d} ${n}`).join(', ');
  }

  function renderSources() {
    el.sources.textContent = '';
    for (const src of state.sources) {
      const li = document.createElement('li');
      li.dataset.source = src.kind;
      const label = document.createElement('label');
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.checked = src.enabled;
      box.disabled = src.loading || !!state.run;
      box.addEventListener('change', () => {
        src.enabled = box.checked;
        updateRunButton();
      });
      label.append(box, ' ', src.label);
      li.append(label);
      const info = document.createElement('span');
      info.className = 'hint';
      if (src.loading) {
        info.textContent = ' — loading…';
      } else {
        const n = src.pages.length;
        let text = ` — ${n} page${n === 1 ? '' : 's'}`;
        if (n) text += ` (${datasetCounts(src.pages)})`;
        if (src.malformed.length) {
          text += `, ${src.malformed.length} malformed line${src.malformed.length === 1 ? '' : 's'}`;
          info.classList.add('warn');
        }
        info.textContent = text;
      }
      li.append(info);
      if (src.kind === 'file' && !src.loading) {
        const rm = document.createElement('button');
        rm.type = 'button';
        rm.className = 'link';
        rm.textContent = 'remove';
        rm.disabled = !!state.run;
        rm.addEventListener('click', () => {
          state.sources = state.sources.filter((s) => s !== src);
          renderSources();
        });
        li.append(' ', rm);
      }
      el.sources.append(li);
    }
    renderMalformed();
    updateRunButton();
  }

  function renderMalformed() {
    const all = state.sources.flatMap((s) => s.malformed);
    el.malformed.textContent = '';
    for (const m of all) {
      const li = document.createElement('li');
      const where = document.createElement('code');
      where.textContent = m.line ? `${m.file}:${m.line}` : m.file;
      li.append(where, ' — ' + m.reason);
      el.malformed.append(li);
    }
    el.malformedBox.hidden = all.length === 0;
    el.malformedSummary.textContent = `${all.length} malformed line${all.length === 1 ? '' : 's'} (not loaded)`;
  }

  // Files: picker and drag-and-drop anywhere on the page.
  el.fileInput.addEventListener('change', () => {
    const files = Array.from(el.fileInput.files || []);
    el.fileInput.value = '';
    if (files.length) loadFiles(files);
  });
  document.addEventListener('dragover', (e) => {
    if (e.dataTransfer && Array.from(e.dataTransfer.types || []).includes('Files')) {
      e.preventDefault();
      el.dropZone.classList.add('over');
    }
  });
  document.addEventListener('dragleave', (e) => {
    if (e.target === el.dropZone || !e.relatedTarget) el.dropZone.classList.remove('over');
  });
  document.addEventListener('drop', (e) => {
    e.preventDefault();
    el.dropZone.classList.remove('over');
    const files = Array.from((e.dataTransfer && e.dataTransfer.files) || []);
    if (!files.length) return;
    if (state.run) setStatus('Files can be added when the run has finished or been cancelled.', 'warn');
    else loadFiles(files);
  });
  el.dropZone.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      el.fileInput.click();
    }
  });

  // ---------------------------------------------------------------- extractors
  function checkbox(name, value, title) {
    const label = document.createElement('label');
    label.title = title;
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.name = name;
    box.value = value;
    box.checked = true;
    box.addEventListener('change', updateRunButton);
    label.append(box, ' ', value);
    return label;
  }

  function renderExtractors() {
    el.extractors.textContent = '';
    const families = new Map();
    for (const x of state.extractors) {
      const fam = x.family || 'other';
      if (!families.has(fam)) families.set(fam, []);
      families.get(fam).push(x);
    }
    for (const [fam, list] of families) {
      const fs = document.createElement('fieldset');
      const lg = document.createElement('legend');
      lg.textContent = fam;
      fs.append(lg);
      for (const x of list) fs.append(checkbox('extractor', x.name, [x.description, x.reference].filter(Boolean).join(' — ')));
      el.extractors.append(fs);
    }
    const fs = document.createElement('fieldset');
    const lg = document.createElement('legend');
    lg.textContent = 'JavaScript peer (main thread)';
    fs.append(lg);
    const peer = checkbox('peer', PEER, "Mozilla's Readability.js 0.6.0 (npm @mozilla/readability) on a DOMParser document of the page; its article HTML is scored like ours (text as all_text renders it)");
    if (!peerApi()) {
      peer.querySelector('input').checked = false;
      peer.querySelector('input').disabled = true;
      peer.append(' (Readability.js not loaded)');
    }
    fs.append(peer);
    el.extractors.append(fs);
    updateRunButton();
  }
  function extractorBoxes() {
    return Array.from(el.extractors.querySelectorAll('input[name=extractor]'));
  }
  function peerBox() {
    return el.extractors.querySelector('input[name=peer]');
  }
  function selectedExtractors() {
    return extractorBoxes().filter((b) => b.checked).map((b) => b.value);
  }
  function peerSelected() {
    const b = peerBox();
    return !!(b && b.checked && !b.disabled);
  }
  function setAllBoxes(on) {
    extractorBoxes().forEach((b) => (b.checked = on));
    const b = peerBox();
    if (b && !b.disabled) b.checked = on;
    updateRunButton();
  }
  el.selectAll.addEventListener('click', () => setAllBoxes(true));
  el.selectNone.addEventListener('click', () => setAllBoxes(false));

  function selectedPages() {
    return state.sources.filter((s) => s.enabled && !s.loading).flatMap((s) => s.pages);
  }

  function updateRunButton() {
    const running = !!state.run;
    el.run.disabled = running || !state.workerReady || !S || (selectedExtractors().length === 0 && !peerSelected()) ||
      selectedPages().length === 0 || state.sources.some((s) => s.loading && s.enabled);
    el.cancel.disabled = !running;
    extractorBoxes().forEach((b) => (b.disabled = running));
    const pb = peerBox();
    if (pb && peerApi()) pb.disabled = running;
    el.selectAll.disabled = el.selectNone.disabled = running;
    el.fileInput.disabled = running;
  }

  // ---------------------------------------------------------------- worker
  // Requests to the worker: each gets a promise, settled by its answer.
  let nextReqId = 1;
  const pending = new Map(); // reqId -> {resolve, reject}
  class Stopped extends Error {}

  function request(msg) {
    return new Promise((resolve, reject) => {
      const reqId = nextReqId++;
      pending.set(reqId, { resolve, reject });
      worker.postMessage({ ...msg, reqId });
    });
  }
  function rejectAll(err) {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  }

  function startWorker() {
    state.workerReady = false;
    worker = new Worker('worker.js');
    worker.onmessage = (e) => onWorkerMessage(e.data);
    worker.onerror = (e) => {
      e.preventDefault();
      const message = e.message || 'the worker failed to start (is wce_core.js / wce_api.js there?)';
      rejectAll(new Error('worker error: ' + message));
      if (!state.run) {
        setStatus('Worker error: ' + message, 'error');
        setState('error');
      }
    };
  }

  function onWorkerMessage(msg) {
    switch (msg.type) {
      case 'ready':
        state.workerReady = true;
        // The core's measures, then the block measure and WCXB's snippet rates
        // (benchPage gives them apart from the text measures).
        state.measures = msg.measures.concat(EXTRA_COLUMNS);
        if (!state.extractors.length) {
          state.extractors = msg.extractors;
          // The peer's frame first, so that its checkbox knows if it loaded.
          Promise.all([peerLoaded, aggregatorLoaded]).then(() => {
            renderExtractors();
            renderMeasureChoice();
          });
        }
        aggregatorLoaded.then(() => {
          if (!state.run && document.body.dataset.state === 'loading') {
            setState('ready');
            setStatus('');
          }
          updateRunButton();
        });
        break;
      case 'init-error':
        setStatus('Could not load the WebAssembly module: ' + msg.message, 'error');
        el.extractors.textContent = '';
        rejectAll(new Error(msg.message));
        setState('error');
        break;
      case 'bench-result':
      case 'score-result':
      case 'failed': {
        const p = pending.get(msg.reqId);
        if (!p) return;
        pending.delete(msg.reqId);
        if (msg.type === 'failed') p.reject(new Error(msg.message));
        else p.resolve(msg);
        break;
      }
    }
  }

  // ---------------------------------------------------------------- Readability.js
  // One macrotask boundary (a MessageChannel round trip is not clamped like a
  // nested setTimeout): input and painting get their turn between pages.
  const tick = new MessageChannel();
  const ticks = [];
  tick.port1.onmessage = () => ticks.shift()();
  const nextTask = () => new Promise((resolve) => { ticks.push(resolve); tick.port2.postMessage(0); });

  // Readability.js runs in the frame peer.html (its own CSP: see there);
  // web/peer.js times DOMParser + parse. Same thread, called synchronously.
  const peerFrame = document.getElementById('peer-frame');
  function peerApi() {
    try {
      const p = peerFrame && peerFrame.contentWindow && peerFrame.contentWindow.wcePeer;
      return p && p.ready ? p : null;
    } catch (err) {
      return null;
    }
  }
  const peerLoaded = new Promise((resolve) => {
    if (!peerFrame) { resolve(); return; }
    if (peerApi()) { resolve(); return; }
    peerFrame.addEventListener('load', () => resolve(), { once: true });
  });
  function runPeer(html) {
    const p = peerApi();
    if (!p) return { ms: 0, error: 'Readability.js is not loaded' };
    return p.run(html);
  }
  // Like the worker's warm-up: the first call runs on cold JIT code.
  let peerWarm = false;

  // ---------------------------------------------------------------- run
  function showProgress(run) {
    const { done, total, unitsDone, unitsTotal } = run;
    const frac = unitsTotal ? unitsDone / unitsTotal : total ? done / total : 0;
    el.progress.max = 1;
    el.progress.value = frac;
    let text = `${done} / ${total} pages (${(100 * frac).toFixed(0)}%)`;
    const elapsed = performance.now() - run.started;
    if (unitsDone > 0 && unitsDone < unitsTotal && elapsed > 500) {
      text += ` — ${duration((elapsed / unitsDone) * (unitsTotal - unitsDone))} left`;
    }
    el.progressText.textContent = text;
  }
  function duration(ms) {
    const s = Math.max(1, Math.round(ms / 1000));
    if (s < 60) return `about ${s} s`;
    const m = Math.floor(s / 60);
    return m < 60 ? `about ${m} min ${s % 60} s` : `about ${Math.floor(m / 60)} h ${m % 60} min`;
  }

  function startRun() {
    const pages = selectedPages();
    const extractors = selectedExtractors();
    const peer = peerSelected();
    if (!pages.length || (!extractors.length && !peer) || state.run) return;
    const run = {
      id: nextRunId++, extractors, peer, names: peer ? [...extractors, PEER] : extractors.slice(),
      pages, records: [], failures: [], measures: state.measures,
      started: performance.now(), done: 0, total: pages.length,
      unitsDone: 0, unitsTotal: pages.length * (extractors.length + (peer ? 1 : 0)),
      cancelRequested: false, finished: false,
    };
    state.run = run;
    clearResults();
    showProgress(run);
    const n = run.names.length;
    setStatus(`Running ${n} extractor${n === 1 ? '' : 's'} on ${pages.length} page${pages.length === 1 ? '' : 's'}…`);
    setState('running');
    renderSources();
    updateRunButton();
    runPages(run).then(
      (cancelled) => finishRun(run, { cancelled }),
      (err) => finishRun(run, err instanceof Stopped ? { cancelled: true } : { error: err.message || String(err) }),
    );
  }

  // One page after the other: ours in the worker, then Readability.js here.
  // A page enters the results only when every extractor ran on it, so a
  // cancelled run counts whole pages. Resolves to true when cancelled.
  const utf8 = new TextEncoder();
  async function runPages(run) {
    for (const page of run.pages) {
      if (run.cancelRequested) return true;
      // kb: the page's UTF-8 size in kB (1000 bytes), as `wce bench` gives ms per kB.
      const kb = utf8.encode(page.html || '').length / 1000;
      const rec = {
        id: page.id, dataset: page.dataset, lang: page.lang, page_type: page.page_type || '', kb,
        snippets: !!(page.with || page.without),
        complexity: NaN, complexityEstimate: NaN, results: {},
      };
      const fail = (extractor, error) => {
        rec.results[extractor] = { error };
        run.failures.push({ id: page.id, extractor, error });
      };
      // Our extractors (none selected: the request still gives the complexity).
      try {
        const r = await request({
          type: 'bench', html: page.html, gold: page.text, lang: page.lang, extractors: run.extractors,
          with: page.with, without: page.without,
        });
        rec.complexity = r.complexity;
        rec.complexityEstimate = r.complexityEstimate;
        for (const x of r.results) {
          if (x.error !== undefined) fail(x.extractor, x.error);
          else rec.results[x.extractor] = { ms: x.ms, values: x.values.concat(extraValues(x.block, x.snippets)) };
        }
      } catch (err) {
        if (err instanceof Stopped) throw err;
        for (const x of run.extractors) fail(x, err.message || String(err));
      }
      run.unitsDone += run.extractors.length;
      showProgress(run);
      if (run.peer) {
        await nextTask();
        if (run.cancelRequested) return true;
        if (!peerWarm) {
          peerWarm = true;
          runPeer(page.html);
          await nextTask();
        }
        const out = runPeer(page.html);
        if (out.error !== undefined) fail(PEER, out.error);
        else {
          try {
            const s = await request({
              type: 'score', html: out.html, gold: page.text, lang: page.lang, with: page.with, without: page.without,
            });
            // No block measure for the peer: its output is HTML, not labels of our Document.
            rec.results[PEER] = { ms: out.ms, values: s.values.concat(extraValues(null, s.snippets)) };
          } catch (err) {
            if (err instanceof Stopped) throw err;
            fail(PEER, err.message || String(err));
          }
        }
        run.unitsDone++;
      }
      run.records.push(rec);
      run.done++;
      showProgress(run);
      scheduleRender(run);
    }
    return false;
  }

  let cancelTimer = 0;
  function cancelRun() {
    const run = state.run;
    if (!run) return;
    setStatus('Cancelling…');
    run.cancelRequested = true;
    // The run stops between pages; if one page takes too long in the worker,
    // stop the worker outright (the page in progress is dropped) and start a
    // fresh one.
    clearTimeout(cancelTimer);
    cancelTimer = setTimeout(() => {
      if (state.run === run) {
        worker.terminate();
        rejectAll(new Stopped('cancelled'));
        startWorker();
      }
    }, 2000);
  }

  function finishRun(run, { cancelled = false, error = null }) {
    if (state.run !== run) return;
    clearTimeout(cancelTimer);
    run.finished = true;
    run.cancelled = cancelled;
    run.elapsedMs = performance.now() - run.started;
    state.run = null;
    state.lastRun = run;
    showProgress(run);
    renderResults(run);
    const secs = (run.elapsedMs / 1000).toFixed(1);
    if (error) {
      setStatus(`Stopped by an error: ${error}`, 'error');
      setState('error');
    } else if (cancelled) {
      setStatus(`Cancelled after ${run.done} of ${run.total} pages (${secs} s); the results show the pages done.`, 'warn');
      setState('cancelled');
    } else {
      setStatus(`Done: ${run.total} pages × ${run.names.length} extractors in ${secs} s.`);
      setState('done');
    }
    el.exportCsv.disabled = el.exportJson.disabled = run.records.length === 0;
    renderSources();
    updateRunButton();
  }

  el.run.addEventListener('click', startRun);
  el.cancel.addEventListener('click', cancelRun);

  // ---------------------------------------------------------------- results
  // The aggregation: the WASM core's (Wce.aggregate), loaded on this thread
  // next to the worker's; S is set once it has loaded.
  let S = null;
  const aggregatorLoaded = self.WCE.createExtractor().then(
    (wce) => {
      S = self.WceAggregate.create(wce);
    },
    (err) => {
      setStatus('Could not load the WebAssembly module for the tables: ' + ((err && err.message) || err), 'error');
      setState('error');
      return new Promise(() => {}); // never ready
    },
  );
  const P = self.WcePlots;
  const fmt = (v) => (Number.isFinite(v) ? v.toFixed(3) : '–');
  const fmtMs = (v) => (Number.isFinite(v) ? (v < 10 ? v.toFixed(2) : v.toFixed(1)) : '–');
  const fmtRatio = (v) => (Number.isFinite(v) ? (v < 10 ? v.toFixed(2) : v.toFixed(1)) + '×' : '–');

  // The default: ROUGE-LSum on word tokens, the measure of `wce bench`'s table.
  const DEFAULT_MEASURE = 'rouge_lsum_words';
  function currentMeasure() {
    return el.measure.value || DEFAULT_MEASURE;
  }
  const MEASURE_LABELS = {
    rouge_lsum_words: 'ROUGE-LSum (Bevendorff et al. 2023), as wce bench',
    word_f1: 'word F1 (WCXB, Foley 2026)',
    block: 'block level: text nodes (Gottron 2007)',
    rouge_lsum: 'ROUGE-LSum, CJK and Thai by character',
    chars: 'characters LCS (Gottron "Str")',
    word_lcs: 'word sequence LCS (Gottron "Seq")',
    bag: 'bag of words (Gottron "Vec")',
    set: 'set of words (Gottron "Set")',
    cleaneval: 'CleanEval alignment',
    voc: 'voc_eval (Barbaresi & Lejeune)',
    occ: 'occ_eval (Barbaresi & Lejeune)',
  };
  function renderMeasureChoice() {
    el.measure.textContent = '';
    const families = S.measureFamilies(state.measures);
    families.sort((a, b) => (b === DEFAULT_MEASURE) - (a === DEFAULT_MEASURE));
    for (const fam of families) {
      const o = document.createElement('option');
      o.value = fam;
      o.textContent = MEASURE_LABELS[fam] || fam;
      el.measure.append(o);
    }
    el.measure.value = DEFAULT_MEASURE;
  }
  el.groupBy.addEventListener('change', () => {
    const run = state.run || state.lastRun;
    if (run) renderBenchTable(run);
  });
  el.measure.addEventListener('change', () => {
    const run = state.run || state.lastRun;
    if (run) renderResults(run);
  });

  function kindOf(extractor) {
    if (extractor === PEER) return 'peer';
    const x = state.extractors.find((e) => e.name === extractor);
    return x && x.family === 'baseline' ? 'baseline' : '';
  }
  function familyOf(extractor) {
    if (extractor === PEER) return 'JavaScript peer';
    const x = state.extractors.find((e) => e.name === extractor);
    return (x && x.family) || '';
  }

  function clearResults() {
    el.results.textContent = '';
    el.table3.querySelector('tbody').textContent = '';
    el.table3Levels.textContent = '';
    el.plots.textContent = '';
    el.failures.textContent = '';
    el.failuresBox.hidden = true;
    el.exportCsv.disabled = el.exportJson.disabled = true;
  }

  // During a run: the table four times a second at most, the figures once a
  // second (each render aggregates every page so far in the core).
  const TABLE_EVERY_MS = 250;
  const FIGURES_EVERY_MS = 1000;
  let renderPending = false;
  let lastTable = 0;
  let lastHeavy = 0;
  function scheduleRender(run) {
    if (renderPending) return;
    renderPending = true;
    requestAnimationFrame(() => {
      renderPending = false;
      if (state.run !== run) return;
      const now = performance.now();
      if (now - lastTable > TABLE_EVERY_MS) {
        lastTable = now;
        renderBenchTable(run);
      }
      if (now - lastHeavy > FIGURES_EVERY_MS) {
        lastHeavy = now;
        renderTable3(run);
        renderPlots(run);
      }
    });
  }

  function renderResults(run) {
    renderBenchTable(run);
    renderTable3(run);
    renderPlots(run);
    renderFailures(run);
  }

  function cellMaker(tr) {
    return (text, col, value, cls) => {
      const td = document.createElement('td');
      td.textContent = text;
      td.dataset.col = col;
      if (value !== undefined) {
        td.dataset.value = String(value);
        td.className = 'num';
      }
      if (cls) td.classList.add(cls);
      tr.append(td);
      return td;
    };
  }

  // Mean time per page of Readability.js on the same dataset (row key), for
  // the speed ratio of each of ours.
  function peerMs(rows) {
    const m = new Map();
    for (const r of rows) if (r.extractor === PEER) m.set(r.dataset, r.ms.mean);
    return m;
  }

  // The table of `wce bench`: per extractor and dataset.
  function renderBenchTable(run) {
    const groupBy = el.groupBy.value || 'dataset';
    el.groupHeader.textContent = groupBy === 'page_type' ? 'page type' : 'dataset';
    const rows = S.benchRows(run.records, run.names, run.measures, currentMeasure(), groupBy);
    const peer = peerMs(rows);
    const frag = document.createDocumentFragment();
    for (const row of rows) {
      const tr = document.createElement('tr');
      tr.dataset.extractor = row.extractor;
      tr.dataset.dataset = row.dataset;
      tr.dataset.kind = kindOf(row.extractor);
      if (row.dataset === '(macro)' || row.dataset === '(micro)') tr.classList.add('total');
      const cell = cellMaker(tr);
      cell(row.extractor, 'extractor');
      cell(row.dataset, 'dataset');
      cell(String(row.pages), 'pages', row.pages);
      for (const m of ['precision', 'recall', 'f1']) {
        cell(fmt(row[m].mean), `${m}-mean`, row[m].mean);
        cell(fmt(row[m].median), `${m}-median`, row[m].median);
      }
      const snip = row.snippets || {};
      cell(fmt(snip.snippets_with), 'snippets-with', snip.snippets_with);
      cell(fmt(snip.snippets_without), 'snippets-without', snip.snippets_without);
      cell(fmtMs(row.ms.mean), 'ms', row.ms.mean);
      const ratio = peer.has(row.dataset) && row.extractor !== PEER ? peer.get(row.dataset) / row.ms.mean : NaN;
      cell(fmtRatio(ratio), 'speedup', ratio);
      frag.append(tr);
    }
    el.results.textContent = '';
    el.results.append(frag);
    applySort(el.results.closest('table'));
  }

  // The paper's Table 3: macro mean and median over datasets, all pages and
  // the low / high complexity quartiles.
  function renderTable3(run) {
    const { levels, table } = S.table3(run.records, run.names, run.measures, currentMeasure());
    const peerRow = table.find((t) => t.extractor === PEER);
    const tbody = el.table3.querySelector('tbody');
    const frag = document.createDocumentFragment();
    for (const t of table) {
      const tr = document.createElement('tr');
      tr.dataset.extractor = t.extractor;
      tr.dataset.kind = kindOf(t.extractor);
      const cell = cellMaker(tr);
      cell(t.extractor, 'extractor');
      cell(familyOf(t.extractor), 'family');
      const all = t.levels.all;
      cell(String(all.pages), 'pages', all.pages);
      for (const stat of ['mean', 'median']) {
        for (const m of ['precision', 'recall', 'f1']) {
          const v = all.macro ? all.macro[m][stat] : NaN;
          cell(fmt(v), `all-${m}-${stat}`, v);
        }
      }
      for (const level of ['low', 'high']) {
        const l = t.levels[level];
        for (const stat of ['mean', 'median']) {
          const v = l.macro ? l.macro.f1[stat] : NaN;
          cell(fmt(v), `${level}-f1-${stat}`, v);
        }
      }
      cell(fmtMs(t.ms), 'ms', t.ms);
      const ratio = peerRow && t.extractor !== PEER ? peerRow.ms / t.ms : NaN;
      cell(fmtRatio(ratio), 'speedup', ratio);
      frag.append(tr);
    }
    tbody.textContent = '';
    tbody.append(frag);
    applySort(el.table3);
    const counts = { low: 0, medium: 0, high: 0, '(unknown)': 0 };
    for (const g of S.levelsOf(run.records, levels)) counts[g]++;
    el.table3Levels.textContent = run.records.length
      ? `Complexity levels by the quartiles of the ${run.records.length} pages' complexity scores: ` +
        `low < ${levels.q1.toFixed(3)} (${counts.low} pages), high > ${levels.q3.toFixed(3)} (${counts.high} pages), ` +
        `${counts.medium} in between.`
      : '';
  }

  function renderPlots(run) {
    const family = currentMeasure();
    const label = `${family === DEFAULT_MEASURE ? 'ROUGE-LSum' : family} F1`;
    const levels = S.complexityLevels(run.records);
    // Figure 2's order: median F1 on all pages, best first.
    const stats = (x, level) => S.boxStats(S.f1Values(run.records, x, run.measures, family, level, levels));
    const order = run.names
      .map((x) => ({ x, s: stats(x, 'all') }))
      .sort((a, b) => (b.s.median - a.s.median) || (b.s.mean - a.s.mean))
      .map((o) => o.x);
    el.plots.textContent = '';
    const fig2 = document.createElement('figure');
    fig2.id = 'figure-boxes';
    const boxes = document.createElement('div');
    boxes.className = 'plot-row';
    const titles = { all: 'all pages', low: 'low complexity (< Q1)', high: 'high complexity (> Q3)' };
    for (const level of ['all', 'low', 'high']) {
      const rows = order.map((x) => ({ extractor: x, kind: kindOf(x), stats: stats(x, level) }));
      const n = S.recordsAt(run.records, level, levels).length;
      boxes.append(P.boxPlot(`${titles[level]}: ${n} pages`, rows, level, label, 220));
    }
    fig2.append(boxes);
    const cap2 = document.createElement('figcaption');
    cap2.textContent = `${label} by extractor (as Figure 2 of Bevendorff et al. 2023) on all pages and on the pages below the ` +
      'first / above the third quartile of the complexity score: boxes span the interquartile range, the line is the median, ' +
      'whiskers reach the most extreme values within 1.5 × IQR, dots are the values beyond.';
    fig2.append(cap2);

    const { table } = S.table3(run.records, run.names, run.measures, family);
    const meanRows = table
      .map((t) => {
        const all = t.levels.all;
        return { extractor: t.extractor, kind: kindOf(t.extractor), mean: all.macro ? all.macro.f1.mean : NaN,
          q1: all.micro.f1.q1, q3: all.micro.f1.q3, n: all.pages };
      })
      .sort((a, b) => b.mean - a.mean);
    const fig3 = document.createElement('figure');
    fig3.id = 'figure-mean';
    fig3.append(P.meanIqr(`Mean ${label} with its interquartile range`, meanRows, label));
    const cap3 = document.createElement('figcaption');
    cap3.textContent = 'Mean F1 (macro over datasets, as Figure 3 of the paper); error bars: the interquartile range of all pages.';
    fig3.append(cap3);

    const timeRows = table
      .map((t) => ({ extractor: t.extractor, kind: kindOf(t.extractor), ms: t.ms }))
      .sort((a, b) => a.ms - b.ms);
    const figT = document.createElement('figure');
    figT.id = 'figure-time';
    figT.append(P.timeBars('Time per page', timeRows));
    const capT = document.createElement('figcaption');
    capT.textContent = 'Mean milliseconds per page in this browser: ours in the worker (parse + extract + render), ' +
      'Readability.js on the main thread (DOMParser + parse).';
    figT.append(capT);
    const row2 = document.createElement('div');
    row2.className = 'plot-row';
    row2.append(fig3, figT);
    el.plots.append(fig2, row2);
  }

  function renderFailures(run) {
    el.failures.textContent = '';
    for (const f of run.failures) {
      const li = document.createElement('li');
      li.textContent = `${f.extractor} on ${f.id}: ${f.error}`;
      el.failures.append(li);
    }
    el.failuresBox.hidden = run.failures.length === 0;
    el.failuresSummary.textContent = `${run.failures.length} failed extraction${run.failures.length === 1 ? '' : 's'} (left out of the scores)`;
  }

  // ---------------------------------------------------------------- sorting
  // Click a header with data-sort to sort by that column; again to reverse.
  // The order is kept when the table is re-rendered.
  const sortState = new WeakMap(); // table -> {col, dir}
  function applySort(table) {
    const st = sortState.get(table);
    for (const th of table.querySelectorAll('th[data-sort]')) {
      th.setAttribute('aria-sort', st && st.col === th.dataset.sort ? (st.dir > 0 ? 'ascending' : 'descending') : 'none');
    }
    if (!st) return;
    const tbody = table.tBodies[0];
    const rows = Array.from(tbody.rows);
    const key = (tr) => {
      const td = tr.querySelector(`td[data-col="${st.col}"]`);
      if (!td) return null;
      return td.dataset.value !== undefined ? Number(td.dataset.value) : td.textContent;
    };
    rows.sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      const na = typeof ka === 'number' && Number.isNaN(ka);
      const nb = typeof kb === 'number' && Number.isNaN(kb);
      if (na || nb) return na - nb; // no value: last either way
      return (ka < kb ? -1 : ka > kb ? 1 : 0) * st.dir;
    });
    tbody.append(...rows);
  }
  for (const table of document.querySelectorAll('table.sortable')) {
    if (table.dataset.defaultSort) {
      const [col, dir] = table.dataset.defaultSort.split(':');
      sortState.set(table, { col, dir: dir === 'asc' ? 1 : -1 });
    }
    for (const th of table.querySelectorAll('th[data-sort]')) {
      th.tabIndex = 0;
      const sortBy = () => {
        const st = sortState.get(table);
        const text = th.dataset.sort === 'extractor' || th.dataset.sort === 'dataset' || th.dataset.sort === 'family';
        const dir = st && st.col === th.dataset.sort ? -st.dir : text ? 1 : -1;
        sortState.set(table, { col: th.dataset.sort, dir });
        applySort(table);
      };
      th.addEventListener('click', sortBy);
      th.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          sortBy();
        }
      });
    }
  }

  // ---------------------------------------------------------------- export
  function download(name, type, text) {
    const url = URL.createObjectURL(new Blob([text], { type }));
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
  function csvField(v) {
    const s = v === null || v === undefined ? '' : String(v);
    return /[",\n\r]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s;
  }

  // The export: the `wce bench --out FILE.json` rows of every measure family,
  // Table 3, the complexity levels and every page's values.
  function exportData(run) {
    const families = S.measureFamilies(run.measures);
    const t3 = S.table3(run.records, run.names, run.measures, currentMeasure());
    const groups = S.levelsOf(run.records, t3.levels);
    return {
      measure: 'ROUGE-LSum',
      cancelled: !!run.cancelled,
      extractors: run.names,
      rows: S.benchRows(run.records, run.names, run.measures, DEFAULT_MEASURE),
      byPageType: S.benchRows(run.records, run.names, run.measures, DEFAULT_MEASURE, 'page_type'),
      measures: Object.fromEntries(families.map((f) => [f, S.benchRows(run.records, run.names, run.measures, f)])),
      complexityLevels: t3.levels,
      table3: { measure: currentMeasure(), rows: t3.table },
      measureNames: run.measures,
      pages: run.records.map((r, i) => ({
        id: r.id, dataset: r.dataset, lang: r.lang, page_type: r.page_type, complexity: r.complexity, complexityEstimate: r.complexityEstimate,
        level: groups[i],
        results: Object.fromEntries(run.names.filter((x) => r.results[x]).map((x) => [x, r.results[x]])),
      })),
    };
  }

  // CSV: one row per extractor and dataset of the `wce bench` table, per
  // measure family, with the quartiles and the time (as `wce bench`'s JSON:
  // mean ms per page and per kB).
  function exportCsv(run) {
    const head = ['measure', 'extractor', 'dataset', 'pages'];
    for (const m of ['precision', 'recall', 'f1']) for (const s of ['mean', 'median', 'q1', 'q3', 'stdev']) head.push(`${m}_${s}`);
    head.push('ms_per_page', 'ms_per_kb');
    const lines = [head.join(',')];
    for (const fam of S.measureFamilies(run.measures)) {
      for (const r of S.benchRows(run.records, run.names, run.measures, fam)) {
        const cells = [fam, r.extractor, r.dataset, r.pages];
        for (const m of ['precision', 'recall', 'f1']) for (const s of ['mean', 'median', 'q1', 'q3', 'stdev']) cells.push(r[m][s]);
        cells.push(r.ms.mean, r.msPerKb);
        lines.push(cells.map(csvField).join(','));
      }
    }
    return lines.join('\n') + '\n';
  }

  el.exportCsv.addEventListener('click', () => {
    if (state.lastRun) download('wce-bench.csv', 'text/csv', exportCsv(state.lastRun));
  });
  el.exportJson.addEventListener('click', () => {
    if (state.lastRun) download('wce-bench.json', 'application/json', JSON.stringify(exportData(state.lastRun), null, 1) + '\n');
  });

  // ---------------------------------------------------------------- start
  // Offline once loaded: sw.js keeps a copy of every file of the page.
  if ('serviceWorker' in navigator && self.isSecureContext) {
    navigator.serviceWorker.register('sw.js').catch(() => {
      // without it the page still works, only not offline
    });
  }
  setState('loading');
  startWorker();
  loadDemo();
})();
