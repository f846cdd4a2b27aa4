// Repairs of raw pages that a browser would show blank, applied by parse_html
// before Gumbo (the live-DOM path gets the page as the browser built it, so
// there is nothing to repair there; see repair_unclosed_title in html.hpp).
#include <cstring>
#include <string>

#include "wce/html.hpp"

namespace wce {

namespace {

char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c; }

// First position >= from where `needle` (lower case ASCII) starts, ignoring
// ASCII case, or npos. Linear in practice: needle is a short tag name.
size_t find_nocase(const std::string& s, const char* needle, size_t from) {
  const size_t n = std::strlen(needle);
  for (size_t i = s.find('<', from); i != std::string::npos && i + n <= s.size(); i = s.find('<', i + 1)) {
    size_t k = 1;
    while (k < n && lower(s[i + k]) == needle[k]) ++k;
    if (k == n) return i;
  }
  return std::string::npos;
}

bool ends_tag_name(const std::string& s, size_t at) {
  if (at >= s.size()) return true;
  char c = s[at];
  return c == '>' || c == '/' || c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

}  // namespace

bool repair_unclosed_title(std::string& html) {
  size_t open = find_nocase(html, "<title", 0);
  while (open != std::string::npos && !ends_tag_name(html, open + 6)) open = find_nocase(html, "<title", open + 1);
  if (open == std::string::npos) return false;
  if (find_nocase(html, "</title", open) != std::string::npos) return false;
  size_t gt = html.find('>', open);
  if (gt == std::string::npos) return false;
  size_t next = html.find('<', gt + 1);
  if (next == std::string::npos) return false;
  html.insert(next, "</title>");
  return true;
}

}  // namespace wce
