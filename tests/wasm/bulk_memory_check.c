/*
 * Checks wasm/bulk_memory.c (memcpy, memmove, memset of the WASM core: loads
 * and stores for short lengths, a 16-byte loop, then the bulk-memory
 * instructions) against byte loops: every length 0-599 (all three paths),
 * source and destination offsets 0-15, memmove with the ranges overlapping
 * in both directions, and the bytes around the destination untouched. Built
 * by the WASM build (target wce_bulk_memory_check) and run by scripts/test.sh:
 * node build/wasm/wce_bulk_memory_check.js  (exit 1 on any wrong answer).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>  /* the functions under test */

enum { kMaxLen = 600, kPad = 64, kSize = kMaxLen + 2 * kPad + 16 };

/* Called through volatile pointers: the compiler must not expand the calls
 * inline (the check is about the library functions). */
static void *(*volatile copy_fn)(void *restrict, const void *restrict, size_t) = memcpy;
static void *(*volatile move_fn)(void *, const void *, size_t) = memmove;
static void *(*volatile set_fn)(void *, int, size_t) = memset;

static unsigned char got[kSize], want[kSize], src[kSize];

static void fill_random(unsigned char *b) {
  volatile unsigned char *vb = b;
  for (int i = 0; i < kSize; i++) vb[i] = (unsigned char)rand();
}
/* volatile: the reference loops must not become memcpy / memset calls (to
 * the functions under test) themselves. */
static void ref_copy(unsigned char *d, const unsigned char *s, size_t n) {
  volatile unsigned char *vd = d;
  for (size_t i = 0; i < n; i++) vd[i] = s[i];
}
static void ref_set(unsigned char *d, int c, size_t n) {
  volatile unsigned char *vd = d;
  for (size_t i = 0; i < n; i++) vd[i] = (unsigned char)c;
}
static void ref_move(unsigned char *b, size_t to, size_t from, size_t n) {
  volatile unsigned char tmp[kSize];
  for (size_t i = 0; i < n; i++) tmp[i] = b[from + i];
  for (size_t i = 0; i < n; i++) b[to + i] = tmp[i];
}
static int same(void) {
  for (int i = 0; i < kSize; i++)
    if (((volatile unsigned char *)got)[i] != want[i]) return 0;
  return 1;
}

int main(void) {
  unsigned long checks = 0, bad = 0;
  srand(7);
  for (size_t n = 0; n < kMaxLen; n++) {
    for (size_t od = 0; od < 16; od++) {
      size_t os = (n * 7 + od * 3) % 16;
      /* memcpy between two buffers */
      fill_random(src);
      fill_random(got);
      ref_copy(want, got, kSize);
      ref_copy(want + kPad + od, src + kPad + os, n);
      copy_fn(got + kPad + od, src + kPad + os, n);
      checks++;
      if (!same()) bad++;
      /* memset */
      int c = rand() % 512 - 128;  /* only the low byte counts */
      fill_random(got);
      ref_copy(want, got, kSize);
      ref_set(want + kPad + od, c, n);
      set_fn(got + kPad + od, c, n);
      checks++;
      if (!same()) bad++;
      /* memmove inside one buffer, overlapping forwards and backwards */
      for (int shift = -40; shift <= 40; shift += (n < 64 ? 1 : 13)) {
        if ((int)(kPad + od) + shift < 0) continue;
        size_t from = kPad + od, to = (size_t)((int)from + shift);
        if (to + n > kSize) continue;
        fill_random(got);
        ref_copy(want, got, kSize);
        ref_move(want, to, from, n);
        move_fn(got + to, got + from, n);
        checks++;
        if (!same()) bad++;
      }
    }
  }
  printf("%lu checks, %lu wrong\n", checks, bad);
  return bad != 0;
}
