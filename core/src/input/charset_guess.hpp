// Guesses for pages that declare no charset (charset_guess.cpp).
#pragma once
#include <string>
#include <string_view>

namespace wce {

// For bytes that are not valid UTF-8 and declare nothing: "shift_jis",
// "euc-jp", "euc-kr", "big5", "gbk", "windows-1251", "koi8-r", "windows-1253",
// "windows-1250" or "iso-8859-2" when the byte statistics say so (and this build decodes it), else "windows-1252".
std::string guess_legacy_charset(std::string_view bytes);

// Whether bytes that are not valid UTF-8 are UTF-8 all the same: the only
// broken sequence is cut by the end (a truncated download), or valid
// multi-byte sequences outnumber broken ones 20 to 1.
bool mostly_utf8(std::string_view bytes);

// Whether the bytes are all 7-bit and carry ISO-2022-JP's escapes into JIS X 0208 (ESC $ B,
// ESC $ @): such a page is valid ASCII, so UTF-8 would print the escapes.
bool has_iso_2022_jp_escapes(std::string_view bytes);

}  // namespace wce
