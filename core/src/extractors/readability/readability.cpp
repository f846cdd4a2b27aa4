// Readability: the content extraction algorithm of Mozilla's Readability.js
// (Firefox Reader View; github.com/mozilla/readability, npm
// @mozilla/readability 0.6.0, itself based on Arc90's readability.js 1.7.1),
// re-implemented from a reading of its source on our Document.
//
// What it does (names of the Readability.js methods in brackets):
//  1. Prepares the page [_removeScripts, _prepDocument]: script, noscript and
//     style elements are dropped, runs of two or more <br> become paragraphs
//     [_replaceBrs], <font> becomes <span>.
//  2. Walks the elements [_grabArticle]: removes hidden nodes, the first
//     byline, the first h1/h2 that repeats the title [_headerDuplicatesTitle],
//     "unlikely candidates" (class/id patterns, ARIA roles) and empty
//     containers; wraps runs of phrasing content of <div>s into paragraphs and
//     turns <div>s without block children into paragraphs.
//  3. Scores paragraph-like elements (1 + commas + 1 per 100 characters, up to
//     3) into their five nearest ancestors (divided by 1, 2, then 3 x level),
//     ancestors starting from a tag and class/id weight [_initializeNode];
//     scales each candidate by 1 - link density, keeps the top five, prefers a
//     common ancestor of three close runners-up, climbs to parents whose score
//     is higher, and merges qualifying siblings.
//  4. Cleans the article [_prepArticle]: data tables are marked, forms,
//     tables, lists and divs are removed when they look like boilerplate
//     [_cleanConditionally], objects/embeds/footers/asides/iframes/inputs/...
//     always [_clean], "share" elements and negative-weight h1/h2 too.
//  5. If the article has fewer than 500 characters, starts again from the
//     prepared page with one flag less (strip unlikely candidates, weight
//     classes, clean conditionally), finally keeping the longest attempt.
// Labels: 1 for every text node in the final article, 0 otherwise.
//
// The Document is never modified: the algorithm runs on a private copy of
// the tree structure (parent/child/sibling links, tags) to which it can add
// the elements Readability creates (paragraphs, the article container), with
// side tables for scores and data-table marks. Text measures are subtree
// folds in one backward pass over a pre-order list (no recursion; every
// pass is linear, and there is a bounded number of passes).
//
// Differences that follow from the Document (which keeps only the id, class,
// role and itemprop attributes): no href (so hash links are not discounted in
// link density), no src/attributes of embeds (allowed videos are not kept),
// no rel="author", aria-modal, summary/datatable/rowspan/colspan attributes,
// no <meta>/JSON-LD metadata (the title is taken from <title> only, and a
// byline in metadata does not stop the byline node from being removed),
// and _fixLazyImages (which may add images to figures) is not run.
//
// Files: readability.hpp (constants, the working tree, the class), rules.cpp
// (string rules), tree.cpp (the tree and its aggregates), grab_article.cpp,
// prep_article.cpp, this file (the retry loop).
#include "extractors/readability/readability.hpp"
#include "extractors/registry_list.hpp"

namespace wce {
namespace readability {

Labels Readability::run() {
  Labels labels(doc_.text_nodes.size(), 0.0f);
  build_tree();
  if (html_ == kNone || body_ == kNone) return labels;  // no page: Readability returns null
  // _prepDocument on the working tree.
  t_ = std::move(base_);
  // Room for the nodes the attempts add (paragraphs, the article): agg_ then
  // never moves its 96-byte entries when add_node() grows it (it keeps this
  // capacity across attempts; past it, it grows as usual).
  agg_.reserve(t_.v.size() + t_.v.size() / 4 + 64);
  agg_.assign(t_.v.size(), Agg{});
  score_.assign(t_.v.size(), 0);
  scored_.assign(t_.v.size(), 0);
  data_table_.assign(t_.v.size(), 0);
  compute(0, false);  // phrasing of A/DEL/INS before <font> becomes <span>
  replace_brs(body_);  // marks what it changes (touch)
  for (uint32_t x = 0; x < t_.v.size(); ++x)
    if (t_.v[x].tag == Tag::Font) {
      touch(x);  // its parent folds the new tag
      t_.v[x].tag = Tag::Span;
    }
  compute_dirty();
  title_ = article_title();
  base_ = t_;
  base_agg_ = agg_;

  std::vector<Attempt> attempts;
  while (true) {
    t_ = base_;
    agg_ = base_agg_;
    score_.assign(t_.v.size(), 0);
    scored_.assign(t_.v.size(), 0);
    data_table_.assign(t_.v.size(), 0);
    Attempt at;
    bool found = grab_article(body_, at);
    if (found && at.text_length >= kCharThreshold) {
      for (uint32_t ti : at.text_nodes) labels[ti] = 1.0f;
      top_score_ = at.top_score, second_score_ = at.second_score;
      return labels;
    }
    attempts.push_back(std::move(at));
    if (flags_ & kFlagStripUnlikelys) flags_ &= ~kFlagStripUnlikelys;
    else if (flags_ & kFlagWeightClasses) flags_ &= ~kFlagWeightClasses;
    else if (flags_ & kFlagCleanConditionally) flags_ &= ~kFlagCleanConditionally;
    else break;
  }
  // The longest attempt (the first of equals, as a stable sort keeps it).
  size_t best = 0;
  for (size_t i = 1; i < attempts.size(); ++i)
    if (attempts[i].text_length > attempts[best].text_length) best = i;
  if (attempts[best].text_length == 0) return labels;
  for (uint32_t ti : attempts[best].text_nodes) labels[ti] = 1.0f;
  top_score_ = attempts[best].top_score, second_score_ = attempts[best].second_score;
  return labels;
}

}  // namespace readability

std::unique_ptr<Extractor> make_readability() {
  return make_extractor(
      {"readability", Family::Heuristic,
       "Mozilla Readability.js 0.6.0 (github.com/mozilla/readability), after Arc90's readability.js",
       "Firefox Reader View: scores paragraphs into ancestors, picks the best candidate with its "
       "siblings, cleans it, retries with relaxed rules under 500 characters."},
      [](Context& ctx) { return readability::Readability(ctx.doc()).run(); });
}

}  // namespace wce
