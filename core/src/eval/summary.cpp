// Descriptive statistics of a sample: mean, population standard deviation and
// quartiles by linear interpolation between order statistics (numpy's default
// percentile: position (n-1)*p in the sorted sample). Empty input: all zeros.
// A NaN anywhere makes every statistic but n NaN, as numpy would.
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "wce/eval.hpp"

namespace wce {
namespace {

// Percentile p in [0, 1] of sorted, non-empty values.
double percentile(const std::vector<double>& sorted, double p) {
  double pos = p * static_cast<double>(sorted.size() - 1);
  size_t lo = static_cast<size_t>(std::floor(pos));
  if (lo + 1 >= sorted.size()) return sorted.back();
  double frac = pos - static_cast<double>(lo);
  return sorted[lo] + frac * (sorted[lo + 1] - sorted[lo]);
}

}  // namespace

Summary summarize(std::vector<double> values) {
  Summary s;
  s.n = values.size();
  if (values.empty()) return s;
  if (std::any_of(values.begin(), values.end(), [](double v) { return std::isnan(v); })) {
    double nan = std::numeric_limits<double>::quiet_NaN();
    s.mean = s.median = s.q1 = s.q3 = s.stdev = nan;
    return s;
  }
  std::sort(values.begin(), values.end());
  double sum = 0;
  for (double v : values) sum += v;
  s.mean = sum / static_cast<double>(s.n);
  double squares = 0;
  for (double v : values) squares += (v - s.mean) * (v - s.mean);
  s.stdev = std::sqrt(squares / static_cast<double>(s.n));
  s.median = percentile(values, 0.5);
  s.q1 = percentile(values, 0.25);
  s.q3 = percentile(values, 0.75);
  return s;
}

}  // namespace wce
