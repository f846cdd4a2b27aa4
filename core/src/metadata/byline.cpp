// Visible bylines and dates -> Metadata, and the author clean-up every
// source goes through (clean_author).
//   author: the first byline element (rel=author, class or id with byline,
//           author, ..., itemprop author; as Readability.js, at most
//           kMaxBylineChars of text), else a short "By Name" text;
//   date:   the first <time> (its datetime, else its text), else the first
//           byline or dated element (class or id with date, publish, ...)
//           whose text holds a date, else the first short text near the
//           first <h1> that is a date.
#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "metadata/parts.hpp"

namespace wce::metadata {
namespace {

constexpr size_t kMaxBylineChars = 100;
constexpr size_t kMaxNameChars = 60;
constexpr size_t kMaxNameWords = 5;
constexpr size_t kMaxAuthors = 8;
// More different bylines than this on one page: a list of other pages' bylines.
constexpr size_t kMaxBylinePeople = 1;
constexpr uint32_t kBylineNodes = 64;
// The nodes around the first <h1> where a bare date is looked for, and how long its text may be.
constexpr uint32_t kDateWindowBefore = 150, kDateWindowAfter = 400;
constexpr size_t kMaxDateTextBytes = 60;

// Prefixes before a name, lowercased (the languages of dates.cpp).
const char* const kPrefixes[] = {"written by", "posted by", "published by", "reviewed by", "words by",
                                 "story by", "article by", "authored by", "by:", "by", "author:", "authors:",
                                 "author", "von", "par", "por", "door", "di", "autor:", "autor", "auteur:",
                                 "posted", "written"};
// Where a name ends: what follows is a date, a role or a site.
const char* const kCuts[] = {" | ", " - ", " \xE2\x80\x93 ", " \xE2\x80\x94 ", " \xE2\x80\xA2 ", " \xC2\xB7 ",
                             " on ", " On ", " at ", " for ", " updated", " Updated", " published", " Published",
                             " posted", " Posted", "(", " \xE2\x80\x94", " - ", "\xE2\x80\xA2", "|", " / "};
// Splits a list of names.
const char* const kJoins[] = {";", ",", " and ", " & ", " und ", " et ", " y ", " en "};
// Not names.
const char* const kNotNames[] = {"admin", "administrator", "staff", "unknown", "anonymous", "guest", "editor",
                                 "editorial team", "team", "redaktion", "redacción", "author", "authors",
                                 "by", "contributor", "contributors", "read more", "more", "view all posts",
                                 "posts", "about the author", "share", "follow", "undefined", "null", "none",
                                 "webmaster", "n/a"};

// Words that are never part of a name read from the visible page (lowercase).
const char* const kNotNameWords[] = {
    "sign", "log", "login", "get", "touch", "read", "more", "view", "all", "posts", "post", "category", "type",
    "review", "reviews", "collection", "share", "follow", "contact", "us", "about", "home", "menu", "search",
    "subscribe", "newsletter", "comments", "comment", "reply", "updated", "published", "posted", "last", "min",
    "minutes", "since", "from", "writer", "editor", "founder", "expert", "verified", "staff", "team", "author", "by",
    "and", "the", "our", "your", "my", "for", "with", "to", "of", "or", "on", "at", "is", "a", "an", "in"};
// Lowercase particles inside names.
const char* const kParticles[] = {"de", "da", "di", "del", "van", "von", "der", "den", "la", "le", "bin", "al",
                                  "dos", "du", "ter", "y"};

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string trim_punct(std::string s) {
  auto junk = [](char c) {
    return c == ' ' || c == ',' || c == ':' || c == '-' || c == '|' || c == '.' || c == '/' || c == '"' || c == '\'';
  };
  size_t b = 0, e = s.size();
  while (b < e && junk(s[b])) ++b;
  while (e > b && junk(s[e - 1])) --e;
  return s.substr(b, e - b);
}

std::string strip_prefix(std::string s) {
  for (int round = 0; round < 2; ++round) {
    std::string l = lower(s);
    for (const char* p : kPrefixes) {
      size_t n = std::string_view(p).size();
      if (l.compare(0, n, p) == 0 && (l.size() == n || p[n - 1] == ':' || l[n] == ' ' || l[n] == ':')) {
        s = trim_punct(s.substr(n));
        break;
      }
    }
  }
  return s;
}

std::string one_name(std::string s) {
  s = strip_prefix(trim_punct(collapse_space(s)));
  for (const char* c : kCuts) {
    size_t at = s.find(c);
    if (at != std::string::npos && at > 0) s = s.substr(0, at);
  }
  // A date or a count after the name: cut at the first word that starts with a
  // digit or is a month's name before one ("Jane Doe March 5"); "user42" stays whole.
  for (size_t i = 0; i < s.size();) {
    size_t e = s.find(' ', i);
    if (e == std::string::npos) e = s.size();
    std::string_view word = std::string_view(s).substr(i, e - i);
    // A month only before a number: "Tom May" and "Alyssa Maio" are names.
    bool month = is_month_name(word) && e + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[e + 1]));
    if (i > 0 && (std::isdigit(static_cast<unsigned char>(word[0])) || month)) {
      s = s.substr(0, i);
      break;
    }
    i = e + 1;
  }
  s = trim_punct(collapse_space(s));
  if (s.empty() || s.size() > kMaxNameChars) return {};
  if (s.find("://") != std::string::npos || s.find("www.") != std::string::npos || s.find('@') != std::string::npos ||
      s.find('/') != std::string::npos || s.find('=') != std::string::npos)
    return {};
  // A handle or a domain ("jane.doe", "example.net"), not a name.
  for (size_t i = 0; i + 1 < s.size(); ++i)
    if (s[i] == '.' && std::islower(static_cast<unsigned char>(s[i + 1]))) return {};
  size_t words = 1, letters = 0;
  for (char c : s) {
    if (c == ' ') ++words;
    if (std::isalpha(static_cast<unsigned char>(c)) || static_cast<unsigned char>(c) >= 0x80) ++letters;
  }
  if (words > kMaxNameWords || letters < 2) return {};
  std::string l = lower(s);
  for (const char* n : kNotNames)
    if (l == n) return {};
  return s;
}

}  // namespace

