// Dense matrix products for the learned extractors' forward passes:
//   Y[r] = init[r] + X[r] W   (init: a bias row broadcast, or Y itself)
// with W packed once at model load (panels of kPanel columns), register-blocked
// over rows and columns (gemm_kernel.inc), explicit SIMD through the
// compilers' vector extensions: SSE2 or WASM SIMD128 by default, AVX2 with
// fused multiply-adds chosen at run time on x86-64.
//
// Every output is summed in the same order (init, then k = 0..K-1). The
// default path rounds each multiply and each add (no contraction, see
// CMakeLists' -ffp-contract=off for core/src/nn), so it gives the same bits
// natively and in WASM; the AVX2 path's fused multiply-adds round once per
// term, which moves outputs by float rounding only (about 1e-7 on the models
// here).
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace wce::nn {

// Packed weights come in panels of this many columns (a multiple of every
// vector width), the padding columns zero.
constexpr size_t kPanel = 16;

struct PackedMatrix {
  size_t k = 0, n = 0, n_pad = 0;  // K rows, N used columns, padded column count
  std::vector<float> w;            // panel p, row j, column c at (p * k + j) * kPanel + c
  std::vector<float> bias;         // n_pad values, or empty (a zero bias)
  // The same weights as IEEE half floats, when every one of them is one
  // exactly (the .wcem files store float16), else empty: the single-row
  // product (the LSTM's recurrent step) reads these on x86-64 with F16C, half
  // the bytes, so the recurrent matrices stay in L1. Same values, same results.
  std::vector<uint16_t> half;
};

// w: {k, n} row-major; bias: n values or null.
PackedMatrix pack(const float* w, size_t k, size_t n, const float* bias = nullptr);

// Where each output row starts: the packed bias, or y's own values (accumulate).
enum class Init { Bias, Accumulate };

// For r < rows and c < n: y[r*y_stride + c] = base + sum_j x[r*x_stride + j] * W[j][c].
// x rows may overlap (x_stride < K): a "same" 1-D convolution is this product
// over the zero-padded input with x_stride = input width and K = kernel * width.
// relu: max(0, .) on the result.
void gemm(const float* x, size_t rows, size_t x_stride, const PackedMatrix& w, Init init, float* y, size_t y_stride,
          bool relu = false);

// The instruction sets of the product (x86-64 only beyond Base); gemm() uses
// the widest the CPU has (WCE_NN_ISA=base caps it). AVX-512 was measured: no
// faster than AVX2 here (lab/results/learned-speed-2026-11-26.md).
enum class GemmIsa { Base, Avx2 };
GemmIsa gemm_isa();
// gemm() on a given path (for the tests; a path the CPU lacks must not be asked).
void gemm_with(GemmIsa isa, const float* x, size_t rows, size_t x_stride, const PackedMatrix& w, Init init, float* y,
               size_t y_stride, bool relu = false);

}  // namespace wce::nn
