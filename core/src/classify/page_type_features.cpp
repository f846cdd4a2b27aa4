// The page-type classifier's features (WCXB's seven types: article, forum,
// product, collection, listing, documentation, service), from the Document
// and, when known, the page's URL. One pass over the nodes plus the shared
// counts. The signals are those the page types differ in (issue list and
// rs-trafilatura's classifier description): repeated sibling structures
// (cards, posts), comment / post markup, forms and prices, schema.org
// microdata (itemprop), code and `pre`, the heading outline, link density,
// linked headings (cards, teasers) and long paragraphs (articles), the
// template named by the <html>/<body> class, words of the URL path, and
// last the structured data the page declares (page_type_structured.cpp:
// JSON-LD, itemtype, og:type, generator; 0 without kept attributes).
// Keyword lists are data, at the top.
//
// Cost: every keyword list is searched in one pass (KeywordAutomaton,
// keyword_automaton.cpp): one pass per class/id/itemprop string over all its
// keywords, one pass over the page text for all text phrases and prices.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "classify/keyword_automaton.hpp"
#include "classify/page_type_structured.hpp"
#include "extractors/extractor_util.hpp"
#include "wce/train/page_type_model.hpp"

namespace wce {
namespace {

// ---- Tunables and keyword lists (data) ----

constexpr size_t kRepeatMin = 3;  // siblings of one shape that make a repeated structure
constexpr double kLongParagraph = 40;  // words: an article's paragraph, not a card's blurb

// Substrings of class / id tokens (lowercase), per signal.
struct Keywords {
  const char* name;
  std::vector<const char*> words;
};
const std::vector<Keywords> kClassKeywords = {
    {"forum", {"forum", "thread", "topic", "post", "reply", "replies", "message", "bbcode", "quote", "signature",
               "userinfo", "username", "avatar", "vote", "answer", "question", "discussion"}},
    {"comment", {"comment", "disqus", "respond"}},
    {"product", {"product", "price", "cart", "basket", "checkout", "sku", "stock", "buy", "shipping", "variant",
                 "quantity", "qty", "addtocart", "add-to-cart", "rating", "review", "gallery", "swatch"}},
    {"listing", {"card", "grid", "tile", "item", "result", "listing", "teaser", "excerpt", "loop", "feed",
                 "pagination", "pager", "filter", "facet", "sort", "archive", "catalog", "collection", "category"}},
    {"docs", {"docs", "doc-", "documentation", "toc", "table-of-contents", "sidebar", "api", "reference",
              "highlight", "syntax", "code", "admonition", "breadcrumb", "edit-page", "menu-item", "navbar"}},
    {"service", {"hero", "pricing", "plan", "feature", "testimonial", "cta", "banner", "benefit", "logo", "client",
                 "partner", "solution", "service", "signup", "demo", "contact", "faq", "team"}},
    {"article", {"article", "entry", "byline", "author", "dateline", "published", "story", "headline",
                 "post-content", "entry-content", "blog", "news", "share", "related"}},
};
// itemprop values (lowercase substrings), per signal.
const std::vector<Keywords> kItempropKeywords = {
    {"product", {"price", "offer", "availability", "sku", "brand", "gtin", "mpn", "aggregaterating"}},
    {"article", {"headline", "articlebody", "datepublished", "author", "datemodified"}},
    {"forum", {"comment", "answer", "upvote", "suggestedanswer", "acceptedanswer", "interactionstatistic"}},
    {"listing", {"itemlistelement", "numberofitems", "position"}},
};
// Words of the page text (lowercase, whole words or phrases), per signal.
const std::vector<Keywords> kTextKeywords = {
    {"forum", {"reply", "replies", "quote", "posted", "joined", "posts", "thread", "member", "views", "#1",
               "report", "upvote", "answered", "asked"}},
    {"product", {"add to cart", "add to bag", "in stock", "out of stock", "buy now", "free shipping", "sku",
                 "quantity", "reviews", "description", "specifications", "size guide"}},
    {"listing", {"read more", "view all", "next page", "sort by", "filter", "results", "showing", "load more"}},
    {"docs", {"example", "parameters", "returns", "install", "usage", "api", "function", "syntax", "note:",
              "edit this page", "on this page", "table of contents", "version"}},
    {"service", {"get started", "contact us", "learn more", "sign up", "free trial", "book a demo", "pricing",
                 "our services", "request a quote", "trusted by", "customers"}},
    {"article", {"min read", "published", "updated", "share this", "by ", "comments", "related articles",
                 "newsletter", "subscribe"}},
};
// Words of the URL path (lowercase, between separators), per signal.
const std::vector<Keywords> kUrlKeywords = {
    {"forum", {"forum", "forums", "thread", "threads", "topic", "topics", "t", "community", "discussion",
               "discussions", "questions", "question", "q", "board", "viewtopic", "showthread", "comments"}},
    {"product", {"product", "products", "p", "dp", "item", "shop", "store", "buy", "sku"}},
    {"collection", {"collections", "collection", "category", "categories", "c", "shop", "department", "catalog"}},
    {"listing", {"tag", "tags", "search", "list", "archive", "page", "author", "blog", "news", "jobs", "events",
                 "directory", "results"}},
    {"docs", {"docs", "doc", "documentation", "api", "reference", "guide", "guides", "manual", "tutorial",
              "tutorials", "wiki", "kb", "help", "learn", "sdk", "developer", "developers"}},
    {"service", {"pricing", "features", "solutions", "services", "service", "about", "contact", "enterprise",
                 "platform", "product-tour", "customers", "company"}},
    {"article", {"blog", "news", "article", "articles", "story", "stories", "post", "posts", "opinion"}},
};
// Tokens of the <html> and <body> class (lowercase prefixes of a token):
// CMS themes name the page's template there (WordPress "single-post",
// "page-id-12", "archive", "woocommerce"; Drupal "page-node-type-page").
const std::vector<Keywords> kBodyClassKeywords = {
    {"post", {"single-post", "single-format", "post-template", "postid-", "single-", "node-type-article",
              "page-node-type-article", "article"}},
    {"page", {"page-id-", "page-template", "page-parent", "page-child", "basicpage", "page-node-type-page",
              "node-type-page", "landing"}},
    {"archive", {"archive", "category", "tag-", "search", "paged", "home", "blog", "post-type-archive", "tax-",
                 "term-", "listing", "index", "taxonomy", "path-taxonomy", "section-front"}},
    {"product", {"single-product", "product-template", "template-product", "view-item", "pdp", "product-page"}},
    {"shop", {"woocommerce", "template-collection", "collection", "catalog", "plp", "shop"}},
    {"forum", {"forum", "topic", "thread", "bbpress", "discourse", "community", "question", "xenforo", "phpbb"}},
    {"docs", {"docs", "documentation", "wy-body-for-nav", "md-", "docusaurus", "api", "reference", "sphinx",
              "mediawiki"}},
};
// The exact token "page" or "single" (WordPress's page and post templates).
const std::vector<std::pair<const char*, size_t>> kBodyClassExact = {{"page", 1}, {"single", 0}};
const std::vector<Tag> kCountedTags = {Tag::Article, Tag::Section, Tag::Form, Tag::Input, Tag::Button,
                                       Tag::Select, Tag::Pre, Tag::Code, Tag::Table, Tag::H1, Tag::H2,
                                       Tag::H3, Tag::Time, Tag::Li, Tag::Img, Tag::Nav, Tag::Aside,
                                       Tag::Footer, Tag::Dl, Tag::Blockquote, Tag::Textarea};
// Prices: currency signs next to a digit, currency codes as words after a digit.
const std::vector<const char*> kCurrencySigns = {"$", "\xE2\x82\xAC" /* € */, "\xC2\xA3" /* £ */,
                                                 "\xC2\xA5" /* ¥ */, "\xE2\x82\xB9" /* ₹ */};
const std::vector<const char*> kCurrencyCodes = {"usd", "eur", "gbp"};

// ---- Helpers ----

// Hits of kBodyClassKeywords in the classes of <html> and <body>.
std::vector<double> body_class_hits(const Document& doc) {
  std::vector<double> hits(kBodyClassKeywords.size(), 0.0);
  std::string classes;
  const auto add = [&](uint32_t parent, Tag tag, uint32_t& found) {
    found = kNone;
    for (uint32_t c = parent < doc.size() ? doc.nodes[parent].first_child : kNone; c != kNone; c = doc.nodes[c].next_sibling)
      if (doc.nodes[c].kind == NodeKind::Element && doc.nodes[c].tag == tag) {
        classes += to_ascii_lower(doc.str(doc.nodes[c].cls));
        classes.push_back(' ');
        found = c;
        return;
      }
  };
  uint32_t html = kNone, body = kNone;
  add(0, Tag::Html, html);
  if (html != kNone) add(html, Tag::Body, body);
  size_t i = 0;
  while (i < classes.size()) {
    size_t e = classes.find_first_of(" \t\n\r\f", i);
    if (e == std::string::npos) e = classes.size();
    const std::string_view token = std::string_view(classes).substr(i, e - i);
    i = e + 1;
    if (token.empty()) continue;
    for (size_t k = 0; k < kBodyClassKeywords.size(); ++k)
      for (const char* w : kBodyClassKeywords[k].words)
        if (token.rfind(w, 0) == 0) hits[k] = 1;
    for (const auto& [word, k] : kBodyClassExact)
      if (token == word) hits[k] = 1;
  }
  return hits;
}

bool is_alnum_ascii(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

double lg(double v) { return std::log1p(std::max(0.0, v)); }

// One automaton per keyword list family; a keyword's group is its list's index.
KeywordAutomaton::Keyword kw(const char* text, uint32_t group) { return {text, group}; }
std::vector<KeywordAutomaton::Keyword> keywords_of(const std::vector<Keywords>& lists) {
  std::vector<KeywordAutomaton::Keyword> out;
  for (uint32_t k = 0; k < lists.size(); ++k)
    for (const char* w : lists[k].words) out.push_back(kw(w, k));
  return out;
}
const KeywordAutomaton& class_automaton() {
  static const KeywordAutomaton a(keywords_of(kClassKeywords));
  return a;
}
const KeywordAutomaton& itemprop_automaton() {
  static const KeywordAutomaton a(keywords_of(kItempropKeywords));
  return a;
}
// The text phrases (groups 0..5), then the currency codes and signs.
const uint32_t kCodeGroup = static_cast<uint32_t>(kTextKeywords.size()), kSignGroup = kCodeGroup + 1;
const KeywordAutomaton& text_automaton() {
  static const KeywordAutomaton a([] {
    std::vector<KeywordAutomaton::Keyword> k = keywords_of(kTextKeywords);
    for (const char* c : kCurrencyCodes) k.push_back(kw(c, kCodeGroup));
    for (const char* c : kCurrencySigns) k.push_back(kw(c, kSignGroup));
    return k;
  }());
  return a;
}

// Counts in the page text: occurrences of each text list's phrases as whole
// words (a phrase ending in a non-alphanumeric byte needs no right boundary),
// overlapping ones too; and prices: a currency sign with a digit after it or
// before it (spaces between allowed), or a currency code as a word.
struct TextCounts {
  std::array<size_t, 8> phrases{};
  size_t prices = 0;
};
TextCounts count_text(std::string_view text) {
  const KeywordAutomaton& a = text_automaton();
  TextCounts out;
  const auto digit = [](char c) { return c >= '0' && c <= '9'; };
  KeywordAutomaton::State s = KeywordAutomaton::kStart;
  for (size_t i = 0; i < text.size(); ++i) {
    uint32_t groups;
    s = a.step(s, static_cast<unsigned char>(text[i]), groups);
    if (!groups) continue;
    const size_t end = i + 1;
    for (const uint32_t* m = a.matches_begin(s); m != a.matches_end(s); ++m) {
      const KeywordAutomaton::Keyword& k = a.keyword(*m);
      const size_t at = end - k.text.size();
      if (k.group == kSignGroup) {
        const bool digit_after = end < text.size() && digit(text[end]);
        size_t b = at;
        while (b > 0 && text[b - 1] == ' ') --b;
        const bool digit_before = b > 0 && digit(text[b - 1]);
        if (digit_after || digit_before) ++out.prices;
        continue;
      }
      const bool left = at == 0 || !is_alnum_ascii(text[at - 1]);
      const bool right = end >= text.size() || !is_alnum_ascii(text[end]) || !is_alnum_ascii(k.text.back());
      if (!(left && right)) continue;
      if (k.group == kCodeGroup) ++out.prices;
      else ++out.phrases[k.group];
    }
  }
  return out;
}

// The path of a URL, split into lowercase words at every non-alphanumeric byte.
std::vector<std::string> url_path_words(std::string_view url, bool& has_query, bool& dated, size_t& depth,
                                        size_t& slug_words) {
  has_query = url.find('?') != std::string_view::npos;
  size_t start = url.find("://");
  start = start == std::string_view::npos ? 0 : url.find('/', start + 3);
  std::string_view path = start == std::string_view::npos ? std::string_view() : url.substr(start);
  path = path.substr(0, std::min(path.find('?'), path.find('#')));
  depth = 0;
  for (size_t i = 0; i < path.size(); ++i)
    if (path[i] == '/' && i + 1 < path.size()) ++depth;
  // The most words of one path segment ("how-to-fix-the-boot-loop": 6): an article's slug.
  slug_words = 0;
  for (size_t i = 0, words = 0; i <= path.size(); ++i) {
    if (i == path.size() || path[i] == '/') {
      slug_words = std::max(slug_words, words);
      words = 0;
    } else if (words == 0 || path[i] == '-' || path[i] == '_') {
      ++words;
    }
  }
  std::vector<std::string> words;
  std::string cur;
  dated = false;
  for (char c : to_ascii_lower(path)) {
    if (is_alnum_ascii(c)) {
      cur.push_back(c);
    } else if (!cur.empty()) {
      words.push_back(cur);
      cur.clear();
    }
  }
  if (!cur.empty()) words.push_back(cur);
  for (const std::string& w : words)
    if (w.size() == 4 && (w.rfind("19", 0) == 0 || w.rfind("20", 0) == 0) &&
        std::all_of(w.begin(), w.end(), [](char c) { return c >= '0' && c <= '9'; }))
      dated = true;
  return words;
}

}  // namespace

bool same_page_type_features(const char* const* names, size_t n) {
  const auto& ours = page_type_feature_names();
  if (ours.size() != n) return false;
  for (size_t i = 0; i < n; ++i)
    if (ours[i] != names[i]) return false;
  return true;
}

const std::vector<std::string>& page_type_feature_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n;
    for (const auto& k : kClassKeywords) n.push_back("class_" + std::string(k.name));
    for (const auto& k : kClassKeywords) n.push_back("class_words_" + std::string(k.name));
    for (const auto& k : kItempropKeywords) n.push_back("itemprop_" + std::string(k.name));
    for (const auto& k : kTextKeywords) n.push_back("text_" + std::string(k.name));
    for (const auto& k : kUrlKeywords) n.push_back("url_" + std::string(k.name));
    for (Tag t : kCountedTags) n.push_back("tag_" + std::string(tag_name(t)));
    for (const char* s : {"url_known", "url_depth", "url_query", "url_dated", "words", "text_nodes",
                          "words_per_text_node", "link_share", "pre_code_share", "heading_share", "li_share",
                          "table_share", "form_share", "prices", "prices_per_kword", "repeat_groups",
                          "repeat_largest", "repeat_share", "repeat_largest_words", "top_block_share",
                          "top3_block_share", "blocks", "hidden_share", "h2_per_kword", "img_per_kword"})
      n.emplace_back(s);
    for (const char* s : {"linked_headings", "linked_heading_share", "p_share", "long_paragraphs", "words_per_p"})
      n.emplace_back(s);
    n.emplace_back("url_slug_words");
    for (const auto& k : kBodyClassKeywords) n.push_back("body_" + std::string(k.name));
    for (const std::string& s : page_type_structured_names()) n.push_back(s);
    return n;
  }();
  return names;
}

