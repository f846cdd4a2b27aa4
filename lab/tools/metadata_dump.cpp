// Writes our metadata (wce::extract_metadata) for every page of the given
// dataset files, one JSON line per page: {"id", "title", "author", "date",
// "modified", "site", "lang", "description", "url", "image", "ms"} ("ms": the
// metadata pass alone, parse excluded). lab/metadata/score.py scores it.
//
//   build/native/metadata_dump ../shared/datasets/wcxb-dev.jsonl.gz > ours.jsonl
#include <chrono>
#include <iostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "io/dataset.hpp"
#include "wce/metadata.hpp"
#include "wce/run.hpp"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: metadata_dump DATASET.jsonl.gz... > metadata.jsonl\n";
    return 2;
  }
  size_t pages = 0;
  for (int a = 1; a < argc; ++a) {
    std::vector<wce::io::DatasetProblem> problems;
    wce::io::read_dataset(argv[a], [&](wce::io::Page&& p) {
      nlohmann::json out = {{"id", p.id}};
      try {
        wce::PageRun run = wce::PageRun::parse(wce::io::page_source(p));
        auto t0 = std::chrono::steady_clock::now();
        wce::Metadata m = wce::extract_metadata(run.doc(), p.url);
        double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        out.update({{"title", m.title}, {"author", m.author}, {"date", m.date}, {"modified", m.modified},
                    {"site", m.site}, {"lang", m.lang}, {"description", m.description}, {"url", m.url},
                    {"image", m.image}, {"ms", ms}});
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
