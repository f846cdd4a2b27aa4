#include "nn/conv1d.hpp"

#include <algorithm>

namespace wce::nn {

Tensor conv1d(const Tensor& x, const Tensor& w, const Tensor& b) {
  const size_t T = x.rows(), k = w.shape.at(0), in = w.shape.at(1), out = w.shape.at(2);
  const long half = static_cast<long>(k / 2);
  Tensor y(T, out);
  for (size_t t = 0; t < T; ++t) {
    float* yt = y.row(t);
    std::copy(b.data.begin(), b.data.end(), yt);
    for (size_t j = 0; j < k; ++j) {
      long src = static_cast<long>(t) + static_cast<long>(j) - half;
      if (src < 0 || src >= static_cast<long>(T)) continue;
      const float* xs = x.row(static_cast<size_t>(src));
      const float* wj = w.data.data() + j * in * out;
      for (size_t i = 0; i < in && i < x.cols(); ++i) {
        const float xi = xs[i];
        if (xi == 0.0f) continue;
        const float* wi = wj + i * out;
        for (size_t o = 0; o < out; ++o) yt[o] += xi * wi[o];
      }
    }
  }
  return y;
}

}  // namespace wce::nn
