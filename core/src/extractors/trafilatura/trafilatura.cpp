// Trafilatura: the extraction cascade of trafilatura 2.x (Barbaresi 2021,
// "Trafilatura: A Web Scraping Library and Command-Line Tool for Text
// Discovery and Extraction", ACL-IJCNLP 2021 System Demonstrations;
// github.com/adbar/trafilatura), re-implemented from a reading of version
// 2.3.1 (core.py, main_extractor.py, htmlprocessing.py, external.py,
// baseline.py, settings.py, xpaths.py) with its default options (balanced
// focus, comments and tables included, no links / images / formatting).
//
// The cascade (core.py trafilatura_sequence):
//  1. Tree cleaning (tree_cleaning): MANUALLY_STRIPPED tags are unwrapped,
//     MANUALLY_CLEANED tags deleted with their content (a <form> holding more
//     than half of the text becomes a <div>), empty CUT_EMPTY_ELEMS dropped;
//     then tag conversion (convert_tags: lists, headings, quotes, line
//     breaks; links inside div/li/p/table become "ref", others are
//     unwrapped, formatting tags are unwrapped).
//  2. Comments (extract_comments): the first COMMENTS_XPATH section with text
//     is taken out of the tree; its paragraphs are output after the text.
//  3. Main extractor (_extract): the BODY_XPATH expressions, in order, select
//     a container; it is pruned (prune_unwanted_sections: OVERALL_DISCARD,
//     caption and teaser rules, link density of div/list/p, tables) and its
//     elements are converted one by one (handle_textelem: paragraphs, titles,
//     lists, quotes, tables, line breaks, and divs when the page has little
//     paragraph text); the first container that yields more than one element
//     wins. Under MIN_EXTRACTED_SIZE characters, "wild" paragraphs of the
//     whole pruned page are added (recover_wild_text).
//  4. Comparison (external.py compare_extraction): readability's result
//     replaces ours when it is much longer (or ours has no paragraph text);
//     jusText (trafilatura's parameters, the union of all stop lists) when
//     the result is still short, if it is longer.
//  5. Baseline (baseline.py) when the text is still short: the <article>s,
//     else all paragraphs, else all the text of the body.
//  6. Recall escalation: a result under 3000 characters covering less than a
//     fifth of the page is redone in "recall" mode (stages 1, 3, 4 with the
//     recall rules) next to a jusText run; the longer wins above a ratio.
//
// Labels: 1 for the text nodes of the final body and comments, else 0.
//
// How it works here: the lxml element tree is modelled by a mutable copy of
// the Document's element structure (parent / child / sibling links) in which
// each element owns, as in lxml, its leading text ("text") and the text that
// follows it inside its parent ("tail"), as linked lists of text-node
// indices. Unwrapping, deleting with or without the tail, and the "done"
// marks then behave as in trafilatura, and every kept piece of text is still
// a text node of the page. Lengths are Python's len() of whitespace-collapsed
// text (code points). Every pass is a loop over a pre-order list (no
// recursion); the number of passes is bounded.
//
// Differences that follow from the Document or from our other extractors:
// readability is our Readability.js port, not trafilatura's readability-lxml
// fork; jusText uses the stopwords-iso lists; script content (JSON-LD
// articleBody, used first by the baseline) is not in the Document; only the
// id, class, role and itemprop attributes exist (style and aria-hidden tests
// use the hidden flag; data-* tests are dropped; colspan/rowspan do not
// matter for text); deduplication of recovered paragraphs is by exact text
// only; the forum-page special case (DiscussionForumPosting JSON-LD) and
// RAW_TREE_PRUNE_XPATH are left out; load_html's rejection of "dubious" HTML
// (a source whose first 50 characters lack "html" and that lxml parses into
// fewer than two children) needs the raw source and is not reproduced; and
// lxml (libxml2) builds another tree than an HTML5 parser for some
// malformed pages.
//
// Files: trafilatura.hpp (constants, rules, the tree), cleaning.cpp (1),
// comments.cpp (2), main_extractor.cpp (3), comparison.cpp (4),
// baseline.cpp (5), this file (the cascade, 6).
#include "extractors/trafilatura/trafilatura.hpp"
#include "extractors/registry_list.hpp"

