// The page-type classifier's features (WCXB's seven types: article, forum,
// product, collection, listing, documentation, service), from the Document
// and, when known, the page's URL. One pass over the nodes plus the shared
// counts. The signals are those the page types differ in (issue list and
// rs-trafilatura's classifier description): repeated sibling structures
// (cards, posts), comment / post markup, forms and prices, schema.org
// microdata (itemprop), code and `pre`, the heading outline, link density,
// and words of the URL path. Keyword lists are data, at the top.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "extractors/extractor_util.hpp"
#include "wce/train/page_type_model.hpp"

namespace wce {
namespace {

// ---- Tunables and keyword lists (data) ----

constexpr size_t kRepeatMin = 3;  // siblings of one shape that make a repeated structure

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
const std::vector<Tag> kCountedTags = {Tag::Article, Tag::Section, Tag::Form, Tag::Input, Tag::Button,
                                       Tag::Select, Tag::Pre, Tag::Code, Tag::Table, Tag::H1, Tag::H2,
                                       Tag::H3, Tag::Time, Tag::Li, Tag::Img, Tag::Nav, Tag::Aside,
                                       Tag::Footer, Tag::Dl, Tag::Blockquote, Tag::Textarea};

// ---- Helpers ----

bool is_alnum_ascii(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

// The keyword lists a lowercase string hits (one bit per list).
template <size_t N>
void hits(std::string_view lower, const std::vector<Keywords>& lists, std::array<bool, N>& out) {
  for (size_t k = 0; k < lists.size() && k < N; ++k)
    for (const char* w : lists[k].words)
      if (lower.find(w) != std::string_view::npos) {
        out[k] = true;
        break;
      }
}

double lg(double v) { return std::log1p(std::max(0.0, v)); }

// Occurrences of a phrase as whole words in lowercase text.
size_t count_phrase(std::string_view text, std::string_view phrase) {
  size_t n = 0;
  for (size_t at = text.find(phrase); at != std::string_view::npos; at = text.find(phrase, at + 1)) {
    const bool left = at == 0 || !is_alnum_ascii(text[at - 1]);
    const size_t end = at + phrase.size();
    const bool right = end >= text.size() || !is_alnum_ascii(text[end]) || !is_alnum_ascii(phrase.back());
    if (left && right) ++n;
  }
  return n;
}

// Prices: a currency sign next to a digit, or a digit before a currency code.
size_t count_prices(std::string_view text) {
  static const char* const kSigns[] = {"$", "\xE2\x82\xAC" /* € */, "\xC2\xA3" /* £ */, "\xC2\xA5" /* ¥ */,
                                       "\xE2\x82\xB9" /* ₹ */};
  size_t n = 0;
  for (const char* sign : kSigns) {
    const size_t len = std::strlen(sign);
    for (size_t at = text.find(sign); at != std::string_view::npos; at = text.find(sign, at + len)) {
      const bool digit_after = at + len < text.size() && text[at + len] >= '0' && text[at + len] <= '9';
      size_t b = at;
      while (b > 0 && text[b - 1] == ' ') --b;
      const bool digit_before = b > 0 && text[b - 1] >= '0' && text[b - 1] <= '9';
      if (digit_after || digit_before) ++n;
    }
  }
  for (const char* code : {" usd", " eur", " gbp"}) n += count_phrase(text, code + 1);
  return n;
}

// The path of a URL, split into lowercase words at every non-alphanumeric byte.
std::vector<std::string> url_path_words(std::string_view url, bool& has_query, bool& dated, size_t& depth) {
  has_query = url.find('?') != std::string_view::npos;
  size_t start = url.find("://");
  start = start == std::string_view::npos ? 0 : url.find('/', start + 3);
  std::string_view path = start == std::string_view::npos ? std::string_view() : url.substr(start);
  path = path.substr(0, std::min(path.find('?'), path.find('#')));
  depth = 0;
  for (size_t i = 0; i < path.size(); ++i)
    if (path[i] == '/' && i + 1 < path.size()) ++depth;
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
    return n;
  }();
  return names;
}

std::vector<double> page_type_features(Context& ctx, std::string_view url) {
  const Document& doc = ctx.doc();
  const NodeCounts& counts = ctx.counts();
  const TextBlocks& tb = ctx.blocks();
  std::vector<double> x;
  x.reserve(page_type_feature_names().size());
  const double words = doc.size() ? counts.words[0] : 0;
  const double kwords = std::max(1.0, words / 1000.0);

  // Per element: class/id and itemprop keyword hits, tag counts, shares.
  constexpr size_t kC = 8, kI = 4;
  std::array<double, kC> class_elems{}, class_words{};
  std::array<double, kI> itemprop_elems{};
  std::vector<double> tag_count(kCountedTags.size(), 0.0);
  double pre_words = 0, heading_words = 0, li_words = 0, table_words = 0, form_words = 0, hidden_words = 0;
  std::vector<uint8_t> inside(doc.size(), 0);  // bits: 1 pre/code, 2 heading, 4 li, 8 table, 16 form
  for (uint32_t i = 1; i < doc.size(); ++i) {
    const Node& n = doc.nodes[i];
    if (n.kind != NodeKind::Element) continue;
    uint8_t bits = n.parent == kNone ? 0 : inside[n.parent];
    if (n.tag == Tag::Pre || n.tag == Tag::Code) bits |= 1;
    if (n.tag == Tag::H1 || n.tag == Tag::H2 || n.tag == Tag::H3 || n.tag == Tag::H4) bits |= 2;
    if (n.tag == Tag::Li) bits |= 4;
    if (n.tag == Tag::Table) bits |= 8;
    if (n.tag == Tag::Form) bits |= 16;
    inside[i] = bits;
    const uint8_t parent_bits = n.parent == kNone ? 0 : inside[n.parent];
    const double w = counts.words[i];
    if ((bits & 1) && !(parent_bits & 1)) pre_words += w;
    if ((bits & 2) && !(parent_bits & 2)) heading_words += w;
    if ((bits & 4) && !(parent_bits & 4)) li_words += w;
    if ((bits & 8) && !(parent_bits & 8)) table_words += w;
    if ((bits & 16) && !(parent_bits & 16)) form_words += w;
    if ((n.flags & kHidden) && !(n.parent != kNone && (doc.nodes[n.parent].flags & kHidden))) hidden_words += w;
    for (size_t t = 0; t < kCountedTags.size(); ++t)
      if (n.tag == kCountedTags[t]) tag_count[t] += 1;
    if (n.cls.len || n.id.len) {
      const std::string attrs = to_ascii_lower(doc.str(n.cls)) + " " + to_ascii_lower(doc.str(n.id));
      std::array<bool, kC> h{};
      hits(attrs, kClassKeywords, h);
      for (size_t k = 0; k < kC; ++k)
        if (h[k]) {
          class_elems[k] += 1;
          class_words[k] = std::max(class_words[k], w);
        }
    }
    if (n.itemprop.len) {
      std::array<bool, kI> h{};
      hits(to_ascii_lower(doc.str(n.itemprop)), kItempropKeywords, h);
      for (size_t k = 0; k < kI; ++k) itemprop_elems[k] += h[k];
    }
  }
  for (size_t k = 0; k < kClassKeywords.size(); ++k) x.push_back(lg(class_elems[k]));
  for (size_t k = 0; k < kClassKeywords.size(); ++k) x.push_back(words > 0 ? class_words[k] / words : 0.0);
  for (size_t k = 0; k < kItempropKeywords.size(); ++k) x.push_back(lg(itemprop_elems[k]));

  // Text cues: the page's visible text, lowercased (ASCII).
  std::string text;
  text.reserve(static_cast<size_t>(std::min<double>(words * 7, 4e6)));
  for (uint32_t t : doc.text_nodes) {
    if (text.size() > 4000000) break;  // enough to count cues on a huge page
    text += to_ascii_lower(doc.text(t));
    text.push_back(' ');
  }
  for (const auto& k : kTextKeywords) {
    size_t n = 0;
    for (const char* w : k.words) n += count_phrase(text, w);
    x.push_back(lg(static_cast<double>(n)) / std::log1p(kwords * 10));  // per page size
  }

  // URL path words.
  bool has_query = false, dated = false;
  size_t depth = 0;
  const std::vector<std::string> path = url.empty() ? std::vector<std::string>() : url_path_words(url, has_query, dated, depth);
  for (const auto& k : kUrlKeywords) {
    double n = 0;
    for (const std::string& w : path)
      for (const char* kw : k.words)
        if (w == kw) n += 1;
    x.push_back(n);
  }
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
  const double prices = static_cast<double>(count_prices(text));
  x.push_back(url.empty() ? 0.0 : 1.0);
  x.push_back(static_cast<double>(depth));
  x.push_back(has_query ? 1.0 : 0.0);
  x.push_back(dated ? 1.0 : 0.0);
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
  return x;
}

}  // namespace wce
