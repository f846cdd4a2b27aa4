// Naive references for the sequence alignments of the measures (quadratic
// LCS, brute-force Ratcliff/Obershelp) and a word interner: shared by the
// public measure tests (tests/cpp/test_measures.cpp) and the internal unit
// tests of lcs.cpp / cleaneval.cpp (tests/internal/test_sequence_match.cpp).
#pragma once
#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "wce/eval.hpp"

namespace wce_test {

using Ids = std::vector<uint32_t>;

// Letters as ids: "ABCB" -> {'A', 'B', 'C', 'B'}.
inline Ids ids(const std::string& s) { return Ids(s.begin(), s.end()); }

// Whitespace-separated words as ids (one id per distinct word).
struct Interner {
  std::map<std::string, uint32_t> table;
  Ids operator()(const std::string& text) {
    Ids out;
    for (const std::string& w : wce::tokenize_words(text))
      out.push_back(table.emplace(w, static_cast<uint32_t>(table.size())).first->second);
    return out;
  }
};

inline size_t naive_lcs(const Ids& a, const Ids& b) {
  std::vector<size_t> prev(b.size() + 1, 0), cur(b.size() + 1, 0);
  for (size_t i = 1; i <= a.size(); ++i) {
    for (size_t j = 1; j <= b.size(); ++j)
      cur[j] = a[i - 1] == b[j - 1] ? prev[j - 1] + 1 : std::max(prev[j], cur[j - 1]);
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

// Ratcliff/Obershelp by brute force (no autojunk): the longest common block
// of the zone, earliest in a, then earliest in b; recurse left and right.
inline size_t naive_ratcliff(const Ids& a, const Ids& b, size_t alo, size_t ahi, size_t blo, size_t bhi) {
  size_t bi = alo, bj = blo, bk = 0;
  for (size_t i = alo; i < ahi; ++i)
    for (size_t j = blo; j < bhi; ++j) {
      size_t k = 0;
      while (i + k < ahi && j + k < bhi && a[i + k] == b[j + k]) ++k;
      if (k > bk) bi = i, bj = j, bk = k;
    }
  if (bk == 0) return 0;
  return bk + naive_ratcliff(a, b, alo, bi, blo, bj) + naive_ratcliff(a, b, bi + bk, ahi, bj + bk, bhi);
}

}  // namespace wce_test
