// LSTM and bidirectional LSTM over a sequence (Hochreiter & Schmidhuber 1997,
// with forget gate; no peepholes). Gate order i, f, g, o, weights stored
// [in, 4H] and [H, 4H] (the training code's layout), one bias of 4H:
//   z = x_t W_ih + h_{t-1} W_hh + b;  i,f,o = sigmoid;  g = tanh
//   c_t = f c_{t-1} + i g;  h_t = o tanh(c_t);  h_0 = c_0 = 0.
// The input part x_t W_ih + b of every step is one matrix product over the
// whole sequence (both directions at once for a BiLSTM); only h_{t-1} W_hh
// runs step by step. Weights are packed once (gemm.hpp) at model load.
#pragma once
#include <vector>

#include "nn/gemm.hpp"
#include "nn/tensor.hpp"

namespace wce::nn {

struct LstmWeights {
  const Tensor* w_ih = nullptr;  // {in, 4H}
  const Tensor* w_hh = nullptr;  // {H, 4H}
  const Tensor* b = nullptr;     // {4H}
  size_t hidden() const { return w_hh->rows(); }
};

// A BiLSTM layer, packed: the input projection of both directions side by
// side ({in, 8H}: forward gates, then backward gates) and the two recurrent
// matrices.
struct BiLstm {
  size_t in = 0, H = 0;
  PackedMatrix ih, hh[2];
};
BiLstm pack_bilstm(const LstmWeights& fwd, const LstmWeights& bwd);

// z: {T, 8H}, the input projections (x W_ih + b, both directions; gemm with
// the layer's `ih`), overwritten. out: {T, 2H}, forward then backward state.
void bilstm_steps(const BiLstm& layer, float* z, size_t T, float* out);
// x: {T, in} -> out {T, 2H}; z is scratch.
void bilstm(const BiLstm& layer, const float* x, size_t T, std::vector<float>& z, float* out);

// Unpacked conveniences (tests): x: {T, in} -> {T, H}; `reverse` runs from the
// last step to the first (the output stays in sequence order).
Tensor lstm(const Tensor& x, const LstmWeights& w, bool reverse);
// Forward and backward outputs concatenated per step: {T, 2H}.
Tensor bilstm(const Tensor& x, const LstmWeights& fwd, const LstmWeights& bwd);

}  // namespace wce::nn
