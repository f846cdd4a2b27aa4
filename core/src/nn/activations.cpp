#include "nn/activations.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "nn/gemm.hpp"

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

namespace {

#define WCE_ACT_TARGET
#define WCE_ACT_LANES 4
#define WCE_ACT_SPLAT(s) s, s, s, s
#define WCE_ACT_NS base
#include "nn/activations_kernel.inc"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(__EMSCRIPTEN__)
#define WCE_ACT_X86 1
#define WCE_ACT_TARGET __attribute__((target("avx2,fma")))
#define WCE_ACT_LANES 8
#define WCE_ACT_SPLAT(s) s, s, s, s, s, s, s, s
#define WCE_ACT_NS avx2
#include "nn/activations_kernel.inc"
#endif

}  // namespace

void sigmoid_n(float* x, size_t n) {
#ifdef WCE_ACT_X86
  if (gemm_isa() == GemmIsa::Avx2) return avx2::sigmoid_n(x, n);
#endif
  base::sigmoid_n(x, n);
}

void tanh_n(float* x, size_t n) {
#ifdef WCE_ACT_X86
  if (gemm_isa() == GemmIsa::Avx2) return avx2::tanh_n(x, n);
#endif
  base::tanh_n(x, n);
}

void lstm_cell(const float* z, float* c, float* h, size_t H) {
#ifdef WCE_ACT_X86
  if (gemm_isa() == GemmIsa::Avx2) return avx2::lstm_cell(z, c, h, H);
#endif
  base::lstm_cell(z, c, h, H);
}

}  // namespace wce::nn
