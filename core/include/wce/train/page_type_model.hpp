// The page-type classifier's inputs, for training (lab/tools/page_type_dump)
// and the model checks: the features classify_page_type() reads, in model order.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "wce/context.hpp"
#include "wce/page_type.hpp"

namespace wce {

const std::vector<std::string>& page_type_feature_names();
// Whether a model's feature list (the names in its .inc) is page_type_feature_names(), in order.
bool same_page_type_features(const char* const* names, size_t n);
// structured = false: the structured-data features are 0, as on a Document
// without kept attributes (classify_page_type's `structured`).
std::vector<double> page_type_features(Context& ctx, std::string_view url, bool structured = true);

}  // namespace wce
