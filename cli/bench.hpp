// `wce bench`: every extractor on every page, ROUGE-LSum against the gold.
#pragma once
#include <string>
#include <vector>

namespace wce::cli {

struct BenchOptions {
  std::vector<std::string> data;        // dataset files or folders
  std::vector<std::string> extractors;  // names; empty = all
  std::string out_tsv;                  // summary table as TSV
  std::string pages_tsv;                // one row per page and extractor
  bool progress = true;                 // progress bar (only on a terminal)
};

// Returns the process exit code.
int run_bench(const BenchOptions& opt);

}  // namespace wce::cli
