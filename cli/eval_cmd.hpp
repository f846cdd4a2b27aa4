// `wce eval PRED.jsonl GOLD...`: scores outputs made elsewhere.
#pragma once
#include <string>
#include <vector>

namespace wce::cli {

struct EvalOptions {
  std::string predictions;          // JSONL of {"id", "text"}
  std::vector<std::string> gold;    // dataset files/folders (html not needed)
  std::string name = "pred";        // label of the extractor column
  std::string out_tsv, pages_tsv;
};

int run_eval(const EvalOptions& opt);

}  // namespace wce::cli
