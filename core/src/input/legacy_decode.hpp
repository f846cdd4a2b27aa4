// Legacy (pre-Unicode) encodings to UTF-8 through the C library's iconv: the
// encodings of encoding_labels.hpp's kIconvNames (the CJK multi-byte ones,
// ISO-8859-x, the other windows-125x, KOI8, ...).
#pragma once
#include <string>
#include <string_view>

namespace wce::legacy {

// Whether `encoding` (a name of encoding_labels.hpp) is one of the legacy
// encodings this file decodes (it has an iconv name), whether or not this
// build can.
bool is_legacy(std::string_view encoding);

// Whether `encoding` can be decoded here: it is legacy and the system's iconv
// opens it. Never in WASM (its text arrives decoded by the browser).
bool available(std::string_view encoding);

// The bytes in UTF-8. A byte that does not decode (an invalid or truncated
// sequence) becomes U+FFFD and decoding goes on at the next byte, so that an
// ASCII byte after a bad lead byte is kept, as the Encoding Standard's
// decoders do. Requires available(encoding).
std::string to_utf8(std::string_view bytes, std::string_view encoding);

}  // namespace wce::legacy
