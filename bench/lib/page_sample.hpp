// The pages of one dataset file a bench driver keeps: sorted by id, then, when
// there are more than `per_dataset` (0 = all), every k-th of them, so that the
// sample spreads over the file (ensemble_dump, ensemble_eval).
#pragma once
#include <algorithm>
#include <cstddef>
#include <vector>

#include "io/dataset.hpp"

namespace wce::bench {

inline void spread_sample(std::vector<io::Page>& pages, size_t per_dataset) {
  std::sort(pages.begin(), pages.end(), [](const io::Page& a, const io::Page& b) { return a.id < b.id; });
  if (per_dataset == 0 || pages.size() <= per_dataset) return;
  std::vector<io::Page> sub;
  const double step = static_cast<double>(pages.size()) / per_dataset;
  for (size_t k = 0; k < per_dataset; ++k) sub.push_back(std::move(pages[static_cast<size_t>(k * step)]));
  pages = std::move(sub);
}

}  // namespace wce::bench
