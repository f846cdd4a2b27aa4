// WCXB's measures (Foley 2026, the benchmark's evaluate.py), as facts:
//   * tokens: re.findall(r'\w+', text.lower()) in Python: the text lowercased
//     by str.lower(), then maximal runs of \w code points (alphanumerics and
//     '_'); both tables come from Python itself (word_chars.inc);
//   * word F1: bag-of-words overlap (the sum of the smaller counts) over the
//     predicted and the gold token counts; an empty gold scores 1 when the
//     prediction is empty too, else 0; an empty prediction scores 0;
//   * snippet rate: the share of snippets that occur, lowercased, as a
//     substring of the lowercased text; no snippets: 1.
#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "document/unicode.hpp"
#include "wce/eval.hpp"

namespace wce {
namespace {

#include "word_chars.inc"

bool is_word_cp(uint32_t cp) {
  size_t lo = 0, hi = std::size(kWordRanges);
  while (lo < hi) {  // the first range whose end is >= cp
    const size_t mid = (lo + hi) / 2;
    if (kWordRanges[mid][1] < cp) lo = mid + 1;
    else hi = mid;
  }
  return lo < std::size(kWordRanges) && kWordRanges[lo][0] <= cp;
}

const uint32_t* lower_of(uint32_t cp) {
  size_t lo = 0, hi = std::size(kLower);
  while (lo < hi) {
    const size_t mid = (lo + hi) / 2;
    if (kLower[mid][0] < cp) lo = mid + 1;
    else hi = mid;
  }
  return lo < std::size(kLower) && kLower[lo][0] == cp ? &kLower[lo][1] : nullptr;
}

bool is_letter_cp(uint32_t cp) { return is_word_cp(cp) && cp != '_' && !(cp >= '0' && cp <= '9'); }

}  // namespace

std::string python_lower(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  std::vector<uint32_t> cps;
  for (size_t i = 0; i < text.size();) cps.push_back(unicode::next(text, i));
  for (size_t k = 0; k < cps.size(); ++k) {
    const uint32_t cp = cps[k];
    if (cp < 0x80) {
      out.push_back(static_cast<char>(cp >= 'A' && cp <= 'Z' ? cp + 32 : cp));
      continue;
    }
    // Greek capital sigma at the end of a word lowercases to the final form
    // (Python applies Unicode's Final_Sigma context; approximated here by
    // "after a letter, not before one").
    if (cp == 0x03A3 && k > 0 && is_letter_cp(cps[k - 1]) && (k + 1 == cps.size() || !is_letter_cp(cps[k + 1]))) {
      unicode::append(out, 0x03C2);
      continue;
    }
    if (const uint32_t* low = lower_of(cp)) {
      for (int j = 0; j < 3 && low[j]; ++j) unicode::append(out, low[j]);
    } else {
      unicode::append(out, cp);
    }
  }
  return out;
}

std::vector<std::string> wcxb_tokens(std::string_view text) {
  const std::string low = python_lower(text);
  std::vector<std::string> out;
  size_t i = 0, start = std::string::npos;
  while (i < low.size()) {
    const size_t at = i;
    const uint32_t cp = unicode::next(low, i);
    if (is_word_cp(cp)) {
      if (start == std::string::npos) start = at;
    } else if (start != std::string::npos) {
      out.emplace_back(low.substr(start, at - start));
      start = std::string::npos;
    }
  }
  if (start != std::string::npos) out.emplace_back(low.substr(start));
  return out;
}

PRF word_f1(std::string_view predicted, std::string_view gold) {
  const std::vector<std::string> pred = wcxb_tokens(predicted), ref = wcxb_tokens(gold);
  if (ref.empty()) return pred.empty() ? PRF{1, 1, 1} : PRF{0, 0, 0};
  if (pred.empty()) return {0, 0, 0};
  std::unordered_map<std::string_view, int64_t> counts;
  for (const std::string& t : ref) ++counts[t];
  int64_t overlap = 0;
  for (const std::string& t : pred) {
    auto it = counts.find(t);
    if (it != counts.end() && it->second > 0) {
      --it->second;
      ++overlap;
    }
  }
  PRF r;
  r.precision = static_cast<double>(overlap) / static_cast<double>(pred.size());
  r.recall = static_cast<double>(overlap) / static_cast<double>(ref.size());
  r.f1 = r.precision + r.recall > 0 ? 2 * r.precision * r.recall / (r.precision + r.recall) : 0.0;
  return r;
}

double snippet_rate(std::string_view text, const std::vector<std::string>& snippets) {
  if (snippets.empty()) return 1.0;
  const std::string low = python_lower(text);
  size_t found = 0;
  for (const std::string& s : snippets)
    if (low.find(python_lower(s)) != std::string::npos) ++found;
  return static_cast<double>(found) / static_cast<double>(snippets.size());
}

}  // namespace wce
