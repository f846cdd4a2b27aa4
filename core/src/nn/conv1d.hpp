// 1-D convolution over a sequence with "same" zero padding (odd kernel):
//   y[t] = b + sum_j x[t + j - k/2] W[j],  W stored {k, in, out}.
// Computed as one matrix product (gemm.hpp): with k/2 zero rows before and
// after the input, the k input rows of output t are contiguous, so row t of
// the product reads k * in values from input row t on.
#pragma once
#include "nn/gemm.hpp"
#include "nn/tensor.hpp"

namespace wce::nn {

struct Conv1d {
  size_t k = 0, in = 0, out = 0;
  PackedMatrix w;  // {k * in, out} with the bias
  size_t half() const { return k / 2; }
};

// w: {k, in, out}; b: {out}.
Conv1d pack_conv1d(const Tensor& w, const Tensor& b);

// xpad: (T + k - 1) rows of `in` values, the first and last k/2 of them zero;
// y: T rows of `out` values at y_stride (relu: max(0, .) on the result).
void conv1d(const Conv1d& c, const float* xpad, size_t T, float* y, size_t y_stride, bool relu);

// x: {T, in}; w: {k, in, out}; b: {out} -> {T, out}.
Tensor conv1d(const Tensor& x, const Tensor& w, const Tensor& b);

}  // namespace wce::nn
