// FNV-1a, 64 bit (Fowler, Noll, Vo): one stable hash for every place that needs
// the same value across runs, builds and machines: the ensemble's training split
// (dataset/id), web2text's word hashes, the structure features' tag-and-class
// keys, and the fingerprints of lab/tools/model_inputs and bench/doc_dump.
// lab/learn/common.py fnv1a is its Python twin for splits (bytes of UTF-8).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace wce {

struct Fnv1a {
  static constexpr uint64_t kOffset = 1469598103934665603ull;
  static constexpr uint64_t kPrime = 1099511628211ull;
  uint64_t value = kOffset;

  // One value folded in whole (a tag id, a token id), not byte by byte.
  Fnv1a& mix(uint64_t v) {
    value = (value ^ v) * kPrime;
    return *this;
  }
  Fnv1a& bytes(const void* p, size_t n) {
    const auto* b = static_cast<const unsigned char*>(p);
    for (size_t i = 0; i < n; ++i) mix(b[i]);
    return *this;
  }
  Fnv1a& str(std::string_view s) { return bytes(s.data(), s.size()); }
  // Eight bytes, least significant first (the same on every machine).
  Fnv1a& u64(uint64_t v) {
    for (int i = 0; i < 8; ++i) mix(static_cast<unsigned char>(v >> (8 * i)));
    return *this;
  }
};

inline uint64_t fnv1a(std::string_view s) { return Fnv1a().str(s).value; }

}  // namespace wce
