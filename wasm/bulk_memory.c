/*
 * memcpy, memmove and memset of the WebAssembly core as single bulk-memory
 * instructions (memory.copy, memory.fill), which the engine runs as its own
 * native copy. Debian's Emscripten 3.1.6 ships a libc built without bulk
 * memory: its memcpy copies 4 bytes per step in wasm and hands copies of 512
 * bytes or more to JavaScript (HEAPU8.copyWithin, a call out of wasm each
 * time); that memcpy alone was 16-21 % of the module's time in V8's profiler
 * (bench/results/wasm-2026-11-26b.md). libc's memcpy is a weak symbol and
 * memmove / memset are archive members only linked when undefined, so these
 * definitions replace them for the whole module, libc and libc++ included.
 *
 * Compiled with -mbulk-memory (CMakeLists.txt): LLVM then lowers the
 * builtins to the instructions themselves, not to calls (which would recurse).
 * Every engine the module targets has bulk memory (Chrome 75, Firefox 79,
 * Safari 15, Node 12.5).
 */
#include <stddef.h>

#ifndef __wasm_bulk_memory__
#error "bulk_memory.c must be compiled with -mbulk-memory"
#endif

void *memcpy(void *restrict dest, const void *restrict src, size_t n) {
  __builtin_memcpy(dest, src, n);
  return dest;
}

void *memmove(void *dest, const void *src, size_t n) {
  __builtin_memmove(dest, src, n);
  return dest;
}

void *memset(void *dest, int c, size_t n) {
  __builtin_memset(dest, c, n);
  return dest;
}
