// A URL as written in a page, made absolute against the page's address.
#pragma once
#include <string>
#include <string_view>

namespace wce {

// `url` resolved against `base` (an absolute http(s) address): "/a", "a",
// "//host/a", "?q" and "#f" forms; a URL with its own scheme ("https:",
// "mailto:", "data:") and any URL when `base` is "" or not absolute are
// returned as they are. Dot segments are kept ("../a" is valid as it is).
std::string resolve_url(std::string_view url, std::string_view base);

}  // namespace wce
