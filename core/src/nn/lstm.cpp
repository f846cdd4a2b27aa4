#include "nn/lstm.hpp"

#include <algorithm>
#include <stdexcept>

#include "nn/activations.hpp"

namespace wce::nn {

namespace {

// One direction over the sequence. z rows (stride zs) hold the step's input
// projection (4H values), completed in place with h_{t-1} W_hh; h goes to
// out rows (stride os), and the previous step's row is the next h_{t-1}.
void steps(const PackedMatrix& hh, size_t H, float* z, size_t zs, size_t T, bool reverse, float* out, size_t os) {
  std::vector<float> c(H, 0.0f);
  const float* h = nullptr;  // h_0 = 0: the first step has no recurrent term
  for (size_t s = 0; s < T; ++s) {
    const size_t t = reverse ? T - 1 - s : s;
    float* zt = z + t * zs;
    if (h) gemm(h, 1, H, hh, Init::Accumulate, zt, 4 * H);
    float* ht = out + t * os;
    lstm_cell(zt, c.data(), ht, H);
    h = ht;
  }
}

}  // namespace

BiLstm pack_bilstm(const LstmWeights& fwd, const LstmWeights& bwd) {
  BiLstm l;
  l.in = fwd.w_ih->rows();
  l.H = fwd.hidden();
  const size_t G = 4 * l.H;
  if (bwd.w_ih->rows() != l.in || bwd.hidden() != l.H) throw std::invalid_argument("bilstm: directions differ in size");
  std::vector<float> ih(l.in * 2 * G), b(2 * G);
  for (size_t r = 0; r < l.in; ++r) {
    std::copy_n(fwd.w_ih->row(r), G, ih.begin() + r * 2 * G);
    std::copy_n(bwd.w_ih->row(r), G, ih.begin() + r * 2 * G + G);
  }
  std::copy_n(fwd.b->data.begin(), G, b.begin());
  std::copy_n(bwd.b->data.begin(), G, b.begin() + G);
  l.ih = pack(ih.data(), l.in, 2 * G, b.data());
  l.hh[0] = pack(fwd.w_hh->data.data(), l.H, G);
  l.hh[1] = pack(bwd.w_hh->data.data(), l.H, G);
  return l;
}

void bilstm_steps(const BiLstm& layer, float* z, size_t T, float* out) {
  const size_t H = layer.H;
  steps(layer.hh[0], H, z, 8 * H, T, false, out, 2 * H);
  steps(layer.hh[1], H, z + 4 * H, 8 * H, T, true, out + H, 2 * H);
}

void bilstm(const BiLstm& layer, const float* x, size_t T, std::vector<float>& z, float* out) {
  z.resize(T * 8 * layer.H);
  gemm(x, T, layer.in, layer.ih, Init::Bias, z.data(), 8 * layer.H);
  bilstm_steps(layer, z.data(), T, out);
}

Tensor lstm(const Tensor& x, const LstmWeights& w, bool reverse) {
  const size_t T = x.rows(), H = w.hidden(), in = w.w_ih->rows();
  if (T && x.cols() != in) throw std::invalid_argument("lstm: input width differs from the weights");
  const PackedMatrix ih = pack(w.w_ih->data.data(), in, 4 * H, w.b->data.data()),
                     hh = pack(w.w_hh->data.data(), H, 4 * H);
  std::vector<float> z(T * 4 * H);
  gemm(x.data.data(), T, x.cols(), ih, Init::Bias, z.data(), 4 * H);
  Tensor out(T, H);
  steps(hh, H, z.data(), 4 * H, T, reverse, out.data.data(), H);
  return out;
}

Tensor bilstm(const Tensor& x, const LstmWeights& fwd, const LstmWeights& bwd) {
  const BiLstm layer = pack_bilstm(fwd, bwd);
  Tensor out(x.rows(), 2 * layer.H);
  std::vector<float> z;
  bilstm(layer, x.data.data(), x.rows(), z, out.data.data());
  return out;
}

}  // namespace wce::nn
