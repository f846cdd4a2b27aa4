// Evaluation measures and their aggregation.
#pragma once
#include <cstdint>
#include <optional>
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

// WCXB's measures (Foley 2026, the benchmark's evaluate.py; core/src/eval/word_f1.cpp):
// tokens are the runs of Python's \w in the text lowercased as Python's
// str.lower() does (tables generated from Python: scripts/gen_word_chars.py);
// word F1 is their bag-of-words overlap (an empty gold: 1 if the prediction
// is empty too, else 0); a snippet rate is the share of snippets found,
// lowercased, inside the lowercased text (1 when there are none).
std::string python_lower(std::string_view text);
std::vector<std::string> wcxb_tokens(std::string_view text);
PRF word_f1(std::string_view predicted, std::string_view gold);
double snippet_rate(std::string_view text, const std::vector<std::string>& snippets);

struct Summary {
  size_t n = 0;
  double mean = 0, median = 0, q1 = 0, q3 = 0, stdev = 0;
};
Summary summarize(std::vector<double> values);

// ------------------------------------------------------------------------
// Page measures of Gottron 2007 and Barbaresi & Lejeune 2020, computed from
// one tokenisation of each text (eval/measures.cpp, lcs.cpp, cleaneval.cpp).

// Work limits (word operations / search steps) that bound the time of the
// LCS and of the CleanEval alignment on huge inputs (MeasureOptions); see
// eval/lcs.cpp and eval/cleaneval.cpp for what happens beyond them.
constexpr uint64_t kLcsWorkLimit = uint64_t{1} << 27;
constexpr uint64_t kCleanEvalWorkLimit = uint64_t{1} << 25;

enum class Segmentation {
  Auto,        // Characters when the language is zh/ja/th/lo/km/my (or yue),
               // or when most non-space characters of the gold (of the
               // output if the gold is empty) are of such scripts; else Words
  Words,       // tokenize_words() tokens
  Characters,  // tokenize_words(), then every character of a script written
               // without spaces is a token of its own (see measure_tokens)
};

// True for code points of scripts written without spaces between words:
// Han (CJK ideographs, radicals, strokes, compatibility forms), kana,
// bopomofo, CJK and fullwidth/halfwidth punctuation and forms, Thai, Lao,
// Khmer, Myanmar.
bool is_unspaced_script(uint32_t cp);

// Tokens of `text` for the measures: tokenize_words(); with `characters`,
// each token is further cut so that every is_unspaced_script() character,
// together with the combining marks that follow it, is a token, and the runs
// of other characters between them stay whole. Bytes are kept as given
// (invalid UTF-8 bytes stay inside their token).
std::vector<std::string> measure_tokens(std::string_view text, bool characters);

struct MeasureOptions {
  std::string lang;  // language of the page ("zh", "ja-JP", ...); "" unknown
  Segmentation segmentation = Segmentation::Auto;
  bool cleaneval_autojunk = true;  // as the CleanEval scorer (difflib default)
  uint64_t lcs_work_limit = kLcsWorkLimit;
  uint64_t cleaneval_work_limit = kCleanEvalWorkLimit;
};

// Whether measure_page uses character segmentation for this pair.
bool uses_character_segmentation(std::string_view predicted, std::string_view gold,
                                 const MeasureOptions& opt);

// All per-page values. PRF conventions everywhere: both texts without
// items: P = R = F1 = 1; exactly one without: 0; F1 = 0 when P + R = 0.
struct PageMeasures {
  PRF rouge_lsum;  // Bevendorff et al. 2023 (rouge_lsum() above)
  PRF chars;       // Gottron "Str": LCS of the characters (whitespace collapsed)
  PRF word_lcs;    // Gottron "Seq": LCS of the token sequences
  PRF bag;         // Gottron "Vec": bag of words, overlap = sum of min counts
  PRF set;         // Gottron "Set": set of words
  PRF cleaneval;   // CleanEval scorer alignment (Ratcliff/Obershelp)
  PRF voc;         // Barbaresi & Lejeune voc_eval (equals `set` here)
  PRF occ;         // Barbaresi & Lejeune occ_eval (equals `bag` here)
  double kl = 0;         // KL(P_gold || P_output), P(x) = 0 replaced by 1e-5
  double cosine = 1;     // cosine similarity of the token-frequency vectors
  double euclidean = 0;  // Euclidean distance of the relative frequencies
  bool near_empty = false;  // output < 10 % of the gold's characters
  PRF word_f1;              // WCXB (Foley 2026): word_f1() below
  bool characters = false;  // character segmentation was used
  size_t pred_tokens = 0, gold_tokens = 0, pred_chars = 0, gold_chars = 0;
};

PageMeasures measure_page(std::string_view predicted, std::string_view gold,
                          const MeasureOptions& opt = {});

// Column names of the values of a PageMeasures, in a fixed order:
// <prf>_p, <prf>_r, <prf>_f1 for rouge_lsum, chars, word_lcs, bag, set,
// cleaneval, voc, occ, then kl, cosine, euclidean, near_empty (0 or 1).
std::vector<std::string> measure_names();
// The value of one column by name; nullopt for an unknown name.
std::optional<double> measure_value(const PageMeasures& m, std::string_view name);

}  // namespace wce
