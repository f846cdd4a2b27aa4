// What trafilatura takes from other algorithms, and with which parameters,
// in one place as trafilatura's own external.py: the readability result (asked
// of the Context, so that it runs once per page) and jusText run with
// try_justext's parameters.
#pragma once
#include "extractors/justext.hpp"
#include "wce/context.hpp"

namespace wce {

// The parameters trafilatura uses (trafilatura 2.3.1 external.py try_justext:
// classify_paragraphs(paragraphs, stoplist, 50, 150, 0.1, 0.2, 0.25, True),
// revise_paragraph_classification(paragraphs, 150), and the stop list JT_STOPLIST,
// the words of every jusText list, when no target language is given).
inline JustextParams trafilatura_justext_params() {
  JustextParams p;
  p.length_low = 50;
  p.length_high = 150;
  p.stopwords_low = 0.1;
  p.stopwords_high = 0.2;
  p.max_link_density = 0.25;
  p.no_headings = true;
  p.max_heading_distance = 150;
  p.all_languages = true;
  return p;
}

// Readability's labels on this page (the first fallback, external.py
// try_readability), run once per Context.
inline const Labels& trafilatura_readability_labels(Context& ctx) { return ctx.labels("readability"); }

}  // namespace wce
