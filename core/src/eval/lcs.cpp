// Length of the longest common subsequence of two symbol sequences, as used by
// Gottron 2007 (section 4.2: "the longest common subsequence using the
// algorithm of Hirschberg") for the character and the word-sequence measures.
//
// The measures need |LCS| only (the size of the intersection of extracted and
// gold content), not the subsequence itself, so this is Hirschberg's
// linear-space pass (Hirschberg 1975, "Algorithm B": the DP table is swept row
// by row and only the last row is kept); the divide-and-conquer step that
// recovers the subsequence ("Algorithm C") is not needed. The row is
// bit-parallel (Allison & Dix 1986, Hyyro 2004): row i is a bit vector V over
// the positions of the shorter sequence b, bit j-1 is 0 iff
// L[i][j] = L[i][j-1] + 1, V starts all ones and a row is
//   V = (V + (V & M)) | (V & ~M),   M = the positions of b holding a[i],
// so |LCS| = number of zero bits of the last row. A row costs ceil(|b|/64)
// word operations; rows of symbols absent from b are skipped (they equal the
// row above).
//
// Band. Extraction outputs are mostly the gold plus or minus some text, so
// an optimal alignment stays near the diagonals between 0 and |b| - |a|: the
// rows are first run over a band of diagonals only, and the result is kept
// when it certifies itself (a path leaving the band has provably fewer
// matches, see lcs_core); else the band is widened (at most 4x, or at once to
// a width that always certifies), or the full table is used when the band
// would not save a quarter of the work. The result is exact either way.
//
// Memory is linear: V, the positions of each symbol in b, a dense mask only for
// the symbols occurring more than ceil(|b|/64)/8 times in b (fewer than
// 8|b|/ceil(|b|/64) of them, so at most 8|b| words in all); rarer symbols are
// scattered into a scratch row and cleared after use.
//
// Time bound: a common prefix and suffix are stripped first (exact). The
// word operations of all passes (bands and full table) are counted against
// `work_limit` (default kLcsWorkLimit = 2^27, a few tenths of a second
// natively; 0 = none). When the next pass would cross it, both sequences are
// cut into K consecutive pieces of nearly equal length, K = ceil(full work /
// budget left), and the LCS of the i-th piece of a with the i-th piece of b
// are summed, each piece with an equal share of the budget left (pieces over
// their share are cut again). That sum is a common subsequence, so it is a
// lower bound of |LCS|, exact when the alignment never crosses the cuts, and
// the total stays within about 1.35 x work_limit word operations (the passes
// already run, plus at most max(budget left, work_limit / 4) x 1.35 for the
// pieces), plus O(|a| + |b|) per piece for their set-up. Ordinary pages stay far below the limit (a pair of
// 30,000-character texts costs at most 14 M word operations, and a few M with
// the band).
#include <algorithm>
#include <cstdint>
#include <vector>

#include "eval/sequence_match.hpp"
#include "wce/eval.hpp"

