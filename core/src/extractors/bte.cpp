// BTE, Body Text Extraction (Finn, Kushmerick and Smyth 2001).
//
// The page is a token sequence of tags and words. BTE picks the range [i, j]
// that maximises  tags before i + words inside [i, j] + tags after j.
// That equals (all tags) + sum over [i, j] of (+1 per word, -1 per tag), so
// the optimum is the maximum-sum subarray: Kadane's algorithm, linear time,
// instead of the original quadratic search over all (i, j).
//
// Tokens come from the Document, not the source bytes, so that both input
// paths agree: each element is one opening tag token and, unless it is a void
// element, one closing tag token; each text node contributes its words.
#include <vector>

#include "extractors/extractor_util.hpp"
#include "extractors/registry_list.hpp"

namespace wce {
namespace {

bool is_void(Tag t) {
  switch (t) {
    case Tag::Area: case Tag::Base: case Tag::Br: case Tag::Col: case Tag::Embed: case Tag::Hr:
    case Tag::Img: case Tag::Input: case Tag::Link: case Tag::Meta: case Tag::Param:
    case Tag::Source: case Tag::Track: case Tag::Wbr:
      return true;
    default:
      return false;
  }
}

Labels bte(Context& ctx) {
  const Document& doc = ctx.doc();
  const auto& words = ctx.text_words();
  Labels labels(doc.text_nodes.size(), 0.0f);
  // Run-length token stream: (value, count); text nodes remember their run.
  struct Run { int value; uint32_t count; uint32_t text_index; };
  std::vector<Run> runs;
  runs.reserve(doc.size() * 2);
  std::vector<uint32_t> open;  // elements awaiting their closing tag
  auto close_until = [&](uint32_t depth) {
    while (!open.empty() && doc.nodes[open.back()].depth >= depth) {
      runs.push_back({-1, 1, kNone});
      open.pop_back();
    }
  };
  for (uint32_t i = 1; i < doc.size(); ++i) {
    const Node& n = doc.nodes[i];
    close_until(n.depth);
    if (n.kind == NodeKind::Text) {
      runs.push_back({+1, words[n.text_index], n.text_index});
    } else {
      runs.push_back({-1, 1, kNone});
      if (!is_void(n.tag)) open.push_back(i);
    }
  }
  close_until(0);

  // Kadane over runs (a run of equal values never splits an optimum).
  long best = 0, cur = 0;
  size_t best_begin = 0, best_end = 0, cur_begin = 0;  // [begin, end)
  for (size_t r = 0; r < runs.size(); ++r) {
    long v = static_cast<long>(runs[r].value) * runs[r].count;
    if (cur <= 0) { cur = 0; cur_begin = r; }
    cur += v;
    if (cur > best) { best = cur; best_begin = cur_begin; best_end = r + 1; }
  }
  for (size_t r = best_begin; r < best_end; ++r)
    if (runs[r].text_index != kNone) labels[runs[r].text_index] = 1.0f;
  return labels;
}

}  // namespace

std::unique_ptr<Extractor> make_bte() {
  return make_extractor(
      {"bte", "heuristic", "Finn, Kushmerick, Smyth 2001: Fact or fiction (BTE)",
       "Body Text Extraction: the token range with most words and fewest tags, in linear time."},
      bte);
}

}  // namespace wce
