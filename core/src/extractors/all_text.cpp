// Baseline: every text node of the Document, like BeautifulSoup's get_text():
// the builders already drop script, style, noscript and template content
// (noscript is kept on a page read from its no-script fallback).
#include "extractors/extractor_util.hpp"
#include "extractors/registry_list.hpp"

namespace wce {

std::unique_ptr<Extractor> make_all_text() {
  return make_extractor(
      {"all_text", Family::Baseline, "Bevendorff et al. 2023 (BS4 get_text baseline)",
       "All text of the page outside script, style, noscript and template (on a page read from its no-script "
       "fallback, inside noscript too)."},
      [](Context& ctx) { return Labels(ctx.doc().text_nodes.size(), 1.0f); });
}

}  // namespace wce
