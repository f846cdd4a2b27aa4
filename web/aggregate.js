/* wce benchmark page: the figures of its tables and plots.
 *
 * Every statistic comes from the C++ aggregation of `wce bench`
 * (wce::aggregate, core/src/eval/aggregate.cpp) through the WebAssembly core
 * (Wce.aggregate), so the page's tables are the CLI's by construction. This
 * file only reshapes: the page's records in, the core's rows out in the shape
 * app.js draws. The one thing computed here is drawing, not statistics: the
 * box plots' whiskers, from the core's quartiles.
 *
 * Records (one per page): {id, dataset, lang, page_type, snippets (true when
 * the page has WCXB snippets), complexity, results: {extractor:
 * {ms, values: number[]} | {error}}}; `values` in the order of the measure
 * names (Wce.measureNames()).
 *
 * Classic script: defines self.WceAggregate; in Node, module.exports.
 *   const A = WceAggregate.create(wce);   // wce: a Wce from WCE.createExtractor()
 */
(function (root, factory) {
  'use strict';
  const api = factory();
  if (typeof module === 'object' && module && module.exports) module.exports = api;
  else root.WceAggregate = api;
})(typeof self !== 'undefined' ? self : globalThis, function () {
  'use strict';

  const LEVELS = ['all', 'low', 'medium', 'high'];

  function create(wce) {
    // The measure families with precision, recall and F1 (the page's choice).
    function measureFamilies(names) {
      return wce.measures(names).filter((m) => m.prf).map((m) => m.name);
    }

    // A core row in the page's shape (the CLI's JSON row: precision, recall, f1).
    function pageRow(r) {
      return {
        extractor: r.extractor, dataset: r.group, pages: r.pages,
        precision: r.p, recall: r.r, f1: r.f, ms: { mean: r.msPerPage }, msPerKb: r.msPerKb,
      };
    }

    function aggregate(records, extractors, names, family, levels, groupBy = 'dataset', more = []) {
      return wce.aggregate(records, { measures: [family, ...more], columns: names, extractors, groupBy, levels });
    }

    // WCXB's snippet rates (single-value columns snippets_with / _without),
    // shown when some page has snippets (a record's `snippets` flag).
    const SNIPPETS = ['snippets_with', 'snippets_without'];

    // The rows of `wce bench` for one measure family: per extractor (given
    // order) and group (groupBy: 'dataset' or 'page_type'; first-seen order);
    // with several datasets, (macro) and (micro) rows per extractor. Failed
    // extractions are left out. Each row's `snippets` holds the mean snippet
    // rates {snippets_with, snippets_without} of its pages, or null.
    function benchRows(records, extractors, names, family, groupBy = 'dataset') {
      const more = records.some((r) => r.snippets) && SNIPPETS.every((c) => names.includes(c)) ? SNIPPETS : [];
      const rows = aggregate(records, extractors, names, family, undefined, groupBy, more).rows;
      const key = (r) => r.extractor + '\u0000' + r.group;
      const rates = new Map();
      for (const r of rows) {
        if (r.measure === family) continue;
        const e = rates.get(key(r)) || {};
        e[r.measure] = r.f.mean;
        rates.set(key(r), e);
      }
      return rows.filter((r) => r.measure === family).map((r) => ({ ...pageRow(r), snippets: rates.get(key(r)) || null }));
    }

    // Complexity quartiles of the records ({q1, q3}; one record per page, a
    // page without a score left out, as wce::complexity_levels) and each
    // record's group ('low' | 'medium' | 'high' | '(unknown)').
    function complexityLevels(records) {
      return wce.complexityLevels(records.map((r) => r.complexity).filter(Number.isFinite));
    }
    // Remembered for the last records and levels: a render asks for every
    // extractor and level (records only grow during a run, by whole pages).
    let memo = { records: null, length: -1, q1: NaN, q3: NaN, groups: [] };
    function levelsOf(records, levels) {
      if (memo.records !== records || memo.length !== records.length || memo.q1 !== levels.q1 || memo.q3 !== levels.q3) {
        const groups = wce.complexityGroups(records.map((r) => r.complexity), levels);
        memo = { records, length: records.length, q1: levels.q1, q3: levels.q3, groups };
      }
      return memo.groups;
    }
    function recordsAt(records, level, levels) {
      if (level === 'all') return records;
      const groups = levelsOf(records, levels);
      return records.filter((r, i) => groups[i] === level);
    }

    // The paper's Table 3 (Bevendorff et al. 2023): per extractor and
    // complexity level, the macro and micro rows over the pages at that level
    // (with one dataset, its row is both), and the mean time per page.
    function table3(records, extractors, names, family) {
      const levels = complexityLevels(records);
      const perLevel = {};
      for (const level of LEVELS) perLevel[level] = aggregate(recordsAt(records, level, levels), extractors, names, family, levels).rows;
      const table = extractors.map((x) => {
        const entry = { extractor: x, levels: {} };
        for (const level of LEVELS) {
          const rows = perLevel[level].filter((r) => r.extractor === x);
          const sole = rows.length === 1 ? rows[0] : null;
          const macro = rows.find((r) => r.group === '(macro)') || sole;
          const micro = rows.find((r) => r.group === '(micro)') || sole;
          entry.levels[level] = {
            pages: micro ? micro.pages : 0,
            macro: macro ? pageRow(macro) : null,
            micro: micro ? pageRow(micro) : null,
          };
        }
        entry.ms = entry.levels.all.micro ? entry.levels.all.micro.ms.mean : NaN;
        return entry;
      });
      return { levels, table };
    }

    // F1 values of one extractor at one level (for the box plots).
    function f1Values(records, extractor, names, family, level, levels) {
      const f1 = names.indexOf(family + '_f1');
      const out = [];
      for (const r of recordsAt(records, level, levels)) {
        const x = r.results[extractor];
        if (x && x.error === undefined) out.push(x.values[f1]);
      }
      return out;
    }

    // Box-plot figures of a sample (Figure 2): the core's quartiles, whiskers
    // at the most extreme values within 1.5 x IQR of the box, the values beyond.
    function boxStats(values) {
      const s = wce.summarize(values);
      if (!values.length) return { ...s, lo: NaN, hi: NaN, outliers: [] };
      const iqr = s.q3 - s.q1;
      const loFence = s.q1 - 1.5 * iqr;
      const hiFence = s.q3 + 1.5 * iqr;
      let lo = Infinity;
      let hi = -Infinity;
      const outliers = [];
      for (const v of values) {
        if (v < loFence || v > hiFence) outliers.push(v);
        else {
          if (v < lo) lo = v;
          if (v > hi) hi = v;
        }
      }
      return { ...s, lo, hi, outliers };
    }

    return { measureFamilies, benchRows, complexityLevels, levelsOf, recordsAt, table3, f1Values, boxStats, LEVELS };
  }

  return { create };
});
