// `wce bench`: every extractor on every page, scored against the gold.
#pragma once
#include <string>
#include <vector>

#include "io/report.hpp"
#include "wce/html.hpp"

namespace wce::cli {

struct BenchOptions {
  std::vector<std::string> data;        // dataset files or folders
  std::vector<std::string> extractors;  // names; empty = all
  io::ReportOptions report;                 // measures, grouping, outputs
  bool progress = true;                 // progress bar (only on a terminal)
  ParseOptions limits;                  // page limits (--max-input-mb, --max-nodes, --max-text-mb)
  double page_timeout_ms = 0;           // time budget of parse + one extractor (0 = none)
  unsigned threads = 1;                 // worker threads (ordered_pool.hpp); the CLI's default: every core
};

// Returns the process exit code.
int run_bench(const BenchOptions& opt);

}  // namespace wce::cli
