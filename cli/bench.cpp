#include "bench.hpp"

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <stdexcept>

#include "dataset.hpp"
#include "progress.hpp"
#include "wce/wce.hpp"

namespace wce::cli {
namespace {

using Clock = std::chrono::steady_clock;
double ms_since(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

struct Scores {
  std::vector<double> p, r, f, ms;
  void add(const PRF& s, double t) { p.push_back(s.precision); r.push_back(s.recall); f.push_back(s.f1); ms.push_back(t); }
};

struct Row {
  std::string extractor, dataset;
  size_t pages;
  Summary p, r, f, ms;
};

Row make_row(const std::string& ex, const std::string& ds, const Scores& s) {
  return {ex, ds, s.f.size(), summarize(s.p), summarize(s.r), summarize(s.f), summarize(s.ms)};
}

// Macro average over datasets: the mean of their means and of their medians.
Row macro_row(const std::string& ex, const std::vector<Row>& per_dataset) {
  Row m{ex, "(macro)", 0, {}, {}, {}, {}};
  for (const Row& r : per_dataset) {
    m.pages += r.pages;
    for (auto [dst, src] : {std::pair{&m.p, &r.p}, {&m.r, &r.r}, {&m.f, &r.f}, {&m.ms, &r.ms}}) {
      dst->mean += src->mean / per_dataset.size();
      dst->median += src->median / per_dataset.size();
    }
  }
  return m;
}

size_t count_pages(const std::vector<std::string>& paths) {
  size_t n = 0;
  std::vector<DatasetProblem> ignored;
  for (const auto& p : paths) read_dataset(p, [&](Page&&) { ++n; }, ignored);
  return n;
}

void print_table(std::ostream& out, const std::vector<Row>& rows, bool tsv) {
  const char* head[] = {"extractor", "dataset", "pages", "P mean", "P median", "R mean",
                        "R median", "F1 mean", "F1 median", "ms/page"};
  if (tsv) {
    for (int i = 0; i < 10; ++i) out << head[i] << (i < 9 ? '\t' : '\n');
    for (const Row& r : rows)
      out << r.extractor << '\t' << r.dataset << '\t' << r.pages << '\t' << r.p.mean << '\t'
          << r.p.median << '\t' << r.r.mean << '\t' << r.r.median << '\t' << r.f.mean << '\t'
          << r.f.median << '\t' << r.ms.mean << '\n';
    return;
  }
  char line[256];
  std::snprintf(line, sizeof line, "%-12s %-22s %6s %7s %8s %7s %8s %7s %9s %8s\n", head[0], head[1],
                head[2], head[3], head[4], head[5], head[6], head[7], head[8], head[9]);
  out << line;
  for (const Row& r : rows) {
    std::snprintf(line, sizeof line, "%-12s %-22s %6zu %7.3f %8.3f %7.3f %8.3f %7.3f %9.3f %8.2f\n",
                  r.extractor.c_str(), r.dataset.c_str(), r.pages, r.p.mean, r.p.median, r.r.mean,
                  r.r.median, r.f.mean, r.f.median, r.ms.mean);
    out << line;
  }
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

  std::map<std::pair<std::string, std::string>, Scores> scores;  // (extractor, dataset)
  std::vector<std::string> dataset_order;
  std::vector<DatasetProblem> problems;
  size_t failures = 0;
  ProgressBar bar(opt.progress);
  try {
    bar.set_total(count_pages(opt.data));
    size_t done = 0;
    for (const auto& path : opt.data) {
      read_dataset(path, [&](Page&& page) {
        if (std::find(dataset_order.begin(), dataset_order.end(), page.dataset) == dataset_order.end())
          dataset_order.push_back(page.dataset);
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
            std::string text = render_text(doc, labels);
            double ms = parse_ms + ms_since(t1);
            PRF s = rouge_lsum(text, page.gold);
            scores[{ex->info().name, page.dataset}].add(s, ms);
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

  std::vector<Row> rows;
  for (const Extractor* ex : chosen) {
    std::vector<Row> per;
    Scores all;
    for (const auto& ds : dataset_order) {
      auto it = scores.find({ex->info().name, ds});
      if (it == scores.end()) continue;
      per.push_back(make_row(ex->info().name, ds, it->second));
      for (size_t i = 0; i < it->second.f.size(); ++i)
        all.add({it->second.p[i], it->second.r[i], it->second.f[i]}, it->second.ms[i]);
    }
    rows.insert(rows.end(), per.begin(), per.end());
    if (per.size() > 1) {
      rows.push_back(macro_row(ex->info().name, per));
      rows.push_back(make_row(ex->info().name, "(micro)", all));
    }
  }
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
