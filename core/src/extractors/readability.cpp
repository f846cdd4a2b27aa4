// Readability: the content extraction algorithm of Mozilla's Readability.js
// (Firefox Reader View; github.com/mozilla/readability, npm
// @mozilla/readability 0.6.0, itself based on Arc90's readability.js 1.7.1),
// re-implemented from a reading of its source on our Document.
//
// What it does (names of the Readability.js methods in brackets):
//  1. Prepares the page [_removeScripts, _prepDocument]: script, noscript and
//     style elements are dropped, runs of two or more <br> become paragraphs
//     [_replaceBrs], <font> becomes <span>.
//  2. Walks the elements [_grabArticle]: removes hidden nodes, the first
//     byline, the first h1/h2 that repeats the title [_headerDuplicatesTitle],
//     "unlikely candidates" (class/id patterns, ARIA roles) and empty
//     containers; wraps runs of phrasing content of <div>s into paragraphs and
//     turns <div>s without block children into paragraphs.
//  3. Scores paragraph-like elements (1 + commas + 1 per 100 characters, up to
//     3) into their five nearest ancestors (divided by 1, 2, then 3 x level),
//     ancestors starting from a tag and class/id weight [_initializeNode];
//     scales each candidate by 1 - link density, keeps the top five, prefers a
//     common ancestor of three close runners-up, climbs to parents whose score
//     is higher, and merges qualifying siblings.
//  4. Cleans the article [_prepArticle]: data tables are marked, forms,
//     tables, lists and divs are removed when they look like boilerplate
//     [_cleanConditionally], objects/embeds/footers/asides/iframes/inputs/...
//     always [_clean], "share" elements and negative-weight h1/h2 too.
//  5. If the article has fewer than 500 characters, starts again from the
//     prepared page with one flag less (strip unlikely candidates, weight
//     classes, clean conditionally), finally keeping the longest attempt.
// Labels: 1 for every text node in the final article, 0 otherwise.
//
// The Document is never modified: the algorithm runs on a private copy of
// the tree structure (parent/child/sibling links, tags) to which it can add
// the elements Readability creates (paragraphs, the article container), with
// side tables for scores and data-table marks. Text measures are subtree
// folds in one backward pass over a pre-order list (no recursion; every
// pass is linear, and there is a bounded number of passes).
//
// Differences that follow from the Document (which keeps only the id, class,
// role and itemprop attributes): no href (so hash links are not discounted in
// link density), no src/attributes of embeds (allowed videos are not kept),
// no rel="author", aria-modal, summary/datatable/rowspan/colspan attributes,
// no <meta>/JSON-LD metadata (the title is taken from <title> only, and a
// byline in metadata does not stop the byline node from being removed),
// and _fixLazyImages (which may add images to figures) is not run.
#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include "document/unicode.hpp"
#include "extractors/extractor_util.hpp"
#include "extractors/readability_rules.hpp"
#include "extractors/registry_list.hpp"

