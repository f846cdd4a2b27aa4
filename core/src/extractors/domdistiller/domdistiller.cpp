// DOM Distiller: the content extractor of Chrome's reader mode (Chromium
// dom-distiller, Java/GWT), as ported to Go by markusmobius/go-domdistiller
// v1.0.0, the version the peer benchmark runs. Its core is a Boilerpipe
// ArticleExtractor (Kohlschütter et al., WSDM 2010) on DOM-aware text blocks;
// the rules and constants below are the Go port's, cited by file.
//
// 1. Conversion (converter/dom-converter.go, webdoc/document-builder.go,
//    webdoc/text-builder.go, webdoc/element-action.go). The DOM is walked;
//    whole subtrees are dropped when hidden (hidden, aria-hidden, inline
//    display:none; domutil.IsProbablyVisible), class "sharing"/"socialArea",
//    bylines (rel=author, class/id or itemprop "author", < 100 characters), "unlikely
//    candidates" (class/id patterns, ARIA roles; first pass only), empty
//    div/section/header/h1-h6, forms and their fields, head/script/style/svg/
//    iframe. Images, videos, figures and data tables (tableclass: Chromium's
//    layout/data table rules) become non-text elements. Every element whose
//    default display is not inline ends the current text run ("flush") and
//    raises the tag level, except inside <li>/<summary>. Runs get the labels
//    of the open elements: nav/aside and "comment" class/id are strictly not
//    content, li and h1-h6 mark list items and headings. Words are counted
//    per text node (stringutil/word-counter.go), anchor words inside <a href>.
// 2. Runs of the same flush group form blocks (webdoc/document.go), then the
//    ArticleExtractor chain (extractor/article.go): TerminatingBlocksFinder,
//    DocumentTitleMatch, NumWordsRulesClassifier, LabelToBoilerplate(strictly
//    not content), SimilarSiblingContentExpansion (twice), HeadingFusion,
//    BlockProximityFusion, BoilerplateBlock, BlockProximityFusion (same tag
//    level), KeepLargestBlock (+ siblings), ExpandTitleToContent,
//    LargeBlockAroundTagLevelToContent, ListAtEnd. The filters that are the
//    same as Boilerpipe 1.2's (NumWordsRules, BoilerplateBlock,
//    KeepLargestBlock, ExpandTitleToContent, the terminating patterns) are
//    boilerpipe.cpp's, run on the same Block type.
// 3. If the content has fewer than 500 words (extractor/content.go
//    documentCharThreshold), everything is redone without the unlikely-
//    candidate pass. Non-text elements that follow content become content
//    (docfilter/relevant-elements.go). Blocks that match the title are
//    content but not output (webdoc/text.go), so their text nodes get 0.
//
// Structured-data hints: DOM Distiller reads OpenGraph/schema.org markup only
// for metadata and the title; of the title candidates (markup title, then the
// <title> cleaned up Readability-style, extractor/document-title.go) only the
// second is available here (see potential_titles). Attributes our Document lacks (style
// display values other than none, href values other than "javascript:",
// data-component) are not used: MediaWiki edit links are kept, for one.
//
// Files: domdistiller.hpp (constants, helpers), facts.cpp (per-node facts),
// converter.hpp (DOM to text runs), pipeline.hpp (the filter chain),
// titles.cpp (title candidates), this file (labels and the driver).
#include "extractors/domdistiller/pipeline.hpp"
#include "extractors/registry_list.hpp"

namespace wce {
namespace domdistiller {

const Rules& rules() {
  static const Rules r;
  return r;
}

// TextDocument.ApplyToModel and docfilter/RelevantElements: the runs of
// content blocks are content, title blocks are not output, and figures and
// data tables that follow content are content.
void apply(const Document& doc, const Facts& facts, Converter& conv, const Blocks& bs, Labels& labels) {
  for (const Block& b : bs) {
    if (!b.content) continue;
    for (uint32_t a : b.atoms) {
      conv.texts[a].content = true;
      conv.texts[a].title = (b.labels & bp::kLabelTitle) != 0;
    }
  }
  bool in_content = false;
  for (const Element& e : conv.elements) {
    if (e.is_text) {
      const Text& t = conv.texts[e.index];
      in_content = t.content;
      if (!t.content || t.title) continue;
      for (uint32_t k = t.seq_begin; k < t.seq_end; ++k) {
        uint32_t node = conv.seq[k];
        if (doc.is_text(node)) labels[doc.nodes[node].text_index] = 1.0f;
      }
    } else if (in_content && e.has_text) {
      for (uint32_t k = e.index + 1; k < facts.end[e.index]; ++k)
        if (doc.is_text(k)) labels[doc.nodes[k].text_index] = 1.0f;
    }
  }
}

Labels run(Context& ctx) {
  const Document& doc = ctx.doc();
  Labels labels(doc.text_nodes.size(), 0.0f);
  if (doc.size() < 2) return labels;
  const Facts facts = compute_facts(doc);
  const Counter counter = select_counter(doc);
  const std::vector<std::string> titles = potential_titles(doc, counter);
  // extractor/content.go: first without unlikely candidates, then, if that
  // leaves too little, with them.
  for (bool skip_unlikelies : {true, false}) {
    Converter conv(doc, facts, counter, skip_unlikelies);
    conv.run();
    Pipeline pl{doc, facts, conv.texts, {}, conv.moved};
    int words = pl.run(conv.elements, titles);
    if (words >= kMinContentWords || !skip_unlikelies) {
      apply(doc, facts, conv, pl.bs, labels);
      break;
    }
  }
  return labels;
}

}  // namespace domdistiller

std::unique_ptr<Extractor> make_domdistiller() {
  return make_extractor(
      {"domdistiller", Family::Heuristic,
       "Chromium DOM Distiller (Chrome reader mode), as in its Go port markusmobius/go-domdistiller "
       "1.0.0; Kohlschütter et al. 2010 (Boilerpipe)",
       "DOM Distiller: DOM-aware Boilerpipe blocks (hidden, byline and unlikely elements dropped, "
       "nav/aside/comments strictly boilerplate), the ArticleExtractor chain with sibling and "
       "heading expansion, the largest block and its siblings; title blocks left out."},
      domdistiller::run);
}

}  // namespace wce
