// The CleanEval alignment (Baroni et al. 2008; Barbaresi & Lejeune 2020,
// section 3.2): the scorer cleaneval.py (Evert 2008) aligns the output's and
// the gold's whitespace tokens with Python's difflib.SequenceMatcher, i.e.
// Ratcliff/Obershelp pattern matching: find the longest common contiguous
// block of tokens, then recursively the longest blocks in the unmatched zones
// on its left and on its right. Matched tokens are true positives, unmatched
// output tokens false positives, unmatched gold tokens false negatives.
//
// This is our own implementation of the same procedure, with difflib's exact
// choices so that the counts agree with the reference scorer:
//   * a = the output, b = the gold (SequenceMatcher(None, text, gold));
//   * the longest block of a zone is searched with "popular" gold tokens left
//     out: when |b| >= 200 and autojunk is on, a token occurring more than
//     |b|/100 + 1 times in the gold cannot start or continue a block during
//     the search (difflib's autojunk heuristic, always on in the scorer);
//   * ties: the block starting earliest in a, then earliest in b;
//   * the block found is then extended on both sides over any equal tokens
//     (popular ones included), as difflib does;
//   * zones are processed from a stack; the order does not change the total.
// A zone search costs its length in a plus the occurrences (in the zone of b)
// of its tokens. Work bound: once the running cost exceeds `work_limit`
// (default kCleanEvalWorkLimit = 2^25 steps, a fraction of a second; checked
// after every row of a search), the search stops and every zone not yet
// aligned is scored by lcs_length() instead, the zones sharing one
// kLcsWorkLimit budget. An LCS is never shorter than the Ratcliff/Obershelp
// matching of the same zone, so this can only overestimate those zones.
// Ordinary pages never get there: with autojunk a whole level of the
// recursion costs at most |a| (|b|/100 + 2) steps, and the largest pages of
// the datasets (all page text against the gold, up to 21,000 tokens on both
// sides) take under 3 M steps in all.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "eval/sequence_match.hpp"
#include "wce/eval.hpp"

namespace wce {
namespace {

struct Zone {
  size_t alo, ahi, blo, bhi;
};

class RatcliffObershelp {
 public:
  RatcliffObershelp(const uint32_t* a, size_t n, const uint32_t* b, size_t m, bool autojunk)
      : a_(a), b_(b), n_(n), m_(m) {
    uint32_t max_id = 0;
    for (size_t k = 0; k < n; ++k) max_id = std::max(max_id, a[k]);
    for (size_t k = 0; k < m; ++k) max_id = std::max(max_id, b[k]);
    // Positions of each token in b, ascending (CSR layout).
    std::vector<uint32_t> count(size_t{max_id} + 2, 0);
    for (size_t k = 0; k < m; ++k) ++count[b[k] + 1];
    if (autojunk && m >= 200) {
      const uint32_t ntest = static_cast<uint32_t>(m / 100 + 1);
      for (uint32_t& c : count)
        if (c > ntest) c = 0;  // popular: no positions
    }
    start_.assign(size_t{max_id} + 2, 0);
    for (size_t t = 1; t < start_.size(); ++t) start_[t] = start_[t - 1] + count[t];
    positions_.resize(start_.back());
    std::vector<uint32_t> fill(start_.begin(), start_.end() - 1);
    for (size_t k = 0; k < m; ++k) {
      uint32_t t = b[k];
      if (fill[t] < start_[t + 1]) positions_[fill[t]++] = static_cast<uint32_t>(k);
    }
    len_.assign(m + 1, 0);
    stamp_.assign(m + 1, 0);
  }

  // Total length of the matching blocks.
  size_t matches(uint64_t work_limit) {
    size_t total = 0;
    std::vector<Zone> stack{{0, n_, 0, m_}}, pending;
    while (!stack.empty()) {
      Zone z = stack.back();
      stack.pop_back();
      size_t i, j, k;
      if ((work_limit != 0 && work_ > work_limit) || !longest(z, work_limit, i, j, k)) {
        pending.push_back(z);
        continue;
      }
      if (k == 0) continue;
      total += k;
      if (z.alo < i && z.blo < j) stack.push_back({z.alo, i, z.blo, j});
      if (i + k < z.ahi && j + k < z.bhi) stack.push_back({i + k, z.ahi, j + k, z.bhi});
    }
    // Over the limit: the zones left are scored by their LCS, sharing one
    // LCS work budget.
    if (!pending.empty()) {
      const uint64_t share = std::max<uint64_t>(1, kLcsWorkLimit / pending.size());
      for (const Zone& z : pending)
        total += lcs_length(a_ + z.alo, z.ahi - z.alo, b_ + z.blo, z.bhi - z.blo, share);
    }
    return total;
  }

 private:
  // difflib's find_longest_match without junk: (i, j, k) with a[i..i+k) ==
  // b[j..j+k) inside the zone. False when the work limit is crossed during
  // the search (checked after each row).
  bool longest(const Zone& z, uint64_t work_limit, size_t& best_i, size_t& best_j, size_t& best) {
    best_i = z.alo, best_j = z.blo, best = 0;
    // len_[j + 1] / stamp_[j + 1]: length of the block ending at (row, j);
    // valid for the previous row when the stamp is that row's.
    const uint64_t base = clock_ + 1;
    clock_ += (z.ahi - z.alo) + 1;
    work_ += z.ahi - z.alo;
    for (size_t i = z.alo; i < z.ahi; ++i) {
      const uint64_t row = base + (i - z.alo) + 1;
      const uint32_t t = a_[i];
      const uint32_t* lo = positions_.data() + start_[t];
      const uint32_t* hi = positions_.data() + start_[t + 1];
      if (lo == hi) continue;
      lo = std::lower_bound(lo, hi, static_cast<uint32_t>(z.blo));
      hi = std::lower_bound(lo, hi, static_cast<uint32_t>(z.bhi));
      work_ += static_cast<uint64_t>(hi - lo);
      // Descending j: slot j (position j - 1) still holds the previous row.
      size_t row_best = 0, row_j = 0;
      for (const uint32_t* p = hi; p != lo;) {
        size_t j = *--p;
        size_t k = (stamp_[j] == row - 1 ? len_[j] : 0) + 1;
        stamp_[j + 1] = row;
        len_[j + 1] = static_cast<uint32_t>(k);
        if (k >= row_best) row_best = k, row_j = j;  // ties: smallest j
      }
      if (row_best > best) {
        best = row_best;
        best_i = i + 1 - row_best;
        best_j = row_j + 1 - row_best;
      }
      if (work_limit != 0 && work_ > work_limit) return false;
    }
    // Extend over equal tokens, popular ones included.
    while (best_i > z.alo && best_j > z.blo && a_[best_i - 1] == b_[best_j - 1])
      --best_i, --best_j, ++best;
    while (best_i + best < z.ahi && best_j + best < z.bhi && a_[best_i + best] == b_[best_j + best])
      ++best;
    return true;
  }

  const uint32_t* a_;
  const uint32_t* b_;
  size_t n_, m_;
  std::vector<uint32_t> start_, positions_, len_;
  std::vector<uint64_t> stamp_;
  uint64_t clock_ = 0, work_ = 0;
};

}  // namespace

size_t cleaneval_matches(const std::vector<uint32_t>& output, const std::vector<uint32_t>& gold,
                         bool autojunk, uint64_t work_limit) {
  if (output.empty() || gold.empty()) return 0;
  RatcliffObershelp ro(output.data(), output.size(), gold.data(), gold.size(), autojunk);
  return ro.matches(work_limit);
}

}  // namespace wce
