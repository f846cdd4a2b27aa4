/* wce: the scan of a plain ASCII run for Gumbo's text runs (used by
   utf8_runs.c.inc; see wce_runs.h and README.md here). No Gumbo types, so
   that tests/wasm/plain_run_check.c can test it alone, natively and in WASM. */
#ifndef WCE_GUMBO_PLAIN_RUN_H_
#define WCE_GUMBO_PLAIN_RUN_H_

enum { WCE_STOP_LT = 2, WCE_STOP_AMP = 4, WCE_STOP_DASH = 8, WCE_STOP_DQUOTE = 16, WCE_STOP_SQUOTE = 32 };

/* Byte classes: 1 plain (decodes to itself
   without an error: not NUL, CR, DEL or an invalid control; below 0x80),
   2 '<', 4 '&', 8 '-', 16 '"', 32 '\'', 64 HTML white space. */
static const unsigned char kWceByteClass[256] = {
  0, 0, 0, 0, 0, 0, 0, 0, 0, 65, 65, 0, 65, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  65, 1, 17, 1, 1, 1, 5, 33, 1, 1, 1, 1, 1, 9, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
};

/* The same answer one byte at a time: the fallback and the reference that
   tests/wasm/plain_run_check.c compares the SIMD scan with. */
static inline const unsigned char* wce_plain_run_end_bytes(const unsigned char* p,
                                                           const unsigned char* end, unsigned stops) {
  const unsigned mask = 1u | stops;
  while (p < end && (kWceByteClass[*p] & mask) == 1u) ++p;
  return p;
}

/* The first byte in [p, end) that is not plain or is one of `stops`
   (WCE_STOP_* bits), or `end`: the byte-class test of kWceByteClass, 16 bytes
   per step where the target has 128-bit SIMD (wasm simd128, x86 SSE2). Text
   runs are mostly long, so the per-byte table loop was ~8 % of the WASM
   module's time (lab/results/wasm-2026-11-26b.md). The blocks are loaded
   unaligned and only while 16 bytes remain; the tail takes the table loop. */
#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#define WCE_SIMD_RUNS 1
typedef v128_t wce_v16;
#define WCE_LOAD(q) wasm_v128_load(q)
#define WCE_SPLAT(c) wasm_i8x16_splat((int8_t) (c))
#define WCE_EQ(a, b) wasm_i8x16_eq(a, b)
#define WCE_GT(a, b) wasm_i8x16_gt(a, b)
#define WCE_OR(a, b) wasm_v128_or(a, b)
#define WCE_ANDNOT(a, b) wasm_v128_andnot(a, b) /* a & ~b */
#define WCE_MASK(a) ((unsigned) wasm_i8x16_bitmask(a))
#elif defined(__SSE2__)
#include <emmintrin.h>
#define WCE_SIMD_RUNS 1
typedef __m128i wce_v16;
#define WCE_LOAD(q) _mm_loadu_si128((const __m128i*) (q))
#define WCE_SPLAT(c) _mm_set1_epi8((char) (c))
#define WCE_EQ(a, b) _mm_cmpeq_epi8(a, b)
#define WCE_GT(a, b) _mm_cmpgt_epi8(a, b)
#define WCE_OR(a, b) _mm_or_si128(a, b)
#define WCE_ANDNOT(a, b) _mm_andnot_si128(b, a) /* a & ~b */
#define WCE_MASK(a) ((unsigned) _mm_movemask_epi8(a))
#endif

static inline const unsigned char* wce_plain_run_end(const unsigned char* p, const unsigned char* end,
                                              unsigned stops) {
#ifdef WCE_SIMD_RUNS
  /* Plain: 0x20..0x7E (signed: above 0x1F and below 0x7F, so bytes >= 0x80,
     negative, fail) or TAB, LF, FF. Up to three stop bytes; an unused one is
     NUL, which is not plain anyway. */
  static const struct { unsigned bit; unsigned char byte; } kStops[] = {
      {WCE_STOP_LT, '<'}, {WCE_STOP_AMP, '&'}, {WCE_STOP_DASH, '-'},
      {WCE_STOP_DQUOTE, '"'}, {WCE_STOP_SQUOTE, '\''}};
  unsigned char stop[3] = {0, 0, 0};
  unsigned k = 0;
  for (unsigned i = 0; i < sizeof kStops / sizeof kStops[0]; ++i)
    if (stops & kStops[i].bit) {
      if (k < 3) stop[k] = kStops[i].byte;
      ++k;
    }
  if (k <= 3) { /* the callers pass at most two */
    const wce_v16 lo = WCE_SPLAT(0x1F), top = WCE_SPLAT(0x7E);
    const wce_v16 tab = WCE_SPLAT('\t'), lf = WCE_SPLAT('\n'), ff = WCE_SPLAT('\f');
    const wce_v16 s0 = WCE_SPLAT(stop[0]), s1 = WCE_SPLAT(stop[1]), s2 = WCE_SPLAT(stop[2]);
    while (end - p >= 16) {
      const wce_v16 v = WCE_LOAD(p);
      const wce_v16 plain = WCE_OR(WCE_ANDNOT(WCE_GT(v, lo), WCE_GT(v, top)),
                                   WCE_OR(WCE_EQ(v, tab), WCE_OR(WCE_EQ(v, lf), WCE_EQ(v, ff))));
      const wce_v16 stopped = WCE_OR(WCE_EQ(v, s0), WCE_OR(WCE_EQ(v, s1), WCE_EQ(v, s2)));
      const unsigned good = WCE_MASK(WCE_ANDNOT(plain, stopped));
      if (good != 0xFFFFu) return p + __builtin_ctz(~good);
      p += 16;
    }
  }
#endif
  return wce_plain_run_end_bytes(p, end, stops);
}

#endif
