// Block completion: structural smoothing of the learned ensemble's node labels
// (issue 9). The node trees judge each text node on its own features, so they
// drop short nodes inside the text they keep: a link or a code span inside a
// kept paragraph, a heading or a list between kept paragraphs
// (lab/results/ensemble-2026-11-27.md). Two rules put them back:
//   1. block: in a text block (Context::blocks(): the text nodes under one
//      block-level element, which render as one line) whose words are mostly
//      kept, every worded text node is kept;
//   2. run: a short run of consecutive not-kept blocks that are headings or
//      list items, with the worded blocks just before and just after it kept
//      and both inside one element below <body>, is kept.
//   3. group (issue 32, off unless the model turns it on): in a repeated
//      sibling group (ensemble_structure: at least 3 element children of one
//      parent with the same tag and class: forum posts, product cards, list
//      entries) where at least kGroupShare of the items with words are kept
//      (each by rule 1's share of its words), every worded text node of every
//      item is kept, except under navigation markup (menus repeat too). The
//      members keep one main block; threads and grids spread their content
//      over many siblings, of which the trees find most but not all.
// Two more options were measured and are off (no gain in cross-validation,
// lab/results/ensemble-2026-11-27b.md): runs of any blocks, and a heading
// directly before a kept block. A third, runs that may hold pre / td / th
// blocks (code listings and tables inside an article), is on: no change in
// cross-validation, +3 snippets and none lost on the real-web set
// (lab/results/ensemble-2026-11-27c.md; kRunStructured below).
// A completed node gets P = max(P, 0.5): kept, at the border of the
// confidence bands. lab/learn/ensemble.py measures the rules through
// lab/tools/ensemble_complete_rows.cpp, which calls this same function.
#include <algorithm>

#include "wce/train/ensemble_model.hpp"

