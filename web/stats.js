/* wce benchmark page: the aggregation of per-page scores, pure functions.
 *
 * Mirrors the CLI so that the page shows the figures of `wce bench --out
 * FILE.json`: summarize() is core/src/eval/summary.cpp (mean, population
 * standard deviation, quartiles by linear interpolation between order
 * statistics, numpy's default), benchRows() is cli/report.cpp (rows per
 * extractor and dataset, "(macro)" and "(micro)" rows with several datasets),
 * complexity levels are wce::levels_from_scores / complexity_level
 * (core/src/features/complexity.cpp: low < q1, high > q3).
 *
 * Records (one per page): {id, dataset, complexity, results: {extractor:
 * {ms, values: number[]} | {error}}}; `values` in the order of the measure
 * names (wce::measure_names()); a measure family "rouge_lsum" has the columns
 * rouge_lsum_p, rouge_lsum_r, rouge_lsum_f1.
 *
 * Classic script: defines self.WceStats; in Node, module.exports.
 */
(function (root, factory) {
  'use strict';
  const api = factory();
  if (typeof module === 'object' && module && module.exports) module.exports = api;
  else root.WceStats = api;
})(typeof self !== 'undefined' ? self : globalThis, function () {
  'use strict';

  // Percentile p in [0, 1] of sorted, non-empty values (numpy's linear).
  function percentile(sorted, p) {
    const pos = p * (sorted.length - 1);
    const lo = Math.floor(pos);
    if (lo + 1 >= sorted.length) return sorted[sorted.length - 1];
    return sorted[lo] + (pos - lo) * (sorted[lo + 1] - sorted[lo]);
  }

  // {n, mean, median, q1, q3, stdev}; empty: zeros; a NaN makes all but n NaN.
  function summarize(values) {
    const s = { n: values.length, mean: 0, median: 0, q1: 0, q3: 0, stdev: 0 };
    if (!values.length) return s;
    if (values.some((v) => Number.isNaN(v))) {
      s.mean = s.median = s.q1 = s.q3 = s.stdev = NaN;
      return s;
    }
    const v = Float64Array.from(values).sort();
    let sum = 0;
    for (const x of v) sum += x;
    s.mean = sum / v.length;
    let squares = 0;
    for (const x of v) squares += (x - s.mean) * (x - s.mean);
    s.stdev = Math.sqrt(squares / v.length);
    s.median = percentile(v, 0.5);
    s.q1 = percentile(v, 0.25);
    s.q3 = percentile(v, 0.75);
    return s;
  }

  // Column indexes of a measure family's precision, recall, F1.
  function measureColumns(names, family) {
    const cols = ['_p', '_r', '_f1'].map((suffix) => names.indexOf(family + suffix));
    if (cols.some((c) => c < 0)) throw new Error(`unknown measure "${family}"`);
    return { p: cols[0], r: cols[1], f1: cols[2] };
  }

  // The measure families (those with _p, _r and _f1 columns), in name order.
  function measureFamilies(names) {
    const out = [];
    for (const n of names) {
      const m = /^(.*)_p$/.exec(n);
      if (m && names.includes(m[1] + '_r') && names.includes(m[1] + '_f1')) out.push(m[1]);
    }
    return out;
  }

  // Datasets in first-seen order.
  function datasetsOf(records) {
    const seen = [];
    for (const r of records) if (!seen.includes(r.dataset)) seen.push(r.dataset);
    return seen;
  }

  // The successful scores of one extractor on some records: {p, r, f1, ms} arrays.
  function scoresOf(records, extractor, cols) {
    const s = { p: [], r: [], f1: [], ms: [] };
    for (const rec of records) {
      const x = rec.results[extractor];
      if (!x || x.error !== undefined) continue;
      s.p.push(x.values[cols.p]);
      s.r.push(x.values[cols.r]);
      s.f1.push(x.values[cols.f1]);
      s.ms.push(x.ms);
    }
    return s;
  }

  function row(extractor, dataset, s) {
    return {
      extractor, dataset, pages: s.f1.length,
      precision: summarize(s.p), recall: summarize(s.r), f1: summarize(s.f1), ms: summarize(s.ms),
    };
  }

  // Unweighted mean of each statistic over the datasets (core/src/eval/aggregate.cpp
  // macro_row): mean, median, quartiles and standard deviation alike.
  function macroRow(extractor, per) {
    const n = per.length;
    const stats = ['mean', 'median', 'q1', 'q3', 'stdev'];
    const m = { extractor, dataset: '(macro)', pages: 0 };
    for (const k of ['precision', 'recall', 'f1', 'ms']) {
      m[k] = { n: 0 };
      for (const s of stats) m[k][s] = 0;
    }
    for (const r of per) {
      m.pages += r.pages;
      for (const k of ['precision', 'recall', 'f1', 'ms']) {
        m[k].n += r[k].n;
        for (const s of stats) m[k][s] += r[k][s] / n;
      }
    }
    return m;
  }

  // The rows of `wce bench` for one measure family: per extractor (given
  // order) and dataset (first-seen order); with several datasets, (macro) and
  // (micro) rows per extractor. Failed extractions are left out.
  function benchRows(records, extractors, names, family) {
    const cols = measureColumns(names, family);
    const datasets = datasetsOf(records);
    const byDataset = new Map(datasets.map((d) => [d, records.filter((r) => r.dataset === d)]));
    const rows = [];
    for (const x of extractors) {
      const per = [];
      for (const d of datasets) {
        const s = scoresOf(byDataset.get(d), x, cols);
        if (s.f1.length) per.push(row(x, d, s));
      }
      rows.push(...per);
      if (per.length > 1) rows.push(macroRow(x, per), row(x, '(micro)', scoresOf(records, x, cols)));
    }
    return rows;
  }

  // Complexity level thresholds over the records' scores and each record's level.
  function complexityLevels(records) {
    // A page whose parse failed has no score (NaN): it is left out.
    const s = summarize(records.map((r) => r.complexity).filter(Number.isFinite));
    return { q1: s.q1, q3: s.q3 };
  }
  function levelOf(score, levels) {
    return score < levels.q1 ? 'low' : score > levels.q3 ? 'high' : 'medium';
  }
  const LEVELS = ['all', 'low', 'medium', 'high'];
  function recordsAt(records, level, levels) {
    return level === 'all' ? records : records.filter((r) => levelOf(r.complexity, levels) === level);
  }

  // The paper's Table 3 (Bevendorff et al. 2023): per extractor and
  // complexity level, the macro mean and macro median over datasets of P, R
  // and F1 (datasets without pages at that level are left out), plus the
  // micro figures (every page pooled) and the mean time per page.
  function table3(records, extractors, names, family) {
    const cols = measureColumns(names, family);
    const levels = complexityLevels(records);
    const datasets = datasetsOf(records);
    const out = [];
    for (const x of extractors) {
      const entry = { extractor: x, levels: {} };
      for (const level of LEVELS) {
        const recs = recordsAt(records, level, levels);
        const per = [];
        for (const d of datasets) {
          const s = scoresOf(recs.filter((r) => r.dataset === d), x, cols);
          if (s.f1.length) per.push(row(x, d, s));
        }
        const micro = row(x, '(micro)', scoresOf(recs, x, cols));
        entry.levels[level] = {
          pages: micro.pages,
          macro: per.length ? macroRow(x, per) : null,
          micro,
        };
      }
      entry.ms = entry.levels.all.micro.ms.mean;
      out.push(entry);
    }
    return { levels, table: out };
  }

  // F1 values of one extractor at one level (for the box plots).
  function f1Values(records, extractor, names, family, level, levels) {
    const cols = measureColumns(names, family);
    return scoresOf(recordsAt(records, level, levels), extractor, cols).f1;
  }

  // Box-plot figures of a sample (Figure 2): quartiles, whiskers at the most
  // extreme values within 1.5 x IQR of the box, and the values beyond them.
  function boxStats(values) {
    const s = summarize(values);
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

  return {
    percentile, summarize, measureColumns, measureFamilies, datasetsOf, benchRows,
    complexityLevels, levelOf, LEVELS, recordsAt, table3, f1Values, boxStats,
  };
});
