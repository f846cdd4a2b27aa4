// Writes the page-type classifier's training rows: one JSON line per page of
// the given dataset files that has a meta.page_type (WCXB), with its id, URL,
// domain (for folds grouped by domain), type and features
// (wce::page_type_features, the very function the classifier runs), so that
// training never re-implements a feature (lab/learn/page_type.py).
//
//   build/native/page_type_dump ../shared/datasets/wcxb-dev.jsonl.gz > rows.jsonl
//
// --exact [--max-pages N] writes instead, for every page (with or without a
// type, the first N of each file), "id<TAB>x0<TAB>x1..." with each feature
// as a hex float (%a): a bit-for-bit record of the features, to diff two
// builds' outputs when the feature code changes but its values must not.
//
// --untyped also writes the pages without a type (page_type ""): the listing
// gate (lab/learn/listing_gate.py) learns from the nine article datasets'
// pages as non-listings. --split train|test|webeval-half0|webeval-half1 keeps
// the pages of that split only, as lab/tools/ensemble_dump chooses them.
// --gate adds each page's listing-gate P (wce::listing_gate_probability), to
// check the C++ inference against LightGBM's on the same pages.
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "io/dataset.hpp"
#include "wce/train.hpp"
#include "wce/train/fnv1a.hpp"

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
  bool exact = false, untyped = false, gate = false, bad_option = false;
  size_t max_pages = 0;
  std::string split;
  std::vector<std::string> inputs;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--exact") exact = true;
    else if (a == "--max-pages" && i + 1 < argc) max_pages = std::stoul(argv[++i]);
    else if (a == "--untyped") untyped = true;
    else if (a == "--gate") gate = true;
    else if (a == "--split" && i + 1 < argc) split = argv[++i];
    else if (a.rfind("--", 0) == 0) bad_option = true;
    else inputs.push_back(a);
  }
  const bool web = split == "webeval-half0" || split == "webeval-half1";
  if (!split.empty() && split != "train" && split != "test" && !web) bad_option = true;
  if (bad_option || inputs.empty()) {
    std::cerr << "usage: page_type_dump [--exact [--max-pages N]] [--untyped] "
                 "[--split train|test|webeval-half0|webeval-half1] [--gate] DATASET.jsonl.gz... > rows\n";
    return 2;
  }
  if (!exact) std::cout << nlohmann::json({{"feature_names", wce::page_type_feature_names()}}).dump() << "\n";
  size_t pages = 0;
  for (const std::string& input : inputs) {
    std::vector<wce::io::DatasetProblem> problems;
    size_t in_file = 0;
    wce::io::read_dataset(input, [&](wce::io::Page&& p) {
      if (!exact && !untyped && p.page_type.empty()) return;
      if (!split.empty() && (web ? wce::fnv1a(p.id) % 2 != (split == "webeval-half1" ? 1u : 0u)
                                 : wce::ensemble_training_page(p.dataset, p.id) != (split == "train")))
        return;
      if (max_pages && in_file >= max_pages) return;
      ++in_file;
      try {
        wce::PageRun run = wce::PageRun::parse(wce::io::page_source(p));
        const std::vector<double> x = wce::page_type_features(run.context(), p.url);
        if (exact) {
          std::string line = p.id;
          char buf[64];
          for (double v : x) {
            std::snprintf(buf, sizeof buf, "\t%a", v);
            line += buf;
          }
          std::cout << line << "\n";
          ++pages;
          return;
        }
        nlohmann::json row = {{"id", p.id}, {"url", p.url}, {"domain", domain_of(p.url)},
                              {"page_type", p.page_type}, {"dataset", p.dataset}, {"x", x}};
        if (gate) row["listing_gate"] = wce::listing_gate_probability(run.context());
        std::cout << row.dump() << "\n";
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
