// The page-type classifier: gradient-boosted trees per type over
// page_type_features (page_type_features.cpp), a softmax of the per-type
// margins. The trees are compiled in from core/models/page_type_gbdt.inc
// (lab/learn/page_type.py, `bash lab/train.sh page_type`).
#include <cmath>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>

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

double tree_value(int32_t node, const double* x) {
  while (kPageTypeLeft[node] >= 0)
    node = x[kPageTypeFeature[node]] <= kPageTypeThreshold[node] ? kPageTypeLeft[node] : kPageTypeRight[node];
  return kPageTypeValue[node];
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

PageTypeResult classify_page_type(Context& ctx, std::string_view url) {
  check_feature_names();
  static_assert(std::size(kPageTypeClassTrees) == kPageTypeCount, "one forest per type");
  const std::vector<double> x = page_type_features(ctx, url);
  std::array<double, kPageTypeCount> margin{};
  size_t tree = 0;
  for (size_t k = 0; k < kPageTypeCount; ++k)
    for (int32_t t = 0; t < kPageTypeClassTrees[k]; ++t, ++tree) margin[k] += tree_value(kPageTypeTreeRoot[tree], x.data());
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
