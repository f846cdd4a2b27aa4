// resolve_url (resolve_url.hpp): the forms of relative URL that pages use,
// enough for metadata and the Markdown / HTML outputs; not a full RFC 3986
// resolver (no dot-segment removal, which browsers do on their own).
#include "document/resolve_url.hpp"

#include <cctype>

namespace wce {
namespace {

// "scheme:" before any '/', '?' or '#' (RFC 3986: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )).
bool has_scheme(std::string_view url) {
  if (url.empty() || !std::isalpha(static_cast<unsigned char>(url[0]))) return false;
  for (size_t i = 1; i < url.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(url[i]);
    if (c == ':') return true;
    if (!(std::isalnum(c) || c == '+' || c == '-' || c == '.')) return false;
  }
  return false;
}

}  // namespace

std::string resolve_url(std::string_view url, std::string_view base) {
  if (url.empty() || base.empty() || has_scheme(url)) return std::string(url);
  const size_t scheme_end = base.find("://");
  if (scheme_end == std::string_view::npos || !has_scheme(base)) return std::string(url);
  const std::string_view scheme = base.substr(0, scheme_end);
  if (url.compare(0, 2, "//") == 0) return std::string(scheme) + ":" + std::string(url);
  const size_t host_end = base.find_first_of("/?#", scheme_end + 3);
  const std::string_view origin = base.substr(0, host_end);
  if (url[0] == '/') return std::string(origin) + std::string(url);
  if (url[0] == '#') return std::string(base.substr(0, base.find('#'))) + std::string(url);
  const std::string_view path = base.substr(0, base.find_first_of("?#"));
  if (url[0] == '?') return std::string(path) + std::string(url);
  const size_t slash = path.rfind('/');
  if (slash == std::string_view::npos || slash < scheme_end + 3) return std::string(origin) + "/" + std::string(url);
  return std::string(path.substr(0, slash + 1)) + std::string(url);
}

}  // namespace wce
