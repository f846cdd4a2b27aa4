// DSC, Document Slope Curves (Pinto, Branstein, Coleman, Croft, King, Li, Wei:
// "QuASM: a system for question answering using semi-structured data",
// JCDL 2002), in the content-extraction variant of Gottron 2007 ("Evaluating
// content extraction on HTML documents", ITA 2007, section 5.3).
//
// The page is the tag/word token sequence also used by BTE
// (features/token_stream.hpp). The document slope curve counts the tag tokens
// up to each token; plateaus (low slope) are text with few tags. Gottron:
//   - a window of fixed token length l is passed over the document with 50 %
//     overlap;
//   - a window has a low slope if its average slope (tags / tokens in the
//     window) is less than half the average slope of the whole document;
//   - three consecutive low-slope windows start a low-slope area, which lasts
//     until three consecutive windows with a higher slope are found;
//   - every low-slope area is extracted (Pinto et al. only used the share of
//     low-slope areas to classify pages; extracting them is Gottron's
//     variation), so unlike BTE several separate regions can be content.
// Text nodes are labelled by the share of their words inside an area.
//
// Neither Gottron 2007 nor the descriptions of Pinto et al. available to us
// state the window length l; kWindowTokens is our choice (see its comment).
#include <algorithm>
#include <vector>

#include "extractors/extractor_util.hpp"
#include "extractors/registry_list.hpp"
#include "features/token_stream.hpp"

namespace wce {
namespace {

// Window length l in tokens. Not given by Gottron 2007; 20 tokens is about one
// sentence, short enough to separate a paragraph from a neighbouring link list
// and long enough that one inline tag does not break a plateau. Even, so that
// the 50 % overlap (Gottron) is a step of l / 2.
constexpr uint32_t kWindowTokens = 20;
// "less than half the average slope of the entire document" (Gottron 2007).
constexpr double kLowSlopeFactor = 0.5;
// "Three consecutive low slope windows indicate the beginning of a low slope
// area, until three consecutive windows with a slope higher ..." (Gottron 2007).
constexpr uint32_t kRunToSwitch = 3;

Labels dsc(Context& ctx) {
  const Document& doc = ctx.doc();
  Labels labels(doc.text_nodes.size(), 0.0f);
  const std::vector<TokenRun> runs = token_stream(doc, ctx.text_words());

  // Cumulative tag count over the token positions: the slope curve itself.
  uint64_t total = 0;
  for (const TokenRun& r : runs) total += r.count;
  if (total == 0) return labels;
  const size_t n = static_cast<size_t>(total);
  std::vector<uint32_t> curve(n + 1, 0);  // curve[p] = tags among tokens [0, p)
  {
    size_t p = 0;
    for (const TokenRun& r : runs)
      for (uint32_t k = 0; k < r.count; ++k, ++p) curve[p + 1] = curve[p] + (r.is_tag() ? 1 : 0);
  }
  const double doc_slope = static_cast<double>(curve[n]) / n;

  // Windows [start, start + l), step l / 2; the last one may be shorter.
  const size_t step = kWindowTokens / 2;
  struct Window { size_t begin, end; bool low; };
  std::vector<Window> windows;
  for (size_t start = 0;; start += step) {
    size_t end = std::min(start + kWindowTokens, n);
    double slope = static_cast<double>(curve[end] - curve[start]) / (end - start);
    windows.push_back({start, end, slope < kLowSlopeFactor * doc_slope});
    if (end >= n) break;
  }

  // Low-slope areas: from the first of kRunToSwitch consecutive low windows to
  // the last low window before kRunToSwitch consecutive high ones (or the end).
  std::vector<int32_t> cover(n + 1, 0);  // difference array of covered tokens
  auto all_equal = [&](size_t w, bool low) {
    if (w + kRunToSwitch > windows.size()) return false;
    for (size_t k = w; k < w + kRunToSwitch; ++k)
      if (windows[k].low != low) return false;
    return true;
  };
  bool in_area = false;
  size_t area_begin = 0, last_low = 0;
  auto close_area = [&] {
    cover[windows[area_begin].begin] += 1;
    cover[windows[last_low].end] -= 1;
    in_area = false;
  };
  for (size_t w = 0; w < windows.size(); ++w) {
    if (!in_area) {
      if (all_equal(w, true)) { in_area = true; area_begin = w; last_low = w; }
    } else if (all_equal(w, false)) {
      close_area();
    } else if (windows[w].low) {
      last_low = w;
    }
  }
  if (in_area) close_area();

  // covered[p]: token p lies in an area; prefix sums count covered words per run.
  std::vector<uint8_t> covered(n, 0);
  int32_t depth = 0;
  for (size_t p = 0; p < n; ++p) { depth += cover[p]; covered[p] = depth > 0; }

  size_t p = 0;
  for (const TokenRun& r : runs) {
    if (r.kind == TokenRun::Words) {
      uint32_t t = doc.nodes[r.node].text_index;
      if (r.count > 0) {
        uint32_t in = 0;
        for (uint32_t k = 0; k < r.count; ++k) in += covered[p + k];
        labels[t] = 2 * in >= r.count ? 1.0f : 0.0f;
      } else {
        // Whitespace only: content when it sits between two covered tokens.
        labels[t] = (p > 0 && p < n && covered[p - 1] && covered[p]) ? 1.0f : 0.0f;
      }
    }
    p += r.count;
  }
  return labels;
}

}  // namespace

std::unique_ptr<Extractor> make_dsc() {
  return make_extractor(
      {"dsc", Family::Heuristic,
       "Pinto et al. 2002: QuASM (Document Slope Curves); extraction variant of Gottron 2007",
       "Document Slope Curves: every low-slope area of the cumulative tag curve, in windows of "
       "20 tokens with 50 % overlap."},
      dsc);
}

}  // namespace wce
