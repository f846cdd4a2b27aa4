// One benchmark page, scored: what `wce bench` (cli/bench.cpp) and the
// benchmark page (wasm/bindings.cpp benchPage) both do with a parsed page.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "wce/aggregate.hpp"
#include "wce/extractor.hpp"
#include "wce/run.hpp"

namespace wce {

// One extractor's run on a benchmark page.
struct BenchRun {
  ExtractorRun run;           // labels and text; error (and limit) when it failed
  double ms = 0;              // parse + extract + render
  std::vector<Score> scores;  // one per spec; empty when the run failed
};

// Runs each of `extractors` on `page`, each on a Context of its own (so that
// its time includes the shared features it uses; the parse time is added to
// everyone's), renders its text and scores it against `gold` with `specs`
// (score_page with the page's `lang`; the block-level measure from the labels
// against align_gold, aligned once per page, untimed, when a spec asks for
// it). A failing extractor gets its error and the others still run.
std::vector<BenchRun> bench_page(PageRun& page, const std::vector<const Extractor*>& extractors,
                                 std::string_view gold, const std::string& lang,
                                 const std::vector<MeasureSpec>& specs, const PageSnippets& snippets = {});

}  // namespace wce
