/*
 * viewport_window.js: which of a page's highlighted text nodes are near the
 * screen. A browser re-checks every range of every registered highlight each
 * time one changes (Chromium: one task, in proportion to all ranges), so a
 * highlight of a whole big page is one long task however it is built; a big
 * page is painted near the viewport only, in a window of nodes that follows
 * the scroll (content.js). Pure functions of a box lookup: no DOM here.
 * Defines `globalThis.wceViewportWindow` = {firstVisible, windowAround, needsMove};
 * CommonJS for the tests.
 */
(function (root) {
  'use strict';

  // How many nodes past a probe to look for one that is rendered.
  const PROBE_LIMIT = 32;

  // n nodes in document order; boxOf(i) -> {top, bottom} in viewport
  // coordinates, or null when node i is not rendered. The rendered boxes are
  // taken to go down the page in document order (true of running text; a
  // fixed header or a float only moves the answer by a little). Returns the
  // smallest i whose box ends below the viewport's top (n if none), in
  // O(log n) box lookups (each at most PROBE_LIMIT).
  function firstVisible(n, boxOf) {
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      let j = mid;
      let box = null;
      for (; j < hi && j < mid + PROBE_LIMIT; j++) {
        box = boxOf(j);
        if (box) break;
      }
      if (!box) {
        lo = j; // nothing rendered from mid to j: skip them
      } else if (box.bottom > 0) {
        hi = mid; // j is on or below the screen; mid..j-1 are not rendered
      } else {
        lo = j + 1;
      }
    }
    return lo;
  }

  // The window of `size` nodes (of n) to paint around node idx: a quarter
  // above it, the rest below (reading goes down).
  function windowAround(idx, n, size) {
    if (n <= size) return { lo: 0, hi: n };
    const lo = Math.max(0, Math.min(idx - Math.floor(size / 4), n - size));
    return { lo, hi: lo + size };
  }

  // Whether the window should move for a viewport that starts at node idx:
  // once fewer than an eighth of the window is left above it, or fewer
  // than a quarter below.
  function needsMove(idx, win, n, size) {
    if (win.lo > 0 && idx < win.lo + Math.floor(size / 8)) return true;
    if (win.hi < n && idx > win.hi - Math.floor(size / 4)) return true;
    return false;
  }

  const api = { firstVisible, windowAround, needsMove, PROBE_LIMIT };
  if (typeof module === 'object' && module !== null && module.exports) module.exports = api;
  else root.wceViewportWindow = api;
})(typeof globalThis !== 'undefined' ? globalThis : self);
