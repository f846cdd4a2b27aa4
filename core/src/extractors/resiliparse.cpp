// Resiliparse main-content extraction: Bevendorff et al., ChatNoir
// Resiliparse (chatnoir-eu/chatnoir-resiliparse), extract_plain_text(...,
// main_content=True) with its default options (comments and post metadata
// kept, hidden elements dropped). The rules are those of html2text
// (resiliparse/extract/html2text.pyx, _is_main_content_node), with the class
// and id patterns of release 2.0.1, the version the peer benchmark runs.
//
// A precision-first rule set, no scoring: the page is walked from <body>
// (or from the single element matching kMainContentSelectors, if exactly one
// does); an element that fails the rules below is dropped with its whole
// subtree, all other text is main content.
//   Section 1, tag names: body, main, h1 are kept outright; nav, aside,
//     audio, video, time are dropped; a footer is dropped near the body or
//     when link-heavy, and kept only when something follows it; a <ul> is
//     dropped near the body or when link-heavy; an <article> deep in the page
//     that is a short link cluster is a teaser and dropped.
//   Section 2, attributes: hidden / aria-hidden; rel author, icon, search,
//     prev, next, tag; itemprop datePublished, author, url.
//   Section 3, elements with a class or id: hidden classes, skip links,
//     sign-in and social widgets (deeper than 2 below body), logos, ads,
//     spinners. A div without class and id is dropped only when, deeper than
//     5 below body, it is a short (<= 800 bytes) link cluster (> 60% link text).
//   Section 4, block elements and td: blacklisted ARIA roles; article-like
//     class/id is kept; landmark ids, header, footer, navigation,
//     recommended-articles, search, sidebar, modal, gallery and print classes
//     are dropped; so is a deep div that is a link cluster of <= 1500 bytes.
// Text nodes that are a lone private-use icon-font glyph or a pilcrow are
// dropped. Elements never extracted: script, style, iframe, frame, template,
// noscript and the form fields (form_fields=False).
//
// Differences: attributes the Document does not keep (aria-expanded,
// data-ad*, style other than the hidden flag) are not read; our hidden flag
// also covers inline display:none, which Resiliparse checks only on elements
// with a class or id. Text lengths for the link-cluster test lack script/style
// text, which lexbor counts (so script-heavy widgets look more link-dense).
#include <algorithm>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "document/ascii_swar.hpp"
#include "document/unicode.hpp"
#include "extractors/extractor_util.hpp"
#include "extractors/registry_list.hpp"
#include "extractors/rule_pattern.hpp"

