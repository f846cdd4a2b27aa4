// Java string semantics the boilerpipe port needs in more than one stage
// (internal header of extractors/boilerpipe/).
#pragma once
#include <cstddef>
#include <string_view>

#include "document/unicode.hpp"

namespace wce::boilerpipe {

// java.lang.String.trim on UTF-8: drops leading/trailing chars <= U+0020.
inline std::string_view java_trim(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && static_cast<unsigned char>(s[b]) <= 0x20) ++b;
  while (e > b && static_cast<unsigned char>(s[e - 1]) <= 0x20) --e;
  return s.substr(b, e - b);
}

inline size_t utf16_length(std::string_view s) {
  size_t n = 0;
  for (size_t i = 0; i < s.size();) n += unicode::next(s, i) >= 0x10000 ? 2 : 1;
  return n;
}

}  // namespace wce::boilerpipe
