// The listing gate: one forest of gradient-boosted trees over
// page_type_features (without URL and structured data, as the learned
// ensemble's page-type column reads the page), P(listing) = sigmoid(margin).
// Trained by lab/learn/listing_gate.py on WCXB dev plus the nine article
// datasets' training pages as negatives: the page-type classifier, trained on
// WCXB alone, types many news pages as listings (lab/results/listing-cards.md).
#include <cmath>
#include <cstdint>
#include <iterator>
#include <stdexcept>
#include <vector>

#include "wce/page_type.hpp"
#include "wce/train/ensemble_model.hpp"
#include "wce/train/page_type_model.hpp"

namespace wce {
namespace {

#include "../../models/listing_gate.inc"

const TreeBatch& gate_forest() {
  static const TreeBatch forest = [] {
    static_assert(std::size(kListingGateLeft) == std::size(kListingGateFeature), "parallel node arrays");
    TreeModel m;
    const size_t n = std::size(kListingGateLeft);
    m.feature.resize(n);
    m.left.assign(std::begin(kListingGateLeft), std::end(kListingGateLeft));
    m.right.assign(std::begin(kListingGateRight), std::end(kListingGateRight));
    m.threshold.assign(std::begin(kListingGateThreshold), std::end(kListingGateThreshold));
    m.value.assign(std::begin(kListingGateValue), std::end(kListingGateValue));
    for (size_t i = 0; i < n; ++i) m.feature[i] = kListingGateLeft[i] < 0 ? -1 : kListingGateFeature[i];
    m.root.assign(std::begin(kListingGateTreeRoot), std::end(kListingGateTreeRoot));
    return TreeBatch(m);
  }();
  return forest;
}

// The gate was trained on exactly these features, in this order.
void check_feature_names() {
  static const bool ok = same_page_type_features(kListingGateFeatures, std::size(kListingGateFeatures));
  if (!ok)
    throw std::logic_error("core/models/listing_gate.inc was trained on other features than page_type_features: "
                           "retrain with `bash lab/train.sh listing_gate`");
}

}  // namespace

double listing_gate_probability(Context& ctx) {
  check_feature_names();
  const std::vector<double> x = page_type_features(ctx, {}, false);
  return 1.0 / (1.0 + std::exp(-gate_forest().margin(x.data())));
}

}  // namespace wce
