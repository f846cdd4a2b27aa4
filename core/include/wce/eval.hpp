// Evaluation measures and their aggregation.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace wce {

struct PRF {
  double precision = 0, recall = 0, f1 = 0;
};

// Sentence split used by ROUGE-LSum: newlines, then sentence-final
// punctuation followed by whitespace (a rule-based stand-in for NLTK punkt).
std::vector<std::string> split_sentences(std::string_view text);
// Unicode word tokens: maximal runs of non-whitespace (ASCII and Unicode
// spaces), as in Bevendorff et al. 2023.
std::vector<std::string> tokenize_words(std::string_view text);

// ROUGE-LSum (Lin 2004 summary-level LCS, as used by Bevendorff et al. 2023):
// for each gold sentence, the union of its LCS with every predicted sentence;
// a union token counts once while unused copies remain on both sides.
// Both texts empty: P = R = F1 = 1. Exactly one empty: all 0.
PRF rouge_lsum(std::string_view predicted, std::string_view gold);

struct Summary {
  size_t n = 0;
  double mean = 0, median = 0, q1 = 0, q3 = 0, stdev = 0;
};
Summary summarize(std::vector<double> values);

}  // namespace wce
