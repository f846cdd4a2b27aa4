// Page extraction complexity (Bevendorff et al. 2023, "An Empirical Comparison
// of Web Content Extraction Algorithms", SIGIR, section 3.3): the score with a
// gold text, quartile levels, and the estimate without gold by a logistic
// regression on the relative counts of h1-h6, a, br, strong, em, div, p, ul,
// table and the ratio of element tokens to text tokens. Definitions in
// wce/complexity.hpp; the model is trained by lab/tools/complexity_train.cpp and
// compiled in from core/models/complexity_logreg.inc.
//
// Differences from the paper's published code (chatnoir-eu/
// web-content-extraction-benchmark, complexity.py), on purpose:
//   - the default score matches gold tokens as a multiset (the paper's formula
//     with truth(t)); the code's count ratio is ComplexityMatch::TokenCount;
//   - the "ul" feature counts <ul> (the code counts <li> under that name);
//   - DOM text is the rendered text (block elements separate words), where the
//     code tokenises the body's textContent, which glues "a<div>b</div>" to "ab";
//   - the median threshold comes from the training split only and the test
//     split is standardised with the training means (the code refits the
//     scaler on the test split).
#include "wce/train/complexity_model.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <unordered_map>

#include "wce/eval.hpp"
#include "wce/render.hpp"