namespace wce {
namespace {

// ---------------------------------------------------------------------------
// Rules (resiliparse 2.0.1 html2text; patterns case-insensitive unless noted).

// extract_plain_text: "opportunistically" start from the main content zone
// when exactly one element matches one of these class names or role=main.
constexpr std::string_view kMainContentClasses[] = {
    "article-body", "articleBody", "contentBody", "article-text", "main-content",
    "postcontent",  "post-content", "single-post"};
constexpr std::string_view kMainContentRole = "main";

// Skipped elements (skip_selectors: script, style, iframe, frame, template;
// noscript=False; form_fields=False: textarea, input, button, select,
// option, label). Our Document has no <frame> text.
constexpr Tag kSkippedTags[] = {Tag::Script, Tag::Style,  Tag::Iframe, Tag::Template,
                                Tag::Noscript, Tag::Textarea, Tag::Input, Tag::Button,
                                Tag::Select, Tag::Option, Tag::Label};

// Section 1 thresholds: minimum depth below <body> and _is_link_cluster
// (max link-text ratio, max text length in bytes; 0 = no limit).
constexpr size_t kFooterMinDepth = 3;
constexpr double kFooterMaxLinkRatio = 0.2;
constexpr size_t kUlMinDepth = 4;
constexpr double kUlMaxLinkRatio = 0.2;
constexpr size_t kTeaserArticleMinDepth = 3;  // body_depth > 2
constexpr double kTeaserArticleMaxLinkRatio = 0.2;
constexpr size_t kTeaserArticleMaxLength = 500;
// Section 3: divs without class and id.
constexpr size_t kBareDivMinDepth = 6;  // body_depth > 5
constexpr double kBareDivMaxLinkRatio = 0.6;
constexpr size_t kBareDivMaxLength = 800;
// Section 3: sign-in, social rules apply below this depth (body_depth > 2).
constexpr size_t kWidgetMinDepth = 3;
// Section 4: divs that are link clusters.
constexpr size_t kLinkDivMinDepth = 3;
constexpr double kLinkDivMaxLinkRatio = 0.6;
constexpr size_t kLinkDivMaxLength = 1500;

constexpr std::string_view kDroppedItemprops[] = {"datePublished", "author", "url"};
constexpr std::string_view kBlacklistRoles[] = {
    "alert", "banner", "checkbox", "comment", "complementary", "contentinfo", "dialog",
    "img", "menu", "menubar", "menuitem", "navigation", "presentation", "radio",
    "search", "searchbox", "separator", "tab", "toolbar", "tooltip"};

// The class/id patterns (rule_pattern.hpp syntax; RulePattern finds the
// literals every match contains and tests those first).
enum class Subject : uint8_t { Class, Id, ClassAndId };
struct PatternRule {
  const char* name;
  Subject subject;
  const char* pattern;
  bool case_sensitive;
};
enum RuleId : uint8_t {
  kDisplayCls, kSkipLink, kSignin, kSocial, kLogo, kAds, kOtherJunk,  // section 3
  kArticle, kLandmarkId, kHeader, kFooter, kNav, kRecommended, kSearch, kSidebar, kModal,
  kGallery, kPrint,  // section 4
  kRuleCount
};
const PatternRule kRules[kRuleCount] = {
    {"display_cls", Subject::Class,
     R"((?:^|\s)(?:(?:is|visually)[_-])?(?:display-none|hidden|invisible|collapsed|h-0|nocontent|expandable)(?:-xs|-sm|-lg|-2?xl)?(?:$|\s))", false},
    {"skip_link", Subject::ClassAndId,
     R"((?:^|\s)(?:link[_-]?)?(?:skip(?:[_-]?(?:to|link))?|scroll[_-]?(?:up|down)|next|prev(?:ious)?|permalink|pagination|skip-to-(?:main-)?content)(?:$|\s|[_-]?(?:post|article)))", false},
    {"signin", Subject::Class,
     R"((?:^|[\s_-])(?:(?:log[_-]?in|sign[_-]?(?:in|up)|account)|user[_-](?:info|profile|settings|actions))(?:$|[\s_-]))", false},
    {"social", Subject::Class,
     R"((?:^|\s|__|--|mobile-|desktop-|l-|m-|c-)(?:social(?:media|search)?|share(?:daddy)?|syndication|newsletter|sharing|follow|email|likes?|(?:give[_-]?)?feedback|(?:brand[_-])?engagement|facebook|twitter|subscribe|wa|jp|aptf-follow)(?:[_-]?(?:post|links?|section|icons?|btn|buttons?|target))?(?:$|[\s_-]))", false},
    {"logo", Subject::ClassAndId, R"((?:brand(?:ing)?[_-]*)?logo(?:$|\s))", false},
    {"ads", Subject::ClassAndId,
     R"((?:^|\s)(?:(?:google|wide)[_-]?ads?|ad(?:vert|vertise(?:ment|link)?|$|_[a-f0-9]+)|sponsor(?:ed)?|promoted|paid|(?:wide)?banner|donate)(?:$|[\s_-]))", false},
    {"other_junk", Subject::Class, R"((?:^|\s)short-view-count|spinner(?:$|[\s_-]))", true},
    {"article", Subject::ClassAndId,
     R"((?:^|[\s_-])(?:article|entry|post|story|single[_-]?post|(?:main[_-])?content|body|text|page)(?:$|[\s_-]))", false},
    {"landmark_id", Subject::Id,
     R"(^(?:(?:l|wp|global|page|site|full|sticky)[_-]*)?(?:(?:head|foot)(?:er)?|right)$)", false},
    {"header", Subject::ClassAndId,
     R"((?:^|\s)(?:l|m|wp|global|page|site|full|sticky)[_-]*header(?:[_-]?wrap(?:per)?|bar)?(?:$|\s))", false},
    {"footer", Subject::ClassAndId,
     R"((?:^|\s)(?:(?:global|page|site)[_-]?)?(?:footer|copyright|cookie|consent|legal|fcontainer)(?:[_-](?:wrap(?:per)?|container|banner|notice|bar|consent))?(?:$|\s))", false},
    {"nav", Subject::ClassAndId,
     R"((?:^|\s)(?:(?:l|m|wp|main|site|page|sub|article|global|sticky)[_-]*)?(?:nav(?:igation|bar)?(?:[_-](?:bar|menu|container|wrapper))?|menu(?:[_-]item)?|drop[_-]?down|bread[_-]?crumbs?|links?[_-]?(?:bar|box|list|container|section|wrapper))(?:$|\s))", false},
    {"recommended", Subject::ClassAndId,
     R"((?:^|[\s_-])(?:trends|trending|recommended|featured|popular|editors?[_-]picks|related|read-next|related[_-]?(?:links|articles|posts|guides|stories))(?:$|[\s_-]))", false},
    {"search", Subject::ClassAndId, R"((?:^|\s)search(?:[_-]?(?:bar|facility|box))?(?:$|\s))", false},
    {"sidebar", Subject::ClassAndId,
     R"((?:^|\s)(?:(?:l|wp|global|sticky)[_-]*)?(?:(?:side|sticky)[_-]?(?:bars?|box)|one-third)(?:$|\s))", false},
    {"modal", Subject::ClassAndId,
     R"((?:^|\s)(?:wp-|p-|-l)?(?:modal|popup|lightbox)(?:[_-]*(?:window|pane|box))?(?:$|\s))", false},
    {"gallery", Subject::ClassAndId, R"((?:^|\s)(?:gallery|carousel)(?:$|\s))", false},
    {"print", Subject::ClassAndId, R"((?:^|\s)print[_-])", false},
};
// Attribute values longer than this are cut before the patterns (class lists
// this long are generated noise; the cut bounds the work per value).
constexpr size_t kMaxAttributeLength = 512;

// _is_unprintable_pua: a text node that is only this after trimming.
constexpr std::string_view kPilcrow = "\xC2\xB6";
constexpr uint32_t kPuaLo = 0xE000, kPuaHi = 0xF8FF;  // BMP private use area (icon fonts)

// ---------------------------------------------------------------------------

// The compiled patterns, built once.
const std::vector<RulePattern>& compiled_rules() {
  static const std::vector<RulePattern> rs = [] {
    std::vector<RulePattern> v;
    for (const PatternRule& r : kRules) v.emplace_back(r.pattern, !r.case_sensitive);
    return v;
  }();
  return rs;
}

// Whether rule i matches an element's (class, id) pair, each rule searched
// only when keep() asks for it (most elements need a few of the 18: an
// inline element none of section 4, and the first hit decides). The answers
// are memoised per page by the pair, since class lists repeat.
class RuleMatcher {
 public:
  // The element whose rules has() answers next.
  void set(std::string_view cls, std::string_view id) {
    cls_ = cls.substr(0, kMaxAttributeLength);
    id_ = id.substr(0, kMaxAttributeLength);
    // The key and the joined subject are built in reused buffers: no
    // allocation per element once they have grown (only a new pair stores a copy).
    key_.assign(cls_);
    key_ += '\x01';
    key_ += id_;
    auto it = memo_.find(key_);
    if (it == memo_.end()) it = memo_.emplace(key_, Known{}).first;
    known_ = &it->second;  // references into an unordered_map survive rehashing
    both_built_ = false;
  }
  bool has(RuleId r) {
    const uint32_t bit = 1u << r;
    if (!(known_->asked & bit)) {
      const PatternRule& rule = kRules[r];
      std::string_view subject = rule.subject == Subject::Class ? cls_ : rule.subject == Subject::Id ? id_ : both();
      if (!subject.empty() && compiled_rules()[r].search(subject)) known_->bits |= bit;
      known_->asked |= bit;
    }
    return (known_->bits & bit) != 0;
  }

