// Not a bench/*.cpp driver (those link the library only, without core/src on
// the include path): built by hand with the command below.
// What integer weights would buy the BiLSTM of BoilerNet (issue 10): times
// the two products that dominate its forward pass, per block of a page,
//   the recurrent step   z_t += h_{t-1} W_hh   ({1, H} x {H, 4H}, then the cell)
//   the second layer's input product           ({T, 2H} x {2H, 8H})
// with the library's float kernels (core/src/nn/gemm.cpp: AVX2 FMA, the
// recurrent weights as half floats) against int16 weights and activations
// summed exactly in int32:
//   pmaddwd  AVX2 vpmaddwd + vpaddd (what WASM SIMD128's i32x4.dot_i16x8_s + i32x4.add compute)
//   vnni     AVX-VNNI vpdpwssd (the multiply and both adds in one instruction)
// The int32 sums are the same on every platform (no rounding; the wrap of
// vpmaddwd's single overflow case, -32768 * -32768 twice, is WASM's too),
// so native and WASM could give the same bits. Not wired into the
// extractor: this measures whether it is worth it (lab/results/learned-2026-11-27.md).
//
//   g++ -O2 -std=c++17 -ffp-contract=off -Icore/src -Icore/include lab/experiments/lstm_int16_bench.cpp
//       core/src/nn/gemm.cpp core/src/nn/activations.cpp -o build/tmp/lstm_int16_bench
//   build/tmp/lstm_int16_bench [T blocks] [repeats]
#include <cpuid.h>
#include <immintrin.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "nn/activations.hpp"
#include "nn/gemm.hpp"

namespace {

using namespace wce::nn;

// Activations (h in (-1, 1)) as int16 with this scale; weights per output
// column scaled so that the largest is kWeightMax. Sums of 2H (<= 512) terms
// of at most 2^12 * 2^11 stay far inside int32.
constexpr float kActScale = 4096.0f;
constexpr float kWeightMax = 2047.0f;

// int16 weights for the pair-interleaved kernels: column group g (8 columns),
// row pair q: 16 values [w(2q, c), w(2q+1, c)] for the 8 columns c.
struct QMatrix {
  size_t k = 0, n = 0, groups = 0, pairs = 0;
  std::vector<int16_t> w;
  std::vector<float> scale;  // per column: float value = int * scale / kActScale
};

QMatrix quantise(const std::vector<float>& w, size_t k, size_t n) {
  QMatrix q;
  q.k = k, q.n = n, q.groups = (n + 7) / 8, q.pairs = (k + 1) / 2;
  q.w.assign(q.groups * q.pairs * 16, 0);
  q.scale.assign(q.groups * 8, 0.0f);
  for (size_t c = 0; c < n; ++c) {
    float m = 0;
    for (size_t j = 0; j < k; ++j) m = std::max(m, std::fabs(w[j * n + c]));
    const float s = m > 0 ? kWeightMax / m : 1.0f;
    q.scale[c] = 1.0f / (s * kActScale);
    for (size_t j = 0; j < k; ++j)
      q.w[((c / 8) * q.pairs + j / 2) * 16 + (c % 8) * 2 + (j % 2)] = static_cast<int16_t>(std::lrint(w[j * n + c] * s));
  }
  return q;
}

void quantise_acts(const float* x, size_t n, int16_t* out) {
  for (size_t i = 0; i < n; ++i) out[i] = static_cast<int16_t>(std::lrint(x[i] * kActScale));
}

// Dequantise 8 int32 sums of column group starting at c into y (multiply,
// then add: two roundings, what WASM SIMD128 computes).
__attribute__((target("avx2"))) inline void store_group(__m256i acc, const QMatrix& w, size_t c, float* yc) {
  const __m256 v =
      _mm256_add_ps(_mm256_mul_ps(_mm256_cvtepi32_ps(acc), _mm256_loadu_ps(w.scale.data() + c)), _mm256_loadu_ps(yc));
  if (c + 8 <= w.n) _mm256_storeu_ps(yc, v);
  else {
    alignas(32) float tmp[8];
    _mm256_store_ps(tmp, v);
    std::copy(tmp, tmp + (w.n - c), yc);
  }
}

template <bool Vnni>
__attribute__((target("avx2,avxvnni"))) inline __m256i madd(__m256i acc, __m256i x, __m256i w) {
  if constexpr (Vnni) return _mm256_dpwssd_avx_epi32(acc, x, w);
  else return _mm256_add_epi32(acc, _mm256_madd_epi16(x, w));
}

// y[r][c] += dequantised (x_q[r] W_q)[c], rows of x_q: k values (even k).
// Register blocks of R rows x G column groups (R * G accumulators): one
// weight load serves R rows (R = 1: the recurrent step, 8 groups).
template <bool Vnni, size_t R, size_t G>
__attribute__((target("avx2,avxvnni"))) void qblock(const int16_t* xq, size_t r0, size_t xs, const QMatrix& w,
                                                   size_t g0, float* y, size_t ys) {
  __m256i acc[R][G];
  for (size_t r = 0; r < R; ++r)
    for (size_t g = 0; g < G; ++g) acc[r][g] = _mm256_setzero_si256();
  const int32_t* xp[R];
  for (size_t r = 0; r < R; ++r) xp[r] = reinterpret_cast<const int32_t*>(xq + (r0 + r) * xs);
  for (size_t q = 0; q < w.pairs; ++q) {
    __m256i wv[G];
    for (size_t g = 0; g < G; ++g)
      wv[g] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w.w.data() + ((g0 + g) * w.pairs + q) * 16));
    for (size_t r = 0; r < R; ++r) {
      const __m256i xb = _mm256_set1_epi32(xp[r][q]);
      for (size_t g = 0; g < G; ++g) acc[r][g] = madd<Vnni>(acc[r][g], xb, wv[g]);
    }
  }
  for (size_t r = 0; r < R; ++r)
    for (size_t g = 0; g < G; ++g) store_group(acc[r][g], w, (g0 + g) * 8, y + (r0 + r) * ys + (g0 + g) * 8);
}

