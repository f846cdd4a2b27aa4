// The learned ensemble's structural node features (issue 32): what the page's
// markup says about a text node that none of the members reads. The members
// keep one main block; forum threads, card grids and service pages spread
// their content over many (every post, every card, every section), and docs
// pages put a sidebar and a table of contents beside it that is not content.
// So, per text node, from one pre-order pass over the Document (parents come
// before their children) and the Context's subtree word counts:
// - the repeated sibling structure it sits in: the innermost ancestor whose
//   parent has at least kMinRepeat element children of the same tag and
//   class (posts, cards, list items), the size of that group, the words of
//   the item and the share of the page's words the whole group holds (a
//   thread's posts hold most of the page, a menu's items little);
// - post markup: an ancestor whose class, id or itemprop names a comment,
//   post, reply, review, answer, message, forum thread or topic;
// - a <section> ancestor (service and landing pages build their main flow
//   from sections);
// - navigation: a <nav> or <aside> ancestor, role=navigation/complementary,
//   or a class / id naming a sidebar, table of contents, breadcrumb or menu.
// Only the Node fields both Document builders fill (tag, class, id, role,
// itemprop) are read: the extension's flat DOM carries no other attributes,
// and native and WASM must agree (tests/js/parity.test.js).
#include <algorithm>
#include <string>
#include <string_view>

#include "wce/train/ensemble_model.hpp"
#include "wce/train/fnv1a.hpp"