namespace wce {
namespace {

// Tunables (the defaults of EnsembleCompletion; lab/tools/ensemble_complete_rows can override them).
constexpr double kBlockShare = 0.5;       // a block is kept when this share of its words is
constexpr size_t kRunMaxBlocks = 12;      // longer runs of headings / list items are left alone
constexpr double kRunMaxWords = 400;      // as are runs with more words (a whole dropped section)
constexpr double kRunMaxLinkDensity = 0.5;  // or mostly links (a menu between two kept paragraphs)
constexpr bool kRunAny = false;        // runs of any blocks (measured: ensemble-2026-11-27b.md)
constexpr bool kLeadHeadings = false;  // a heading directly before a kept block (measured: idem)
// Runs may also hold pre / td / th: on by the lead (ensemble-2026-11-27c.md): it failed
// the datasets-CV gain rule (-0.0001, no dataset down > 0.001) but fixes code listings and
// table cells dropped between kept blocks on real pages (webeval: 3 pages better, 0 worse).
constexpr bool kRunStructured = true;
constexpr double kGroupShare = 0.6;  // rule 3: kept items / worded items of a group (set before any figure)
constexpr double kKept = 0.5;  // P(content) from which a node is kept (the extractor's threshold)

bool list_or_heading(Tag t) {
  switch (t) {
    case Tag::Li: case Tag::Dt: case Tag::Dd:
    case Tag::H1: case Tag::H2: case Tag::H3: case Tag::H4: case Tag::H5: case Tag::H6:
      return true;
    default:
      return false;
  }
}

// Code listings and table cells: the real web's READMEs, benchmark tables
// and product-property tables sit between kept paragraphs.
bool structured(Tag t) { return t == Tag::Pre || t == Tag::Td || t == Tag::Th; }

// The block's container is a heading or list item (or, with `more`, pre / td /
// th), or sits directly in one (<li><p>..</p></li>).
bool run_block(const Document& doc, uint32_t container, bool more) {
  if (container == kNone || container >= doc.nodes.size()) return false;
  auto ok = [&](Tag t) { return list_or_heading(t) || (more && structured(t)); };
  if (ok(doc.nodes[container].tag)) return true;
  const uint32_t parent = doc.nodes[container].parent;
  return parent != kNone && ok(doc.nodes[parent].tag);
}

// Lowest common ancestor of two nodes (parent chains and depths).
uint32_t common_ancestor(const Document& doc, uint32_t a, uint32_t b) {
  while (a != kNone && b != kNone && a != b) {
    if (doc.nodes[a].depth >= doc.nodes[b].depth) a = doc.nodes[a].parent;
    else b = doc.nodes[b].parent;
  }
  return a == b ? a : kNone;
}

bool below_body(const Document& doc, uint32_t node) {
  if (node == kNone || doc.nodes[node].kind != NodeKind::Element) return false;
  const Tag t = doc.nodes[node].tag;
  return t != Tag::Body && t != Tag::Html && t != Tag::Document;
}

// Rule 3: per repeated item, its kept and worded words; per group, its kept
// and worded items; then every worded node of a mostly kept group.
size_t complete_groups(Context& ctx, std::vector<double>& prob, double item_share, double group_share) {
  const Document& doc = ctx.doc();
  const std::vector<uint32_t>& words = ctx.text_words();
  const size_t n = std::min({prob.size(), words.size(), doc.text_nodes.size()});
  const EnsembleStructure st = ensemble_structure(doc, ctx.counts());
  std::vector<double> item_kept(doc.nodes.size(), 0.0), item_words(doc.nodes.size(), 0.0);
  for (size_t k = 0; k < n; ++k) {
    const uint32_t it = st.item[doc.text_nodes[k]];
    if (it == kNone || words[k] == 0) continue;
    item_words[it] += words[k];
    item_kept[it] += prob[k] >= kKept ? words[k] : 0;
  }
  std::vector<uint32_t> group_items(doc.nodes.size(), 0), group_kept(doc.nodes.size(), 0);
  for (size_t i = 0; i < doc.nodes.size(); ++i) {
    if (st.item[i] != i || item_words[i] == 0) continue;  // an item element with words
    ++group_items[st.group[i]];
    group_kept[st.group[i]] += item_kept[i] >= item_share * item_words[i];
  }
  size_t changed = 0;
  for (size_t k = 0; k < n; ++k) {
    const uint32_t node = doc.text_nodes[k];
    const uint32_t g = st.group[node];
    if (g == kNone || words[k] == 0 || prob[k] >= kKept || (st.flags[node] & kStructureNavigation)) continue;
    if (group_kept[g] >= group_share * group_items[g] && group_kept[g] > 0) prob[k] = kKept, ++changed;
  }
  return changed;
}

}  // namespace

EnsembleCompletion ensemble_completion_defaults() {
  EnsembleCompletion c;
  c.block_share = kBlockShare;
  c.run_max_blocks = kRunMaxBlocks;
  c.run_max_words = kRunMaxWords;
  c.run_max_link_density = kRunMaxLinkDensity;
  c.run_any = kRunAny;
  c.lead_headings = kLeadHeadings;
  c.run_structured = kRunStructured;
  c.group_share = kGroupShare;
  return c;
}

size_t ensemble_complete(Context& ctx, std::vector<double>& prob, const EnsembleCompletion& opt) {
  const Document& doc = ctx.doc();
  const TextBlocks& tb = ctx.blocks();
  const std::vector<uint32_t>& words = ctx.text_words();
  const size_t n = std::min(prob.size(), words.size());
  const size_t nb = tb.blocks.size();
  size_t changed = 0;
  auto keep = [&](size_t k) {
    if (words[k] > 0 && prob[k] < kKept) prob[k] = kKept, ++changed;
  };
  // Kept words and worded words per block.
  std::vector<double> kept(nb, 0.0), total(nb, 0.0), link(nb, 0.0);
  for (size_t b = 0; b < nb; ++b) {
    const TextBlock& blk = tb.blocks[b];
    for (uint32_t k = blk.text_begin; k < blk.text_end && k < n; ++k) {
      total[b] += words[k];
      kept[b] += prob[k] >= kKept ? words[k] : 0;
    }
    link[b] = blk.link_words;
  }
  auto is_kept = [&](size_t b) { return total[b] > 0 && kept[b] >= opt.block_share * total[b]; };
  auto keep_block = [&](size_t b) {  // every worded text node of block b
    const TextBlock& blk = tb.blocks[b];
    for (uint32_t k = blk.text_begin; k < blk.text_end && k < n; ++k) keep(k);
    kept[b] = total[b];
  };
  if (opt.blocks) {
    for (size_t b = 0; b < nb; ++b) {
      if (is_kept(b) && kept[b] != total[b]) keep_block(b);
    }
  }
  std::vector<size_t> worded;  // blocks with words, in document order
  for (size_t b = 0; b < nb; ++b)
    if (total[b] > 0) worded.push_back(b);
  if (opt.runs) {
    for (size_t i = 1; i + 1 < worded.size(); ++i) {
      if (!is_kept(worded[i - 1]) || is_kept(worded[i])) continue;
      // A run of not-kept heading / list blocks starting at worded[i].
      size_t j = i;
      double run_words = 0, run_links = 0;
      while (j < worded.size() && !is_kept(worded[j]) && j - i < opt.run_max_blocks &&
             (opt.run_any || run_block(doc, tb.blocks[worded[j]].container, opt.run_structured))) {
        run_words += total[worded[j]];
        run_links += link[worded[j]];
        ++j;
      }
      if (j == i || j >= worded.size() || !is_kept(worded[j])) continue;  // not flanked by kept blocks
      if (run_words > opt.run_max_words || run_links > opt.run_max_link_density * run_words) continue;
      const uint32_t lca = common_ancestor(doc, tb.blocks[worded[i - 1]].container, tb.blocks[worded[j]].container);
      if (!below_body(doc, lca)) continue;
      for (size_t r = i; r < j; ++r) keep_block(worded[r]);
      i = j;
    }
  }
  if (opt.lead_headings) {
    for (size_t i = 0; i + 1 < worded.size(); ++i) {
      const uint32_t c = tb.blocks[worded[i]].container;
      const bool heading = c < doc.nodes.size() && doc.nodes[c].tag >= Tag::H1 && doc.nodes[c].tag <= Tag::H6;
      if (!heading || is_kept(worded[i]) || !is_kept(worded[i + 1])) continue;
      if (link[worded[i]] > opt.run_max_link_density * total[worded[i]]) continue;
      keep_block(worded[i]);
    }
  }
  if (opt.groups) changed += complete_groups(ctx, prob, opt.block_share, opt.group_share);
  return changed;
}

}  // namespace wce
