// ROUGE-LSum: summary-level LCS (Lin 2004, section 3.2), computed like the
// rougeLsum of the rouge-score package and as used by Bevendorff et al. 2023,
// on split_sentences() sentences and tokenize_words() tokens, compared exactly.
//
// For each gold sentence r, every predicted sentence c contributes the
// positions of r on one LCS of (r, c); the LCS is read from the DP table by
// the usual backtrack (from the bottom-right corner: take a match, else step
// left when L[i][j-1] > L[i-1][j], else step up), the same tie-breaking as
// rouge-score. The union of those positions over all c is the union-LCS of r.
// A union token is a hit while unused copies of it remain in both the gold
// and the prediction token multisets; precision = hits / predicted tokens,
// recall = hits / gold tokens.
//
// The LCS tables are bit-parallel (Allison-Dix / Hyyro): DP row i is a bit
// vector V_i over the positions of c, where bit j-1 is 0 iff
// L[i][j] = L[i][j-1] + 1, so L[i][j] is the number of zero bits among the
// first j, and V_i = (V + (V & M)) | (V & ~M) with V = V_{i-1} and M the
// positions of c holding r's i-th token (only tokens of r that occur in c get
// a row, see LcsMarker::mark). A pair costs |r| * ceil(|c|/64) word
// operations and |r| * |c| bits:
//   * up to kFullMatrixWords words (256 Mi cells, 32 MiB) all rows are kept;
//   * beyond that only every K-th row (K ~ sqrt|r|) is kept during a first
//     pass, and during the backtrack (which visits rows in decreasing order)
//     each block of K rows is recomputed from its checkpoint: exactly the
//     same LCS, about twice the time, O(sqrt|r| * |c|) bits of memory;
//   * sentences longer than kMaxSentenceTokens tokens are cut into pieces of
//     that length (an approximation, as if the sentence splitter had cut
//     them), which bounds a pair at 2^34 cells and ~12 MiB of rows.
// Ordinary pages never reach the last two cases.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "wce/eval.hpp"

namespace wce {
namespace {

constexpr size_t kMaxSentenceTokens = size_t{1} << 17;
constexpr size_t kFullMatrixWords = size_t{1} << 22;
constexpr uint32_t kNone = UINT32_MAX;
constexpr size_t kNoBlock = SIZE_MAX;

using Seq = std::vector<uint32_t>;

// Splits `text` into sentences of interned token ids; returns the token count.
size_t to_sentences(std::string_view text, std::unordered_map<std::string, uint32_t>& ids,
                    std::vector<Seq>& out) {
  size_t total = 0;
  for (const std::string& sentence : split_sentences(text)) {
    std::vector<std::string> words = tokenize_words(sentence);
    for (size_t begin = 0; begin < words.size(); begin += kMaxSentenceTokens) {
      size_t end = std::min(words.size(), begin + kMaxSentenceTokens);
      Seq seq;
      seq.reserve(end - begin);
      for (size_t k = begin; k < end; ++k) {
        auto it = ids.try_emplace(std::move(words[k]), static_cast<uint32_t>(ids.size())).first;
        seq.push_back(it->second);
      }
      total += seq.size();
      out.push_back(std::move(seq));
    }
  }
  return total;
}

inline unsigned popcount64(uint64_t x) {
#if defined(__POPCNT__) || defined(__wasm__)
  return static_cast<unsigned>(__builtin_popcountll(x));
#else  // without a popcount instruction the builtin is a libgcc call
  x = x - ((x >> 1) & 0x5555555555555555ULL);
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return static_cast<unsigned>((x * 0x0101010101010101ULL) >> 56);
#endif
}

// One LCS row: out = (v + (v & pm)) | (v & ~pm), a multi-word addition.
inline void lcs_row(const uint64_t* v, const uint64_t* pm, uint64_t* out, size_t words) {
  uint64_t carry = 0;
  for (size_t w = 0; w < words; ++w) {
    uint64_t x = v[w], m = pm[w];
    uint64_t s = x + (x & m);
    uint64_t c1 = s < x;
    uint64_t s2 = s + carry;
    carry = c1 | (s2 < s);
    out[w] = s2 | (x & ~m);
  }
}

// L[i][j] from row V_i: the zero bits among the first j.
inline size_t lcs_value(const uint64_t* row, size_t j) {
  size_t ones = 0, full = j >> 6;
  for (size_t w = 0; w < full; ++w) ones += popcount64(row[w]);
  if (j & 63) ones += popcount64(row[full] & ((uint64_t{1} << (j & 63)) - 1));
  return j - ones;
}

// Index of the highest set bit of a non-zero word.
inline unsigned top_bit(uint64_t x) {
#if defined(__GNUC__) || defined(__clang__)
  return 63u - static_cast<unsigned>(__builtin_clzll(x));
#else
  unsigned b = 0;
  while (x >>= 1) ++b;
  return b;
#endif
}

// L[i][j] - L[i][j-1] (0 or 1), j >= 1.
inline size_t lcs_step(const uint64_t* row, size_t j) {
  return 1 - ((row[(j - 1) >> 6] >> ((j - 1) & 63)) & 1);
}

// Marks the LCS positions of reference sentences against one loaded
// candidate sentence. All buffers are reused across calls.
class LcsMarker {
 public:
  explicit LcsMarker(size_t vocab) : first_(vocab, kNone), dense_index_(vocab, kNone) {}

