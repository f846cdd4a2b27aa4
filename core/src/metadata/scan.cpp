// The one walk over the Document that collects what the metadata sources
// read (parts.hpp: PageScan): the kept attributes in node order, then the
// nodes in document order.
#include <algorithm>
#include <cctype>
#include <cstring>

#include "classify/keyword_automaton.hpp"
#include "document/unicode.hpp"
#include "metadata/parts.hpp"

namespace wce::metadata {
namespace {

// Class or id words that mark a byline (as Readability.js's byline test) and a date.
const char* const kBylineMarks[] = {"byline", "author", "dateline", "writtenby", "p-author", "posted-by",
                                    "postedby", "contributor"};
const char* const kDateMarks[] = {"date", "publish", "posted", "time", "dateline", "pubdate", "post-meta",
                                  "entry-meta", "article-meta", "meta-info", "timestamp"};
// Subtrees whose bylines and dates are not the page's: comments, related lists,
// quoted posts (a forum quote's "Quote from Name" names the quoted poster).
const char* const kOtherPeopleMarks[] = {"comment", "reply", "related", "sidebar", "widget", "recommend",
                                         "footer", "author-bio", "about-author", "author-box", "authorbox",
                                         "quote"};
// itemprop names of items written by others than the page's author.
const char* const kOtherPeopleProps[] = {"review", "comment", "answer", "suggestedanswer", "acceptedanswer"};
constexpr size_t kMaxH1 = 8;
constexpr size_t kMaxPerList = 1024;  // per list: indices only, the readers stop at the first hit
constexpr size_t kMaxByText = 80;

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

template <size_t N>
bool has_any(const std::string& hay, const char* const (&marks)[N]) {
  for (const char* m : marks)
    if (hay.find(m) != std::string::npos) return true;
  return false;
}


// A class or id word that starts with one of the marks ("comment-list",
// "sidebar"), not one that has it inside ("story-sidebar-mode" on a page wrapper).
template <size_t N>
bool starts_any_word(const std::string& words, const char* const (&marks)[N]) {
  size_t i = 0;
  while (i < words.size()) {
    size_t e = words.find(' ', i);
    if (e == std::string::npos) e = words.size();
    for (const char* m : marks)
      if (words.compare(i, std::strlen(m), m) == 0) return true;
    i = e + 1;
  }
  return false;
}

// A byline mark in the class or id words, but not inside another word that
// starts like one: "authorization-form", "authority-score" are not bylines.
bool has_byline_mark(const std::string& marks) {
  for (const char* m : kBylineMarks) {
    const size_t n = std::strlen(m);
    for (size_t at = marks.find(m); at != std::string::npos; at = marks.find(m, at + 1))
      if (marks.compare(at + n, 3, "iza") != 0 && marks.compare(at + n, 2, "it") != 0 && marks.compare(at + n, 3, "isa") != 0)
        return true;
  }
  return false;
}

// Every mark list in one automaton (keyword_automaton.hpp), a group per
// list: one pass over an element's class and id (or itemprop) says which
// lists can hold, and only those are tested exactly on the lowercased words.
// Most elements hit none, and then nothing is lowercased or searched.
enum MarkGroup : uint32_t { kOtherPeopleGroup = 1, kBylineGroup = 2, kDateGroup = 4, kOtherPropsGroup = 8,
                            kAuthorPropGroup = 16 };
const KeywordAutomaton& mark_automaton() {
  static const KeywordAutomaton a([] {
    std::vector<KeywordAutomaton::Keyword> k;
    for (const char* m : kOtherPeopleMarks) k.push_back({m, 0});
    for (const char* m : kBylineMarks) k.push_back({m, 1});
    for (const char* m : kDateMarks) k.push_back({m, 2});
    for (const char* m : kOtherPeopleProps) k.push_back({m, 3});
    k.push_back({"author", 4});
    return k;
  }());
  return a;
}

}  // namespace

std::string collapse_space(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  bool space = false;
  for (size_t i = 0; i < s.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    // U+00A0 (C2 A0) counts as space too.
    bool is_space = c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
    if (c == 0xC2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0xA0) {
      is_space = true;
      ++i;
    }
    if (is_space) {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += static_cast<char>(c);
  }
  return out;
}

std::string element_text(const Document& doc, uint32_t node, size_t max_bytes) {
  // Walks the subtree only as far as the text needs (a "date" class on a
  // page wrapper must not cost a walk over the whole page each time).
  std::string raw;
  const uint32_t depth = doc.nodes[node].depth;
  for (uint32_t i = node; i < doc.size() && raw.size() < max_bytes * 2; ++i) {
    if (i > node && doc.nodes[i].depth <= depth) break;
    if (!doc.is_text(i)) continue;
    raw += doc.text(i);
    raw += ' ';
  }
  std::string out = collapse_space(raw);
  if (out.size() > max_bytes) {
    size_t cut = max_bytes;
    while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80) --cut;
    out.resize(cut);
  }
  return out;
}

PageScan scan_page(const Document& doc) {
  PageScan scan;
  // Kept attributes: grouped by node, in node order.
  const auto& attrs = doc.attributes;
  for (size_t a = 0; a < attrs.size();) {
    uint32_t node = attrs[a].node;
    std::string_view name, property, content, rel, href, type, script, lang;
    for (; a < attrs.size() && attrs[a].node == node; ++a) {
      std::string_view v = doc.str(attrs[a].value);
      switch (attrs[a].name) {
        case Attr::Name: name = v; break;
        case Attr::Property: property = v; break;
        case Attr::Content: content = v; break;
        case Attr::Rel: rel = v; break;
        case Attr::Href: href = v; break;
        case Attr::Type: type = v; break;
        case Attr::ScriptText: script = v; break;
        case Attr::Lang: lang = v; break;
        default: break;
      }
    }
    if (node >= doc.size()) continue;
    Tag tag = doc.nodes[node].tag;
    if (tag == Tag::Meta && !content.empty()) {
      // Some pages put both: name="description" property="og:description".
      if (!property.empty()) scan.metas.push_back({lower(collapse_space(property)), content});
      if (!name.empty()) scan.metas.push_back({lower(collapse_space(name)), content});
    } else if (tag == Tag::Link) {
      std::string r = lower(rel);
      if (r.find("canonical") != std::string::npos && scan.canonical.empty()) scan.canonical = collapse_space(href);
      if (r == "author" && scan.link_author.empty()) scan.link_author = collapse_space(href);
    } else if (tag == Tag::Script && !script.empty()) {
      scan.json_ld.push_back(script);
    } else if (tag == Tag::Html && scan.lang.empty()) {
      scan.lang = collapse_space(lang);
    }
  }

  // Nodes: hidden and "other people's" (comments, related) subtrees are inherited.
  std::vector<uint8_t> state(doc.size(), 0);  // 1 hidden, 2 other people's
  const KeywordAutomaton& marker = mark_automaton();
  for (uint32_t i = 1; i < doc.size(); ++i) {
    const Node& n = doc.nodes[i];
    uint8_t s = n.parent != kNone ? state[n.parent] : 0;
    if (n.kind == NodeKind::Text) {
      std::string_view t = doc.text(i);
      if (s == 0 && scan.by_texts.size() < kMaxPerList && t.size() < kMaxByText) {
        size_t b = 0;  // the first byte that is not " \t\r\n" (a loop: most such texts are white space)
        while (b < t.size() && (t[b] == ' ' || t[b] == '\t' || t[b] == '\r' || t[b] == '\n')) ++b;
        if (b < t.size() && t.size() - b > 4 && (t[b] == 'B' || t[b] == 'b') && t[b + 1] == 'y' && t[b + 2] == ' ')
          scan.by_texts.push_back(i);
      }
      continue;
    }
    if (n.flags & kHidden) s |= 1;
    // The mark lists the class and id words ("class id", lowercased) and the
    // itemprop can match; the exact tests below run only for those.
    std::string marks, props;
    uint32_t mark_hits = 0, prop_hits = 0;
    if (n.cls.len > 0 || n.id.len > 0) {
      KeywordAutomaton::State st = marker.scan_groups(KeywordAutomaton::kStart, doc.str(n.cls), mark_hits);
      st = marker.scan_groups(st, " ", mark_hits);
      marker.scan_groups(st, doc.str(n.id), mark_hits);
      mark_hits &= kOtherPeopleGroup | kBylineGroup | kDateGroup;
      if (mark_hits) {
        marks = lower(doc.str(n.cls));
        marks += ' ';
        marks += lower(doc.str(n.id));
      }
    }
    if (n.itemprop.len > 0) {
      marker.scan_groups(KeywordAutomaton::kStart, doc.str(n.itemprop), prop_hits);
      prop_hits &= kOtherPropsGroup | kAuthorPropGroup;
      if (prop_hits) props = lower(doc.str(n.itemprop));
    }
    // <body> classes name page features ("comments-open", "has-sidebar"), not a subtree.
    bool page_wide = n.tag == Tag::Html || n.tag == Tag::Body || n.tag == Tag::Main || n.tag == Tag::Article;
    // An item that is another item's review, comment or answer (itemprop=review
    // inside a Product) is someone else's too.
    if (n.tag == Tag::Nav || n.tag == Tag::Aside || n.tag == Tag::Footer ||
        (!page_wide && (mark_hits & kOtherPeopleGroup) && starts_any_word(marks, kOtherPeopleMarks)) ||
        ((prop_hits & kOtherPropsGroup) && starts_any_word(props, kOtherPeopleProps)))
      s |= 2;
    state[i] = s;
    if (n.tag == Tag::Title && scan.title.empty() && doc.ancestor(i, Tag::Svg) == kNone) {
      scan.title = element_text(doc, i, 2000);
      continue;
    }
    if (n.itemprop.len > 0 && scan.itemprop.size() < kMaxPerList) {
      scan.itemprop.push_back(i);
      scan.itemprop_others.push_back((s & 2) != 0);
    }
    if (s & 1) continue;
    if (n.tag == Tag::H1 && scan.h1.size() < kMaxH1) scan.h1.push_back(i);
    if (s & 2) continue;
    if (n.tag == Tag::Time && scan.times.size() < kMaxPerList) scan.times.push_back(i);
    bool byline = (n.flags & kRelAuthor) || ((mark_hits & kBylineGroup) && has_byline_mark(marks)) ||
                  ((prop_hits & kAuthorPropGroup) && props.find("author") != std::string::npos);
    if (byline && scan.bylines.size() < kMaxPerList) scan.bylines.push_back(i);
    else if ((mark_hits & kDateGroup) && has_any(marks, kDateMarks) && scan.dated.size() < kMaxPerList)
      scan.dated.push_back(i);
  }
  return scan;
}

std::string decode_entities(std::string_view s) {
  // Values escaped twice (&amp;#8230; in the source) reach us as "&#8230;".
  static const struct { const char* name; const char* text; } kNamed[] = {
      {"amp", "&"}, {"quot", "\""}, {"apos", "'"}, {"lt", "<"}, {"gt", ">"}, {"nbsp", " "},
      {"rsquo", "\xE2\x80\x99"}, {"lsquo", "\xE2\x80\x98"}, {"ndash", "\xE2\x80\x93"}, {"mdash", "\xE2\x80\x94"},
      {"ldquo", "\xE2\x80\x9C"}, {"rdquo", "\xE2\x80\x9D"}, {"hellip", "\xE2\x80\xA6"}, {"bull", "\xE2\x80\xA2"},
      {"raquo", "\xC2\xBB"}, {"laquo", "\xC2\xAB"}, {"middot", "\xC2\xB7"}, {"copy", "\xC2\xA9"},
      {"reg", "\xC2\xAE"}, {"trade", "\xE2\x84\xA2"}, {"vert", "|"}, {"colon", ":"},
  };
  if (s.find('&') == std::string_view::npos) return std::string(s);
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    size_t semi = s[i] == '&' ? s.find(';', i + 1) : std::string_view::npos;
    if (semi != std::string_view::npos && semi - i >= 3 && semi - i <= 10) {
      std::string_view name = s.substr(i + 1, semi - i - 1);
      if (name[0] == '#') {
        bool hex = name.size() > 1 && (name[1] == 'x' || name[1] == 'X');
        uint32_t cp = 0;
        bool ok = name.size() > (hex ? 2u : 1u);
        for (size_t k = hex ? 2 : 1; ok && k < name.size(); ++k) {
          char c = name[k];
          int d = c >= '0' && c <= '9' ? c - '0' : hex && c >= 'a' && c <= 'f' ? c - 'a' + 10
                                                 : hex && c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
          if (d < 0 || cp > 0x10FFFF) ok = false;
          else cp = cp * (hex ? 16 : 10) + static_cast<uint32_t>(d);
        }
        if (ok && cp > 0 && cp <= 0x10FFFF && !(cp >= 0xD800 && cp < 0xE000)) {
          unicode::append(out, cp);
          i = semi;
          continue;
        }
      } else {
        const char* text = nullptr;
        for (const auto& e : kNamed)
          if (name == e.name) text = e.text;
        if (text) {
          out += text;
          i = semi;
          continue;
        }
      }
    }
    out += s[i];
  }
  return out;
}

}  // namespace wce::metadata
