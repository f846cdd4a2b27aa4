// Sentence splitting and word tokenisation for the evaluation measures.
//
// Words are maximal runs of non-whitespace code points, whitespace being ASCII
// whitespace plus the Unicode spaces of unicode::is_space (U+00A0, U+1680,
// U+2000..U+200B, U+2028, U+2029, U+202F, U+205F, U+3000, U+FEFF). The text is
// decoded as UTF-8; an invalid byte decodes to U+FFFD, which is not a space, so
// it simply stays inside its token. Tokens are returned as the original bytes.
//
// Sentences are a rule-based stand-in for NLTK's punkt tokenizer:
//   1. every line break (\n, \r, U+2028, U+2029) ends a sentence;
//   2. within a line, a run of sentence-final marks (. ! ?), optionally followed
//      by closing quotes or brackets, ends a sentence when whitespace (or the
//      end of the line) follows; the marks stay with the sentence;
//   3. the CJK marks 。！？ (and the halfwidth ｡) end a sentence even without
//      following whitespace;
//   4. a lone "." does not end a sentence after a known abbreviation (Mr. Mrs.
//      Dr. St. etc. vs. ...), after a single capital letter (an initial, "J."),
//      or after dotted single letters ("e.g.", "i.e.", "U.S.", "a.m.").
// Unlike punkt there is no learned model and no orthographic look-ahead, so an
// abbreviation that really ends a sentence ("... on Baker St. Then") is not
// split. Sentences are trimmed of whitespace; empty ones are skipped.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "document/unicode.hpp"
#include "wce/eval.hpp"

