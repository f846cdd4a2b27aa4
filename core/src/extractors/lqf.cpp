// LQF, the Link Quota Filter (as described by Gottron 2007, section 5.4):
// every block-level element is scored by the share of its own text (text in
// nested blocks not counted) that sits in link anchors; blocks above the
// threshold are discarded, everything else is kept. Gottron's thresholds
// 0.25, 0.5 and 0.75 are registered as lqf25, lqf50 and lqf75. Text is
// measured in non-whitespace characters; a link is an <a> with href.
#include <string>
#include <vector>

#include "extractors/extractor_util.hpp"
#include "extractors/registry_list.hpp"

namespace wce {
namespace {

Labels lqf(Context& ctx, double threshold) {
  const Document& doc = ctx.doc();
  const NodeCounts& counts = ctx.counts();
  const size_t n = doc.size();
  // Nearest block ancestor of each node (the root counts as a block), and
  // whether the node is inside a link below that block.
  std::vector<uint32_t> block(n, 0);
  std::vector<uint64_t> own_chars(n, 0), own_link_chars(n, 0);
  std::vector<uint8_t> in_link(n, 0);
  for (uint32_t i = 1; i < n; ++i) {
    const Node& nd = doc.nodes[i];
    const Node& parent = doc.nodes[nd.parent];
    uint32_t p = nd.parent;
    block[i] = (p == 0 || (parent.kind == NodeKind::Element && is_block(parent.tag))) ? p : block[p];
    in_link[i] = (nd.flags & kHasHref) || in_link[p];
    if (nd.kind == NodeKind::Text) {
      own_chars[block[i]] += counts.chars[i];
      if (in_link[i]) own_link_chars[block[i]] += counts.chars[i];
    }
  }
  Labels labels(doc.text_nodes.size(), 1.0f);
  for (uint32_t t = 0; t < doc.text_nodes.size(); ++t) {
    uint32_t b = block[doc.text_nodes[t]];
    if (own_chars[b] > 0 && static_cast<double>(own_link_chars[b]) / own_chars[b] > threshold)
      labels[t] = 0.0f;
  }
  return labels;
}

std::unique_ptr<Extractor> make_lqf(int percent) {
  std::string pct = std::to_string(percent);
  return make_extractor(
      {"lqf" + pct, Family::Heuristic, "Gottron 2007: Evaluating content extraction on HTML documents (LQF)",
       "Link Quota Filter: drops block elements whose own text is more than " + pct + " % link text."},
      [percent](Context& ctx) { return lqf(ctx, percent / 100.0); });
}

}  // namespace

std::unique_ptr<Extractor> make_lqf25() { return make_lqf(25); }
std::unique_ptr<Extractor> make_lqf50() { return make_lqf(50); }
std::unique_ptr<Extractor> make_lqf75() { return make_lqf(75); }

}  // namespace wce
