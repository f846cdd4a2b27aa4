/*
 * overlay_painter.js: paints the highlight of a big page as boxes in one
 * overlay element, instead of with a ::highlight() style.
 *
 * Why: when a style sheet with a ::highlight() rule goes into a document,
 * Chromium restyles every element of it in one rendering step that no
 * script can cut (lab/results/extension-big-pages.md, sections 1 and 3: a
 * 1.5 s frame on a 5 MB page). A page with more than OVERLAY_ELEMENTS
 * elements gets no such sheet (background.js); its text nodes near the
 * viewport (content.js, viewport_window.js) are painted as boxes over their
 * line rectangles, in a closed shadow root of one element appended to
 * <html>, whose own style sheet restyles nothing else. The boxes blend with
 * the page (multiply), so the text under them keeps its colour.
 * off() removes the element: the page is left as it was.
 *
 * Defines `globalThis.wceOverlayPainter` = {OVERLAY_ELEMENTS, MAX_BOXES,
 * isBigPage(doc), layoutBoxes(items, origin, band), bandAround(vh),
 * bandLeft(scrolled, vh), create(doc, css)}; CommonJS for the tests (all
 * but create are pure).
 */
(function (root) {
  'use strict';

  // Above this many elements a page is painted with the overlay. On the
  // bench machine, idle, the ::highlight() restyle took 13 to 16 µs per
  // element of the generated news pages (154 ms for the 1 MB page's 11,635
  // elements, 492 ms for the 2.5 MB page's 31,110: lab/results/
  // extension-big-pages.md, section 5): 3,000 elements keep it under the
  // long-task threshold of 50 ms on a light page; pages with heavier style
  // sheets cost more per element.
  const OVERLAY_ELEMENTS = 3000;
  // At most this many boxes at once (a pathological page must not make
  // millions).
  const MAX_BOXES = 20000;
  // Only the boxes in a band around the screen are made: from one screen
  // above it to two below. Each box is an element (2,812 boxes, the lines of
  // a window of 2,000 text nodes, took 140 ms to make and lay out on the
  // bench machine); the band holds a few hundred, and is drawn again when
  // the screen leaves it (bandLeft).
  const BAND_ABOVE = 1;
  const BAND_BELOW = 2;
  const HOST_TAG = 'wce-overlay';

  // The host's own box: no margin, no size, no events, above the page, and
  // blended with it. `all: initial` first, so that no rule of the page (a
  // `*` rule, say) changes it.
  const HOST_STYLE = 'all:initial !important;display:block !important;position:absolute !important;' +
    'left:0 !important;top:0 !important;width:0 !important;height:0 !important;overflow:visible !important;' +
    'pointer-events:none !important;z-index:2147483647 !important;mix-blend-mode:multiply !important;';
  const BOX_STYLE = '.b{position:absolute;pointer-events:none;margin:0;padding:0;border:0}';

  function isBigPage(doc) {
    return doc.getElementsByTagName('*').length > OVERLAY_ELEMENTS;
  }

  // items: [{cls, rects: [{left, top, width, height}]}] in viewport
  // coordinates; origin: the host's {left, top} in the same coordinates;
  // band: {top, bottom} in viewport coordinates, or null for all.
  // -> [{cls, x, y, w, h}] relative to the host, empty rectangles and those
  // outside the band dropped, at most MAX_BOXES.
  function layoutBoxes(items, origin, band) {
    const out = [];
    for (const it of items) {
      for (const r of it.rects) {
        if (!(r.width > 0 && r.height > 0)) continue;
        if (band && (r.top + r.height < band.top || r.top > band.bottom)) continue;
        if (out.length >= MAX_BOXES) return out;
        out.push({ cls: it.cls, x: r.left - origin.left, y: r.top - origin.top, w: r.width, h: r.height });
      }
    }
    return out;
  }

  // The band around a screen of height vh (viewport coordinates).
  function bandAround(vh) {
    return { top: -BAND_ABOVE * vh, bottom: (1 + BAND_BELOW) * vh };
  }

  // Whether the screen has left the band drawn `scrolled` pixels ago (the
  // document scrolled down by that much since: positive, or up: negative),
  // with half a screen to spare.
  function bandLeft(scrolled, vh) {
    return scrolled < -(BAND_ABOVE - 0.5) * vh || scrolled > (BAND_BELOW - 0.5) * vh;
  }

  // An overlay in `doc`, styled by `css` (settings.js overlayCss: one class
  // per highlight name). draw(items) replaces the boxes: items are
  // [{cls, range}]; remove() takes the element out. Returns null when the
  // document cannot hold one (no root element, no shadow DOM).
  function create(doc, css) {
    const html = doc.documentElement;
    if (!html || typeof html.attachShadow !== 'function') return null;
    const host = doc.createElement(HOST_TAG);
    host.style.cssText = HOST_STYLE;
    let shadow;
    try {
      shadow = host.attachShadow({ mode: 'closed' });
    } catch (e) {
      return null;
    }
    const style = doc.createElement('style');
    style.textContent = BOX_STYLE + '\n' + (typeof css === 'string' ? css : '');
    const layer = doc.createElement('div');
    shadow.append(style, layer);
    html.appendChild(host);
    let count = 0;

    // items: [{cls, range}]; vh: the screen's height (the band around it).
    function draw(items, vh) {
      const o = host.getBoundingClientRect();
      const rectItems = [];
      for (const it of items) {
        let rects;
        try { rects = it.range.getClientRects(); } catch (e) { continue; }
        rectItems.push({ cls: it.cls, rects });
      }
      const boxes = layoutBoxes(rectItems, { left: o.left, top: o.top }, bandAround(vh));
      const frag = doc.createDocumentFragment();
      for (const b of boxes) {
        const d = doc.createElement('div');
        d.className = 'b ' + b.cls;
        d.style.cssText = 'left:' + b.x + 'px;top:' + b.y + 'px;width:' + b.w + 'px;height:' + b.h + 'px';
        frag.appendChild(d);
      }
      layer.replaceChildren(frag);
      count = boxes.length;
      return count;
    }

    function remove() {
      try { host.remove(); } catch (e) { /* already gone with its page */ }
      count = 0;
    }

    // How many boxes are on screen now (the popup's status; the tests).
    function onScreen() {
      const vh = doc.defaultView ? doc.defaultView.innerHeight : 0;
      let n = 0;
      for (const d of layer.children) {
        const b = d.getBoundingClientRect();
        if (b.height > 0 && b.bottom > 0 && b.top < vh) n++;
      }
      return n;
    }

    return { draw, remove, boxes: () => count, onScreen, host };
  }

  const api = { OVERLAY_ELEMENTS, MAX_BOXES, HOST_TAG, isBigPage, layoutBoxes, bandAround, bandLeft, create };
  if (typeof module === 'object' && module !== null && module.exports) module.exports = api;
  else root.wceOverlayPainter = api;
})(typeof globalThis !== 'undefined' ? globalThis : self);
