/*
 * background.js: the extension's background context.
 *   Chrome:  MV3 service worker (this file is the entry; it importScripts the rest).
 *   Firefox: MV3 event page; manifest background.scripts loads the same files first.
 *
 * It owns the WebAssembly extractor (WASM cannot run in a content script on
 * pages whose CSP lacks 'wasm-unsafe-eval'; the extension CSP allows it here),
 * answers the content script's classify requests, and does what the popup,
 * the reader page and the keyboard shortcuts ask:
 *
 *   setHighlight(tabId, {on, extractor, confidence})
 *     1. if the tab has no port to us yet, inject content_bundle.js
 *        (platform.contentSources: platform.js, dom_encoder.js, the reader
 *        model, slices.js, viewport_window.js and content.js in one script), which connects one and at once sends its encoded DOM up
 *        for the labels of this request (callContent, classify forRun)
 *     2. on  -> insertCSS (colours from the settings; once per document) and,
 *               at the same time, 'run' {action: 'on'} down the port: the
 *               page encodes its DOM (unless it has not changed since the
 *               last labels), sends it up the port ('classify'), gets labels
 *               back and highlights
 *        off -> 'run' {action: 'off'} removes every highlight (the inert
 *               style stays: turnOn)
 *   toggle(tabId)      on <-> off with the stored settings (Alt+Shift+H, tests)
 *   openReader(tabId)  content.reader() builds the reader document from the
 *                      live DOM; it is kept here and shown by reader.html in a
 *                      new tab. The page itself is not changed.
 */
'use strict';
/* global importScripts */

if (typeof importScripts === 'function' && typeof self.wcePlatform === 'undefined') {
  // Chrome service worker: importScripts only works synchronously while the
  // worker script is first evaluated, so this stays at top level.
  importScripts('platform.js');
  importScripts(...self.wcePlatform.workerScripts.filter((f) => f !== 'platform.js'));
}

