// DOM Distiller: title candidates (DocumentTitleMatch), which the pipeline
// labels as titles and leaves out of the output.
#include "extractors/domdistiller/pipeline.hpp"

namespace wce::domdistiller {

// ---------------------------------------------------------------------------
// Title candidates.

size_t count_title_words(std::string_view s, Counter c) { return static_cast<size_t>(count_words(s, c)); }

// Whether the one-code-point string cp is one of the code points of set.
bool cp_in(std::string_view cp, std::string_view set) {
  for (size_t i = 0; i < set.size();) {
    size_t b = i;
    unicode::next(set, i);
    if (set.substr(b, i - b) == cp) return true;
  }
  return false;
}

std::vector<std::string> split_codepoints(std::string_view s) {
  std::vector<std::string> r;
  for (size_t i = 0; i < s.size();) {
    size_t b = i;
    unicode::next(s, i);
    r.emplace_back(s.substr(b, i - b));
  }
  return r;
}

// Splits at [ ]*[set][ ]* (min_spaces = 0) or [ ]+[set][ ]+ (min_spaces = 1),
// keeping empty parts as Go's regexp.Split does.
std::vector<std::string> split_title(std::string_view title, std::string_view set, int min_spaces) {
  std::vector<std::string> cps = split_codepoints(title);
  std::vector<std::string> parts;
  std::string cur;
  size_t k = 0;
  while (k < cps.size()) {
    if (cp_in(cps[k], set)) {
      // count spaces before (already in cur) and after
      size_t before = 0;
      while (before < cur.size() && cur[cur.size() - 1 - before] == ' ') ++before;
      size_t after = 0;
      while (k + 1 + after < cps.size() && cps[k + 1 + after] == " ") ++after;
      if (static_cast<int>(before) >= min_spaces && static_cast<int>(after) >= min_spaces) {
        cur.resize(cur.size() - before);
        parts.push_back(std::move(cur));
        cur.clear();
        k += 1 + after;
        continue;
      }
    }
    cur += cps[k];
    ++k;
  }
  parts.push_back(std::move(cur));
  return parts;
}

// DocumentTitleMatch.processPotentialTitle.
void add_potential_titles(std::string_view raw, Counter c, std::vector<std::string>& out) {
  std::string title = Pipeline::normalize_title(raw);
  if (title.empty()) return;
  if (std::find(out.begin(), out.end(), title) != out.end()) return;
  auto add = [&](std::string s) {
    if (std::find(out.begin(), out.end(), s) == out.end()) out.push_back(std::move(s));
  };
  for (auto set : kLongestPartSeparators) {  // getLongestPart
    std::vector<std::string> parts = split_title(title, set, 0);
    if (parts.size() == 1) continue;
    std::string longest;
    size_t longest_words = 0, longest_len = 0;
    for (const std::string& p : parts) {
      if (p.find(".com") != std::string::npos) continue;
      size_t w = count_title_words(p, c), len = char_count(p);
      if (w > longest_words || len > longest_len) {
        longest = p;
        longest_words = w;
        longest_len = len;
      }
    }
    if (longest_len > 0) add(std::string(trim_space(longest)));
  }
  for (std::string_view set : {std::string_view("|"), std::string_view("-")}) {  // addPotentialTitles
    std::vector<std::string> parts = split_title(title, set, 1);
    if (parts.size() == 1) continue;
    for (const std::string& p : parts)
      if (p.find(".com") == std::string::npos && count_title_words(p, c) >= kTitlePartMinWords) add(p);
  }
  // ` - [^\-]+$` and `^[^\-]+ - ` removed (the title itself when absent).
  size_t last = title.rfind(" - ");
  if (last != std::string::npos && last + 3 < title.size() &&
      title.find('-', last + 3) == std::string::npos)
    add(title.substr(0, last));
  else
    add(title);
  size_t first = title.find(" - ");
  size_t dash = title.find('-');
  if (first != std::string::npos && first > 0 && dash == first + 1)
    add(title.substr(first + 3));
  else
    add(title);
}

// extractor/document-title.go getDocumentTitle (Readability's cleanup).
std::string document_title(const Document& doc, Counter c) {
  std::string orig;
  std::vector<uint32_t> headings;  // h1 then h2 text
  uint32_t first_h1 = kNone;
  const uint32_t n = static_cast<uint32_t>(doc.size());
  bool have_title = false;
  for (uint32_t i = 1; i < n; ++i) {
    const Node& nd = doc.nodes[i];
    if (nd.kind != NodeKind::Element) continue;
    if (nd.tag == Tag::Title && !have_title) {
      have_title = true;
      for (uint32_t k = nd.first_child; k != kNone; k = doc.nodes[k].next_sibling)
        if (doc.is_text(k)) orig += doc.text(k);
    }
    if (nd.tag == Tag::H1 && first_h1 == kNone) first_h1 = i;
  }
  auto subtree_text = [&](uint32_t e) {
    std::string s;
    uint32_t end = doc.subtree_end(e);
    for (uint32_t k = e + 1; k < end; ++k)
      if (doc.is_text(k)) s += doc.text(k);
    return s;
  };
  auto has_sep_with_spaces = [](std::string_view s, std::string_view set) {
    std::vector<std::string> cps = split_codepoints(s);
    for (size_t k = 1; k + 1 < cps.size(); ++k)
      if (cps[k - 1] == " " && cps[k + 1] == " " && cp_in(cps[k], set)) return true;
    return false;
  };
  std::string cur = orig;
  bool hierarchical = false;
  if (has_sep_with_spaces(cur, kTitleSeparatorChars)) {
    hierarchical = has_sep_with_spaces(cur, kTitleHierarchyChars);
    // (.*)[sep] .* : up to the last separator followed by a space.
    std::vector<std::string> cps = split_codepoints(orig);
    std::string before;
    bool found = false;
    for (size_t k = cps.size(); k-- > 0;) {
      if (k + 1 < cps.size() && cps[k + 1] == " " && cp_in(cps[k], kTitleSeparatorChars)) {
        for (size_t m = 0; m < k; ++m) before += cps[m];
        found = true;
        break;
      }
    }
    if (found) cur = before;
    if (count_title_words(cur, c) < 3) {
      // [^sep]*[sep](.*) : after the first separator.
      for (size_t k = 0; k < cps.size(); ++k)
        if (cp_in(cps[k], kTitleSeparatorChars)) {
          cur.clear();
          for (size_t m = k + 1; m < cps.size(); ++m) cur += cps[m];
          break;
        }
    }
  } else if (cur.find(": ") != std::string::npos) {
    std::string trimmed(trim_space(cur));
    bool match = false;
    for (uint32_t i = 1; i < n && !match; ++i) {
      const Node& nd = doc.nodes[i];
      if (nd.kind == NodeKind::Element && (nd.tag == Tag::H1 || nd.tag == Tag::H2))
        match = trim_space(subtree_text(i)) == trimmed;
    }
    if (!match) {
      cur = orig.substr(orig.rfind(':') + 1);
      if (count_title_words(cur, c) < 3) cur = orig.substr(orig.find(':') + 1);
      else if (count_title_words(orig.substr(0, orig.find(':')), c) > 5) cur = orig;
    }
  } else {
    size_t len = char_count(cur);
    if ((len > kTitleMaxChars || len < kTitleMinChars) && first_h1 != kNone) cur = subtree_text(first_h1);
  }
  // Trim and collapse white space.
  std::string collapsed;
  bool space = false;
  for (size_t i = 0; i < cur.size();) {
    uint32_t cp = unicode::next(cur, i);
    if (unicode::is_space(cp)) {
      space = !collapsed.empty();
      continue;
    }
    if (space) collapsed += ' ';
    space = false;
    unicode::append(collapsed, cp);
  }
  size_t words = count_title_words(collapsed, c);
  std::string no_sep;
  for (const std::string& cp : split_codepoints(orig))
    if (!cp_in(cp, kTitleSeparatorChars)) no_sep += cp;
  if (words <= 4 && !orig.empty() &&
      (!hierarchical || words != count_title_words(no_sep, c) - 1))
    return orig;
  return collapsed;
}

// Title candidates: the markup title (OpenGraph og:title, else schema.org
// headline) and the cleaned-up <title>. <meta> content is not in our
// Document, and most pages that have a schema.org headline also have an
// og:title, which wins in DOM Distiller and often differs from the visible
// headline; so only the <title> candidate is used.
std::vector<std::string> potential_titles(const Document& doc, Counter c) {
  std::vector<std::string> out;
  add_potential_titles(document_title(doc, c), c, out);
  return out;
}

// ---------------------------------------------------------------------------
}  // namespace wce::domdistiller