namespace {

// The features that do not depend on the URL or the structured data, with
// the URL's features at 0 (as for a page without one) and where they go.
// Computed once per Context (Context::memo): the ensemble classifies the page
// without URL and structured data, the metadata again with both.
struct DocumentPart {
  std::vector<double> x;
  size_t url_keywords = 0;  // kUrlKeywords' counts start here
  size_t url_scalars = 0;   // has a URL, path depth, has a query, dated path
  size_t slug_words = 0;
};

DocumentPart document_part(Context& ctx) {
  DocumentPart part;
  std::vector<double>& x = part.x;
  const Document& doc = ctx.doc();
  const NodeCounts& counts = ctx.counts();
  const TextBlocks& tb = ctx.blocks();
  x.reserve(page_type_feature_names().size());
  const double words = doc.size() ? counts.words[0] : 0;
  const double kwords = std::max(1.0, words / 1000.0);

  // Per element: class/id and itemprop keyword hits, tag counts, shares.
  constexpr size_t kC = 8, kI = 4;
  std::array<double, kC> class_elems{}, class_words{};
  std::array<double, kI> itemprop_elems{};
  std::vector<double> tag_count(kCountedTags.size(), 0.0);
  double pre_words = 0, heading_words = 0, li_words = 0, table_words = 0, form_words = 0, hidden_words = 0;
  double headings = 0, linked_headings = 0, paragraphs = 0, p_words = 0, long_paragraphs = 0;
  std::vector<uint8_t> inside(doc.size(), 0);  // bits: 1 pre/code, 2 heading, 4 li, 8 table, 16 form, 32 p
  static const std::array<int8_t, static_cast<size_t>(Tag::Count)> counted_tag = [] {  // tag -> kCountedTags index
    std::array<int8_t, static_cast<size_t>(Tag::Count)> a;
    a.fill(-1);
    for (size_t t = kCountedTags.size(); t-- > 0;) a[static_cast<size_t>(kCountedTags[t])] = static_cast<int8_t>(t);
    return a;
  }();
  const KeywordAutomaton& classes = class_automaton();
  const KeywordAutomaton& itemprops = itemprop_automaton();
  for (uint32_t i = 1; i < doc.size(); ++i) {
    const Node& n = doc.nodes[i];
    if (n.kind != NodeKind::Element) continue;
    uint8_t bits = n.parent == kNone ? 0 : inside[n.parent];
    if (n.tag == Tag::Pre || n.tag == Tag::Code) bits |= 1;
    if (n.tag == Tag::H1 || n.tag == Tag::H2 || n.tag == Tag::H3 || n.tag == Tag::H4) bits |= 2;
    if (n.tag == Tag::Li) bits |= 4;
    if (n.tag == Tag::Table) bits |= 8;
    if (n.tag == Tag::Form) bits |= 16;
    if (n.tag == Tag::P) bits |= 32;
    inside[i] = bits;
    const uint8_t parent_bits = n.parent == kNone ? 0 : inside[n.parent];
    const double w = counts.words[i];
    if ((bits & 1) && !(parent_bits & 1)) pre_words += w;
    if ((bits & 2) && !(parent_bits & 2)) heading_words += w;
    if ((bits & 4) && !(parent_bits & 4)) li_words += w;
    if ((bits & 8) && !(parent_bits & 8)) table_words += w;
    if ((bits & 16) && !(parent_bits & 16)) form_words += w;
    if ((bits & 2) && !(parent_bits & 2) && w > 0) {
      // A heading that is mostly a link: a card's or a teaser's title.
      headings += 1;
      if (counts.link_words[i] * 2 > counts.words[i]) linked_headings += 1;
    }
    if ((bits & 32) && !(parent_bits & 32) && w > 0) {
      paragraphs += 1;
      p_words += w;
      if (w >= kLongParagraph) long_paragraphs += 1;
    }
    if ((n.flags & kHidden) && !(n.parent != kNone && (doc.nodes[n.parent].flags & kHidden))) hidden_words += w;
    if (const int8_t t = counted_tag[static_cast<size_t>(n.tag)]; t >= 0) tag_count[t] += 1;
    if (n.cls.len || n.id.len) {
      // "class id" as one string: a keyword could span the space.
      uint32_t h = 0;
      KeywordAutomaton::State s = classes.scan_groups(KeywordAutomaton::kStart, doc.str(n.cls), h);
      s = classes.scan_groups(s, " ", h);
      classes.scan_groups(s, doc.str(n.id), h);
      for (size_t k = 0; k < kC; ++k)
        if (h >> k & 1) {
          class_elems[k] += 1;
          class_words[k] = std::max(class_words[k], w);
        }
    }
    if (n.itemprop.len) {
      uint32_t h = 0;
      itemprops.scan_groups(KeywordAutomaton::kStart, doc.str(n.itemprop), h);
      for (size_t k = 0; k < kI; ++k) itemprop_elems[k] += h >> k & 1;
    }
  }
  for (size_t k = 0; k < kClassKeywords.size(); ++k) x.push_back(lg(class_elems[k]));
  for (size_t k = 0; k < kClassKeywords.size(); ++k) x.push_back(words > 0 ? class_words[k] / words : 0.0);
  for (size_t k = 0; k < kItempropKeywords.size(); ++k) x.push_back(lg(itemprop_elems[k]));

  // Text cues: the page's visible text (the automaton reads it ASCII-lowercased).
  std::string text;
  text.reserve(static_cast<size_t>(std::min<double>(words * 7, 4e6)));
  for (uint32_t t : doc.text_nodes) {
    if (text.size() > 4000000) break;  // enough to count cues on a huge page
    text += doc.text(t);
    text.push_back(' ');
  }
  const TextCounts text_counts = count_text(text);
  for (size_t k = 0; k < kTextKeywords.size(); ++k)
    x.push_back(lg(static_cast<double>(text_counts.phrases[k])) / std::log1p(kwords * 10));  // per page size

  // URL path words: filled in by page_type_features.
  part.url_keywords = x.size();
  x.resize(x.size() + kUrlKeywords.size(), 0.0);
  for (double c : tag_count) x.push_back(lg(c));

  // Repeated sibling structures: children of one parent with the same tag
  // and first class token, kRepeatMin or more of them.
  double groups = 0, largest = 0, repeat_words = 0, largest_words = 0;
  {
    std::unordered_map<std::string, std::pair<uint32_t, double>> shape;  // key -> (count, words)
    for (uint32_t p = 0; p < doc.size(); ++p) {
      const Node& parent = doc.nodes[p];
      if (parent.kind != NodeKind::Element || parent.first_child == kNone) continue;
      shape.clear();
      size_t children = 0;
      for (uint32_t c = parent.first_child; c != kNone && children < 100000; c = doc.nodes[c].next_sibling, ++children) {
        const Node& n = doc.nodes[c];
        if (n.kind != NodeKind::Element || counts.words[c] == 0) continue;
        std::string_view cls = doc.str(n.cls);
        cls = cls.substr(0, std::min(cls.find(' '), cls.size()));
        std::string key(tag_name(n.tag));
        key.push_back('.');
        key.append(cls);
        auto& s = shape[key];
        s.first += 1;
        s.second += counts.words[c];
      }
      for (const auto& [key, s] : shape) {
        if (s.first < kRepeatMin) continue;
        groups += 1;
        repeat_words = std::max(repeat_words, s.second);
        if (s.first > largest) {
          largest = s.first;
          largest_words = s.second;
        }
      }
    }
  }

  // Text blocks: how concentrated the text is.
  std::vector<double> block_words;
  for (const TextBlock& b : tb.blocks) block_words.push_back(b.words);
  std::sort(block_words.rbegin(), block_words.rend());
  const double top1 = block_words.empty() ? 0 : block_words[0];
  double top3 = 0;
  for (size_t i = 0; i < block_words.size() && i < 3; ++i) top3 += block_words[i];

  const double share = words > 0 ? 1.0 / words : 0.0;
  const double prices = static_cast<double>(text_counts.prices);
  part.url_scalars = x.size();
  x.resize(x.size() + 4, 0.0);  // has a URL, depth, has a query, dated
  x.push_back(lg(words));
  x.push_back(lg(static_cast<double>(doc.text_nodes.size())));
  x.push_back(doc.text_nodes.empty() ? 0.0 : words / static_cast<double>(doc.text_nodes.size()));
  x.push_back(words > 0 ? counts.link_words[0] * share : 0.0);
  x.push_back(pre_words * share);
  x.push_back(heading_words * share);
  x.push_back(li_words * share);
  x.push_back(table_words * share);
  x.push_back(form_words * share);
  x.push_back(lg(prices));
  x.push_back(prices / kwords);
  x.push_back(lg(groups));
  x.push_back(lg(largest));
  x.push_back(repeat_words * share);
  x.push_back(largest_words * share);
  x.push_back(top1 * share);
  x.push_back(top3 * share);
  x.push_back(lg(static_cast<double>(block_words.size())));
  x.push_back(hidden_words * share);
  x.push_back(tag_count[10] / kwords);  // h2
  x.push_back(tag_count[14] / kwords);  // img
  x.push_back(lg(linked_headings));
  x.push_back(headings > 0 ? linked_headings / headings : 0.0);
  x.push_back(p_words * share);
  x.push_back(lg(long_paragraphs));
  x.push_back(paragraphs > 0 ? p_words / paragraphs : 0.0);
  part.slug_words = x.size();
  x.push_back(0.0);
  for (double v : body_class_hits(doc)) x.push_back(v);
  return part;
}

}  // namespace

