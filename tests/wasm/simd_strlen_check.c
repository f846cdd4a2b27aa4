/*
 * Checks wasm/simd_strlen.c against a byte-by-byte strlen: random non-NUL
 * bytes, every start alignment (0-63), lengths 0-299, NUL bytes before the
 * start and right after the end, and a string that ends at the last byte of
 * the buffer. Built by the WASM build (target wce_simd_strlen_check, next to
 * wce_core.js) and run by scripts/test.sh:
 *   node build/wasm/wce_simd_strlen_check.js  (exit 1 on any wrong answer).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static size_t wce_strlen_ref(const char *s) {
  /* volatile: the compiler must not turn this loop back into a strlen call. */
  const volatile char *p = s;
  size_t n = 0;
  while (p[n]) n++;
  return n;
}
int main(void) {
  static char buf[400];
  unsigned long checks = 0, bad = 0;
  srand(1);
  for (int trial = 0; trial < 30000; trial++) {
    for (int i = 0; i < 400; i++) buf[i] = (char) (1 + rand() % 255);
    const size_t off = (size_t) (rand() % 64), n = (size_t) (rand() % 300);
    buf[off + n] = 0;
    if (off > 0 && rand() % 2) buf[off - 1 - (size_t) (rand() % off)] = 0; /* a NUL before the start */
    if (rand() % 3 == 0) buf[off + n + 1] = 0;                              /* and one after the end */
    checks++;
    if (strlen(buf + off) != wce_strlen_ref(buf + off)) bad++;
  }
  /* The terminator as the buffer's last byte. */
  for (int i = 0; i < 399; i++) buf[i] = 'a';
  buf[399] = 0;
  for (size_t off = 0; off < 64; off++) {
    checks++;
    if (strlen(buf + 399 - off) != off) bad++;
  }
  printf("%lu checks, %lu wrong\n", checks, bad);
  return bad != 0;
}