namespace wce {
namespace {

bool is_line_break(uint32_t cp) {
  return cp == '\n' || cp == '\r' || cp == 0x2028 || cp == 0x2029;
}

bool is_ascii_terminal(uint32_t cp) { return cp == '.' || cp == '!' || cp == '?'; }

// 。 ！ ？ and the halfwidth ideographic full stop ｡.
bool is_cjk_terminal(uint32_t cp) {
  return cp == 0x3002 || cp == 0xFF01 || cp == 0xFF1F || cp == 0xFF61;
}

// Closing quotes and brackets that may follow a sentence-final mark.
bool is_closer(uint32_t cp) {
  switch (cp) {
    case '"': case '\'': case ')': case ']': case '}':
    case 0x2019: case 0x201D: case 0x00BB: case 0x203A:  // ’ ” » ›
    case 0x300D: case 0x300F: case 0xFF09: case 0x3011:  // 」 』 ） 】
    case 0x3015: case 0x3009: case 0x300B: case 0xFF3D:  // 〕 〉 》 ］
    case 0xFF5D:                                         // ｝
      return true;
    default:
      return false;
  }
}

// Opening quotes and brackets that may precede an abbreviation: "(Dr. X)".
bool is_opener(uint32_t cp) {
  switch (cp) {
    case '"': case '\'': case '(': case '[': case '{':
    case 0x2018: case 0x201C: case 0x00AB: case 0x2039:  // ‘ “ « ‹
    case 0x00BF: case 0x00A1:                            // ¿ ¡
      return true;
    default:
      return false;
  }
}

// Lower-case abbreviations (without their final period) after which a period
// followed by whitespace does not end the sentence.
bool known_abbreviation(std::string_view w) {
  static constexpr std::string_view kList[] = {
      "mr", "mrs", "ms", "messrs", "dr", "prof", "st", "sr", "jr", "mt", "ft",
      "vs", "etc", "e.g", "i.e", "cf", "al", "approx", "ca", "viz",
      "fig", "figs", "eq", "vol", "vols", "pp", "ed", "eds", "ch", "sec",
      "inc", "ltd", "co", "corp", "bros", "dept", "univ", "assn", "est",
      "gen", "col", "lt", "capt", "cmdr", "sgt", "maj", "adm", "rev", "hon",
      "gov", "sen", "rep", "pres", "supt", "ave", "blvd", "rd",
      "jan", "feb", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov",
      "dec", "ph.d", "u.s", "u.k"};
  for (std::string_view a : kList)
    if (a == w) return true;
  return false;
}

bool ascii_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// `word` is the text between the previous whitespace and a final ".".
bool is_abbreviation(std::string_view word) {
  // Drop leading opening quotes / brackets.
  size_t i = 0;
  while (i < word.size()) {
    size_t k = i;
    if (!is_opener(unicode::next(word, k))) break;
    i = k;
  }
  word.remove_prefix(i);
  if (word.empty()) return false;
  if (word.size() == 1) return word[0] >= 'A' && word[0] <= 'Z';  // initial "J."
  if (word.size() > 8) return false;
  std::string lower(word);
  for (char& c : lower)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  if (known_abbreviation(lower)) return true;
  // Dotted single letters: "e.g", "U.S", "a.m" (the last period was cut off).
  bool dotted = lower.size() >= 3 && lower.size() % 2 == 1;
  for (size_t k = 0; dotted && k < lower.size(); ++k)
    dotted = (k % 2 == 0) ? ascii_alpha(lower[k]) : lower[k] == '.';
  return dotted;
}

// Trims leading and trailing whitespace code points.
std::string_view trim(std::string_view s) {
  size_t begin = s.size(), end = 0;
  for (size_t i = 0; i < s.size();) {
    size_t at = i;
    if (!unicode::is_space(unicode::next(s, i))) {
      if (begin == s.size()) begin = at;
      end = i;
    }
  }
  return begin < end ? s.substr(begin, end - begin) : std::string_view();
}

void emit(std::vector<std::string>& out, std::string_view s) {
  s = trim(s);
  if (!s.empty()) out.emplace_back(s);
}

}  // namespace

std::vector<std::string> split_sentences(std::string_view text) {
  std::vector<std::string> out;
  size_t start = 0;       // first byte of the current sentence
  size_t word_start = 0;  // first byte after the latest whitespace
  size_t i = 0;
  while (i < text.size()) {
    size_t at = i;
    uint32_t cp = unicode::next(text, i);
    if (is_line_break(cp)) {
      emit(out, text.substr(start, at - start));
      start = word_start = i;
      continue;
    }
    if (unicode::is_space(cp)) {
      word_start = i;
      continue;
    }
    bool cjk = is_cjk_terminal(cp);
    if (!cjk && !is_ascii_terminal(cp)) continue;

    // The whole run of final marks, then any closing quotes / brackets.
    size_t end = i;
    size_t marks = 1;
    while (end < text.size()) {
      size_t k = end;
      uint32_t c = unicode::next(text, k);
      if (is_cjk_terminal(c)) cjk = true;
      else if (!is_ascii_terminal(c)) break;
      end = k;
      ++marks;
    }
    bool closed = false;
    while (end < text.size()) {
      size_t k = end;
      if (!is_closer(unicode::next(text, k))) break;
      end = k;
      closed = true;
    }
    i = end;

    bool boundary = cjk;
    if (!boundary) {
      size_t k = end;
      boundary = end == text.size() || unicode::is_space(unicode::next(text, k));
      if (boundary && marks == 1 && cp == '.' && !closed &&
          is_abbreviation(text.substr(word_start, at - word_start)))
        boundary = false;
    }
    if (boundary) {
      emit(out, text.substr(start, end - start));
      start = word_start = end;
    }
  }
  emit(out, text.substr(start));
  return out;
}

std::vector<std::string> tokenize_words(std::string_view text) {
  std::vector<std::string> out;
  size_t token_start = std::string_view::npos;
  for (size_t i = 0; i < text.size();) {
    size_t at = i;
    if (unicode::is_space(unicode::next(text, i))) {
      if (token_start != std::string_view::npos) {
        out.emplace_back(text.substr(token_start, at - token_start));
        token_start = std::string_view::npos;
      }
    } else if (token_start == std::string_view::npos) {
      token_start = at;
    }
  }
  if (token_start != std::string_view::npos) out.emplace_back(text.substr(token_start));
  return out;
}

}  // namespace wce
