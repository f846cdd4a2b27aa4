#include "nn/activations.hpp"

#include <algorithm>
#include <cmath>

namespace wce::nn {

float sigmoid(float x) {
  // Split by sign so that exp never overflows.
  if (x >= 0) return 1.0f / (1.0f + std::exp(-x));
  float e = std::exp(x);
  return e / (1.0f + e);
}

void sigmoid_inplace(Tensor& x) {
  for (float& v : x.data) v = sigmoid(v);
}

void relu_inplace(Tensor& x) {
  for (float& v : x.data) v = std::max(v, 0.0f);
}

void tanh_inplace(Tensor& x) {
  for (float& v : x.data) v = std::tanh(v);
}

void softmax_rows(Tensor& x) {
  const size_t c = x.cols();
  if (c == 0) return;
  for (size_t r = 0; r < x.rows(); ++r) {
    float* row = x.row(r);
    float m = *std::max_element(row, row + c), sum = 0;
    for (size_t i = 0; i < c; ++i) sum += (row[i] = std::exp(row[i] - m));
    for (size_t i = 0; i < c; ++i) row[i] /= sum;
  }
}

}  // namespace wce::nn