  // Indexes candidate `c`: tokens occurring often get a dense match mask,
  // the others a linked list of positions that is OR-ed into a scratch mask.
  void load(const Seq& c) {
    c_ = &c;
    m_ = c.size();
    words_ = (m_ + 63) / 64;
    next_.resize(m_);
    for (size_t p = m_; p-- > 0;) {
      next_[p] = first_[c[p]];
      first_[c[p]] = static_cast<uint32_t>(p);
    }
    // Setting a sparse mask costs two passes over the occurrences; a dense
    // mask costs `words_` words of memory. Dense when occurrences exceed
    // words_/8: at most 8*m_ words in all, sparse work <= 1/4 of a row.
    size_t threshold = std::max<size_t>(1, words_ / 8);
    size_t dense_count = 0;
    for (size_t p = 0; p < m_; ++p) {
      uint32_t t = c[p];
      if (first_[t] != p || dense_index_[t] != kNone) continue;  // first occurrence only
      size_t occ = 0;
      for (uint32_t q = first_[t]; q != kNone && occ <= threshold; q = next_[q]) ++occ;
      if (occ > threshold || words_ == 1) dense_index_[t] = static_cast<uint32_t>(dense_count++);
    }
    dense_.assign(dense_count * words_, 0);
    for (size_t p = 0; p < m_; ++p) {
      uint32_t d = dense_index_[c[p]];
      if (d != kNone) dense_[d * words_ + (p >> 6)] |= uint64_t{1} << (p & 63);
    }
    scratch_.assign(words_, 0);
    ones_.assign(words_, ~uint64_t{0});
  }

  void unload() {
    for (uint32_t t : *c_) first_[t] = dense_index_[t] = kNone;
    c_ = nullptr;
  }

  // Sets mark[k] = 1 for the positions k of r on the backtracked LCS of
  // (r, loaded candidate); returns how many marks were newly set.
  //
  // Only the tokens of r that occur in c get a DP row: the row of any other
  // token equals the row above it, and there the backtrack never matches and
  // never steps left (L[i][j-1] <= L[i][j] = L[i-1][j]), so dropping those
  // rows leaves the same path and the same marks.
  size_t mark(const Seq& r, uint8_t* mark) {
    if (rows_.size() < r.size()) {
      rows_.resize(r.size());
      row_tokens_.resize(r.size());
    }
    n_ = 0;
    const uint32_t* first = first_.data();
    for (size_t k = 0, size = r.size(); k < size; ++k) {
      uint32_t t = r[k];
      if (first[t] == kNone) continue;
      rows_[n_] = static_cast<uint32_t>(k);
      row_tokens_[n_++] = t;
    }
    if (n_ == 0 || m_ == 0) return 0;

    block_id_ = kNoBlock;
    if ((n_ + 1) * words_ <= kFullMatrixWords) {
      block_rows_ = n_;
      checkpoints_.clear();
    } else {
      block_rows_ = std::max<size_t>(1, static_cast<size_t>(std::ceil(std::sqrt(double(n_ + 1)))));
      forward_checkpoints();
    }
    return backtrack(mark);
  }

