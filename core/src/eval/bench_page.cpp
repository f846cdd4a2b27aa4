#include "wce/bench.hpp"

#include <optional>

#include "wce/align.hpp"

namespace wce {

std::vector<BenchRun> bench_page(PageRun& page, const std::vector<const Extractor*>& extractors,
                                 std::string_view gold, const std::string& lang,
                                 const std::vector<MeasureSpec>& specs, const PageSnippets& snippets) {
  // Gold node labels for the block-level measure, once per page (not timed).
  std::optional<GoldAlignment> gold_nodes;
  if (wants_block(specs)) gold_nodes = align_gold(page.doc(), gold);
  std::vector<BenchRun> out;
  out.reserve(extractors.size());
  for (const Extractor* ex : extractors) {
    BenchRun b;
    b.run = page.run(*ex, /*render=*/true, /*fresh=*/true);
    if (b.run.ok()) {
      b.ms = page.parse_ms() + b.run.extract_ms + b.run.render_ms;
      b.scores = score_page(b.run.text, gold, lang, specs, snippets);
      if (gold_nodes) set_block_score(b.scores, specs, block_prf(block_counts(b.run.labels, *gold_nodes)));
    }
    out.push_back(std::move(b));
  }
  return out;
}

}  // namespace wce
