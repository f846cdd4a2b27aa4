/*
 * content.js: runs in the tab's isolated world, injected by background.js on
 * first use together with the other sources of platform.js contentSources
 * (one file: content_bundle.js, made by scripts/build_extension.mjs). It
 * defines `globalThis.wceContent` = { state(), status(), on(opts), off(),
 * reader(opts), run(o), connect(force) } and, at injection, opens one
 * long-lived port to the background and sends the encoded page up it for the
 * labels of the click that injected it (labelAtInjection): each click arrives
 * as one 'run' message on it (background.js callContent) and the answer goes
 * back the same way.
 *
 * on({extractor, confidence, css}): encode the live DOM (dom_encoder.js, the
 *        composed tree: open shadow roots and same-origin frames included),
 *        send it to the background context, which runs the WebAssembly
 *        extractor, and highlight every text node whose label is >= 0.5; with
 *        `confidence`, every text node with a label > 0, in one of five
 *        intensities by label value. The work is cut into slices of
 *        slices.js (the page never waits long); a big highlight is painted
 *        near the viewport (viewport_window.js); nothing found leaves the
 *        page as it was and answers {state: 'off', empty: true}. With
 *        `pageType` (the popup's request), the page's type is classified on
 *        the same run (pageType: {name, label, probability}, with the page's
 *        URL); the answer and status() carry it while the highlight is on.
 * off(): remove every highlight (the background leaves its inert style in
 *        the document: background.js turnOn); during a run, stop it
 *        (also 'cancel': the shortcut pressed again).
 * reader({extractor, images}): label the page the same way and return the
 *        reader view's document (reader_model.js), its header from the
 *        core's metadata and with the core's Markdown of the same labels,
 *        both computed by the background with the labels. Changes nothing.
 *
 * Highlighting never changes the DOM when the CSS Custom Highlight API is
 * there (CSS.highlights + ::highlight(wce-main), styled by the CSS the
 * background injects with scripting.insertCSS; frames and shadow roots get the
 * same CSS as an adopted style sheet). A big page (paintMode 'overlay') gets
 * no style: one overlay element with boxes over its text near the screen
 * (overlay_painter.js), removed by off(). Without the API, each chosen Text
 * node is moved into a <mark data-wce>; off() moves the same Text node
 * objects back where they were, so the page's markup is exactly what it was.
 *
 * Any failure is logged, undone and reported back; the page is left intact.
 */
