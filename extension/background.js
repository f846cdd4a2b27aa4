/*
 * background.js: the extension's background context.
 *   Chrome:  MV3 service worker (this file is the entry; it importScripts the rest).
 *   Firefox: MV3 event page; manifest background.scripts loads the same files first.
 *
 * It owns the WebAssembly extractor (WASM cannot run in a content script on
 * pages whose CSP lacks 'wasm-unsafe-eval'; the extension CSP allows it here),
 * answers the content script's classify requests, and runs the toggle:
 *
 *   click / Alt+Shift+H -> toggle(tabId)
 *     1. ask the tab whether content.js is there and what state it is in
 *     2. if absent, inject platform.js + dom_encoder.js + content.js
 *     3. off -> insertCSS, then content.on(): the page encodes its DOM, sends it
 *        here (message 'wce:classify'), gets labels back and highlights
 *        on -> content.off() removes every highlight, then removeCSS
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
  const api = platform.api;

  const EXTRACTOR = 'bte';
  const HIGHLIGHT_CSS =
    '::highlight(wce-main){background-color:rgba(255,214,0,0.45);}\n' +
    'mark[data-wce]{background-color:rgba(255,214,0,0.45) !important;' +
    'color:inherit !important;padding:0 !important;margin:0 !important;' +
    'border:0 !important;font:inherit !important;}\n';

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

  async function classify(msg) {
    if (!msg || !Array.isArray(msg.nodes) || typeof msg.strings !== 'string') {
      throw new Error('bad classify request: expected {nodes: number[], strings: string}');
    }
    const wce = await getExtractor();
    const t0 = Date.now();
    const out = await wce.classify({ nodes: Uint32Array.from(msg.nodes), strings: msg.strings },
      { extractor: EXTRACTOR });
    if (!out || !out.labels || typeof out.labels.length !== 'number') {
      throw new Error('classify returned no labels');
    }
    return {
      ok: true,
      extractor: EXTRACTOR,
      // runtime messaging is JSON in Chrome: typed arrays become plain arrays.
      labels: Array.from(out.labels),
      timing: out.timing !== undefined ? out.timing : { totalMs: Date.now() - t0 },
    };
  }

  async function handleMessage(msg, sender) {
    if (!sender || sender.id !== api.runtime.id) throw new Error('message from an unknown sender');
    switch (msg && msg.type) {
      case 'wce:classify': return classify(msg);
      case 'wce:ping': return { ok: true };
      default: throw new Error('unknown message type: ' + String(msg && msg.type));
    }
  }

  // Every message gets an answer, success or error, so the content script
  // never waits forever.
  api.runtime.onMessage.addListener((msg, sender, sendResponse) => {
    handleMessage(msg, sender).then(sendResponse, (e) => {
      logError('request failed:', e);
      sendResponse({ ok: false, error: message(e) });
    });
    return true; // answer asynchronously
  });

  // ---------------------------------------------------------------- toggle
  async function runInTab(tabId, func) {
    const results = await api.scripting.executeScript({ target: { tabId }, func });
    return results && results[0] ? results[0].result : undefined;
  }

  async function setBadge(tabId, text, title) {
    try {
      await api.action.setBadgeText({ tabId, text });
      if (title) await api.action.setTitle({ tabId, title });
    } catch (e) { /* tab gone: nothing to show */ }
  }

  async function removeCss(tabId) {
    try {
      await api.scripting.removeCSS({ target: { tabId }, css: HIGHLIGHT_CSS });
    } catch (e) { /* nothing inserted, or tab gone */ }
  }

  async function doToggle(tabId) {
    try {
      let state = await runInTab(tabId,
        () => (globalThis.wceContent ? globalThis.wceContent.state() : 'absent'));
      if (state === 'absent') {
        await api.scripting.executeScript({ target: { tabId }, files: platform.contentScripts });
        state = 'off';
      }
      if (state === 'busy') return { state: 'busy' };
      if (state === 'on') {
        const res = await runInTab(tabId, () => globalThis.wceContent.off());
        await removeCss(tabId);
        await setBadge(tabId, '', 'Highlight main content');
        return res || { state: 'off' };
      }
      await api.scripting.insertCSS({ target: { tabId }, css: HIGHLIGHT_CSS });
      const res = await runInTab(tabId, () => globalThis.wceContent.on());
      if (res && res.state === 'busy') return res; // a run from before a worker restart
      if (!res || res.state !== 'on') {
        await removeCss(tabId);
        await setBadge(tabId, '!', 'Main content: ' + (res && res.error ? res.error : 'failed'));
        return res || { state: 'off', error: 'no result from the page' };
      }
      await setBadge(tabId, 'on', 'Main content highlighted (' + res.mode + '): click to remove');
      log('highlighted', res.highlighted, 'of', res.textNodes, 'text nodes via', res.mode);
      return res;
    } catch (e) {
      // Restricted pages (chrome://, the web store, about:, PDF viewer...) and
      // closed tabs end here. The page is left as it was.
      logError('toggle failed:', e);
      await removeCss(tabId);
      await setBadge(tabId, '!', 'Main content: ' + message(e));
      return { state: 'error', error: message(e) };
    }
  }

  // One toggle at a time per tab: a double click during a run gets the same answer.
  const inflight = new Map();
  function toggle(tabId) {
    if (inflight.has(tabId)) return inflight.get(tabId);
    const p = doToggle(tabId).finally(() => inflight.delete(tabId));
    inflight.set(tabId, p);
    return p;
  }

  // The toolbar button, and the _execute_action command (Alt+Shift+H), which
  // browsers deliver as an action click. The click grants activeTab.
  api.action.onClicked.addListener((tab) => {
    if (tab && typeof tab.id === 'number') toggle(tab.id);
  });

  // A new document has no highlights: clear the tab's badge.
  api.tabs.onUpdated.addListener((tabId, changeInfo) => {
    if (changeInfo.status === 'loading') setBadge(tabId, '', 'Highlight main content');
  });

  // Tests drive the same function the click handler calls (a headless test
  // cannot click the toolbar button): see scripts/build_extension.mjs --test.
  self.wceToggle = toggle;
  self.wce = { toggle, getExtractor, HIGHLIGHT_CSS };
})();
