/* wce benchmark page: corpus loading, extractor choice, run control, results.
 * The extraction itself runs in worker.js (WASM); this file never blocks on it.
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
  };

  // ---------------------------------------------------------------- state
  const state = {
    sources: [], // {key, label, kind: 'demo'|'file', pages, malformed: [{file, line, reason}], enabled, loading}
    extractors: [], // from Wce.extractors(), registry order
    workerReady: false,
    run: null, // {id, extractors, pages, results, failures, started, done, total, cancelled, finished}
    lastRun: null,
  };
  let nextSourceKey = 1;
  let nextRunId = 1;
  let worker = null;

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

  function datasetFromName(name) {
    return name.replace(/\.gz$/i, '').replace(/\.(jsonl|ndjson|json)$/i, '') || name;
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
          html: rec.html,
          text: rec.text,
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
      for (const x of list) {
        const label = document.createElement('label');
        label.title = [x.description, x.reference].filter(Boolean).join(' — ');
        const box = document.createElement('input');
        box.type = 'checkbox';
        box.name = 'extractor';
        box.value = x.name;
        box.checked = true;
        box.addEventListener('change', updateRunButton);
        label.append(box, ' ', x.name);
        fs.append(label);
      }
      el.extractors.append(fs);
    }
    updateRunButton();
  }
  function extractorBoxes() {
    return Array.from(el.extractors.querySelectorAll('input[name=extractor]'));
  }
  function selectedExtractors() {
    return extractorBoxes().filter((b) => b.checked).map((b) => b.value);
  }
  el.selectAll.addEventListener('click', () => {
    extractorBoxes().forEach((b) => (b.checked = true));
    updateRunButton();
  });
  el.selectNone.addEventListener('click', () => {
    extractorBoxes().forEach((b) => (b.checked = false));
    updateRunButton();
  });

  function selectedPages() {
    return state.sources.filter((s) => s.enabled && !s.loading).flatMap((s) => s.pages);
  }

  function updateRunButton() {
    const running = !!state.run;
    el.run.disabled = running || !state.workerReady || selectedExtractors().length === 0 ||
      selectedPages().length === 0 || state.sources.some((s) => s.loading && s.enabled);
    el.cancel.disabled = !running;
    extractorBoxes().forEach((b) => (b.disabled = running));
    el.selectAll.disabled = el.selectNone.disabled = running;
    el.fileInput.disabled = running;
  }

  // ---------------------------------------------------------------- worker
  function startWorker() {
    state.workerReady = false;
    worker = new Worker('worker.js');
    worker.onmessage = (e) => onWorkerMessage(e.data);
    worker.onerror = (e) => {
      e.preventDefault();
      const message = e.message || 'the worker failed to start (is wce_core.js / wce_api.js there?)';
      if (state.run) finishRun({ error: message });
      else {
        setStatus('Worker error: ' + message, 'error');
        setState('error');
      }
    };
  }

  function onWorkerMessage(msg) {
    switch (msg.type) {
      case 'ready':
        state.workerReady = true;
        if (!state.extractors.length) {
          state.extractors = msg.extractors;
          renderExtractors();
        }
        if (!state.run && document.body.dataset.state === 'loading') {
          setState('ready');
          setStatus('');
        }
        updateRunButton();
        break;
      case 'init-error':
        setStatus('Could not load the WebAssembly module: ' + msg.message, 'error');
        el.extractors.textContent = '';
        setState('error');
        break;
      case 'progress':
        if (!state.run || msg.runId !== state.run.id) return;
        state.run.done = msg.done;
        state.run.total = msg.total;
        showProgress(msg.done, msg.total, msg.unitsDone, msg.unitsTotal);
        break;
      case 'result':
        if (!state.run || msg.runId !== state.run.id) return;
        state.run.results.push({
          id: msg.id, dataset: msg.dataset, extractor: msg.extractor,
          precision: msg.precision, recall: msg.recall, f1: msg.f1, ms: msg.ms,
          ...(msg.error !== undefined ? { error: msg.error } : {}),
        });
        if (msg.error !== undefined) state.run.failures.push(msg);
        scheduleTable();
        break;
      case 'done':
        if (!state.run || msg.runId !== state.run.id) return;
        finishRun({ cancelled: msg.cancelled });
        break;
      case 'error':
        if (!state.run || msg.runId !== state.run.id) return;
        finishRun({ error: msg.message });
        break;
    }
  }

  function showProgress(done, total, unitsDone, unitsTotal) {
    const frac = unitsTotal ? unitsDone / unitsTotal : total ? done / total : 0;
    el.progress.max = 1;
    el.progress.value = frac;
    el.progressText.textContent = `${done} / ${total} pages (${(100 * frac).toFixed(0)}%)`;
  }

  function startRun() {
    const pages = selectedPages();
    const extractors = selectedExtractors();
    if (!pages.length || !extractors.length || state.run) return;
    const run = {
      id: nextRunId++, extractors, pageCount: pages.length, results: [], failures: [],
      started: performance.now(), done: 0, total: pages.length, finished: false,
    };
    state.run = run;
    el.results.textContent = '';
    el.failures.textContent = '';
    el.failuresBox.hidden = true;
    el.exportCsv.disabled = el.exportJson.disabled = true;
    showProgress(0, pages.length, 0, pages.length * extractors.length);
    setStatus(`Running ${extractors.length} extractor${extractors.length === 1 ? '' : 's'} on ${pages.length} page${pages.length === 1 ? '' : 's'}…`);
    setState('running');
    renderSources();
    updateRunButton();
    worker.postMessage({
      type: 'run', runId: run.id, extractors,
      pages: pages.map((p) => ({ id: p.id, dataset: p.dataset, html: p.html, text: p.text })),
    });
  }

  let cancelTimer = 0;
  function cancelRun() {
    const run = state.run;
    if (!run) return;
    setStatus('Cancelling…');
    worker.postMessage({ type: 'cancel', runId: run.id });
    // The worker checks for cancellation between extractions; if one page takes
    // too long, stop the worker outright and start a fresh one.
    clearTimeout(cancelTimer);
    cancelTimer = setTimeout(() => {
      if (state.run === run) {
        worker.terminate();
        finishRun({ cancelled: true });
        startWorker();
      }
    }, 2000);
  }

  function finishRun({ cancelled = false, error = null }) {
    const run = state.run;
    if (!run) return;
    clearTimeout(cancelTimer);
    run.finished = true;
    run.cancelled = cancelled;
    run.elapsedMs = performance.now() - run.started;
    state.run = null;
    state.lastRun = run;
    renderTable(run);
    const secs = (run.elapsedMs / 1000).toFixed(1);
    if (error) {
      setStatus(`Stopped by an error: ${error}`, 'error');
      setState('error');
    } else if (cancelled) {
      setStatus(`Cancelled after ${run.done} of ${run.total} pages (${secs} s); the table shows the pages done.`, 'warn');
      setState('cancelled');
    } else {
      setStatus(`Done: ${run.total} pages × ${run.extractors.length} extractors in ${secs} s.`);
      setState('done');
    }
    el.exportCsv.disabled = el.exportJson.disabled = run.results.length === 0;
    renderSources();
    updateRunButton();
  }

  el.run.addEventListener('click', startRun);
  el.cancel.addEventListener('click', cancelRun);

  // ---------------------------------------------------------------- statistics
  function mean(xs) {
    let s = 0;
    for (const x of xs) s += x;
    return xs.length ? s / xs.length : NaN;
  }
  function median(xs) {
    if (!xs.length) return NaN;
    const v = xs.slice().sort((a, b) => a - b);
    const m = v.length >> 1;
    return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
  }

  // The rows of the CLI's `wce bench` table (cli/bench.cpp): one per
  // (extractor, dataset), extractors in the order they ran, datasets in
  // first-seen order; with several datasets each extractor gets two more rows,
  // "(macro)" (the mean of the datasets' means and of their medians) and
  // "(micro)" (every page pooled). Failed extractions are left out of the
  // scores, as in the CLI, and listed under the table.
  function aggregate(run) {
    const datasets = [];
    const groups = new Map();
    for (const r of run.results) {
      if (!datasets.includes(r.dataset)) datasets.push(r.dataset);
      if (r.error !== undefined) continue;
      const key = r.extractor + '\u0000' + r.dataset;
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(r);
    }
    const measures = ['precision', 'recall', 'f1'];
    const summarize = (extractor, dataset, rs) => {
      const row = { extractor, dataset, pages: rs.length, ms: mean(rs.map((r) => r.ms)) };
      for (const m of measures) row[m] = { mean: mean(rs.map((r) => r[m])), median: median(rs.map((r) => r[m])) };
      return row;
    };
    const macro = (extractor, per) => {
      const avg = (f) => per.reduce((a, r) => a + f(r), 0) / per.length;
      const row = { extractor, dataset: '(macro)', pages: per.reduce((a, r) => a + r.pages, 0), ms: avg((r) => r.ms) };
      for (const m of measures) row[m] = { mean: avg((r) => r[m].mean), median: avg((r) => r[m].median) };
      return row;
    };
    const rows = [];
    for (const x of run.extractors) {
      const per = [];
      const all = [];
      for (const d of datasets) {
        const rs = groups.get(x + '\u0000' + d);
        if (!rs) continue;
        per.push(summarize(x, d, rs));
        all.push(...rs);
      }
      rows.push(...per);
      if (per.length > 1) rows.push(macro(x, per), summarize(x, '(micro)', all));
    }
    return rows;
  }

  const fmt = (v) => (Number.isFinite(v) ? v.toFixed(3) : '–');

  let tablePending = false;
  function scheduleTable() {
    if (tablePending) return;
    tablePending = true;
    requestAnimationFrame(() => {
      tablePending = false;
      if (state.run) renderTable(state.run);
    });
  }

  function renderTable(run) {
    const rows = aggregate(run);
    const frag = document.createDocumentFragment();
    for (const row of rows) {
      const tr = document.createElement('tr');
      tr.dataset.extractor = row.extractor;
      tr.dataset.dataset = row.dataset;
      if (row.dataset === '(macro)' || row.dataset === '(micro)') tr.className = 'total';
      const cell = (text, col, value) => {
        const td = document.createElement('td');
        td.textContent = text;
        td.dataset.col = col;
        if (value !== undefined) {
          td.dataset.value = String(value);
          td.className = 'num';
        }
        tr.append(td);
      };
      cell(row.extractor, 'extractor');
      cell(row.dataset, 'dataset');
      cell(String(row.pages), 'pages', row.pages);
      for (const m of ['precision', 'recall', 'f1']) {
        cell(fmt(row[m].mean), `${m}-mean`, row[m].mean);
        cell(fmt(row[m].median), `${m}-median`, row[m].median);
      }
      cell(fmt(row.ms), 'ms', row.ms);
      frag.append(tr);
    }
    el.results.textContent = '';
    el.results.append(frag);

    el.failures.textContent = '';
    for (const f of run.failures) {
      const li = document.createElement('li');
      li.textContent = `${f.extractor} on ${f.id}: ${f.error}`;
      el.failures.append(li);
    }
    el.failuresBox.hidden = run.failures.length === 0;
    el.failuresSummary.textContent = `${run.failures.length} failed extraction${run.failures.length === 1 ? '' : 's'} (left out of the scores)`;
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
    const s = String(v);
    return /[",\n\r]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s;
  }
  el.exportCsv.addEventListener('click', () => {
    const run = state.lastRun;
    if (!run) return;
    const head = ['extractor', 'dataset', 'pages', 'precision_mean', 'precision_median', 'recall_mean',
      'recall_median', 'f1_mean', 'f1_median', 'ms_per_page'];
    const lines = [head.join(',')];
    for (const r of aggregate(run)) {
      lines.push([r.extractor, r.dataset, r.pages, r.precision.mean, r.precision.median, r.recall.mean,
        r.recall.median, r.f1.mean, r.f1.median, r.ms].map(csvField).join(','));
    }
    download('wce-bench.csv', 'text/csv', lines.join('\n') + '\n');
  });
  el.exportJson.addEventListener('click', () => {
    const run = state.lastRun;
    if (!run) return;
    const out = {
      measure: 'ROUGE-LSum',
      cancelled: !!run.cancelled,
      extractors: run.extractors,
      summary: aggregate(run),
      pages: run.results,
    };
    download('wce-bench.json', 'application/json', JSON.stringify(out, null, 1) + '\n');
  });

  // ---------------------------------------------------------------- start
  setState('loading');
  startWorker();
  loadDemo();
})();