template <bool Vnni>
void qgemm(const int16_t* xq, size_t rows, size_t xs, const QMatrix& w, float* y, size_t ys) {
  if (rows == 1) {  // the recurrent step: 8 independent chains
    size_t g = 0;
    for (; g + 8 <= w.groups; g += 8) qblock<Vnni, 1, 8>(xq, 0, xs, w, g, y, ys);
    for (; g < w.groups; ++g) qblock<Vnni, 1, 1>(xq, 0, xs, w, g, y, ys);
    return;
  }
  // Groups outer (their weights stay in L1 while the rows stream), 4 rows x 2 groups.
  for (size_t g = 0; g < w.groups; g += 2) {
    const bool two = g + 2 <= w.groups;
    size_t r = 0;
    for (; r + 4 <= rows; r += 4)
      two ? qblock<Vnni, 4, 2>(xq, r, xs, w, g, y, ys) : qblock<Vnni, 4, 1>(xq, r, xs, w, g, y, ys);
    for (; r < rows; ++r) two ? qblock<Vnni, 1, 2>(xq, r, xs, w, g, y, ys) : qblock<Vnni, 1, 1>(xq, r, xs, w, g, y, ys);
  }
}

double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

// x rounded to the nearest half float (the .wcem files store float16).
__attribute__((target("f16c"))) float to_half(float x) { return _cvtsh_ss(_cvtss_sh(x, 0)); }

// AVX-VNNI: CPUID leaf 7 sub-leaf 1, EAX bit 4 (clang 14's __builtin_cpu_supports lacks it).
bool has_avx_vnni() {
  unsigned a = 0, b = 0, c = 0, d = 0;
  return __get_cpuid_count(7, 1, &a, &b, &c, &d) && (a & (1u << 4));
}

std::vector<float> random_weights(size_t n, float lim, std::mt19937& rng) {
  std::uniform_real_distribution<float> u(-lim, lim);
  std::vector<float> v(n);
  for (float& x : v) x = to_half(u(rng));
  return v;
}

enum class Path { Float, Pmaddwd, Vnni };
const char* name(Path p) { return p == Path::Float ? "float" : p == Path::Pmaddwd ? "pmaddwd" : "vnni"; }

