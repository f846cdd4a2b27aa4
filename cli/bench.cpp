#include "bench.hpp"

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <stdexcept>

#include "dataset.hpp"
#include "progress.hpp"
#include "report.hpp"
#include "wce/wce.hpp"

namespace wce::cli {
namespace {

using Clock = std::chrono::steady_clock;
double ms_since(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

size_t count_pages(const std::vector<std::string>& paths) {
  size_t n = 0;
  std::vector<DatasetProblem> ignored;
  for (const auto& p : paths) read_dataset(p, [&](Page&&) { ++n; }, ignored);
  return n;
}

}  // namespace

int run_bench(const BenchOptions& opt) {
  std::vector<const Extractor*> chosen;
  if (opt.extractors.empty()) {
    for (const auto& e : extractors()) chosen.push_back(e.get());
  } else {
    for (const auto& name : opt.extractors) {
      const Extractor* e = find_extractor(name);
      if (!e) {
        std::cerr << "wce: unknown extractor '" << name << "' (see `wce list`)\n";
        return 2;
      }
      chosen.push_back(e);
    }
  }
  std::ofstream pages_out;
  if (!opt.pages_tsv.empty()) {
    pages_out.open(opt.pages_tsv);
    if (!pages_out) { std::cerr << "wce: cannot write " << opt.pages_tsv << "\n"; return 2; }
    pages_out << "id\tdataset\textractor\tprecision\trecall\tf1\tms\n";
  }

  Report report;
  std::vector<DatasetProblem> problems;
  size_t failures = 0;
  ProgressBar bar(opt.progress);
  try {
    bar.set_total(count_pages(opt.data));
    size_t done = 0;
    for (const auto& path : opt.data) {
      read_dataset(path, [&](Page&& page) {
        auto t0 = Clock::now();
        Document doc = parse_html(page.html, page.html_is_utf8 ? "utf-8" : "");
        double parse_ms = ms_since(t0);
        for (const Extractor* ex : chosen) {
          // A fresh Context per extractor, so that each one's time includes
          // the shared features it uses (parse time is added to everyone's).
          try {
            auto t1 = Clock::now();
            Context ctx(doc);
            Labels labels = ex->run(ctx);
            if (labels.size() != doc.text_nodes.size())
              throw std::logic_error("returned " + std::to_string(labels.size()) + " labels for " +
                                     std::to_string(doc.text_nodes.size()) + " text nodes");
            std::string text = render_text(doc, labels, ex->info().render);
            double ms = parse_ms + ms_since(t1);
            PRF s = rouge_lsum(text, page.gold);
            report.add(ex->info().name, page.dataset, s, ms);
            if (pages_out)
              pages_out << page.id << '\t' << page.dataset << '\t' << ex->info().name << '\t'
                        << s.precision << '\t' << s.recall << '\t' << s.f1 << '\t' << ms << '\n';
          } catch (const std::exception& e) {
            ++failures;
            bar.finish();
            std::cerr << "wce: " << page.id << ": extractor " << ex->info().name << " failed: " << e.what() << "\n";
          }
        }
        bar.update(++done, page.dataset);
      }, problems);
    }
  } catch (const std::exception& e) {
    bar.finish();
    std::cerr << "wce: " << e.what() << "\n";
    return 2;
  }
  bar.finish();
  for (const auto& p : problems) std::cerr << "wce: skipped " << p.where << ": " << p.what << "\n";

  std::vector<Row> rows = report.rows();
  print_table(std::cout, rows, false);
  if (!problems.empty()) std::cout << problems.size() << " malformed record(s) skipped (listed on stderr)\n";
  if (!opt.out_tsv.empty()) {
    std::ofstream out(opt.out_tsv);
    if (!out) { std::cerr << "wce: cannot write " << opt.out_tsv << "\n"; return 2; }
    print_table(out, rows, true);
  }
  return failures ? 1 : 0;
}

}  // namespace wce::cli
