// Eight ASCII bytes at a time (internal header): byte classes as masks over
// one 64-bit word, for the per-text-node counting passes (words, non-space
// characters, collapsed lengths) that otherwise test every byte of the
// page's text on their own. Each mask has bit 7 of byte j set when byte j
// (the j-th in memory order) is in the class; count() counts them. The
// tests are exact only for ASCII bytes: callers check ascii() first.
#pragma once
#include <cstdint>
#include <cstring>

namespace wce::swar {

constexpr uint64_t kOnes = 0x0101010101010101ull;
constexpr uint64_t kHigh = 0x8080808080808080ull;

// Eight bytes from p in memory order (byte j of the page is bits 8j..8j+7).
inline uint64_t load8(const char* p) {
  uint64_t w;
  std::memcpy(&w, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  w = __builtin_bswap64(w);
#endif
  return w;
}

inline bool ascii(uint64_t w) { return (w & kHigh) == 0; }

// lo <= byte <= hi, for ASCII bytes (no carry leaves a byte: b + 0x80 - lo <= 0xFF).
inline uint64_t in_range(uint64_t w, uint8_t lo, uint8_t hi) {
  const uint64_t ge_lo = w + kOnes * static_cast<uint64_t>(0x80 - lo);
  const uint64_t gt_hi = w + kOnes * static_cast<uint64_t>(0x80 - hi - 1);
  return ge_lo & ~gt_hi & kHigh;
}

// ' ' and \t \n \v \f \r (unicode::is_space, JavaScript's \s on ASCII).
inline uint64_t space(uint64_t w) { return in_range(w, 0x20, 0x20) | in_range(w, 0x09, 0x0D); }
// Python's str.split white space on ASCII: also 0x1C-0x1F.
inline uint64_t py_space(uint64_t w) { return in_range(w, 0x1C, 0x20) | in_range(w, 0x09, 0x0D); }

// The bytes of a mask (bit 7 of each byte only): a multiply adds the eight
// bits into the top byte (no popcnt instruction is assumed: without
// -mpopcnt, __builtin_popcountll is a library call).
inline uint32_t count(uint64_t mask) { return static_cast<uint32_t>(((mask >> 7) * kOnes) >> 56); }

// Bytes of `set` whose previous byte is not in it (the first byte's previous
// is in the set when prev_in).
inline uint64_t starts(uint64_t set, bool prev_in) {
  return set & ~((set << 8) | (prev_in ? 0x80ull : 0));
}
// Whether the last of the eight bytes is in the set.
inline bool last_in(uint64_t set) { return (set >> 63) != 0; }

}  // namespace wce::swar
