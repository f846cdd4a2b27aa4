#include "dom/attributes.hpp"

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
  return f;
}

}  // namespace wce
