// Element-wise activations, in place.
#pragma once
#include "nn/tensor.hpp"

namespace wce::nn {

float sigmoid(float x);
void sigmoid_inplace(Tensor& x);
void relu_inplace(Tensor& x);
void tanh_inplace(Tensor& x);
// Softmax over each row.
void softmax_rows(Tensor& x);

}  // namespace wce::nn
