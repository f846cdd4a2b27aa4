/*
 * memchr of the WebAssembly core with 128-bit SIMD: 16 bytes compared per
 * step. Emscripten 3.1.6's musl memchr compares 4 bytes per step (2-4 % of
 * the module's time in V8's profiler, mostly Gumbo's line counting in
 * gumbo_patches/utf8_runs.c.inc; lab/results/wasm-2026-11-26b.md). musl's
 * memchr is an archive member only linked when undefined, so this definition
 * replaces it for the whole module.
 *
 * The loads are aligned 16-byte blocks, so they may read bytes before `src`
 * and after `src + n` but never leave the block of a byte that is in the
 * range: a wasm memory is a whole number of 64 KiB pages, so such a load is
 * always inside it (the bytes outside the range are masked off or never
 * looked at). Compiled for wasm only, with -msimd128 (CMakeLists.txt).
 */
#include <stddef.h>
#include <stdint.h>
#include <wasm_simd128.h>

#ifndef __wasm_simd128__
#error "simd_memchr.c must be compiled with -msimd128"
#endif

void *memchr(const void *src, int c, size_t n) {
  if (n == 0) return NULL;
  const uintptr_t start = (uintptr_t) src;
  /* memchr(p, c, SIZE_MAX) is allowed when c is known to be there. */
  const uintptr_t end = n > UINTPTR_MAX - start ? UINTPTR_MAX : start + n;
  const v128_t needle = wasm_i8x16_splat((int8_t) (unsigned char) c);
  uintptr_t block = start & ~(uintptr_t) 15;
  /* Bit i: byte block + i equals c; the bytes before src are dropped. */
  uint32_t hits = (uint32_t) wasm_i8x16_bitmask(wasm_i8x16_eq(wasm_v128_load((const void *) block), needle));
  hits &= ~0u << (start - block);
  for (;;) {
    if (hits) {
      const uintptr_t at = block + (uintptr_t) __builtin_ctz(hits);
      return at < end ? (void *) at : NULL;
    }
    if (end - block <= 16) return NULL;
    block += 16;
    hits = (uint32_t) wasm_i8x16_bitmask(wasm_i8x16_eq(wasm_v128_load((const void *) block), needle));
  }
}
