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
#include "wce/train/page_type_model.hpp"

namespace wce {
namespace {

#include "../../models/page_type_gbdt.inc"

constexpr std::array<const char*, kPageTypeCount> kNames = {"article",       "forum",  "product", "collection",
                                                            "listing", "documentation", "service"};
constexpr std::array<const char*, kPageTypeCount> kLabels = {
    "News or blog article", "Forum thread", "Product page", "Category or collection page",
    "Listing or search results", "Documentation page", "Company or service page"};

// The trees' nodes packed 16 bytes each (the .inc's parallel arrays put a
// node's fields in five places, five cache misses): a leaf has feature -1 and
// its value in threshold. The right child is apart (in 16 bytes with the rest
// would need 24).
struct PackedNode {
  double threshold;
  int32_t feature, left;
};
struct PackedForest {
  std::vector<PackedNode> nodes;
  std::vector<int32_t> right;
};
const PackedForest& packed_forest() {
  static const PackedForest f = [] {
    PackedForest p;
    const size_t n = std::size(kPageTypeLeft);
    p.nodes.resize(n);
    p.right.resize(n);
    for (size_t i = 0; i < n; ++i) {
      const bool leaf = kPageTypeLeft[i] < 0;
      p.nodes[i] = {leaf ? kPageTypeValue[i] : kPageTypeThreshold[i], leaf ? -1 : kPageTypeFeature[i], kPageTypeLeft[i]};
      p.right[i] = kPageTypeRight[i];
    }
    return p;
  }();
  return f;
}

// Four trees walked side by side: each walk is a chain of dependent loads,
// interleaving them overlaps their latencies. Values come back in tree order.
void tree_values4(const PackedForest& f, const int32_t* roots, const double* x, double* out) {
  int32_t n[4] = {roots[0], roots[1], roots[2], roots[3]};
  bool done[4];
  for (;;) {
    bool all = true;
    for (int t = 0; t < 4; ++t) {
      const PackedNode& d = f.nodes[n[t]];
      done[t] = d.feature < 0;
      if (!done[t]) {
        n[t] = x[d.feature] <= d.threshold ? d.left : f.right[n[t]];
        all = false;
      }
    }
    if (all) break;
  }
  for (int t = 0; t < 4; ++t) out[t] = f.nodes[n[t]].threshold;
}

double tree_value(const PackedForest& f, int32_t node, const double* x) {
  for (;;) {
    const PackedNode& d = f.nodes[node];
    if (d.feature < 0) return d.threshold;
    node = x[d.feature] <= d.threshold ? d.left : f.right[node];
  }
}

// The model was trained on exactly these features, in this order.
void check_feature_names() {
  static const bool ok = [] {
    const auto& names = page_type_feature_names();
    if (names.size() != std::size(kPageTypeModelFeatures)) return false;
    for (size_t i = 0; i < names.size(); ++i)
      if (names[i] != kPageTypeModelFeatures[i]) return false;
    return true;
  }();
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
  std::array<double, kPageTypeCount> margin{};
  const PackedForest& forest = packed_forest();
  size_t tree = 0;
  for (size_t k = 0; k < chosen * kPageTypeCount; ++k) tree += static_cast<size_t>(kPageTypeClassTrees[k]);
  const int32_t* class_trees = kPageTypeClassTrees + chosen * kPageTypeCount;
  for (size_t k = 0; k < kPageTypeCount; ++k) {
    // Summed in tree order, as before (the same margins to the last bit).
    int32_t t = 0;
    for (double v[4]; t + 4 <= class_trees[k]; t += 4, tree += 4) {
      tree_values4(forest, kPageTypeTreeRoot + tree, x.data(), v);
      for (double vi : v) margin[k] += vi;
    }
    for (; t < class_trees[k]; ++t, ++tree) margin[k] += tree_value(forest, kPageTypeTreeRoot[tree], x.data());
  }
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