namespace wce {
namespace {

constexpr uint32_t kNone = UINT32_MAX;

inline unsigned popcount64(uint64_t x) {
  x = x - ((x >> 1) & 0x5555555555555555ULL);
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return static_cast<unsigned>((x * 0x0101010101010101ULL) >> 56);
}

// Maps the symbols of a and b to dense slots 0..sigma-1 of b's alphabet;
// symbols of a absent from b get kNone.
struct Alphabet {
  std::vector<uint32_t> b_slot, a_slot;  // per position
  uint32_t sigma = 0;
};

Alphabet dense_alphabet(const uint32_t* a, size_t n, const uint32_t* b, size_t m) {
  Alphabet out;
  out.b_slot.resize(m);
  out.a_slot.resize(n);
  uint32_t max_id = 0;
  for (size_t k = 0; k < n; ++k) max_id = std::max(max_id, a[k]);
  for (size_t k = 0; k < m; ++k) max_id = std::max(max_id, b[k]);
  if (uint64_t{max_id} < 8 * uint64_t(n + m) + 4096) {
    std::vector<uint32_t> slot(size_t{max_id} + 1, kNone);
    for (size_t k = 0; k < m; ++k) {
      uint32_t& s = slot[b[k]];
      if (s == kNone) s = out.sigma++;
      out.b_slot[k] = s;
    }
    for (size_t k = 0; k < n; ++k) out.a_slot[k] = slot[a[k]];
    return out;
  }
  // Sparse ids: sort b's distinct symbols and binary-search.
  std::vector<uint32_t> sorted(b, b + m);
  std::sort(sorted.begin(), sorted.end());
  sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
  out.sigma = static_cast<uint32_t>(sorted.size());
  auto find = [&](uint32_t id) {
    auto it = std::lower_bound(sorted.begin(), sorted.end(), id);
    return it != sorted.end() && *it == id ? static_cast<uint32_t>(it - sorted.begin()) : kNone;
  };
  for (size_t k = 0; k < m; ++k) out.b_slot[k] = find(b[k]);
  for (size_t k = 0; k < n; ++k) out.a_slot[k] = find(a[k]);
  return out;
}

// One bit-parallel row over words [0, words), in place:
// v = (v + (v & pm)) | (v & ~pm), the addition carried across words.
inline void lcs_row(uint64_t* v, const uint64_t* pm, size_t words) {
#if defined(__SIZEOF_INT128__) && !defined(__wasm__)
  __extension__ typedef unsigned __int128 u128;  // add-with-carry chain
  u128 carry = 0;
  for (size_t w = 0; w < words; ++w) {
    uint64_t x = v[w], mk = pm[w];
    u128 t = static_cast<u128>(x) + (x & mk) + carry;
    carry = t >> 64;
    v[w] = static_cast<uint64_t>(t) | (x & ~mk);
  }
#else
  uint64_t carry = 0;
  for (size_t w = 0; w < words; ++w) {
    uint64_t x = v[w], mk = pm[w];
    uint64_t s = x + (x & mk);
    uint64_t c1 = s < x;
    uint64_t s2 = s + carry;
    carry = c1 | (s2 < s);
    v[w] = s2 | (x & ~mk);
  }
#endif
}

// The rows of a against the bits of b (both non-empty, m <= n), given their
// dense alphabet. Row i (1-based) updates only the words holding columns
// [i + dlo, i + dhi] (clipped to [1, m]); pass dlo <= -n, dhi >= m for the
// full table.
//
// Why a band is safe. The carry into a word is L[i][J] - L[i-1][J] at the
// column J left of it, so starting a row's additions at a word w with carry 0
// keeps the columns left of w at their last computed values ("frozen");
// words right of the band keep their initial bits, i.e. a row value equal to
// the last computed column left of them. Both are <= the true DP values
// there (L grows along rows and columns), and the DP is monotone, so the
// result is <= |LCS|; it is >= the best path that stays inside the band,
// since that path never reads a frozen or untouched cell. See lcs_core for
// how the band is chosen and the result certified.
class BitRows {
 public:
  BitRows(const Alphabet& alpha, size_t n, size_t m) : alpha_(alpha), n_(n), m_(m) {
    words_ = (m + 63) / 64;
    // Positions of each symbol in b, ascending (CSR layout).
    start_.assign(size_t{alpha.sigma} + 1, 0);
    for (size_t p = 0; p < m; ++p) ++start_[alpha.b_slot[p] + 1];
    for (size_t s = 0; s < alpha.sigma; ++s) start_[s + 1] += start_[s];
    positions_.resize(m);
    std::vector<uint32_t> fill(start_.begin(), start_.end() - 1);
    for (size_t p = 0; p < m; ++p) positions_[fill[alpha.b_slot[p]]++] = static_cast<uint32_t>(p);
    const size_t threshold = std::max<size_t>(1, words_ / 8);
    dense_index_.assign(alpha.sigma, kNone);
    uint32_t dense_count = 0;
    for (uint32_t s = 0; s < alpha.sigma; ++s)
      if (words_ == 1 || start_[s + 1] - start_[s] > threshold) dense_index_[s] = dense_count++;
    dense_.assign(size_t{dense_count} * words_, 0);
    for (size_t p = 0; p < m; ++p) {
      uint32_t d = dense_index_[alpha.b_slot[p]];
      if (d != kNone) dense_[size_t{d} * words_ + (p >> 6)] |= uint64_t{1} << (p & 63);
    }
    scratch_.assign(words_, 0);
  }

