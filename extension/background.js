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
 *     1. ask the tab whether content.js is there and what state it is in
 *     2. if absent, inject platform.js + dom_encoder.js + reader_model.js + content.js
 *     3. on  -> insertCSS (colours from the settings), then content.on(): the page
 *               encodes its DOM, sends it here ('wce:classify'), gets labels
 *               back and highlights
 *        off -> content.off() removes every highlight, then removeCSS
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

  const log = (...a) => console.log('[wce]', ...a);
  const logError = (...a) => console.error('[wce]', ...a);
  const message = (e) => (e && e.message) ? e.message : String(e);

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

  async function classify(msg) {
    if (!msg || !Array.isArray(msg.nodes) || typeof msg.strings !== 'string') {
      throw new Error('bad classify request: expected {nodes: number[], strings: string}');
    }
    const extractor = msg.extractor === undefined ? (await settings.load()).extractor : msg.extractor;
    const wce = await getExtractor();
    const t0 = Date.now();
    let out;
    try {
      out = await wce.classify({ nodes: Uint32Array.from(msg.nodes), strings: msg.strings }, { extractor });
    } catch (e) {
      if (/WebAssembly module (failed|aborted)/.test(message(e))) dropExtractor();
      throw e;
    }
    if (!out || !out.labels || typeof out.labels.length !== 'number') {
      throw new Error('classify returned no labels');
    }
    return {
      ok: true,
      extractor,
      // runtime messaging is JSON in Chrome: typed arrays become plain arrays.
      labels: Array.from(out.labels),
      timing: out.timing !== undefined ? out.timing : { totalMs: Date.now() - t0 },
    };
  }

  // ------------------------------------------------------------ the tab
  async function runInTab(tabId, func, args) {
    const results = await api.scripting.executeScript({ target: { tabId }, func, args: args || [] });
    return results && results[0] ? results[0].result : undefined;
  }

  async function setBadge(tabId, text, title) {
    try {
      await api.action.setBadgeText({ tabId, text });
      if (title) await api.action.setTitle({ tabId, title });
    } catch (e) { /* tab gone: nothing to show */ }
  }

  async function removeCss(tabId, css) {
    if (!css) return;
    try {
      await api.scripting.removeCSS({ target: { tabId }, css });
    } catch (e) { /* nothing inserted, or tab gone */ }
  }

  // content.js's status, injecting it first if needed. Throws on pages the
  // extension may not script.
  async function ensureContent(tabId) {
    let status = await runInTab(tabId,
      () => (globalThis.wceContent ? globalThis.wceContent.status() : { state: 'absent' }));
    if (!status || status.state === 'absent') {
      await api.scripting.executeScript({ target: { tabId }, files: platform.contentScripts });
      status = { state: 'off' };
    }
    return status;
  }

  async function turnOff(tabId) {
    const res = await runInTab(tabId, () => globalThis.wceContent.off());
    await removeCss(tabId, res && res.css);
    await setBadge(tabId, '', TITLE_OFF);
    return { state: 'off' };
  }

  async function turnOn(tabId, opts) {
    const css = settings.highlightCss(opts.color);
    await api.scripting.insertCSS({ target: { tabId }, css });
    const res = await runInTab(tabId, (o) => globalThis.wceContent.on(o),
      [{ extractor: opts.extractor, confidence: opts.confidence, css }]);
    if (res && res.state === 'busy') return res; // a run from before a worker restart
    if (!res || res.state !== 'on') {
      await removeCss(tabId, css);
      await setBadge(tabId, '!', 'Main content: ' + (res && res.error ? res.error : 'failed'));
      return res || { state: 'off', error: 'no result from the page' };
    }
    await setBadge(tabId, 'on', 'Main content highlighted (' + res.extractor + ')');
    log('highlighted', res.highlighted, 'of', res.textNodes, 'text nodes via', res.mode, 'with', res.extractor);
    return res;
  }

  // want: {on: bool | undefined (toggle), extractor?, confidence?, color?};
  // what is not given comes from the settings.
  async function doSetHighlight(tabId, want) {
    try {
      const s = await settings.load();
      const opts = {
        extractor: typeof want.extractor === 'string' ? want.extractor : s.extractor,
        confidence: typeof want.confidence === 'boolean' ? want.confidence : s.confidence,
        color: typeof want.color === 'string' ? want.color : s.color,
      };
      const status = await ensureContent(tabId);
      if (status.state === 'busy') return { state: 'busy' };
      const on = typeof want.on === 'boolean' ? want.on : status.state !== 'on';
      if (!on) return status.state === 'on' ? await turnOff(tabId) : { state: 'off' };
      if (status.state === 'on') {
        // Already on with the same choice: nothing to do; else repaint.
        if (status.extractor === opts.extractor && status.confidence === opts.confidence &&
            want.repaint !== true) {
          return Object.assign({ unchanged: true }, status);
        }
        await turnOff(tabId);
      }
      return await turnOn(tabId, opts);
    } catch (e) {
      // Restricted pages (chrome://, the web store, about:, PDF viewer...) and
      // closed tabs end here. The page is left as it was.
      logError('highlight failed:', e);
      await setBadge(tabId, '!', 'Main content: ' + message(e));
      return { state: 'error', error: message(e) };
    }
  }

  // One run at a time per tab: a double click during a run gets the same answer.
  const inflight = new Map();
  function setHighlight(tabId, want) {
    if (inflight.has(tabId)) return inflight.get(tabId);
    const p = doSetHighlight(tabId, want || {}).finally(() => inflight.delete(tabId));
    inflight.set(tabId, p);
    return p;
  }
  const toggle = (tabId) => setHighlight(tabId, {});

  async function tabStatus(tabId) {
    try {
      const status = await ensureContent(tabId);
      return Object.assign({ ok: true }, status);
    } catch (e) {
      return { ok: false, error: 'this page cannot be read by extensions: ' + message(e) };
    }
  }

  // ------------------------------------------------------------ reader view
  const readerDocs = new Map(); // id -> doc
  let readerSeq = 0;

  async function readerDoc(tabId, extractor) {
    const s = await settings.load();
    await ensureContent(tabId);
    const res = await runInTab(tabId, (o) => globalThis.wceContent.reader(o),
      [{ extractor: typeof extractor === 'string' ? extractor : s.extractor, images: s.readerImages }]);
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
      case 'wce:classify': return classify(msg);
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
        });
        return Object.assign({ ok: res.state !== 'error' && !res.error }, res);
      }
      case 'wce:reader': return openReader(tabIdOf(msg), msg.extractor);
      case 'wce:readerDoc': return getReaderDoc(msg);
      default: throw new Error('unknown message type: ' + String(type));
    }
  }

  // Every message gets an answer, success or error, so no page waits forever.
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
    if (changeInfo.status === 'loading') setBadge(tabId, '', TITLE_OFF);
  });

  // Tests drive the same functions the popup and the shortcuts call (a
  // headless test cannot click the toolbar): see scripts/build_extension.mjs --test.
  self.wceToggle = toggle;
  self.wce = { toggle, setHighlight, openReader, getExtractor, dropExtractor, listExtractors };
})();
