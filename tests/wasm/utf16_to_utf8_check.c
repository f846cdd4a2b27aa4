/*
 * Checks wasm/utf16_to_utf8.c (in place, as wasm/bindings.cpp calls it)
 * against a separate reference (code points first, then their UTF-8) and, in
 * the WASM build, against Node's TextEncoder itself: random code-unit strings
 * of lengths 0-299 made of ASCII runs, 2- and 3-byte characters, surrogate
 * pairs and lone surrogates (high or low, also at the ends and at 16-unit block
 * edges). Built by the WASM build (target wce_utf16_to_utf8_check, run by
 * scripts/test.sh: node build/wasm/wce_utf16_to_utf8_check.js) and natively
 * (CTest utf16_to_utf8_check, the scalar loop); exit 1 on any wrong byte.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

size_t wce_utf16_to_utf8(const uint16_t *in, size_t n, unsigned char *out);

static size_t reference(const uint16_t *in, size_t n, unsigned char *out) {
  static uint32_t cps[400];
  size_t m = 0, o = 0;
  for (size_t i = 0; i < n; i++) {
    uint32_t c = in[i];
    int high = c >= 0xD800 && c < 0xDC00, low = c >= 0xDC00 && c < 0xE000;
    if (high && i + 1 < n && in[i + 1] >= 0xDC00 && in[i + 1] < 0xE000) {
      cps[m++] = 0x10000 + (c - 0xD800) * 0x400 + (in[i + 1] - 0xDC00);
      i++;
    } else {
      cps[m++] = high || low ? 0xFFFD : c;
    }
  }
  for (size_t k = 0; k < m; k++) {
    uint32_t c = cps[k];
    if (c < 0x80) {
      out[o++] = (unsigned char) c;
    } else if (c < 0x800) {
      out[o++] = (unsigned char) (0xC0 + c / 64);
      out[o++] = (unsigned char) (0x80 + c % 64);
    } else if (c < 0x10000) {
      out[o++] = (unsigned char) (0xE0 + c / 4096);
      out[o++] = (unsigned char) (0x80 + c / 64 % 64);
      out[o++] = (unsigned char) (0x80 + c % 64);
    } else {
      out[o++] = (unsigned char) (0xF0 + c / 262144);
      out[o++] = (unsigned char) (0x80 + c / 4096 % 64);
      out[o++] = (unsigned char) (0x80 + c / 64 % 64);
      out[o++] = (unsigned char) (0x80 + c % 64);
    }
  }
  return o;
}

static uint16_t random_unit(int kind) {
  switch (kind) {
    case 0: return (uint16_t) (rand() % 0x80);                   /* ASCII */
    case 1: return (uint16_t) (0x80 + rand() % 0x780);           /* 2 bytes */
    case 2: return (uint16_t) (0x800 + rand() % 0xD000);         /* 3 bytes, below the surrogates */
    case 3: return (uint16_t) (0xE000 + rand() % 0x2000);        /* 3 bytes, above */
    case 4: return (uint16_t) (0xD800 + rand() % 0x400);         /* high surrogate */
    default: return (uint16_t) (0xDC00 + rand() % 0x400);        /* low surrogate */
  }
}

int main(void) {
  enum { kMax = 300 };
  static uint16_t units[kMax];
  static _Alignas(16) unsigned char buf[4 * kMax + 8];
  static unsigned char want[4 * kMax];
  unsigned long checks = 0, bad = 0, js_checks = 0;
  srand(7);
  for (int trial = 0; trial < 60000; trial++) {
    size_t n = (size_t) (rand() % kMax);
    int mostly_ascii = rand() % 2;
    for (size_t i = 0; i < n; i++) {
      int kind = mostly_ascii ? (rand() % 20 == 0 ? rand() % 6 : 0) : rand() % 6;
      units[i] = random_unit(kind);
      /* surrogate pairs, often across a 16-unit block edge */
      if (kind == 4 && i + 1 < n && rand() % 2) units[++i] = random_unit(5);
    }
    size_t want_len = reference(units, n, want);
    /* in place: the code units at the even offset at or after n, as bindings.cpp puts them */
    memset(buf, 0xAA, sizeof buf);
    unsigned char *at = buf + ((n + 1) & ~(size_t) 1);
    memcpy(at, units, 2 * n);
    size_t got = wce_utf16_to_utf8((const uint16_t *) at, n, buf);
    checks++;
    if (got != want_len || memcmp(buf, want, want_len) != 0) bad++;
#ifdef __EMSCRIPTEN__
    /* TextEncoder on the same code units (the reference of the browser path) */
    if (trial % 4 == 0) {
      int same = EM_ASM_INT({
        var s = '';
        for (var i = 0; i < $1; i++) s += String.fromCharCode(HEAPU16[($0 >> 1) + i]);
        var b = new TextEncoder().encode(s);
        if (b.length !== $3) return 0;
        for (var k = 0; k < b.length; k++) if (b[k] !== HEAPU8[$2 + k]) return 0;
        return 1;
      }, units, n, want, want_len);
      js_checks++;
      if (!same) bad++;
    }
#endif
  }
  printf("%lu checks in place against the reference, %lu against TextEncoder, %lu wrong\n", checks, js_checks, bad);
  return bad != 0;
}