  size_t words() const { return words_; }

  // Word range [lo, hi) of row i (1-based) in the band.
  void window(size_t i, int64_t dlo, int64_t dhi, size_t& lo, size_t& hi) const {
    int64_t jlo = std::max<int64_t>(1, static_cast<int64_t>(i) + dlo);
    int64_t jhi = std::min<int64_t>(static_cast<int64_t>(m_), static_cast<int64_t>(i) + dhi);
    if (jhi < jlo) { lo = hi = 0; return; }
    lo = static_cast<size_t>(jlo - 1) / 64;
    hi = static_cast<size_t>(jhi - 1) / 64 + 1;
  }

  // Word operations of a pass over the band.
  uint64_t cost(int64_t dlo, int64_t dhi) const {
    uint64_t total = 0;
    for (size_t i = 1; i <= n_; ++i) {
      if (alpha_.a_slot[i - 1] == kNone) continue;
      size_t lo, hi;
      window(i, dlo, dhi, lo, hi);
      total += hi - lo;
    }
    return total;
  }

  size_t run(int64_t dlo, int64_t dhi) {
    std::vector<uint64_t> v(words_, ~uint64_t{0});
    for (size_t i = 1; i <= n_; ++i) {
      uint32_t s = alpha_.a_slot[i - 1];
      if (s == kNone) continue;
      size_t lo, hi;
      window(i, dlo, dhi, lo, hi);
      if (lo == hi) continue;
      uint32_t d = dense_index_[s];
      if (d != kNone) {
        lcs_row(v.data() + lo, dense_.data() + size_t{d} * words_ + lo, hi - lo);
        continue;
      }
      // Sparse symbol: scatter its positions inside the window only.
      const uint32_t* first = positions_.data() + start_[s];
      const uint32_t* last = positions_.data() + start_[s + 1];
      if (lo > 0) first = std::lower_bound(first, last, static_cast<uint32_t>(lo * 64));
      if (hi < words_) last = std::lower_bound(first, last, static_cast<uint32_t>(hi * 64));
      for (const uint32_t* q = first; q != last; ++q) scratch_[*q >> 6] |= uint64_t{1} << (*q & 63);
      lcs_row(v.data() + lo, scratch_.data() + lo, hi - lo);
      for (const uint32_t* q = first; q != last; ++q) scratch_[*q >> 6] = 0;
    }
    size_t ones = 0;
    for (size_t w = 0; w + 1 < words_; ++w) ones += popcount64(v[w]);
    size_t tail = m_ - (words_ - 1) * 64;  // 1..64 bits used in the last word
    uint64_t last = tail == 64 ? v[words_ - 1] : v[words_ - 1] & ((uint64_t{1} << tail) - 1);
    ones += popcount64(last);
    return m_ - ones;
  }