std::string clean_author(std::string_view raw) {
  std::string s = collapse_space(raw);
  if (s.empty()) return {};
  // One name with a prefix ("By A and B") first; then split the list.
  s = strip_prefix(s);
  std::vector<std::string> parts{s};
  for (const char* j : kJoins) {
    std::vector<std::string> next;
    for (const auto& p : parts) {
      size_t from = 0, at;
      while ((at = p.find(j, from)) != std::string::npos) {
        next.push_back(p.substr(from, at - from));
        from = at + std::string_view(j).size();
      }
      next.push_back(p.substr(from));
    }
    parts.swap(next);
  }
  std::vector<std::string> names;
  for (const auto& p : parts) {
    std::string n = one_name(p);
    if (n.empty()) continue;
    bool seen = false;
    for (const auto& k : names) seen = seen || lower(k) == lower(n);
    if (!seen && names.size() < kMaxAuthors) names.push_back(n);
  }
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : "; ") + n;
  return out;
}

bool looks_like_visible_name(std::string_view name) {
  std::string s = collapse_space(name);
  size_t words = 0;
  for (size_t i = 0; i < s.size();) {
    size_t e = s.find(' ', i);
    if (e == std::string::npos) e = s.size();
    std::string word = s.substr(i, e - i);
    i = e + 1;
    ++words;
    std::string l = lower(word);
    for (const char* w : kNotNameWords)
      if (l == w) return false;
    bool particle = false;
    for (const char* p : kParticles) particle = particle || l == p;
    unsigned char c = static_cast<unsigned char>(word[0]);
    if (!particle && !(std::isupper(c) || c >= 0x80)) return false;
  }
  return words >= 2 && words <= 4;
}

