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

}  // namespace wce::nn
