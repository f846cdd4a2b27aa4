// Visible bylines and dates -> Metadata, and the author clean-up every
// source goes through (clean_author).
//   author: the first byline element (rel=author, class or id with byline,
//           author, ..., itemprop author; as Readability.js, at most
//           kMaxBylineChars of text), else a short "By Name" text;
//   date:   the first <time> (its datetime, else its text), else the first
//           byline or dated element (class or id with date, publish, ...)
//           whose text holds a date.
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
                                 "posts", "about the author", "share", "follow"};

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string trim_punct(std::string s) {
  auto junk = [](char c) { return c == ' ' || c == ',' || c == ':' || c == '-' || c == '|' || c == '.' || c == '/'; };
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
  // A date or a count after the name.
  for (size_t i = 0; i < s.size(); ++i)
    if (std::isdigit(static_cast<unsigned char>(s[i]))) {
      s = s.substr(0, i);
      break;
    }
  s = trim_punct(collapse_space(s));
  if (s.empty() || s.size() > kMaxNameChars) return {};
  if (s.find("://") != std::string::npos || s.find("www.") != std::string::npos || s.find('@') != std::string::npos ||
      s.find('/') != std::string::npos || s.find('=') != std::string::npos)
    return {};
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

Metadata from_visible(const Document& doc, const PageScan& scan, std::string_view lang) {
  Metadata m;
  for (uint32_t node : scan.bylines) {
    std::string text = element_text(doc, node, 2 * kMaxBylineChars);
    if (text.empty() || text.size() > kMaxBylineChars) continue;
    if (m.author.empty()) m.author = clean_author(text);
    if (m.date.empty()) m.date = parse_date(text, lang);
    if (!m.author.empty()) break;
  }
  if (m.author.empty()) {
    for (uint32_t node : scan.by_texts) {
      std::string text = collapse_space(doc.text(node));
      // "By Jane Doe": the name starts with a capital letter.
      if (text.size() < 4 || !std::isupper(static_cast<unsigned char>(text[3]))) continue;
      m.author = clean_author(text);
      if (!m.author.empty()) break;
    }
  }
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
  if (!found.empty()) m.date = found;
  return m;
}

}  // namespace wce::metadata
