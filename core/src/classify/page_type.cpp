// The page-type classifier: gradient-boosted trees per type over
// page_type_features (page_type_features.cpp), a softmax of the per-type
// margins. The trees are compiled in from core/models/page_type_gbdt.inc
// (lab/learn/page_type.py, `bash lab/train.sh page_type`).
//
// The model holds several forests, each trained for the inputs it gets: with
// or without the page's URL, with or without the structured data (a
// Document without kept attributes, as the extension's flat DOM, has none).
// A page is classified by the first forest whose inputs it has: one trained
// on every input variant at once was less accurate (lab/results/page-type.md).
#include <cmath>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "wce/page_type.hpp"
#include "wce/train/ensemble_model.hpp"
#include "wce/train/page_type_model.hpp"

namespace wce {
namespace {

#include "../../models/page_type_gbdt.inc"

constexpr std::array<const char*, kPageTypeCount> kNames = {"article",       "forum",  "product", "collection",
                                                            "listing", "documentation", "service"};
constexpr std::array<const char*, kPageTypeCount> kLabels = {
    "News or blog article", "Forum thread", "Product page", "Category or collection page",
    "Listing or search results", "Documentation page", "Company or service page"};

// One TreeBatch (tree_batch.cpp: nodes packed 16 bytes each, trees walked
// side by side) per forest and type, built once from the .inc's parallel
// arrays, where a leaf is a node with left < 0.
const std::vector<TreeBatch>& type_forests() {
  static const std::vector<TreeBatch> forests = [] {
    TreeModel all;
    const size_t n = std::size(kPageTypeLeft);
    all.feature.resize(n);
    all.left.assign(std::begin(kPageTypeLeft), std::end(kPageTypeLeft));
    all.right.assign(std::begin(kPageTypeRight), std::end(kPageTypeRight));
    all.threshold.assign(std::begin(kPageTypeThreshold), std::end(kPageTypeThreshold));
    all.value.assign(std::begin(kPageTypeValue), std::end(kPageTypeValue));
    for (size_t i = 0; i < n; ++i) all.feature[i] = kPageTypeLeft[i] < 0 ? -1 : kPageTypeFeature[i];
    std::vector<TreeBatch> out;
    size_t tree = 0;
    for (int32_t count : kPageTypeClassTrees) {
      all.root.assign(kPageTypeTreeRoot + tree, kPageTypeTreeRoot + tree + count);
      tree += static_cast<size_t>(count);
      out.emplace_back(all);
    }
    return out;
  }();
  return forests;
}

// The model was trained on exactly these features, in this order.
void check_feature_names() {
  static const bool ok = same_page_type_features(kPageTypeModelFeatures, std::size(kPageTypeModelFeatures));
  if (!ok)
    throw std::logic_error("core/models/page_type_gbdt.inc was trained on other features than page_type_features: "
                           "retrain with `bash lab/train.sh page_type`");
}

}  // namespace

const std::array<const char*, kPageTypeCount>& page_type_names() { return kNames; }

const char* page_type_label(size_t type) { return type < kPageTypeCount ? kLabels[type] : "Unknown"; }

PageTypeResult classify_page_type(Context& ctx, std::string_view url, bool structured) {
  check_feature_names();
  constexpr size_t kForests = std::size(kPageTypeForestNeeds);
  static_assert(std::size(kPageTypeClassTrees) == kForests * kPageTypeCount, "per forest, trees per type");
  const std::vector<double> x = page_type_features(ctx, url, structured);
  const bool has_structured = structured && !ctx.doc().attributes.empty();
  const int32_t has = (url.empty() ? 0 : kPageTypeNeedsUrl) | (has_structured ? kPageTypeNeedsStructured : 0);
  size_t chosen = 0;
  while (chosen + 1 < kForests && (kPageTypeForestNeeds[chosen] & ~has) != 0) ++chosen;
  // Each type's trees summed in tree order (the margins of the packed walk
  // this replaced, to the last bit).
  std::array<double, kPageTypeCount> margin{};
  for (size_t k = 0; k < kPageTypeCount; ++k) margin[k] = type_forests()[chosen * kPageTypeCount + k].margin(x.data());
  double top = margin[0];
  for (double m : margin) top = std::max(top, m);
  double sum = 0;
  PageTypeResult r;
  for (size_t k = 0; k < kPageTypeCount; ++k) sum += r.probabilities[k] = std::exp(margin[k] - top);
  for (size_t k = 0; k < kPageTypeCount; ++k) {
    r.probabilities[k] /= sum;
    if (r.probabilities[k] > r.probabilities[r.type]) r.type = k;
  }
  r.probability = r.probabilities[r.type];
  return r;
}

}  // namespace wce
