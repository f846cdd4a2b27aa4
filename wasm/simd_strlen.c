/*
 * strlen of the WebAssembly core with 128-bit SIMD: 16 bytes tested per step.
 * Emscripten 3.1.6's musl strlen tests 4 bytes per step; the core calls
 * strlen on every text node and attribute value Gumbo hands over
 * (core/src/input/gumbo_builder.cpp) and Gumbo on every attribute name, about
 * 1.6 % of trafilatura's time in V8's profiler, 3x the native strlen's
 * (lab/results/wasm-2026-11-27b.md). musl's strlen is an archive member
 * only linked when undefined, so this definition replaces it for the whole
 * module.
 *
 * The loads are aligned 16-byte blocks, so they may read bytes before `s` and
 * after its terminating NUL but never leave the block of a byte of the
 * string: a wasm memory is a whole number of 64 KiB pages, so such a load is
 * always inside it. Compiled for wasm only, with -msimd128 (CMakeLists.txt).
 */
#include <stddef.h>
#include <stdint.h>
#include <wasm_simd128.h>

#ifndef __wasm_simd128__
#error "simd_strlen.c must be compiled with -msimd128"
#endif

size_t strlen(const char *s) {
  const uintptr_t start = (uintptr_t) s;
  uintptr_t block = start & ~(uintptr_t) 15;
  const v128_t zero = wasm_i8x16_splat(0);
  /* Bit i: byte block + i is NUL; the bytes before s are dropped. */
  uint32_t nul = (uint32_t) wasm_i8x16_bitmask(wasm_i8x16_eq(wasm_v128_load((const void *) block), zero));
  nul &= ~0u << (start - block);
  while (!nul) {
    block += 16;
    nul = (uint32_t) wasm_i8x16_bitmask(wasm_i8x16_eq(wasm_v128_load((const void *) block), zero));
  }
  return block + (uintptr_t) __builtin_ctz(nul) - start;
}
