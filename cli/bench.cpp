#include "bench.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <stdexcept>

#include "io/dataset.hpp"
#include "ordered_pool.hpp"
#include "page_outcome.hpp"
#include "progress.hpp"
#include "io/report.hpp"
#include "wce/wce.hpp"

namespace wce::cli {
namespace {

// Pages in the inputs, for the progress bar. Standard input and other
// streams can be read only once: they are not counted.
size_t count_pages(const std::vector<std::string>& paths) {
  size_t n = 0;
  std::vector<io::DatasetProblem> ignored;
  for (const auto& p : paths) {
    std::error_code ec;
    if (p == "-" || !(std::filesystem::is_regular_file(p, ec) || std::filesystem::is_directory(p, ec))) continue;
    io::read_dataset(p, [&](io::Page&&) { ++n; }, ignored);
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
      try {
        chosen.push_back(&require_extractor(name));
      } catch (const std::invalid_argument& e) {
        std::cerr << "wce: " << e.what() << "\n";
        return 2;
      }
    }
  }
  const io::ReportOptions& rep = opt.report;
  // The complexity (with gold) is only needed for the levels.
  const bool need_complexity = rep.by == GroupBy::Complexity || !rep.pages_out.empty();

  // One page: every chosen extractor's rows, the messages of those that
  // failed or were skipped, and how many runs that was.
  struct PageRows {
    std::vector<PageResult> rows;
    std::vector<std::string> errors;
    size_t failed = 0;
    std::string dataset;
  };
  auto work = [&](io::Page& page) {
    PageRows out;
    out.dataset = page.dataset;
    // The time budget covers the parse and then each extractor's run (parse
    // time included, PageRun::run with fresh); a page past it, or past a size
    // limit, is reported and skipped (for that extractor, or for all if the
    // parse stops), and counts as a failure.
    ParseOptions limits = opt.limits;
    limits.deadline = Deadline::after_ms(opt.page_timeout_ms);
    ParsedPage parsed = parse_page(io::page_source(page), limits);
    if (!parsed.run) {
      out.failed = chosen.size();
      out.errors.push_back(problem_line("", page.id, parsed.outcome, parsed.why));
      return out;
    }
    PageRun& run = *parsed.run;
    PageResult base;
    base.id = page.id;
    base.dataset = page.dataset;
    base.lang = page.lang;
    base.page_type = page.page_type;
    const PageSnippets snippets{page.with, page.without};
    base.kb = static_cast<double>(page.html.size()) / 1000.0;
    if (need_complexity) base.complexity = complexity_score(run.doc(), page.gold);
    for (BenchRun& b : bench_page(run, chosen, page.gold, page.lang, rep.measures, snippets)) {
      const ExtractorRun& x = b.run;
      if (!x.ok()) {
        ++out.failed;
        out.errors.push_back(problem_line("", page.id, outcome_of(x), x.error, x.extractor->info().name, true));
        continue;
      }
      PageResult r = base;
      r.extractor = x.extractor->info().name;
      r.ms = b.ms;
      r.scores = std::move(b.scores);
      out.rows.push_back(std::move(r));
    }
    return out;
  };

  std::vector<PageResult> results;
  std::vector<io::DatasetProblem> problems;
  size_t failures = 0, done = 0;
  ProgressBar bar(opt.progress);
  auto sink = [&](PageRows&& page) {
    if (!page.errors.empty()) bar.finish();
    for (const std::string& e : page.errors) std::cerr << e;
    failures += page.failed;
    for (PageResult& r : page.rows) results.push_back(std::move(r));
    bar.update(++done, page.dataset);
  };
  try {
    if (bar.enabled()) bar.set_total(count_pages(opt.data));
    OrderedPool<io::Page, PageRows> pool(opt.threads, work, sink);
    for (const auto& path : opt.data)
      io::read_dataset(path, [&](io::Page&& page) { pool.submit(std::move(page)); }, problems);
    pool.finish();
  } catch (const std::exception& e) {
    bar.finish();
    std::cerr << "wce: " << e.what() << "\n";
    return 2;
  }
  bar.finish();
  for (const auto& p : problems) std::cerr << "wce: skipped " << p.where << ": " << p.what << "\n";

  ComplexityLevels levels = complexity_levels(results);
  std::vector<Row> rows = aggregate(results, rep.measures, rep.by, levels);
  nlohmann::json extra = {{"command", "bench"}, {"failures", failures}, {"problems", io::problems_json(problems)}};
  if (rep.by == GroupBy::Complexity) extra["complexity_levels"] = {{"q1", levels.q1}, {"q3", levels.q3}};
  std::vector<std::string> notes;
  if (!problems.empty()) notes.push_back(std::to_string(problems.size()) + " malformed record(s) skipped (listed on stderr)");
  if (!io::write_report(rows, rep, /*with_time=*/true, extra, notes)) return 2;
  if (!rep.pages_out.empty() && !io::write_pages(rep.pages_out, results, rep.measures, levels)) return 2;
  // The batch rule (page_outcome.hpp): 1 when a page or record was skipped or lost.
  return failures || !problems.empty() ? 1 : 0;
}

}  // namespace wce::cli
