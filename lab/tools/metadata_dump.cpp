// Writes our metadata (wce::extract_metadata) for every page of the given
// dataset files, one JSON line per page: {"id", "title", "author", "date",
// "modified", "site", "lang", "description", "url", "image", "ms", "parse_ms"}
// ("ms": the metadata pass alone; "parse_ms": the parse before it, to compare).
// lab/metadata/score.py scores it.
//
//   build/native/metadata_dump [--sources] ../shared/datasets/wcxb-dev.jsonl.gz > ours.jsonl
//
// --sources adds each source's own answer (core/src/metadata/parts.hpp), as
// "sources": {"json_ld": {...}, "open_graph", "dublin_core", "names", "microdata",
// "visible", "title_tag", "h1": [...]}, to measure each source alone.
#include <chrono>
#include <iostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "io/dataset.hpp"
#include "metadata/parts.hpp"
#include "wce/metadata.hpp"
#include "wce/run.hpp"

namespace {

nlohmann::json fields(const wce::Metadata& m) {
  return {{"title", m.title}, {"author", m.author}, {"date", m.date}, {"site", m.site}};
}

nlohmann::json sources(const wce::Document& doc) {
  using namespace wce::metadata;
  PageScan scan = scan_page(doc);
  MetaTagSources tags = from_meta_tags(scan, scan.lang);
  nlohmann::json h1 = nlohmann::json::array();
  for (uint32_t n : scan.h1) h1.push_back(element_text(doc, n, 400));
  return {{"json_ld", fields(from_json_ld(scan))}, {"open_graph", fields(tags.open_graph)},
          {"dublin_core", fields(tags.dublin_core)}, {"names", fields(tags.names)},
          {"microdata", fields(from_microdata(doc, scan, scan.lang))},
          {"visible", fields(from_visible(doc, scan, scan.lang))}, {"title_tag", scan.title}, {"h1", h1}};
}

}  // namespace

int main(int argc, char** argv) {
  bool with_sources = argc > 1 && std::string(argv[1]) == "--sources";
  if (argc < 2 + (with_sources ? 1 : 0)) {
    std::cerr << "usage: metadata_dump [--sources] DATASET.jsonl.gz... > metadata.jsonl\n";
    return 2;
  }
  size_t pages = 0;
  for (int a = with_sources ? 2 : 1; a < argc; ++a) {
    std::vector<wce::io::DatasetProblem> problems;
    wce::io::read_dataset(argv[a], [&](wce::io::Page&& p) {
      nlohmann::json out = {{"id", p.id}};
      try {
        auto tp = std::chrono::steady_clock::now();
        wce::PageRun run = wce::PageRun::parse(wce::io::page_source(p));
        auto t0 = std::chrono::steady_clock::now();
        double parse_ms = std::chrono::duration<double, std::milli>(t0 - tp).count();
        wce::Metadata m = wce::extract_metadata(run.doc(), p.url);
        double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        out.update({{"title", m.title}, {"author", m.author}, {"date", m.date}, {"modified", m.modified},
                    {"site", m.site}, {"lang", m.lang}, {"description", m.description}, {"url", m.url},
                    {"image", m.image}, {"ms", ms}, {"parse_ms", parse_ms}});
        if (with_sources) out["sources"] = sources(run.doc());
      } catch (const std::exception& e) {
        out["error"] = e.what();
      }
      std::cout << out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
      ++pages;
    }, problems, wce::io::Need::Html);
    for (const auto& pr : problems) std::cerr << pr.where << ": " << pr.what << "\n";
  }
  std::cerr << "metadata_dump: " << pages << " pages\n";
  return 0;
}
