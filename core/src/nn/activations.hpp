// Element-wise activations, in place.
#pragma once
#include <cstddef>

#include "nn/tensor.hpp"

namespace wce::nn {

float sigmoid(float x);
void sigmoid_inplace(Tensor& x);
void relu_inplace(Tensor& x);
void tanh_inplace(Tensor& x);
// Softmax over each row.
void softmax_rows(Tensor& x);

// Vectorised forms for the recurrent networks, on n values in place (SSE2 or
// WASM SIMD128; AVX2 where gemm_isa() says so): exp by
// range reduction and a degree-6 polynomial (Cephes expf, about 1 ulp of
// std::exp), sigmoid = 1 / (1 + exp(-x)), tanh = 2 sigmoid(2x) - 1. The same
// operations in the same order on every CPU and in WASM, so the outputs are
// the same bits everywhere (libm's exp and tanh differ between glibc and the
// WASM libc by an ulp).
void sigmoid_n(float* x, size_t n);
void tanh_n(float* x, size_t n);
// One LSTM step's cell with these activations: z = the gate pre-activations
// i, f, g, o (H values each); c_t = sigmoid(f) c + sigmoid(i) tanh(g) in place
// of c; h = sigmoid(o) tanh(c_t). Each value the same bits as sigmoid_n /
// tanh_n and the scalar formulas (no contraction in core/src/nn).
void lstm_cell(const float* z, float* c, float* h, size_t H);

}  // namespace wce::nn
