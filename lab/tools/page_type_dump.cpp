// Writes the page-type classifier's training rows: one JSON line per page of
// the given dataset files that has a meta.page_type (WCXB), with its id, URL,
// domain (for folds grouped by domain), type and features
// (wce::page_type_features, the very function the classifier runs), so that
// training never re-implements a feature (lab/learn/page_type.py).
//
//   build/native/page_type_dump ../shared/datasets/wcxb-dev.jsonl.gz > rows.jsonl
#include <iostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "io/dataset.hpp"
#include "wce/train.hpp"

namespace {

// The host of a URL without "www.": the grouping key of the folds.
std::string domain_of(const std::string& url) {
  size_t start = url.find("://");
  start = start == std::string::npos ? 0 : start + 3;
  size_t end = url.find_first_of("/?#:", start);
  std::string host = url.substr(start, end == std::string::npos ? std::string::npos : end - start);
  if (host.rfind("www.", 0) == 0) host = host.substr(4);
  return host;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: page_type_dump DATASET.jsonl.gz... > rows.jsonl\n";
    return 2;
  }
  std::cout << nlohmann::json({{"feature_names", wce::page_type_feature_names()}}).dump() << "\n";
  size_t pages = 0;
  for (int a = 1; a < argc; ++a) {
    std::vector<wce::io::DatasetProblem> problems;
    wce::io::read_dataset(argv[a], [&](wce::io::Page&& p) {
      if (p.page_type.empty()) return;
      try {
        wce::PageRun run = wce::PageRun::parse(wce::io::page_source(p));
        const std::vector<double> x = wce::page_type_features(run.context(), p.url);
        std::cout << nlohmann::json({{"id", p.id}, {"url", p.url}, {"domain", domain_of(p.url)},
                                     {"page_type", p.page_type}, {"x", x}})
                         .dump()
                  << "\n";
        ++pages;
      } catch (const std::exception& e) {
        std::cerr << "page_type_dump: " << p.id << ": skipped: " << e.what() << "\n";
      }
    }, problems, wce::io::Need::Html);
    for (const auto& pr : problems) std::cerr << pr.where << ": " << pr.what << "\n";
  }
  std::cerr << "page_type_dump: " << pages << " pages\n";
  return 0;
}
