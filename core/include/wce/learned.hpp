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
