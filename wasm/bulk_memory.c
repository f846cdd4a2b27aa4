/*
 * memcpy, memmove and memset of the WebAssembly core as single bulk-memory
 * instructions (memory.copy, memory.fill), which the engine runs as its own
 * native copy. Debian's Emscripten 3.1.6 ships a libc built without bulk
 * memory: its memcpy copies 4 bytes per step in wasm and hands copies of 512
 * bytes or more to JavaScript (HEAPU8.copyWithin, a call out of wasm each
 * time); that memcpy alone was 16-21 % of the module's time in V8's profiler
 * (lab/results/wasm-2026-11-26b.md). libc's memcpy is a weak symbol and
 * memmove / memset are archive members only linked when undefined, so these
 * definitions replace them for the whole module, libc and libc++ included.
 *
 * Compiled with -mbulk-memory (CMakeLists.txt): LLVM then lowers the
 * builtins to the instructions themselves, not to calls (which would recurse).
 * Every engine the module targets has bulk memory (Chrome 75, Firefox 79,
 * Safari 15, Node 12.5).
 *
 * Short lengths do not use the instructions: V8 (Node 20) runs each
 * memory.copy / memory.fill as a call out of the generated code, about 10 ns,
 * while a string append or a small struct copies a few bytes (a 96-byte
 * copy + fill: 23 ns as instructions, 2.4 ns as loads and stores;
 * lab/results/wasm-2026-11-26f.md). Below kShort bytes the copy is made of
 * two overlapping fixed-size moves (LLVM lowers a constant-size
 * __builtin_memcpy of 16 bytes or less to loads and stores).
 */
#include <stddef.h>
#include <stdint.h>

#ifndef __wasm_bulk_memory__
#error "bulk_memory.c must be compiled with -mbulk-memory"
#endif

/* Lengths below kShort are moved with loads and stores (memmove too, all
 * loads first); memcpy and memset go on with 16-byte steps below kLoop, where
 * a loop is still cheaper than the instruction's call. */
enum { kShort = 32, kLoop = 256 };

/* n bytes, 0 <= n <= 32, from s to d: every load before any store, so that
 * overlapping ranges (memmove) are safe too. */
static inline void move_short(unsigned char *d, const unsigned char *s, size_t n) {
  if (n >= 16) {
    uint64_t a, b, c, e;
    __builtin_memcpy(&a, s, 8);
    __builtin_memcpy(&b, s + 8, 8);
    __builtin_memcpy(&c, s + n - 16, 8);
    __builtin_memcpy(&e, s + n - 8, 8);
    __builtin_memcpy(d, &a, 8);
    __builtin_memcpy(d + 8, &b, 8);
    __builtin_memcpy(d + n - 16, &c, 8);
    __builtin_memcpy(d + n - 8, &e, 8);
  } else if (n >= 8) {
    uint64_t a, b;
    __builtin_memcpy(&a, s, 8);
    __builtin_memcpy(&b, s + n - 8, 8);
    __builtin_memcpy(d, &a, 8);
    __builtin_memcpy(d + n - 8, &b, 8);
  } else if (n >= 4) {
    uint32_t a, b;
    __builtin_memcpy(&a, s, 4);
    __builtin_memcpy(&b, s + n - 4, 4);
    __builtin_memcpy(d, &a, 4);
    __builtin_memcpy(d + n - 4, &b, 4);
  } else if (n > 0) {
    unsigned char a = s[0], b = s[n >> 1], c = s[n - 1];
    d[0] = a;
    d[n >> 1] = b;
    d[n - 1] = c;
  }
}

void *memcpy(void *restrict dest, const void *restrict src, size_t n) {
  if (n < kShort) {
    move_short(dest, src, n);
  } else if (n < kLoop) {
    /* 16 bytes a step; the last 16 bytes once more (no overlap: memcpy). */
    unsigned char *d = dest;
    const unsigned char *s = src;
    for (size_t i = 0; i + 16 <= n; i += 16) __builtin_memcpy(d + i, s + i, 16);
    __builtin_memcpy(d + n - 16, s + n - 16, 16);
  } else {
    __builtin_memcpy(dest, src, n);
  }
  return dest;
}

void *memmove(void *dest, const void *src, size_t n) {
  if (n < kShort) move_short(dest, src, n);
  else __builtin_memmove(dest, src, n);
  return dest;
}

void *memset(void *dest, int c, size_t n) {
  if (n < kShort) {
    unsigned char *d = dest;
    uint64_t v = (uint64_t)(unsigned char)c * 0x0101010101010101ull;
    if (n >= 16) {
      __builtin_memcpy(d, &v, 8);
      __builtin_memcpy(d + 8, &v, 8);
      __builtin_memcpy(d + n - 16, &v, 8);
      __builtin_memcpy(d + n - 8, &v, 8);
    } else if (n >= 8) {
      __builtin_memcpy(d, &v, 8);
      __builtin_memcpy(d + n - 8, &v, 8);
    } else if (n >= 4) {
      uint32_t w = (uint32_t)v;
      __builtin_memcpy(d, &w, 4);
      __builtin_memcpy(d + n - 4, &w, 4);
    } else if (n > 0) {
      d[0] = d[n >> 1] = d[n - 1] = (unsigned char)c;
    }
    return dest;
  }
  if (n < kLoop) {
    unsigned char *d = dest;
    uint64_t v = (uint64_t)(unsigned char)c * 0x0101010101010101ull;
    for (size_t i = 0; i + 16 <= n; i += 16) {
      __builtin_memcpy(d + i, &v, 8);
      __builtin_memcpy(d + i + 8, &v, 8);
    }
    __builtin_memcpy(d + n - 16, &v, 8);
    __builtin_memcpy(d + n - 8, &v, 8);
    return dest;
  }
  __builtin_memset(dest, c, n);
  return dest;
}
