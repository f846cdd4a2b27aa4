#include "nn/lstm.hpp"

#include <cmath>
#include <vector>

#include "nn/activations.hpp"
#include "nn/dense.hpp"

namespace wce::nn {

Tensor lstm(const Tensor& x, const LstmWeights& w, bool reverse) {
  const size_t T = x.rows(), H = w.hidden();
  Tensor xz = dense(x, *w.w_ih, *w.b);  // input part of every step at once: {T, 4H}
  Tensor out(T, H);
  std::vector<float> h(H, 0.0f), c(H, 0.0f), z(4 * H);
  for (size_t s = 0; s < T; ++s) {
    const size_t t = reverse ? T - 1 - s : s;
    const float* xt = xz.row(t);
    for (size_t k = 0; k < 4 * H; ++k) z[k] = xt[k];
    add_row_times(h.data(), H, *w.w_hh, z.data());
    float* ht = out.row(t);
    for (size_t j = 0; j < H; ++j) {
      float i = sigmoid(z[j]), f = sigmoid(z[H + j]), g = std::tanh(z[2 * H + j]), o = sigmoid(z[3 * H + j]);
      c[j] = f * c[j] + i * g;
      h[j] = ht[j] = o * std::tanh(c[j]);
    }
  }
  return out;
}

Tensor bilstm(const Tensor& x, const LstmWeights& fwd, const LstmWeights& bwd) {
  Tensor f = lstm(x, fwd, false), b = lstm(x, bwd, true);
  const size_t T = x.rows(), H1 = f.cols(), H2 = b.cols();
  Tensor out(T, H1 + H2);
  for (size_t t = 0; t < T; ++t) {
    float* o = out.row(t);
    for (size_t j = 0; j < H1; ++j) o[j] = f.row(t)[j];
    for (size_t j = 0; j < H2; ++j) o[H1 + j] = b.row(t)[j];
  }
  return out;
}

}  // namespace wce::nn
