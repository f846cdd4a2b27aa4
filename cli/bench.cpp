#include "bench.hpp"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
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

// Pages in the inputs, for the progress bar. Standard input and other
// streams can be read only once: they are not counted.
size_t count_pages(const std::vector<std::string>& paths) {
  size_t n = 0;
  std::vector<DatasetProblem> ignored;
  for (const auto& p : paths) {
    std::error_code ec;
    if (p == "-" || !(std::filesystem::is_regular_file(p, ec) || std::filesystem::is_directory(p, ec))) continue;
    read_dataset(p, [&](Page&&) { ++n; }, ignored);
  }
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
  const ReportOptions& rep = opt.report;
  // The complexity (with gold) is only needed for the levels.
  const bool need_complexity = rep.by == GroupBy::Complexity || !rep.pages_out.empty();

  std::vector<PageResult> results;
  std::vector<DatasetProblem> problems;
  size_t failures = 0;
  ProgressBar bar(opt.progress);
  try {
    bar.set_total(count_pages(opt.data));
    size_t done = 0;
    for (const auto& path : opt.data) {
      read_dataset(path, [&](Page&& page) {
        // The time budget covers the parse and then each extractor's run
        // (parse time included); a page past it, or past a size limit, is
        // reported and skipped (for that extractor, or for all if the parse
        // stops), and counts as a failure.
        auto t0 = Clock::now();
        ParseOptions limits = opt.limits;
        limits.deadline = Deadline::after_ms(opt.page_timeout_ms);
        Document doc;
        try {
          doc = parse_html(page.html, page.html_is_utf8 ? "utf-8" : "", limits);
        } catch (const PageLimitError& e) {
          failures += chosen.size();
          bar.finish();
          std::cerr << "wce: " << page.id << ": skipped: " << e.what() << "\n";
          bar.update(++done, page.dataset);
          return;
        }
        auto t_parsed = Clock::now();
        double parse_ms = ms_since(t0);
        PageResult base;
        base.id = page.id;
        base.dataset = page.dataset;
        base.lang = page.lang;
        base.kb = static_cast<double>(page.html.size()) / 1000.0;
        if (need_complexity) base.complexity = complexity_score(doc, page.gold);
        for (const Extractor* ex : chosen) {
          // A fresh Context per extractor, so that each one's time includes
          // the shared features it uses (parse time is added to everyone's).
          try {
            auto t1 = Clock::now();
            Context ctx(doc);
            ctx.set_language_hint(page.lang);
            // This extractor's budget started when the parse did.
            Deadline deadline = Deadline::after_ms(opt.page_timeout_ms, t1 - (t_parsed - t0));
            ctx.set_deadline(deadline);
            Labels labels = ex->run(ctx);
            deadline.check(ex->info().name.c_str());
            if (labels.size() != doc.text_nodes.size())
              throw std::logic_error("returned " + std::to_string(labels.size()) + " labels for " +
                                     std::to_string(doc.text_nodes.size()) + " text nodes");
            std::string text = render_text(doc, labels, ex->info().render);
            PageResult r = base;
            r.extractor = ex->info().name;
            r.ms = parse_ms + ms_since(t1);
            r.scores = score_page(text, page.gold, page.lang, rep.measures);
            results.push_back(std::move(r));
          } catch (const PageLimitError& e) {
            ++failures;
            bar.finish();
            std::cerr << "wce: " << page.id << ": extractor " << ex->info().name << ": skipped: " << e.what() << "\n";
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

  ComplexityLevels levels = complexity_levels(results);
  std::vector<Row> rows = aggregate(results, rep.measures, rep.by, levels);
  nlohmann::json extra = {{"command", "bench"}, {"failures", failures}, {"problems", problems_json(problems)}};
  if (rep.by == GroupBy::Complexity) extra["complexity_levels"] = {{"q1", levels.q1}, {"q3", levels.q3}};
  std::vector<std::string> notes;
  if (!problems.empty()) notes.push_back(std::to_string(problems.size()) + " malformed record(s) skipped (listed on stderr)");
  if (!write_report(rows, rep, /*with_time=*/true, extra, notes)) return 2;
  if (!rep.pages_out.empty() && !write_pages(rep.pages_out, results, rep.measures, levels)) return 2;
  return failures ? 1 : 0;
}

}  // namespace wce::cli