 private:
  const Alphabet& alpha_;
  size_t n_, m_, words_;
  std::vector<uint32_t> start_, positions_, dense_index_;
  std::vector<uint64_t> dense_, scratch_;
};

size_t lcs_core(const uint32_t* a, size_t n, const uint32_t* b, size_t m, uint64_t work_limit) {
  // Common prefix and suffix belong to some LCS.
  size_t prefix = 0;
  while (prefix < n && prefix < m && a[prefix] == b[prefix]) ++prefix;
  a += prefix, n -= prefix, b += prefix, m -= prefix;
  size_t suffix = 0;
  while (suffix < n && suffix < m && a[n - 1 - suffix] == b[m - 1 - suffix]) ++suffix;
  n -= suffix, m -= suffix;
  const size_t fixed = prefix + suffix;
  if (n == 0 || m == 0) return fixed;
  if (m > n) {  // bits over the shorter sequence
    std::swap(a, b);
    std::swap(n, m);
  }
  Alphabet alpha = dense_alphabet(a, n, b, m);
  BitRows rows(alpha, n, m);
  const int64_t full_lo = -static_cast<int64_t>(n), full_hi = static_cast<int64_t>(m);
  const uint64_t full_cost = rows.cost(full_lo, full_hi);
  if (full_cost == 0) return fixed;  // no symbol in common

  // Band: diagonals d = j - i in [-(n - m) - e, e]. A path leaving it crosses
  // diagonal e + 1 or -(n - m) - e - 1, which takes at least n - m + 2(e + 1)
  // insertions and deletions, so it has at most m - e - 1 matches: a band
  // result >= m - e - 1 is |LCS|. The first band is narrow (e = 32, enough for
  // an output that holds the gold plus or minus a few characters, or larger
  // when that costs at most 25 % more); a band that
  // does not certify itself is widened to e' = min(4e, m - result), and
  // e' = m - result always certifies (the optimal path has
  // n + m - 2|LCS| <= n - m + 2e' indels and cannot leave the band). The
  // passes cost at most 4/3 of the last one; once a band would cost 3/4 of
  // the full table, the full table is run instead.
  const int64_t diff = static_cast<int64_t>(n - m);
  const uint64_t budget = work_limit == 0 ? UINT64_MAX : work_limit;
  uint64_t spent = 0;
  // Widen the first band for free: when |a| - |b| dominates its width, a
  // larger e costs little more (up to +25 %) and certifies more often.
  int64_t e = 32;
  {
    const uint64_t narrow = rows.cost(-diff - e, e);
    while (e < static_cast<int64_t>(m) && rows.cost(-diff - 2 * e, 2 * e) * 4 <= narrow * 5) e *= 2;
  }
  for (;;) {
    const int64_t dlo = -diff - e, dhi = e;
    const uint64_t cost = rows.cost(dlo, dhi);
    if (cost * 4 >= full_cost * 3) break;       // hardly narrower: full table
    if (cost > budget - spent) break;           // over the limit
    const size_t got = rows.run(dlo, dhi);
    spent += cost;
    if (static_cast<int64_t>(got) >= static_cast<int64_t>(m) - e - 1) return fixed + got;
    e = std::min<int64_t>(4 * e, static_cast<int64_t>(m - got));
  }
  if (full_cost <= budget - spent) return fixed + rows.run(full_lo, full_hi);

  // Over the limit: K aligned pieces sharing what is left of the budget (a
  // lower bound, see the file comment).
  const uint64_t left = std::max<uint64_t>(budget - spent, budget / 4);
  uint64_t k = (full_cost + left - 1) / left;
  k = std::max<uint64_t>(2, std::min<uint64_t>(k, m));  // pieces of b non-empty if m >= 2
  const uint64_t share = std::max<uint64_t>(1, left / k);
  size_t total = fixed;
  for (uint64_t piece = 0; piece < k; ++piece) {
    size_t a0 = static_cast<size_t>(n * piece / k), a1 = static_cast<size_t>(n * (piece + 1) / k);
    size_t b0 = static_cast<size_t>(m * piece / k), b1 = static_cast<size_t>(m * (piece + 1) / k);
    total += lcs_core(a + a0, a1 - a0, b + b0, b1 - b0, share);
  }
  return total;
}

}  // namespace

size_t lcs_length(const uint32_t* a, size_t n, const uint32_t* b, size_t m, uint64_t work_limit) {
  return lcs_core(a, n, b, m, work_limit);
}

size_t lcs_length(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b,
                  uint64_t work_limit) {
  return lcs_core(a.data(), a.size(), b.data(), b.size(), work_limit);
}

}  // namespace wce