 private:
  struct Known {
    uint32_t asked = 0, bits = 0;  // rules searched so far, and those that matched
  };
  std::string_view both() {
    if (!both_built_) {
      both_.assign(cls_);
      if (!both_.empty()) both_ += ' ';
      both_ += id_;
      both_built_ = true;
    }
    return both_;
  }
  std::unordered_map<std::string, Known> memo_;
  std::string key_, both_;
  std::string_view cls_, id_;
  Known* known_ = nullptr;
  bool both_built_ = false;
};

// Per-node text facts for _is_link_cluster: bytes of white-space-collapsed
// text in the subtree, and of that inside <a> elements. (Resiliparse
// collapses the subtree's text as one string; here a run that spans the
// subtree's start counts one space less or more, and script text is absent.)
struct TextSums {
  std::vector<uint32_t> text, link;
};

// Bytes of s with every white-space run as one space; `space` carries
// whether the text before ended in white space (runs span text nodes).
uint32_t collapsed_length(std::string_view s, bool& space) {
  uint32_t n = 0;
  for (size_t i = 0; i < s.size();) {
    if (i + 8 <= s.size()) {  // eight ASCII bytes at once: the same count
      const uint64_t w = swar::load8(s.data() + i);
      if (swar::ascii(w)) {
        const uint64_t sp = swar::space(w);
        n += swar::count(~sp & swar::kHigh) + swar::count(swar::starts(sp, space));
        space = swar::last_in(sp);
        i += 8;
        continue;
      }
    }
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c == ' ' || (c >= 0x09 && c <= 0x0D)) {
      if (!space) ++n;
      space = true;
      ++i;
      continue;
    }
    // Any other character counts its bytes: ASCII without decoding, else
    // what unicode::next takes (an invalid byte alone).
    const size_t b = i;
    if (c < 0x80) ++i;
    else unicode::next(s, i);
    n += static_cast<uint32_t>(i - b);
    space = false;
  }
  return n;
}

TextSums text_sums(const Document& doc) {
  const size_t n = doc.size();
  TextSums s{std::vector<uint32_t>(n, 0), std::vector<uint32_t>(n, 0)};
  std::vector<uint8_t> in_a(n, 0);
  bool space = false;
  for (size_t i = 1; i < n; ++i) {  // document order: white-space runs across nodes
    uint32_t p = doc.nodes[i].parent;
    if (p == kNone) continue;
    in_a[i] = in_a[p] || (doc.nodes[p].kind == NodeKind::Element && doc.nodes[p].tag == Tag::A);
    if (doc.is_text(static_cast<uint32_t>(i))) {
      s.text[i] = collapsed_length(doc.text(static_cast<uint32_t>(i)), space);
      if (in_a[i]) s.link[i] = s.text[i];
    }
  }
  for (size_t i = n; i-- > 1;) {  // subtree sums
    uint32_t p = doc.nodes[i].parent;
    if (p == kNone) continue;
    s.text[p] += s.text[i];
    s.link[p] += s.link[i];
  }
  return s;
}

// _is_link_cluster.
bool is_link_cluster(const TextSums& s, uint32_t node, double max_ratio, size_t max_length) {
  if (max_length != 0 && s.text[node] > max_length) return false;
  return s.link[node] > 0 && static_cast<double>(s.link[node]) / s.text[node] > max_ratio;
}

// _is_unprintable_pua on a text node.
bool is_unprintable_pua(std::string_view text) {
  size_t b = 0, e = text.size();
  auto ws = [](char c) { return c == ' ' || (c >= 0x09 && c <= 0x0D); };
  while (b < e && ws(text[b])) ++b;
  while (e > b && ws(text[e - 1])) --e;
  std::string_view t = text.substr(b, e - b);
  if (t.size() > 3) return false;
  if (t == kPilcrow) return true;
  if (t.size() == 3) {
    size_t i = 0;
    uint32_t cp = unicode::next(t, i);
    return i == 3 && cp >= kPuaLo && cp <= kPuaHi;
  }
  return false;
}

// A token of the class list is one of kMainContentClasses (the list is
// split once, not once per name).
bool has_main_content_class(std::string_view list) {
  auto ws = [](char c) { return c == ' ' || (c >= 0x09 && c <= 0x0D); };
  size_t b = 0;
  while (b < list.size()) {
    while (b < list.size() && ws(list[b])) ++b;
    size_t e = b;
    while (e < list.size() && !ws(list[e])) ++e;
    const std::string_view token = list.substr(b, e - b);
    for (std::string_view c : kMainContentClasses)
      if (token == c) return true;
    b = e;
  }
  return false;
}

std::string_view strip(std::string_view s) {
  auto ws = [](char c) { return c == ' ' || (c >= 0x09 && c <= 0x0D); };
  while (!s.empty() && ws(s.front())) s.remove_prefix(1);
  while (!s.empty() && ws(s.back())) s.remove_suffix(1);
  return s;
}

class MainContent {
 public:
  MainContent(const Document& doc, const TextSums& sums) : doc_(doc), sums_(sums) {}