// One direction's recurrence over T steps (z: {T, 4H}, precomputed inputs).
double recurrence(Path p, size_t H, size_t T, const std::vector<float>& whh, const PackedMatrix& packed,
                  const QMatrix& q, std::vector<float>& z, std::vector<float>& out, float& check) {
  std::vector<float> c(H, 0.0f);
  std::vector<int16_t> hq(H + 1, 0);
  const double t0 = now();
  for (size_t t = 0; t < T; ++t) {
    float* zt = z.data() + t * 4 * H;
    if (t) {
      const float* h = out.data() + (t - 1) * H;
      if (p == Path::Float) gemm(h, 1, H, packed, Init::Accumulate, zt, 4 * H);
      else {
        quantise_acts(h, H, hq.data());
        if (p == Path::Vnni) qgemm<true>(hq.data(), 1, H, q, zt, 4 * H);
        else qgemm<false>(hq.data(), 1, H, q, zt, 4 * H);
      }
    }
    lstm_cell(zt, c.data(), out.data() + t * H, H);
  }
  const double dt = now() - t0;
  (void)whh;
  check += out[(T - 1) * H];
  return dt;
}

}  // namespace

int main(int argc, char** argv) {
  const size_t T = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 700;
  const int repeats = argc > 2 ? std::atoi(argv[2]) : 21;
  if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma")) {
    std::fprintf(stderr, "needs AVX2 + FMA\n");
    return 2;
  }
  std::printf("T %zu blocks, median of %d repeats, microseconds per block (one direction's recurrence; the {T, 2H} x {2H, 8H} product)\n", T, repeats);
  std::printf("%-5s %-8s %12s %12s %14s\n", "H", "path", "recurrence", "input prod", "max |dz| vs float");
  float check = 0;
  for (size_t H : {64, 96, 128, 192, 256}) {
    std::mt19937 rng(static_cast<unsigned>(H));
    const float lim = std::sqrt(6.0f / (5 * H));
    const auto whh = random_weights(H * 4 * H, lim, rng), wih = random_weights(2 * H * 8 * H, lim, rng);
    const PackedMatrix ph = pack(whh.data(), H, 4 * H), pi = pack(wih.data(), 2 * H, 8 * H);
    const QMatrix qh = quantise(whh, H, 4 * H), qi = quantise(wih, 2 * H, 8 * H);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    std::vector<float> z0(T * 4 * H), x(T * 2 * H), out(T * H), zin(T * 8 * H);
    for (float& v : z0) v = u(rng);
    for (float& v : x) v = u(rng) * 0.9f;
    std::vector<int16_t> xq(T * 2 * H);
    for (Path p : {Path::Float, Path::Pmaddwd, Path::Vnni}) {
      if (p == Path::Vnni && !has_avx_vnni()) continue;
      std::vector<double> rec, inp;
      std::vector<float> zref;
      for (int r = 0; r < repeats; ++r) {
        std::vector<float> z = z0;
        rec.push_back(recurrence(p, H, T, whh, ph, qh, z, out, check));
        std::fill(zin.begin(), zin.end(), 0.0f);
        const double t0 = now();
        if (p == Path::Float) gemm(x.data(), T, 2 * H, pi, Init::Accumulate, zin.data(), 8 * H);
        else {
          quantise_acts(x.data(), x.size(), xq.data());
          if (p == Path::Vnni) qgemm<true>(xq.data(), T, 2 * H, qi, zin.data(), 8 * H);
          else qgemm<false>(xq.data(), T, 2 * H, qi, zin.data(), 8 * H);
        }
        inp.push_back(now() - t0);
        check += zin[0];
      }
      // Quantisation error of the input product against the float one.
      static std::vector<float> zfloat;
      float err = 0;
      if (p == Path::Float) zfloat = zin;
      else
        for (size_t i = 0; i < zin.size(); ++i) err = std::max(err, std::fabs(zin[i] - zfloat[i]));
      std::sort(rec.begin(), rec.end());
      std::sort(inp.begin(), inp.end());
      std::printf("%-5zu %-8s %12.3f %12.3f %14.2e\n", H, name(p), rec[rec.size() / 2] / T * 1e6,
                  inp[inp.size() / 2] / T * 1e6, err);
    }
  }
  std::printf("(checksum %g)\n", check);
  return 0;
}
