// The learned extractors' inputs, exposed for training (bench/learn_features
// dumps them as JSON lines, so that the Python training code and the C++
// inference see the same features) and for checking a model file against the
// training code's outputs. The extractors themselves are in the registry
// (family "learned"); their weights are compiled in from core/models/.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "wce/context.hpp"
#include "wce/document.hpp"

namespace wce::learned {

// BoilerNet (Leonhardt et al. 2020): one block per text node with
// non-whitespace text, in document order; `tags` are the names of its
// ancestor elements (parent first, up to <html>), `words` its lowercased
// word tokens.
struct TokenBlock {
  uint32_t text_index = 0;  // index into Document::text_nodes
  std::vector<std::string> tags, words;
};
std::vector<TokenBlock> boilernet_blocks(const Document& doc);

// The model's main-content probability per block of boilernet_blocks(doc),
// with the weights in `model_bytes` (a .wcem file) or, when empty, the
// compiled-in model. Throws std::runtime_error on missing or bad weights.
std::vector<float> boilernet_scores(const Document& doc, std::string_view model_bytes = {});

}  // namespace wce::learned

namespace wce::learned {

// Dragnet (Peters & Lecocq 2013): one row per text block of
// Context::blocks() with the block's shallow features (kDragnetFeatureNames)
// and the class/id tokens of its enclosing elements.
extern const char* const kDragnetFeatureNames[];
constexpr size_t kDragnetFeatureCount = 8;
struct DragnetBlock {
  float x[kDragnetFeatureCount];
  std::vector<std::string> css;  // distinct lowercased id/class tokens of the container and its ancestors
};
std::vector<DragnetBlock> dragnet_blocks(Context& ctx);
// Content probability per block of dragnet_blocks (weights as boilernet_scores).
std::vector<float> dragnet_scores(Context& ctx, std::string_view model_bytes = {});

}  // namespace wce::learned
