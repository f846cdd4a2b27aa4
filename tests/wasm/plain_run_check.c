/*
 * Checks the SIMD scan of Gumbo's plain text runs (gumbo_patches/plain_run.h,
 * wce_plain_run_end) against its byte-at-a-time reference: random buffers of
 * mostly plain ASCII with every other byte value mixed in at random places,
 * every stop set (all 32 combinations of the five stop bytes), every start
 * offset 0-15, lengths 0-99. Built twice: natively (CTest plain_run_check,
 * SSE2 on x86) and by the WASM build (wce_plain_run_check.js, simd128), which
 * scripts/test.sh runs. Exit 1 on any different answer.
 */
#include <stdio.h>
#include <stdlib.h>

#include "plain_run.h"

#ifndef WCE_SIMD_RUNS
#error "plain_run_check.c: no SIMD path for this target, nothing to check"
#endif

int main(void) {
  static unsigned char buf[128];
  static const unsigned char kPlain[] = "abcXYZ 019.,;:/=?!()[]{}#%*+_~|\\\t\n\f<&-\"'";
  unsigned long checks = 0, bad = 0;
  srand(1);
  for (int trial = 0; trial < 20000; trial++) {
    /* mostly plain bytes (including the stop bytes), 1 in `rare` any byte */
    const int rare = 1 + rand() % 64;
    for (int i = 0; i < 128; i++)
      buf[i] = rand() % rare == 0 ? (unsigned char) (rand() % 256)
                                  : kPlain[rand() % (sizeof kPlain - 1)];
    const size_t off = (size_t) (rand() % 16), n = (size_t) (rand() % 100);
    for (unsigned stops = 0; stops < 64; stops += 2) {
      checks++;
      if (wce_plain_run_end(buf + off, buf + off + n, stops) !=
          wce_plain_run_end_bytes(buf + off, buf + off + n, stops))
        bad++;
    }
  }
  printf("%lu checks, %lu wrong\n", checks, bad);
  return bad != 0;
}