namespace wce {
namespace {

constexpr uint32_t kMinRepeat = 3;  // siblings of one tag and class that make a repeated structure

// Elements that can be the items of a repeated structure. Paragraphs,
// inline and heading elements repeat in any prose and would make every
// article "repeated".
bool item_tag(Tag t) {
  switch (t) {
    case Tag::Div: case Tag::Li: case Tag::Article: case Tag::Section: case Tag::Tr: case Tag::Dd:
    case Tag::Figure: case Tag::Table: case Tag::Ul: case Tag::Ol: case Tag::Blockquote: case Tag::Form:
    case Tag::Details: case Tag::Aside:
      return true;
    default:
      return false;
  }
}

// The words of an attribute value, lowercased (split at anything that is not
// a letter), and the lowercased value itself, into reused buffers: each
// element's class / id / itemprop is read once per needle list, not once per
// needle (the pass runs on every element of every page).
struct Lowered {
  std::string text;
  std::vector<std::string_view> words;
  void set(std::string_view s) {
    text.resize(s.size());
    for (size_t i = 0; i < s.size(); ++i) {
      const unsigned char c = static_cast<unsigned char>(s[i]);
      text[i] = c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : static_cast<char>(c);
    }
    words.clear();
    const std::string_view t(text);
    size_t i = 0;
    while (i < t.size()) {
      while (i < t.size() && !(t[i] >= 'a' && t[i] <= 'z')) ++i;
      size_t j = i;
      while (j < t.size() && t[j] >= 'a' && t[j] <= 'z') ++j;
      if (j > i) words.push_back(t.substr(i, j - i));
      i = j;
    }
  }
  bool has_part(std::string_view needle) const { return std::string_view(text).find(needle) != std::string_view::npos; }
  // `w` as a whole word: "toc" in "page-toc", not in "stock".
  bool has_word(std::string_view w) const { return std::find(words.begin(), words.end(), w) != words.end(); }
};

bool names_post(const Lowered& s) {
  if (s.text.empty()) return false;
  for (std::string_view w : {"comment", "reply", "review", "answer", "message", "forum", "thread", "topic"})
    if (s.has_part(w)) return true;
  return s.has_word("post") || s.has_word("posts");
}

bool names_navigation(const Lowered& s) {
  if (s.text.empty()) return false;
  for (std::string_view w : {"sidebar", "breadcrumb", "table-of-contents", "tableofcontents", "navbar", "navigation"})
    if (s.has_part(w)) return true;
  for (std::string_view w : {"toc", "nav", "menu", "aside"})
    if (s.has_word(w)) return true;
  return false;
}

// A stable key of an element's tag and class (FNV-1a 64).
uint64_t tag_class_key(const Document& doc, const Node& nd) {
  return Fnv1a().mix(static_cast<uint64_t>(nd.tag)).str(doc.str(nd.cls)).value;
}

}  // namespace

EnsembleStructure ensemble_structure(const Document& doc, const NodeCounts& counts) {
  const size_t n = doc.nodes.size();
  EnsembleStructure s;
  s.repeat_count.assign(n, 0);
  s.item_words.assign(n, 0);
  s.group_words.assign(n, 0);
  s.flags.assign(n, 0);
  s.item.assign(n, kNone);
  s.group.assign(n, kNone);
  // Group sizes and words: the element children of each parent, by tag and class.
  std::vector<uint32_t> group(n, 0);
  std::vector<uint32_t> gwords(n, 0);
  std::vector<uint32_t> gfirst(n, kNone);  // per item: the group's first item (kids sort by key, then index)
  std::vector<std::pair<uint64_t, uint32_t>> kids;
  for (size_t p = 0; p < n; ++p) {
    if (doc.nodes[p].kind != NodeKind::Element && p != 0) continue;
    kids.clear();
    for (uint32_t c = doc.nodes[p].first_child; c != kNone; c = doc.nodes[c].next_sibling)
      if (doc.nodes[c].kind == NodeKind::Element && item_tag(doc.nodes[c].tag))
        kids.emplace_back(tag_class_key(doc, doc.nodes[c]), c);
    if (kids.size() < kMinRepeat) continue;
    std::sort(kids.begin(), kids.end());
    for (size_t a = 0; a < kids.size();) {
      size_t b = a;
      uint32_t w = 0;
      while (b < kids.size() && kids[b].first == kids[a].first) w += counts.words[kids[b++].second];
      for (size_t i = a; i < b; ++i) {
        group[kids[i].second] = static_cast<uint32_t>(b - a), gwords[kids[i].second] = w;
        gfirst[kids[i].second] = kids[a].second;
      }
      a = b;
    }
  }
  Lowered cls, id, other;
  for (size_t i = 0; i < n; ++i) {
    const Node& nd = doc.nodes[i];
    const uint32_t p = nd.parent != kNone && nd.parent < i ? nd.parent : kNone;
    if (p != kNone) {
      s.repeat_count[i] = s.repeat_count[p];
      s.item_words[i] = s.item_words[p];
      s.group_words[i] = s.group_words[p];
      s.flags[i] = s.flags[p];
      s.item[i] = s.item[p];
      s.group[i] = s.group[p];
    }
    if (nd.kind != NodeKind::Element) continue;
    if (group[i] >= kMinRepeat) {  // the innermost repeated item wins
      s.repeat_count[i] = group[i];
      s.item_words[i] = counts.words[i];
      s.group_words[i] = gwords[i];
      s.item[i] = static_cast<uint32_t>(i);
      s.group[i] = gfirst[i];
    }
    if (nd.tag == Tag::Section) s.flags[i] |= kStructureSection;
    if (nd.tag == Tag::Nav || nd.tag == Tag::Aside) s.flags[i] |= kStructureNavigation;
    if (nd.cls.len == 0 && nd.id.len == 0 && nd.role.len == 0 && nd.itemprop.len == 0) continue;
    cls.set(doc.str(nd.cls));
    id.set(doc.str(nd.id));
    if (names_post(cls) || names_post(id)) s.flags[i] |= kStructurePost;
    if (nd.itemprop.len) {
      other.set(doc.str(nd.itemprop));
      if (names_post(other)) s.flags[i] |= kStructurePost;
    }
    if (names_navigation(cls) || names_navigation(id)) s.flags[i] |= kStructureNavigation;
    if (nd.role.len) {
      other.set(doc.str(nd.role));
      if (other.has_part("navigation") || other.has_part("complementary")) s.flags[i] |= kStructureNavigation;
    }
  }
  return s;
}

}  // namespace wce
