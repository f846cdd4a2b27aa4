// parse_html (wce/html.hpp) that also says which charset it read the bytes
// with, so that the run layer can report it without sniffing again.
#pragma once
#include <string>
#include <string_view>

#include "wce/document.hpp"
#include "wce/html.hpp"

namespace wce {

// As parse_html; `charset_used` gets `charset` when given, else the sniffed
// one (sniff_charset), set before the parse so that it is known even when a
// limit stops the parse.
Document parse_html(std::string_view bytes, std::string_view charset, const ParseOptions& options,
                    std::string& charset_used);

}  // namespace wce