(function () {
  'use strict';
  // Injected once per document; injected again only when the background
  // lost its port to this page (it restarted): then just reconnect.
  if (globalThis.wceContent) {
    globalThis.wceContent.connect(true);
    return;
  }
  // Absolute time (ms since the epoch, sub-ms): the phases of a click are
  // told across processes (background.js stamp()).
  const stamp = () => performance.timeOrigin + performance.now();
  const EVAL_AT = stamp(); // this script starts: the injection is done

  const HIGHLIGHT_NAME = 'wce-main';
  const THRESHOLD = 0.5;
  // Confidence view: labels in (0, 1] fall into this many equal-width bands,
  // highlight `wce-c<k>` / <mark data-wce="c<k>">, k = 0 (faint) .. 4 (strong);
  // the styles are in settings.js (highlightCss).
  const CONFIDENCE_BANDS = 5;

  // Parents inside which a <mark> would be invalid or invisible: the fallback
  // skips their text (the Highlight API path has no such limits).
  const NO_MARK_PARENTS = new Set([
    'SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'TEXTAREA', 'TITLE', 'OPTION',
    'OPTGROUP', 'SELECT', 'TABLE', 'THEAD', 'TBODY', 'TFOOT', 'TR', 'COLGROUP',
    'HEAD', 'HTML', 'IFRAME', 'OBJECT',
  ]);
  const HTML_NS = 'http://www.w3.org/1999/xhtml';

  let state = 'off'; // 'off' | 'busy' | 'on'
  let mode = null; // paintMode while a highlight is shown
  let wrapped = []; // fallback: [{ mark, text }]
  let names = []; // the CSS.highlights entries set by on()
  let current = null; // {extractor, confidence, css, highlighted, textNodes} while on

  // Live pages: while the highlight is on, content the page adds or changes
  // later is labelled too. A MutationObserver waits for LIVE_DEBOUNCE_MS of
  // quiet, then the whole page is encoded and labelled again (a few ms: no
  // need for partial updates) and the highlight is swapped in one go. Our own
  // <mark> changes (the fallback) are made with the observer paused.
  const LIVE_DEBOUNCE_MS = 300;
  let observer = null;
  let liveTimer = null;
  let generation = 0; // bumped by on() and off(): a refresh from before is dropped

  const platform = globalThis.wcePlatform;
  const hasHighlightApi = () => platform.hasHighlightApi();
  const slices = globalThis.wceSlices;
  const viewport = globalThis.wceViewportWindow;
  const overlayPainter = globalThis.wceOverlayPainter;
  // How this document is painted, fixed at injection and told to the
  // background at connect ('hello'), which inserts the highlight style only
  // for 'highlight' and 'mark': 'highlight' (the CSS Custom Highlight API),
  // 'overlay' (a big page: boxes in one overlay element, overlay_painter.js,
  // because the style's restyle of every element would freeze it), 'mark'
  // (no Highlight API: <mark> elements).
  const paintMode = !hasHighlightApi() ? 'mark' : (overlayPainter.isBigPage(document) ? 'overlay' : 'highlight');

  // The runs under way (a highlight, the first click's labelling, a live
  // refresh): each is a task of slices.js that cancelAll() stops at its next
  // yield (the shortcut pressed again, off, a new run).
  const tasks = new Set();
  let progress = null; // {phase, done, total, since}: the run's last step, for status()
  function newTask() {
    const task = slices.createTask((phase, done, total) => {
      progress = { phase, done, total, since: progress ? progress.since : performance.now() };
    });
    tasks.add(task);
    return task;
  }
  function endTask(task) {
    tasks.delete(task);
    if (!tasks.size) progress = null;
  }
  function cancelAll() {
    for (const t of tasks) t.cancel();
  }
  const isCancel = (e) => e instanceof slices.Cancelled;

  // Same-origin frames and open shadow roots, which the encoder reads
  // (encodeDom's composed walk), are painted too. A frame's document has its
  // own highlight registry (its window's CSS.highlights), and neither a frame
  // nor a shadow tree sees the style the background inserts into the top
  // document: each gets the same CSS as one constructed style sheet (one per
  // document) in its adoptedStyleSheets, which clear() takes out again. The
  // markup is never touched.
  let adopted = []; // [{root, sheet}]
  let liveRoots = []; // the shadow roots and frame documents of the last encoding

  function adoptStyles(roots, css) {
    if (!css || !roots.length) return;
    const sheets = new Map(); // document -> sheet
    for (const root of roots) {
      try {
        const doc = root.nodeType === Node.DOCUMENT_NODE ? root : root.ownerDocument;
        let sheet = sheets.get(doc);
        if (!sheet) {
          const win = doc.defaultView;
          if (!win || typeof win.CSSStyleSheet !== 'function') continue;
          sheet = new win.CSSStyleSheet();
          sheet.replaceSync(css);
          sheets.set(doc, sheet);
        }
        root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
        adopted.push({ root, sheet });
      } catch (e) {
        console.warn('[wce] could not style a frame or shadow root:', e);
      }
    }
  }

  function dropStyles() {
    const list = adopted;
    adopted = [];
    for (const { root, sheet } of list) {
      try {
        root.adoptedStyleSheets = [...root.adoptedStyleSheets].filter((x) => x !== sheet);
      } catch (e) {
        console.warn('[wce] could not remove a style:', e);
      }
    }
  }

  // A Highlight for a frame's document (from its own window), or null when
  // the frame went away or its window's objects are out of reach.
  function frameHighlight(doc) {
    try {
      const win = doc.defaultView;
      if (!win || typeof win.Highlight !== 'function' || !win.CSS || !win.CSS.highlights) return null;
      return new win.Highlight();
    } catch (e) {
      return null;
    }
  }

  // groups: [{name, nodes}] -> one Highlight per group and document.
  function highlightWithApi(groups) {
    let n = 0;
    for (const g of groups) {
      if (g.nodes.length === 0) continue;
      const byDoc = new Map(); // document -> Highlight
      for (const t of g.nodes) {
        const doc = t.ownerDocument;
        let hl = byDoc.get(doc);
        if (hl === undefined) {
          hl = doc === document ? new Highlight() : frameHighlight(doc);
          byDoc.set(doc, hl);
        }
        if (hl === null) continue; // a frame we cannot paint in
        const r = doc.createRange();
        r.selectNodeContents(t);
        hl.add(r);
      }
      for (const [doc, hl] of byDoc) {
        if (hl === null) continue;
        const registry = doc === document ? CSS.highlights : doc.defaultView.CSS.highlights;
        registry.set(g.name, hl);
        names.push({ registry, name: g.name });
        n += hl.size;
      }
    }
    return n;
  }

  // A browser re-checks every range of every highlight whenever one changes
  // (in Chromium one task, in proportion to all ranges: 29,000 ranges take
  // a 280 ms frame on the bench machine), so a highlight of a whole big page
  // cannot be painted without a long task, however it is built. Up to
  // FULL_PAINT_LIMIT ranges are painted at once; more are painted near the
  // viewport only: a window of WINDOW_NODES nodes around the first one on
  // screen (viewport_window.js), moved as the page scrolls. Frames keep the
  // whole highlight (their own viewports; rarely big).
  const FULL_PAINT_LIMIT = 4000;
  const WINDOW_NODES = 2000;
  let follow = null; // the window that follows the scroll, while one is painted

  function nodeBox(t) {
    const r = t.ownerDocument.createRange();
    r.selectNodeContents(t);
    const b = r.getBoundingClientRect();
    return b.width === 0 && b.height === 0 ? null : b;
  }

  // sel: groupsFor's result. The top document's nodes of every group, in
  // document order (sel.order, sel.orderGroup), painted by window: as
  // Highlights, or with `overlay` (overlay_painter.js create) as boxes,
  // which sit in the document's coordinates: those are drawn again when the
  // window moves, and when the layout may have moved under them (a resize,
  // the body's size changing, an inner box scrolled).
  function paintNearViewport(sel, overlay) {
    const groups = sel.groups;
    highlightWithApi(groups.map((g) => ({ name: g.name, nodes: g.nodes.filter((t) => t.ownerDocument !== document) })));
    const order = sel.order;
    const n = order.length;
    const boxOf = (i) => nodeBox(order[i]);
    const w = { lo: 0, hi: 0, frame: 0, moves: 0, force: false, onScroll: null, onLayout: null, resize: null, overlay,
      drawnAt: 0 };
    const scrollTop = () => (document.scrollingElement ? document.scrollingElement.scrollTop : 0);
    const screenHeight = () => window.innerHeight || document.documentElement.clientHeight;
    const draw = (force) => {
      // The overlay draws a band around the screen: again once the screen leaves it.
      if (overlay && !force && overlayPainter.bandLeft(scrollTop() - w.drawnAt, screenHeight())) force = true;
      const idx = viewport.firstVisible(n, boxOf);
      if (!force && w.hi > w.lo && !viewport.needsMove(idx, w, n, WINDOW_NODES)) return;
      const { lo, hi } = viewport.windowAround(idx, n, WINDOW_NODES);
      if (overlay) {
        const items = [];
        for (let i = lo; i < hi; i++) {
          const range = document.createRange();
          range.selectNodeContents(order[i]);
          items.push({ cls: groups[sel.orderGroup[i]].name, range });
        }
        overlay.draw(items, screenHeight());
        w.drawnAt = scrollTop();
      } else {
        const hls = groups.map(() => new Highlight());
        for (let i = lo; i < hi; i++) {
          const r = document.createRange();
          r.selectNodeContents(order[i]);
          hls[sel.orderGroup[i]].add(r);
        }
        groups.forEach((g, k) => {
          if (hls[k].size) CSS.highlights.set(g.name, hls[k]);
          else CSS.highlights.delete(g.name);
        });
      }
      w.lo = lo;
      w.hi = hi;
      w.moves++;
    };
    draw(true);
    if (!overlay) for (const g of groups) names.push({ registry: CSS.highlights, name: g.name });
    const later = (force) => {
      w.force = w.force || force;
      if (w.frame) return;
      w.frame = requestAnimationFrame(() => {
        w.frame = 0;
        const f = w.force;
        w.force = false;
        try { draw(f); } catch (e) { console.warn('[wce] could not move the highlight:', e); }
      });
    };
    // The overlay's boxes move with the document; an inner box's scroll
    // moves its text away from them.
    w.onScroll = (e) => later(overlay !== null && e && e.target !== document && e.target !== window);
    w.onLayout = () => later(overlay !== null);
    addEventListener('scroll', w.onScroll, { passive: true, capture: true });
    addEventListener('resize', w.onLayout, { passive: true });
    if (overlay && typeof ResizeObserver === 'function' && document.body) {
      let first = true; // the observer's first call is its start, not a change
      w.resize = new ResizeObserver(() => { if (first) first = false; else w.onLayout(); });
      w.resize.observe(document.body);
    }
    follow = w;
    return groups.reduce((a, g) => a + g.nodes.length, 0);
  }

  function stopFollowing() {
    if (!follow) return;
    removeEventListener('scroll', follow.onScroll, { capture: true });
    removeEventListener('resize', follow.onLayout);
    if (follow.frame) cancelAnimationFrame(follow.frame);
    if (follow.resize) follow.resize.disconnect();
    if (follow.overlay) follow.overlay.remove();
    follow = null;
  }

  // Paints groupsFor's selection as paintMode says: with the Highlight API,
  // with the overlay (boxCss: settings.js overlayCss), or with <mark>s; and
  // styles the frames and shadow roots they may be in (with the overlay,
  // the frames only: the top document's shadow trees are under it).
  function paint(sel, css, roots, boxCss) {
    // The API is checked again: a page can take it away after injection.
    mode = paintMode === 'overlay' ? 'overlay' : (hasHighlightApi() ? 'highlight' : 'mark');
    let n;
    if (mode === 'mark') {
      n = highlightWithMarks(sel.groups);
    } else if (mode === 'overlay') {
      const overlay = overlayPainter.create(document, boxCss);
      if (!overlay) throw new Error('this page cannot hold the highlight overlay');
      n = paintNearViewport(sel, overlay);
    } else if (sel.total > FULL_PAINT_LIMIT) {
      n = paintNearViewport(sel, null);
    } else {
      n = highlightWithApi(sel.groups);
    }
    adoptStyles(mode === 'overlay' ? roots.filter((r) => r.nodeType === Node.DOCUMENT_NODE) : roots, css);
    liveRoots = roots;
    return n;
  }

  function canMark(t) {
    const p = t.parentNode;
    return p !== null && p.nodeType === Node.ELEMENT_NODE && p.namespaceURI === HTML_NS &&
      !NO_MARK_PARENTS.has(p.nodeName.toUpperCase());
  }

  // groups: [{name, mark, nodes}]; `mark` is the data-wce value.
  function highlightWithMarks(groups) {
    for (const g of groups) {
      for (const t of g.nodes) {
        if (!canMark(t)) continue;
        const mark = t.ownerDocument.createElementNS(HTML_NS, 'mark');
        mark.setAttribute('data-wce', g.mark);
        t.parentNode.replaceChild(mark, t);
        mark.appendChild(t);
        wrapped.push({ mark, text: t });
      }
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

  function pauseLive() {
    if (observer) observer.disconnect();
  }
  const LIVE_OPTIONS = { childList: true, subtree: true, characterData: true };
  function resumeLive() {
    if (observer && state === 'on') {
      observer.observe(document.documentElement, LIVE_OPTIONS);
      for (const root of liveRoots) {
        try {
          observer.observe(root.nodeType === Node.DOCUMENT_NODE ? root.documentElement : root, LIVE_OPTIONS);
        } catch (e) { /* a frame that went away */ }
      }
    }
  }
  function stopLive() {
    if (liveTimer !== null) clearTimeout(liveTimer);
    liveTimer = null;
    if (observer) observer.disconnect();
    observer = null;
  }
  function startLive() {
    stopLive();
    if (typeof MutationObserver !== 'function' || !document.documentElement) return;
    observer = new MutationObserver(() => {
      if (liveTimer !== null) clearTimeout(liveTimer);
      liveTimer = setTimeout(() => { liveTimer = null; refresh(); }, LIVE_DEBOUNCE_MS);
    });
    resumeLive();
  }

  // Labels the page again and swaps the highlight; the CSS stays.
  async function refresh() {
    if (state !== 'on' || !current) return;
    const gen = generation;
    const was = current;
    let page;
    // The <mark> fallback's elements must not be read as the page's: take
    // them out first (the page shows no highlight for those few ms).
    const marks = mode === 'mark';
    pauseLive();
    if (marks) unwrapMarks();
    const task = newTask();
    let sel = null;
    try {
      page = await labelPage(was.extractor, was.confidence, false, task, was.askedType);
      sel = await groupsFor(page.textNodes, page.labels, was.confidence, task);
    } catch (e) {
      if (!isCancel(e)) console.warn('[wce] could not follow the page\'s changes:', e);
      page = null;
    } finally {
      endTask(task);
    }
    if (gen !== generation || state !== 'on') return; // turned off or repainted meanwhile
    if (!page) { resumeLive(); return; }
    try {
      clear();
      was.highlighted = paint(sel, was.css, page.roots, was.boxCss);
      if (was.confidence) showLegend(was.legend);
      was.painted = follow ? 'near-viewport' : 'all';
      was.textNodes = page.textNodes.length;
      was.pageType = page.reply.pageType || null;
      was.refreshes = (was.refreshes || 0) + 1;
    } finally {
      resumeLive();
    }
  }

  function clear() {
    stopFollowing();
    for (const { registry, name } of names) {
      try {
        registry.delete(name);
      } catch (e) {
        console.warn('[wce] could not clear the highlight:', e);
      }
    }
    names = [];
    unwrapMarks();
    dropStyles();
    hideLegend();
    liveRoots = [];
    mode = null;
  }

  // Chrome refuses a message of more than 64 MiB (as JSON, where one
  // character may take 6 bytes): a page of a million text nodes makes about
  // 70 MB. Past MESSAGE_PART characters in a field the flat DOM goes ahead in
  // parts ('wce:part', page_message.js split), which the background joins
  // when the 'wce:classify' that names them arrives.
  const MESSAGE_PART = 8 * 1024 * 1024;
  const pageMessage = globalThis.wcePageMessage;
  async function sendPage(msg) {
    if (!pageMessage.needsParts(msg, MESSAGE_PART)) return platform.api.runtime.sendMessage(msg);
    const id = Date.now().toString(36) + '-' + Math.random().toString(36).slice(2);
    for (const part of pageMessage.split(msg, MESSAGE_PART)) {
      const r = await platform.api.runtime.sendMessage({ type: 'wce:part', id, field: part.field, data: part.data });
      if (!r || r.ok !== true) throw new Error('sending the page failed: ' + (r && r.error ? r.error : 'no answer'));
    }
    return platform.api.runtime.sendMessage(pageMessage.stub(msg, id));
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
    try { mine.postMessage({ kind: 'hello', paint: paintMode }); } catch (e) { /* background gone */ }
    mine.onDisconnect.addListener(() => {
      if (port === mine) { port = null; failWaiting(); }
    });
    return 'connected';
  }

  function onPortMessage(from, m) {
    if (!m || typeof m !== 'object') return;
    if (m.kind === 'run') {
      Promise.resolve().then(() => run(m.o)).then(
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

  // Over the port, a page with a field of more than PORT_PART characters
  // goes up in parts of that size, one per slice (the browser serialises a
  // message in one task: about a millisecond per 100,000 characters), which
  // the background joins when the 'classify' that names them comes
  // (background.js, page_message.js createPartStore).
  const PORT_PART = 1 << 20;
  let partSeq = 0;
  async function sendParts(msg, task) {
    const id = 'p' + (++partSeq) + '-' + Date.now().toString(36);
    const parts = pageMessage.split(msg, PORT_PART);
    const total = parts.reduce((a, p) => a + p.data.length, 0);
    let sent = 0;
    for (const part of parts) {
      if (!port) throw new Error('the extension\'s background went away');
      port.postMessage({ kind: 'part', id, field: part.field, data: part.data });
      sent += part.data.length;
      task.at('send', sent, total);
      await task.pause();
    }
    return pageMessage.stub(msg, id);
  }

  // One classify request: over the port when there is one (in parts of
  // PORT_PART when large and the work is sliced), else by runtime messaging
  // (in parts of MESSAGE_PART if large).
  async function requestLabels(msg, task) {
    if (port && task && pageMessage.needsParts(msg, PORT_PART)) msg = await sendParts(msg, task);
    if (!port || pageMessage.needsParts(msg, MESSAGE_PART)) return sendPage(msg);
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

  // Encodes the page, has the background label it: {textNodes, labels, reply, timing}.
  // One message each way: the flat DOM goes as four strings (page_message.js:
  // the node table and the attribute section packed by platform.js, their
  // strings), the labels come back as one.
  // The last page labelled: when the page encodes to exactly the same flat
  // DOM again (a toggle off and on, the reader view after the highlight, a
  // change the encoding does not see) with the same extractor, its labels
  // are the same (the extractors are deterministic): no round trip. One
  // entry; `fresh` skips it (the benchmark's cold path).
  // {extractor, agreement, enc, labels, reply, changed}; `changed` is set by
  // a MutationObserver (watchSince) as soon as the page changes anything the
  // encoding reads: until then a later click needs no new encoding at all.
  let lastLabelled = null;
  let watcher = null;
  // What the encoder reads (dom_encoder.js: the node table's attributes and
  // those of its attribute section), and what decides which children it
  // reads in the composed tree (slots, frames).
  const WATCH_OPTIONS = {
    childList: true, subtree: true, characterData: true, attributes: true,
    attributeFilter: ['hidden', 'rel', 'href', 'id', 'class', 'role', 'itemprop', 'aria-hidden', 'style',
      'slot', 'name', 'src', 'srcdoc', 'title', 'data-src', 'alt', 'property', 'content', 'lang', 'datetime',
      'colspan', 'rowspan', 'itemtype', 'type'],
  };
  function unwatch() {
    if (watcher) watcher.disconnect();
    watcher = null;
  }
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
  // A frame is read through its document, which can change (a navigation, a
  // document.write into an empty frame) with no mutation in the page: the
  // encoding is trusted unchanged only if every frame shows the document it
  // read, or none it could read. (A shadow root attached later to an element
  // is not seen either: the live observer has the same limit.)
  function framesAsRead(enc) {
    const read = new Set(enc.roots.filter((r) => r.nodeType === Node.DOCUMENT_NODE));
    // Documents have live (cached) collections; shadow roots only querySelectorAll.
    const lists = [];
    for (const root of [document, ...enc.roots]) {
      if (root.nodeType === Node.DOCUMENT_NODE) {
        lists.push(root.getElementsByTagName('iframe'), root.getElementsByTagName('frame'));
      } else {
        lists.push(root.querySelectorAll('iframe, frame'));
      }
    }
    for (const list of lists) {
      for (const el of list) {
        let d = null;
        try { d = el.contentDocument; } catch (e) { d = null; }
        if (d !== null && !read.has(d)) return false;
        if (d !== null) read.delete(d);
      }
    }
    return read.size === 0; // a frame read before is gone or unreadable now
  }
  function sameWords(x, y) {
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
    return true;
  }
  function sameFlat(a, b) {
    return a.strings === b.strings && a.attrStrings === b.attrStrings && sameWords(a.nodes, b.nodes) &&
      sameWords(a.attrs, b.attrs);
  }
  // The watch starts as soon as the page is encoded, so that a change made
  // while the labels are on their way is not missed; remember() completes
  // the entry once they are there.
  function watchEncoding(enc) {
    const entry = { extractor: null, agreement: null, enc, labels: null, reply: null, changed: false };
    watchSince(entry);
    return entry;
  }
  function remember(entry, extractor, ag, labels, reply) {
    Object.assign(entry, { extractor, agreement: ag, labels, reply });
    lastLabelled = entry;
  }
  // Encodes the page in slices of the task. The page may change between two
  // slices: a watch from before the walk sees it (enc.changedWhileRead), so
  // that labels of a page that changed while it was read are never reused.
  const ENCODE_STEP = 500; // nodes between two looks at the clock
  async function encodePage(task) {
    const E = globalThis.WCEEncoder;
    if (!E || typeof E.createDomEncoder !== 'function') {
      throw new Error('dom_encoder.js did not define WCEEncoder.createDomEncoder');
    }
    const walk = E.createDomEncoder(document, { composed: true });
    let changed = false;
    const pre = typeof MutationObserver === 'function' ? new MutationObserver(() => { changed = true; }) : null;
    try {
      if (pre) pre.observe(document, WATCH_OPTIONS);
      while (!walk.step(ENCODE_STEP)) {
        task.at('read', walk.read, 0);
        await task.pause();
      }
    } finally {
      if (pre) {
        if (pre.takeRecords().length) changed = true;
        pre.disconnect();
      }
    }
    const enc = walk.result();
    enc.changedWhileRead = changed;
    return enc;
  }
  // A Uint32Array (the node table, the attribute section) as base64, in
  // parts of PACK_BYTES (a multiple of 3, so that the parts' base64 strings
  // join into the whole's), one per slice.
  const PACK_BYTES = 3 * 65536;
  async function packNodes(u32, task) {
    const bytes = new Uint8Array(u32.buffer, u32.byteOffset, u32.byteLength);
    if (bytes.length <= PACK_BYTES) return platform.bytesToBase64(bytes);
    const out = [];
    for (let i = 0; i < bytes.length; i += PACK_BYTES) {
      out.push(platform.bytesToBase64(bytes.subarray(i, i + PACK_BYTES)));
      task.at('pack', i, bytes.length);
      await task.pause();
    }
    return out.join('');
  }
  function checkedLabels(reply, enc) {
    if (!reply || reply.ok !== true) {
      throw new Error('classification failed: ' + (reply && reply.error ? reply.error : 'no answer'));
    }
    const labels = platform.unpackLabels(reply.labels);
    if (labels.length !== enc.textNodes.length) {
      throw new Error('got ' + labels.length + ' labels for ' + enc.textNodes.length + ' text nodes');
    }
    return labels;
  }

  // First click: the page encodes itself as soon as it is injected and asks
  // for labels (classify forRun: for the request that injected it), while
  // that request is still on its way down the port. labelPage takes the
  // answer if it is for the same extractor. A promise of
  // {enc, seen (watchEncoding), reply, timing} or null (also when cancelled).
  let firstLabels = null;
  function labelAtInjection() {
    if (!port || document.readyState === 'loading' || !document.documentElement) return null;
    const task = newTask();
    return (async () => {
      const t0 = performance.now();
      const encodeAt = stamp();
      const enc = await encodePage(task);
      const seen = watchEncoding(enc);
      const flat = await packPage(enc, task);
      const t1 = performance.now();
      task.rest();
      const reply = await task.race(requestLabels(Object.assign({ type: 'wce:classify', forRun: true, url: location.href }, flat), task));
      task.restart();
      // No forRun: no labelling was asked for (the injection was for
      // something else); a failed labelling for the run is its answer.
      if (!reply || !reply.forRun) return null;
      const t2 = performance.now();
      return {
        enc, seen, reply,
        timing: { encodeMs: t1 - t0, roundTripMs: t2 - t1, worker: reply.timing, atInjection: true, slices: task.stats(),
          sent: sizesOf(flat),
          marks: { bundleAt: globalThis.wceBundleAt, evalAt: EVAL_AT, encodeAt, sentAt: encodeAt + (t1 - t0), labelsAt: encodeAt + (t2 - t0) } },
      };
    })().catch(() => null).finally(() => endTask(task));
  }

  // The flat DOM as a classify request's fields (page_message.js).
  async function packPage(enc, task) {
    const nodes = await packNodes(enc.nodes, task);
    const attrs = await packNodes(enc.attrs, task);
    return { nodes, strings: enc.strings, attrs, attrStrings: enc.attrStrings };
  }
  // The characters of each field sent (the benchmarks' message size).
  const sizesOf = (flat) => ({ nodes: flat.nodes.length, strings: flat.strings.length, attrs: flat.attrs.length,
    attrStrings: flat.attrStrings.length });

  // pageType: the page's type is wanted too (a highlight: the popup shows
  // it); reader ({images}): the reader view's too, the core's metadata and
  // Markdown of the same labels (with its images or not). Labels from a
  // reply without what is wanted are not reused.
  async function labelPage(extractor, agreement, fresh, task, pageType, reader) {
    const ag = agreement === true;
    const typed = (reply) => (pageType !== true || Boolean(reply && reply.pageType)) &&
      (!reader || Boolean(reply && reply.metadata && typeof reply.markdown === 'string' &&
        reply.markdownImages === (reader.images === true)));
    if (firstLabels) {
      const pending = firstLabels;
      firstLabels = null;
      task.rest();
      const got = await task.race(pending);
      task.restart();
      if (got && fresh !== true && got.reply.forRun.extractor === extractor && got.reply.forRun.agreement === ag &&
          typed(got.reply)) {
        const labels = checkedLabels(got.reply, got.enc);
        remember(got.seen, extractor, ag, labels, got.reply);
        // Labelled for this click: taken as it is. Labelled when the page
        // was loaded ("ready before you click"): the page may have changed
        // since, which the checks below see.
        if (got.reply.idle !== true) {
          return { textNodes: got.enc.textNodes, roots: got.enc.roots, labels, reply: got.reply, timing: got.timing };
        }
      }
    }
    const last = lastLabelled;
    const reusable = fresh !== true && last !== null && last.extractor === extractor && last.agreement === ag &&
      typed(last.reply);
    if (reusable && !last.changed && framesAsRead(last.enc)) {
      // Nothing the encoding reads has changed since: the same flat DOM.
      return { textNodes: last.enc.textNodes, roots: last.enc.roots, labels: last.labels, reply: last.reply,
        timing: { encodeMs: 0, reused: true, unchanged: true } };
    }
    const t0 = performance.now();
    const enc = await encodePage(task);
    const t1 = performance.now();
    lastLabelled = null;
    const seen = watchEncoding(enc);
    if (reusable && sameFlat(last.enc, enc)) {
      remember(seen, extractor, ag, last.labels, last.reply);
      return { textNodes: enc.textNodes, roots: enc.roots, labels: last.labels, reply: last.reply,
        timing: { encodeMs: t1 - t0, reused: true, compareMs: performance.now() - t1 } };
    }
    const flat = await packPage(enc, task);
    const t2 = performance.now();
    const sentAt = stamp();
    const request = requestLabels(Object.assign({ type: 'wce:classify', extractor, agreement: ag, pageType: pageType === true,
      url: location.href }, reader ? { reader: true, images: reader.images === true } : {}, flat), task);
    const sentMs = performance.now() - t2;
    task.rest();
    task.at('label', 0, 0);
    const reply = await task.race(request);
    task.restart();
    const t3 = performance.now();
    const labels = checkedLabels(reply, enc);
    remember(seen, extractor, ag, labels, reply);
    return {
      textNodes: enc.textNodes, roots: enc.roots, labels, reply,
      timing: { encodeMs: t2 - t0, sendMs: sentMs, roundTripMs: t3 - t2, worker: reply.timing, sent: sizesOf(flat),
        marks: { sentAt, labelsAt: sentAt + (t3 - t2) } },
    };
  }

  // (0, 1] -> band 0..4: (0, 0.2] -> 0, ..., (0.8, 1] -> 4, so k of 5
  // agreeing extractors land in band k-1. The tolerance absorbs the
  // one-byte rounding of the labels (platform.packLabels).
  const BAND_TOLERANCE = 1e-3;
  function band(v) {
    const b = Math.ceil(Math.min(v, 1) * CONFIDENCE_BANDS - BAND_TOLERANCE) - 1;
    return Math.max(0, Math.min(CONFIDENCE_BANDS - 1, b));
  }

  // The text nodes to paint, grouped by highlight name, in slices:
  // {groups: [{name, mark, nodes}], order, orderGroup, total}, where order
  // lists the top document's nodes of all groups in document order and
  // orderGroup[i] is the group of order[i] (the window painter's input).
  const GROUP_STEP = 1024;
  async function groupsFor(textNodes, labels, confidence, task) {
    const usable = (t) => t && t.isConnected && /\S/.test(t.data);
    const groups = [];
    if (!confidence) groups.push({ name: HIGHLIGHT_NAME, mark: '', nodes: [] });
    else for (let b = 0; b < CONFIDENCE_BANDS; b++) groups.push({ name: 'wce-c' + b, mark: 'c' + b, nodes: [] });
    const order = [];
    const orderGroup = [];
    let total = 0;
    for (let k = 0; k < labels.length; k++) {
      if (k % GROUP_STEP === GROUP_STEP - 1) {
        task.at('paint', k, labels.length);
        await task.pause();
      }
      const v = labels[k];
      let g = 0;
      if (!confidence) {
        if (!(v >= THRESHOLD)) continue;
      } else {
        if (!(v > 0)) continue;
        g = band(v);
      }
      const t = textNodes[k];
      if (!usable(t)) continue;
      groups[g].nodes.push(t);
      total++;
      if (t.ownerDocument === document) {
        order.push(t);
        orderGroup.push(g);
      }
    }
    return { groups, order, orderGroup, total };
  }

  // After painting: if no painted text is on screen (the article is often
  // below the fold), scroll the first painted block into view, so a click
  // always shows something. nodes: the top document's painted nodes in
  // document order; the first on screen is found by binary search.
  const REVEAL_SCAN = 20000; // rendered-node search from the top, at most
  function revealFirst(nodes) {
    const n = nodes.length;
    if (!n) return false;
    const vh = window.innerHeight || document.documentElement.clientHeight;
    const idx = viewport.firstVisible(n, (i) => nodeBox(nodes[i]));
    for (let i = idx; i < n && i < idx + viewport.PROBE_LIMIT; i++) {
      const box = nodeBox(nodes[i]);
      if (!box) continue;
      if (box.top < vh) return false; // visible: nothing to do
      break;
    }
    let first = null;
    for (let i = 0; i < n && i < REVEAL_SCAN; i++) {
      if (nodeBox(nodes[i])) { first = nodes[i]; break; }
    }
    const el = first && first.parentElement;
    if (!el || typeof el.scrollIntoView !== 'function') return false;
    el.scrollIntoView({ block: 'center', behavior: 'instant' });
    return true;
  }

  // The agreement view's legend: a constructed style sheet adopted by the
  // document while the view is on, whose one rule draws the key of the five
  // shades in the corner (:root::after, so no element is added to the
  // page); taken out with the highlight. css: from the background
  // (settings.legendCss).
  let legend = null; // {sheet}
  function showLegend(css) {
    hideLegend();
    if (typeof css !== 'string' || !css) return;
    try {
      const sheet = new (document.defaultView.CSSStyleSheet)();
      sheet.replaceSync(css);
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      legend = { sheet };
    } catch (e) {
      console.warn('[wce] could not show the legend:', e);
    }
  }
  function hideLegend() {
    if (!legend) return;
    const sheet = legend.sheet;
    legend = null;
    try {
      document.adoptedStyleSheets = [...document.adoptedStyleSheets].filter((x) => x !== sheet);
    } catch (e) {
      console.warn('[wce] could not remove the legend:', e);
    }
  }

  function stateNow() {
    const s = { state };
    if (state === 'busy' && progress) {
      s.progress = { phase: progress.phase, done: progress.done, total: progress.total,
        ms: Math.round(performance.now() - progress.since) };
    }
    return s;
  }

  async function on(opts) {
    const o = opts || {};
    const runAt = stamp();
    const confidence = o.confidence === true;
    // One run at a time: a second request gets the state (the background
    // cancels the run first when that is what the user asked for).
    if (state === 'busy') return stateNow();
    generation++;
    if (state === 'on') {
      if (current && current.extractor === o.extractor && current.confidence === confidence && o.repaint !== true &&
          (o.pageType !== true || current.pageType)) {
        return Object.assign({ unchanged: true }, status());
      }
      off(); // repaint with the new choice
    }
    state = 'busy';
    const gen = generation;
    const task = newTask();
    progress = { phase: 'read', done: 0, total: 0, since: performance.now() };
    try {
      const page = await labelPage(o.extractor, confidence, o.fresh === true, task, o.pageType === true);
      const t0 = performance.now();
      const paintAt = stamp();
      const sel = await groupsFor(page.textNodes, page.labels, confidence, task);
      task.check();
      const agreement = page.reply.agreement || null;
      if (sel.total === 0) {
        // Nothing to show: the page stays as it was, and the answer says so
        // (the badge, the button and the popup then say "off").
        state = 'off';
        current = null;
        return { state, empty: true, highlighted: 0, textNodes: page.textNodes.length, extractor: page.reply.extractor,
          confidence, agreement, timing: page.timing };
      }
      const boxCss = typeof o.overlayCss === 'string' ? o.overlayCss : '';
      const highlighted = paint(sel, typeof o.css === 'string' ? o.css : null, page.roots, boxCss);
      if (confidence) showLegend(o.legend);
      // Only the top document's text: a frame's boxes are in its own viewport.
      const scrolled = o.reveal === false ? false : revealFirst(sel.order);
      page.timing.paintMs = performance.now() - t0;
      page.timing.marks = Object.assign({}, page.timing.marks, { runAt, paintAt, doneAt: stamp() });
      // The run's slices, with those of the first click's labelling at injection.
      const own = task.stats();
      const before = page.timing.slices;
      page.timing.slices = before ? { slices: before.slices + own.slices,
        longestSliceMs: Math.max(before.longestSliceMs, own.longestSliceMs) } : own;
      state = 'on';
      current = {
        extractor: page.reply.extractor, confidence,
        css: typeof o.css === 'string' ? o.css : null, boxCss, highlighted, textNodes: page.textNodes.length,
        painted: follow ? 'near-viewport' : 'all', legend: confidence ? o.legend : null,
        pageType: page.reply.pageType || null, askedType: o.pageType === true,
      };
      if (o.live !== false) startLive();
      return {
        state, mode, highlighted, textNodes: page.textNodes.length, extractor: page.reply.extractor,
        confidence, agreement, timing: page.timing, scrolled, painted: current.painted, pageType: current.pageType,
      };
    } catch (e) {
      const cancelled = isCancel(e);
      if (!cancelled) console.error('[wce] highlighting failed; the page is left unchanged:', e);
      // Nothing is painted before the last slice; a run that was cancelled
      // by off() (which bumped the generation) leaves the state to it.
      if (gen === generation) {
        try { clear(); } catch (e2) { /* already logged */ }
        state = 'off';
        current = null;
      }
      return cancelled ? { state: 'off', cancelled: true } : { state: 'off', error: e && e.message ? e.message : String(e) };
    } finally {
      endTask(task);
    }
  }

  // Off, also while a run is under way: the run stops at its next slice and
  // leaves the page as it was.
  function off() {
    if (state === 'busy') {
      cancelAll();
      generation++;
      stopLive();
      state = 'off';
      current = null;
      return { state, cancelled: true };
    }
    if (state !== 'on') return { state };
    const css = current ? current.css : null;
    generation++;
    stopLive();
    try {
      clear();
    } catch (e) {
      console.error('[wce] removing highlights failed:', e);
    }
    state = 'off';
    current = null;
    return { state, css };
  }

  function status() {
    const s = stateNow();
    s.mode = mode;
    if (follow && follow.overlay) s.overlay = { boxes: follow.overlay.boxes(), onScreen: follow.overlay.onScreen() };
    if (current) {
      s.extractor = current.extractor;
      s.confidence = current.confidence;
      s.highlighted = current.highlighted;
      s.textNodes = current.textNodes;
      s.refreshes = current.refreshes || 0;
      s.painted = current.painted;
      s.pageType = current.pageType;
    }
    return s;
  }

  // The reader view's document. Reads the page only (no highlight, no DOM change).
  async function reader(opts) {
    const o = opts || {};
    const task = newTask();
    try {
      if (!globalThis.WCEReader || typeof globalThis.WCEReader.build !== 'function') {
        throw new Error('reader_model.js did not define WCEReader.build');
      }
      const page = await labelPage(o.extractor, false, false, task, false, { images: o.images === true });
      // The same composed tree as the encoder read (shadow roots, frames).
      const children = (el, tag) => globalThis.WCEEncoder.composedChildren(el, tag, null);
      const doc = globalThis.WCEReader.build(document, page.textNodes, page.labels,
        { threshold: THRESHOLD, images: o.images === true, children, metadata: page.reply.metadata });
      doc.extractor = page.reply.extractor;
      // The core's Markdown of the same labels (Copy / Save as Markdown).
      doc.markdown = page.reply.markdown;
      return { ok: true, doc };
    } catch (e) {
      if (!isCancel(e)) console.error('[wce] reader view failed:', e);
      return { ok: false, error: isCancel(e) ? 'cancelled' : (e && e.message ? e.message : String(e)) };
    } finally {
      endTask(task);
    }
  }

  // The background's one call per click: {action: 'on' | 'off' | 'toggle' |
  // 'cancel' | 'status' | 'reader', ...options}. 'cancel' stops the run under
  // way, if any (off() does the same and also removes a highlight).
  function run(o) {
    const a = o && o.action;
    if (a === 'on') return on(o);
    if (a === 'off') return off();
    if (a === 'cancel') return state === 'busy' ? off() : status();
    if (a === 'toggle') return state === 'on' ? off() : on(o);
    if (a === 'reader') return reader(o);
    return status();
  }

  globalThis.wceContent = { state: () => state, status, on, off, reader, run, connect };
  connect();
  firstLabels = labelAtInjection();
})();
