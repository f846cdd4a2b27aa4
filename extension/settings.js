/*
 * settings.js: the user's settings, shared by the background context, the
 * popup, the options page and the reader page. Kept in storage.local (no
 * sync: nothing leaves the machine). Defines `self.wceSettings` = {DEFAULTS,
 * load(), save(patch), normalise(obj), highlightCss(color, confidence)}; needs platform.js first.
 */
(function (root) {
  'use strict';

  // The extractor a new user gets, and the one the popup recommends: the
  // learned ensemble (trees over readability, resiliparse, cetd and
  // trafilatura and the page's structure, with readability or trafilatura as
  // its page-level choices). On the 1,051 test pages of the nine datasets it
  // scores ROUGE-LSum F1 0.913 against readability's 0.899, on real pages
  // (webeval half 1) snippet F1 0.919 against readability's 0.879, and on
  // WCXB dev (grouped cross-validation) word F1 0.833 against trafilatura's
  // 0.822 on the same parse (lab/results/ensemble-wcxb.md, docs/results.md). The core's wce::kDefaultExtractor
  // says the same (tests/js/api.test.js ties them); nothing else here names a default.
  const DEFAULT_EXTRACTOR = 'ensemble';

  // "Show where several methods agree": the core's `agreement` extractor runs
  // these five (its declared members, core/src/ensembles/agreement.cpp; a Jest
  // test ties the two lists) and each text node is shaded by how many choose it.
  // The five best by mean ROUGE-LSum F1 on the nine datasets
  // (lab/results/bench-all-2026-11-23.md), fast enough to run together.
  const AGREEMENT_EXTRACTORS = Object.freeze(['readability', 'trafilatura', 'domdistiller',
    'boilerpipe_article', 'resiliparse']);

  // Reader view: font sizes (CSS px), widths and themes offered.
  const READER_FONT_SIZES = Object.freeze([16, 18, 20, 22, 24, 28]);
  const READER_WIDTHS = Object.freeze(['narrow', 'medium', 'wide']);
  const READER_THEMES = Object.freeze(['auto', 'light', 'sepia', 'dark']);

  const DEFAULTS = Object.freeze({
    extractor: DEFAULT_EXTRACTOR, // the popup's choice; the options page sets it too
    color: '#ffd600',        // highlight colour (alpha is added by highlightCss)
    confidence: false,       // label value shown as highlight intensity
    autoHighlight: true,     // opening the popup highlights the page (one click)
    readerImages: true,      // reader view shows the article's images (they load from their site, as in the page)
    readerFontSize: 20,      // reader view: one of READER_FONT_SIZES
    readerWidth: 'medium',   // reader view: one of READER_WIDTHS
    readerTheme: 'auto',     // reader view: one of READER_THEMES (auto: the system's light/dark)
    instant: false,          // "ready before you click": read every page at load (platform.js syncInstantScript)
  });

  const COLOR = /^#[0-9a-f]{6}$/i;
  const EXTRACTOR_NAME = /^[a-z0-9_]{1,64}$/;

  // Unknown keys are dropped, bad values replaced by the default: a broken
  // storage entry never breaks the extension.
  function normalise(obj) {
    const o = obj && typeof obj === 'object' ? obj : {};
    return {
      extractor: typeof o.extractor === 'string' && EXTRACTOR_NAME.test(o.extractor)
        ? o.extractor : DEFAULTS.extractor,
      color: typeof o.color === 'string' && COLOR.test(o.color) ? o.color.toLowerCase() : DEFAULTS.color,
      confidence: typeof o.confidence === 'boolean' ? o.confidence : DEFAULTS.confidence,
      autoHighlight: typeof o.autoHighlight === 'boolean' ? o.autoHighlight : DEFAULTS.autoHighlight,
      readerImages: typeof o.readerImages === 'boolean' ? o.readerImages : DEFAULTS.readerImages,
      readerFontSize: READER_FONT_SIZES.includes(o.readerFontSize) ? o.readerFontSize : DEFAULTS.readerFontSize,
      readerWidth: READER_WIDTHS.includes(o.readerWidth) ? o.readerWidth : DEFAULTS.readerWidth,
      readerTheme: READER_THEMES.includes(o.readerTheme) ? o.readerTheme : DEFAULTS.readerTheme,
      instant: typeof o.instant === 'boolean' ? o.instant : DEFAULTS.instant,
    };
  }

  // Highlight opacity: 0.45 for the plain highlight (legible over the text);
  // the confidence view's five bands (content.js) go from faint to strong.
  const MAIN_ALPHA = 0.45;
  const BAND_ALPHAS = [0.1, 0.22, 0.34, 0.5, 0.66];

  // The CSS that background.js inserts into the tab (scripting.insertCSS): the
  // ::highlight() rules and the same colours for the <mark> fallback. Only the
  // rules of one view (the plain highlight, or the confidence view's bands):
  // any ::highlight() rule makes the engine restyle the whole document when
  // the sheet goes in, and each extra name costs a little more
  // (lab/results/extension-latency-2026-11-27.md, section 4); switching the
  // view swaps the sheet like a new colour does.
  // subject: the element the ::highlight() rules are written on: '' (every
  // element) or ':root' (the root only; the others inherit its highlight
  // styles where the browser has highlight inheritance: platform.js
  // highlightSubject says where). A rule on every element makes the engine
  // compute highlight styles for every element when the sheet goes in: on a
  // 2.5 MB page 1,969 ms against 1,174 ms for :root
  // (lab/results/extension-big-pages.md, section 3).
  function highlightCss(color, confidence, subject) {
    const on = subject === ':root' ? ':root' : '';
    const markBase = 'color:inherit !important;padding:0 !important;margin:0 !important;' +
      'border:0 !important;font:inherit !important;';
    // One highlight name and its <mark data-wce="..."> fallback, at one opacity.
    return shades(color, confidence).map(({ name, mark, fill }) =>
      on + '::highlight(' + name + '){background-color:' + fill + ';}\n' +
      'mark[data-wce="' + mark + '"]{background-color:' + fill + ' !important;' + markBase + '}\n').join('');
  }

  // The same shades for a big page's overlay (overlay_painter.js): one class
  // per highlight name, for the boxes in the overlay's own shadow root.
  function overlayCss(color, confidence) {
    return shades(color, confidence).map(({ name, fill }) => '.' + name + '{background-color:' + fill + '}\n').join('');
  }

  // '#rrggbb' -> 'r,g,b' (a bad colour: the default's).
  function rgbOf(color) {
    const c = COLOR.test(color) ? color : DEFAULTS.color;
    return [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)).join(',');
  }

  // The view's highlight names, <mark> values and fills.
  function shades(color, confidence) {
    const rgb = rgbOf(color);
    const fill = (alpha) => 'rgba(' + rgb + ',' + alpha + ')';
    if (confidence !== true) return [{ name: 'wce-main', mark: '', fill: fill(MAIN_ALPHA) }];
    return BAND_ALPHAS.map((a, k) => ({ name: 'wce-c' + k, mark: 'c' + k, fill: fill(a) }));
  }

  // The agreement view's key, drawn in the page's corner by content.js
  // (showLegend) while the view is on: the five shades of highlightCss, from
  // "1" (one method of five chose the text) to "5" (all five). One rule on
  // :root::after, so no element is added to the page.
  const LEGEND_TEXT = 'Methods that chose it: ';
  function legendCss(color) {
    const rgb = rgbOf(color);
    const n = BAND_ALPHAS.length;
    const at = (k) => 'calc(8px + ' + (LEGEND_TEXT.length + 3 * k) + 'ch)';
    const stops = ['#fff 0 ' + at(0)];
    BAND_ALPHAS.forEach((a, k) => {
      // The shade over white, as it shows on a white page.
      const mix = rgb.split(',').map((v) => Math.round(255 - (255 - Number(v)) * a)).join(',');
      stops.push('rgb(' + mix + ') ' + at(k) + ' ' + at(k + 1));
    });
    stops.push('#fff ' + at(n));
    const digits = BAND_ALPHAS.map((a, k) => ' ' + (k + 1) + ' ').join('');
    return ':root::after{content:"' + LEGEND_TEXT + digits + ' of ' + n + '" !important;display:block !important;' +
      'position:fixed !important;right:8px !important;bottom:8px !important;z-index:2147483647 !important;' +
      'white-space:pre !important;font:12px/20px monospace !important;color:#000 !important;' +
      'padding:2px 8px !important;border:1px solid #777 !important;border-radius:4px !important;' +
      'pointer-events:none !important;background:linear-gradient(to right,' + stops.join(',') + ') !important;}';
  }

  function storage() {
    const api = root.wcePlatform && root.wcePlatform.api;
    if (!api || !api.storage || !api.storage.local) throw new Error('storage.local is not available');
    return api.storage.local;
  }

  async function load() {
    const got = await storage().get(Object.keys(DEFAULTS));
    return normalise(got);
  }

  async function save(patch) {
    const next = normalise(Object.assign(await load(), patch));
    await storage().set(next);
    return next;
  }

  root.wceSettings = {
    DEFAULTS, DEFAULT_EXTRACTOR, AGREEMENT_EXTRACTORS, READER_FONT_SIZES, READER_WIDTHS, READER_THEMES,
    load, save, normalise, highlightCss, overlayCss, legendCss,
  };
})(typeof self !== 'undefined' ? self : globalThis);
