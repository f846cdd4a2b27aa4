#include "nn/dense.hpp"

#include <algorithm>
#include <stdexcept>

#include "nn/gemm.hpp"

namespace wce::nn {

Tensor dense(const Tensor& x, const Tensor& w, const Tensor& b) {
  const size_t T = x.rows(), in = w.rows(), out = w.cols();
  if (T && x.cols() != in) throw std::invalid_argument("dense: input width differs from the weights");
  const PackedMatrix p = pack(w.data.data(), in, out, b.data.data());
  Tensor y(T, out);
  gemm(x.data.data(), T, in, p, Init::Bias, y.data.data(), out);
  return y;
}

Tensor dense_sparse(const std::vector<SparseRow>& rows, const Tensor& w, const Tensor& b) {
  const size_t in = w.rows(), out = w.cols();
  Tensor y(rows.size(), out);
  for (size_t t = 0; t < rows.size(); ++t) {
    float* yt = y.row(t);
    std::copy(b.data.begin(), b.data.end(), yt);
    sparse_accumulate(rows[t].data(), rows[t].size(), w.data.data(), in, out, yt);
  }
  return y;
}

void sparse_accumulate(const std::pair<uint32_t, float>* row, size_t n, const float* w, size_t w_rows, size_t width,
                       float* y) {
  for (size_t e = 0; e < n; ++e) {
    const auto [col, v] = row[e];
    if (col >= w_rows) continue;
    const float* wi = w + static_cast<size_t>(col) * width;
    for (size_t o = 0; o < width; ++o) y[o] += v * wi[o];
  }
}

}  // namespace wce::nn
