/*
 * wce: the JavaScript API of the WebAssembly core (build/wasm/wce_core.js).
 *
 * One file, two ways to load it:
 *   - classic script (importScripts in a Web Worker or an MV3 service worker,
 *     or a <script> tag): after importScripts('wce_core.js', 'wce_api.js') it
 *     defines self.WCE = {createExtractor, ...}, using the global createWceCore;
 *   - CommonJS (Node): module.exports = {createExtractor, ...}; the core is
 *     require('../build/wasm/wce_core.js') unless options.coreFactory is given.
 * The ES-module wrapper is wasm/wce.mjs, the types wasm/wce.d.ts.
 *
 *   const wce = await WCE.createExtractor();
 *   const {text, labels, timing} = wce.extract(html, {extractor: 'bte'});
 *   const res = wce.classify(WCEEncoder.encodeDom(document), {extractor: 'bte'});
 *   const all = wce.extractMany(html);   // one parse, every extractor
 *   const {pageType} = wce.classify(flat, {pageType: true, url: location.href});
 *     // pageType: {name: 'forum', label: 'Forum thread', probability, ms}
 *
 * Errors: wrong argument types throw TypeError; an unknown extractor or a
 * malformed flat DOM throws Error with the reason. Both leave the module
 * usable. Only if the WebAssembly instance itself aborts (e.g. out of memory)
 * does the extractor become unusable; create a new one then.
 */
