// Gold labels per text node by aligning the gold text with the page's text.
//
// Choice. Web2Text (Vogels et al. 2018, section 4.1) recovers block labels
// for CleanEval by splitting page and gold recursively at unique matches and
// aligning the rest by dynamic programming. We do the same, with a
// deterministic rule for the splits (patience diff) and an exact DP for the
// pieces:
//   1. Tokens (features/node_tokens.cpp, TokenRule::Alignment): words, with
//      punctuation marks split off as tokens of their own, ASCII case folded;
//      every character of a script written without spaces (Han, kana, Thai,
//      ...) is a token, so CJK pages align by characters whatever the
//      record's language. The page's text nodes are one stream in document
//      order; a word split by inline elements is one token of both nodes.
//   2. A window (gold range x page range) first loses its common prefix and
//      suffix (matched). If its DP table is at most kDpCells cells, it is
//      aligned exactly (step 3). Else the anchors are the tokens occurring
//      exactly once in the gold part and once in the page part whose left or
//      right neighbour matches too (a lone unique word is too weak); the
//      longest chain of anchors increasing in both (longest increasing
//      subsequence) is matched and the gaps between anchors become windows.
//      Without such anchors, unique tokens without the neighbour check are
//      tried; without any, the window is cut into K aligned pieces of at
//      most kDpCells cells (approximate; counted in approximate_windows).
//   3. The DP maximises the number of matched tokens (an LCS) and, among
//      alignments with as many matches, minimises the number of runs (a run
//      = consecutive matches, consecutive in both texts). So a sentence that
//      occurs twice on the page (a teaser and the article, a title repeated
//      in the footer) is matched where it continues the neighbouring
//      matches. Two score rows are kept; the traceback is one byte per cell
//      of the window (at most kDpCells bytes).
//   4. Stray matches are dropped: a run shorter than kMinRun tokens is kept
//      only if it is a whole gold line (a short heading) or, with at least
//      two tokens, the whole text of its page node(s). This keeps a gold
//      "the" from marking a menu entry "The".
// A text node is gold content when at least opt.node_share (0.5) of its
// tokens are matched; nodes without tokens are 0 (and are not blocks of the
// block-level measure).
#include <algorithm>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "features/node_tokens.hpp"
#include "wce/align.hpp"

namespace wce {
namespace {

constexpr uint64_t kDpCells = uint64_t{1} << 23;  // largest exact window (bytes of traceback)
constexpr size_t kMinRun = 3;                    // shorter runs are stray unless whole line / node

// Dense ids of token strings, shared by gold and page.
class Interner {
 public:
  uint32_t id(const std::string& s) {
    return ids_.try_emplace(s, static_cast<uint32_t>(ids_.size())).first->second;
  }
  size_t size() const { return ids_.size(); }

 private:
  std::unordered_map<std::string, uint32_t> ids_;
};

struct Window {
  uint32_t a0, a1, b0, b1;  // gold [a0, a1) x page [b0, b1)
};

class Aligner {
 public:
  Aligner(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b, size_t vocab)
      : a_(a), b_(b), match_of_b_(b.size(), kNone), count_a_(vocab), count_b_(vocab),
        pos_a_(vocab), pos_b_(vocab), stamp_(vocab, 0) {}

  // Page token -> matched gold token, or kNone.
  std::vector<uint32_t> run(size_t& approximate) {
    std::vector<Window> stack = {{0, static_cast<uint32_t>(a_.size()), 0,
                                  static_cast<uint32_t>(b_.size())}};
    while (!stack.empty()) {
      Window w = stack.back();
      stack.pop_back();
      while (w.a0 < w.a1 && w.b0 < w.b1 && a_[w.a0] == b_[w.b0]) match(w.a0++, w.b0++);
      while (w.a0 < w.a1 && w.b0 < w.b1 && a_[w.a1 - 1] == b_[w.b1 - 1]) match(--w.a1, --w.b1);
      const uint64_t n = w.a1 - w.a0, m = w.b1 - w.b0;
      if (n == 0 || m == 0) continue;
      if (n * m <= kDpCells) {
        dp(w);
        continue;
      }
      std::vector<std::pair<uint32_t, uint32_t>> anchors = unique_anchors(w, true);
      if (anchors.empty()) anchors = unique_anchors(w, false);
      if (anchors.empty()) {
        ++approximate;
        const uint64_t k = std::min<uint64_t>(std::min(n, m), (n * m + kDpCells - 1) / kDpCells);
        for (uint64_t p = 0; p < k; ++p)
          stack.push_back({static_cast<uint32_t>(w.a0 + n * p / k),
                           static_cast<uint32_t>(w.a0 + n * (p + 1) / k),
                           static_cast<uint32_t>(w.b0 + m * p / k),
                           static_cast<uint32_t>(w.b0 + m * (p + 1) / k)});
        continue;
      }
      uint32_t pa = w.a0, pb = w.b0;
      for (auto [ia, ib] : anchors) {
        match(ia, ib);
        stack.push_back({pa, ia, pb, ib});
        pa = ia + 1, pb = ib + 1;
      }
      stack.push_back({pa, w.a1, pb, w.b1});
    }
    return std::move(match_of_b_);
  }

