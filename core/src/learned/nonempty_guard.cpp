// Guard against an (almost) empty output of a learned block labeller: when
// the kept blocks hold fewer than kMinKeptChars non-whitespace characters,
// the best-scoring contiguous run of blocks is added to them. On real pages
// a conservative model often keeps nothing of a short blog, event or shop
// page (lab/results/learned-2026-11-27c.md, section 4); any run of its most
// likely blocks is closer to the page's content than an empty output.
//
// The run is the maximum-sum subarray (Kadane) of
//   chars_i * (p_i - kRelativeToBest * max_j p_j):
// relative to the page's best block, because when nothing is kept every p_i
// is usually below 0.5 (p_i - 0.5 would keep the single best block); weighted
// by text, so that short separators ("|", "Share") do not split a run and
// the run with the most likely text wins. The best block scores > 0, so a
// page with any text block never comes out empty.
#include <algorithm>
#include <cstddef>

#include "wce/extractor.hpp"
#include "wce/train/learned.hpp"

namespace wce::learned {
namespace {

// The shortest main text of any training page of Web2Text (CleanEval dev and
// the extra pages of learned-2026-11-27c.md) is 111 non-whitespace
// characters: less than that kept means the content was not found
// (lab/results/learned-2026-11-27d.md).
constexpr uint64_t kMinKeptChars = 100;
// A block counts for the run when its probability is at least this share of
// the page's best block's (fixed a priori, not tuned).
constexpr double kRelativeToBest = 0.5;

}  // namespace

bool guard_nonempty(std::vector<uint8_t>& labels, const std::vector<float>& p, const std::vector<uint32_t>& chars) {
  const size_t n = labels.size();
  if (n == 0 || p.size() != n || chars.size() != n) return false;
  uint64_t kept = 0;
  double best_p = 0.0;
  for (size_t i = 0; i < n; ++i) {
    if (labels[i]) kept += chars[i];
    if (p[i] > best_p) best_p = p[i];
  }
  if (kept >= kMinKeptChars) return false;
  const double cut = kRelativeToBest * best_p;
  // Kadane: `run` is the best sum of a run ending at i, starting at `start`.
  double run = 0.0, best = -1.0;
  size_t start = 0, best_begin = 0, best_end = 0;
  for (size_t i = 0; i < n; ++i) {
    const double v = static_cast<double>(chars[i]) * (static_cast<double>(p[i]) - cut);
    if (run <= 0.0) {
      run = v;
      start = i;
    } else {
      run += v;
    }
    if (run > best) {
      best = run;
      best_begin = start;
      best_end = i + 1;
    }
  }
  for (size_t i = best_begin; i < best_end; ++i) labels[i] = 1;
  return true;
}

bool guard_nonempty_scores(std::vector<float>& scores, const std::vector<uint32_t>& chars) {
  std::vector<uint8_t> labels(scores.size());
  for (size_t i = 0; i < scores.size(); ++i) labels[i] = scores[i] >= kContentThreshold;
  if (!guard_nonempty(labels, scores, chars)) return false;
  for (size_t i = 0; i < scores.size(); ++i)
    if (labels[i]) scores[i] = std::max(scores[i], kContentThreshold);
  return true;
}

}  // namespace wce::learned
