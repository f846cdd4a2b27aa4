// Harness (f): bytes -> the charset layer alone (core/src/input: the sniffer,
// its guess for undeclared pages, the legacy decoders), many times faster per
// input than the html target, which also parses and runs every extractor.
// The first byte picks: 0 sniffs the rest as a page, k names the k-th
// encoding of kEncodings (its label must name itself). Invariants: the sniffed
// charset is one the build decodes, and to_utf8 gives valid UTF-8 that is
// empty only for empty input (or a lone BOM, or ISO-2022-JP's escapes alone).
#include <string>

#include "byte_reader.hpp"
#include "check.hpp"
#include "targets.hpp"

namespace wce::fuzz {
namespace {

const char* const kEncodings[] = {
    "utf-8",      "utf-16le",     "utf-16be",     "windows-1252", "windows-1251", "shift_jis",  "euc-jp",
    "iso-2022-jp", "gbk",         "gb18030",      "big5",         "euc-kr",       "koi8-r",     "iso-8859-2",
    "windows-874", "windows-1258", "x-mac-cyrillic", "iso-8859-8-i"};
constexpr size_t kEncodingCount = sizeof kEncodings / sizeof kEncodings[0];

// Written apart from the core's unicode::next on purpose: it is the oracle for
// that decoder (which once took 0xF5-0xFF as lead bytes).
bool valid_utf8(const std::string& s) {
  for (size_t i = 0; i < s.size();) {
    const unsigned char c = s[i];
    size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    if (n == 0 || i + n > s.size()) return false;
    uint32_t cp = n == 1 ? c : c & (0x7F >> n);
    for (size_t k = 1; k < n; ++k) {
      const unsigned char d = s[i + k];
      if ((d & 0xC0) != 0x80) return false;
      cp = cp << 6 | (d & 0x3F);
    }
    const uint32_t min[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < min[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    i += n;
  }
  return true;
}

}  // namespace

int charset_target(const uint8_t* data, size_t size) {
  ByteReader in(data, size);
  const size_t pick = in.range(0, kEncodingCount);
  const std::string bytes = in.rest();
  std::string cs;
  if (pick == 0) {
    cs = sniff_charset(bytes);
    if (cs.empty() || charset_for_label(cs) != cs) broken("sniff_charset gave '" + cs + "', not a charset it decodes");
  } else {
    cs = kEncodings[pick - 1];
    if (charset_for_label(cs) != cs) return 0;  // not decoded by this build (no iconv)
  }
  const std::string out = to_utf8(bytes, cs);
  if (!valid_utf8(out)) broken("to_utf8(" + cs + ") gave invalid UTF-8");
  const bool may_vanish = cs == "iso-2022-jp" || bytes.size() <= 3;  // escapes, a BOM
  if (out.empty() && !bytes.empty() && !may_vanish) broken("to_utf8(" + cs + ") lost every byte");
  return 0;
}

}  // namespace wce::fuzz