 private:
  void match(uint32_t ia, uint32_t ib) { match_of_b_[ib] = ia; }

  // Tokens once in each part (with a matching neighbour when `strict`), as
  // (gold, page) pairs of the longest chain increasing in both.
  std::vector<std::pair<uint32_t, uint32_t>> unique_anchors(const Window& w, bool strict) {
    ++epoch_;
    auto touch = [&](uint32_t id) {
      if (stamp_[id] != epoch_) stamp_[id] = epoch_, count_a_[id] = count_b_[id] = 0;
    };
    for (uint32_t i = w.a0; i < w.a1; ++i) touch(a_[i]), ++count_a_[a_[i]], pos_a_[a_[i]] = i;
    for (uint32_t j = w.b0; j < w.b1; ++j) touch(b_[j]), ++count_b_[b_[j]], pos_b_[b_[j]] = j;
    std::vector<std::pair<uint32_t, uint32_t>> cand;  // ascending in gold position
    for (uint32_t i = w.a0; i < w.a1; ++i) {
      uint32_t id = a_[i];
      if (count_a_[id] != 1 || count_b_[id] != 1) continue;
      uint32_t j = pos_b_[id];
      bool left = i > w.a0 && j > w.b0 && a_[i - 1] == b_[j - 1];
      bool right = i + 1 < w.a1 && j + 1 < w.b1 && a_[i + 1] == b_[j + 1];
      if (!strict || left || right) cand.emplace_back(i, j);
    }
    // Longest increasing subsequence of the page positions (patience sorting).
    std::vector<uint32_t> tails, prev(cand.size(), kNone);
    for (uint32_t c = 0; c < cand.size(); ++c) {
      auto it = std::lower_bound(tails.begin(), tails.end(), cand[c].second,
                                 [&](uint32_t t, uint32_t v) { return cand[t].second < v; });
      if (it != tails.begin()) prev[c] = *(it - 1);
      if (it == tails.end()) tails.push_back(c);
      else *it = c;
    }
    std::vector<std::pair<uint32_t, uint32_t>> chain;
    for (uint32_t c = tails.empty() ? kNone : tails.back(); c != kNone; c = prev[c])
      chain.push_back(cand[c]);
    std::reverse(chain.begin(), chain.end());
    return chain;
  }

  // Most matches, then fewest runs (see the file comment), by DP over the
  // window with rows over the gold part. Trace bits per cell: 1 = the best
  // ends with the match (i, j); 2 = that match continues the run of
  // (i-1, j-1); 4 = else the best skips gold token i (else page token j).
  void dp(const Window& w) {
    const size_t n = w.a1 - w.a0, m = w.b1 - w.b0;
    constexpr int64_t kNeg = INT64_MIN / 4;
    const int64_t gain = static_cast<int64_t>(n + m + 1);  // one match outweighs every run penalty
    std::vector<int64_t> prev_x(m + 1, kNeg), prev_best(m + 1, 0), cur_x(m + 1), cur_best(m + 1);
    trace_.assign(n * m, 0);
    for (size_t i = 1; i <= n; ++i) {
      cur_x[0] = kNeg;
      cur_best[0] = 0;
      const uint32_t ai = a_[w.a0 + i - 1];
      uint8_t* row = trace_.data() + (i - 1) * m;
      for (size_t j = 1; j <= m; ++j) {
        uint8_t bits = 0;
        int64_t up = prev_best[j], left = cur_best[j - 1];
        int64_t skip = up >= left ? (bits |= 4, up) : left;
        int64_t x = kNeg;
        if (ai == b_[w.b0 + j - 1]) {
          int64_t cont = prev_x[j - 1], fresh = prev_best[j - 1] - 1;
          x = gain + (cont >= fresh ? (bits |= 2, cont) : fresh);
        }
        cur_x[j] = x;
        cur_best[j] = x >= skip ? (bits |= 1, x) : skip;
        row[j - 1] = bits;
      }
      std::swap(prev_x, cur_x);
      std::swap(prev_best, cur_best);
    }
    size_t i = n, j = m;
    bool in_match = false;  // the path must take the match at (i, j)
    while (i > 0 && j > 0) {
      uint8_t bits = trace_[(i - 1) * m + (j - 1)];
      if (in_match || (bits & 1)) {
        match(static_cast<uint32_t>(w.a0 + i - 1), static_cast<uint32_t>(w.b0 + j - 1));
        in_match = bits & 2;
        --i, --j;
      } else if (bits & 4) {
        --i;
      } else {
        --j;
      }
    }
  }