namespace wce {
namespace {

// ---------------------------------------------------------------------------
// Constants and rule lists, all from Readability.js 0.6.0 (Readability.prototype).

constexpr int kFlagStripUnlikelys = 0x1;       // FLAG_STRIP_UNLIKELYS
constexpr int kFlagWeightClasses = 0x2;        // FLAG_WEIGHT_CLASSES
constexpr int kFlagCleanConditionally = 0x4;   // FLAG_CLEAN_CONDITIONALLY
constexpr size_t kNbTopCandidates = 5;         // DEFAULT_N_TOP_CANDIDATES
constexpr uint32_t kCharThreshold = 500;       // DEFAULT_CHAR_THRESHOLD
constexpr int kClassWeight = 25;               // _getClassWeight: +-25 per class / id match
constexpr uint32_t kMinParagraphChars = 25;    // _grabArticle: paragraphs under 25 chars not scored
constexpr int kAncestorLevels = 5;             // _grabArticle: _getNodeAncestors(elementToScore, 5)
constexpr size_t kMinTopCandidates = 3;        // _grabArticle: MINIMUM_TOPCANDIDATES
constexpr double kAlternativeRatio = 0.75;     // _grabArticle: runner-up score / top score
constexpr double kSiblingMinThreshold = 10;    // _grabArticle: siblingScoreThreshold = max(10, 0.2 x top)
constexpr double kSiblingScoreRatio = 0.2;     // also the same-class bonus
constexpr uint32_t kSiblingParagraphChars = 80;  // _grabArticle: sibling <p> length rule
constexpr double kSiblingLinkDensity = 0.25;
constexpr double kDivToPLinkDensity = 0.25;    // _grabArticle: div holding a single <p>
constexpr uint32_t kShareElementChars = 500;   // _prepArticle: shareElementThreshold
constexpr int kHasAncestorMaxDepth = 3;        // _hasAncestorTag default maxDepth
constexpr double kTitleSimilarity = 0.75;      // _headerDuplicatesTitle
constexpr uint32_t kBylineMaxChars = 100;      // _isValidByline
// Ours, not Readability's: the title checks read the text of headings; at
// most this many nodes per heading and in all, so that nested headings stay
// linear (only pathological pages come near).
constexpr size_t kTextNodeCap = 5000;
constexpr size_t kTextNodeBudget = 200000;
// _cleanConditionally thresholds.
constexpr uint32_t kCleanMinCommas = 10;
constexpr int kCleanLiAllowance = 100;
constexpr double kCleanListRatio = 0.9;
constexpr double kCleanHeadingDensity = 0.9;
constexpr uint32_t kCleanShortContent = 25;
constexpr double kCleanLowWeightLinkDensity = 0.2;   // + linkDensityModifier (default 0)
constexpr double kCleanHighWeightLinkDensity = 0.5;
constexpr uint32_t kCleanEmbedContent = 75;
// _markDataTables size rules.
constexpr uint32_t kDataTableMinRows = 10, kDataTableMaxColumns = 4, kDataTableMinCells = 10;

// The regular expressions of REGEXPS that only list alternatives are
// matched as case-insensitive (ASCII, as JavaScript's /i without /u)
// substring searches on the lower-cased class and id, which is equivalent.
// REGEXPS.unlikelyCandidates
constexpr std::string_view kUnlikelyCandidates[] = {
    "-ad-", "ai2html", "banner", "breadcrumbs", "combx", "comment", "community", "cover-wrap", "disqus",
    "extra", "footer", "gdpr", "header", "legends", "menu", "related", "remark", "replies", "rss",
    "shoutbox", "sidebar", "skyscraper", "social", "sponsor", "supplemental", "ad-break", "agegate",
    "pagination", "pager", "popup", "yom-remote"};
// REGEXPS.okMaybeItsACandidate
constexpr std::string_view kOkMaybeItsACandidate[] = {"and", "article", "body", "column", "content", "main",
                                                      "shadow"};
// REGEXPS.positive
constexpr std::string_view kPositive[] = {"article", "body", "content", "entry", "hentry", "h-entry", "main",
                                          "page", "pagination", "post", "text", "blog", "story"};
// REGEXPS.negative, without its "hid" alternatives (^hid$| hid$| hid |^hid ),
// which match "hid" delimited by spaces or the ends (see negative()).
constexpr std::string_view kNegative[] = {
    "-ad-", "hidden", "banner", "combx", "comment", "com-", "contact", "footer", "gdpr", "masthead",
    "media", "meta", "outbrain", "promo", "related", "scroll", "share", "shoutbox", "sidebar",
    "skyscraper", "sponsor", "shopping", "tags", "widget"};
// REGEXPS.byline
constexpr std::string_view kByline[] = {"byline", "author", "dateline", "writtenby", "p-author"};
// REGEXPS.shareElements = /(\b|_)(share|sharedaddy)(\b|_)/i, see share_element().
constexpr std::string_view kShareWords[] = {"share", "sharedaddy"};
// REGEXPS.adWords and REGEXPS.loadingWords (/^(...)$/iu on the inner text):
// the whole text, lower-cased, must be one of these (loading words may end
// in "…" or "...").
constexpr std::string_view kAdWords[] = {"ad", "advertising", "advertisement", "pub", "publicit\xC3\xA9",
                                         "werb", "werbung", "\xE5\xB9\xBF\xE5\x91\x8A",
                                         "\xD1\x80\xD0\xB5\xD0\xBA\xD0\xBB\xD0\xB0\xD0\xBC\xD0\xB0",
                                         "anuncio"};
constexpr std::string_view kLoadingWords[] = {
    "loading", "\xE6\xAD\xA3\xE5\x9C\xA8\xE5\x8A\xA0\xE8\xBD\xBD",
    "\xD0\xB7\xD0\xB0\xD0\xB3\xD1\x80\xD1\x83\xD0\xB7\xD0\xBA\xD0\xB0", "chargement", "cargando"};
// REGEXPS.commas: comma variants counted when scoring a paragraph.
constexpr uint32_t kCommas[] = {0x002C, 0x060C, 0xFE50, 0xFE10, 0xFE11, 0x2E41, 0x2E34, 0x2E32, 0xFF0C};
// UNLIKELY_ROLES
constexpr std::string_view kUnlikelyRoles[] = {"menu", "menubar", "complementary", "navigation", "alert",
                                               "alertdialog", "dialog"};

// DEFAULT_TAGS_TO_SCORE
bool tag_to_score(Tag t) {
  return t == Tag::Section || t == Tag::H2 || t == Tag::H3 || t == Tag::H4 || t == Tag::H5 ||
         t == Tag::H6 || t == Tag::P || t == Tag::Td || t == Tag::Pre;
}
// DIV_TO_P_ELEMS (block children that keep a <div> from becoming a <p>)
bool div_to_p_elem(Tag t) {
  return t == Tag::Blockquote || t == Tag::Dl || t == Tag::Div || t == Tag::Img || t == Tag::Ol ||
         t == Tag::P || t == Tag::Pre || t == Tag::Table || t == Tag::Ul;
}
// ALTER_TO_DIV_EXCEPTIONS (merged siblings of other tags become <div>s)
bool alter_to_div_exception(Tag t) {
  return t == Tag::Div || t == Tag::Article || t == Tag::Section || t == Tag::P || t == Tag::Ol ||
         t == Tag::Ul;
}
// PHRASING_ELEMS. MATH is listed there in upper case, but a DOM gives the
// MathML element the tag name "math", so it never matches: left out here.
bool phrasing_elem(Tag t) {
  switch (t) {
    case Tag::Abbr: case Tag::Audio: case Tag::B: case Tag::Bdo: case Tag::Br: case Tag::Button:
    case Tag::Cite: case Tag::Code: case Tag::Data: case Tag::Datalist: case Tag::Dfn: case Tag::Em:
    case Tag::Embed: case Tag::I: case Tag::Img: case Tag::Input: case Tag::Kbd: case Tag::Label:
    case Tag::Mark: case Tag::Meter: case Tag::Noscript: case Tag::Object: case Tag::Output:
    case Tag::Progress: case Tag::Q: case Tag::Ruby: case Tag::Samp: case Tag::Script: case Tag::Select:
    case Tag::Small: case Tag::Span: case Tag::Strong: case Tag::Sub: case Tag::Sup: case Tag::Textarea:
    case Tag::Time: case Tag::Var: case Tag::Wbr:
      return true;
    default:
      return false;
  }
}
bool heading(Tag t) {
  return t == Tag::H1 || t == Tag::H2 || t == Tag::H3 || t == Tag::H4 || t == Tag::H5 || t == Tag::H6;
}
// _cleanConditionally: textishTags = SPAN, LI, TD + DIV_TO_P_ELEMS
bool textish(Tag t) { return t == Tag::Span || t == Tag::Li || t == Tag::Td || div_to_p_elem(t); }

}  // namespace

namespace readability_rules {

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
    uint32_t cp = unicode::next(s, i);
    uint32_t units = cp >= 0x10000 ? 2 : 1;
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
      if (cp == ',') ++t.ascii_commas;
      if (is_comma(cp)) ++t.commas;
    }
  }
  return t;
}

Txt concat(const Txt& a, const Txt& b) {
  if (a.len == 0) return b;
  if (b.len == 0) return a;
  Txt r;
  r.len = a.len + b.len;
  r.nonws = a.nonws + b.nonws;
  r.runs = a.runs + b.runs - ((a.trail > 0 && b.lead > 0) ? 1 : 0);
  r.lead = a.nonws == 0 ? a.len + b.lead : a.lead;
  r.trail = b.nonws == 0 ? b.len + a.trail : b.trail;
  r.commas = a.commas + b.commas;
  r.ascii_commas = a.ascii_commas + b.ascii_commas;
  return r;
}

