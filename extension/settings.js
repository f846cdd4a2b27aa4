/*
 * settings.js: the user's settings, shared by the background context, the
 * popup, the options page and the reader page. Kept in storage.local (no
 * sync: nothing leaves the machine). Defines `self.wceSettings` = {DEFAULTS,
 * load(), save(patch), normalise(obj), highlightCss(color)}; needs platform.js first.
 */
(function (root) {
  'use strict';

  const DEFAULTS = Object.freeze({
    extractor: 'bte',        // the popup's choice; the options page sets it too
    color: '#ffd600',        // highlight colour (alpha is added by highlightCss)
    confidence: false,       // label value shown as highlight intensity
    autoHighlight: true,     // opening the popup highlights the page (one click)
    readerImages: false,     // reader view shows images (they load from the network)
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
    };
  }

  // Highlight opacity: 0.45 for the plain highlight (legible over the text);
  // the confidence view's five bands (content.js) go from faint to strong.
  const MAIN_ALPHA = 0.45;
  const BAND_ALPHAS = [0.1, 0.22, 0.34, 0.5, 0.66];

  // The CSS that background.js inserts into the tab (scripting.insertCSS): the
  // ::highlight() rules and the same colours for the <mark> fallback.
  function highlightCss(color) {
    const c = COLOR.test(color) ? color : DEFAULTS.color;
    const rgb = [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)).join(',');
    const markBase = 'color:inherit !important;padding:0 !important;margin:0 !important;' +
      'border:0 !important;font:inherit !important;';
    let css = '::highlight(wce-main){background-color:rgba(' + rgb + ',' + MAIN_ALPHA + ');}\n' +
      'mark[data-wce=""]{background-color:rgba(' + rgb + ',' + MAIN_ALPHA + ') !important;' + markBase + '}\n';
    BAND_ALPHAS.forEach((a, k) => {
      css += '::highlight(wce-c' + k + '){background-color:rgba(' + rgb + ',' + a + ');}\n' +
        'mark[data-wce="c' + k + '"]{background-color:rgba(' + rgb + ',' + a + ') !important;' + markBase + '}\n';
    });
    return css;
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

  root.wceSettings = { DEFAULTS, load, save, normalise, highlightCss };
})(typeof self !== 'undefined' ? self : globalThis);
