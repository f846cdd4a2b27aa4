// Gold labels per text node, derived by aligning a record's gold text with
// the page (eval/align.cpp), and the block-level measure built on them.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "wce/document.hpp"
#include "wce/eval.hpp"
#include "wce/extractor.hpp"

namespace wce {

// A text node is gold content when at least this share of its alignment
// tokens is matched to the gold text.
constexpr double kGoldNodeShare = 0.5;

struct AlignOptions {
  double node_share = kGoldNodeShare;
};

struct GoldAlignment {
  Labels labels;  // per text node: 1 = gold content, 0 = not (no tokens: 0)
  double gold_coverage = 0;  // share of gold tokens matched to some text node (no gold tokens: 1)
  std::vector<float> node_share;     // per text node: matched share of its tokens
  std::vector<uint32_t> node_tokens; // per text node: alignment tokens it holds (0 = none)
  size_t gold_tokens = 0, page_tokens = 0, matched_tokens = 0;
  // Windows too large for the exact alignment and without anchors were cut
  // into aligned pieces (a lower bound of the best alignment); see align.cpp.
  size_t approximate_windows = 0;
};

// Aligns `gold_text` with the page's text nodes (alignment tokens: words,
// ASCII punctuation marks and single characters of scripts written without
// spaces, ASCII case folded; a word split across inline elements is one
// token shared by its nodes). Linear memory plus a fixed DP window.
GoldAlignment align_gold(const Document& doc, std::string_view gold_text,
                         const AlignOptions& opt = {});

// Block-level (per text node) evaluation, Gottron 2007 / Web2Text: each text
// node with at least one alignment token is one block; predicted content is
// label >= kContentThreshold, gold content is gold label >= 0.5.
struct BlockCounts {
  size_t tp = 0, fp = 0, fn = 0, tn = 0;
};
BlockCounts block_counts(const Labels& predicted, const GoldAlignment& gold);
// PRF conventions as measure_page: no positive blocks on both sides: 1 1 1;
// on exactly one side: 0.
PRF block_prf(const BlockCounts& c);
double block_accuracy(const BlockCounts& c);

}  // namespace wce
