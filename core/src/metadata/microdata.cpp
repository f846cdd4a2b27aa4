// Microdata (itemprop, with the itemtype of the enclosing item) -> Metadata.
// A property's value is where HTML puts it: <meta content>, <time datetime>,
// <a|link href>, <img src>, else the element's text.
#include <algorithm>
#include <string>

#include "metadata/parts.hpp"

namespace wce::metadata {
namespace {

// Item types whose "name" is the page's title (an article's or a product's own name).
const char* const kTitledTypes[] = {"Article", "BlogPosting", "NewsArticle", "Product", "Recipe", "Review",
                                    "TechArticle", "ScholarlyArticle", "DiscussionForumPosting", "Question"};

constexpr uint32_t kPersonNodes = 64;

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

bool has_word(const std::string& list, std::string_view word) {
  size_t i = 0;
  while (i < list.size()) {
    size_t e = list.find(' ', i);
    if (e == std::string::npos) e = list.size();
    if (std::string_view(list).substr(i, e - i) == word) return true;
    i = e + 1;
  }
  return false;
}

// The item the property belongs to: the closest ancestor with an itemtype (or kNone).
uint32_t item_of(const Document& doc, uint32_t node) {
  for (uint32_t p = doc.nodes[node].parent, hops = 0; p != kNone && hops < 64; p = doc.nodes[p].parent, ++hops)
    if (!doc.attr(p, Attr::Itemtype).empty()) return p;
  return kNone;
}

std::string_view item_type(const Document& doc, uint32_t node) {
  uint32_t item = item_of(doc, node);
  return item == kNone ? std::string_view() : doc.attr(item, Attr::Itemtype);
}

std::string value_of(const Document& doc, uint32_t node) {
  switch (doc.nodes[node].tag) {
    case Tag::Meta: return collapse_space(doc.attr(node, Attr::Content));
    case Tag::Time: {
      std::string_view dt = doc.attr(node, Attr::Datetime);
      return dt.empty() ? element_text(doc, node) : collapse_space(dt);
    }
    case Tag::A:
    case Tag::Link: return collapse_space(doc.attr(node, Attr::Href));
    case Tag::Img: return collapse_space(doc.attr(node, Attr::Src));
    default: return element_text(doc, node);
  }
}

// A Person or Organization item's name when it has one, else the element's text.
std::string person_of(const Document& doc, uint32_t node) {
  // The first kPersonNodes nodes of the item: a name comes early.
  const uint32_t end = std::min<uint32_t>(static_cast<uint32_t>(doc.size()), node + kPersonNodes);
  for (uint32_t i = node + 1; i < end && doc.nodes[i].depth > doc.nodes[node].depth; ++i)
    if (doc.nodes[i].kind == NodeKind::Element && has_word(lower(doc.str(doc.nodes[i].itemprop)), "name"))
      return value_of(doc, i);
  return doc.nodes[node].tag == Tag::Meta ? value_of(doc, node) : element_text(doc, node, 200);
}

void set_once(std::string& slot, std::string value) {
  if (slot.empty()) slot = std::move(value);
}

}  // namespace

Metadata from_microdata(const Document& doc, const PageScan& scan, std::string_view lang) {
  Metadata m;
  std::string name_title;
  std::vector<std::string> authors;
  uint32_t author_item = kNone;
  for (size_t k = 0; k < scan.itemprop.size(); ++k) {
    const uint32_t node = scan.itemprop[k];
    std::string props = lower(collapse_space(doc.str(doc.nodes[node].itemprop)));
    if (has_word(props, "headline")) set_once(m.title, value_of(doc, node));
    if (has_word(props, "name") && name_title.empty()) {
      std::string_view type = item_type(doc, node);
      for (const char* t : kTitledTypes)
        if (type.size() >= std::string_view(t).size() &&
            type.substr(type.size() - std::string_view(t).size()) == t)
          name_title = value_of(doc, node);
    }
    // The first item's authors only: a forum thread or a list has an item per
    // post, each with its author, and the page's is the first.
    // Authors in comments, related posts and asides are other people's.
    if ((has_word(props, "author") || has_word(props, "creator")) && authors.size() < 8 && !scan.itemprop_others[k]) {
      uint32_t item = item_of(doc, node);
      std::string_view type = item == kNone ? std::string_view() : doc.attr(item, Attr::Itemtype);
      // A review's, comment's or answer's author wrote that, not the page.
      bool others = false;
      for (const char* t : {"Review", "Comment", "Answer"})
        others = others || type.find(t) != std::string_view::npos;
      if (others) continue;
      if (authors.empty()) author_item = item;
      if (item == author_item) {
        std::string a = person_of(doc, node);
        if (!a.empty()) authors.push_back(a);
      }
    }
    if (has_word(props, "datepublished") || has_word(props, "datecreated"))
      set_once(m.date, parse_date(value_of(doc, node), lang));
    if (has_word(props, "datemodified")) set_once(m.modified, parse_date(value_of(doc, node), lang));
    if (has_word(props, "description")) set_once(m.description, value_of(doc, node));
    if (has_word(props, "image")) set_once(m.image, value_of(doc, node));
    if (has_word(props, "inlanguage")) set_once(m.lang, value_of(doc, node));
  }
  if (m.title.empty()) m.title = name_title;
  std::string joined;
  for (const auto& a : authors) joined += (joined.empty() ? "" : "; ") + a;
  m.author = clean_author(joined);
  return m;
}

}  // namespace wce::metadata