(function () {
  const platform = self.wcePlatform;
  const settings = self.wceSettings;
  const api = platform.api;

  // Reader documents kept for their reader tab; the oldest go first. A reader
  // page whose document is gone (worker restarted) rebuilds it from its tab.
  const MAX_READER_DOCS = 8;
  const TITLE_OFF = 'Main content: highlight or read';
  // A run that takes longer than SLOW_MS shows it in the badge (and the
  // popup, which asks for the page's status).
  const SLOW_MS = 300;
  const BADGE_BUSY = '…';
  const TITLE_BUSY = 'Main content: reading the page… (press the shortcut again to stop)';

  const log = (...a) => console.log('[wce]', ...a);
  // Absolute time (ms since the epoch, sub-ms), comparable with the page's
  // own stamps (content.js stamp()): the phases of a click across processes.
  const stamp = () => performance.timeOrigin + performance.now();

  const logError = (...a) => console.error('[wce]', ...a);
  const message = (e) => (e && e.message) ? e.message : String(e);

  // The settings, read once and kept until storage changes: a click does not
  // wait for a storage round trip to the browser process.
  let settingsCache = null;
  function currentSettings() {
    if (!settingsCache) {
      settingsCache = settings.load();
      settingsCache.catch(() => { settingsCache = null; });
    }
    return settingsCache;
  }
  // "Ready before you click" (settings.instant): the bundle is registered
  // for every page while the setting is on (platform.js syncInstantScript);
  // checked at every start of the background and on every change.
  let instantSync = Promise.resolve();
  function syncInstant() {
    instantSync = instantSync.then(() => currentSettings()).then((s) => platform.syncInstantScript(s.instant))
      .catch((e) => logError('could not (un)register the page script:', e));
    return instantSync;
  }
  if (api && api.storage && api.storage.onChanged) {
    api.storage.onChanged.addListener(() => { settingsCache = null; syncInstant(); });
  }
  // The permission taken back in the browser's own settings: the mode is off.
  if (api && api.permissions && api.permissions.onRemoved) {
    api.permissions.onRemoved.addListener((p) => {
      if (p && Array.isArray(p.origins) && p.origins.some((o) => platform.instantOrigins.includes(o))) {
        settings.save({ instant: false }).catch((e) => logError('could not save the settings:', e));
      }
    });
  }

  // ------------------------------------------------------------- extractor
  let extractorPromise = null;

  function getExtractor() {
    if (!extractorPromise) {
      extractorPromise = Promise.resolve().then(() => {
        if (!self.WCE || typeof self.WCE.createExtractor !== 'function') {
          throw new Error('wce_api.js did not define self.WCE.createExtractor');
        }
        return self.WCE.createExtractor();
      });
      // A failed start is retried on the next request instead of sticking.
      extractorPromise.catch(() => { extractorPromise = null; });
    }
    return extractorPromise;
  }

  // After a WebAssembly abort the instance is unusable: the next request
  // starts a new one.
  function dropExtractor() { extractorPromise = null; }

  async function listExtractors() {
    try {
      const wce = await getExtractor();
      return { ok: true, version: wce.version(), extractors: wce.extractors() };
    } catch (e) {
      logError('the WebAssembly extractor did not start:', e);
      return { ok: false, error: 'the WebAssembly extractor could not be loaded: ' + message(e) };
    }
  }

  // classify: {nodes, strings, attrs, attrStrings (the flat DOM with its
  // attribute section, page_message.js), extractor?, agreement?, pageType?,
  // url?, reader?, images?} -> {ok, extractor, labels: packed
  // (platform.packLabels), agreement?: {members}, pageType: {name, label,
  // probability} | null, timing} and, with reader, metadata (the core's:
  // title, author, date, site, ..., page type) and markdown (the core's
  // Markdown of the same labels, links kept, images when `images`), from the
  // same decode. pageType: the page's type is classified too,
  // on the same decode (timing.pageTypeMs), with the page's URL (`url`, the
  // page's location.href, else the sender's) for the classifier's URL
  // features. With agreement, each text node's label is the share of
  // settings.AGREEMENT_EXTRACTORS that choose it (one parse, one Context).
  // A large page's flat DOM arrives in parts ('wce:part', content.js
  // sendPage) before the 'wce:classify' that names them; they wait here, per
  // tab and id, for at most MAX_PENDING_PAGES pages (the oldest is dropped).
  const MAX_PENDING_PAGES = 2;
  const pageMessage = self.wcePageMessage;
  const pendingParts = pageMessage.createPartStore(MAX_PENDING_PAGES);
  const partsKey = (sender, id) => String(sender && sender.tab ? sender.tab.id : '-') + ':' + id;
  function addPart(msg, sender) {
    if (typeof msg.id !== 'string') throw new Error('bad part: expected {id: string, field, data}');
    pendingParts.add(partsKey(sender, msg.id), msg);
    return { ok: true };
  }
  function joinParts(msg, sender) {
    if (msg.parts === undefined) return msg;
    return pendingParts.join(partsKey(sender, String(msg.parts)), msg);
  }

  // forRun (first click): a page that was just injected sends its flat DOM
  // at once, before the click's 'run' request reaches it; it is labelled
  // for the run that injected it (`run`, from the port: onContentPort), and
  // the reply says for which extractor, so the page can check it against the
  // request when that arrives.
  // The labelling that a run asks for: {extractor, agreement, pageType}, or
  // null. The page type only when the popup asked for the highlight (it
  // shows it): it costs about as much as the ensemble in WebAssembly
  // (lab/results/page-type.md), so the shortcut and the reader view do not
  // pay for it.
  function labellingOf(run) {
    if (!run || (run.action !== 'on' && run.action !== 'reader') || typeof run.extractor !== 'string') return null;
    const reader = run.action === 'reader';
    return { extractor: run.extractor, agreement: run.action === 'on' && run.confidence === true,
      pageType: run.action === 'on' && run.pageType === true, reader, images: reader && run.images === true };
  }

  // The page's type as the popup shows it ({name, label, probability}), from
  // a classify result asked with {pageType: true}; null when not asked.
  function pageTypeOf(out) {
    const t = out && out.pageType;
    return t ? { name: t.name, label: t.label, probability: t.probability } : null;
  }

  // Pages being labelled now (the warm-up waits for them).
  let labelling = 0;
  async function classify(msg, forRun, sender) {
    labelling++;
    try {
      return await classifyNow(msg, forRun, sender);
    } finally {
      labelling--;
    }
  }

  async function classifyNow(msg, forRun, sender) {
    const t0 = performance.now();
    const flat = pageMessage.unpack(msg, platform.unpackUint32);
    if (msg.forRun === true) {
      if (!forRun) return { ok: false, error: 'no labelling request waits for this page' };
      msg = Object.assign({}, msg, forRun);
    }
    const extractor = msg.extractor === undefined ? (await currentSettings()).extractor : msg.extractor;
    const wantType = msg.pageType === true;
    const url = typeof msg.url === 'string' ? msg.url : (sender && typeof sender.url === 'string' ? sender.url : '');
    const wce = await getExtractor();
    const t1 = performance.now();
    const reader = msg.reader === true;
    let labels;
    let agreement = null;
    let pageType = null;
    let metadata = null;
    let markdown = null;
    let worker;
    try {
      // With agreement, the core's "agreement" extractor: per text node, the
      // share of its five members (ExtractorInfo::needs, the same as
      // AGREEMENT_EXTRACTORS) that keep it, each member run once on the one parse.
      const out = wce.classify(flat, {
        extractor: msg.agreement === true ? 'agreement' : extractor, pageType: wantType, url,
        metadata: reader, format: reader ? 'markdown' : 'text', links: reader, images: reader && msg.images === true,
      });
      if (!out || !out.labels || typeof out.labels.length !== 'number') {
        throw new Error('classify returned no labels');
      }
      labels = out.labels;
      if (msg.agreement === true) agreement = { members: settings.AGREEMENT_EXTRACTORS.slice() };
      pageType = pageTypeOf(out);
      if (reader) {
        metadata = out.metadata;
        markdown = out.markdown;
      }
      worker = out.timing;
    } catch (e) {
      if (/WebAssembly module (failed|aborted)/.test(message(e))) dropExtractor();
      throw e;
    }
    const packed = platform.packLabels(labels);
    const reply = {
      ok: true, extractor, agreement, pageType, labels: packed, forRun,
      timing: Object.assign({}, worker, { unpackMs: t1 - t0, backgroundMs: performance.now() - t0 }),
    };
    if (reader) Object.assign(reply, { metadata, markdown, markdownImages: msg.images === true });
    return reply;
  }

  // ------------------------------------------------------------ the tab
  async function runInTab(tabId, func, args) {
    const results = await api.scripting.executeScript({ target: { tabId }, func, args: args || [] });
    return results && results[0] ? results[0].result : undefined;
  }

  // Both calls go out at once, so successive badges keep their order.
  async function setBadge(tabId, text, title) {
    try {
      await Promise.all([api.action.setBadgeText({ tabId, text }), title ? api.action.setTitle({ tabId, title }) : null]);
    } catch (e) { /* tab gone: nothing to show */ }
  }

  async function removeCss(tabId, css) {
    if (!css) return;
    try {
      await api.scripting.removeCSS({ target: { tabId }, css });
    } catch (e) { /* nothing inserted, or tab gone */ }
  }

  // The page's end of the conversation: each content script opens one
  // long-lived port when it is injected (content.js connect()). A click is
  // then one message down the port ('run'), the page's flat DOM up
  // ('classify'), the labels down ('labels') and the page's answer up
  // ('result'): no executeScript per click, no script re-injection. The port
  // goes when the page does (navigation, back/forward cache, tab closed) or
  // when this worker restarts; the next click injects (or, if content.js is
  // still there, reconnects) first.
  const PORT_NAME = 'wce-content';
  const CONNECT_TIMEOUT_MS = 10000;
  const ports = new Map(); // tabId -> {port, pending: Map(seq -> {resolve, reject}), seq, paint, hello}
  const portWaiters = new Map(); // tabId -> [{resolve, run}]: run null for a waiter that is not a click (turnOn's style)

  class PortGone extends Error {}

  function onContentPort(port) {
    const s = port.sender;
    if (port.name !== PORT_NAME || !s || s.id !== api.runtime.id || !s.tab || typeof s.tab.id !== 'number' ||
        (s.frameId !== undefined && s.frameId !== 0)) {
      port.disconnect();
      return;
    }
    const tabId = s.tab.id;
    const old = ports.get(tabId);
    if (old) dropPort(tabId, old, 'the page connected again');
    const waiting = portWaiters.get(tabId) || [];
    portWaiters.delete(tabId);
    const click = waiting.find((w) => w.run !== null);
    // css: the highlight style known to be in this port's document (turnOn);
    // firstRun: the request that injected the page (classify forRun).
    // paint: how the page paints (its 'hello', content.js paintMode); hello:
    // resolves when it is known (false: the page went first).
    const entry = { port, pending: new Map(), seq: 0, css: null, firstRun: click ? click.run : null,
      paint: null, hello: null, helloDone: null };
    entry.hello = new Promise((resolve) => { entry.helloDone = resolve; });
    ports.set(tabId, entry);
    port.onMessage.addListener((m) => onPortMessage(entry, m, s));
    port.onDisconnect.addListener(() => { entry.helloDone(false); dropPort(tabId, entry, 'the page went away'); });
    for (const w of waiting) w.resolve(entry);
    // No click waits for it: a page loaded with "ready before you click".
    // Its (inert) highlight style goes in now too, so that the click does
    // not wait for it (turnOn); not for a page painted with the overlay.
    if (!click) {
      Promise.all([currentSettings(), entry.hello]).then(([st]) => {
        if (!st.instant || ports.get(tabId) !== entry || entry.css || !usesStyle(entry)) return null;
        const css = settings.highlightCss(st.color, st.confidence, platform.highlightSubject);
        return api.scripting.insertCSS({ target: { tabId }, css }).then(() => {
          // A click inserted it meanwhile: one copy is enough (same document).
          if (ports.get(tabId) !== entry) return;
          if (!entry.css) entry.css = css;
          else removeCss(tabId, css);
        });
      }).catch(() => { /* the click inserts it */ });
    }
  }

  function dropPort(tabId, entry, why) {
    if (ports.get(tabId) === entry) ports.delete(tabId);
    const pending = entry.pending;
    entry.pending = new Map();
    for (const p of pending.values()) p.reject(new PortGone(why));
  }

  function onPortMessage(entry, m, sender) {
    if (!m || typeof m !== 'object') return;
    if (m.kind === 'hello') {
      entry.paint = typeof m.paint === 'string' ? m.paint : null;
      entry.helloDone(true);
    } else if (m.kind === 'result') {
      const p = entry.pending.get(m.seq);
      if (p) { entry.pending.delete(m.seq); p.resolve(m.res); }
    } else if (m.kind === 'part') {
      // A big page's flat DOM, in parts (content.js sendParts).
      try { addPart(m, sender); } catch (e) { logError('bad part:', e); }
    } else if (m.kind === 'classify') {
      const receivedAt = stamp();
      // The page's request for labels: answered on the same port.
      // A failure for a first click's labels is that click's answer too.
      const asked = m.msg && m.msg.forRun === true;
      const forRun = asked ? labellingOf(entry.firstRun) : null;
      if (asked) entry.firstRun = null;
      Promise.resolve().then(async () => {
        // No click waits for this page: it was loaded with "ready before
        // you click" on, and is labelled now, for the settings' choice
        // (`idle`: the page checks at the click that it has not changed),
        // with the page type, so that a click from the popup can reuse it:
        // idle time, not the click's.
        if (asked && !forRun) {
          const s = await currentSettings();
          if (s.instant) {
            const reply = await classify(joinParts(m.msg, sender),
              { extractor: s.extractor, agreement: s.confidence, pageType: true }, sender);
            return Object.assign(reply, { idle: true });
          }
        }
        return classify(joinParts(m.msg, sender), forRun, sender);
      }).then(
        (reply) => reply,
        (e) => { logError('request failed:', e); return { ok: false, error: message(e), forRun }; },
      ).then((reply) => {
        // Stamps of the trip up and down (the bench's "Stamps of the click").
        if (reply.timing) Object.assign(reply.timing, { receivedAt, repliedAt: stamp() });
        try { entry.port.postMessage({ kind: 'labels', seq: m.seq, reply }); } catch (e) { /* page gone */ }
      });
    }
  }

  function viaPort(entry, o) {
    return new Promise((resolve, reject) => {
      const seq = ++entry.seq;
      entry.pending.set(seq, { resolve, reject });
      try {
        entry.port.postMessage({ kind: 'run', seq, o });
      } catch (e) {
        entry.pending.delete(seq);
        reject(new PortGone(message(e)));
      }
    });
  }

  // run: the request that will go down the port (the page may label its
  // DOM for it before it arrives: classify forRun); null for a waiter that
  // sends none (turnOn's style, connected()).
  function waitForPort(tabId, run) {
    let done;
    const got = new Promise((resolve) => { done = { resolve, run: run || null }; });
    const list = portWaiters.get(tabId) || [];
    list.push(done);
    portWaiters.set(tabId, list);
    let timer;
    const timeout = new Promise((resolve, reject) => {
      timer = setTimeout(() => reject(new Error('the page did not connect')), CONNECT_TIMEOUT_MS);
    });
    const cancel = () => {
      clearTimeout(timer);
      const l = portWaiters.get(tabId);
      if (l) { const i = l.indexOf(done); if (i >= 0) l.splice(i, 1); if (!l.length) portWaiters.delete(tabId); }
    };
    return { got: Promise.race([got, timeout]).finally(cancel), cancel };
  }

  // One call into the page per click: content.js's run(o). Without a port
  // the content scripts are injected first (the first click on a page;
  // content.js only reconnects if it is there already). With inject false,
  // a page without content.js answers {state: 'absent'} (nothing injected).
  // Throws on pages the extension may not script.
  // timing: an object that gets the background's stamps of the call.
  async function callContent(tabId, o, inject, timing) {
    const entry = ports.get(tabId);
    if (entry) {
      try {
        return await viaPort(entry, o);
      } catch (e) {
        if (!(e instanceof PortGone)) throw e;
      }
    }
    // Waiting from before the call: the page connects while the injected
    // script runs, before executeScript returns.
    const wait = waitForPort(tabId, o);
    // A page that has content.js already (its port closed when this worker
    // last stopped) reconnects on a small call: always asked when the call
    // must not inject (off), and first with "ready before you click", where
    // the page most likely has it; only a page without it is injected.
    if (inject === false || (await currentSettings()).instant) {
      let there;
      try {
        there = await runInTab(tabId, () => (globalThis.wceContent ? globalThis.wceContent.connect(true) : 'absent'));
      } catch (e) {
        wait.cancel();
        throw e;
      }
      if (there !== 'absent') return viaPort(await wait.got, o);
      if (inject === false) {
        wait.cancel();
        return { state: 'off', mode: null };
      }
    }
    // The request goes down as soon as the page connects, without waiting
    // for executeScript's own answer (one hop less on the first click); an
    // injection that fails (a restricted page) still ends the wait.
    if (timing) timing.injectAt = stamp();
    const injected = api.scripting.executeScript({ target: { tabId }, files: platform.contentScripts })
      .catch((e) => { wait.cancel(); throw e; });
    injected.catch(() => { /* reported through the race below */ });
    const connected = await Promise.race([wait.got, injected.then(() => wait.got)]);
    if (timing) timing.connectAt = stamp();
    return viaPort(connected, o);
  }

  // What the background knows of each tab's highlight (from the last answers);
  // the page's own state decides when they differ. Cleared when a tab loads.
  const tabState = new Map(); // tabId -> {state, css}

  // The tab's port once it is open (at once if it is), or null when `call`
  // (the click's call into the page) ends first without one.
  function connected(tabId, call) {
    const now = ports.get(tabId);
    if (now) return Promise.resolve(now);
    const wait = waitForPort(tabId, null);
    const ended = call.then(() => ports.get(tabId) || null, () => null);
    return Promise.race([wait.got.catch(() => null), ended]).finally(wait.cancel);
  }

  // Whether the page is painted with the inserted style (the Highlight API
  // or <mark>s), not with the overlay.
  const usesStyle = (entry) => entry.paint !== 'overlay';

  // Off takes the highlights away; the style stays in the document (see
  // turnOn) and the page is not injected just to be told so.
  async function turnOff(tabId) {
    await callContent(tabId, { action: 'off' }, false);
    tabState.set(tabId, { state: 'off' });
    setBadge(tabId, '', TITLE_OFF);
    return { state: 'off' };
  }

  // The highlight style (scripting.insertCSS: invisible to the page's
  // scripts, which do not see it in document.styleSheets) goes in once per
  // document and stays there after off: its rules only match our named
  // highlights and <mark data-wce>, which exist only while on, so the page
  // looks and serialises exactly as before. Inserting it on every click
  // would restyle the whole document each time (a few ms on a real page).
  // It goes in while the page encodes and waits for its labels; a new
  // colour replaces it.
  async function turnOn(tabId, opts, t0) {
    const css = settings.highlightCss(opts.color, opts.confidence, platform.highlightSubject);
    const timing = { startAt: t0, settingsAt: stamp() };
    // A page that takes longer than SLOW_MS shows that it is being read.
    const slow = setTimeout(() => {
      tabState.set(tabId, { state: 'busy' });
      setBadge(tabId, BADGE_BUSY, TITLE_BUSY);
    }, SLOW_MS);
    // The request first (on a first click, the injection), then the style,
    // once the page has said how it paints (a page painted with the overlay
    // gets none: its restyle is what the overlay avoids).
    let res;
    let inserted = null;
    let stale = null;
    try {
      const call = callContent(tabId, {
        action: 'on', extractor: opts.extractor, confidence: opts.confidence, css, repaint: opts.repaint,
        fresh: opts.fresh, legend: opts.confidence ? settings.legendCss(opts.color) : undefined,
        overlayCss: settings.overlayCss(opts.color, opts.confidence), pageType: opts.pageType,
      }, undefined, timing);
      const style = connected(tabId, call).then(async (known) => {
        if (!known || !(await known.hello) || !usesStyle(known) || known.css === css) return;
        stale = known.css;
        await api.scripting.insertCSS({ target: { tabId }, css });
        inserted = css;
      });
      [res] = await Promise.all([call, style]);
    } finally {
      clearTimeout(slow);
    }
    const entry = ports.get(tabId);
    if (res && res.state === 'on') {
      if (entry && inserted) entry.css = inserted;
      if (stale) removeCss(tabId, stale); // not waited for
    } else if (inserted) {
      await removeCss(tabId, inserted); // failed or busy: the page is left as it was
    }
    if (res && (res.state === 'busy' || res.unchanged)) {
      if (res.unchanged) tabState.set(tabId, { state: 'on' });
      return res;
    }
    // Stopped (the shortcut again, off) or nothing found: the page shows no
    // highlight, and the badge and its title say so.
    if (res && res.state === 'off' && (res.cancelled || res.empty)) {
      tabState.set(tabId, { state: 'off' });
      await setBadge(tabId, '', res.empty ? 'Main content: none found with ' + res.extractor : TITLE_OFF);
      return res;
    }
    if (!res || res.state !== 'on') {
      tabState.set(tabId, { state: 'off' });
      await setBadge(tabId, '!', 'Main content: ' + (res && res.error ? res.error : 'failed'));
      return res || { state: 'off', error: 'no result from the page' };
    }
    tabState.set(tabId, { state: 'on' });
    timing.resultAt = stamp();
    res.timing = Object.assign({}, res.timing, { background: timing });
    // The badge and the log follow the answer; it does not wait for them.
    setTimeout(() => {
      setBadge(tabId, 'on', 'Main content highlighted (' + res.extractor + ')');
      log('highlighted', res.highlighted, 'of', res.textNodes, 'text nodes via', res.mode, 'with', res.extractor,
        JSON.stringify(res.timing));
    }, 0);
    return res;
  }

  // want: {on: bool | undefined (toggle), extractor?, confidence?, color?, repaint?, fresh?,
  // pageType? (the popup: classify the page's type too, for its line)};
  // what is not given comes from the settings.
  async function doSetHighlight(tabId, want) {
    try {
      const t0 = stamp();
      const s = await currentSettings();
      const opts = {
        extractor: typeof want.extractor === 'string' ? want.extractor : s.extractor,
        confidence: typeof want.confidence === 'boolean' ? want.confidence : s.confidence,
        color: typeof want.color === 'string' ? want.color : s.color,
        repaint: want.repaint === true,
        fresh: want.fresh === true, // label anew even if the page is unchanged (benchmarks)
        pageType: want.pageType === true,
      };
      let known = tabState.get(tabId);
      if (typeof want.on !== 'boolean' && !known) {
        // A toggle after the background restarted: ask the page (one more call).
        known = await callContent(tabId, { action: 'status' }, false);
      }
      const on = typeof want.on === 'boolean' ? want.on : !(known && known.state === 'on');
      if (!on) return await turnOff(tabId);
      return await turnOn(tabId, opts, t0);
    } catch (e) {
      // Restricted pages (chrome://, the web store, about:, PDF viewer...) and
      // closed tabs end here. The page is left as it was.
      logError('highlight failed:', e);
      await setBadge(tabId, '!', 'Main content: ' + message(e));
      return { state: 'error', error: message(e) };
    }
  }

  // One run at a time per tab: a double click during a run gets the same
  // answer; off or a toggle (the shortcut pressed again) during a run stops
  // it: the page ends as it was, and the run's answer says 'cancelled'.
  const inflight = new Map();
  function setHighlight(tabId, want) {
    if (inflight.has(tabId)) {
      const running = inflight.get(tabId);
      if (want && want.on === true) return running;
      return cancelRun(tabId, running);
    }
    const p = doSetHighlight(tabId, want || {}).finally(() => inflight.delete(tabId));
    inflight.set(tabId, p);
    return p;
  }
  const toggle = (tabId) => setHighlight(tabId, {});

  async function cancelRun(tabId, running) {
    try {
      await callContent(tabId, { action: 'cancel' }, false);
    } catch (e) { /* the page is gone: so is its run */ }
    const res = await running;
    if (res && res.state === 'on') return turnOff(tabId); // it finished before the cancel reached it
    tabState.set(tabId, { state: 'off' });
    setBadge(tabId, '', TITLE_OFF);
    return { state: 'off', cancelled: true };
  }

  async function tabStatus(tabId) {
    try {
      const status = await callContent(tabId, { action: 'status' }, false);
      tabState.set(tabId, { state: status.state });
      return Object.assign({ ok: true }, status);
    } catch (e) {
      return { ok: false, error: 'this page cannot be read by extensions: ' + message(e) };
    }
  }

  // ------------------------------------------------------------ reader view
  const readerDocs = new Map(); // id -> doc
  let readerSeq = 0;

  async function readerDoc(tabId, extractor) {
    const s = await currentSettings();
    const res = await callContent(tabId,
      { action: 'reader', extractor: typeof extractor === 'string' ? extractor : s.extractor, images: s.readerImages });
    if (!res || res.ok !== true) throw new Error(res && res.error ? res.error : 'no answer from the page');
    return res.doc;
  }

  async function openReader(tabId, extractor) {
    try {
      const doc = await readerDoc(tabId, extractor);
      const id = String(++readerSeq) + '-' + Date.now().toString(36);
      readerDocs.set(id, doc);
      while (readerDocs.size > MAX_READER_DOCS) readerDocs.delete(readerDocs.keys().next().value);
      const source = await api.tabs.get(tabId);
      const url = api.runtime.getURL('reader.html') + '?id=' + encodeURIComponent(id) +
        '&tab=' + tabId + '&extractor=' + encodeURIComponent(doc.extractor);
      const created = await api.tabs.create({ url, index: source.index + 1, openerTabId: tabId });
      return { ok: true, id, readerTabId: created.id, blocks: doc.blocks.length, words: doc.words };
    } catch (e) {
      logError('reader view failed:', e);
      return { ok: false, error: 'reader view failed: ' + message(e) };
    }
  }

  async function getReaderDoc(msg) {
    if (typeof msg.id === 'string' && readerDocs.has(msg.id)) return { ok: true, doc: readerDocs.get(msg.id) };
    if (typeof msg.tabId !== 'number') throw new Error('this reader view has expired: open it again from the popup');
    return { ok: true, doc: await readerDoc(msg.tabId, msg.extractor) };
  }

  // ------------------------------------------------------------ messages
  const extensionOrigin = api.runtime.getURL('');
  // Only the extension's own pages (popup, options, reader) may drive tabs;
  // content scripts may only ask for labels.
  function fromExtensionPage(sender) {
    return typeof sender.url === 'string' && sender.url.startsWith(extensionOrigin);
  }

  function tabIdOf(msg) {
    if (!msg || typeof msg.tabId !== 'number' || !Number.isInteger(msg.tabId)) {
      throw new Error('bad request: tabId must be an integer');
    }
    return msg.tabId;
  }

  async function handleMessage(msg, sender) {
    if (!sender || sender.id !== api.runtime.id) throw new Error('message from an unknown sender');
    const type = msg && msg.type;
    switch (type) {
      case 'wce:classify': return classify(joinParts(msg, sender), undefined, sender);
      case 'wce:part': return addPart(msg, sender);
      case 'wce:ping': return { ok: true };
      default: break;
    }
    if (!fromExtensionPage(sender)) throw new Error('unknown message type: ' + String(type));
    switch (type) {
      case 'wce:extractors': return listExtractors();
      case 'wce:status': return tabStatus(tabIdOf(msg));
      case 'wce:highlight': {
        const res = await setHighlight(tabIdOf(msg), {
          on: msg.on, extractor: msg.extractor, confidence: msg.confidence, repaint: msg.repaint,
          pageType: msg.pageType,
        });
        return Object.assign({ ok: res.state !== 'error' && !res.error }, res);
      }
      case 'wce:reader': return openReader(tabIdOf(msg), msg.extractor);
      case 'wce:readerDoc': return getReaderDoc(msg);
      default: throw new Error('unknown message type: ' + String(type));
    }
  }

  // Every message gets an answer, success or error, so no page waits forever.
  api.runtime.onConnect.addListener(onContentPort);
  api.runtime.onMessage.addListener((msg, sender, sendResponse) => {
    handleMessage(msg, sender).then(sendResponse, (e) => {
      logError('request failed:', e);
      sendResponse({ ok: false, error: message(e) });
    });
    return true; // answer asynchronously
  });

  // ------------------------------------------------------------ shortcuts
  // _execute_action opens the popup (the browser handles it); the other two
  // act at once. A command grants activeTab like a click.
  async function commandTab(tab) {
    if (tab && typeof tab.id === 'number') return tab;
    const [active] = await api.tabs.query({ active: true, currentWindow: true });
    return active;
  }
  api.commands.onCommand.addListener(async (command, tab) => {
    const t = await commandTab(tab);
    if (!t) return;
    if (command === 'toggle-highlight') toggle(t.id);
    else if (command === 'reader-view') openReader(t.id);
  });

  // A new document has no highlights: clear the tab's badge.
  api.tabs.onUpdated.addListener((tabId, changeInfo) => {
    if (changeInfo.status === 'loading') {
      tabState.delete(tabId);
      setBadge(tabId, '', TITLE_OFF);
    }
  });
  api.tabs.onRemoved.addListener((tabId) => tabState.delete(tabId));

  // Warm start: compile the WebAssembly module as soon as the background
  // starts (the popup's first message wakes it), not on the first click.
  getExtractor().catch(() => { /* reported to whoever asks next */ });
  // Then the chosen extractor runs on a small page a few times (warm_up.js),
  // out of the way of any page being labelled.
  let warmRuns = null; // null while warming up, then the runs made (the tests read it)
  self.wceWarmUp.start(getExtractor, async () => (await currentSettings()).extractor, () => labelling > 0)
    .then((runs) => { warmRuns = runs; });
  syncInstant();

  // Tests drive the same functions the popup and the shortcuts call (a
  // headless test cannot click the toolbar): see scripts/build_extension.mjs --test.
  self.wceToggle = toggle;
  self.wce = { toggle, setHighlight, openReader, getExtractor, dropExtractor, listExtractors,
    warmedUp: () => warmRuns };
})();
