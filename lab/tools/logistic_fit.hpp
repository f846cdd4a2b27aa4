// Training of the complexity estimate's logistic regression (wce::
// LogisticModel), for lab/tools/complexity_train.cpp: a bench library, not part
// of the core's API (the core only evaluates the compiled-in model).
#pragma once
#include <cstddef>
#include <vector>

#include "wce/train/complexity_model.hpp"

namespace wce::bench {

// Fits a LogisticModel: means and (population) standard deviations of the
// columns of `x` (a column with stdev 0 gets stdev 1), then Newton's method
// (IRLS) on sum(log loss) + l2 / 2 * |weight|^2 (intercept not penalised;
// l2 = 1 is scikit-learn's default C = 1). Deterministic; `x` is row-major,
// rows of `dims` values; y in {0, 1}. Throws std::invalid_argument when the
// sizes do not fit.
LogisticModel fit_logistic(const std::vector<double>& x, size_t dims, const std::vector<int>& y,
                           double l2 = 1.0, int max_iterations = 100);

}  // namespace wce::bench
