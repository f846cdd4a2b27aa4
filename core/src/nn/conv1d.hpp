// 1-D convolution over a sequence with "same" zero padding (odd kernel):
//   y[t] = b + sum_j x[t + j - k/2] W[j],  W stored {k, in, out}.
#pragma once
#include "nn/tensor.hpp"

namespace wce::nn {

// x: {T, in}; w: {k, in, out}; b: {out} -> {T, out}.
Tensor conv1d(const Tensor& x, const Tensor& w, const Tensor& b);

}  // namespace wce::nn
