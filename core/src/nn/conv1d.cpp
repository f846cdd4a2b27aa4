#include "nn/conv1d.hpp"

#include <algorithm>
#include <vector>

namespace wce::nn {

Conv1d pack_conv1d(const Tensor& w, const Tensor& b) {
  Conv1d c;
  c.k = w.shape.at(0);
  c.in = w.shape.at(1);
  c.out = w.shape.at(2);
  c.w = pack(w.data.data(), c.k * c.in, c.out, b.data.data());
  return c;
}

void conv1d(const Conv1d& c, const float* xpad, size_t T, float* y, size_t y_stride, bool relu) {
  gemm(xpad, T, c.in, c.w, Init::Bias, y, y_stride, relu);
}

Tensor conv1d(const Tensor& x, const Tensor& w, const Tensor& b) {
  const Conv1d c = pack_conv1d(w, b);
  const size_t T = x.rows(), cols = std::min(c.in, x.cols());
  std::vector<float> xpad((T + 2 * c.half()) * c.in, 0.0f);
  for (size_t t = 0; t < T; ++t) std::copy(x.row(t), x.row(t) + cols, xpad.begin() + (t + c.half()) * c.in);
  Tensor y(T, c.out);
  conv1d(c, xpad.data(), T, y.data.data(), c.out, false);
  return y;
}

}  // namespace wce::nn
