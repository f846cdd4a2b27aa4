// LSTM and bidirectional LSTM over a sequence (Hochreiter & Schmidhuber 1997,
// with forget gate; no peepholes). Gate order i, f, g, o, weights stored
// [in, 4H] and [H, 4H] (the training code's layout), one bias of 4H:
//   z = x_t W_ih + h_{t-1} W_hh + b;  i,f,o = sigmoid;  g = tanh
//   c_t = f c_{t-1} + i g;  h_t = o tanh(c_t);  h_0 = c_0 = 0.
#pragma once
#include "nn/tensor.hpp"

namespace wce::nn {

struct LstmWeights {
  const Tensor* w_ih = nullptr;  // {in, 4H}
  const Tensor* w_hh = nullptr;  // {H, 4H}
  const Tensor* b = nullptr;     // {4H}
  size_t hidden() const { return w_hh->rows(); }
};

// x: {T, in} -> {T, H}; `reverse` runs from the last step to the first (the
// output stays in sequence order).
Tensor lstm(const Tensor& x, const LstmWeights& w, bool reverse);
// Forward and backward outputs concatenated per step: {T, 2H}.
Tensor bilstm(const Tensor& x, const LstmWeights& fwd, const LstmWeights& bwd);

}  // namespace wce::nn