 private:
  // Computes row `i` (1-based) from `prev` into `out`.
  void row(const uint64_t* prev, uint64_t* out, size_t i) {
    uint32_t t = row_tokens_[i - 1];
    uint32_t d = dense_index_[t];
    if (d != kNone) {
      lcs_row(prev, dense_.data() + size_t{d} * words_, out, words_);
      return;
    }
    for (uint32_t q = first_[t]; q != kNone; q = next_[q])
      scratch_[q >> 6] |= uint64_t{1} << (q & 63);
    lcs_row(prev, scratch_.data(), out, words_);
    for (uint32_t q = first_[t]; q != kNone; q = next_[q]) scratch_[q >> 6] = 0;
  }

  // First pass of the checkpointed mode: keeps rows 0, K, 2K, ...
  void forward_checkpoints() {
    size_t count = n_ / block_rows_ + 1;
    checkpoints_.resize(count * words_);
    std::copy(ones_.begin(), ones_.end(), checkpoints_.begin());
    rolling_.resize(2 * words_);
    const uint64_t* prev = ones_.data();
    for (size_t i = 1; i <= n_; ++i) {
      uint64_t* out = rolling_.data() + (i & 1) * words_;
      if (i % block_rows_ == 0) out = checkpoints_.data() + (i / block_rows_) * words_;
      row(prev, out, i);
      prev = out;
    }
  }

  // Makes rows [b*K, min(b*K + K, n)] available in block_.
  void materialize(size_t b) {
    size_t lo = b * block_rows_, hi = std::min(n_, lo + block_rows_);
    block_.resize((block_rows_ + 1) * words_);
    const uint64_t* start = checkpoints_.empty() ? ones_.data() : checkpoints_.data() + b * words_;
    std::memcpy(block_.data(), start, words_ * sizeof(uint64_t));
    for (size_t i = lo + 1; i <= hi; ++i)
      row(block_.data() + (i - 1 - lo) * words_, block_.data() + (i - lo) * words_, i);
    block_id_ = b;
  }

  // Ensures rows i and i-1 (i >= 1) are materialized.
  void ensure(size_t i) {
    size_t b = (i - 1) / block_rows_;
    if (b != block_id_) materialize(b);
  }

  const uint64_t* row_ptr(size_t i) const {
    return block_.data() + (i - block_id_ * block_rows_) * words_;
  }

  // Match mask of the token of row i when it is dense, else null.
  const uint64_t* dense_mask(size_t i) const {
    uint32_t d = dense_index_[row_tokens_[i - 1]];
    return d == kNone ? nullptr : dense_.data() + size_t{d} * words_;
  }

  // Walks back from (n, m) tracking cur = L[i][j] and up = L[i-1][j]; a step
  // up needs one prefix popcount of the new row i-1. cur > 0 implies i, j > 0.
  // A step left happens only when L[i][j-1] = cur and up = cur - 1, which
  // forces L[i-1][j-1] = cur - 1: cur and up do not change, and the walk goes
  // on left until a column where row i increments or c holds row i's token.
  // With a dense mask that column is found a word at a time.
  size_t backtrack(uint8_t* mark) {
    const uint32_t* c = c_->data();
    size_t added = 0;
    size_t i = n_, j = m_;
    ensure(i);
    const uint64_t* row_i = row_ptr(i);
    const uint64_t* row_up = row_ptr(i - 1);
    const uint64_t* mask_i = dense_mask(i);
    size_t cur = lcs_value(row_i, j);
    size_t up = lcs_value(row_up, j);
    while (cur > 0) {
      bool step_up;
      if (row_tokens_[i - 1] == c[j - 1]) {
        uint8_t& flag = mark[rows_[i - 1]];
        added += flag == 0;
        flag = 1;
        --j;
        --cur;
        step_up = true;
      } else {
        size_t left_step = lcs_step(row_i, j);
        step_up = cur - left_step <= up;
        if (step_up) {
          cur = up;
        } else if (mask_i == nullptr) {
          --j;
        } else {
          // Highest column j' < j whose bit in ~V_i | mask is set (exists
          // because L[i][j-1] = cur > 0).
          size_t p = j - 2, w = p >> 6;
          unsigned b = static_cast<unsigned>(p & 63);
          uint64_t bits = (~row_i[w] | mask_i[w]) & (b == 63 ? ~uint64_t{0} : (uint64_t{2} << b) - 1);
          while (bits == 0) {
            --w;
            bits = ~row_i[w] | mask_i[w];
          }
          j = w * 64 + top_bit(bits) + 1;
        }
      }
      if (step_up) {
        --i;
        if (cur == 0) break;
        ensure(i);
        row_i = row_ptr(i);
        row_up = row_ptr(i - 1);
        mask_i = dense_mask(i);
        up = lcs_value(row_up, j);
      }
    }
    return added;
  }