namespace wce {
namespace trafilatura {

// ---- The cascade -------------------------------------------------------------

Labels Trafilatura::run() {
  const size_t nt = doc_.text_nodes.size();
  Labels labels(nt, 0.0f);
  if (nt == 0) return labels;
  std::vector<uint8_t> no_removal(doc_.size(), 0);
  {
    Len l;
    for (uint32_t c : clen_) l.add(c);
    page_length_ = l.value();
  }

  // 1-2. Cleaning, conversion, comments.
  Tree cleaned(doc_, stats_);
  tree_cleaning(cleaned, Focus::Balanced);
  Tree cleaned_backup = cleaned;
  convert_tags(cleaned);
  std::vector<uint32_t> comments = extract_comments(cleaned);
  const uint64_t len_comments = pieces_length(comments, clen_);

  // 3-4. Main extractor and comparison.
  Extracted body = extract_content(cleaned, Focus::Balanced);
  body = compare_extraction(cleaned_backup, no_removal, std::move(body), Focus::Balanced);

  // 5. Baseline rescue, accepted when it adds text.
  if (body.len < kMinExtractedSize) {
    Extracted b = baseline(no_removal);
    if (b.len > body.len) body = std::move(b);
  }

  // 6. Recall escalation.
  if (body.len > 0 && body.len < kEscalationMaxLength &&
      body.len < kEscalationPageShare * static_cast<double>(html2txt_length(no_removal))) {
    // The escalation input: comment containers removed (and comment lists
    // when comments were captured).
    Tree esc(doc_, stats_);
    prune_nodes(esc, 0, [&](uint32_t e) {
      Tag tg = doc_.nodes[e].tag;
      bool kinds = tg == Tag::Div || tg == Tag::Section || tg == Tag::Details ||
                   (len_comments > 0 && (tg == Tag::Ol || tg == Tag::Ul));
      if (!kinds || !any_pred<kRemoveComments>(doc_, e)) return false;
      // (?!ary): "commentary" does not count as a comment section.
      if (any_pred<kCommentary>(doc_, e)) return any_pred<kArticleComments>(doc_, e);
      return true;
    });
    std::vector<uint8_t> esc_removed = removed_mask(esc);
    Tree r_cleaned = esc;
    tree_cleaning(r_cleaned, Focus::Recall);
    Tree r_backup = r_cleaned;
    convert_tags(r_cleaned);
    Extracted r = extract_content(r_cleaned, Focus::Recall);
    r = compare_extraction(r_backup, esc_removed, std::move(r), Focus::Recall);
    Extracted j = justext_on(basic_cleaning_mask(esc_removed));
    if (j.len > r.len && j.len > kEscalationJustextRatio * body.len) body = std::move(j);
    else if (r.len >= kMinExtractedSize && r.len > kEscalationAcceptRatio * body.len) body = std::move(r);
  }

  if (body.len < kMinOutputSize && len_comments < kMinOutputCommSize) return labels;
  for (uint32_t t : body.pieces) labels[t] = 1.0f;
  for (uint32_t t : comments) labels[t] = 1.0f;
  return labels;
}

}  // namespace trafilatura

std::unique_ptr<Extractor> make_trafilatura() {
  return make_extractor(
      {"trafilatura", Family::Heuristic,
       "Barbaresi 2021: Trafilatura, ACL-IJCNLP System Demonstrations (trafilatura 2.3.1)",
       "Trafilatura's cascade: cleaning, content-container XPath rules with discard lists and link "
       "density, then readability / jusText comparison, baseline and recall retry.",
       RenderStyle::Plain,
       {"readability"}},
      [](Context& ctx) { return trafilatura::Trafilatura(ctx).run(); });
}

}  // namespace wce