std::vector<double> page_type_features(Context& ctx, std::string_view url, bool structured) {
  static const char kKey = 0;
  const DocumentPart& part = ctx.memo<DocumentPart>(&kKey, [&] { return document_part(ctx); });
  std::vector<double> x = part.x;
  x.reserve(page_type_feature_names().size());  // the structured part follows
  if (!url.empty()) {
    bool has_query = false, dated = false;
    size_t depth = 0, slug_words = 0;
    const std::vector<std::string> path = url_path_words(url, has_query, dated, depth, slug_words);
    // Per path word, how many keywords of each list it equals: one hash
    // lookup per word instead of a comparison with every keyword.
    static const std::unordered_map<std::string_view, std::vector<double>> hits = [] {
      std::unordered_map<std::string_view, std::vector<double>> m;
      for (size_t k = 0; k < kUrlKeywords.size(); ++k)
        for (const char* kw : kUrlKeywords[k].words) {
          std::vector<double>& h = m[kw];
          h.resize(kUrlKeywords.size(), 0.0);
          h[k] += 1;
        }
      return m;
    }();
    std::vector<double> n(kUrlKeywords.size(), 0.0);
    for (const std::string& w : path)
      if (const auto it = hits.find(w); it != hits.end())
        for (size_t k = 0; k < n.size(); ++k) n[k] += it->second[k];
    for (size_t k = 0; k < kUrlKeywords.size(); ++k) x[part.url_keywords + k] = n[k];
    x[part.url_scalars] = 1.0;
    x[part.url_scalars + 1] = static_cast<double>(depth);
    x[part.url_scalars + 2] = has_query ? 1.0 : 0.0;
    x[part.url_scalars + 3] = dated ? 1.0 : 0.0;
    x[part.slug_words] = static_cast<double>(slug_words);
  }
  if (structured)
    append_page_type_structured(ctx.doc(), x);
  else  // as on a Document without kept attributes
    x.resize(x.size() + page_type_structured_names().size(), 0.0);
  return x;
}

}  // namespace wce
