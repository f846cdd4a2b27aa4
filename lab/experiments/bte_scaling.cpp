// BTE's time per page against page size: real dataset pages, and the same
// pages with their <body> content repeated 10x and 100x. Linear time means
// the ms per MB column stays flat. Parse (Gumbo) and BTE are timed apart.
//
//   build/native/bte_scaling ../shared/datasets/l3s-gn1.jsonl.gz [pages=20]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "io/dataset.hpp"
#include "wce/wce.hpp"

// The page with the inside of its <body> repeated `times` times.
static std::string inflate(const std::string& html, int times) {
  size_t open = html.find("<body");
  size_t start = open == std::string::npos ? std::string::npos : html.find('>', open);
  size_t end = html.rfind("</body>");
  if (start == std::string::npos || end == std::string::npos || end <= start) {
    std::string out;
    for (int i = 0; i < times; ++i) out += html;
    return out;
  }
  std::string inner = html.substr(start + 1, end - start - 1);
  std::string out = html.substr(0, start + 1);
  for (int i = 0; i < times; ++i) out += inner;
  out += html.substr(end);
  return out;
}

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: bte_scaling DATASET.jsonl[.gz] [pages]\n");
    return 2;
  }
  size_t want = argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 20;
  std::vector<std::string> pages;
  std::vector<wce::io::DatasetProblem> problems;
  wce::io::read_dataset(argv[1], [&](wce::io::Page&& p) {
    if (pages.size() < want) pages.push_back(std::move(p.html));
  }, problems);
  const wce::Extractor* bte = wce::find_extractor("bte");
  std::printf("%-6s %6s %10s %12s %12s %14s %14s\n", "scale", "pages", "MB total", "parse ms/pg",
              "bte ms/pg", "parse ms/MB", "bte ms/MB");
  for (int scale : {1, 10, 100}) {
    double bytes = 0, parse_ms = 0, bte_ms = 0;
    for (const auto& h : pages) {
      std::string html = inflate(h, scale);
      bytes += html.size();
      wce::PageRun run = wce::PageRun::parse({html, "utf-8", {}});
      wce::ExtractorRun x = run.run(*bte, /*render=*/false);
      if (!x.ok()) return 1;
      parse_ms += run.parse_ms();
      bte_ms += x.extract_ms;
    }
    double mb = bytes / 1e6, n = static_cast<double>(pages.size());
    std::printf("%-6d %6zu %10.1f %12.2f %12.3f %14.2f %14.3f\n", scale, pages.size(), mb,
                parse_ms / n, bte_ms / n, parse_ms / mb, bte_ms / mb);
  }
  return 0;
}
