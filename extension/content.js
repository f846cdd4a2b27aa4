/*
 * content.js: runs in the tab's isolated world, injected by background.js on
 * the first click together with platform.js and dom_encoder.js. It defines
 * `globalThis.wceContent` = { state(), on(), off() }, which background.js calls.
 *
 * on():  encode the live DOM (dom_encoder.js), send it to the background
 *        context, which runs the WebAssembly extractor, and highlight every
 *        text node whose label is >= 0.5.
 * off(): remove every highlight.
 *
 * Highlighting never changes the DOM when the CSS Custom Highlight API is
 * there (CSS.highlights + ::highlight(wce-main), styled by the CSS the
 * background injects with scripting.insertCSS). Without it, each chosen Text
 * node is moved into a <mark data-wce>; off() moves the same Text node objects
 * back where they were, so the page's markup is exactly what it was.
 *
 * Any failure is logged, undone and reported back; the page is left intact.
 */
(function () {
  'use strict';
  if (globalThis.wceContent) return; // injected once per document

  const HIGHLIGHT_NAME = 'wce-main';
  const THRESHOLD = 0.5;

  // Parents inside which a <mark> would be invalid or invisible: the fallback
  // skips their text (the Highlight API path has no such limits).
  const NO_MARK_PARENTS = new Set([
    'SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'TEXTAREA', 'TITLE', 'OPTION',
    'OPTGROUP', 'SELECT', 'TABLE', 'THEAD', 'TBODY', 'TFOOT', 'TR', 'COLGROUP',
    'HEAD', 'HTML', 'IFRAME', 'OBJECT',
  ]);
  const HTML_NS = 'http://www.w3.org/1999/xhtml';

  let state = 'off'; // 'off' | 'busy' | 'on'
  let mode = null; // 'highlight' | 'mark'
  let wrapped = []; // fallback: [{ mark, text }]

  const platform = globalThis.wcePlatform;

  function hasHighlightApi() {
    return typeof CSS !== 'undefined' && CSS !== null && typeof CSS.highlights === 'object' &&
      CSS.highlights !== null && typeof Highlight === 'function';
  }

  function highlightWithApi(textNodes) {
    const hl = new Highlight();
    for (const t of textNodes) {
      const r = document.createRange();
      r.selectNodeContents(t);
      hl.add(r);
    }
    CSS.highlights.set(HIGHLIGHT_NAME, hl);
    return hl.size;
  }

  function canMark(t) {
    const p = t.parentNode;
    return p !== null && p.nodeType === Node.ELEMENT_NODE && p.namespaceURI === HTML_NS &&
      !NO_MARK_PARENTS.has(p.nodeName.toUpperCase());
  }

  function highlightWithMarks(textNodes) {
    for (const t of textNodes) {
      if (!canMark(t)) continue;
      const mark = document.createElementNS(HTML_NS, 'mark');
      mark.setAttribute('data-wce', '');
      t.parentNode.replaceChild(mark, t);
      mark.appendChild(t);
      wrapped.push({ mark, text: t });
    }
    return wrapped.length;
  }

  // Undo in reverse order. If the page moved things meanwhile, do the best
  // possible thing for each mark independently.
  function unwrapMarks() {
    const list = wrapped;
    wrapped = [];
    for (let i = list.length - 1; i >= 0; i--) {
      const { mark, text } = list[i];
      try {
        const parent = mark.parentNode;
        if (parent === null) continue;
        if (text.parentNode === mark && mark.childNodes.length === 1) {
          parent.replaceChild(text, mark);
        } else {
          while (mark.firstChild) parent.insertBefore(mark.firstChild, mark);
          parent.removeChild(mark);
        }
      } catch (e) {
        console.warn('[wce] could not remove a highlight:', e);
      }
    }
  }

  function clear() {
    try {
      if (hasHighlightApi()) CSS.highlights.delete(HIGHLIGHT_NAME);
    } catch (e) {
      console.warn('[wce] could not clear the highlight:', e);
    }
    unwrapMarks();
    mode = null;
  }

  async function on() {
    if (state !== 'off') return { state };
    state = 'busy';
    try {
      if (!globalThis.WCEEncoder || typeof globalThis.WCEEncoder.encodeDom !== 'function') {
        throw new Error('dom_encoder.js did not define WCEEncoder.encodeDom');
      }
      const t0 = performance.now();
      const enc = globalThis.WCEEncoder.encodeDom(document);
      const t1 = performance.now();
      const reply = await platform.api.runtime.sendMessage({
        type: 'wce:classify',
        // runtime messaging is JSON in Chrome: a typed array must become an array
        nodes: Array.from(enc.nodes),
        strings: enc.strings,
      });
      const t2 = performance.now();
      if (!reply || reply.ok !== true) {
        throw new Error('classification failed: ' + (reply && reply.error ? reply.error : 'no answer'));
      }
      const labels = reply.labels;
      if (!Array.isArray(labels) || labels.length !== enc.textNodes.length) {
        throw new Error('got ' + (labels && labels.length) + ' labels for ' +
          enc.textNodes.length + ' text nodes');
      }
      const chosen = [];
      for (let k = 0; k < labels.length; k++) {
        const t = enc.textNodes[k];
        if (labels[k] >= THRESHOLD && t && t.isConnected && /\S/.test(t.data)) chosen.push(t);
      }
      let highlighted;
      if (hasHighlightApi()) {
        mode = 'highlight';
        highlighted = highlightWithApi(chosen);
      } else {
        mode = 'mark';
        highlighted = highlightWithMarks(chosen);
      }
      state = 'on';
      return {
        state, mode, highlighted, textNodes: enc.textNodes.length, extractor: reply.extractor,
        timing: { encodeMs: t1 - t0, roundTripMs: t2 - t1, worker: reply.timing },
      };
    } catch (e) {
      console.error('[wce] highlighting failed; the page is left unchanged:', e);
      try { clear(); } catch (e2) { /* already logged */ }
      state = 'off';
      return { state, error: e && e.message ? e.message : String(e) };
    }
  }

  function off() {
    if (state !== 'on') return { state };
    try {
      clear();
    } catch (e) {
      console.error('[wce] removing highlights failed:', e);
    }
    state = 'off';
    return { state };
  }

  globalThis.wceContent = { state: () => state, on, off };
})();
