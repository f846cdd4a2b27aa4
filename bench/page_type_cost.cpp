// The page type's cost against the parse (issue 32: the ensemble's budget is
// 3x the parse on top of the parse; the extension's later click must stay at
// most 1.0x Readability.js):
//
//   page_type_cost [--extractor ensemble] [--max-pages N] [--repeat N] [--types [--no-attributes]] DATA.jsonl.gz | PAGES_DIR ...
//
// Per page: the parse; the extractor on the page's Context (as the extension's
// classify runs it); then wce::classify_page_type on that same Context (what
// asking for the page type adds to a classify call: the shared features the
// extractor computed are reused), and on a fresh Context (the page type
// alone). The record's URL feeds the URL features, as the extension passes
// the tab's. Thread CPU time (on a shared machine the wall time also counts
// waiting for a core); --repeat keeps the fastest of N runs of each step.
// Prints medians, 90th percentiles and sums, and the sums' ratios to the parse.
// --types prints instead, per page, "id<TAB>type<TAB>probability" (%.17g):
// the native side of tests/js/api-page-type.test.js (native == WASM). With
// --no-attributes the Document's kept attributes are dropped first, as the
// extension's flat DOM has none (its page type is the flat DOM's).
#include <algorithm>
#include <cstdio>
#include <ctime>
#include <iostream>
#include <string>
#include <vector>

#include "io/dataset.hpp"
#include "wce/wce.hpp"

namespace {

double cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

double quantile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[static_cast<size_t>(q * static_cast<double>(v.size() - 1) + 0.5)];
}

double sum(const std::vector<double>& v) {
  double s = 0;
  for (double x : v) s += x;
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  std::string extractor_name = wce::kDefaultExtractor;
  size_t max_pages = 0, repeat = 1;
  std::vector<std::string> inputs;
  bool bad_option = false, types = false, no_attributes = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--extractor" && i + 1 < argc) extractor_name = argv[++i];
    else if (a == "--max-pages" && i + 1 < argc) max_pages = std::stoul(argv[++i]);
    else if (a == "--repeat" && i + 1 < argc) repeat = std::max<size_t>(1, std::stoul(argv[++i]));
    else if (a == "--types") types = true;
    else if (a == "--no-attributes") no_attributes = true;
    else if (a.rfind("--", 0) == 0) bad_option = true;
    else inputs.push_back(a);
  }
  if (bad_option || inputs.empty()) {
    std::cerr << "usage: page_type_cost [--extractor NAME] [--max-pages N] [--repeat N] [--types [--no-attributes]] "
                 "DATA.jsonl.gz | PAGES_DIR ...\n";
    return 2;
  }
  const wce::Extractor* ex = wce::find_extractor(extractor_name);
  if (!ex) {
    std::cerr << "page_type_cost: unknown extractor " << extractor_name << "\n";
    return 2;
  }
  // Rows: parse, extractor, page type after the extractor, page type alone.
  std::vector<double> parse, extract, after, alone;
  std::vector<wce::io::DatasetProblem> problems;
  try {
    for (const std::string& path : inputs) {
      size_t in_file = 0;
      wce::io::read_dataset(
          path,
          [&](wce::io::Page&& p) {
            if (max_pages && in_file >= max_pages) return;
            ++in_file;
            if (types) {
              wce::PageRun run = wce::PageRun::parse(wce::io::page_source(p));
              wce::Document bare = run.doc();
              bare.attributes.clear();
              wce::Context bare_context(bare);
              const wce::PageTypeResult t = wce::classify_page_type(no_attributes ? bare_context : run.context(), p.url);
              std::printf("%s\t%s\t%.17g\n", p.id.c_str(), t.name(), t.probability);
              return;
            }
            double best[4] = {1e300, 1e300, 1e300, 1e300};
            for (size_t r = 0; r < repeat; ++r) {
              double t = cpu_ms();
              wce::PageRun run = wce::PageRun::parse(wce::io::page_source(p));
              best[0] = std::min(best[0], cpu_ms() - t);
              t = cpu_ms();
              const wce::ExtractorRun x = run.run(*ex, /*render=*/false);
              best[1] = std::min(best[1], cpu_ms() - t);
              if (!x.ok()) std::cerr << p.id << ": " << x.error << "\n";
              t = cpu_ms();
              const wce::PageTypeResult shared = wce::classify_page_type(run.context(), p.url);
              best[2] = std::min(best[2], cpu_ms() - t);
              t = cpu_ms();
              wce::Context fresh(run.doc());
              const wce::PageTypeResult own = wce::classify_page_type(fresh, p.url);
              best[3] = std::min(best[3], cpu_ms() - t);
              if (own.type != shared.type || own.probability != shared.probability)
                std::cerr << p.id << ": the page type differs on a fresh Context\n";
            }
            parse.push_back(best[0]);
            extract.push_back(best[1]);
            after.push_back(best[2]);
            alone.push_back(best[3]);
          },
          problems, wce::io::Need::Html);
    }
  } catch (const std::exception& e) {
    std::cerr << "page_type_cost: " << e.what() << "\n";
    return 1;
  }
  if (types) return 0;
  if (parse.empty()) {
    std::cerr << "page_type_cost: no pages\n";
    return 1;
  }
  const double parse_sum = sum(parse);
  std::printf("%zu pages, extractor %s, CPU ms (thread), best of %zu\n", parse.size(), extractor_name.c_str(), repeat);
  std::printf("| step | median ms | p90 ms | sum ms | sum / parse |\n|---|---|---|---|---|\n");
  const std::pair<const char*, const std::vector<double>*> rows[] = {
      {"parse", &parse},
      {extractor_name.c_str(), &extract},
      {"page type after the extractor (same Context)", &after},
      {"page type alone (fresh Context)", &alone}};
  for (const auto& [name, v] : rows)
    std::printf("| %s | %.3f | %.3f | %.1f | %.3f |\n", name, quantile(*v, 0.5), quantile(*v, 0.9), sum(*v),
                sum(*v) / parse_sum);
  for (const auto& pr : problems) std::cerr << pr.where << ": " << pr.what << "\n";
  return 0;
}
