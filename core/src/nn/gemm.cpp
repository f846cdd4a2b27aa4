#include "nn/gemm.hpp"

#include <cstdint>
#include <cstdlib>
#include <algorithm>
#include <cstring>
#include <string>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(__EMSCRIPTEN__)
#include <cpuid.h>
#include <immintrin.h>
#endif

namespace wce::nn {

namespace {

#define WCE_GEMM_TARGET
#define WCE_GEMM_MADD(acc, a, b) acc += a * b
#define WCE_GEMM_LANES 4
#define WCE_GEMM_SPLAT(s) s, s, s, s
#define WCE_GEMM_ROWS 2
#define WCE_GEMM_NS base
#include "nn/gemm_kernel.inc"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(__EMSCRIPTEN__)
#define WCE_GEMM_X86 1
#define WCE_GEMM_TARGET __attribute__((target("avx2,fma,f16c")))
#define WCE_GEMM_LOAD_HALF(p) _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)))
#define WCE_GEMM_MADD(acc, a, b) acc = _mm256_fmadd_ps(a, b, acc)
#define WCE_GEMM_LANES 8
#define WCE_GEMM_SPLAT(s) s, s, s, s, s, s, s, s
#define WCE_GEMM_ROWS 4
#define WCE_GEMM_NS avx2
#include "nn/gemm_kernel.inc"
#endif

// The widest instruction set this CPU runs; WCE_NN_ISA=base caps it (for
// comparing the paths).
GemmIsa detect() {
  GemmIsa best = GemmIsa::Base;
#ifdef WCE_GEMM_X86
  __builtin_cpu_init();
  // F16C from CPUID leaf 1 (ECX): clang 14's __builtin_cpu_supports has no "f16c".
  unsigned a = 0, b = 0, c = 0, d = 0;
  const bool f16c = __get_cpuid(1, &a, &b, &c, &d) && (c & bit_F16C);
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && f16c)
    best = GemmIsa::Avx2;
#endif
  if (const char* cap = std::getenv("WCE_NN_ISA")) {
    std::string c = cap;
    GemmIsa want = c == "base" ? GemmIsa::Base : GemmIsa::Avx2;
    if (want < best) best = want;
  }
  return best;
}

// x as a half float when it is one exactly (normal, subnormal or zero), else
// false. (Trained weights stored as float16 have a few subnormals: tiny
// weights; F16C converts them exactly.)
bool exact_half(float x, uint16_t& h) {
  uint32_t u;
  std::memcpy(&u, &x, 4);
  const uint32_t sign = (u >> 16) & 0x8000u, mag = u & 0x7FFFFFFFu;
  if (mag == 0) {
    h = static_cast<uint16_t>(sign);
    return true;
  }
  const int exp = static_cast<int>(mag >> 23) - 127;
  if (exp > 15) return false;
  if (exp >= -14) {
    if (mag & 0x1FFFu) return false;  // mantissa beyond 10 bits
    h = static_cast<uint16_t>(sign | static_cast<uint32_t>(exp + 15) << 10 | (mag >> 13 & 0x3FFu));
    return true;
  }
  // Subnormal half: |x| = m 2^-24 with an integer m in 1..1023.
  if (exp < -24) return false;
  const uint32_t significand = (mag & 0x7FFFFFu) | 0x800000u;  // 1.f as an integer, times 2^23
  const int shift = 23 - (exp + 24);                            // m = significand >> shift
  if (significand & ((1u << shift) - 1)) return false;
  h = static_cast<uint16_t>(sign | (significand >> shift));
  return true;
}

}  // namespace

GemmIsa gemm_isa() {
  static const GemmIsa isa = detect();
  return isa;
}

PackedMatrix pack(const float* w, size_t k, size_t n, const float* bias) {
  PackedMatrix p;
  p.k = k;
  p.n = n;
  p.n_pad = (n + kPanel - 1) / kPanel * kPanel;
  p.w.assign(k * p.n_pad, 0.0f);
  for (size_t j = 0; j < k; ++j)
    for (size_t c = 0; c < n; ++c) p.w[((c / kPanel) * k + j) * kPanel + c % kPanel] = w[j * n + c];
  p.half.resize(p.w.size());
  for (size_t i = 0; i < p.w.size(); ++i)
    if (!exact_half(p.w[i], p.half[i])) {
      p.half.clear();
      break;
    }
  if (bias) {
    p.bias.assign(p.n_pad, 0.0f);
    std::memcpy(p.bias.data(), bias, n * sizeof(float));
  }
  return p;
}

void gemm_with(GemmIsa isa, const float* x, size_t rows, size_t x_stride, const PackedMatrix& w, Init init, float* y,
               size_t y_stride, bool relu) {
  const float* bias = init == Init::Bias ? w.bias.data() : nullptr;
  if (init == Init::Bias && w.bias.size() != w.n_pad) bias = nullptr;  // packed without a bias: zero
  std::vector<float> zero;
  if (init == Init::Bias && !bias) {
    zero.assign(w.n_pad, 0.0f);
    bias = zero.data();
  }
  switch (isa) {
#ifdef WCE_GEMM_X86
    case GemmIsa::Avx2: return avx2::gemm(x, rows, x_stride, w, bias, y, y_stride, relu);
#endif
    default: return base::gemm(x, rows, x_stride, w, bias, y, y_stride, relu);
  }
}

void gemm(const float* x, size_t rows, size_t x_stride, const PackedMatrix& w, Init init, float* y, size_t y_stride,
          bool relu) {
  gemm_with(gemm_isa(), x, rows, x_stride, w, init, y, y_stride, relu);
}

}  // namespace wce::nn
