/*
 * wce render signals: what only a browser knows about each text node of a
 * live page, as the user sees it after layout. One row of STRIDE float32 per
 * text node of WCEEncoder.encodeDom (same order), for any extractor or model
 * that wants them next to the flat DOM:
 *
 *   [visible  1 if the text has a box of non-zero area and its element is
 *             not visibility:hidden/collapse nor opacity:0, else 0,
 *    fontPx   computed font-size of the text's element (CSS px),
 *    weight   computed font-weight (100..900),
 *    area     total area of the text's line boxes (CSS px^2),
 *    x, y     left and top of the text's bounding box in page coordinates
 *             (CSS px from the document's top-left; 0 when not rendered),
 *    pageW, pageH  the document's scroll width and height (the same on
 *             every row: lets a model normalise x, y and area per page)]
 *
 * A text node inside a same-origin frame gets coordinates in its frame's
 * own page (not offset by the frame's position). display:none text has no
 * box, so visible 0 and area 0.
 *
 * Classic script (self.WCERender) or CommonJS, like dom_encoder.js.
 */
(function (root, factory) {
  'use strict';
  var api = factory();
  if (typeof module === 'object' && module && typeof module.exports === 'object') {
    module.exports = api;
  } else {
    root.WCERender = api;
  }
})(typeof self !== 'undefined' ? self : typeof globalThis !== 'undefined' ? globalThis : this, function () {
  'use strict';

  var STRIDE = 8;
  var COLUMNS = ['visible', 'font_px', 'font_weight', 'area', 'x', 'y', 'page_w', 'page_h'];
  var WEIGHT_NAMES = { normal: 400, bold: 700, lighter: 300, bolder: 700 };

  function renderSignals(textNodes) {
    var out = new Float32Array(textNodes.length * STRIDE);
    if (!textNodes.length) return out;
    var doc0 = textNodes[0].ownerDocument;
    var range = doc0.createRange();
    var lastEl = null;
    var lastDoc = null;
    var style = null;
    var pageW = 0, pageH = 0, sx = 0, sy = 0;
    for (var k = 0; k < textNodes.length; k++) {
      var t = textNodes[k];
      var o = k * STRIDE;
      var doc = t.ownerDocument;
      if (doc !== lastDoc) {
        lastDoc = doc;
        var se = doc.scrollingElement || doc.documentElement;
        var win = doc.defaultView;
        pageW = se ? se.scrollWidth : 0;
        pageH = se ? se.scrollHeight : 0;
        sx = win ? win.scrollX : 0;
        sy = win ? win.scrollY : 0;
        range = doc.createRange();
        lastEl = null;
      }
      out[o + 6] = pageW;
      out[o + 7] = pageH;
      var el = t.parentElement;
      if (!el) continue;
      if (el !== lastEl) {
        lastEl = el;
        style = doc.defaultView ? doc.defaultView.getComputedStyle(el) : null;
      }
      if (!style) continue;
      var fw = style.fontWeight;
      out[o + 1] = parseFloat(style.fontSize) || 0;
      out[o + 2] = WEIGHT_NAMES[fw] || parseFloat(fw) || 400;
      range.selectNodeContents(t);
      var rects = range.getClientRects();
      var area = 0;
      for (var i = 0; i < rects.length; i++) area += rects[i].width * rects[i].height;
      out[o + 3] = area;
      if (area > 0) {
        var b = range.getBoundingClientRect();
        out[o + 4] = b.left + sx;
        out[o + 5] = b.top + sy;
        var shown = style.visibility === 'visible' && parseFloat(style.opacity) !== 0;
        out[o] = shown ? 1 : 0;
      }
    }
    return out;
  }

  return { renderSignals: renderSignals, STRIDE: STRIDE, COLUMNS: COLUMNS };
});
