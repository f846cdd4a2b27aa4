#include "document/attributes.hpp"

#include <cctype>
#include <string>

namespace wce {

uint8_t node_flags(Tag tag, const RawAttributes& a) {
  uint8_t f = 0;
  if (tag == Tag::A && a.has_href) f |= kHasHref;
  if (tag == Tag::A && a.has_href && a.javascript_href) f |= kJavascriptHref;
  bool hidden = a.hidden;
  if (!hidden && a.aria_hidden.size() == 4) {
    std::string v(a.aria_hidden);
    for (char& c : v) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    hidden = v == "true";
  }
  if (!hidden && !a.style.empty()) {
    // Inline display:none / visibility:hidden, whitespace and case ignored.
    std::string s;
    for (char c : a.style)
      if (!std::isspace(static_cast<unsigned char>(c))) s += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    hidden = s.find("display:none") != std::string::npos ||
             s.find("visibility:hidden") != std::string::npos;
  }
  if (hidden) f |= kHidden;
  return f | (a.rel & (kRelAuthor | kRelNavigation));
}

uint8_t rel_flags(std::string_view rel) {
  auto ws = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'; };
  while (!rel.empty() && ws(rel.front())) rel.remove_prefix(1);
  while (!rel.empty() && ws(rel.back())) rel.remove_suffix(1);
  if (rel == "author") return kRelAuthor;
  for (std::string_view v : {"icon", "search", "prev", "next", "tag"})
    if (rel == v) return kRelNavigation;
  return 0;
}

}  // namespace wce
