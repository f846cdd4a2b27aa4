#include "document/attributes.hpp"

#include <cctype>
#include <string>

#include "document/builder.hpp"

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

bool is_json_ld_type(std::string_view type) {
  static constexpr std::string_view kWant = "ld+json";
  for (size_t i = 0; i + kWant.size() <= type.size(); ++i) {
    size_t k = 0;
    while (k < kWant.size() && std::tolower(static_cast<unsigned char>(type[i + k])) == kWant[k]) ++k;
    if (k == kWant.size()) return true;
  }
  return false;
}

void keep_attributes(Document& doc, uint32_t self, Tag tag, const KeptValues& v) {
  if (!v.itemtype.empty()) builder::add_attribute(doc, self, Attr::Itemtype, v.itemtype);
  switch (tag) {
    case Tag::A:
      builder::add_attribute(doc, self, Attr::Href, v.href);
      builder::add_attribute(doc, self, Attr::Title, v.title);
      break;
    case Tag::Link:
      builder::add_attribute(doc, self, Attr::Href, v.href);
      builder::add_attribute(doc, self, Attr::Rel, v.rel);
      break;
    case Tag::Img: {
      std::string_view src = v.src;
      // Lazy-loading pages put the image in data-src and a placeholder in src.
      if ((src.empty() || src.substr(0, 5) == "data:") && v.has_data_src) src = v.data_src;
      builder::add_attribute(doc, self, Attr::Src, src);
      builder::add_attribute(doc, self, Attr::Alt, v.alt);
      builder::add_attribute(doc, self, Attr::Title, v.title);
      break;
    }
    case Tag::Meta:
      builder::add_attribute(doc, self, Attr::Name, v.name);
      builder::add_attribute(doc, self, Attr::Property, v.property);
      builder::add_attribute(doc, self, Attr::Content, v.content);
      break;
    case Tag::Html: builder::add_attribute(doc, self, Attr::Lang, v.lang); break;
    case Tag::Time: builder::add_attribute(doc, self, Attr::Datetime, v.datetime); break;
    case Tag::Td:
    case Tag::Th:
      builder::add_attribute(doc, self, Attr::Colspan, v.colspan);
      builder::add_attribute(doc, self, Attr::Rowspan, v.rowspan);
      break;
    case Tag::Script:
      builder::add_attribute(doc, self, Attr::Type, v.type);
      if (is_json_ld_type(v.type)) builder::add_attribute(doc, self, Attr::ScriptText, v.script_text);
      break;
    default: break;
  }
}

}  // namespace wce
