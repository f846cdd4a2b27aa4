// Inference time of extractors per page, parse excluded (issue 10: the
// learned extractors' target is a median of at most 2 ms per page natively):
//
//   learned_timing [--extractors boilernet,dragnet] [--max-pages N] DATA.jsonl.gz...
//
// Every page is parsed once (not timed); then each extractor runs on a fresh
// Context (its features included in the time), the extractors interleaved
// page by page so that machine load hits them alike. Prints per extractor:
// pages, median, mean, 90th percentile and maximum ms, and the median number
// of text nodes.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "io/dataset.hpp"
#include "wce/wce.hpp"

int main(int argc, char** argv) {
  std::vector<std::string> names = {"boilernet", "dragnet"}, inputs;
  size_t max_pages = 0;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--extractors" && i + 1 < argc) {
      names.clear();
      std::stringstream ss(argv[++i]);
      for (std::string n; std::getline(ss, n, ',');) names.push_back(n);
    } else if (a == "--max-pages" && i + 1 < argc) {
      max_pages = std::stoul(argv[++i]);
    } else {
      inputs.push_back(a);
    }
  }
  if (inputs.empty()) {
    std::cerr << "usage: learned_timing [--extractors a,b] [--max-pages N] DATA.jsonl.gz...\n";
    return 2;
  }
  std::vector<const wce::Extractor*> ex;
  for (const auto& n : names) {
    ex.push_back(wce::find_extractor(n));
    if (!ex.back()) { std::cerr << "learned_timing: unknown extractor " << n << "\n"; return 2; }
  }
  std::vector<std::vector<double>> ms(ex.size());
  std::vector<double> nodes;
  std::vector<wce::io::DatasetProblem> problems;
  size_t pages = 0;
  try {
    for (const auto& path : inputs) {
      size_t in_file = 0;
      wce::io::read_dataset(path, [&](wce::io::Page&& p) {
        if (max_pages && in_file >= max_pages) return;
        ++in_file; ++pages;
        wce::Document doc = wce::parse_html(p.html, "utf-8");
        nodes.push_back(static_cast<double>(doc.text_nodes.size()));
        for (size_t e = 0; e < ex.size(); ++e) {
          auto t0 = std::chrono::steady_clock::now();
          wce::Context ctx(doc);
          wce::Labels l = ex[e]->run(ctx);
          ms[e].push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
          if (l.size() != doc.text_nodes.size()) throw std::runtime_error(names[e] + ": wrong label count");
        }
      }, problems, wce::io::Need::Html);
    }
  } catch (const std::exception& e) {
    std::cerr << "learned_timing: " << e.what() << "\n";
    return 1;
  }
  auto pct = [](std::vector<double> v, double q) {
    if (v.empty()) return 0.0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, static_cast<size_t>(q * (v.size() - 1) + 0.5))];
  };
  std::printf("pages %zu, median text nodes %.0f\n", pages, pct(nodes, 0.5));
  std::printf("%-12s %8s %8s %8s %8s\n", "extractor", "median", "mean", "p90", "max");
  for (size_t e = 0; e < ex.size(); ++e) {
    double mean = 0;
    for (double v : ms[e]) mean += v;
    mean /= std::max<size_t>(ms[e].size(), 1);
    std::printf("%-12s %8.3f %8.3f %8.3f %8.3f\n", names[e].c_str(), pct(ms[e], 0.5), mean, pct(ms[e], 0.9),
                pct(ms[e], 1.0));
  }
  return 0;
}
