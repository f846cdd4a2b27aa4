// Turns fuzz bytes into choices, for the targets that generate structured
// input. Our own small reader (not clang's FuzzedDataProvider) so that the
// targets also build with gcc, in the GoogleTest that replays the corpora.
// Past the end every choice is its smallest value, so any input terminates.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

namespace wce::fuzz {

class ByteReader {
 public:
  ByteReader(const uint8_t* data, size_t size) : p_(data), end_(data + size) {}
  size_t remaining() const { return static_cast<size_t>(end_ - p_); }
  uint8_t byte() { return p_ < end_ ? *p_++ : 0; }
  bool flag() { return byte() & 1; }
  uint32_t u32() {
    uint32_t v = 0;
    for (int k = 0; k < 4; ++k) v = v << 8 | byte();
    return v;
  }
  // A value in [lo, hi] from as many bytes as the range needs.
  uint64_t range(uint64_t lo, uint64_t hi) {
    uint64_t span = hi - lo, v = 0;
    for (uint64_t s = span; s > 0 && p_ < end_; s >>= 8) v = v << 8 | byte();
    return span == UINT64_MAX ? v : lo + v % (span + 1);
  }
  // Bytes up to a single backslash (a doubled one stands for one backslash),
  // or `max` bytes, or the end: inserting or deleting bytes moves the boundary
  // between two strings smoothly, as in libFuzzer's own string splitting.
  std::string string(size_t max) {
    std::string s;
    while (p_ < end_ && s.size() < max) {
      char c = static_cast<char>(*p_++);
      if (c == '\\') {
        if (p_ < end_ && *p_ == '\\') { s += c; ++p_; continue; }
        break;
      }
      s += c;
    }
    return s;
  }
  std::string rest() {
    std::string s(reinterpret_cast<const char*>(p_), remaining());
    p_ = end_;
    return s;
  }

 private:
  const uint8_t* p_;
  const uint8_t* end_;
};

}  // namespace wce::fuzz
