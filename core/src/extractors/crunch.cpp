// Crunch: the DOM filters of Gupta, Kaiser, Neistadt, Grimm 2003 ("DOM-based
// content extraction of HTML documents", WWW 2003; refined in Gupta et al.
// 2005, "Automating content extraction of HTML documents", World Wide Web
// 8(2)), as summarised by Gottron 2007 (section 5.1: "discovery of link
// lists, text lists, blocks with a too high link ratio, commercial banners")
// and Gottron 2007 section 5.4 (Crunch uses a link quota). Crunch is a proxy
// whose filters remove DOM subtrees and keep everything else; here a removed
// subtree's text nodes are labelled 0.
//
// Filters, each removing an element with its content:
//   1. scripts, styles, forms' controls, embedded objects and images (the
//      original's "ignore" settings; images and controls carry no text but a
//      control's option and button texts), and the <head> (its title is no
//      page content);
//   2. advertisements: the original compares the URLs of links and images
//      with a list of ad servers. The Document keeps no URLs (both input
//      paths must agree, and the live-DOM encoding carries id and class, not
//      href or src), so the stand-in matches the id and class words of any
//      element against ad / banner / ad-server names (kAdWords);
//   3. link lists: a list whose words are mostly link text; text lists: a
//      list of many items that are all bare labels of a few words (tag
//      clouds, category and sharing menus without links);
//   4. blocks with too high a link ratio: a table cell, div or sectioning
//      block with more links per non-link word than the link/text removal
//      ratio (the original's measure: number of links over non-linked words);
//   5. empty tables and forms: a table or form left with (almost) no non-link
//      words once the other filters ran ("tables empty of substantive
//      content"; a form that wraps a whole page, as ASP.NET pages do, stays).
// Filters 3-5 run bottom-up on the DOM the earlier removals left, as the
// proxy applies them to the modified tree: an outer layout cell is judged by
// what remains of it once the link lists inside it are gone. One backward
// pass (children before parents) and one forward pass: linear.
// Not done: the "removed link retainer" that appends removed links at the
// page end. The text-list rule is ours: Gottron 2007 names the filter, and no
// published description of its test was found.
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "extractors/extractor_util.hpp"
#include "extractors/registry_list.hpp"
#include "extractors/rule_pattern.hpp"

