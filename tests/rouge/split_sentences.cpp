// Test helper for tests/rouge/check_rouge.py: reads one JSON string per line
// on standard input and prints, per line, the JSON array of its sentences by
// wce::split_sentences (the split our ROUGE-LSum uses), so that the reference
// implementation can be given the same sentences.
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>

#include "wce/eval.hpp"

int main() {
  std::ios::sync_with_stdio(false);
  std::string line;
  for (size_t n = 1; std::getline(std::cin, line); ++n) {
    nlohmann::json j = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (!j.is_string()) {
      std::cerr << "split_sentences: line " << n << " is not a JSON string\n";
      return 2;
    }
    nlohmann::json out = wce::split_sentences(j.get<std::string>());
    std::cout << out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
  }
  return 0;
}
