// Per-page scores of `wce bench` / `wce eval` and their aggregation into the
// rows of the benchmark table: groups (dataset, complexity level or
// language), then (macro) over datasets and (micro) over pages.
#pragma once
#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include "wce/complexity.hpp"
#include "wce/eval.hpp"

namespace wce {

// One selectable measure: a precision/recall/F1 measure (the <name>_p, _r,
// _f1 columns of measure_names()) or a single value (kl, cosine, euclidean,
// near_empty).
struct MeasureSpec {
  std::string name;
  bool prf = true;
};

// Every measure of measure_names(), in that order.
std::vector<MeasureSpec> all_measures();
// The measures of a list of value columns, in column order: X for each
// X_p (with X_r and X_f1 beside it: precision/recall/F1), every other column
// a single value. all_measures() is measures_of_columns(measure_names()).
std::vector<MeasureSpec> measures_of_columns(const std::vector<std::string>& columns);
// The block-level measure (Gottron 2007 / Web2Text): precision, recall, F1
// over text nodes, gold node labels from align_gold(). It needs the page's
// Document and labels, so score_page() leaves it NaN and the caller fills it
// (set_block_score). Not part of "all": it needs records with html.
constexpr const char* kBlockMeasure = "block";
// WCXB's snippet rates (single values, per page: snippet_rate() of the
// record's meta.with / meta.without lists; 1 for a page without them, as the
// benchmark's evaluate.py). Not part of "all": they need WCXB-style records.
constexpr const char* kSnippetsWithMeasure = "snippets_with";
constexpr const char* kSnippetsWithoutMeasure = "snippets_without";
struct PageSnippets {
  std::vector<std::string> with, without;
};
// Comma-separated names ("rouge" is short for rouge_lsum, "block" the
// block-level measure) or "all".
// Throws std::invalid_argument naming an unknown or repeated measure.
std::vector<MeasureSpec> parse_measures(const std::string& list);

// A page's score on one measure; for single-value measures `f` holds the value
// (near_empty: 0 or 1) and p = r = NaN.
struct Score {
  double p = 0, r = 0, f = 0;
};

// Scores of `predicted` against `gold`, one per spec. rouge_lsum is always
// wce::rouge_lsum() (whitespace tokens, as Bevendorff et al. 2023 and the web
// page); the others come from measure_page() with the page's language.
std::vector<Score> score_page(std::string_view predicted, std::string_view gold,
                              const std::string& lang, const std::vector<MeasureSpec>& specs,
                              const PageSnippets& snippets = {});
// A page's scores, one per spec, from its values of `columns` (`values`
// holds columns.size() numbers). Throws std::invalid_argument naming a spec
// whose columns are missing. The benchmark page keeps its pages this way.
std::vector<Score> scores_from_columns(const std::vector<std::string>& columns, const double* values,
                                      const std::vector<MeasureSpec>& specs);
bool wants_block(const std::vector<MeasureSpec>& specs);
// Puts the block-level P/R/F1 into the kBlockMeasure column of `scores`.
void set_block_score(std::vector<Score>& scores, const std::vector<MeasureSpec>& specs, const PRF& block);

struct PageResult {
  std::string id, dataset, lang, extractor;
  std::string page_type;             // WCXB's meta.page_type; "" unknown
  double ms = std::nan("");          // NaN: not timed
  double kb = 0;                     // HTML size in kB (1000 bytes); 0: unknown
  double complexity = std::nan("");  // Bevendorff complexity with gold; NaN: no HTML
  std::vector<Score> scores;         // parallel to the specs
};

enum class GroupBy { Dataset, Complexity, Language, PageType };
const char* group_by_name(GroupBy by);  // "dataset" | "complexity" | "language" | "page_type"

// Label of the page's group: its dataset; its complexity level ("low" below
// Q1, "high" above Q3, else "medium", as Bevendorff et al. 2023 Fig. 2 /
// Table 1; "(unknown)" without HTML); its `lang` ("(unknown)" when empty);
// its page type ("(unknown)" when empty).
std::string group_of(const PageResult& page, GroupBy by, const ComplexityLevels& levels);

// Quartiles of the complexity of the distinct pages (by dataset and id) that
// have one: the sample the levels are cut from.
ComplexityLevels complexity_levels(const std::vector<PageResult>& pages);

struct Row {
  std::string extractor, group, measure;
  bool prf = true;
  size_t pages = 0;
  Summary p, r, f;  // single-value measures: f summarises the value
  double ms_per_page = std::nan("");  // mean over timed pages
  double ms_per_kb = std::nan("");    // total ms / total kB of timed pages with HTML
};

// Rows per extractor (first-seen order), then measure (spec order), then
// group (first-seen order; complexity: low, medium, high, (unknown)); after
// the groups, with several datasets, "(macro)": every statistic the
// unweighted mean of that statistic over the datasets; and, with several
// datasets or groups, "(micro)": all pages together.
std::vector<Row> aggregate(const std::vector<PageResult>& pages, const std::vector<MeasureSpec>& specs,
                           GroupBy by, const ComplexityLevels& levels);

}  // namespace wce
