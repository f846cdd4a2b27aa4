// The page-complexity estimate's model, exposed for training and its tests
// (lab/tools/complexity_train.cpp); the estimate itself is wce/complexity.hpp.
#pragma once
#include <vector>

#include "wce/complexity.hpp"

namespace wce {

// Binary logistic regression on standardised features:
//   p = 1 / (1 + exp(-(intercept + sum_i weight[i] * (x[i] - mean[i]) / stdev[i])))
struct LogisticModel {
  std::vector<double> mean, stdev, weight;
  double intercept = 0;
  double probability(const double* x) const;
};

// (Trained by lab/tools/complexity_train.cpp with lab/tools/logistic_fit.hpp.)

// The compiled-in model (core/models/complexity_logreg.inc).
struct ComplexityModelInfo {
  const char* const* feature_names;  // kComplexityFeatureCount names, in model order
  LogisticModel model;
  double median_complexity;  // class threshold: complexity > median is "above"
  double heldout_accuracy;   // as reported by the training run
  const char* trained_on;    // one-line description of the training run
};
const ComplexityModelInfo& complexity_model();

}  // namespace wce
