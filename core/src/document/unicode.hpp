// Small UTF-8 helpers shared by the core (internal header).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

namespace wce::unicode {

constexpr uint32_t kReplacement = 0xFFFD;

// Decodes one code point at s[i] and advances i. Invalid or truncated
// sequences yield U+FFFD and advance by one byte, so every input terminates.
inline uint32_t next(std::string_view s, size_t& i) {
  auto b = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  unsigned char c = b(i);
  if (c < 0x80) { ++i; return c; }
  // Leads 0xF5-0xFF start no sequence (past U+10FFFF); they were once read as
  // 3-byte leads, so "\xF8\x88\x80" passed as valid (the charset fuzz target).
  int len = c >= 0xF5 ? 0 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 ? 2 : 0;
  if (len == 0 || i + len > s.size()) { ++i; return kReplacement; }
  uint32_t cp = c & (0x7F >> len);
  for (int k = 1; k < len; ++k) {
    if ((b(i + k) & 0xC0) != 0x80) { ++i; return kReplacement; }
    cp = (cp << 6) | (b(i + k) & 0x3F);
  }
  if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
      (cp >= 0xD800 && cp <= 0xDFFF)) { ++i; return kReplacement; }
  i += len;
  return cp;
}

inline void append(std::string& out, uint32_t cp) {
  if (cp < 0x80) out += static_cast<char>(cp);
  else if (cp < 0x800) { out += static_cast<char>(0xC0 | (cp >> 6)); out += static_cast<char>(0x80 | (cp & 0x3F)); }
  else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12)); out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18)); out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F)); out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// Word separators: ASCII whitespace, the Unicode space separators, line and
// paragraph separators, and the zero-width space / BOM.
inline bool is_space(uint32_t cp) {
  return cp == ' ' || (cp >= 0x09 && cp <= 0x0D) || cp == 0xA0 || cp == 0x1680 ||
         (cp >= 0x2000 && cp <= 0x200B) || cp == 0x2028 || cp == 0x2029 || cp == 0x202F ||
         cp == 0x205F || cp == 0x3000 || cp == 0xFEFF;
}

// Invisible inside a line and not a word break: the soft hyphen (U+00AD, a
// hyphenation hint: "Vernatsch&shy;wein" reads and is searched as one word)
// and the word joiner (U+2060). Dropped from rendered text (output/render.cpp)
// and from tokens (features/node_tokens.cpp), so that both see the same words.
inline bool is_invisible(uint32_t cp) { return cp == 0x00AD || cp == 0x2060; }

inline bool valid_utf8(std::string_view s) {
  for (size_t i = 0; i < s.size();) {
    size_t before = i;
    if (next(s, i) == kReplacement && !(i - before == 3 && s.substr(before, 3) == "\xEF\xBF\xBD"))
      return false;
  }
  return true;
}

}  // namespace wce::unicode