namespace wce {
namespace {

// The compiled-in model: kModelFeatureNames, kModelMean, kModelStdev,
// kModelWeight, kModelIntercept, kModelMedianComplexity,
// kModelHeldoutAccuracy, kModelTrainedOn.
#include "../../models/complexity_logreg.inc"

static_assert(sizeof(kModelFeatureNames) / sizeof(kModelFeatureNames[0]) == kComplexityFeatureCount &&
                  sizeof(kModelMean) / sizeof(double) == kComplexityFeatureCount &&
                  sizeof(kModelStdev) / sizeof(double) == kComplexityFeatureCount &&
                  sizeof(kModelWeight) / sizeof(double) == kComplexityFeatureCount,
              "complexity_logreg.inc does not have kComplexityFeatureCount features");

constexpr std::array<const char*, kComplexityFeatureCount> kFeatureNames = {
    "h1", "h2", "h3", "h4", "h5", "h6", "a", "br", "strong", "em", "div", "p", "ul", "table",
    "tag_word_ratio"};

// Index of a tag among the first 14 features, or -1.
int feature_of(Tag t) {
  switch (t) {
    case Tag::H1: return 0;
    case Tag::H2: return 1;
    case Tag::H3: return 2;
    case Tag::H4: return 3;
    case Tag::H5: return 4;
    case Tag::H6: return 5;
    case Tag::A: return 6;
    case Tag::Br: return 7;
    case Tag::Strong: return 8;
    case Tag::Em: return 9;
    case Tag::Div: return 10;
    case Tag::P: return 11;
    case Tag::Ul: return 12;
    case Tag::Table: return 13;
    default: return -1;
  }
}

// The node range [begin, end) of the page text: inside the first <body>, or
// the whole Document.
struct Scope {
  uint32_t begin = 1, end = 0;
};

Scope page_scope(const Document& doc) {
  for (uint32_t i = 1; i < doc.size(); ++i)
    if (!doc.is_text(i) && doc.nodes[i].tag == Tag::Body) return {i + 1, doc.subtree_end(i)};
  return {1, static_cast<uint32_t>(doc.size())};
}

std::vector<std::string> scope_tokens(const Document& doc, const Scope& s) {
  Labels keep(doc.text_nodes.size(), 0.0f);
  for (size_t t = 0; t < doc.text_nodes.size(); ++t) {
    uint32_t n = doc.text_nodes[t];
    if (n >= s.begin && n < s.end) keep[t] = 1.0f;
  }
  return tokenize_words(render_text(doc, keep));
}

double sigmoid(double z) {
  if (z >= 0) return 1.0 / (1.0 + std::exp(-z));
  double e = std::exp(z);
  return e / (1.0 + e);
}

}  // namespace

// --- Complexity with gold text ------------------------------------------

std::vector<std::string> complexity_dom_tokens(const Document& doc) {
  return scope_tokens(doc, page_scope(doc));
}

double complexity_score(const Document& doc, std::string_view gold, ComplexityMatch match) {
  std::vector<std::string> dom = complexity_dom_tokens(doc);
  if (dom.empty()) return 0.0;
  std::vector<std::string> truth = tokenize_words(gold);
  double in_truth = 0;
  if (match == ComplexityMatch::TokenCount) {
    in_truth = static_cast<double>(truth.size());
  } else {
    std::unordered_map<std::string_view, uint32_t> left;  // unmatched gold occurrences
    left.reserve(truth.size());
    for (const std::string& t : truth) ++left[t];
    for (const std::string& t : dom) {
      auto it = left.find(t);
      if (it != left.end() && it->second > 0) {
        --it->second;
        ++in_truth;
      }
    }
  }
  double c = 1.0 - in_truth / static_cast<double>(dom.size());
  return std::clamp(c, 0.0, 1.0);
}

ComplexityLevels levels_from_scores(std::vector<double> scores) {
  Summary s = summarize(std::move(scores));
  return {s.q1, s.q3};
}

ComplexityLevel complexity_level(double score, const ComplexityLevels& levels) {
  if (score < levels.q1) return ComplexityLevel::Low;
  if (score > levels.q3) return ComplexityLevel::High;
  return ComplexityLevel::Medium;
}

const char* complexity_level_name(ComplexityLevel level) {
  switch (level) {
    case ComplexityLevel::Low: return "low";
    case ComplexityLevel::Medium: return "medium";
    case ComplexityLevel::High: return "high";
  }
  return "";
}

// --- Features ---------------------------------------------------------------

const std::array<const char*, kComplexityFeatureCount>& complexity_feature_names() {
  return kFeatureNames;
}

namespace {
// The element ratios of the scope; |T| from `words` (the caller's count).
ComplexityFeatures scope_features(const Document& doc, const Scope& s, uint32_t words) {
  ComplexityFeatures f;
  std::array<uint32_t, kComplexityFeatureCount - 1> counts{};
  uint32_t elements = 0;
  for (uint32_t i = s.begin; i < s.end; ++i) {
    const Node& n = doc.nodes[i];
    if (n.kind != NodeKind::Element || is_non_content(n.tag)) continue;
    ++elements;
    int k = feature_of(n.tag);
    if (k >= 0) ++counts[static_cast<size_t>(k)];
  }
  f.elements = elements;
  f.words = words;
  for (size_t k = 0; k < counts.size(); ++k)
    f.values[k] = elements ? static_cast<double>(counts[k]) / elements : 0.0;
  f.values[kComplexityFeatureCount - 1] =
      static_cast<double>(elements) / static_cast<double>(std::max<uint32_t>(f.words, 1));
  return f;
}
}  // namespace

ComplexityFeatures complexity_features(const Document& doc) {
  const Scope s = page_scope(doc);
  return scope_features(doc, s, static_cast<uint32_t>(scope_tokens(doc, s).size()));
}

ComplexityFeatures complexity_features(const Document& doc, const std::vector<uint32_t>& text_words) {
  const Scope s = page_scope(doc);
  uint64_t words = 0;
  for (size_t t = 0; t < doc.text_nodes.size() && t < text_words.size(); ++t)
    if (doc.text_nodes[t] >= s.begin && doc.text_nodes[t] < s.end) words += text_words[t];
  return scope_features(doc, s, static_cast<uint32_t>(std::min<uint64_t>(words, UINT32_MAX)));
}

// --- Logistic regression ----------------------------------------------------

double LogisticModel::probability(const double* x) const {
  double z = intercept;
  for (size_t i = 0; i < weight.size(); ++i) z += weight[i] * (x[i] - mean[i]) / stdev[i];
  return sigmoid(z);
}

// --- The compiled-in model ----------------------------------------------------

const ComplexityModelInfo& complexity_model() {
  static const ComplexityModelInfo info = [] {
    ComplexityModelInfo r;
    r.feature_names = kModelFeatureNames;
    r.model.mean.assign(std::begin(kModelMean), std::end(kModelMean));
    r.model.stdev.assign(std::begin(kModelStdev), std::end(kModelStdev));
    r.model.weight.assign(std::begin(kModelWeight), std::end(kModelWeight));
    r.model.intercept = kModelIntercept;
    r.median_complexity = kModelMedianComplexity;
    r.heldout_accuracy = kModelHeldoutAccuracy;
    r.trained_on = kModelTrainedOn;
    return r;
  }();
  return info;
}

ComplexityEstimate estimate_complexity(const Document& doc) {
  ComplexityEstimate e;
  e.features = complexity_features(doc);
  e.p_above_median = complexity_model().model.probability(e.features.values.data());
  e.above_median = e.p_above_median >= 0.5;
  return e;
}

ComplexityEstimate estimate_complexity(const Document& doc, const std::vector<uint32_t>& text_words) {
  ComplexityEstimate e;
  e.features = complexity_features(doc, text_words);
  e.p_above_median = complexity_model().model.probability(e.features.values.data());
  e.above_median = e.p_above_median >= 0.5;
  return e;
}

}  // namespace wce