  // _is_main_content_node for element `i`, body_depth levels below <body>.
  bool keep(uint32_t i, size_t body_depth) {
    const Node& nd = doc_.nodes[i];
    const Tag t = nd.tag;
    // Section 1: tag names.
    switch (t) {
      case Tag::Body: case Tag::Main: case Tag::H1:
        return true;
      case Tag::Footer:
        if (body_depth < kFooterMinDepth || is_link_cluster(sums_, i, kFooterMaxLinkRatio, 0)) return false;
        return footer_followed(i);
      case Tag::Ul:
        if (body_depth < kUlMinDepth || is_link_cluster(sums_, i, kUlMaxLinkRatio, 0)) return false;
        break;
      case Tag::Article:
        if (body_depth >= kTeaserArticleMinDepth &&
            is_link_cluster(sums_, i, kTeaserArticleMaxLinkRatio, kTeaserArticleMaxLength))
          return false;
        break;
      case Tag::Nav: case Tag::Aside: case Tag::Audio: case Tag::Video: case Tag::Time:
        return false;
      default:
        break;
    }
    // Section 2: hidden, rel, itemprop.
    if (nd.flags & (kHidden | kRelAuthor | kRelNavigation)) return false;
    std::string_view itemprop = strip(doc_.str(nd.itemprop));
    for (auto p : kDroppedItemprops)
      if (itemprop == p) return false;
    // Section 3: class and id.
    std::string_view cls = doc_.str(nd.cls), id = doc_.str(nd.id);
    if (cls.empty() && id.empty()) {
      if (t == Tag::Div)
        return body_depth < kBareDivMinDepth ||
               !is_link_cluster(sums_, i, kBareDivMaxLinkRatio, kBareDivMaxLength);
      return true;
    }
    matcher_.set(cls, id);
    auto has = [this](RuleId r) { return matcher_.has(r); };
    if (has(kDisplayCls)) return false;
    if ((t == Tag::A || t == Tag::Div || t == Tag::Li) && has(kSkipLink)) return false;
    if (body_depth >= kWidgetMinDepth && (has(kSignin) || has(kSocial))) return false;
    if (has(kLogo) || has(kAds) || has(kOtherJunk)) return false;
    // Section 4: block elements and table cells.
    if (!is_block(t) && t != Tag::Td) return true;
    std::string_view role = strip(doc_.str(nd.role));
    for (auto r : kBlacklistRoles)
      if (role == r) return false;
    if (has(kArticle)) return true;
    for (RuleId r : {kLandmarkId, kHeader, kFooter, kNav, kRecommended, kSearch, kSidebar, kModal,
                     kGallery, kPrint})
      if (has(r)) return false;
    if (body_depth >= kLinkDivMinDepth && t == Tag::Div &&
        is_link_cluster(sums_, i, kLinkDivMaxLinkRatio, kLinkDivMaxLength))
      return false;
    return true;
  }

