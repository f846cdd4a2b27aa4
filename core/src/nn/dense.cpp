#include "nn/dense.hpp"

#include <algorithm>

namespace wce::nn {

void add_row_times(const float* x, size_t in, const Tensor& w, float* y) {
  const size_t out = w.cols();
  for (size_t i = 0; i < in; ++i) {
    const float xi = x[i];
    if (xi == 0.0f) continue;
    const float* wi = w.row(i);
    for (size_t o = 0; o < out; ++o) y[o] += xi * wi[o];
  }
}

Tensor dense(const Tensor& x, const Tensor& w, const Tensor& b) {
  const size_t T = x.rows(), in = w.rows(), out = w.cols();
  Tensor y(T, out);
  for (size_t t = 0; t < T; ++t) {
    float* yt = y.row(t);
    std::copy(b.data.begin(), b.data.end(), yt);
    add_row_times(x.row(t), std::min(in, x.cols()), w, yt);
  }
  return y;
}

Tensor dense_sparse(const std::vector<SparseRow>& rows, const Tensor& w, const Tensor& b) {
  const size_t in = w.rows(), out = w.cols();
  Tensor y(rows.size(), out);
  for (size_t t = 0; t < rows.size(); ++t) {
    float* yt = y.row(t);
    std::copy(b.data.begin(), b.data.end(), yt);
    for (const auto& [col, v] : rows[t]) {
      if (col >= in) continue;
      const float* wi = w.row(col);
      for (size_t o = 0; o < out; ++o) yt[o] += v * wi[o];
    }
  }
  return y;
}

}  // namespace wce::nn