  std::vector<uint32_t> first_;        // per token id: first position in c
  std::vector<uint32_t> dense_index_;  // per token id: row of dense_
  std::vector<uint32_t> next_;         // per position of c: next same token
  std::vector<uint32_t> rows_;         // positions in r of the tokens present in c
  std::vector<uint32_t> row_tokens_;   // and those tokens: the DP rows
  std::vector<uint64_t> dense_, scratch_, ones_;
  std::vector<uint64_t> checkpoints_, rolling_, block_;
  const Seq* c_ = nullptr;
  size_t m_ = 0, n_ = 0, words_ = 0;
  size_t block_rows_ = 0, block_id_ = kNoBlock;
};

}  // namespace

PRF rouge_lsum(std::string_view predicted, std::string_view gold) {
  std::unordered_map<std::string, uint32_t> ids;
  std::vector<Seq> gold_sents, pred_sents;
  size_t gold_total = to_sentences(gold, ids, gold_sents);
  size_t pred_total = to_sentences(predicted, ids, pred_sents);
  if (gold_total == 0 && pred_total == 0) return {1, 1, 1};
  if (gold_total == 0 || pred_total == 0) return {0, 0, 0};
  size_t vocab = ids.size();
  ids = {};

  // Union-LCS marks, one flag per gold token, sentence after sentence.
  std::vector<size_t> offset(gold_sents.size() + 1, 0);
  for (size_t s = 0; s < gold_sents.size(); ++s) offset[s + 1] = offset[s] + gold_sents[s].size();
  std::vector<uint8_t> marks(gold_total, 0);
  std::vector<size_t> marked(gold_sents.size(), 0);

  LcsMarker marker(vocab);
  for (const Seq& c : pred_sents) {
    marker.load(c);
    for (size_t s = 0; s < gold_sents.size(); ++s) {
      size_t n = gold_sents[s].size();
      if (marked[s] == n) continue;  // the union already covers the sentence
      marked[s] += marker.mark(gold_sents[s], marks.data() + offset[s]);
    }
    marker.unload();
  }

  std::vector<uint32_t> gold_left(vocab, 0), pred_left(vocab, 0);
  for (const Seq& s : gold_sents)
    for (uint32_t t : s) ++gold_left[t];
  for (const Seq& s : pred_sents)
    for (uint32_t t : s) ++pred_left[t];
  size_t hits = 0;
  for (size_t s = 0; s < gold_sents.size(); ++s) {
    for (size_t k = 0; k < gold_sents[s].size(); ++k) {
      if (!marks[offset[s] + k]) continue;
      uint32_t t = gold_sents[s][k];
      if (gold_left[t] > 0 && pred_left[t] > 0) {
        ++hits;
        --gold_left[t];
        --pred_left[t];
      }
    }
  }

  PRF out;
  out.precision = static_cast<double>(hits) / static_cast<double>(pred_total);
  out.recall = static_cast<double>(hits) / static_cast<double>(gold_total);
  double sum = out.precision + out.recall;
  out.f1 = sum > 0 ? 2 * out.precision * out.recall / sum : 0;
  return out;
}

}  // namespace wce
