// The words of render_markdown and render_html against render_text's: the
// check of tests/cpp/test_markup.cpp, and of the fuzz targets
// (check.hpp, run_checked) on every extractor's labels.
#pragma once
#include <algorithm>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "wce/wce.hpp"

namespace wce::fuzz {

// Split on ASCII white space (render_text writes no other).
inline std::vector<std::string> words(std::string_view s) {
  std::vector<std::string> w;
  size_t i = 0;
  auto ws = [](char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; };
  while (i < s.size()) {
    while (i < s.size() && ws(s[i])) ++i;
    size_t b = i;
    while (i < s.size() && !ws(s[i])) ++i;
    if (i > b) w.emplace_back(s.substr(b, i - b));
  }
  return w;
}

inline bool is_punct(char c) {
  unsigned char u = static_cast<unsigned char>(c);
  return (u >= 0x21 && u <= 0x2F) || (u >= 0x3A && u <= 0x40) || (u >= 0x5B && u <= 0x60) || (u >= 0x7B && u <= 0x7E);
}

// The text of one line of inline Markdown as render_markdown writes it:
// escapes undone, emphasis markers, link and image syntax and <br> taken
// off, code spans' contents kept as they are.
inline std::string strip_inline(std::string_view s) {
  std::string out;
  size_t i = 0;
  auto skip_paren = [&](size_t at) {  // at: index of "(" ; returns one past ")"
    size_t j = s.find(')', at);
    return j == std::string_view::npos ? s.size() : j + 1;
  };
  while (i < s.size()) {
    char c = s[i];
    if (c == '\\' && i + 1 < s.size() && is_punct(s[i + 1])) {
      out += s[i + 1];
      i += 2;
    } else if (c == '`') {
      size_t r = 0;
      while (i + r < s.size() && s[i + r] == '`') ++r;
      size_t j = i + r, close = std::string_view::npos;
      while (j < s.size()) {
        if (s[j] != '`') { ++j; continue; }
        size_t k = 0;
        while (j + k < s.size() && s[j + k] == '`') ++k;
        if (k == r) { close = j; break; }
        j += k;
      }
      if (close == std::string_view::npos) {
        out.append(r, '`');
        i += r;
        continue;
      }
      std::string_view code = s.substr(i + r, close - i - r);
      if (code.size() >= 2 && code.front() == ' ' && code.back() == ' ') code = code.substr(1, code.size() - 2);
      out += code;
      i = close + r;
    } else if (c == '*' || c == '[') {
      ++i;
    } else if (c == '!' && i + 1 < s.size() && s[i + 1] == '[') {
      // ![alt](src): no text of the page (alt is an attribute)
      size_t j = i + 2;
      while (j < s.size() && !(s[j] == ']' && j + 1 < s.size() && s[j + 1] == '(')) j += s[j] == '\\' ? 2 : 1;
      i = j < s.size() ? skip_paren(j + 1) : s.size();
    } else if (c == ']' && i + 1 < s.size() && s[i + 1] == '(') {
      i = skip_paren(i + 1);
    } else if (s.substr(i, 4) == "<br>") {
      out += ' ';
      i += 4;
    } else {
      out += c;
      ++i;
    }
  }
  return out;
}

// The text of render_markdown's output (see strip_inline), one block per line.
inline std::string strip_markdown(const std::string& md) {
  std::string out;
  std::istringstream in(md);
  std::string line;
  bool in_code = false;
  std::string code_prefix, fence;
  while (std::getline(in, line)) {
    std::string_view l = line;
    if (in_code) {
      std::string_view p = code_prefix;
      while (!p.empty() && p.back() == ' ' && l.size() < p.size()) p.remove_suffix(1);
      if (l.substr(0, p.size()) == p) l.remove_prefix(p.size());
      if (l == fence) {
        in_code = false;
        continue;
      }
      out += l;
      out += '\n';
      continue;
    }
    // Container prefixes: "> ", list markers, indentation.
    std::string prefix;
    for (;;) {
      size_t n = 0;
      if (l.substr(0, 2) == "> ") n = 2;
      else if (!l.empty() && l[0] == '>') n = 1;
      else if (l.substr(0, 2) == "- " || l.substr(0, 2) == "* ") n = 2;
      else if (!l.empty() && l[0] == ' ') n = 1;
      else {
        size_t d = 0;
        while (d < l.size() && l[d] >= '0' && l[d] <= '9') ++d;
        if (d > 0 && d + 1 < l.size() && (l[d] == '.' || l[d] == ')') && l[d + 1] == ' ') n = d + 2;
      }
      if (n == 0) break;
      for (size_t k = 0; k < n; ++k) prefix += l[k] == '>' ? '>' : ' ';
      l.remove_prefix(n);
    }
    if (l.substr(0, 3) == "```") {
      size_t r = 0;
      while (r < l.size() && l[r] == '`') ++r;
      fence = std::string(l.substr(0, r));
      code_prefix = prefix;
      in_code = true;
      continue;
    }
    size_t h = 0;
    while (h < l.size() && h < 6 && l[h] == '#') ++h;
    if (h > 0 && h < l.size() && l[h] == ' ') l.remove_prefix(h + 1);
    if (!l.empty() && l[0] == '|') {
      if (l.find("| --- |") == 0) continue;  // delimiter row
      // Cells: split on unescaped pipes, then \| is a pipe (GFM).
      size_t i = 0;
      std::string cell;
      auto end_cell = [&]() {
        std::string c;
        for (size_t k = 0; k < cell.size(); ++k) {
          if (cell[k] == '\\' && k + 1 < cell.size() && cell[k + 1] == '|') continue;
          c += cell[k];
        }
        out += strip_inline(c);
        out += ' ';
        cell.clear();
      };
      for (i = 1; i < l.size(); ++i) {
        if (l[i] == '\\' && i + 1 < l.size()) {
          cell += l[i];
          cell += l[++i];
        } else if (l[i] == '|') {
          end_cell();
        } else {
          cell += l[i];
        }
      }
      end_cell();
      out += '\n';
      continue;
    }
    // A hard break: an odd number of backslashes ends the line.
    size_t bs = 0;
    while (bs < l.size() && l[l.size() - 1 - bs] == '\\') ++bs;
    if (bs % 2 == 1) l.remove_suffix(1);
    out += strip_inline(l);
    out += '\n';
  }
  return out;
}

// The first difference of two word lists, for a readable failure.
inline std::string first_difference(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  size_t i = 0;
  while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
  std::string s = "words differ at " + std::to_string(i) + " (" + std::to_string(a.size()) + " vs " +
                  std::to_string(b.size()) + "):\n  text: ";
  for (size_t k = i >= 3 ? i - 3 : 0; k < std::min(a.size(), i + 4); ++k) s += a[k] + " ";
  s += "\n  mark: ";
  for (size_t k = i >= 3 ? i - 3 : 0; k < std::min(b.size(), i + 4); ++k) s += b[k] + " ";
  return s;
}

inline std::string html_text(const std::string& html) {
  return wce::render_all_text(wce::parse_html(html, "utf-8"));
}

// render_html's output is well formed: every element but br and img closed,
// in order, no stray < or > outside tags (text is escaped); returns a
// failure message or "".
inline std::string html_unbalanced(std::string_view html) {
  std::vector<std::string_view> open;
  for (size_t i = 0; i < html.size(); ++i) {
    if (html[i] == '>') return "stray > at " + std::to_string(i);
    if (html[i] != '<') continue;
    size_t end = html.find('>', i);
    if (end == std::string_view::npos) return "unclosed tag at " + std::to_string(i);
    std::string_view tag = html.substr(i + 1, end - i - 1);
    if (tag.find('<') != std::string_view::npos) return "< inside a tag at " + std::to_string(i);
    bool closing = !tag.empty() && tag[0] == '/';
    if (closing) tag.remove_prefix(1);
    std::string_view name = tag.substr(0, tag.find(' '));
    if (closing) {
      if (open.empty() || open.back() != name)
        return "</" + std::string(name) + "> closes <" + (open.empty() ? std::string() : std::string(open.back())) + ">";
      open.pop_back();
    } else if (name != "br" && name != "img") {
      open.push_back(name);
    }
    i = end;
  }
  if (!open.empty()) return "<" + std::string(open.back()) + "> never closed";
  return {};
}

// Both outputs have render_text's words; returns a failure message or "".
inline std::string markup_words_differ(const wce::Document& doc, const wce::Labels& labels) {
  std::vector<std::string> want = words(wce::render_text(doc, labels));
  std::string md = wce::render_markdown(doc, labels, {true, true});
  std::vector<std::string> got = words(strip_markdown(md));
  if (got != want) return "markdown " + first_difference(want, got);
  const std::string html = wce::render_html(doc, labels);
  std::string bad = html_unbalanced(html);
  if (!bad.empty()) return "html not well formed: " + bad;
  got = words(html_text(html));
  // HTML cannot carry the C1 controls that a character reference maps to
  // windows-1252 characters: a parser reads them raw as U+FFFD.
  for (std::string& w : want) {
    for (size_t k = 0; k + 1 < w.size(); ++k) {
      unsigned char a = static_cast<unsigned char>(w[k]), b = static_cast<unsigned char>(w[k + 1]);
      if (a == 0xC2 && b >= 0x80 && b <= 0x9F && b != 0x81 && b != 0x8D && b != 0x8F && b != 0x90 && b != 0x9D)
        w.replace(k, 2, "\xEF\xBF\xBD");
    }
  }
  if (got != want) return "html " + first_difference(want, got);
  return {};
}

}  // namespace wce::fuzz
