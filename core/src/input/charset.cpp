// Charset detection and conversion to UTF-8 for raw HTML bytes, after the
// HTML standard's encoding sniffing (BOM, then a <meta> prescan of the first
// 1024 bytes), with the HTTP-less fallback: UTF-8 if the bytes are valid
// UTF-8 (ISO-2022-JP if they hold its escapes), else a <meta> further on, else
// UTF-8 if only a few bytes break it, else a guess from the bytes
// (charset_guess.cpp; windows-1252 unless it is sure). Labels are the
// Encoding Standard's (encoding_labels.hpp): iso-8859-1 and us-ascii are read as windows-1252, as
// browsers do. UTF-8, UTF-16, windows-1251 and 1252 are decoded here, the
// other legacy encodings by legacy_decode.cpp.
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>

#include "document/unicode.hpp"
#include "input/charset_guess.hpp"
#include "input/encoding_labels.hpp"
#include "input/legacy_decode.hpp"
#include "wce/html.hpp"

namespace wce {
namespace {

constexpr size_t kPrescanBytes = 1024;  // the HTML standard's prescan length

// windows-1252 bytes 0x80..0x9F (undefined bytes map to the C1 control, as in the WHATWG index).
constexpr uint16_t kCp1252High[32] = {
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0x008D, 0x017D, 0x008F, 0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178};

// windows-1251 bytes 0x80..0xBF (0xC0..0xFF are U+0410..U+044F).
constexpr uint16_t kCp1251High[64] = {
    0x0402, 0x0403, 0x201A, 0x0453, 0x201E, 0x2026, 0x2020, 0x2021, 0x20AC, 0x2030, 0x0409,
    0x2039, 0x040A, 0x040C, 0x040B, 0x040F, 0x0452, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x0098, 0x2122, 0x0459, 0x203A, 0x045A, 0x045C, 0x045B, 0x045F, 0x00A0,
    0x040E, 0x045E, 0x0408, 0x00A4, 0x0490, 0x00A6, 0x00A7, 0x0401, 0x00A9, 0x0404, 0x00AB,
    0x00AC, 0x00AD, 0x00AE, 0x0407, 0x00B0, 0x00B1, 0x0406, 0x0456, 0x0491, 0x00B5, 0x00B6,
    0x00B7, 0x0451, 0x2116, 0x0454, 0x00BB, 0x0458, 0x0405, 0x0455, 0x0457};

std::string lower(std::string_view s) {
  std::string r(s);
  for (char& c : r) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return r;
}

// The encoding a label names (encoding_labels.hpp), "" when it names none
// we can decode here. Surrounding spaces and quotes are ignored.
std::string encoding_of(std::string_view label) {
  constexpr std::string_view kTrim = " \t\r\n\f\"'";
  std::string l = lower(label);
  const size_t b = l.find_first_not_of(kTrim);
  const std::string_view name =
      b == std::string::npos ? std::string_view() : std::string_view(l).substr(b, l.find_last_not_of(kTrim) - b + 1);
  for (const encoding::Label& e : encoding::kLabels) {
    if (e.label != name) continue;
    // The encodings that are not legacy have decoders of their own (to_utf8 below).
    return !legacy::is_legacy(e.encoding) || legacy::available(e.encoding) ? std::string(e.encoding) : std::string();
  }
  return "";
}

// A label in the page's own <meta>: a UTF-16 label there means UTF-8 (HTML
// standard: the bytes were read as ASCII to find it), and x-user-defined is
// read as windows-1252.
std::string canonical(std::string_view label) {
  if (lower(label) == "x-user-defined") return "windows-1252";
  std::string c = encoding_of(label);
  return c == "utf-16le" || c == "utf-16be" ? "utf-8" : c;
}

// The value after "charset=" in s, or "".
std::string_view charset_param(std::string_view s) {
  std::string l = lower(s);
  size_t p = l.find("charset");
  if (p == std::string::npos) return {};
  p += 7;
  while (p < s.size() && (s[p] == ' ' || s[p] == '\t')) ++p;
  if (p >= s.size() || s[p] != '=') return {};
  ++p;
  while (p < s.size() && (s[p] == ' ' || s[p] == '"' || s[p] == '\'')) ++p;
  size_t e = p;
  while (e < s.size() && !std::strchr(" \"';>/\t\r\n", s[e])) ++e;
  return s.substr(p, e - p);
}

// Simplified <meta> prescan: the first <meta ...> in the first `limit` bytes
// carrying a charset we decode (charset="x" or content="text/html; charset=x").
std::string prescan(std::string_view bytes, size_t limit) {
  const std::string_view head = bytes.substr(0, limit);
  for (size_t p = head.find('<'); p != std::string_view::npos; p = head.find('<', p + 1)) {
    if (lower(head.substr(p + 1, 4)) != "meta") continue;
    const size_t e = head.find('>', p);
    const std::string_view cs = charset_param(head.substr(p, e == std::string_view::npos ? std::string_view::npos : e - p));
    if (cs.empty()) continue;
    std::string c = canonical(cs);
    if (!c.empty()) return c;
  }
  return "";
}

void append_utf16(std::string& out, std::string_view b, bool big_endian) {
  for (size_t i = 0; i + 1 < b.size(); i += 2) {
    auto u = [&](size_t k) {
      unsigned char x = b[k], y = b[k + 1];
      return static_cast<uint32_t>(big_endian ? (x << 8) | y : (y << 8) | x);
    };
    uint32_t cp = u(i);
    if (cp >= 0xD800 && cp <= 0xDBFF && i + 3 < b.size()) {
      uint32_t lo = u(i + 2);
      if (lo >= 0xDC00 && lo <= 0xDFFF) {
        cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
        i += 2;
      } else cp = unicode::kReplacement;
    } else if (cp >= 0xD800 && cp <= 0xDFFF) cp = unicode::kReplacement;
    unicode::append(out, cp);
  }
}

}  // namespace

std::string sniff_charset(std::string_view bytes) {
  if (bytes.substr(0, 3) == "\xEF\xBB\xBF") return "utf-8";
  if (bytes.substr(0, 2) == "\xFF\xFE") return "utf-16le";
  if (bytes.substr(0, 2) == "\xFE\xFF") return "utf-16be";
  std::string declared = prescan(bytes, kPrescanBytes);
  if (!declared.empty()) return declared;
  if (unicode::valid_utf8(bytes)) return has_iso_2022_jp_escapes(bytes) ? "iso-2022-jp" : "utf-8";
  // A <meta> past the prescan: a browser's parser meets it and decodes the
  // page again with it (HTML standard, "changing the encoding while parsing").
  // Only for bytes that are not UTF-8: valid UTF-8 with a late legacy <meta>
  // is a page saved as UTF-8 that kept its old declaration.
  declared = prescan(bytes, std::string_view::npos);
  if (!declared.empty()) return declared;
  if (mostly_utf8(bytes)) return "utf-8";
  return guess_legacy_charset(bytes);
}

std::string charset_for_label(std::string_view label) {
  // Unlike a <meta> declaration, a label from outside the page can select UTF-16.
  return encoding_of(label);
}

std::string require_charset(std::string_view label) {
  std::string cs = charset_for_label(label);
  if (cs.empty())
    throw std::invalid_argument(
        "'" + std::string(label) +
        "' is not a charset wce decodes (a label of the WHATWG Encoding Standard for utf-8, utf-16le/be, "
        "windows-874 and 1250-1258, iso-8859-2 to 16, koi8-r/u, ibm866, macintosh, x-mac-cyrillic, gbk, "
        "gb18030, big5, euc-jp, iso-2022-jp, shift_jis or euc-kr" +
        (legacy::available("gbk") ? "" : "; this build decodes only utf-8, utf-16, windows-1251 and 1252") + ")");
  return cs;
}

std::string to_utf8(std::string_view bytes, std::string_view charset) {
  std::string out;
  out.reserve(bytes.size() + bytes.size() / 8);
  if (charset == "utf-16le" || charset == "utf-16be") {
    if (bytes.size() >= 2 && (bytes.substr(0, 2) == "\xFF\xFE" || bytes.substr(0, 2) == "\xFE\xFF"))
      bytes.remove_prefix(2);
    append_utf16(out, bytes, charset == "utf-16be");
    return out;
  }
  if (charset == "windows-1252" || charset == "windows-1251") {
    bool cyr = charset == "windows-1251";
    for (unsigned char c : bytes) {
      if (c < 0x80) out += static_cast<char>(c);
      else if (cyr) unicode::append(out, c >= 0xC0 ? 0x0410 + (c - 0xC0) : kCp1251High[c - 0x80]);
      else unicode::append(out, c < 0xA0 ? kCp1252High[c - 0x80] : c);
    }
    return out;
  }
  if (legacy::available(charset)) return legacy::to_utf8(bytes, charset);
  // UTF-8 (also the fallback for unknown labels): strip a BOM, replace invalid sequences.
  // Valid runs are copied in one append each (a per-character append was a
  // tenth of the whole parse); ASCII bytes are skipped without decoding.
  if (bytes.substr(0, 3) == "\xEF\xBB\xBF") bytes.remove_prefix(3);
  const auto* data = reinterpret_cast<const unsigned char*>(bytes.data());
  size_t run = 0;  // start of the valid bytes not yet copied
  for (size_t i = 0; i < bytes.size();) {
    if (data[i] < 0x80) {  // skip ASCII, eight bytes at a time
      uint64_t w;
      while (i + 8 <= bytes.size() && (std::memcpy(&w, data + i, 8), (w & 0x8080808080808080ULL) == 0)) i += 8;
      while (i < bytes.size() && data[i] < 0x80) ++i;
      continue;
    }
    size_t start = i;
    if (unicode::next(bytes, i) != unicode::kReplacement || i - start == 3) continue;  // valid (U+FFFD itself is 3 bytes)
    out.append(bytes.data() + run, start - run);
    unicode::append(out, unicode::kReplacement);
    run = i;
  }
  out.append(bytes.data() + run, bytes.size() - run);
  return out;
}

}  // namespace wce
