/*
 * UTF-16 code units to UTF-8, exactly as TextEncoder encodes a JS string
 * (WHATWG Encoding: a lone surrogate becomes U+FFFD, 3 bytes).
 *
 * Why: in Node, Buffer#ucs2Write copies a JS string's code units into wasm
 * memory about 8x faster than TextEncoder.encodeInto converts it to UTF-8
 * (V8's String::WriteUtf8 goes one character at a time); converting here,
 * 16 ASCII code units per SIMD step, is cheaper than the difference
 * (wasm/bindings.cpp, lab/results/wasm-2026-11-27.md). Natively (no
 * simd128) the same function runs its scalar loop only: the CTest checks that.
 *
 * In place: `in` may lie in the same buffer as `out`, at byte offset n' >= n
 * from `out` (n = number of code units), in a buffer of n' + 2n bytes (the
 * output needs at most 3n). Before code unit i is read, at most 3i bytes have
 * been written, and every write of unit i's bytes (at most 3 per unit, 4 per
 * surrogate pair, 16 per 16 ASCII units, always after the loads) ends before
 * byte n' + 2i' of the first unit i' not read yet; so no unit is overwritten
 * before it is read.
 */
#include <stddef.h>
#include <stdint.h>
#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

/* Code units handled one at a time after a SIMD block that is not all ASCII
   (text with some non-ASCII does not retry the SIMD test on every unit). */
enum { kScalarStretch = 16 };

size_t wce_utf16_to_utf8(const uint16_t *in, size_t n, unsigned char *out) {
  size_t i = 0, o = 0;
  while (i < n) {
#ifdef __wasm_simd128__
    while (n - i >= 16) {
      v128_t a = wasm_v128_load(in + i), b = wasm_v128_load(in + i + 8);
      if (wasm_v128_any_true(wasm_v128_and(wasm_v128_or(a, b), wasm_i16x8_splat((int16_t) 0xFF80)))) break;
      wasm_v128_store(out + o, wasm_u8x16_narrow_i16x8(a, b));
      i += 16;
      o += 16;
    }
#endif
    size_t end = n - i < kScalarStretch ? n : i + kScalarStretch;
    while (i < end) {
      uint32_t c = in[i++];
      if (c < 0x80) {
        out[o++] = (unsigned char) c;
        continue;
      }
      if (c < 0x800) {
        out[o++] = (unsigned char) (0xC0 | (c >> 6));
        out[o++] = (unsigned char) (0x80 | (c & 0x3F));
        continue;
      }
      if (c >= 0xD800 && c <= 0xDFFF) {
        if (c <= 0xDBFF && i < n && in[i] >= 0xDC00 && in[i] <= 0xDFFF) {
          uint32_t cp = 0x10000 + ((c - 0xD800) << 10) + (uint32_t) (in[i++] - 0xDC00);
          out[o++] = (unsigned char) (0xF0 | (cp >> 18));
          out[o++] = (unsigned char) (0x80 | ((cp >> 12) & 0x3F));
          out[o++] = (unsigned char) (0x80 | ((cp >> 6) & 0x3F));
          out[o++] = (unsigned char) (0x80 | (cp & 0x3F));
          continue;
        }
        c = 0xFFFD;  /* lone surrogate */
      }
      out[o++] = (unsigned char) (0xE0 | (c >> 12));
      out[o++] = (unsigned char) (0x80 | ((c >> 6) & 0x3F));
      out[o++] = (unsigned char) (0x80 | (c & 0x3F));
    }
  }
  return o;
}
