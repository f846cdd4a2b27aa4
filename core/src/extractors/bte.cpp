// BTE, Body Text Extraction (Finn, Kushmerick and Smyth 2001).
//
// The page is a token sequence of tags and words. BTE picks the range [i, j]
// that maximises  tags before i + words inside [i, j] + tags after j.
// That equals (all tags) + sum over [i, j] of (+1 per word, -1 per tag), so
// the optimum is the maximum-sum subarray: Kadane's algorithm, linear time,
// instead of the original quadratic search over all (i, j).
//
// Tokens come from the Document, not the source bytes, so that both input
// paths agree (features/token_stream.hpp).
#include <vector>

#include "extractors/extractor_util.hpp"
#include "extractors/registry_list.hpp"
#include "features/token_stream.hpp"

namespace wce {
namespace {

Labels bte(Context& ctx) {
  const Document& doc = ctx.doc();
  Labels labels(doc.text_nodes.size(), 0.0f);
  const std::vector<TokenRun> runs = token_stream(doc, ctx.text_words());

  // Kadane over runs (+1 per word, -1 per tag; a run of equal values never
  // splits an optimum).
  long best = 0, cur = 0;
  size_t best_begin = 0, best_end = 0, cur_begin = 0;  // [begin, end)
  for (size_t r = 0; r < runs.size(); ++r) {
    long v = runs[r].is_tag() ? -static_cast<long>(runs[r].count) : static_cast<long>(runs[r].count);
    if (cur <= 0) { cur = 0; cur_begin = r; }
    cur += v;
    if (cur > best) { best = cur; best_begin = cur_begin; best_end = r + 1; }
  }
  for (size_t r = best_begin; r < best_end; ++r)
    if (!runs[r].is_tag()) labels[doc.nodes[runs[r].node].text_index] = 1.0f;
  return labels;
}

}  // namespace

std::unique_ptr<Extractor> make_bte() {
  return make_extractor(
      {"bte", Family::Heuristic, "Finn, Kushmerick, Smyth 2001: Fact or fiction (BTE)",
       "Body Text Extraction: the token range with most words and fewest tags, in linear time."},
      bte);
}

}  // namespace wce
