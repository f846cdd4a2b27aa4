// Boilerpipe: Kohlschütter, Fankhauser, Nejdl, "Boilerplate Detection using
// Shallow Text Features", WSDM 2010; the reference is the authors' Java
// library boilerpipe 1.2.0 (Debian's libboilerpipe-java, package de.l3s.boilerpipe),
// whose rules and constants are reproduced here and cited by class name.
//
// 1. Segmentation (sax/BoilerpipeHTMLContentHandler + DefaultTagActionMap):
//    the document is replayed as SAX events. Every element that is not in the
//    tag action map (div, p, td, li, h1, br, img, ...) ends the current text
//    block; inline tags (b, i, span, ...) do not; a, script, style, option,
//    ... have their own actions (kTagActions below). A block's words are the
//    tokens of UnicodeTokenizer that contain a letter or digit; words inside
//    <a> are anchor words. Shallow features per block:
//      link density  = anchor words / words
//      text density  = words per line, with the text wrapped at 80 characters
//                      (only the completed lines count when there are several)
//      tag level     = element depth as counted by the handler
//    and the classifiers look at the previous and next block too.
// 2. Filter pipelines (extractors/*Extractor):
//      boilerpipe          DefaultExtractor: SimpleBlockFusionProcessor,
//                          BlockProximityFusion(1), DensityRulesClassifier
//      boilerpipe_article  ArticleExtractor: TerminatingBlocksFinder,
//                          DocumentTitleMatchClassifier, NumWordsRulesClassifier,
//                          IgnoreBlocksAfterContentFilter(60), BlockProximityFusion(1),
//                          BoilerplateBlockFilter, BlockProximityFusion(1, content only),
//                          KeepLargestBlockFilter, ExpandTitleToContentFilter
//      boilerpipe_largest  LargestContentExtractor: NumWordsRulesClassifier,
//                          BlockProximityFusion(1), KeepLargestBlockFilter
//      boilerpipe_keepall  KeepEverythingExtractor: MarkEverythingContentFilter
//    (Later releases, 1.2.x/2.0 of kohlschutter/boilerpipe, added more filters
//    to ArticleExtractor, e.g. TrailingHeadlineToBoilerplateFilter,
//    LargeBlockSameTagLevelToContentFilter, ListAtEndFilter; 1.2.0 has none.)
// 3. Labels: every text node whose text went into a block that ends up
//    content gets 1.0, all others 0.0.
// Files: segmenter.cpp (1), filters.cpp (the classifiers and filters of 2),
// this file (the pipelines of 2, and 3); boilerpipe.hpp is the block model.
//
// Faithfulness notes. The original parses with NekoHTML; we replay our
// Document (Gumbo, or the live DOM), so pages that the two parsers repair
// differently segment differently: Neko closes an open <a> at a <table> and
// at the end of its block where HTML5 keeps or re-opens it (link density), it
// ends an unclosed <title> at the next tag where HTML5 reads the rest of the
// page as the title, and it passes text in chunks split at entities, which
// collapses some whitespace runs in block texts (only title matching sees
// those). Tags our Document does not name (acronym, applet) are treated as
// unlisted tags. The tag level follows our tree (Neko nests tables flatter);
// none of the four pipelines reads it. The handler's and filters' quirks are
// kept on purpose: the anchor state persists across blocks; a buffer with only
// anchor markers is not emitted and carries over; the <title> text fixes the
// tag level of the first body block; BlockProximityFusion merges a content
// block into the block before it even when that one is boilerplate.
#include <string>
#include <vector>

#include "extractors/boilerpipe/boilerpipe.hpp"
#include "extractors/extractor_util.hpp"
#include "extractors/registry_list.hpp"