  const std::vector<uint32_t>& a_;
  const std::vector<uint32_t>& b_;
  std::vector<uint32_t> match_of_b_;
  std::vector<uint32_t> count_a_, count_b_, pos_a_, pos_b_, stamp_;
  uint32_t epoch_ = 0;
  std::vector<uint8_t> trace_;
};

}  // namespace

GoldAlignment align_gold(const Document& doc, std::string_view gold_text, const AlignOptions& opt) {
  GoldAlignment out;
  const size_t nodes = doc.text_nodes.size();
  out.labels.assign(nodes, 0.0f);
  out.node_share.assign(nodes, 0.0f);
  out.node_tokens.assign(nodes, 0);

  Interner interner;
  // Gold tokens, with the line each comes from (gold paragraphs are lines).
  std::vector<uint32_t> gold, gold_line;
  for (const std::string& t : text_tokens(gold_text, TokenRule::Alignment, &gold_line))
    gold.push_back(interner.id(t));
  const std::vector<NodeToken> page = node_tokens(doc, TokenRule::Alignment);
  std::vector<uint32_t> page_ids(page.size());
  for (size_t p = 0; p < page.size(); ++p) page_ids[p] = interner.id(page[p].text);

  out.gold_tokens = gold.size();
  out.page_tokens = page.size();
  std::vector<uint32_t> match_of_page =
      Aligner(gold, page_ids, interner.size()).run(out.approximate_windows);

  // Token ranges of the nodes, for the whole-node rule.
  std::vector<uint32_t> node_begin(nodes, kNone), node_end(nodes, 0);
  for (uint32_t p = 0; p < page.size(); ++p)
    for (uint32_t k = page[p].node_first; k <= page[p].node_last; ++k) {
      if (node_begin[k] == kNone) node_begin[k] = p;
      node_end[k] = p + 1;
    }
  // Drop stray runs (step 4).
  for (size_t p = 0; p < page.size();) {
    if (match_of_page[p] == kNone) { ++p; continue; }
    size_t q = p + 1;
    while (q < page.size() && match_of_page[q] == match_of_page[q - 1] + 1) ++q;
    const size_t len = q - p;
    const uint32_t g0 = match_of_page[p], g1 = match_of_page[q - 1];
    bool whole_line = (g0 == 0 || gold_line[g0 - 1] != gold_line[g0]) &&
                      (g1 + 1 == gold.size() || gold_line[g1 + 1] != gold_line[g1]) &&
                      gold_line[g0] == gold_line[g1];
    bool whole_node = node_begin[page[p].node_first] == p && node_end[page[q - 1].node_last] == q;
    if (len < kMinRun && !whole_line && !(len >= 2 && whole_node))
      for (size_t r = p; r < q; ++r) match_of_page[r] = kNone;
    p = q;
  }

  std::vector<uint32_t> matched(nodes, 0);
  for (size_t p = 0; p < page.size(); ++p) {
    const bool hit = match_of_page[p] != kNone;
    out.matched_tokens += hit;
    for (uint32_t k = page[p].node_first; k <= page[p].node_last; ++k) {
      ++out.node_tokens[k];
      matched[k] += hit;
    }
  }
  out.gold_coverage = gold.empty() ? 1.0 : static_cast<double>(out.matched_tokens) / gold.size();
  for (size_t k = 0; k < nodes; ++k) {
    if (out.node_tokens[k] == 0) continue;
    out.node_share[k] = static_cast<float>(matched[k]) / static_cast<float>(out.node_tokens[k]);
    out.labels[k] = out.node_share[k] >= opt.node_share ? 1.0f : 0.0f;
  }
  return out;
}

BlockCounts block_counts(const Labels& predicted, const GoldAlignment& gold) {
  BlockCounts c;
  const size_t n = std::min(predicted.size(), gold.labels.size());
  for (size_t k = 0; k < n; ++k) {
    if (gold.node_tokens[k] == 0) continue;
    const bool p = predicted[k] >= kContentThreshold, g = gold.labels[k] >= 0.5f;
    (p ? (g ? c.tp : c.fp) : (g ? c.fn : c.tn)) += 1;
  }
  return c;
}

PRF block_prf(const BlockCounts& c) {
  PRF r;
  const size_t pred = c.tp + c.fp, gold = c.tp + c.fn;
  if (pred == 0 && gold == 0) return {1, 1, 1};
  if (pred == 0 || gold == 0) return r;
  r.precision = static_cast<double>(c.tp) / pred;
  r.recall = static_cast<double>(c.tp) / gold;
  r.f1 = r.precision + r.recall > 0 ? 2 * r.precision * r.recall / (r.precision + r.recall) : 0;
  return r;
}

double block_accuracy(const BlockCounts& c) {
  const size_t all = c.tp + c.fp + c.fn + c.tn;
  return all == 0 ? 1.0 : static_cast<double>(c.tp + c.tn) / all;
}

}  // namespace wce
