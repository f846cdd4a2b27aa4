/*
 * Checks wasm/simd_memchr.c against a byte-by-byte memchr: random buffers,
 * every start alignment, lengths 0-199, hits inside, before and after the
 * range, and a SIZE_MAX length with the byte known to be there. Built by the
 * WASM build (target wce_simd_memchr_check, next to wce_core.js) and run by
 * scripts/test.sh:  node build/wasm/wce_simd_memchr_check.js  (exit 1 on any
 * wrong answer).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
void *wce_memchr_ref(const void *s, int c, size_t n) {
  /* volatile: the compiler must not turn this loop back into a memchr call. */
  const volatile unsigned char *p = s;
  for (size_t i = 0; i < n; i++) if (p[i] == (unsigned char) c) return (void *) (p + i);
  return NULL;
}
int main(void) {
  static unsigned char buf[300];
  unsigned long checks = 0, bad = 0;
  srand(1);
  for (int trial = 0; trial < 20000; trial++) {
    for (int i = 0; i < 300; i++) buf[i] = (unsigned char) (rand() % 4 == 0 ? 'x' : rand() % 256);
    int c = rand() % 3 == 0 ? 'x' : rand() % 256 - 128 * (rand() % 2);
    size_t off = (size_t) (rand() % 64), n = (size_t) (rand() % 200);
    if (trial % 7 == 0) memset(buf + off, 'y', n);  /* no hit in range, maybe hits around it */
    checks++;
    if (memchr(buf + off, c, n) != wce_memchr_ref(buf + off, c, n)) bad++;
    /* SIZE_MAX length with a byte known to be there */
    buf[299] = 0x7f;
    if (memchr(buf + off, 0x7f, SIZE_MAX) != wce_memchr_ref(buf + off, 0x7f, 300 - off)) bad++;
    checks++;
  }
  printf("%lu checks, %lu wrong\n", checks, bad);
  return bad != 0;
}
