// The learned extractors' inputs, exposed for training (lab/tools/learn_features
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
// Non-whitespace characters per block of boilernet_blocks (for guard_nonempty_scores).
std::vector<uint32_t> boilernet_block_chars(Context& ctx);

// The model's main-content probability per block of boilernet_blocks(doc),
// with the weights in `model_bytes` (a .wcem file; boilernet_small's are
// nn::embedded_model("boilernet_small")) or, when empty, the compiled-in
// `boilernet` (the paper's size; absent in the WebAssembly build). Throws
// std::runtime_error on missing or bad weights.
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
// Non-whitespace characters per block of dragnet_blocks (for guard_nonempty_scores).
std::vector<uint32_t> dragnet_block_chars(Context& ctx);

}  // namespace wce::learned

namespace wce::learned {

// Web2Text (Vogels et al. 2018): one block per non-whitespace text node (the
// leaves of the Collapsed DOM), in document order; per block the features of
// its CDOM node, parent and grandparent (block), per pair of neighbouring
// blocks the tree features (edge). The list is in
// core/src/learned/web2text_features.cpp.
constexpr size_t kWeb2TextBlockFeatures = 132;
constexpr size_t kWeb2TextEdgeFeatures = 38;
struct Web2TextFeatures {
  std::vector<uint32_t> text_index;  // per block: index into Document::text_nodes
  std::vector<uint32_t> chars;       // per block: non-whitespace characters of its text node
  std::vector<float> block;          // blocks x kWeb2TextBlockFeatures, row-major
  std::vector<float> edge;           // (blocks - 1) x kWeb2TextEdgeFeatures
};
Web2TextFeatures web2text_features(Context& ctx);

// The two CNNs' softmax outputs and the Viterbi labelling (after
// guard_nonempty; `guarded` says whether the guard added a run).
struct Web2TextOutput {
  std::vector<float> unary;     // blocks x 2: p(boilerplate), p(content)
  std::vector<float> pairwise;  // (blocks - 1) x 4: p(00), p(01), p(10), p(11) (label of block i, then i+1)
  std::vector<uint8_t> labels;  // per block: 1 content
  bool guarded = false;
};
// Weights as boilernet_scores (a .wcem file, or the compiled-in model when empty).
Web2TextOutput web2text_run(const Web2TextFeatures& features, std::string_view model_bytes = {});
// The labelling of n blocks maximising sum log unary + lambda * sum log
// pairwise (layouts as Web2TextOutput); ties go to boilerplate.
std::vector<uint8_t> web2text_viterbi(const std::vector<float>& unary, const std::vector<float>& pairwise, size_t n,
                                      double lambda);

// When the blocks labelled 1 hold almost no text (`chars` per block), adds
// the best-scoring contiguous run of blocks by content probability `p`
// (core/src/learned/nonempty_guard.cpp). Returns whether it did; a page with
// no blocks (or mismatched sizes) is left alone.
bool guard_nonempty(std::vector<uint8_t>& labels, const std::vector<float>& p, const std::vector<uint32_t>& chars);
// The same for per-block content probabilities (BoilerNet, Dragnet): labels
// are scores >= kContentThreshold; the run's blocks are raised to it.
bool guard_nonempty_scores(std::vector<float>& scores, const std::vector<uint32_t>& chars);

}  // namespace wce::learned