uint32_t inner_len(const Txt& t) {
  return t.nonws == 0 ? 0 : t.nonws + t.runs - (t.lead > 0 ? 1 : 0) - (t.trail > 0 ? 1 : 0);
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

static bool contains_any(std::string_view s, const std::string_view* begin, const std::string_view* end) {
  for (auto it = begin; it != end; ++it)
    if (s.find(*it) != std::string_view::npos) return true;
  return false;
}
template <size_t N>
static bool contains_any(std::string_view s, const std::string_view (&list)[N]) {
  return contains_any(s, list, list + N);
}

bool unlikely_candidate(std::string_view s) { return contains_any(s, kUnlikelyCandidates); }
bool maybe_candidate(std::string_view s) { return contains_any(s, kOkMaybeItsACandidate); }
bool positive(std::string_view s) { return contains_any(s, kPositive); }
bool byline(std::string_view s) { return contains_any(s, kByline); }

// The "hid" alternatives match "hid" delimited by spaces or the ends.
bool negative(std::string_view s) {
  if (contains_any(s, kNegative)) return true;
  for (size_t p = s.find("hid"); p != std::string_view::npos; p = s.find("hid", p + 1))
    if ((p == 0 || s[p - 1] == ' ') && (p + 3 == s.size() || s[p + 3] == ' ')) return true;
  return false;
}

static bool ascii_word(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}
// /(\b|_)(share|sharedaddy)(\b|_)/i: the word is preceded by the start, a
// non-word character or "_", and followed likewise.
bool share_element(std::string_view s) {
  for (std::string_view w : kShareWords)
    for (size_t p = s.find(w); p != std::string_view::npos; p = s.find(w, p + 1)) {
      bool before = p == 0 || !ascii_word(s[p - 1]) || s[p - 1] == '_';
      size_t e = p + w.size();
      bool after = e == s.size() || !ascii_word(s[e]) || s[e] == '_';
      if (before && after) return true;
    }
  return false;
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
  std::string s = unicode_lower(inner);
  for (std::string_view w : kAdWords)
    if (s == w) return true;
  for (std::string_view w : kLoadingWords) {
    if (s.compare(0, w.size(), w) != 0) continue;
    std::string_view rest = std::string_view(s).substr(w.size());
    if (rest.empty() || rest == "\xE2\x80\xA6" || rest == "...") return true;
  }
  return false;
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

namespace {

using namespace readability_rules;

// ---------------------------------------------------------------------------
// The working tree: a copy of the Document's structure that Readability may
// change, plus the elements it creates.

struct WNode {
  uint32_t parent = kNone, first = kNone, last = kNone, prev = kNone, next = kNone;
  uint32_t orig = kNone;  // Document node (same index for copied nodes), kNone if created
  Tag tag = Tag::Unknown;
  bool text = false;
};

struct Tree {
  std::vector<WNode> v;

  uint32_t add(Tag tag) {
    v.push_back(WNode{});
    v.back().tag = tag;
    return static_cast<uint32_t>(v.size() - 1);
  }
  void unlink(uint32_t x) {
    WNode& n = v[x];
    if (n.parent == kNone) return;
    WNode& p = v[n.parent];
    if (n.prev != kNone) v[n.prev].next = n.next; else p.first = n.next;
    if (n.next != kNone) v[n.next].prev = n.prev; else p.last = n.prev;
    n.parent = n.prev = n.next = kNone;
  }
  void append(uint32_t p, uint32_t x) {
    unlink(x);
    WNode& n = v[x];
    n.parent = p;
    n.prev = v[p].last;
    if (v[p].last != kNone) v[v[p].last].next = x; else v[p].first = x;
    v[p].last = x;
  }
  // `neu` takes the place of `old`, which is detached.
  void replace(uint32_t old, uint32_t neu) {
    unlink(neu);
    WNode& o = v[old];
    WNode& n = v[neu];
    n.parent = o.parent;
    n.prev = o.prev;
    n.next = o.next;
    if (o.parent != kNone) {
      if (o.prev != kNone) v[o.prev].next = neu; else v[o.parent].first = neu;
      if (o.next != kNone) v[o.next].prev = neu; else v[o.parent].last = neu;
    }
    o.parent = o.prev = o.next = kNone;
  }
  uint32_t first_el(uint32_t x) const {
    uint32_t c = v[x].first;
    while (c != kNone && v[c].text) c = v[c].next;
    return c;
  }
  uint32_t next_el(uint32_t x) const {
    uint32_t c = v[x].next;
    while (c != kNone && v[c].text) c = v[c].next;
    return c;
  }
  uint32_t element_children(uint32_t x) const {
    uint32_t n = 0;
    for (uint32_t c = first_el(x); c != kNone; c = next_el(c)) ++n;
    return n;
  }
  // _getNextNode: depth-first over elements.
  uint32_t next_node(uint32_t x, bool skip_children) const {
    if (!skip_children) {
      uint32_t c = first_el(x);
      if (c != kNone) return c;
    }
    uint32_t s = next_el(x);
    if (s != kNone) return s;
    do {
      x = v[x].parent;
    } while (x != kNone && next_el(x) == kNone);
    return x == kNone ? kNone : next_el(x);
  }
  // Pre-order list of the subtree of `root`.
  void preorder(uint32_t root, std::vector<uint32_t>& out) const {
    out.clear();
    uint32_t x = root;
    while (true) {
      out.push_back(x);
      if (v[x].first != kNone) { x = v[x].first; continue; }
      while (x != root && v[x].next == kNone) x = v[x].parent;
      if (x == root) break;
      x = v[x].next;
    }
  }
  // _hasAncestorTag(node, tag) with the default maxDepth: parents 1..4 up.
  bool has_ancestor_tag(uint32_t x, Tag tag, int max_depth = kHasAncestorMaxDepth) const {
    int depth = 0;
    while (v[x].parent != kNone) {
      if (max_depth > 0 && depth > max_depth) return false;
      if (v[v[x].parent].tag == tag) return true;
      x = v[x].parent;
      ++depth;
    }
    return false;
  }
};

// Subtree facts, folded over the current children of each node.
enum Count : uint8_t { kCntP, kCntImg, kCntLi, kCntInput, kCntEmbed, kCntBr, kCntHr, kCntTr, kCntTd,
                       kCntDataTag, kCntTable, kNumCounts };

struct Agg {
  Txt t;
  uint32_t link = 0;     // sum of inner lengths of descendant <a>
  uint32_t list = 0;     // ... of descendant <ul>/<ol>
  uint32_t heads = 0;    // ... of descendant h1-h6
  uint32_t textish = 0;  // ... of descendant textish tags
  std::array<uint32_t, kNumCounts> cnt{};  // descendants by tag
  uint32_t max_td = 0;   // most <td> descendants of one descendant <tr>
  uint8_t caption = 0;   // first descendant <caption>: 0 none, 1 empty, 2 with child nodes
  bool has_block = false;       // a descendant in DIV_TO_P_ELEMS
  bool phrasing_kids = true;    // every child is phrasing content
  bool data_table_desc = false; // a descendant table marked as a data table
  std::string shorttext;        // text with white-space runs collapsed, if short
  bool long_text = false;       // shorttext overflowed
};
constexpr size_t kShortTextCap = 64;

int count_index(Tag t) {
  switch (t) {
    case Tag::P: return kCntP;
    case Tag::Img: return kCntImg;
    case Tag::Li: return kCntLi;
    case Tag::Input: return kCntInput;
    case Tag::Object: case Tag::Embed: case Tag::Iframe: return kCntEmbed;
    case Tag::Br: return kCntBr;
    case Tag::Hr: return kCntHr;
    case Tag::Tr: return kCntTr;
    case Tag::Td: return kCntTd;
    case Tag::Col: case Tag::Colgroup: case Tag::Tfoot: case Tag::Thead: case Tag::Th: return kCntDataTag;
    case Tag::Table: return kCntTable;
    default: return -1;
  }
}

// ---------------------------------------------------------------------------

struct Attempt {
  uint32_t text_length = 0;
  std::vector<uint32_t> text_nodes;  // text indices in the article
};

class Readability {
 public:
  explicit Readability(const Document& doc) : doc_(doc) {}
  Labels run();

 private:
  // Per Document node: attributes as Readability sees them.
  std::string_view cls(uint32_t x) const { return t_.v[x].orig == kNone ? std::string_view() : cls_[t_.v[x].orig]; }
  std::string_view cls_lc(uint32_t x) const { return t_.v[x].orig == kNone ? std::string_view() : lc(cls_lc_[t_.v[x].orig]); }
  std::string_view id_lc(uint32_t x) const { return t_.v[x].orig == kNone ? std::string_view() : lc(id_lc_[t_.v[x].orig]); }
  std::string_view lc(Span s) const { return std::string_view(lc_pool_).substr(s.off, s.len); }

  void build_tree();
  void replace_brs(uint32_t body);
  void fold(uint32_t x, bool with_short);
  void compute(uint32_t root, bool with_short);
  bool phrasing(uint32_t x) const;
  bool whitespace_node(uint32_t x) const;
  std::string raw_text(uint32_t x) const;
  std::string heading_text(uint32_t x);  // raw_text within the title-check budget
  std::string article_title();
  int class_weight(uint32_t x) const;
  void initialize(uint32_t x);
  double link_density(uint32_t x) const {
    uint32_t len = inner_len(agg_[x].t);
    return len == 0 ? 0.0 : static_cast<double>(agg_[x].link) / len;
  }
  bool grab_article(uint32_t page, Attempt& out);
  void prep_article(uint32_t a);
  void mark_data_tables(uint32_t a);
  void clean_conditionally(uint32_t a, Tag tag);
  bool should_clean(uint32_t x, Tag tag, bool in_data_table, bool code_near, bool figure_near);
  void clean(uint32_t a, std::initializer_list<Tag> tags);
  void clean_share_elements(uint32_t a);
  void clean_headers(uint32_t a);
  uint32_t add_node(Tag tag) {
    uint32_t x = t_.add(tag);
    agg_.emplace_back();
    score_.push_back(0);
    scored_.push_back(0);
    data_table_.push_back(0);
    return x;
  }

  const Document& doc_;
  int flags_ = kFlagStripUnlikelys | kFlagWeightClasses | kFlagCleanConditionally;
  bool byline_found_ = false;
  std::string title_;
  uint32_t html_ = kNone, body_ = kNone;

  // Document attributes (per Document node).
  std::vector<std::string_view> cls_;  // class as written (empty in SVG)
  std::vector<Span> cls_lc_, id_lc_;
  std::string lc_pool_;
  std::vector<uint8_t> in_svg_;
  std::vector<Txt> txt_;  // per Document text node (by node index)

  Tree base_;                 // the page after _prepDocument
  std::vector<Agg> base_agg_; // its subtree facts
  Tree t_;                    // the tree of the current attempt
  std::vector<Agg> agg_;
  std::vector<double> score_;
  std::vector<uint8_t> scored_, data_table_;
  std::vector<uint32_t> order_;
  size_t heading_budget_ = kTextNodeBudget;
};

void Readability::build_tree() {
  const size_t n = doc_.size();
  cls_.assign(n, {});
  cls_lc_.assign(n, {});
  id_lc_.assign(n, {});
  in_svg_.assign(n, 0);
  txt_.assign(n, {});
  base_.v.assign(n, WNode{});
  base_.v[0].tag = Tag::Document;
  std::vector<uint8_t> dropped(n, 0);
  auto add_lc = [&](std::string_view s) {
    Span sp{static_cast<uint32_t>(lc_pool_.size()), static_cast<uint32_t>(s.size())};
    lc_pool_ += to_ascii_lower(s);
    return sp;
  };
  for (uint32_t i = 1; i < n; ++i) {
    const Node& nd = doc_.nodes[i];
    WNode& w = base_.v[i];
    w.orig = i;
    uint32_t p = nd.parent;
    if (p == kNone || dropped[p]) { dropped[i] = 1; continue; }
    if (nd.kind == NodeKind::Text) {
      w.text = true;
      txt_[i] = measure(doc_.text(i));
    } else {
      // _removeScripts and _prepDocument drop script, noscript and style.
      if (nd.tag == Tag::Script || nd.tag == Tag::Noscript || nd.tag == Tag::Style) { dropped[i] = 1; continue; }
      in_svg_[i] = nd.tag == Tag::Svg || in_svg_[p];
      // SVG elements: their tag names are not upper case in a DOM, and their
      // className is not a string, so neither takes part in any rule.
      w.tag = in_svg_[i] ? Tag::Unknown : nd.tag;
      if (!in_svg_[i]) {
        cls_[i] = doc_.str(nd.cls);
        cls_lc_[i] = add_lc(cls_[i]);
      }
      id_lc_[i] = add_lc(doc_.str(nd.id));
    }
    base_.append(p, i);
  }
  for (uint32_t c = base_.first_el(0); c != kNone; c = base_.next_el(c))
    if (base_.v[c].tag == Tag::Html) { html_ = c; break; }
  if (html_ == kNone) html_ = base_.first_el(0);
  if (html_ != kNone)
    for (uint32_t c = base_.first_el(html_); c != kNone; c = base_.next_el(c))
      if (base_.v[c].tag == Tag::Body || base_.v[c].tag == Tag::Frameset) { body_ = c; break; }
}

bool Readability::whitespace_node(uint32_t x) const {
  const WNode& w = t_.v[x];
  if (w.text) return w.orig == kNone || txt_[w.orig].nonws == 0;
  return w.tag == Tag::Br;
}

// _isPhrasingContent, with A/DEL/INS decided by the folded phrasing_kids.
bool Readability::phrasing(uint32_t x) const {
  const WNode& w = t_.v[x];
  if (w.text) return true;
  if (phrasing_elem(w.tag)) return true;
  return (w.tag == Tag::A || w.tag == Tag::Del || w.tag == Tag::Ins) && agg_[x].phrasing_kids;
}

// Subtree facts of x from its (already folded) children.
void Readability::fold(uint32_t x, bool with_short) {
  Agg a;
  const WNode& w = t_.v[x];
  if (w.text) {
    if (w.orig != kNone) a.t = txt_[w.orig];
    if (with_short) {
      std::string_view s = doc_.text(w.orig);
      bool ws = false;
      for (size_t i = 0; i < s.size() && !a.long_text;) {
        size_t start = i;
        uint32_t cp = unicode::next(s, i);
        if (js_space(cp)) { if (!ws) a.shorttext += ' '; ws = true; continue; }
        ws = false;
        a.shorttext.append(s.data() + start, i - start);
        if (a.shorttext.size() > kShortTextCap) a.long_text = true;
      }
    }
    agg_[x] = std::move(a);
    return;
  }
  for (uint32_t c = w.first; c != kNone; c = t_.v[c].next) {
    const Agg& ca = agg_[c];
    const WNode& cw = t_.v[c];
    a.t = concat(a.t, ca.t);
    if (with_short && !a.long_text) {
      if (ca.long_text) {
        a.long_text = true;
      } else {
        std::string_view s = ca.shorttext;
        if (!s.empty() && s.front() == ' ' && !a.shorttext.empty() && a.shorttext.back() == ' ') s.remove_prefix(1);
        a.shorttext += s;
        if (a.shorttext.size() > kShortTextCap) a.long_text = true;
      }
    }
    if (!phrasing(c)) a.phrasing_kids = false;
    if (cw.text) continue;
    for (int k = 0; k < kNumCounts; ++k) a.cnt[k] += ca.cnt[k];
    int ci = count_index(cw.tag);
    if (ci >= 0) ++a.cnt[ci];
    uint32_t il = inner_len(ca.t);
    a.link += ca.link + (cw.tag == Tag::A ? il : 0);
    a.list += ca.list + ((cw.tag == Tag::Ul || cw.tag == Tag::Ol) ? il : 0);
    a.heads += ca.heads + (heading(cw.tag) ? il : 0);
    a.textish += ca.textish + (textish(cw.tag) ? il : 0);
    a.max_td = std::max({a.max_td, ca.max_td, cw.tag == Tag::Tr ? ca.cnt[kCntTd] : 0u});
    if (a.caption == 0) a.caption = cw.tag == Tag::Caption ? (cw.first != kNone ? 2 : 1) : ca.caption;
    a.has_block = a.has_block || div_to_p_elem(cw.tag) || ca.has_block;
    a.data_table_desc = a.data_table_desc || ca.data_table_desc || (cw.tag == Tag::Table && data_table_[c]);
  }
  agg_[x] = std::move(a);
}

void Readability::compute(uint32_t root, bool with_short) {
  t_.preorder(root, order_);
  for (size_t i = order_.size(); i-- > 0;) fold(order_[i], with_short);
}

// textContent of a subtree.
std::string Readability::raw_text(uint32_t x) const {
  std::string out;
  uint32_t y = x;
  while (true) {
    const WNode& w = t_.v[y];
    if (w.text && w.orig != kNone) out += doc_.text(w.orig);
    if (w.first != kNone) { y = w.first; continue; }
    while (y != x && t_.v[y].next == kNone) y = t_.v[y].parent;
    if (y == x) break;
    y = t_.v[y].next;
  }
  return out;
}

// The text of a heading for the title checks, within kTextNodeCap and what
// is left of kTextNodeBudget.
std::string Readability::heading_text(uint32_t x) {
  size_t cap = std::min(kTextNodeCap, heading_budget_);
  size_t seen = 0;
  std::string out;
  uint32_t y = x;
  while (seen < cap) {
    ++seen;
    const WNode& w = t_.v[y];
    if (w.text && w.orig != kNone) out += doc_.text(w.orig);
    if (w.first != kNone) { y = w.first; continue; }
    while (y != x && t_.v[y].next == kNone) y = t_.v[y].parent;
    if (y == x) break;
    y = t_.v[y].next;
  }
  heading_budget_ -= seen;
  return out;
}

// _getClassWeight
int Readability::class_weight(uint32_t x) const {
  if (!(flags_ & kFlagWeightClasses)) return 0;
  int weight = 0;
  std::string_view c = cls_lc(x), i = id_lc(x);
  if (!c.empty()) {
    if (negative(c)) weight -= kClassWeight;
    if (positive(c)) weight += kClassWeight;
  }
  if (!i.empty()) {
    if (negative(i)) weight -= kClassWeight;
    if (positive(i)) weight += kClassWeight;
  }
  return weight;
}

// _initializeNode
void Readability::initialize(uint32_t x) {
  double s = 0;
  switch (t_.v[x].tag) {
    case Tag::Div: s += 5; break;
    case Tag::Pre: case Tag::Td: case Tag::Blockquote: s += 3; break;
    case Tag::Address: case Tag::Ol: case Tag::Ul: case Tag::Dl: case Tag::Dd: case Tag::Dt: case Tag::Li:
    case Tag::Form: s -= 3; break;
    case Tag::H1: case Tag::H2: case Tag::H3: case Tag::H4: case Tag::H5: case Tag::H6: case Tag::Th:
      s -= 5; break;
    default: break;
  }
  s += class_weight(x);
  score_[x] = s;
  scored_[x] = 1;
}

// _replaceBrs: a chain of two or more <br> (white space between them
// ignored) becomes a <p> holding the phrasing content that follows it.
void Readability::replace_brs(uint32_t body) {
  std::vector<uint32_t> brs;
  t_.preorder(body, order_);
  for (uint32_t x : order_)
    if (!t_.v[x].text && t_.v[x].tag == Tag::Br) brs.push_back(x);
  // _nextNode: skips white-space-only text.
  auto next_node = [&](uint32_t x) {
    while (x != kNone && t_.v[x].text && whitespace_node(x)) x = t_.v[x].next;
    return x;
  };
  auto is_br = [&](uint32_t x) { return x != kNone && !t_.v[x].text && t_.v[x].tag == Tag::Br; };
  for (uint32_t br : brs) {
    if (t_.v[br].parent == kNone) continue;  // removed as part of an earlier chain
    bool replaced = false;
    uint32_t next = t_.v[br].next;
    while (is_br(next = next_node(next))) {
      replaced = true;
      uint32_t sib = t_.v[next].next;
      t_.unlink(next);
      next = sib;
    }
    if (!replaced) continue;
    uint32_t p = add_node(Tag::P);
    t_.replace(br, p);
    next = t_.v[p].next;
    while (next != kNone) {
      if (is_br(next) && is_br(next_node(t_.v[next].next))) break;
      if (!phrasing(next)) break;
      uint32_t sib = t_.v[next].next;
      t_.append(p, next);
      next = sib;
    }
    while (t_.v[p].last != kNone && whitespace_node(t_.v[p].last)) t_.unlink(t_.v[p].last);
    uint32_t parent = t_.v[p].parent;
    if (parent != kNone && t_.v[parent].tag == Tag::P) t_.v[parent].tag = Tag::Div;
  }
}

// document.title: the first <title>, ASCII white space stripped and
// collapsed. Metadata titles (<meta>, JSON-LD) are not in the Document.
std::string Readability::article_title() {
  uint32_t title_el = kNone;
  t_.preorder(0, order_);
  std::vector<uint32_t> h1, h12;
  for (uint32_t x : order_) {
    const WNode& w = t_.v[x];
    if (w.text) continue;
    if (w.tag == Tag::Title && title_el == kNone) title_el = x;
    if (w.tag == Tag::H1) h1.push_back(x);
    if (w.tag == Tag::H1 || w.tag == Tag::H2) h12.push_back(x);
  }
  if (title_el == kNone) return "";
  std::string raw;
  for (uint32_t c = t_.v[title_el].first; c != kNone; c = t_.v[c].next)
    if (t_.v[c].text) raw += doc_.text(t_.v[c].orig);
  std::string doc_title;
  bool pending = false;
  for (char c : raw) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r') { pending = !doc_title.empty(); continue; }
    if (pending) doc_title += ' ';
    pending = false;
    doc_title += c;
  }
  auto heading_is = [&](std::string_view text) {
    Txt want = measure(text);
    for (uint32_t h : h12)  // textContent.trim() === text; lengths first
      if (trimmed_len(agg_[h].t) == want.len && inner_text(heading_text(h), false) == text) return true;
    return false;
  };
  auto only_h1 = [&] { return inner_text(heading_text(h1[0])); };
  return readability_rules::article_title(doc_title, heading_is, h1.size(), only_h1);
}

Labels Readability::run() {
  Labels labels(doc_.text_nodes.size(), 0.0f);
  build_tree();
  if (html_ == kNone || body_ == kNone) return labels;  // no page: Readability returns null
  // _prepDocument on the working tree.
  t_ = std::move(base_);
  agg_.assign(t_.v.size(), Agg{});
  score_.assign(t_.v.size(), 0);
  scored_.assign(t_.v.size(), 0);
  data_table_.assign(t_.v.size(), 0);
  compute(0, false);  // phrasing of A/DEL/INS before <font> becomes <span>
  replace_brs(body_);
  for (auto& w : t_.v)
    if (w.tag == Tag::Font) w.tag = Tag::Span;
  compute(0, false);
  title_ = article_title();
  base_ = t_;
  base_agg_ = agg_;

  std::vector<Attempt> attempts;
  while (true) {
    t_ = base_;
    agg_ = base_agg_;
    score_.assign(t_.v.size(), 0);
    scored_.assign(t_.v.size(), 0);
    data_table_.assign(t_.v.size(), 0);
    Attempt at;
    bool found = grab_article(body_, at);
    if (found && at.text_length >= kCharThreshold) {
      for (uint32_t ti : at.text_nodes) labels[ti] = 1.0f;
      return labels;
    }
    attempts.push_back(std::move(at));
    if (flags_ & kFlagStripUnlikelys) flags_ &= ~kFlagStripUnlikelys;
    else if (flags_ & kFlagWeightClasses) flags_ &= ~kFlagWeightClasses;
    else if (flags_ & kFlagCleanConditionally) flags_ &= ~kFlagCleanConditionally;
    else break;
  }
  // The longest attempt (the first of equals, as a stable sort keeps it).
  size_t best = 0;
  for (size_t i = 1; i < attempts.size(); ++i)
    if (attempts[i].text_length > attempts[best].text_length) best = i;
  if (attempts[best].text_length == 0) return labels;
  for (uint32_t ti : attempts[best].text_nodes) labels[ti] = 1.0f;
  return labels;
}

// One pass of _grabArticle with the current flags.
bool Readability::grab_article(uint32_t page, Attempt& out) {
  const bool strip = flags_ & kFlagStripUnlikelys;
  const size_t base_size = base_.v.size();
  std::vector<uint32_t> to_score;
  bool remove_title_header = true;
  auto remove_and_next = [&](uint32_t x) {
    uint32_t nx = t_.next_node(x, true);
    t_.unlink(x);
    return nx;
  };
  uint32_t node = html_;
  while (node != kNone) {
    const uint32_t orig = t_.v[node].orig;
    const Tag tag = t_.v[node].tag;
    // Subtree facts of the prepared page still hold here: the walk changes
    // only nodes before this one and its ancestors' other children.
    const bool have_base = node < base_size;
    if (orig != kNone) {
      const Node& dn = doc_.nodes[orig];
      // _isProbablyVisible (aria-hidden is ignored for class "fallback-image").
      if ((dn.flags & kHidden) && cls_[orig].find("fallback-image") == std::string_view::npos) {
        node = remove_and_next(node);
        continue;
      }
      // _isValidByline (no rel attribute in the Document).
      if (!byline_found_ && have_base) {
        std::string_view ip = doc_.str(dn.itemprop);
        bool is_byline =
            ip.find("author") != std::string_view::npos || byline(cls_lc(node)) || byline(id_lc(node));
        uint32_t len = trimmed_len(base_agg_[node].t);
        if (is_byline && len > 0 && len < kBylineMaxChars) {
          byline_found_ = true;
          node = remove_and_next(node);
          continue;
        }
      }
    }
    // _headerDuplicatesTitle
    if (remove_title_header && (tag == Tag::H1 || tag == Tag::H2) && !title_.empty() &&
        heading_budget_ > 0 && text_similarity(title_, heading_text(node)) > kTitleSimilarity) {
      remove_title_header = false;
      node = remove_and_next(node);
      continue;
    }
    if (strip && orig != kNone) {
      std::string_view c = cls_lc(node), i = id_lc(node);
      if ((unlikely_candidate(c) || unlikely_candidate(i)) && !maybe_candidate(c) && !maybe_candidate(i) &&
          !t_.has_ancestor_tag(node, Tag::Table) && !t_.has_ancestor_tag(node, Tag::Code) &&
          tag != Tag::Body && tag != Tag::A) {
        node = remove_and_next(node);
        continue;
      }
      std::string_view role = doc_.str(doc_.nodes[orig].role);
      if (std::find(std::begin(kUnlikelyRoles), std::end(kUnlikelyRoles), role) != std::end(kUnlikelyRoles)) {
        node = remove_and_next(node);
        continue;
      }
    }
    // _isElementWithoutContent on div, section, header, h1-h6.
    if ((tag == Tag::Div || tag == Tag::Section || tag == Tag::Header || heading(tag)) && have_base) {
      const Agg& a = base_agg_[node];
      uint32_t kids = t_.element_children(node);
      if (a.t.nonws == 0 && (kids == 0 || kids == a.cnt[kCntBr] + a.cnt[kCntHr])) {
        node = remove_and_next(node);
        continue;
      }
    }
    if (tag_to_score(tag)) to_score.push_back(node);
    if (tag == Tag::Div) {
      // Phrasing content into paragraphs.
      uint32_t p = kNone;
      for (uint32_t c = t_.v[node].first; c != kNone;) {
        uint32_t nx = t_.v[c].next;
        if (phrasing(c)) {
          if (p != kNone) {
            t_.append(p, c);
          } else if (!whitespace_node(c)) {
            p = add_node(Tag::P);
            t_.replace(c, p);
            t_.append(p, c);
          }
        } else if (p != kNone) {
          while (t_.v[p].last != kNone && whitespace_node(t_.v[p].last)) t_.unlink(t_.v[p].last);
          p = kNone;
        }
        c = nx;
      }
      // _hasSingleTagInsideElement(node, "P") and link density < 0.25:
      // the div gives way to its paragraph.
      uint32_t only = t_.first_el(node);
      bool single_p = only != kNone && t_.v[only].tag == Tag::P && t_.next_el(only) == kNone;
      for (uint32_t c = t_.v[node].first; single_p && c != kNone; c = t_.v[c].next)
        if (t_.v[c].text && txt_[t_.v[c].orig].len > 0 && txt_[t_.v[c].orig].trail == 0) single_p = false;
      double ld = 0;
      if (have_base) {
        uint32_t len = inner_len(base_agg_[node].t);
        ld = len == 0 ? 0.0 : static_cast<double>(base_agg_[node].link) / len;
      }
      if (single_p && ld < kDivToPLinkDensity) {
        t_.replace(node, only);
        node = only;
        to_score.push_back(node);
      } else {
        bool block = false;  // _hasChildBlockElement
        for (uint32_t c = t_.first_el(node); c != kNone && !block; c = t_.next_el(c))
          block = div_to_p_elem(t_.v[c].tag) || (c < base_size && base_agg_[c].has_block);
        if (!block) {
          t_.v[node].tag = Tag::P;
          to_score.push_back(node);
        }
      }
    }
    node = t_.next_node(node, false);
  }

  // Score paragraphs into their ancestors.
  compute(0, false);
  std::vector<uint32_t> candidates;
  for (uint32_t el : to_score) {
    uint32_t parent = t_.v[el].parent;
    if (parent == kNone || parent == 0) continue;
    const Txt& tx = agg_[el].t;
    uint32_t len = inner_len(tx);
    if (len < kMinParagraphChars) continue;
    double content = 1;                                  // the paragraph itself
    content += tx.commas + 1;                            // innerText.split(commas).length
    content += std::min<uint32_t>(len / 100, 3);         // one per 100 characters, up to 3
    uint32_t anc = parent;
    for (int level = 0; level < kAncestorLevels && anc != kNone; ++level, anc = t_.v[anc].parent) {
      uint32_t ap = t_.v[anc].parent;
      if (anc == 0 || ap == kNone || ap == 0) continue;  // the document and <html>
      if (!scored_[anc]) {
        initialize(anc);
        candidates.push_back(anc);
      }
      double divider = level == 0 ? 1 : level == 1 ? 2 : level * 3;
      score_[anc] += content / divider;
    }
  }
  std::vector<uint32_t> top;
  for (uint32_t c : candidates) {
    score_[c] = score_[c] * (1 - link_density(c));
    for (size_t k = 0; k < kNbTopCandidates; ++k) {
      if (k >= top.size() || score_[c] > score_[top[k]]) {
        top.insert(top.begin() + static_cast<long>(k), c);
        if (top.size() > kNbTopCandidates) top.pop_back();
        break;
      }
    }
  }
  auto is_page_or_root = [&](uint32_t x) { return x == kNone || x == 0 || t_.v[x].tag == Tag::Body || x == page; };
  uint32_t top_cand = top.empty() ? kNone : top[0];
  if (top_cand == kNone || t_.v[top_cand].tag == Tag::Body) {
    // Everything in the page goes into a new div.
    top_cand = add_node(Tag::Div);
    while (t_.v[page].first != kNone) t_.append(top_cand, t_.v[page].first);
    t_.append(page, top_cand);
    initialize(top_cand);
    compute(top_cand, false);
  } else {
    // A common ancestor of at least three runners-up close to the top.
    std::vector<std::vector<uint32_t>> alternatives;
    for (size_t k = 1; k < top.size(); ++k) {
      if (score_[top[k]] / score_[top_cand] >= kAlternativeRatio) {
        std::vector<uint32_t> ancs;
        for (uint32_t a = t_.v[top[k]].parent; a != kNone; a = t_.v[a].parent) ancs.push_back(a);
        std::sort(ancs.begin(), ancs.end());
        alternatives.push_back(std::move(ancs));
      }
    }
    if (alternatives.size() >= kMinTopCandidates) {
      for (uint32_t p = t_.v[top_cand].parent; !is_page_or_root(p); p = t_.v[p].parent) {
        size_t lists = 0;
        for (size_t k = 0; k < alternatives.size() && lists < kMinTopCandidates; ++k)
          lists += std::binary_search(alternatives[k].begin(), alternatives[k].end(), p) ? 1 : 0;
        if (lists >= kMinTopCandidates) {
          top_cand = p;
          break;
        }
      }
    }
    if (!scored_[top_cand]) initialize(top_cand);
    // Climb while the parents' scores go up.
    uint32_t p = t_.v[top_cand].parent;
    double last = score_[top_cand];
    const double threshold = last / 3;
    while (!is_page_or_root(p)) {
      if (!scored_[p]) { p = t_.v[p].parent; continue; }
      double ps = score_[p];
      if (ps < threshold) break;
      if (ps > last) { top_cand = p; break; }
      last = score_[p];
      p = t_.v[p].parent;
    }
    // An only child gives way to its parent.
    p = t_.v[top_cand].parent;
    while (!is_page_or_root(p) && t_.element_children(p) == 1) {
      top_cand = p;
      p = t_.v[top_cand].parent;
    }
    if (!scored_[top_cand]) initialize(top_cand);
  }

  // Siblings of the top candidate that also look like content.
  const uint32_t article = add_node(Tag::Div);
  const double sibling_threshold = std::max(kSiblingMinThreshold, score_[top_cand] * kSiblingScoreRatio);
  const uint32_t parent_top = t_.v[top_cand].parent;
  const std::string_view top_class = cls(top_cand);
  for (uint32_t s = parent_top == kNone ? kNone : t_.first_el(parent_top); s != kNone;) {
    uint32_t nx = t_.next_el(s);
    bool append = false;
    if (s == top_cand) {
      append = true;
    } else {
      double bonus = 0;
      if (!top_class.empty() && cls(s) == top_class) bonus += score_[top_cand] * kSiblingScoreRatio;
      if (scored_[s] && score_[s] + bonus >= sibling_threshold) {
        append = true;
      } else if (t_.v[s].tag == Tag::P) {
        double ld = link_density(s);
        uint32_t len = inner_len(agg_[s].t);
        if (len > kSiblingParagraphChars && ld < kSiblingLinkDensity) {
          append = true;
        } else if (len < kSiblingParagraphChars && len > 0 && ld == 0) {
          std::string text = inner_text(raw_text(s));  // /\.( |$)/
          for (size_t k = text.find('.'); k != std::string::npos && !append; k = text.find('.', k + 1))
            append = k + 1 == text.size() || text[k + 1] == ' ';
        }
      }
    }
    if (append) {
      if (!alter_to_div_exception(t_.v[s].tag)) t_.v[s].tag = Tag::Div;
      t_.append(article, s);
    }
    s = nx;
  }

  prep_article(article);

  compute(article, false);
  out.text_length = inner_len(agg_[article].t);
  t_.preorder(article, order_);
  for (uint32_t x : order_)
    if (t_.v[x].text && t_.v[x].orig != kNone) out.text_nodes.push_back(doc_.nodes[t_.v[x].orig].text_index);
  return true;
}

// _prepArticle, the parts that decide which text stays.
void Readability::prep_article(uint32_t a) {
  mark_data_tables(a);
  clean_conditionally(a, Tag::Form);
  clean_conditionally(a, Tag::Fieldset);
  clean(a, {Tag::Object, Tag::Embed, Tag::Footer, Tag::Link, Tag::Aside});
  clean_share_elements(a);
  clean(a, {Tag::Iframe, Tag::Input, Tag::Textarea, Tag::Select, Tag::Button});
  clean_headers(a);
  clean_conditionally(a, Tag::Table);
  clean_conditionally(a, Tag::Ul);
  clean_conditionally(a, Tag::Div);
  // The rest of _prepArticle (h1 -> h2, empty paragraphs, <br> before <p>,
  // single-cell tables) and _postProcessContent do not change the text.
}

// _markDataTables (without the summary/datatable/rowspan/colspan attributes).
void Readability::mark_data_tables(uint32_t a) {
  compute(a, false);
  for (uint32_t x : order_) {
    const WNode& w = t_.v[x];
    if (w.text || w.tag != Tag::Table) continue;
    const Agg& g = agg_[x];
    bool data;
    if (w.orig != kNone && doc_.str(doc_.nodes[w.orig].role) == "presentation") data = false;
    else if (g.caption == 2) data = true;
    else if (g.cnt[kCntDataTag] > 0) data = true;
    else if (g.cnt[kCntTable] > 0) data = false;
    else {
      uint32_t rows = g.cnt[kCntTr], columns = g.max_td;
      if (columns == 1 || rows == 1) data = false;
      else if (rows >= kDataTableMinRows || columns > kDataTableMaxColumns) data = true;
      else data = rows * columns > kDataTableMinCells;
    }
    data_table_[x] = data ? 1 : 0;
  }
}

// _clean: every element with one of these tags goes (embedded videos would
// be kept, but the Document has no src attributes to recognise them).
void Readability::clean(uint32_t a, std::initializer_list<Tag> tags) {
  t_.preorder(a, order_);
  for (uint32_t x : order_)
    if (x != a && !t_.v[x].text && std::find(tags.begin(), tags.end(), t_.v[x].tag) != tags.end()) t_.unlink(x);
}

// Elements with "share" in their class/id and under 500 characters, below
// each child of the article.
void Readability::clean_share_elements(uint32_t a) {
  compute(a, false);
  for (uint32_t top = t_.first_el(a); top != kNone; top = t_.next_el(top)) {
    uint32_t x = t_.first_el(top);
    uint32_t end = t_.next_node(top, true);
    while (x != kNone && x != end) {
      if ((share_element(cls_lc(x)) || share_element(id_lc(x))) && agg_[x].t.len < kShareElementChars) {
        uint32_t nx = t_.next_node(x, true);
        t_.unlink(x);
        x = nx;
      } else {
        x = t_.next_node(x, false);
      }
    }
  }
}

// _cleanHeaders: h1/h2 with a negative class weight.
void Readability::clean_headers(uint32_t a) {
  t_.preorder(a, order_);
  for (uint32_t x : order_)
    if (x != a && !t_.v[x].text && (t_.v[x].tag == Tag::H1 || t_.v[x].tag == Tag::H2) && class_weight(x) < 0)
      t_.unlink(x);
}

// _cleanConditionally: the filter is applied from the last element to the
// first, so that descendants are decided (and gone) before their ancestors;
// one backward fold gives every element its facts after those removals.
void Readability::clean_conditionally(uint32_t a, Tag tag) {
  if (!(flags_ & kFlagCleanConditionally)) return;
  t_.preorder(a, order_);
  std::vector<uint32_t> order = order_;
  // Ancestor facts (top-down): inside a data table; distance to the nearest
  // <code> / <figure> ancestor (within 4 = _hasAncestorTag's default depth).
  const size_t n = order.size();
  std::vector<uint8_t> in_dt(n, 0);
  std::vector<uint32_t> code_d(n, 1000), fig_d(n, 1000);
  std::vector<uint32_t> pos(t_.v.size(), kNone);
  for (size_t i = 0; i < n; ++i) pos[order[i]] = static_cast<uint32_t>(i);
  for (size_t i = 1; i < n; ++i) {
    uint32_t x = order[i], p = t_.v[x].parent;
    uint32_t pi = pos[p];
    const WNode& pw = t_.v[p];
    in_dt[i] = in_dt[pi] || (pw.tag == Tag::Table && data_table_[p]);
    code_d[i] = pw.tag == Tag::Code ? 1 : std::min<uint32_t>(code_d[pi] + 1, 1000);
    fig_d[i] = pw.tag == Tag::Figure ? 1 : std::min<uint32_t>(fig_d[pi] + 1, 1000);
  }
  const uint32_t max_dist = kHasAncestorMaxDepth + 1;
  for (size_t i = n; i-- > 0;) {
    uint32_t x = order[i];
    fold(x, true);
    if (i == 0 || t_.v[x].text || t_.v[x].tag != tag) continue;
    if (should_clean(x, tag, in_dt[i], code_d[i] <= max_dist, fig_d[i] <= max_dist)) t_.unlink(x);
  }
}

bool Readability::should_clean(uint32_t x, Tag tag, bool in_data_table, bool code_near, bool figure_near) {
  const Agg& g = agg_[x];
  const uint32_t len = inner_len(g.t);
  bool is_list = tag == Tag::Ul || tag == Tag::Ol;
  if (!is_list) is_list = static_cast<double>(g.list) / len > kCleanListRatio;  // NaN/inf as in JS
  if (tag == Tag::Table && data_table_[x]) return false;
  if (in_data_table) return false;
  if (code_near) return false;
  if (g.data_table_desc) return false;
  const int weight = class_weight(x);
  if (weight < 0) return true;
  if (g.t.ascii_commas >= kCleanMinCommas) return false;
  const double p = g.cnt[kCntP], img = g.cnt[kCntImg];
  const double li = static_cast<double>(g.cnt[kCntLi]) - kCleanLiAllowance;
  const double input = g.cnt[kCntInput];
  const double heading_density = len == 0 ? 0 : static_cast<double>(g.heads) / len;
  const uint32_t embeds = g.cnt[kCntEmbed];
  if (!g.long_text && ad_or_loading_words(inner_text(g.shorttext))) return true;
  const double link_density = len == 0 ? 0 : static_cast<double>(g.link) / len;
  const double text_density = len == 0 ? 0 : static_cast<double>(g.textish) / len;
  bool remove = false;
  if (!figure_near && img > 1 && p / img < 0.5) remove = true;
  if (!is_list && li > p) remove = true;
  if (input > std::floor(p / 3)) remove = true;
  if (!is_list && !figure_near && heading_density < kCleanHeadingDensity && len < kCleanShortContent &&
      (img == 0 || img > 2) && link_density > 0)
    remove = true;
  if (!is_list && weight < kClassWeight && link_density > kCleanLowWeightLinkDensity) remove = true;
  if (weight >= kClassWeight && link_density > kCleanHighWeightLinkDensity) remove = true;
  if ((embeds == 1 && len < kCleanEmbedContent) || embeds > 1) remove = true;
  if (img == 0 && text_density == 0) remove = true;
  // Lists of images may stay.
  if (is_list && remove) {
    for (uint32_t c = t_.first_el(x); c != kNone; c = t_.next_el(c))
      if (t_.element_children(c) > 1) return true;
    if (img == g.cnt[kCntLi]) return false;
  }
  return remove;
}

}  // namespace

std::unique_ptr<Extractor> make_readability() {
  return make_extractor(
      {"readability", "heuristic",
       "Mozilla Readability.js 0.6.0 (github.com/mozilla/readability), after Arc90's readability.js",
       "Firefox Reader View: scores paragraphs into ancestors, picks the best candidate with its "
       "siblings, cleans it, retries with relaxed rules under 500 characters."},
      [](Context& ctx) { return Readability(ctx.doc()).run(); });
}

}  // namespace wce