 private:
  // A footer stays only if it, or an ancestor below the body's child, has a
  // following sibling (one text sibling skipped).
  bool footer_followed(uint32_t i) const {
    uint32_t p = i;
    while (p != kNone && doc_.nodes[p].parent != kNone) {
      const Node& parent = doc_.nodes[doc_.nodes[p].parent];
      if (parent.kind == NodeKind::Element && parent.tag == Tag::Body) break;
      uint32_t next = doc_.nodes[p].next_sibling;
      if (next != kNone && doc_.is_text(next)) {
        p = next;
        next = doc_.nodes[p].next_sibling;
      }
      if (next != kNone) return true;
      p = doc_.nodes[p].parent;
    }
    return false;
  }

  const Document& doc_;
  const TextSums& sums_;
  RuleMatcher matcher_;
};

bool is_skipped_tag(Tag t) {
  for (Tag s : kSkippedTags)
    if (s == t) return true;
  return false;
}

Labels run(Context& ctx) {
  const Document& doc = ctx.doc();
  Labels labels(doc.text_nodes.size(), 0.0f);
  const uint32_t n = static_cast<uint32_t>(doc.size());
  // Subtree ends (backward pass).
  std::vector<uint32_t> end(n, 0);
  for (uint32_t i = n; i-- > 0;) {
    if (end[i] == 0) end[i] = i + 1;
    uint32_t p = doc.nodes[i].parent;
    if (p != kNone) end[p] = std::max(end[p], end[i]);
  }
  uint32_t body = kNone;
  for (uint32_t i = 1; i < n && body == kNone; ++i)
    if (doc.nodes[i].kind == NodeKind::Element && doc.nodes[i].tag == Tag::Body) body = i;
  if (body == kNone) return labels;  // check_node(tree.body): no body, no text
  // The main content zone, if exactly one element names itself so.
  uint32_t root = body, zone = kNone, zones = 0;
  for (uint32_t i = body + 1; i < end[body]; ++i) {  // descendants of <body> only
    const Node& nd = doc.nodes[i];
    if (nd.kind != NodeKind::Element) continue;
    bool hit = doc.str(nd.role) == kMainContentRole || has_main_content_class(doc.str(nd.cls));
    if (hit) {
      ++zones;
      zone = i;
    }
  }
  if (zones == 1) root = zone;
  const TextSums sums = text_sums(doc);
  MainContent rules(doc, sums);
  const uint32_t body_depth = doc.nodes[body].depth;
  for (uint32_t i = root; i < end[root];) {
    const Node& nd = doc.nodes[i];
    if (nd.kind == NodeKind::Text) {
      if (!is_unprintable_pua(doc.text(i))) labels[nd.text_index] = 1.0f;
      ++i;
      continue;
    }
    if (is_skipped_tag(nd.tag) || !rules.keep(i, nd.depth - body_depth)) {
      i = end[i];
      continue;
    }
    ++i;
  }
  return labels;
}

}  // namespace

std::unique_ptr<Extractor> make_resiliparse() {
  return make_extractor(
      {"resiliparse", Family::Heuristic,
       "Bevendorff et al., ChatNoir Resiliparse (chatnoir-eu/chatnoir-resiliparse 2.0.1), "
       "extract_plain_text(main_content=True)",
       "Resiliparse main-content rules: drops nav/aside, global headers, footers and lists near "
       "the body, hidden, ad, social, sidebar, navigation, recommendation and modal classes, and "
       "link clusters; keeps everything else."},
      run);
}

}  // namespace wce
