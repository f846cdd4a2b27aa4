// The two sequence alignments behind the page measures (measures.cpp), on
// symbol ids: internal to the core; the public way in is wce::measure_page
// (word_lcs, chars, cleaneval). Unit-tested by tests/internal.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "wce/eval.hpp"

namespace wce {

// Length of a longest common subsequence of two symbol sequences (any uint32
// ids): Hirschberg's linear-space pass, bit-parallel, over a self-certifying
// diagonal band when that saves work. Exact while the word operations stay
// within work_limit (0 = no limit; an upper estimate: rows x ceil(min length
// / 64) after stripping the common prefix and suffix), else a lower bound
// from aligned pieces within about 1.35 x work_limit.
size_t lcs_length(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b,
                  uint64_t work_limit = kLcsWorkLimit);
size_t lcs_length(const uint32_t* a, size_t n, const uint32_t* b, size_t m,
                  uint64_t work_limit = kLcsWorkLimit);

// Number of tokens matched by the CleanEval scorer's alignment (Python
// difflib.SequenceMatcher(None, output, gold), Ratcliff/Obershelp, with its
// autojunk heuristic when `autojunk`).
size_t cleaneval_matches(const std::vector<uint32_t>& output, const std::vector<uint32_t>& gold,
                         bool autojunk = true, uint64_t work_limit = kCleanEvalWorkLimit);

}  // namespace wce
