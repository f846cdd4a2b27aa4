// `wce eval PRED.jsonl GOLD...`: scores outputs made elsewhere.
#pragma once
#include <string>
#include <vector>

#include "io/report.hpp"

namespace wce::cli {

struct EvalOptions {
  std::string predictions;        // JSONL of {"id", "text"[, "ms"]}
  std::vector<std::string> gold;  // dataset files/folders (html optional)
  std::string name = "pred";      // label of the extractor column
  io::ReportOptions report;           // measures, grouping, outputs
};

int run_eval(const EvalOptions& opt);

}  // namespace wce::cli