namespace wce {
namespace {

// Filter 1 (Gupta et al. 2003, the proxy's "ignore" settings), and the
// head, whose title a browser shows in no page content.
const TagSet kAlwaysRemoved = {Tag::Head, Tag::Script, Tag::Style,  Tag::Noscript, Tag::Template, Tag::Img,
                               Tag::Picture, Tag::Svg,   Tag::Iframe,   Tag::Object,   Tag::Embed,
                               Tag::Applet, Tag::Input,  Tag::Button,   Tag::Select,   Tag::Textarea,
                               Tag::Datalist};
// Filter 2: id / class words that name ads, banners or ad servers. Ours, in
// lieu of the original's ad-server host list (see above), as a rule pattern
// (rule_pattern.hpp) on each word of the attribute, a word being a run of
// ASCII letters and digits (anything else separates), ignoring ASCII case:
// "ad-slot" and "AdUnit" match, "header" or "load" do not. (One pattern
// with the separators in it, "(?:^|[^A-Za-z0-9])(?:ad|...)(?:$|[^A-Za-z0-9])",
// says the same but runs on the pattern VM at every "ad" in a class list.)
constexpr std::string_view kAdWords =
    "^(?:ad|ads|adv|advert|adverts|advertisement|advertisements|advertising|adsbygoogle|adsense|"
    "adserver|adslot|adunit|banner|banners|sponsor|sponsored|sponsors|doubleclick)$";
// Page-level elements are never taken for an ad (<body class="ads-on">).
const TagSet kNeverAd = {Tag::Html, Tag::Body, Tag::Main, Tag::Article};
// Filter 3: lists.
const TagSet kLists = {Tag::Ul, Tag::Ol, Tag::Dl, Tag::Menu, Tag::Dir};
// A list is a link list when more than this share of its words is link text.
// Ours ("mostly links"); the original leaves thresholds to the user.
constexpr double kLinkListShare = 0.5;
// A list is a text list when it has at least this many items and none holds
// more than kTextListMaxItemWords words (ours, see the header).
const TagSet kListItems = {Tag::Li, Tag::Dt, Tag::Dd};
constexpr uint32_t kTextListMinItems = 4;
constexpr uint32_t kTextListMaxItemWords = 3;
// Filter 4: table cells and div-like blocks (the original worked on table
// cells, the layout unit of 2003; divs and HTML5 sectioning elements play
// that role today).
const TagSet kLinkRatioBlocks = {Tag::Td,     Tag::Th,     Tag::Div,    Tag::Nav,
                                 Tag::Aside,  Tag::Header, Tag::Footer, Tag::Section};
// Links per non-link word above which such a block is removed ("link/text
// removal ratio", a user setting of the original; this value is ours). A
// block of links only has an infinite ratio.
constexpr double kLinkTextRatio = 0.35;
// Filter 5: tables and forms with at most this many non-link words left are
// empty (ours; the original's "substantive content" threshold is a setting).
const TagSet kEmptyRemoved = {Tag::Table, Tag::Form};
constexpr uint32_t kEmptyMaxWords = 3;

bool ascii_alnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

// Any whole word of the attribute value an ad word?
bool names_ad(std::string_view value) {
  static const RulePattern ad_words(kAdWords, true);
  for (size_t i = 0; i < value.size();) {
    while (i < value.size() && !ascii_alnum(value[i])) ++i;
    const size_t b = i;
    while (i < value.size() && ascii_alnum(value[i])) ++i;
    if (i > b && ad_words.search(value.substr(b, i - b))) return true;
  }
  return false;
}

Labels crunch(Context& ctx) {
  const Document& doc = ctx.doc();
  const NodeCounts& counts = ctx.counts();
  const size_t n = doc.size();
  // Filters 1 and 2 do not depend on counts.
  std::vector<uint8_t> removed(n, 0);
  for (uint32_t i = 1; i < n; ++i) {
    const Node& nd = doc.nodes[i];
    if (nd.kind != NodeKind::Element) continue;
    removed[i] = kAlwaysRemoved(nd.tag) ||
                 (!kNeverAd(nd.tag) && (names_ad(doc.str(nd.id)) || names_ad(doc.str(nd.cls))));
  }
  // Filters 3-5, bottom-up over what the removals leave: words, link words
  // and links (<a href>) remaining in each subtree.
  std::vector<uint32_t> words(n, 0), link_words(n, 0), links(n, 0);
  // Per list: its remaining items and the most words in one of them.
  std::vector<uint32_t> items(n, 0), longest_item(n, 0);
  for (uint32_t i = static_cast<uint32_t>(n); i-- > 1;) {
    const Node& nd = doc.nodes[i];
    if (nd.kind == NodeKind::Text) {
      words[i] = counts.words[i];
      link_words[i] = counts.link_words[i];
    } else if (!removed[i]) {
      if (nd.flags & kHasHref) ++links[i];
      const uint32_t plain = words[i] - link_words[i];
      const bool text_list = items[i] >= kTextListMinItems && longest_item[i] <= kTextListMaxItemWords;
      if (kLists(nd.tag) && words[i] > 0 && (link_words[i] > kLinkListShare * words[i] || text_list)) removed[i] = 1;
      else if (kLinkRatioBlocks(nd.tag) && links[i] > 0 && links[i] > kLinkTextRatio * plain) removed[i] = 1;
      else if (kEmptyRemoved(nd.tag) && plain <= kEmptyMaxWords) removed[i] = 1;
    }
    if (removed[i]) continue;
    if (nd.kind == NodeKind::Element && kListItems(nd.tag) && words[i] > 0) {
      ++items[nd.parent];
      longest_item[nd.parent] = std::max(longest_item[nd.parent], words[i]);
    }
    words[nd.parent] += words[i];
    link_words[nd.parent] += link_words[i];
    links[nd.parent] += links[i];
  }
  return drop_subtrees(doc, [&](uint32_t i) { return removed[i] != 0; });
}

}  // namespace

std::unique_ptr<Extractor> make_crunch() {
  return make_extractor(
      {"crunch", Family::Baseline,
       "Gupta, Kaiser, Neistadt, Grimm 2003: DOM-based content extraction of HTML documents (Crunch)",
       "Crunch's DOM filters: removes link lists, text lists, table cells and divs with a high link ratio, "
       "ad and banner elements, empty tables and forms, scripts, forms' controls and embedded objects."},
      crunch);
}

}  // namespace wce
