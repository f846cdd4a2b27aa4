// jusText with other parameters than its defaults (internal header): the
// trafilatura extractor runs it as its second fallback with the parameters
// of trafilatura/external.py (try_justext) on a cleaned page.
#pragma once
#include <cstdint>
#include <vector>

#include "wce/extractor.hpp"

namespace wce {

// Defaults: justext/core.py (LENGTH_LOW_DEFAULT, LENGTH_HIGH_DEFAULT,
// STOPWORDS_LOW_DEFAULT, STOPWORDS_HIGH_DEFAULT, MAX_LINK_DENSITY_DEFAULT,
// NO_HEADINGS_DEFAULT, MAX_HEADING_DISTANCE_DEFAULT).
struct JustextParams {
  uint32_t length_low = 70, length_high = 200;
  double stopwords_low = 0.30, stopwords_high = 0.32;
  double max_link_density = 0.2;
  bool no_headings = false;
  uint32_t max_heading_distance = 200;
  // A word is a stop word when it is in any of jusText's lists (their
  // union), instead of the page's language.
  bool all_languages = false;
};

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

// jusText labels; `removed` (one flag per Document node, optional) marks
// elements deleted with their subtree before segmentation.
Labels justext_labels(Context& ctx, const JustextParams& params, const std::vector<uint8_t>* removed);

}  // namespace wce
