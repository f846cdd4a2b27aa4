// jusText with other parameters than its defaults (internal header), for
// callers that run it their own way (trafilatura's fallback owns its
// parameters: trafilatura/external.hpp).
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

// jusText labels; `removed` (one flag per Document node, optional) marks
// elements deleted with their subtree before segmentation.
Labels justext_labels(Context& ctx, const JustextParams& params, const std::vector<uint8_t>* removed);

}  // namespace wce
