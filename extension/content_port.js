/*
 * content_port.js: the first part of what a click injects into the tab's
 * isolated world (content_first.js = platform.js + node_pack.js +
 * dom_encoder.js + this file; then content_bundle.js = reader_model.js +
 * content.js, see platform.js contentParts). It opens the long-lived port to
 * the background and, at once, encodes the page and sends it up for the
 * labels of the click that injected it (labelAtInjection); the painter and
 * the reader model are read and compiled while that request is on its way
 * (bench/results/extension-latency-2026-11-27.md).
 *
 * Defines `globalThis.wcePort` = { stamp, connect(force), requestLabels(msg),
 * watchEncoding(enc), encodePage(), takeFirstLabels(),
 * setRunner(run) }. content.js's run(o) answers the background's 'run'
 * requests; any that arrive before it is there wait for setRunner.
 */
(function () {
  'use strict';
  // Injected once per document; injected again only when the background
  // lost its port to this page (it restarted): then just reconnect.
  if (globalThis.wcePort) {
    globalThis.wcePort.connect(true);
    return;
  }
  // Absolute time (ms since the epoch, sub-ms): the phases of a click are
  // told across processes (background.js stamp()).
  const stamp = () => performance.timeOrigin + performance.now();
  const EVAL_AT = stamp(); // this script starts: the injection is done
  const platform = globalThis.wcePlatform;
  let runner = null; // content.js run(o)
  const queued = []; // [port, message] of 'run' requests before it was there

  // Chrome refuses a message of more than 64 MiB (as JSON, where one
  // character may take 6 bytes): a page of a million text nodes makes about
  // 70 MB. Past MESSAGE_PART characters the flat DOM goes ahead in parts
  // ('wce:part'), which the background joins when the 'wce:classify' that
  // names them arrives.
  const MESSAGE_PART = 8 * 1024 * 1024;
  const PAGE_FIELDS = ['nodes', 'strings'];
  // The end of the part of s that starts at i; never between the two halves
  // of a surrogate pair (messaging converts strings to UTF-8).
  function partEnd(s, i) {
    let end = Math.min(s.length, i + MESSAGE_PART);
    const c = s.charCodeAt(end - 1);
    if (end < s.length && c >= 0xD800 && c <= 0xDBFF) end--;
    return end;
  }
  async function sendPage(msg) {
    if (PAGE_FIELDS.every((f) => msg[f].length <= MESSAGE_PART)) return platform.api.runtime.sendMessage(msg);
    const id = Date.now().toString(36) + '-' + Math.random().toString(36).slice(2);
    for (const field of PAGE_FIELDS) {
      const s = msg[field];
      for (let i = 0; i < s.length;) {
        const end = partEnd(s, i);
        const r = await platform.api.runtime.sendMessage({ type: 'wce:part', id, field, data: s.slice(i, end) });
        if (!r || r.ok !== true) throw new Error('sending the page failed: ' + (r && r.error ? r.error : 'no answer'));
        i = end;
      }
    }
    return platform.api.runtime.sendMessage(Object.assign({}, msg, { nodes: '', strings: '', parts: id }));
  }

  // The long-lived port to the background (background.js onContentPort):
  // the background's 'run' requests come down it and our answers go up; the
  // page's flat DOM goes up it too and the labels come down ('classify' /
  // 'labels'). Opened at injection; if it closes (the background restarted),
  // the background reconnects it through connect() on the next click.
  const PORT_NAME = 'wce-content';
  let port = null;
  let portSeq = 0;
  const waitingLabels = new Map(); // seq -> {resolve, reject}

  function failWaiting() {
    const list = [...waitingLabels.values()];
    waitingLabels.clear();
    for (const w of list) w.reject(new Error('the extension\'s background went away'));
  }

  // force: the background has no port to us (it restarted): drop ours, if
  // any, and open a new one.
  function connect(force) {
    if (port && force !== true) return 'connected';
    if (port) {
      const old = port;
      port = null;
      try { old.disconnect(); } catch (e) { /* already closed */ }
      failWaiting();
    }
    try {
      port = platform.api.runtime.connect({ name: PORT_NAME });
    } catch (e) {
      port = null; // extension reloaded: this copy of the script is orphaned
      return 'failed';
    }
    const mine = port;
    mine.onMessage.addListener((m) => onPortMessage(mine, m));
    mine.onDisconnect.addListener(() => {
      if (port === mine) { port = null; failWaiting(); }
    });
    return 'connected';
  }

  function onPortMessage(from, m) {
    if (!m || typeof m !== 'object') return;
    if (m.kind === 'run') {
      if (runner === null) { queued.push([from, m]); return; }
      Promise.resolve().then(() => runner(m.o)).then(
        (res) => res,
        (e) => ({ state: 'error', error: e && e.message ? e.message : String(e) }),
      ).then((res) => {
        try { from.postMessage({ kind: 'result', seq: m.seq, res }); } catch (e) { /* background gone */ }
      });
    } else if (m.kind === 'labels') {
      const w = waitingLabels.get(m.seq);
      if (m.reply && m.reply.timing) m.reply.timing.arrivedAt = stamp();
      if (w) { waitingLabels.delete(m.seq); w.resolve(m.reply); }
    }
  }

  // One classify request: over the port when there is one and the page fits
  // in one message, else by runtime messaging (in parts if large).
  function requestLabels(msg) {
    const small = PAGE_FIELDS.every((f) => msg[f].length <= MESSAGE_PART);
    if (!port || !small) return sendPage(msg);
    const seq = ++portSeq;
    return new Promise((resolve, reject) => {
      waitingLabels.set(seq, { resolve, reject });
      try {
        port.postMessage({ kind: 'classify', seq, msg });
      } catch (e) {
        waitingLabels.delete(seq);
        sendPage(msg).then(resolve, reject);
      }
    });
  }

  // The MutationObserver of the last encoding: sets entry.changed as soon
  // as the page changes anything the encoding reads (content.js labelPage).
  let watcher = null;
  // What the encoder reads (dom_encoder.js), and what decides which children
  // it reads in the composed tree (slots, frames).
  const WATCH_OPTIONS = {
    childList: true, subtree: true, characterData: true, attributes: true,
    attributeFilter: ['hidden', 'rel', 'href', 'id', 'class', 'role', 'itemprop', 'aria-hidden', 'style',
      'slot', 'name', 'src', 'srcdoc'],
  };
  function watchSince(entry) {
    unwatch();
    if (typeof MutationObserver !== 'function') { entry.changed = true; return; }
    const mo = new MutationObserver(() => { entry.changed = true; if (watcher === mo) unwatch(); });
    try {
      mo.observe(document, WATCH_OPTIONS);
      for (const root of entry.enc.roots) mo.observe(root, WATCH_OPTIONS);
    } catch (e) {
      entry.changed = true;
      mo.disconnect();
      return;
    }
    watcher = mo;
  }
  // The watch starts as soon as the page is encoded, so that a change made
  // while the labels are on their way is not missed; remember() completes
  // the entry once they are there.
  function watchEncoding(enc) {
    const entry = { extractor: null, agreement: null, enc, labels: null, reply: null, changed: false };
    watchSince(entry);
    return entry;
  }
  function encodePage() {
    if (!globalThis.WCEEncoder || typeof globalThis.WCEEncoder.encodeDom !== 'function') {
      throw new Error('dom_encoder.js did not define WCEEncoder.encodeDom');
    }
    return globalThis.WCEEncoder.encodeDom(document, { composed: true });
  }

  // First click: the page encodes itself as soon as it is injected and asks
  // for labels (classify forRun: for the request that injected it), while
  // that request is still on its way down the port. labelPage takes the
  // answer if it is for the same extractor. A promise of
  // {enc, seen (watchEncoding), reply, timing} or null.
  let firstLabels = null;
  function labelAtInjection() {
    if (!port || document.readyState === 'loading' || !document.documentElement) return null;
    const t0 = performance.now();
    const encodeAt = stamp();
    let enc;
    let packed;
    let seen;
    try {
      enc = encodePage();
      seen = watchEncoding(enc);
      packed = platform.packNodes(enc.nodes);
    } catch (e) {
      return null;
    }
    const t1 = performance.now();
    if (packed.length > MESSAGE_PART || enc.strings.length > MESSAGE_PART) return null; // large: the usual way
    return requestLabels({ type: 'wce:classify', forRun: true, nodes: packed, strings: enc.strings }).then(
      (reply) => {
        // No forRun: no labelling was asked for (the injection was for
        // something else); a failed labelling for the run is its answer.
        if (!reply || !reply.forRun) return null;
        const t2 = performance.now();
        return {
          enc, seen, reply,
          timing: { encodeMs: t1 - t0, roundTripMs: t2 - t1, worker: reply.timing, atInjection: true,
            marks: { bundleAt: globalThis.wceBundleAt, evalAt: EVAL_AT, encodeAt, sentAt: encodeAt + (t1 - t0), labelsAt: encodeAt + (t2 - t0) } },
        };
      },
      () => null,
    ).catch(() => null);
  }

  // The watch of the last encoding (content.js keeps the entry).
  function unwatch() {
    if (watcher) watcher.disconnect();
    watcher = null;
  }

  function setRunner(run) {
    runner = run;
    for (const [from, m] of queued.splice(0)) onPortMessage(from, m);
  }
  function takeFirstLabels() {
    const p = firstLabels;
    firstLabels = null;
    return p;
  }

  globalThis.wcePort = { stamp, connect, requestLabels, watchEncoding, encodePage, takeFirstLabels, setRunner };
  connect();
  firstLabels = labelAtInjection();
})();
