// Page extraction complexity after Bevendorff et al. 2023, section 3.3:
// the score with a gold text, quartile levels, and an estimate without gold
// (logistic regression on simple HTML features, model compiled in from
// core/models/complexity_logreg.inc, trained by lab/tools/complexity_train.cpp).
//
// DOM text tokens T: the whitespace tokens (tokenize_words) of the rendered
// text (render_text: browser-like whitespace, block elements separate words,
// inline elements do not) of the text nodes inside <body> (the whole Document
// when it has no <body>). Text in <head> (<title>) is not page text; script,
// style, noscript and template content is already dropped by the builders.
// This is the token sequence an extractor's output is evaluated on.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "wce/document.hpp"

namespace wce {

// --- Complexity with gold text ------------------------------------------

// How truth(t) is decided for the DOM tokens.
enum class ComplexityMatch {
  // The paper's formula: c = 1 - |{t in T : truth(t) = 1}| / |T|, truth by a
  // multiset match: each gold token occurrence can match one DOM token
  // (matched = sum over distinct tokens w of min(count_T(w), count_gold(w))).
  // Always in [0, 1]; the clip is a no-op.
  Multiset,
  // What the paper's published code computes (chatnoir-eu/
  // web-content-extraction-benchmark, complexity.py): c = 1 - clip(|gold| /
  // |T|, 0, 1), i.e. token counts only ("the ratio between HTML text tokens
  // and tokens in the ground truth"). Gold text that is duplicated or not in
  // the page makes 1 - |gold|/|T| negative, which the clip turns into 0.
  TokenCount,
};

// The page complexity in [0, 1]. A page without DOM text tokens scores 0
// (there is nothing to remove). Gold tokens: tokenize_words(gold).
double complexity_score(const Document& doc, std::string_view gold,
                        ComplexityMatch match = ComplexityMatch::Multiset);

// The DOM text tokens T defined above (for tests and tools).
std::vector<std::string> complexity_dom_tokens(const Document& doc);

// Levels by quartiles of a sample of scores (the paper's Table 1 / Figure 2):
// low < q1 (25th percentile), high > q3 (75th percentile), medium otherwise.
// Percentiles interpolate linearly between order statistics (numpy's default,
// as wce::summarize). An empty sample gives q1 = q3 = 0.
struct ComplexityLevels {
  double q1 = 0, q3 = 0;
};
ComplexityLevels levels_from_scores(std::vector<double> scores);

enum class ComplexityLevel { Low, Medium, High };
ComplexityLevel complexity_level(double score, const ComplexityLevels& levels);
const char* complexity_level_name(ComplexityLevel level);  // "low" | "medium" | "high"

// --- Estimate without gold ------------------------------------------------

// Features (the paper's list). Counted elements E: every element inside
// <body> (<body> itself excluded; the whole Document when there is no body),
// except script, style, noscript and template elements.
//   0..13  h1 h2 h3 h4 h5 h6 a br strong em div p ul table:
//          number of such elements / |E| (0 when |E| = 0)
//   14     tag_word_ratio: |E| / max(|T|, 1), element tokens (one per
//          element) per non-element token (DOM text tokens T as above)
constexpr size_t kComplexityFeatureCount = 15;
const std::array<const char*, kComplexityFeatureCount>& complexity_feature_names();

struct ComplexityFeatures {
  std::array<double, kComplexityFeatureCount> values{};
  uint32_t elements = 0;  // |E|
  uint32_t words = 0;     // |T|
};
ComplexityFeatures complexity_features(const Document& doc);
// The same with |T| counted from the caller's words per text node (e.g.
// Context::text_words(), indexed like doc.text_nodes) instead of rendering and
// tokenizing the page: cheaper, and a little different (words of adjacent
// inline text nodes are counted apart). For the learned ensemble's routing.
ComplexityFeatures complexity_features(const Document& doc, const std::vector<uint32_t>& text_words);

struct ComplexityEstimate {
  double p_above_median = 0;  // P(complexity > the training median)
  bool above_median = false;  // p_above_median >= 0.5
  ComplexityFeatures features;
};
// Uses only the Document: the same on both input paths.
ComplexityEstimate estimate_complexity(const Document& doc);
// With complexity_features(doc, text_words) (see there).
ComplexityEstimate estimate_complexity(const Document& doc, const std::vector<uint32_t>& text_words);

}  // namespace wce
