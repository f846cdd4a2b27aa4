// The learned ensemble's second stage ("auto-context", after Tu & Bai 2010):
// the first-stage trees' P(content) per text node, smoothed over what
// surrounds the node: its neighbours in document order, its text block and
// the blocks beside it, and the elements that hold its block. Main content is
// contiguous, so a node the first stage gets wrong alone among agreeing
// neighbours is likely an error. The second-stage trees see these features
// beside the first stage's. The features are computed from plain arrays
// (EnsembleContextInputs), which the runtime fills from its Context and
// lab/tools/ensemble_stage_features from the dump that lab/learn/ensemble.py
// trains on: one definition for both.
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "wce/train/ensemble_model.hpp"

namespace wce {
namespace {

// Tunables.
constexpr size_t kNearWindow = 3;   // worded nodes on one side for prev3_p / next3_p
constexpr size_t kMidWindow = 10;   // on each side (and the node) for win10_p
constexpr size_t kWideWindow = 30;  // on each side (and the node) for win30_p

const std::array<const char*, kEnsembleContextFeatureCount> kContextFeatureNames = {
    "p1", "prev_p", "next_p", "prev3_p", "next3_p", "win10_p", "win30_p",
    "block_p", "prev_block_p", "next_block_p",
    "anc0_p", "anc1_p", "anc2_p", "anc3_p", "anc0_share", "anc1_share", "anc2_share", "anc3_share",
    "page_p", "page_kept"};

}  // namespace

const std::array<const char*, kEnsembleContextFeatureCount>& ensemble_context_feature_names() {
  return kContextFeatureNames;
}

std::vector<uint32_t> ensemble_context_groups(Context& ctx) {
  const Document& doc = ctx.doc();
  const TextBlocks& tb = ctx.blocks();
  const size_t n = doc.text_nodes.size();
  constexpr size_t G = kEnsembleGroupCount;
  std::vector<uint32_t> g(n * G, kNone);
  for (size_t k = 0; k < n; ++k) {
    const uint32_t b = k < tb.block_of_text.size() ? tb.block_of_text[k] : kNone;
    if (b == kNone || b >= tb.blocks.size()) continue;
    g[k * G] = b;
    uint32_t a = tb.blocks[b].container;
    for (size_t level = 0; level < kEnsembleGroupLevels && a != kNone && a < doc.nodes.size(); ++level) {
      g[k * G + 1 + level] = a;
      a = doc.nodes[a].parent;
    }
  }
  return g;
}

EnsembleContextInputs ensemble_context_inputs(Context& ctx) {
  const Document& doc = ctx.doc();
  EnsembleContextInputs in;
  in.words = ctx.text_words();
  in.groups = ensemble_context_groups(ctx);
  in.blocks = ctx.blocks().blocks.size();
  in.parent.resize(doc.nodes.size());
  for (size_t i = 0; i < doc.nodes.size(); ++i) in.parent[i] = doc.nodes[i].parent;
  in.subtree_words = ctx.counts().words;
  in.text_node = doc.text_nodes;
  return in;
}

std::vector<double> ensemble_context_features(Context& ctx, const std::vector<double>& prob) {
  return ensemble_context_features(ensemble_context_inputs(ctx), prob);
}

std::vector<double> ensemble_context_features(const EnsembleContextInputs& in, const std::vector<double>& prob) {
  const std::vector<uint32_t>& words = in.words;
  const size_t n = std::min(words.size(), prob.size());
  constexpr size_t C = kEnsembleContextFeatureCount;
  constexpr size_t G = kEnsembleGroupCount;
  std::vector<double> f(n * C, 0.0);
  if (n == 0) return f;
  const std::vector<uint32_t>& groups = in.groups;
  const size_t nb = in.blocks, nn = in.parent.size();
  auto bad = [](const std::string& what) { throw std::invalid_argument("ensemble_context_features: " + what); };
  if (groups.size() < n * G || in.text_node.size() < n || in.subtree_words.size() != nn)
    bad("the arrays do not fit together");
  for (size_t i = 0; i < nn; ++i)
    if (in.parent[i] != kNone && in.parent[i] >= i) bad("the tree is not in pre-order");
  // Worded nodes in document order with prefix sums of w and w*p, so that a
  // window mean is two subtractions.
  std::vector<uint32_t> worded;
  for (size_t k = 0; k < n; ++k)
    if (words[k] > 0) worded.push_back(static_cast<uint32_t>(k));
  const size_t m = worded.size();
  std::vector<double> cw(m + 1, 0.0), cwp(m + 1, 0.0);
  for (size_t i = 0; i < m; ++i) {
    const double w = words[worded[i]];
    cw[i + 1] = cw[i] + w;
    cwp[i + 1] = cwp[i] + w * prob[worded[i]];
  }
  const double page_words = cw[m];
  double kept = 0;
  for (uint32_t k : worded) kept += prob[k] >= 0.5 ? words[k] : 0;
  auto mean = [&](size_t lo, size_t hi) {  // worded positions [lo, hi)
    const double w = cw[hi] - cw[lo];
    return w > 0 ? (cwp[hi] - cwp[lo]) / w : 0.0;
  };
  // Word sums per block, and over the subtree of every tree node (parents
  // precede their children: one backward pass).
  const std::vector<uint32_t>& aw = in.subtree_words;
  std::vector<double> bw(nb, 0.0), bwp(nb, 0.0), awp(nn, 0.0);
  for (uint32_t k : worded) {
    const uint32_t b = groups[k * G];
    if (b != kNone) {
      if (b >= nb) bad("block " + std::to_string(b) + " of " + std::to_string(nb));
      bw[b] += words[k], bwp[b] += words[k] * prob[k];
    }
    if (in.text_node[k] >= nn) bad("text node outside the tree");
    awp[in.text_node[k]] = words[k] * prob[k];
  }
  for (size_t i = nn; i-- > 0;)
    if (in.parent[i] != kNone) awp[in.parent[i]] += awp[i];
  auto block_mean = [&](size_t b) { return bw[b] > 0 ? bwp[b] / bw[b] : 0.0; };
  for (size_t i = 0; i < m; ++i) {
    const uint32_t k = worded[i];
    double* row = &f[k * C];
    row[0] = prob[k];
    row[1] = i > 0 ? prob[worded[i - 1]] : 0.0;
    row[2] = i + 1 < m ? prob[worded[i + 1]] : 0.0;
    row[3] = mean(i >= kNearWindow ? i - kNearWindow : 0, i);
    row[4] = mean(i + 1, std::min(m, i + 1 + kNearWindow));
    row[5] = mean(i >= kMidWindow ? i - kMidWindow : 0, std::min(m, i + 1 + kMidWindow));
    row[6] = mean(i >= kWideWindow ? i - kWideWindow : 0, std::min(m, i + 1 + kWideWindow));
    const uint32_t b = groups[k * G];
    if (b != kNone) {
      row[7] = block_mean(b);
      row[8] = b > 0 ? block_mean(b - 1) : 0.0;
      row[9] = b + 1 < nb ? block_mean(b + 1) : 0.0;
    }
    for (size_t level = 0; level < kEnsembleGroupLevels; ++level) {
      const uint32_t a = groups[k * G + 1 + level];
      if (a == kNone) break;
      if (a >= nn) bad("holding element outside the tree");
      row[10 + level] = aw[a] > 0 ? awp[a] / aw[a] : 0.0;
      row[14 + level] = page_words > 0 ? aw[a] / page_words : 0.0;
    }
    row[18] = page_words > 0 ? cwp[m] / page_words : 0.0;
    row[19] = page_words > 0 ? kept / page_words : 0.0;
  }
  return f;
}

}  // namespace wce