namespace {

// The names in a byline element: the texts of its links when it has any
// ("By <a>A</a> and <a>B</a>"), else its first text that holds a name.
std::string byline_names(const Document& doc, uint32_t node) {
  std::string links;
  // A byline is short: its first kBylineNodes nodes are enough.
  const uint32_t end = std::min<uint32_t>(static_cast<uint32_t>(doc.size()), node + kBylineNodes);
  const uint32_t depth = doc.nodes[node].depth;
  for (uint32_t i = node; i < end; ++i) {
    const Node& n = doc.nodes[i];
    if (i > node && n.depth <= depth) break;
    if (n.kind != NodeKind::Element || n.tag != Tag::A) continue;
    std::string name = clean_author(element_text(doc, i, 120));
    if (!name.empty() && looks_like_visible_name(name)) links += (links.empty() ? "" : "; ") + name;
  }
  if (!links.empty()) return links;
  for (uint32_t i = node; i < end; ++i) {
    if (i > node && doc.nodes[i].depth <= depth) break;
    if (!doc.is_text(i)) continue;
    std::string name = clean_author(doc.text(i));
    if (!name.empty()) return looks_like_visible_name(name) ? name : std::string();
  }
  return {};
}

}  // namespace

Metadata from_visible(const Document& doc, const PageScan& scan, std::string_view lang) {
  Metadata m;
  // Every byline's names: a page whose bylines name different people is a list
  // of posts (a blog's front page, a topic page, a grid of reviews), and none
  // of them is the page's author.
  // (A byline that shares a name with an earlier one is the same byline again:
  // "By <a>A</a> and <a>B</a>" and its link "A".)
  std::vector<std::string> seen;
  size_t people = 0;
  auto add = [&](const std::string& names) {
    bool known = false;
    std::vector<std::string> each;
    for (size_t i = 0; i < names.size();) {
      size_t e = names.find("; ", i);
      if (e == std::string::npos) e = names.size();
      each.push_back(lower(names.substr(i, e - i)));
      known = known || std::find(seen.begin(), seen.end(), each.back()) != seen.end();
      i = e + 2;
    }
    if (each.empty()) return;
    if (!known) ++people;
    seen.insert(seen.end(), each.begin(), each.end());
  };
  for (uint32_t node : scan.bylines) {
    std::string text = element_text(doc, node, 2 * kMaxBylineChars);
    if (text.empty() || text.size() > kMaxBylineChars) continue;
    std::string names = byline_names(doc, node);
    if (m.author.empty()) m.author = names;
    if (m.date.empty()) m.date = parse_date(text, lang);
    add(names);
    if (people > kMaxBylinePeople) break;
  }
  for (uint32_t node : scan.by_texts) {
    std::string text = collapse_space(doc.text(node));
    // "By Jane Doe": the name starts with a capital letter.
    if (text.size() < 4 || !std::isupper(static_cast<unsigned char>(text[3]))) continue;
    std::string name = clean_author(text);
    if (!looks_like_visible_name(name)) continue;
    if (m.author.empty()) m.author = name;
    add(name);
    if (people > kMaxBylinePeople) break;
  }
  if (people > kMaxBylinePeople) m.author.clear();
  std::string found;
  for (uint32_t node : scan.times) {
    std::string_view dt = doc.attr(node, Attr::Datetime);
    std::string text = dt.empty() ? element_text(doc, node, 120) : std::string(dt);
    found = parse_date(text, lang);
    if (!found.empty()) break;
  }
  if (found.empty() && m.date.empty()) {
    for (uint32_t node : scan.dated) {
      std::string text = element_text(doc, node, 200);
      if (text.size() > 150) continue;
      found = parse_date(text, lang);
      if (!found.empty()) break;
    }
  }
  // Last, a short text near the headline that is a date and nothing much else
  // ("Dec 17, 2025", "Published October 14, 2025"): pages that mark it no way.
  if (found.empty() && m.date.empty()) {
    uint32_t h1 = scan.h1.empty() ? 0 : scan.h1.front();
    uint32_t from = h1 > kDateWindowBefore ? h1 - kDateWindowBefore : 0;
    uint32_t to = std::min<uint32_t>(static_cast<uint32_t>(doc.size()), h1 + kDateWindowAfter);
    for (uint32_t i = from; i < to && found.empty(); ++i) {
      if (!doc.is_text(i)) continue;
      std::string_view t = doc.text(i);
      if (t.size() > kMaxDateTextBytes) continue;
      found = parse_date(t, lang);
    }
  }
  if (!found.empty()) m.date = found;
  return m;
}

}  // namespace wce::metadata
