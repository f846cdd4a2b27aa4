// Inference time of extractors per page, parse excluded (issue 10: the
// learned extractors' target is a median of at most 2 ms per page natively):
//
//   learned_timing [--extractors boilernet,boilernet_small,dragnet,web2text] [--max-pages N] DATA.jsonl.gz...
//
// Every page is parsed once (timed apart, the "parse" row); then each
// extractor runs on a fresh Context (its features included in the time), the
// extractors interleaved page by page so that machine load hits them alike.
// Prints per extractor: median, mean, 90th percentile and maximum ms of wall
// time, and the median ms of the thread's CPU time (on a shared machine the
// wall time also counts the time the thread waited for a core), and the median
// number of text nodes. --repeat N runs each extractor N times per page and
// keeps the fastest (less noise from other processes).
#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "io/dataset.hpp"
#include "wce/wce.hpp"

int main(int argc, char** argv) {
  std::vector<std::string> names = {"boilernet", "boilernet_small", "dragnet", "web2text"}, inputs;
  size_t max_pages = 0, repeat = 1;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--extractors" && i + 1 < argc) {
      names.clear();
      std::stringstream ss(argv[++i]);
      for (std::string n; std::getline(ss, n, ',');) names.push_back(n);
    } else if (a == "--max-pages" && i + 1 < argc) {
      max_pages = std::stoul(argv[++i]);
    } else if (a == "--repeat" && i + 1 < argc) {
      repeat = std::max<size_t>(1, std::stoul(argv[++i]));
    } else {
      inputs.push_back(a);
    }
  }
  if (inputs.empty()) {
    std::cerr << "usage: learned_timing [--extractors a,b] [--max-pages N] [--repeat N] DATA.jsonl.gz...\n";
    return 2;
  }
  std::vector<const wce::Extractor*> ex;
  for (const auto& n : names) {
    ex.push_back(wce::find_extractor(n));
    if (!ex.back()) { std::cerr << "learned_timing: unknown extractor " << n << "\n"; return 2; }
  }
  auto cpu_ms = [] {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
  };
  auto wall_ms = [] { return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count(); };
  // Rows: the extractors, then the parse.
  std::vector<std::vector<double>> ms(ex.size() + 1), cpu(ex.size() + 1);
  std::vector<double> nodes;
  std::vector<wce::io::DatasetProblem> problems;
  size_t pages = 0;
  try {
    for (const auto& path : inputs) {
      size_t in_file = 0;
      wce::io::read_dataset(path, [&](wce::io::Page&& p) {
        if (max_pages && in_file >= max_pages) return;
        ++in_file; ++pages;
        double w0 = wall_ms(), c0 = cpu_ms();
        wce::Document doc = wce::parse_html(p.html, "utf-8");
        ms[ex.size()].push_back(wall_ms() - w0);
        cpu[ex.size()].push_back(cpu_ms() - c0);
        nodes.push_back(static_cast<double>(doc.text_nodes.size()));
        for (size_t e = 0; e < ex.size(); ++e) {
          double best_w = 1e300, best_c = 1e300;
          for (size_t rep = 0; rep < repeat; ++rep) {
            w0 = wall_ms();
            c0 = cpu_ms();
            wce::Context ctx(doc);
            wce::Labels l = ex[e]->run(ctx);
            best_w = std::min(best_w, wall_ms() - w0);
            best_c = std::min(best_c, cpu_ms() - c0);
            if (l.size() != doc.text_nodes.size()) throw std::runtime_error(names[e] + ": wrong label count");
          }
          ms[e].push_back(best_w);
          cpu[e].push_back(best_c);
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
  std::printf("%-12s %8s %8s %8s %8s %8s\n", "extractor", "median", "mean", "p90", "max", "cpu_med");
  names.push_back("(parse)");
  for (size_t e = 0; e < ms.size(); ++e) {
    double mean = 0;
    for (double v : ms[e]) mean += v;
    mean /= std::max<size_t>(ms[e].size(), 1);
    std::printf("%-12s %8.3f %8.3f %8.3f %8.3f %8.3f\n", names[e].c_str(), pct(ms[e], 0.5), mean, pct(ms[e], 0.9),
                pct(ms[e], 1.0), pct(cpu[e], 0.5));
  }
  return 0;
}
