/* wce benchmark page: the figures, drawn as SVG by this file (no chart library).
 *
 *   boxPlot   Figure 2 of Bevendorff et al. 2023: one horizontal box per
 *             extractor; box = interquartile range, line = median, whiskers
 *             = the most extreme values within 1.5 x IQR, dots = the rest.
 *   meanIqr   Figure 3: mean as a bar, the interquartile range as an error bar.
 *   timeBars  time per page, logarithmic axis (times span orders of magnitude).
 *
 * Every mark carries data-* attributes with its figures (tests read them).
 * Classic script: defines self.WcePlots.
 */
(function (root) {
  'use strict';
  const NS = 'http://www.w3.org/2000/svg';

  // Layout (px): label column, plot width, row height, margins.
  const LABEL_W = 108;
  const ROW_H = 18;
  const TOP = 26;
  const BOTTOM = 30;
  const RIGHT = 14;

  function svgEl(name, attrs, parent) {
    const e = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, String(v));
    if (parent) parent.append(e);
    return e;
  }
  function text(parent, x, y, s, attrs) {
    const t = svgEl('text', { x, y, ...attrs }, parent);
    t.textContent = s;
    return t;
  }
  const r4 = (v) => Math.round(v * 100) / 100;

  function frame(title, rows, plotW, right = RIGHT) {
    const h = TOP + rows * ROW_H + BOTTOM;
    const w = LABEL_W + plotW + right;
    const svg = svgEl('svg', { viewBox: `0 0 ${w} ${h}`, width: w, height: h, role: 'img', class: 'plot' });
    svgEl('title', {}, svg).textContent = title;
    text(svg, 6, 15, title, { class: 'plot-title' });
    return svg;
  }

  // Linear x axis over [0, 1] with ticks every 0.2.
  function unitAxis(svg, rows, plotW, label) {
    const y0 = TOP + rows * ROW_H;
    for (let i = 0; i <= 5; i++) {
      const x = LABEL_W + (plotW * i) / 5;
      svgEl('line', { x1: x, x2: x, y1: TOP - 4, y2: y0, class: 'grid' }, svg);
      text(svg, x, y0 + 12, (i / 5).toFixed(1), { class: 'tick', 'text-anchor': 'middle' });
    }
    text(svg, LABEL_W + plotW / 2, y0 + 26, label, { class: 'axis-label', 'text-anchor': 'middle' });
  }

  function rowLabel(svg, i, label, kind) {
    text(svg, LABEL_W - 6, TOP + i * ROW_H + ROW_H / 2 + 4, label, { 'text-anchor': 'end', class: `label ${kind || ''}` });
  }

  /**
   * rows: [{extractor, kind, stats: WceAggregate boxStats(values)}]; level: the
   * complexity level shown (data-level).
   */
  function boxPlot(title, rows, level, axisLabel, plotW = 240) {
    const svg = frame(title, rows.length, plotW);
    unitAxis(svg, rows.length, plotW, axisLabel);
    const X = (v) => LABEL_W + plotW * Math.min(1, Math.max(0, v));
    rows.forEach((r, i) => {
      rowLabel(svg, i, r.extractor, r.kind);
      const s = r.stats;
      const g = svgEl('g', {
        class: `box ${r.kind || ''}`, 'data-extractor': r.extractor, 'data-level': level, 'data-n': s.n,
        'data-q1': s.q1, 'data-median': s.median, 'data-q3': s.q3, 'data-mean': s.mean,
      }, svg);
      const yMid = TOP + i * ROW_H + ROW_H / 2;
      if (!s.n) {
        text(g, LABEL_W + 4, yMid + 4, 'no pages', { class: 'tick' });
        return;
      }
      const bh = ROW_H * 0.6;
      svgEl('line', { x1: X(s.lo), x2: X(s.q1), y1: yMid, y2: yMid, class: 'whisker' }, g);
      svgEl('line', { x1: X(s.q3), x2: X(s.hi), y1: yMid, y2: yMid, class: 'whisker' }, g);
      for (const x of [s.lo, s.hi]) svgEl('line', { x1: X(x), x2: X(x), y1: yMid - bh / 3, y2: yMid + bh / 3, class: 'whisker' }, g);
      svgEl('rect', { x: X(s.q1), y: yMid - bh / 2, width: Math.max(1, X(s.q3) - X(s.q1)), height: bh, class: 'iqr' }, g);
      svgEl('line', { x1: X(s.median), x2: X(s.median), y1: yMid - bh / 2, y2: yMid + bh / 2, class: 'median' }, g);
      // Outliers: one dot per distinct position (hundreds of zeros are one dot).
      const seen = new Set();
      for (const v of s.outliers) {
        const x = r4(X(v));
        if (seen.has(x)) continue;
        seen.add(x);
        svgEl('circle', { cx: x, cy: yMid, r: 1.8, class: 'outlier' }, g);
      }
      svgEl('title', {}, g).textContent =
        `${r.extractor} (${level}, ${s.n} pages): median ${s.median.toFixed(3)}, IQR ${s.q1.toFixed(3)}–${s.q3.toFixed(3)}`;
    });
    return svg;
  }

  /** rows: [{extractor, kind, mean, q1, q3, n}] — Figure 3. */
  function meanIqr(title, rows, axisLabel, plotW = 300) {
    const svg = frame(title, rows.length, plotW, 40); // room for the values
    unitAxis(svg, rows.length, plotW, axisLabel);
    const X = (v) => LABEL_W + plotW * Math.min(1, Math.max(0, v));
    rows.forEach((r, i) => {
      rowLabel(svg, i, r.extractor, r.kind);
      const yMid = TOP + i * ROW_H + ROW_H / 2;
      const g = svgEl('g', {
        class: `mean-bar ${r.kind || ''}`, 'data-extractor': r.extractor, 'data-mean': r.mean, 'data-q1': r.q1, 'data-q3': r.q3,
      }, svg);
      if (!r.n) return;
      const bh = ROW_H * 0.6;
      svgEl('rect', { x: LABEL_W, y: yMid - bh / 2, width: Math.max(0, X(r.mean) - LABEL_W), height: bh, class: 'bar' }, g);
      svgEl('line', { x1: X(r.q1), x2: X(r.q3), y1: yMid, y2: yMid, class: 'errbar' }, g);
      for (const x of [r.q1, r.q3]) svgEl('line', { x1: X(x), x2: X(x), y1: yMid - bh / 2, y2: yMid + bh / 2, class: 'errbar' }, g);
      text(g, X(1) + 2, yMid + 4, r.mean.toFixed(3), { class: 'tick' });
      svgEl('title', {}, g).textContent = `${r.extractor}: mean ${r.mean.toFixed(3)}, IQR ${r.q1.toFixed(3)}–${r.q3.toFixed(3)}`;
    });
    return svg;
  }

  /** rows: [{extractor, kind, ms}] — bars on a log10 axis. */
  function timeBars(title, rows, plotW = 300) {
    const svg = frame(title, rows.length, plotW, 50); // room for the values
    const finite = rows.map((r) => r.ms).filter((v) => Number.isFinite(v) && v > 0);
    const lo = Math.floor(Math.log10(finite.length ? Math.min(...finite) : 0.1));
    const hi = Math.max(lo + 1, Math.ceil(Math.log10(finite.length ? Math.max(...finite) : 1)));
    const X = (v) => LABEL_W + (plotW * (Math.log10(Math.max(v, 10 ** lo)) - lo)) / (hi - lo);
    const y0 = TOP + rows.length * ROW_H;
    for (let e = lo; e <= hi; e++) {
      const x = X(10 ** e);
      svgEl('line', { x1: x, x2: x, y1: TOP - 4, y2: y0, class: 'grid' }, svg);
      text(svg, x, y0 + 12, String(10 ** e >= 1 ? 10 ** e : (10 ** e).toFixed(-e)), { class: 'tick', 'text-anchor': 'middle' });
    }
    text(svg, LABEL_W + plotW / 2, y0 + 26, 'milliseconds per page (log scale)', { class: 'axis-label', 'text-anchor': 'middle' });
    rows.forEach((r, i) => {
      rowLabel(svg, i, r.extractor, r.kind);
      const yMid = TOP + i * ROW_H + ROW_H / 2;
      const g = svgEl('g', { class: `time-bar ${r.kind || ''}`, 'data-extractor': r.extractor, 'data-ms': r.ms }, svg);
      if (!Number.isFinite(r.ms)) return;
      const bh = ROW_H * 0.6;
      svgEl('rect', { x: LABEL_W, y: yMid - bh / 2, width: Math.max(1, X(r.ms) - LABEL_W), height: bh, class: 'bar' }, g);
      text(g, X(r.ms) + 3, yMid + 4, r.ms < 10 ? r.ms.toFixed(2) : r.ms.toFixed(1), { class: 'tick' });
    });
    return svg;
  }

  root.WcePlots = { boxPlot, meanIqr, timeBars };
})(typeof self !== 'undefined' ? self : globalThis);