(function (root, factory) {
  'use strict';
  var api = factory(root);
  if (typeof module === 'object' && module && typeof module.exports === 'object') {
    module.exports = api;
  } else {
    root.WCE = api;
  }
})(typeof self !== 'undefined' ? self : typeof globalThis !== 'undefined' ? globalThis : this, function (root) {
  'use strict';

  // The core's wce::kDefaultExtractor (core/include/wce/extractor.hpp); tests/js ties them.
  var DEFAULT_EXTRACTOR = 'ensemble';
  var STRIDE = 10;      // wce::FlatDom::kStride
  var ATTR_STRIDE = 3;  // wce::FlatDom::kAttrStride

  var now = (typeof performance !== 'undefined' && performance && typeof performance.now === 'function')
    ? function () { return performance.now(); }
    : function () { return Date.now(); };

  function describe(v) {
    if (v === null) return 'null';
    if (Array.isArray(v)) return 'an array';
    var t = typeof v;
    if (t === 'object') return 'an object' + (v.constructor && v.constructor.name ? ' (' + v.constructor.name + ')' : '');
    return t === 'undefined' ? 'undefined' : 'a ' + t;
  }

  // Text goes to the core as it is: the core reads every string argument
  // through one UTF-8 conversion (wasm/bindings.cpp, Utf8) that makes a lone
  // UTF-16 surrogate U+FFFD, which keeps flat-DOM lengths (one code unit).

  function resolveFactory(options) {
    if (options.coreFactory !== undefined) {
      if (typeof options.coreFactory !== 'function') {
        throw new TypeError('createExtractor: options.coreFactory must be a function (the createWceCore factory), got ' + describe(options.coreFactory));
      }
      return options.coreFactory;
    }
    if (typeof root.createWceCore === 'function') return root.createWceCore;
    if (typeof createWceCore === 'function') return createWceCore; // eslint-disable-line no-undef
    if (typeof module === 'object' && module && typeof require === 'function') {
      return require('../build/wasm/wce_core.js');
    }
    throw new Error('createExtractor: the WebAssembly core is not loaded: importScripts("wce_core.js") before wce_api.js, or pass options.coreFactory');
  }

  function Wce(core) {
    this._core = core;
    this._broken = null;
    var list = core.extractors();
    this._extractors = [];
    this._names = Object.create(null);
    for (var i = 0; i < list.length; i++) {
      var e = list[i];
      var needs = [];
      for (var k = 0; k < e.needs.length; k++) needs.push(e.needs[k]);
      var info = Object.freeze({ name: e.name, family: e.family, reference: e.reference, description: e.description, render: e.render,
        needs: Object.freeze(needs) });
      this._extractors.push(info);
      this._names[e.name] = true;
    }
    this._version = core.version();
    this._default = core.defaultExtractor();
  }

  Wce.prototype._call = function (method, args) {
    if (this._broken) {
      throw new Error('wce.' + method + ': the WebAssembly module aborted earlier (' + this._broken.message + '); create a new extractor');
    }
    var r;
    try {
      r = this._core[method].apply(this._core, args);
    } catch (err) {
      // Not an error the core reported (those come back as {error}): a trap
      // or abort inside WebAssembly. Its memory can no longer be trusted.
      this._broken = err instanceof Error ? err : new Error(String(err));
      var wrapped = new Error('wce.' + method + ': the WebAssembly module failed: ' + this._broken.message);
      wrapped.cause = err;
      throw wrapped;
    }
    if (r && typeof r.error === 'string') throw new Error('wce.' + method + ': ' + r.error);
    return r;
  };

  Wce.prototype._extractorName = function (method, options) {
    if (options === undefined || options === null) return this._default;
    if (typeof options !== 'object') {
      throw new TypeError('wce.' + method + ': options must be an object like {extractor: "bte"}, got ' + describe(options));
    }
    var name = options.extractor === undefined ? this._default : options.extractor;
    if (typeof name !== 'string') {
      throw new TypeError('wce.' + method + ': options.extractor must be a string, got ' + describe(name));
    }
    if (!this._names[name]) {
      // A known extractor that this module leaves out (boilernet: native only).
      var reason = typeof this._core.missingExtractorReason === 'function' ? this._core.missingExtractorReason(name) : '';
      if (reason) throw new Error('wce.' + method + ': ' + reason);
      throw new Error('wce.' + method + ': unknown extractor "' + name + '" (valid: ' +
        this._extractors.map(function (e) { return e.name; }).join(', ') + ')');
    }
    return name;
  };

  function packResult(r, name, t0) {
    var out = {
      extractor: name,
      text: r.text,
      labels: r.labels,
      timing: { parseMs: r.parseMs, extractMs: r.extractMs, renderMs: r.renderMs, totalMs: now() - t0 }
    };
    var pageType = packPageType(r);
    if (pageType) {
      out.pageType = pageType;
      out.timing.pageTypeMs = pageType.ms;
    }
    return out;
  }

  /** The registered extractors, in registry order: [{name, family, reference, description, render}]. */
  Wce.prototype.extractors = function () {
    return this._extractors.slice();
  };

  Wce.prototype.version = function () {
    return this._version;
  };

  /** The extractor used when options name none (the core's wce::kDefaultExtractor). */
  Wce.prototype.defaultExtractor = function () {
    return this._default;
  };

  /**
   * The page as extract() reads it: an unclosed <title> ended before the next
   * tag (wce::repair_unclosed_title); other pages unchanged. For callers that
   * parse the page elsewhere too (a test comparing with a DOM parser).
   */
  Wce.prototype.repairHtml = function (html) {
    if (typeof html !== 'string') {
      throw new TypeError('wce.repairHtml: html must be a string, got ' + describe(html));
    }
    return this._call('repairHtml', [html]);
  };

  /**
   * Parses HTML (a decoded string) with Gumbo and runs one extractor.
   * options: {extractor, lang, pageType, url}, as classify().
   */
  Wce.prototype.extract = function (html, options) {
    if (typeof html !== 'string') {
      throw new TypeError('wce.extract: html must be a string (decoded HTML), got ' + describe(html));
    }
    var name = this._extractorName('extract', options);
    var format = formatOption('extract', options);
    var lang = langOption('extract', options);
    var pt = pageTypeOptions('extract', options);
    var t0 = now();
    var r = this._call('extract', [html, name, lang, format,
      flagOption('extract', options, 'links'), flagOption('extract', options, 'images'), pt[0], pt[1]]);
    var out = packResult(r, name, t0);
    if (format !== 'text') out[format] = r[format];
    return out;
  };

  /**
   * The page's metadata (a decoded string of HTML, or a live DOM's flat
   * encoding from encodeDom, whose attrs carry what it needs): {title, author, date,
   * modified, site, lang, description, url, image, page_type,
   * page_type_probability}; "" for what the page does not give.
   * options.url: where the page came from (relative URLs are resolved).
   */
  Wce.prototype.metadata = function (html, options) {
    var url = options && options.url !== undefined && options.url !== null ? options.url : '';
    if (typeof url !== 'string') {
      throw new TypeError('wce.metadata: options.url must be a string, got ' + describe(url));
    }
    if (html !== null && typeof html === 'object') {
      // A live DOM's flat encoding (encodeDom): the same fields, from its attributes.
      var args = flatArgs('metadata', html);
      return this._call('metadataFlat', [args[0], args[1], args[2], args[3], langOption('metadata', options), url]);
    }
    if (typeof html !== 'string') {
      throw new TypeError('wce.metadata: html must be a string (decoded HTML) or a flat DOM (encodeDom), got ' + describe(html));
    }
    return this._call('metadata', [html, langOption('metadata', options), url]);
  };

  // A Uint32Array from what may arrive: a typed array, a plain array, or a
  // typed array serialised to JSON by Chrome's extension messaging
  // ({"0": n, "1": n, ...}); `what` names it in errors.
  function words32(method, what, x) {
    if (x instanceof Uint32Array) return x;
    if (Array.isArray(x) || ArrayBuffer.isView(x)) return Uint32Array.from(x);
    if (x && typeof x === 'object' && typeof x.length !== 'number') {
      var keys = Object.keys(x);
      var arr = new Uint32Array(keys.length);
      for (var i = 0; i < keys.length; i++) {
        var v = x[i];
        if (typeof v !== 'number') {
          throw new TypeError('wce.' + method + ': ' + what + ' must be a Uint32Array or an array of numbers');
        }
        arr[i] = v;
      }
      return arr;
    }
    throw new TypeError('wce.' + method + ': ' + what + ' must be a Uint32Array or an array of numbers, got ' + describe(x));
  }

  // flat = {nodes, strings[, attrs, attrStrings]} -> [nodes, strings, attrs,
  // attrStrings] (Uint32Arrays and strings; no attributes: empty), or throws.
  function flatArgs(method, flat) {
    if (flat === null || typeof flat !== 'object') {
      throw new TypeError('wce.' + method + ': flat must be an object {nodes, strings} (from encodeDom), got ' + describe(flat));
    }
    var strings = flat.strings;
    if (typeof strings !== 'string') {
      throw new TypeError('wce.' + method + ': flat.strings must be a string, got ' + describe(strings));
    }
    var nodes = words32(method, 'flat.nodes', flat.nodes);
    if (nodes.length % STRIDE !== 0) {
      throw new Error('wce.' + method + ': malformed flat DOM: nodes has ' + nodes.length +
        ' entries, not a multiple of the stride ' + STRIDE);
    }
    var attrs = new Uint32Array(0);
    var attrStrings = '';
    if (flat.attrs !== undefined && flat.attrs !== null) {
      attrs = words32(method, 'flat.attrs', flat.attrs);
      if (attrs.length % ATTR_STRIDE !== 0) {
        throw new Error('wce.' + method + ': malformed flat DOM: attrs has ' + attrs.length +
          ' entries, not a multiple of ' + ATTR_STRIDE);
      }
      attrStrings = flat.attrStrings === undefined || flat.attrStrings === null ? '' : flat.attrStrings;
      if (typeof attrStrings !== 'string') {
        throw new TypeError('wce.' + method + ': flat.attrStrings must be a string, got ' + describe(attrStrings));
      }
    }
    return [nodes, strings, attrs, attrStrings];
  }

  /**
   * Runs one extractor on a flat DOM made by WCEEncoder.encodeDom:
   * {nodes: Uint32Array | number[], strings: string}. Plain arrays (as they
   * arrive through extension messaging) are converted.
   * options: {extractor, lang, pageType, url, format, links, images,
   * metadata}; with pageType: true the result also has pageType: {name,
   * label, probability, ms} (the page's type, from the same decode, with
   * `url` for the classifier's URL features); with format 'markdown' or
   * 'html' (links, images as extract()) the labels rendered so too, under
   * that name; with metadata: true, metadata: what metadata() gives for the
   * same flat DOM and url, from the same decode.
   */
  Wce.prototype.classify = function (flat, options) {
    var args = flatArgs('classify', flat);
    var name = this._extractorName('classify', options);
    var lang = langOption('classify', options);
    var pt = pageTypeOptions('classify', options);
    var format = formatOption('classify', options);
    var wantMeta = flagOption('classify', options, 'metadata');
    var t0 = now();
    var r = this._call('classify', [args[0], args[1], args[2], args[3], name, lang, pt[0], pt[1], format,
      flagOption('classify', options, 'links'), flagOption('classify', options, 'images'), wantMeta]);
    var out = packResult(r, name, t0);
    if (format !== 'text') out[format] = r[format];
    if (wantMeta) out.metadata = r.metadata;
    return out;
  };

  // options.extractors: an array of names (default: every registered extractor).
  Wce.prototype._extractorList = function (method, options) {
    if (options === undefined || options === null) options = {};
    if (typeof options !== 'object') {
      throw new TypeError('wce.' + method + ': options must be an object like {extractors: ["bte", "lqf50"]}, got ' + describe(options));
    }
    if (options.extractors === undefined) return this._extractors.map(function (e) { return e.name; });
    if (!Array.isArray(options.extractors)) {
      throw new TypeError('wce.' + method + ': options.extractors must be an array of names, got ' + describe(options.extractors));
    }
    var self = this;
    return options.extractors.map(function (name) {
      return self._extractorName(method, { extractor: name });
    });
  };

  function packMany(r, t0) {
    var results = [];
    for (var i = 0; i < r.results.length; i++) {
      var x = r.results[i];
      results.push({
        extractor: x.extractor,
        text: x.text,
        labels: x.labels,
        timing: { parseMs: x.parseMs, extractMs: x.extractMs, renderMs: x.renderMs,
                  totalMs: x.parseMs + x.extractMs + x.renderMs }
      });
    }
    var out = { parseMs: r.parseMs, totalMs: now() - t0, results: results };
    var pageType = packPageType(r);
    if (pageType) out.pageType = pageType;
    return out;
  }

  /**
   * Parses once and runs several extractors (sharing the per-document
   * features): {parseMs, totalMs, results: [extract() results, in order]}.
   * Each result's timing.totalMs is parse + extract + render, i.e. its cost
   * when run alone.
   */
  Wce.prototype.extractMany = function (html, options) {
    if (typeof html !== 'string') {
      throw new TypeError('wce.extractMany: html must be a string (decoded HTML), got ' + describe(html));
    }
    var names = this._extractorList('extractMany', options);
    var lang = langOption('extractMany', options);
    var pt = pageTypeOptions('extractMany', options);
    var t0 = now();
    return packMany(this._call('extractMany', [html, names, lang, pt[0], pt[1]]), t0);
  };

  /** classify() for several extractors at once; the same shape as extractMany(). */
  Wce.prototype.classifyMany = function (flat, options) {
    var args = flatArgs('classifyMany', flat);
    var names = this._extractorList('classifyMany', options);
    var lang = langOption('classifyMany', options);
    var pt = pageTypeOptions('classifyMany', options);
    var t0 = now();
    return packMany(this._call('classifyMany', [args[0], args[1], args[2], args[3], names, lang, pt[0], pt[1]]), t0);
  };

  /** ROUGE-LSum of predicted against gold text: {precision, recall, f1}. */
  Wce.prototype.evaluate = function (predicted, gold) {
    if (typeof predicted !== 'string') {
      throw new TypeError('wce.evaluate: predicted must be a string, got ' + describe(predicted));
    }
    if (typeof gold !== 'string') {
      throw new TypeError('wce.evaluate: gold must be a string, got ' + describe(gold));
    }
    var r = this._call('evaluate', [predicted, gold]);
    return { precision: r.precision, recall: r.recall, f1: r.f1 };
  };

  // ---- Evaluation (the CLI's functions: core/include/wce/eval.hpp, complexity.hpp)

  // options.with / options.without: arrays of strings, or absent (null).
  function snippetOptions(method, options) {
    return ['with', 'without'].map(function (key) {
      var v = options && options[key] !== undefined ? options[key] : null;
      if (v === null) return null;
      if (!Array.isArray(v) || !v.every(function (x) { return typeof x === 'string'; })) {
        throw new TypeError('wce.' + method + ': options.' + key + ' must be an array of strings, got ' + describe(v));
      }
      return v;
    });
  }

  // options.format: 'text' (default), 'markdown' or 'html'.
  function formatOption(method, options) {
    var format = options && options.format !== undefined && options.format !== null ? options.format : 'text';
    if (format !== 'text' && format !== 'markdown' && format !== 'html') {
      throw new TypeError('wce.' + method + ': options.format must be "text", "markdown" or "html", got ' + describe(format));
    }
    return format;
  }

  function flagOption(method, options, key) {
    var v = options && options[key] !== undefined && options[key] !== null ? options[key] : false;
    if (typeof v !== 'boolean') {
      throw new TypeError('wce.' + method + ': options.' + key + ' must be true or false, got ' + describe(v));
    }
    return v;
  }

  function langOption(method, options) {
    if (options === undefined || options === null) return '';
    if (typeof options !== 'object') {
      throw new TypeError('wce.' + method + ': options must be an object like {lang: "en"}, got ' + describe(options));
    }
    var lang = options.lang;
    if (lang === undefined || lang === null) return '';
    if (typeof lang !== 'string') {
      throw new TypeError('wce.' + method + ': options.lang must be a string, got ' + describe(lang));
    }
    return lang;
  }

  // options.pageType (boolean) and options.url (string): whether to classify
  // the page's type too (wce::classify_page_type), and the page's address for
  // its URL features. -> [pageType, url] for the core; url without pageType
  // is checked but unused.
  function pageTypeOptions(method, options) {
    if (options === undefined || options === null) return [false, ''];
    if (typeof options !== 'object') {
      throw new TypeError('wce.' + method + ': options must be an object like {pageType: true}, got ' + describe(options));
    }
    var pageType = options.pageType;
    if (pageType !== undefined && pageType !== null && typeof pageType !== 'boolean') {
      throw new TypeError('wce.' + method + ': options.pageType must be a boolean, got ' + describe(pageType));
    }
    var url = options.url;
    if (url === undefined || url === null) url = '';
    if (typeof url !== 'string') {
      throw new TypeError('wce.' + method + ': options.url must be a string, got ' + describe(url));
    }
    return [pageType === true, url];
  }

  // The core's {name, label, probability, ms} as the API gives it.
  function packPageType(r) {
    var t = r.pageType;
    if (!t) return undefined;
    return { name: t.name, label: t.label, probability: t.probability, ms: t.ms };
  }

  function checkText(method, what, v) {
    if (typeof v !== 'string') throw new TypeError('wce.' + method + ': ' + what + ' must be a string, got ' + describe(v));
  }

  /**
   * The names of the page measures, in the order of the `values` arrays of
   * benchPage(): wce::measure_names() (rouge_lsum_p, ..., near_empty), then
   * rouge_lsum_words_p, _r, _f1: ROUGE-LSum on word tokens, as in the table
   * of `wce bench` (measure_page's rouge_lsum segments Chinese, Japanese,
   * Thai, ... by character).
   */
  Wce.prototype.measureNames = function () {
    if (!this._measureNames) this._measureNames = Array.from(this._call('measureNames', []), String);
    return this._measureNames.slice();
  };

  /**
   * Every page measure of predicted against gold (wce::measure_page, and
   * rouge_lsum_words_*, see measureNames()):
   * {values: {name: number}, characters: boolean}. options.lang: the page's
   * language ("zh", ...; decides character segmentation with the scripts).
   */
  Wce.prototype.measure = function (predicted, gold, options) {
    checkText('measure', 'predicted', predicted);
    checkText('measure', 'gold', gold);
    var lang = langOption('measure', options);
    var r = this._call('measure', [predicted, gold, lang]);
    var names = this.measureNames();
    var values = {};
    for (var i = 0; i < names.length; i++) values[names[i]] = r.values[i];
    return { values: values, characters: !!r.characters };
  };

  /**
   * Page complexity (Bevendorff et al. 2023, wce::complexity_score) of html
   * against its gold text, and the estimate without gold
   * (wce::estimate_complexity): {score, estimate} (estimate = P(above median)).
   */
  Wce.prototype.complexity = function (html, gold) {
    checkText('complexity', 'html', html);
    checkText('complexity', 'gold', gold);
    var r = this._call('complexity', [html, gold]);
    return { score: r.complexity, estimate: r.complexityEstimate };
  };

  /** Quartile thresholds of complexity scores (wce::levels_from_scores): {q1, q3}. */
  Wce.prototype.complexityLevels = function (scores) {
    if (!Array.isArray(scores) && !ArrayBuffer.isView(scores)) {
      throw new TypeError('wce.complexityLevels: scores must be an array of numbers, got ' + describe(scores));
    }
    var list = Array.from(scores, Number);
    var r = this._call('complexityLevels', [list]);
    return { q1: r.q1, q3: r.q3 };
  };

  /**
   * One benchmark page as `wce bench` runs it: one parse, each extractor with
   * a fresh context, its text scored with every measure.
   * options: {extractors: [names] (default all), lang: string, with, without:
   * WCXB's snippet lists (snippetRates)}.
   * Returns {parseMs, complexity, complexityEstimate, results: [{extractor,
   * snippets: {with, without},
   * ms, values: Float64Array (measureNames() order), block: {precision,
   * recall, f1} (the block-level measure: text nodes against the gold text's
   * alignment, as `wce bench --measures block`), labels: Float32Array} or
   * {extractor, error}]}.
   */
  /**
   * WCXB's snippet rates of a text (wce::snippet_rate): {with, without}, the
   * share of options.with / options.without (arrays of strings; a record's
   * meta.with / meta.without) found in it; 1 for an empty or missing list.
   */
  Wce.prototype.snippetRates = function (text, options) {
    checkText('snippetRates', 'text', text);
    var snippets = snippetOptions('snippetRates', options);
    var r = this._call('snippetRates', [text, snippets[0], snippets[1]]);
    return { with: r.with, without: r.without };
  };

  Wce.prototype.benchPage = function (html, gold, options) {
    checkText('benchPage', 'html', html);
    checkText('benchPage', 'gold', gold);
    var names = this._extractorList('benchPage', options);
    var lang = langOption('benchPage', options);
    var snippets = snippetOptions('benchPage', options);
    var r = this._call('benchPage', [html, gold, lang, names, snippets[0], snippets[1]]);
    var results = [];
    for (var i = 0; i < r.results.length; i++) {
      var x = r.results[i];
      results.push(typeof x.error === 'string'
        ? { extractor: x.extractor, error: x.error }
        : { extractor: x.extractor, ms: x.ms, values: x.values, block: x.block, snippets: x.snippets, labels: x.labels });
    }
    return { parseMs: r.parseMs, complexity: r.complexity, complexityEstimate: r.complexityEstimate, results: results };
  };

  // ---- Aggregation (wce::aggregate, core/include/wce/aggregate.hpp): the
  // rows of `wce bench`, computed by the same C++ as the CLI's.

  var GROUP_BY = ['dataset', 'complexity', 'language', 'page_type'];
  // Numbers per row from the core (wasm/bindings.cpp kRowNumbers): pages,
  // prf, n/mean/median/q1/q3/stdev of p, r and f, msPerPage, msPerKb.
  var ROW_NUMBERS = 22;

  // The value columns a measure family needs: X_p, X_r, X_f1, or X alone.
  function columnsOf(method, names, family) {
    var prf = [family + '_p', family + '_r', family + '_f1'];
    if (prf.every(function (c) { return names.indexOf(c) >= 0; })) return prf;
    if (names.indexOf(family) >= 0) return [family];
    throw new Error('wce.' + method + ': unknown measure "' + family + '" (valid: the families of measureNames())');
  }

  /**
   * Aggregates benchmark pages into the rows of `wce bench` (per extractor,
   * measure and group; "(macro)" and "(micro)" rows as the CLI makes them).
   * pages: [{id, dataset, lang?, complexity?, kb?, results: {extractor:
   *   {ms, values} | {error}} or [{extractor, ms, values} | {extractor, error}]}],
   *   `values` in options.columns order (default measureNames(), as benchPage gives
   *   them); failed extractions are left out.
   * options: {measures: [family] (default ['rouge_lsum_words']), groupBy:
   *   'dataset' | 'complexity' | 'language' | 'page_type' (pages' page_type), extractors: [name] (only these, in
   *   this row order; default all, first seen first), columns: [name], levels: {q1, q3} (default: the
   *   quartiles of these pages' complexity)}.
   * Returns {levels: {q1, q3}, rows: [{extractor, group, measure, prf, pages,
   *   p, r, f: {n, mean, median, q1, q3, stdev}, msPerPage, msPerKb}]}.
   */
  Wce.prototype.aggregate = function (pages, options) {
    if (!Array.isArray(pages)) throw new TypeError('wce.aggregate: pages must be an array, got ' + describe(pages));
    options = options || {};
    if (typeof options !== 'object') throw new TypeError('wce.aggregate: options must be an object, got ' + describe(options));
    var names = options.columns || this.measureNames();
    var measures = options.measures || ['rouge_lsum_words'];
    if (!Array.isArray(measures)) throw new TypeError('wce.aggregate: options.measures must be an array of names, got ' + describe(measures));
    var groupBy = options.groupBy || 'dataset';
    if (GROUP_BY.indexOf(groupBy) < 0) throw new Error('wce.aggregate: unknown groupBy "' + groupBy + '" (valid: ' + GROUP_BY.join(', ') + ')');
    // Only the columns the measures read cross the boundary.
    var columns = [];
    measures.forEach(function (m) { columns = columns.concat(columnsOf('aggregate', names, m)); });
    var at = columns.map(function (c) { return names.indexOf(c); });
    // Strings cross the boundary once each: results carry indexes into these lists.
    function indexer(list) {
      var map = new Map();
      return function (v) {
        v = v == null ? '' : String(v);
        if (!map.has(v)) { map.set(v, list.length); list.push(v); }
        return map.get(v);
      };
    }
    var datasets = [], langs = [], extractors = [];
    var datasetOf = indexer(datasets), langOf = indexer(langs), extractorOf = indexer(extractors);
    var only = Array.isArray(options.extractors) ? new Set(options.extractors.map(String)) : null;
    (options.extractors || []).forEach(extractorOf);
    var pageDataset = new Int32Array(pages.length), pageLang = new Int32Array(pages.length);
    var pageComplexity = new Float64Array(pages.length), pageKb = new Float64Array(pages.length);
    var pageType = new Array(pages.length);
    var page = [], extractorIndex = [], ms = [], values = [];
    // Results in extractor order, so that the rows come in that order.
    var byExtractor = new Map();
    pages.forEach(function (p, i) {
      if (!p || typeof p !== 'object') throw new TypeError('wce.aggregate: pages[' + i + '] must be an object, got ' + describe(p));
      pageDataset[i] = datasetOf(p.dataset);
      pageLang[i] = langOf(p.lang);
      pageComplexity[i] = typeof p.complexity === 'number' ? p.complexity : NaN;
      pageKb[i] = typeof p.kb === 'number' ? p.kb : 0;
      pageType[i] = typeof p.page_type === 'string' ? p.page_type : '';
      var results = Array.isArray(p.results) ? p.results
        : Object.keys(p.results || {}).map(function (name) { return Object.assign({ extractor: name }, p.results[name]); });
      results.forEach(function (x) {
        if (!x || x.error !== undefined || (only && !only.has(String(x.extractor)))) return;
        var e = extractorOf(x.extractor);
        if (!byExtractor.has(e)) byExtractor.set(e, []);
        byExtractor.get(e).push([i, x]);
      });
    });
    for (var e = 0; e < extractors.length; e++) {
      (byExtractor.get(e) || []).forEach(function (ix) {
        var x = ix[1];
        page.push(ix[0]);
        extractorIndex.push(e);
        ms.push(typeof x.ms === 'number' ? x.ms : NaN);
        for (var c = 0; c < at.length; c++) values.push(Number(x.values[at[c]]));
      });
    }
    var r = this._call('aggregate', [{
      columns: columns, measures: measures, groupBy: groupBy, levels: options.levels,
      datasets: datasets, langs: langs, extractors: extractors,
      pageDataset: pageDataset, pageLang: pageLang, pageComplexity: pageComplexity, pageKb: pageKb, pageType: pageType,
      page: Int32Array.from(page), extractorIndex: Int32Array.from(extractorIndex),
      ms: Float64Array.from(ms), values: Float64Array.from(values)
    }]);
    var rows = [];
    var v = r.numbers;
    var summary = function (at) {
      return { n: v[at], mean: v[at + 1], median: v[at + 2], q1: v[at + 3], q3: v[at + 4], stdev: v[at + 5] };
    };
    for (var i = 0; i < r.extractor.length; i++) {
      var at = i * ROW_NUMBERS;
      rows.push({
        extractor: r.extractor[i], group: r.group[i], measure: r.measure[i], pages: v[at], prf: v[at + 1] === 1,
        p: summary(at + 2), r: summary(at + 8), f: summary(at + 14), msPerPage: v[at + 20], msPerKb: v[at + 21]
      });
    }
    return { levels: { q1: r.q1, q3: r.q3 }, rows: rows };
  };

  /**
   * The measures of value columns (wce::measures_of_columns): [{name, prf}],
   * X for X_p/X_r/X_f1 (prf), every other column alone. Default columns:
   * measureNames().
   */
  Wce.prototype.measures = function (columns) {
    columns = columns === undefined ? this.measureNames() : columns;
    if (!Array.isArray(columns)) throw new TypeError('wce.measures: columns must be an array of names, got ' + describe(columns));
    return Array.from(this._call('measuresOfColumns', [columns.map(String)]), function (m) {
      return { name: String(m.name), prf: !!m.prf };
    });
  };

  /** Mean, population standard deviation and quartiles (numpy's linear) of numbers (wce::summarize). */
  Wce.prototype.summarize = function (values) {
    if (!Array.isArray(values) && !ArrayBuffer.isView(values)) {
      throw new TypeError('wce.summarize: values must be an array of numbers, got ' + describe(values));
    }
    return this._call('summarize', [Float64Array.from(values, Number)]);
  };

  /** Each complexity score's group as aggregate() names it: 'low' | 'medium' | 'high' | '(unknown)'. */
  Wce.prototype.complexityGroups = function (scores, levels) {
    if (!Array.isArray(scores) && !ArrayBuffer.isView(scores)) {
      throw new TypeError('wce.complexityGroups: scores must be an array of numbers, got ' + describe(scores));
    }
    if (!levels || typeof levels.q1 !== 'number' || typeof levels.q3 !== 'number') {
      throw new TypeError('wce.complexityGroups: levels must be {q1, q3}, got ' + describe(levels));
    }
    return Array.from(this._call('complexityGroups', [Float64Array.from(scores, Number), levels.q1, levels.q3]), String);
  };

  /**
   * Loads the WebAssembly core and resolves to a Wce instance.
   * options.coreFactory: the createWceCore factory to use (default: the
   * global createWceCore, else require('../build/wasm/wce_core.js') in Node);
   * options.moduleOptions: passed to the factory (Emscripten Module overrides).
   */
  function createExtractor(options) {
    try {
      if (options === undefined || options === null) options = {};
      if (typeof options !== 'object') {
        throw new TypeError('createExtractor: options must be an object, got ' + describe(options));
      }
      var factory = resolveFactory(options);
      return Promise.resolve(factory(Object.assign({}, options.moduleOptions || {}))).then(function (core) {
        return new Wce(core);
      });
    } catch (err) {
      return Promise.reject(err);
    }
  }

  return {
    createExtractor: createExtractor,
    DEFAULT_EXTRACTOR: DEFAULT_EXTRACTOR,
    Wce: Wce
  };
});
