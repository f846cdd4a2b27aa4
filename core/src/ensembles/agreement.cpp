// "Where several methods agree" (the extension's agreement view): each text
// node's label is the share of five extractors that keep it, so a page can be
// shaded by agreement. The members are the five best by mean ROUGE-LSum F1 on
// the nine datasets that are fast enough to run together
// (lab/results/bench-all-2026-11-23.md); they run once each through the
// Context. Not a main-content decision by itself: a node is "kept" (>= 0.5)
// when at least three of the five keep it.
#include <string>
#include <vector>

#include "extractors/extractor_util.hpp"
#include "extractors/registry_list.hpp"

namespace wce {
namespace {

const std::vector<std::string> kAgreementMembers = {"readability", "trafilatura", "domdistiller",
                                                    "boilerpipe_article", "resiliparse"};

}  // namespace

std::unique_ptr<Extractor> make_agreement() {
  return make_extractor(
      {"agreement", Family::Ensemble, "wce: the extension's agreement view",
       "The share of five extractors (readability, trafilatura, domdistiller, boilerpipe_article, resiliparse) "
       "that keep each text node: 0, 0.2, ..., 1; kept when three or more agree.",
       RenderStyle::Plain, kAgreementMembers},
      [](Context& ctx) {
        Labels share(ctx.doc().text_nodes.size(), 0.0f);
        for (const std::string& name : kAgreementMembers) {
          const Labels& l = ctx.labels(name);  // a declared member (needs), run once per page
          for (size_t k = 0; k < share.size(); ++k)
            if (l[k] >= kContentThreshold) share[k] += 1.0f / static_cast<float>(kAgreementMembers.size());
        }
        return share;
      });
}

}  // namespace wce