namespace wce {
namespace boilerpipe {
namespace {

// filters/english/IgnoreBlocksAfterContentFilter.DEFAULT_INSTANCE: blocks
// after an end-of-text mark are dropped once this many full-text words
// (HeuristicFilterBase.getNumFullTextWords: words of content blocks with text
// density >= 9) came before it.
constexpr int kIgnoreAfterContentMinWords = 60;
// filters/heuristics/BlockProximityFusion.MAX_DISTANCE_1(_CONTENT_ONLY).
constexpr int kProximityMaxDistance = 1;

}  // namespace

// ---------------------------------------------------------------------------
// The extractors.

void run_pipeline(TextDocument& d, Pipeline p) {
  Blocks& bs = d.blocks;
  switch (p) {
    case Pipeline::Default:  // extractors/DefaultExtractor
      simple_block_fusion(bs);
      block_proximity_fusion(bs, kProximityMaxDistance, false);
      density_rules_classifier(bs);
      break;
    case Pipeline::Article:  // extractors/ArticleExtractor
      terminating_blocks_finder(bs, d);
      document_title_match_classifier(bs, d);
      num_words_rules_classifier(bs);
      ignore_blocks_after_content(bs, kIgnoreAfterContentMinWords);
      block_proximity_fusion(bs, kProximityMaxDistance, false);
      boilerplate_block_filter(bs);
      block_proximity_fusion(bs, kProximityMaxDistance, true);
      keep_largest_block(bs);
      expand_title_to_content(bs);
      break;
    case Pipeline::Largest:  // extractors/LargestContentExtractor
      num_words_rules_classifier(bs);
      block_proximity_fusion(bs, kProximityMaxDistance, false);
      keep_largest_block(bs);
      break;
    case Pipeline::KeepEverything:  // extractors/KeepEverythingExtractor (MarkEverythingContentFilter)
      for (Block& b : bs) b.content = true;
      break;
  }
}

}  // namespace boilerpipe

namespace {

// Every text node whose text went into a content block gets 1.0.
Labels run(Context& ctx, boilerpipe::Pipeline p) {
  const Document& doc = ctx.doc();
  boilerpipe::TextDocument d = boilerpipe::segment(doc);
  boilerpipe::run_pipeline(d, p);
  Labels labels(doc.text_nodes.size(), 0.0f);
  for (const boilerpipe::Block& b : d.blocks) {
    if (!b.content) continue;
    for (uint32_t a : b.atoms)
      for (uint32_t k = d.atom_node_begin[a]; k < d.atom_node_begin[a + 1]; ++k)
        labels[d.atom_nodes[k]] = 1.0f;
  }
  return labels;
}

constexpr const char* kReference =
    "Kohlschütter, Fankhauser, Nejdl 2010: Boilerplate detection using shallow text features "
    "(boilerpipe 1.2.0)";

}  // namespace

std::unique_ptr<Extractor> make_boilerpipe() {
  return make_extractor(
      {"boilerpipe", Family::Heuristic, kReference,
       "Boilerpipe DefaultExtractor: text blocks classified by link density and text density "
       "of the block and its neighbours (C4.8 rules)."},
      [](Context& ctx) { return run(ctx, boilerpipe::Pipeline::Default); });
}

std::unique_ptr<Extractor> make_boilerpipe_article() {
  return make_extractor(
      {"boilerpipe_article", Family::Heuristic, kReference,
       "Boilerpipe ArticleExtractor: word-count rules, end-of-article cues, the title, and the "
       "largest merged content block."},
      [](Context& ctx) { return run(ctx, boilerpipe::Pipeline::Article); });
}

std::unique_ptr<Extractor> make_boilerpipe_largest() {
  return make_extractor(
      {"boilerpipe_largest", Family::Heuristic, kReference,
       "Boilerpipe LargestContentExtractor: word-count rules, then only the largest merged "
       "content block."},
      [](Context& ctx) { return run(ctx, boilerpipe::Pipeline::Largest); });
}

std::unique_ptr<Extractor> make_boilerpipe_keepall() {
  return make_extractor(
      {"boilerpipe_keepall", Family::Baseline, kReference,
       "Boilerpipe KeepEverythingExtractor: all text of Boilerpipe's text blocks (body text "
       "outside script, style, option, object, embed, link, noscript)."},
      [](Context& ctx) { return run(ctx, boilerpipe::Pipeline::KeepEverything); });
}

}  // namespace wce
