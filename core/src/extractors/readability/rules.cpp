// Readability's rules that are plain functions of strings (rules.hpp): text
// measures in JavaScript terms, the REGEXPS matchers, _textSimilarity and
// _getArticleTitle.
#include "extractors/readability/rules.hpp"

#include "extractors/readability/readability.hpp"

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "document/ascii_swar.hpp"
#include "document/unicode.hpp"
#include "extractors/extractor_util.hpp"
#include "extractors/readability_regexps.hpp"

namespace wce {

namespace readability_rules {

using namespace readability;  // the constants and rule lists

// ---------------------------------------------------------------------------
// Text measures in JavaScript terms: lengths in UTF-16 code units, white
// space as in \s and String.prototype.trim.

bool js_space(uint32_t cp) {
  return (cp >= 0x09 && cp <= 0x0D) || cp == 0x20 || cp == 0xA0 || cp == 0x1680 ||
         (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028 || cp == 0x2029 || cp == 0x202F || cp == 0x205F ||
         cp == 0x3000 || cp == 0xFEFF;
}
static bool is_comma(uint32_t cp) { return std::find(std::begin(kCommas), std::end(kCommas), cp) != std::end(kCommas); }


Txt measure(std::string_view s) {
  Txt t;
  bool prev_ws = false;
  for (size_t i = 0; i < s.size();) {
    if (i + 8 <= s.size()) {  // eight ASCII bytes at once, the same counts
      const uint64_t w = swar::load8(s.data() + i);
      if (swar::ascii(w)) {
        const uint64_t sp = swar::space(w), ns = ~sp & swar::kHigh;
        t.len += 8;
        t.runs += swar::count(swar::starts(sp, prev_ws));
        if (ns == 0) {
          if (t.nonws == 0) t.lead += 8;
          t.trail += 8;
        } else {
          if (t.nonws == 0) t.lead += static_cast<uint32_t>(__builtin_ctzll(ns)) >> 3;  // spaces before it
          t.trail = static_cast<uint32_t>(__builtin_clzll(ns)) >> 3;                    // spaces after the last
          t.nonws += swar::count(ns);
          const uint32_t commas = swar::count(swar::in_range(w, ',', ','));
          t.ascii_commas += commas;
          t.commas += commas;
        }
        prev_ws = swar::last_in(sp);
        i += 8;
        continue;
      }
    }
    const unsigned char b = static_cast<unsigned char>(s[i]);
    if (b < 0x80) {
      // ASCII (most text) without decoding: one code unit; of kCommas only
      // ',' is ASCII.
      ++i;
      ++t.len;
      if (b == 0x20 || (b >= 0x09 && b <= 0x0D)) {
        if (!prev_ws) ++t.runs;
        if (t.nonws == 0) ++t.lead;
        ++t.trail;
        prev_ws = true;
      } else {
        ++t.nonws;
        t.trail = 0;
        prev_ws = false;
        if (b == ',') ++t.ascii_commas, ++t.commas;
      }
      continue;
    }
    const uint32_t cp = unicode::next(s, i);
    const uint32_t units = cp >= 0x10000 ? 2 : 1;
    t.len += units;
    if (js_space(cp)) {
      if (!prev_ws) ++t.runs;
      if (t.nonws == 0) t.lead += units;
      t.trail += units;
      prev_ws = true;
    } else {
      t.nonws += units;
      t.trail = 0;
      prev_ws = false;
      if (is_comma(cp)) ++t.commas;
    }
  }
  return t;
}

uint32_t trimmed_len(const Txt& t) { return t.nonws == 0 ? 0 : t.len - t.lead - t.trail; }

std::string inner_text(std::string_view raw, bool normalize) {
  std::string out;
  std::string pending;  // white space not yet written
  uint32_t pending_count = 0;
  for (size_t i = 0; i < raw.size();) {
    size_t start = i;
    uint32_t cp = unicode::next(raw, i);
    if (js_space(cp)) {
      pending.append(raw.data() + start, i - start);
      ++pending_count;
      continue;
    }
    if (!out.empty() && pending_count > 0) out += (normalize && pending_count >= 2) ? std::string(" ") : pending;
    pending.clear();
    pending_count = 0;
    out.append(raw.data() + start, i - start);
  }
  return out;
}


static const readability_regexps::Compiled& re() { return readability_regexps::compiled(); }

bool unlikely_candidate(std::string_view s) { return re().unlikely_candidates.search(s); }
bool maybe_candidate(std::string_view s) { return re().ok_maybe.search(s); }
bool positive(std::string_view s) { return re().positive.search(s); }
bool negative(std::string_view s) { return re().negative.search(s); }
bool byline(std::string_view s) { return re().byline.search(s); }
bool share_element(std::string_view s) { return re().share_elements.search(s); }

static bool ascii_word(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// Lower case for the /iu word lists: ASCII, Latin-1 capitals, Cyrillic.
static std::string unicode_lower(std::string_view s) {
  std::string r;
  for (size_t i = 0; i < s.size();) {
    uint32_t cp = unicode::next(s, i);
    if (cp >= 'A' && cp <= 'Z') cp += 32;
    else if (cp >= 0xC0 && cp <= 0xDE && cp != 0xD7) cp += 32;
    else if (cp >= 0x410 && cp <= 0x42F) cp += 32;
    else if (cp >= 0x400 && cp <= 0x40F) cp += 80;
    unicode::append(r, cp);
  }
  return r;
}

bool ad_or_loading_words(std::string_view inner) {
  const std::string s = unicode_lower(inner);
  return re().ad_words.search(s) || re().loading_words.search(s);
}

// Tokens of _textSimilarity: lower case, split on /\W+/ (ASCII word characters).
static std::vector<std::string> tokenize(std::string_view s) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (ascii_word(c)) {
      cur += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    } else if (!cur.empty()) {
      out.push_back(std::move(cur));
      cur.clear();
    }
  }
  if (!cur.empty()) out.push_back(std::move(cur));
  return out;
}
double text_similarity(std::string_view a, std::string_view b) {
  std::vector<std::string> ta = tokenize(a), tb = tokenize(b);
  if (ta.empty() || tb.empty()) return 0;
  std::sort(ta.begin(), ta.end());
  size_t all = 0, uniq = 0, n_uniq = 0;
  for (const auto& t : tb) {
    all += t.size();
    if (!std::binary_search(ta.begin(), ta.end(), t)) {
      uniq += t.size();
      ++n_uniq;
    }
  }
  all += tb.size() - 1;
  if (n_uniq > 0) uniq += n_uniq - 1;
  return 1.0 - static_cast<double>(uniq) / static_cast<double>(all);
}

// _getArticleTitle
std::string article_title(std::string_view document_title,
                          const std::function<bool(std::string_view)>& heading_is, size_t h1_count,
                          const std::function<std::string()>& only_h1_text) {
  // Code points here (JavaScript works on UTF-16 units; the only length
  // used, 15..150, is measured in units).
  auto decode = [](std::string_view s) {
    std::u32string r;
    for (size_t i = 0; i < s.size();) r += unicode::next(s, i);
    return r;
  };
  auto encode = [](const std::u32string& s) {
    std::string r;
    for (char32_t c : s) unicode::append(r, c);
    return r;
  };
  auto trim = [](std::u32string s) {
    size_t b = 0, e = s.size();
    while (b < e && js_space(s[b])) ++b;
    while (e > b && js_space(s[e - 1])) --e;
    return s.substr(b, e - b);
  };
  auto units = [](const std::u32string& s) {
    size_t n = 0;
    for (char32_t c : s) n += c >= 0x10000 ? 2 : 1;
    return n;
  };
  auto word_count = [](const std::u32string& s) {  // str.split(/\s+/).length
    size_t n = 1;
    bool ws = false;
    for (char32_t c : s) {
      if (js_space(c)) { if (!ws) ++n; ws = true; } else ws = false;
    }
    return n;
  };
  auto sep = [](char32_t c) { return c == '|' || c == '-' || c == '\\' || c == '/' || c == '>' || c == 0xBB; };
  auto hier = [](char32_t c) { return c == '\\' || c == '/' || c == '>' || c == 0xBB; };
  auto normalize = [&](const std::u32string& s) { return decode(inner_text(encode(s))); };

  std::u32string orig = trim(decode(document_title)), cur = orig;
  bool had_hier = false;
  std::vector<size_t> seps;  // / [\|\-\\\/>»] /g, non-overlapping
  for (size_t i = 0; i + 2 < orig.size();) {
    if (orig[i] == ' ' && sep(orig[i + 1]) && orig[i + 2] == ' ') {
      seps.push_back(i);
      i += 3;
    } else {
      ++i;
    }
  }
  for (size_t i = 0; i + 2 < orig.size(); ++i)  // / [\\\/>»] /.test(curTitle)
    had_hier = had_hier || (orig[i] == ' ' && hier(orig[i + 1]) && orig[i + 2] == ' ');
  if (!seps.empty()) {
    cur = orig.substr(0, seps.back());
    if (word_count(cur) < 3) {
      size_t k = 0;
      while (k < orig.size() && !sep(orig[k])) ++k;
      cur = k < orig.size() ? orig.substr(k + 1) : orig;
    }
  } else if (cur.find(U": ") != std::u32string::npos) {
    if (!heading_is(encode(trim(cur)))) {
      size_t last = orig.rfind(U':'), first = orig.find(U':');
      cur = orig.substr(last + 1);
      if (word_count(cur) < 3) cur = orig.substr(first + 1);
      else if (word_count(orig.substr(0, first)) > 5) cur = orig;
    }
  } else if (units(cur) > 150 || units(cur) < 15) {
    if (h1_count == 1) cur = decode(only_h1_text());
  }
  cur = normalize(trim(cur));
  size_t wc = word_count(cur);
  if (wc <= 4) {
    std::u32string stripped;  // origTitle.replace(/[\|\-\\\/>»]+/g, "")
    for (char32_t c : orig)
      if (!sep(c)) stripped += c;
    if (!had_hier || wc != word_count(stripped) - 1) cur = orig;
  }
  return encode(cur);
}

}  // namespace readability_rules

}  // namespace wce
