// Web2Text's inputs (Vogels, Ganea, Eickhoff 2018, "Web2Text: Deep
// Structured Boilerplate Removal", sections 3.1-3.3): the Collapsed DOM and
// the block and tree features of its Table 1, computed once per page over our
// Document / Context.
//
// Collapsed DOM (section 3.1, Figure 2): nodes without non-whitespace text
// below them are dropped (the Document has no script/style/head content
// already); then every node with exactly one remaining child is merged with
// that child, recursively. A CDOM node is thus a chain of DOM nodes; we name
// it by its top DOM node. Its leaves are the non-whitespace text nodes
// (section 3.2, "DOM leaves"), which form the block sequence.
//
// Per CDOM node, kNodeStats values (Table 1; the rest from the authors'
// released feature list, dalab/web2text column_names.txt):
//   0 log(1+characters)        non-whitespace characters (NodeCounts::chars)
//   1 log(1+words)             whitespace tokens (NodeCounts::words)
//   2 log(1+sentences)         Table 1 nSentences (runs ending in . ? !)
//   3 rPunctuation             characters in , . ? ; : ! / characters
//   4 rDashes                  characters in - _ / \ / characters
//   5 rPeriods                 periods / characters
//   6 numeric ratio            digits / characters (released list)
//   7 link density             words inside <a href> / words (Table 1
//                              rCharsInLink, by words: NodeCounts::link_words)
//   8 endsWithPunctuation      last text ends in one of the punctuation marks
//   9 endsWithQuestionMark
//  10 rWordsWithCapital        words starting with an upper-case letter / words
//  11 rStopwords               English stop words (stopwords-iso "en") / words
//  12 avgWordLength            code points per word, capped at 15
//  13 log(1+avg sentence length) words per sentence (released list)
//  14-17 contains copyright sign / e-mail address / URL / year (released list)
//  18 body percentage          characters / characters of the page
//  19 rWords                   words / words of the page (Table 1)
//  20 log(1+children)          CDOM children
//  21 contains form element    input, select, textarea or button below it
//  22 chain has a block-level element
//  23 log(1+blocks below)      non-whitespace text nodes in the subtree
//  24 hidden                   a hidden element in the chain or above
//  25 DOM depth / 10           of the chain's top node
// plus 20 tag indicators (kTags: the chain contains that element; the
// released list's tags of leaves and parents).
//
// Block features (kWeb2TextBlockFeatures = 132; section 3.3: the features of
// the block's CDOM node, its parent and its grandparent):
//   leaf: 26 stats, 20 tags, startRel, endRel (position of the block in the
//     page's text / text length; the paper uses source offsets, which the
//     extension's DOM path does not have), has_duplicate, has_10_duplicates
//     (the same text elsewhere on the page), log(1+blocks with the same tag
//     path), block break before / after, <br> before / after  -> 55
//   parent: has_parent, 26 stats, 20 tags                     -> 47
//   grandparent: has_grandparent, 26 stats                    -> 27
//   page: log(1+characters), link density, log(1+blocks)      -> 3
// Tree (edge) features of neighbouring blocks (kWeb2TextEdgeFeatures = 38;
// section 3.3 and the released TreeDistance / BlockBreak / CommonAncestor
// extractors): CDOM tree distance 2, 3, 4, more (one-hot); same parent /
// grandparent / great-grandparent; same tag / class name / tag path
// (tag.class from the root, as body>div>ul>li.navitem>a>#text); a
// block-level boundary / a <br> between them; the 26 stats of their lowest
// common CDOM ancestor.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <string>
#include <unordered_map>

#include "document/unicode.hpp"
#include "features/stopwords.hpp"
#include "wce/train/fnv1a.hpp"
#include "wce/train/learned.hpp"

namespace wce::learned {
namespace {

constexpr size_t kNodeStats = 26;
constexpr Tag kTags[] = {Tag::A,     Tag::P,      Tag::Td,    Tag::B,  Tag::Li, Tag::Span,  Tag::I,
                         Tag::Tr,    Tag::Div,    Tag::Strong, Tag::Em, Tag::H1, Tag::H2,    Tag::H3,
                         Tag::H4,    Tag::Table,  Tag::Small, Tag::Sup, Tag::Blockquote, Tag::Ul};
constexpr size_t kTagCount = sizeof(kTags) / sizeof(kTags[0]);
constexpr size_t kLeafExtras = 9;
constexpr double kMaxWordLength = 15;
constexpr uint32_t kManyDuplicates = 10;
static_assert(kNodeStats + kTagCount + kLeafExtras + 1 + kNodeStats + kTagCount + 1 + kNodeStats + 3 ==
                  kWeb2TextBlockFeatures,
              "block feature count");
static_assert(4 + 8 + kNodeStats == kWeb2TextEdgeFeatures, "edge feature count");

bool is_punct(uint32_t c) { return c == ',' || c == '.' || c == '?' || c == ';' || c == ':' || c == '!'; }
bool is_dash(uint32_t c) { return c == '-' || c == '_' || c == '/' || c == '\\'; }
bool is_form_element(Tag t) { return t == Tag::Input || t == Tag::Select || t == Tag::Textarea || t == Tag::Button; }

// Additive statistics of one text node (summed over subtrees by prefix sums).
struct TextStats {
  double sentences = 0, punct = 0, dashes = 0, periods = 0, digits = 0, capital = 0, stop = 0, word_len = 0,
         copyright = 0, email = 0, url = 0, year = 0, blocks = 0;
  bool ends_punct = false, ends_question = false;
  void add(const TextStats& o) {
    sentences += o.sentences; punct += o.punct; dashes += o.dashes; periods += o.periods; digits += o.digits;
    capital += o.capital; stop += o.stop; word_len += o.word_len; copyright += o.copyright; email += o.email;
    url += o.url; year += o.year; blocks += o.blocks;
  }
};

bool is_upper(uint32_t cp) {
  if (cp < 0x80) return cp >= 'A' && cp <= 'Z';
  return stopwords::is_cased(cp) && stopwords::lower(cp) != cp;
}

TextStats text_stats(std::string_view text, const stopwords::StopList& stop, std::string& folded) {
  TextStats s;
  s.blocks = 1;
  uint32_t last = 0;
  bool in_sentence = false;
  size_t i = 0;
  while (i < text.size()) {
    // One whitespace-separated word.
    uint32_t cp = unicode::next(text, i);
    if (unicode::is_space(cp)) continue;
    size_t begin = i - 1;
    while (begin > 0 && (static_cast<unsigned char>(text[begin]) & 0xC0) == 0x80) --begin;
    size_t end = i;
    uint32_t first_letter = 0, letters = 0, digit_run = 0;
    bool at = false, year = false;
    for (uint32_t c = cp;;) {
      ++letters;
      if (is_punct(c)) ++s.punct;
      if (is_dash(c)) ++s.dashes;
      if (c == '.') ++s.periods;
      if (c == 0xA9) s.copyright = 1;
      if (c == '@') at = true;
      if (c >= '0' && c <= '9') {
        ++s.digits;
        ++digit_run;
      } else {
        if (digit_run == 4) year = true;
        digit_run = 0;
      }
      if (!first_letter && c != '(' && c != '"' && c != '\'') first_letter = c;
      in_sentence = true;
      if (c == '.' || c == '?' || c == '!') {
        if (in_sentence) ++s.sentences;
        in_sentence = false;
      }
      last = c;
      end = i;
      if (i >= text.size()) break;
      size_t j = i;
      c = unicode::next(text, j);
      if (unicode::is_space(c)) break;
      i = j;
    }
    if (digit_run == 4) year = true;
    std::string_view word = text.substr(begin, end - begin);
    s.word_len += letters;
    if (is_upper(first_letter)) ++s.capital;
    if (at && word.find('.') != std::string_view::npos && word.front() != '@') s.email = 1;
    if (word.find("http://") != std::string_view::npos || word.find("https://") != std::string_view::npos ||
        word.compare(0, 4, "www.") == 0)
      s.url = 1;
    if (year) s.year = 1;
    // Trim ASCII punctuation for the stop-word lookup.
    size_t a = 0, b = word.size();
    while (a < b && static_cast<unsigned char>(word[a]) < 0x80 && !std::isalnum(static_cast<unsigned char>(word[a]))) ++a;
    while (b > a && static_cast<unsigned char>(word[b - 1]) < 0x80 && !std::isalnum(static_cast<unsigned char>(word[b - 1]))) --b;
    if (b > a) {
      stopwords::fold_case(word.substr(a, b - a), folded);
      if (stop.contains_folded(folded)) ++s.stop;
    }
  }
  if (in_sentence) ++s.sentences;
  s.ends_punct = is_punct(last);
  s.ends_question = last == '?';
  return s;
}

uint64_t mix(uint64_t h, uint64_t v) {
  h ^= v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
  return h * 0xFF51AFD7ED558CCDull;
}

class Builder {
 public:
  explicit Builder(Context& ctx) : doc_(ctx.doc()), counts_(ctx.counts()) {}

  Web2TextFeatures run() {
    Web2TextFeatures out;
    const size_t n = doc_.size(), T = doc_.text_nodes.size();
    // Non-whitespace text nodes (the blocks) and prefix sums of their stats.
    stopwords::StopList stop("en");
    std::string folded;
    std::vector<TextStats> prefix(T + 1);
    block_of_text_.assign(T, 0);
    for (uint32_t t = 0; t < T; ++t) {
      std::string_view text = doc_.text(doc_.text_nodes[t]);
      TextStats s;
      if (counts_.chars[doc_.text_nodes[t]] > 0) {
        s = text_stats(text, stop, folded);
        block_of_text_[t] = static_cast<uint32_t>(out.text_index.size());
        out.text_index.push_back(t);
        out.chars.push_back(counts_.chars[doc_.text_nodes[t]]);
        last_stats_.push_back(s);
      }
      prefix[t + 1] = prefix[t];
      prefix[t + 1].add(s);
    }
    const size_t B = out.text_index.size();
    if (B == 0) return out;
    // Text-node range [lo, hi) of each node's subtree; forms below each node.
    std::vector<uint32_t> before(n + 1, 0), forms(n + 1, 0);
    for (uint32_t i = 0; i < n; ++i) {
      before[i + 1] = before[i] + (doc_.is_text(i) ? 1 : 0);
      forms[i + 1] = forms[i] + (doc_.nodes[i].kind == NodeKind::Element && is_form_element(doc_.nodes[i].tag));
    }
    end_.resize(n);
    for (uint32_t i = n; i-- > 0;)  // pre-order: a subtree ends where its last child's does
      end_[i] = doc_.nodes[i].last_child == kNone ? i + 1 : end_[doc_.nodes[i].last_child];
    // Kept nodes, their kept-child counts, CDOM groups (top node), tags, paths.
    std::vector<uint8_t> kept(n, 0);
    std::vector<uint32_t> kids(n, 0);
    for (uint32_t i = 0; i < n; ++i) kept[i] = counts_.chars[i] > 0;
    for (uint32_t i = 1; i < n; ++i)
      if (kept[i] && doc_.nodes[i].parent != kNone) ++kids[doc_.nodes[i].parent];
    top_.assign(n, 0);
    cparent_.assign(n, kNone);
    cdepth_.assign(n, 0);
    children_.assign(n, 0);
    tags_.assign(n, 0);
    flags_.assign(n, 0);  // 1 block element in chain, 2 hidden in chain or above
    std::vector<uint64_t> path(n, 0);
    for (uint32_t i = 0; i < n; ++i) {
      if (!kept[i]) continue;
      const Node& nd = doc_.nodes[i];
      const uint32_t p = nd.parent;
      top_[i] = (p == kNone || kids[p] != 1) ? i : top_[p];
      const uint32_t g = top_[i];
      if (g == i) {
        cparent_[i] = p == kNone ? kNone : top_[p];
        cdepth_[i] = p == kNone ? 0 : cdepth_[top_[p]] + 1;
        flags_[i] = p == kNone ? 0 : (flags_[top_[p]] & 2);
      }
      if (kids[i] != 1) children_[g] = kids[i];
      if (nd.kind == NodeKind::Element) {
        for (size_t k = 0; k < kTagCount; ++k)
          if (nd.tag == kTags[k]) tags_[g] |= 1u << k;
        if (is_block(nd.tag)) flags_[g] |= 1;
        if (nd.flags & kHidden) flags_[g] |= 2;
        path[i] = mix(mix(p == kNone ? 0 : path[p], static_cast<uint64_t>(nd.tag)), fnv1a(doc_.str(nd.cls)));
      } else if (p != kNone) {
        path[i] = path[p];
      }
    }
    page_chars_ = std::max<double>(1, counts_.chars[0]);
    page_words_ = std::max<double>(1, counts_.words[0]);
    prefix_ = &prefix;
    forms_ = &forms;
    before_ = &before;

    // Page-level counts: duplicates and tag paths.
    std::unordered_map<uint64_t, uint32_t> text_count, path_count;
    std::vector<uint64_t> text_hash(B), block_path(B);
    for (size_t b = 0; b < B; ++b) {
      const uint32_t node = doc_.text_nodes[out.text_index[b]];
      text_hash[b] = fnv1a(trim(doc_.text(node)));
      block_path[b] = path[node];
      ++text_count[text_hash[b]];
      ++path_count[block_path[b]];
    }
    // Boundaries between consecutive blocks: 1 block-level element, 2 <br>.
    std::vector<uint8_t> between(B + 1, 1);  // between[b]: between block b-1 and b (ends: a break)
    for (size_t b = 1; b < B; ++b) {
      const uint32_t x = doc_.text_nodes[out.text_index[b - 1]], y = doc_.text_nodes[out.text_index[b]];
      uint8_t f = 0;
      for (uint32_t i = x + 1; i < y; ++i) {
        const Node& nd = doc_.nodes[i];
        if (nd.kind != NodeKind::Element) continue;
        if (nd.tag == Tag::Br) f |= 2;
        else if (is_block(nd.tag)) f |= 1;
      }
      for (uint32_t a = doc_.nodes[x].parent; a != kNone && !(a <= y && y < end_[a]); a = doc_.nodes[a].parent)
        if (is_block(doc_.nodes[a].tag)) f |= 1;
      between[b] = f;
    }

    // Block rows.
    out.block.assign(B * kWeb2TextBlockFeatures, 0.0f);
    double text_pos = 0;
    for (size_t b = 0; b < B; ++b) {
      float* row = out.block.data() + b * kWeb2TextBlockFeatures;
      const uint32_t node = doc_.text_nodes[out.text_index[b]];
      const uint32_t leaf = top_[node];
      size_t k = 0;
      k = node_stats(leaf, row, k);
      k = tag_bits(leaf, row, k);
      const double chars = counts_.chars[node];
      row[k++] = static_cast<float>(text_pos / page_chars_);
      text_pos += chars;
      row[k++] = static_cast<float>(text_pos / page_chars_);
      row[k++] = text_count[text_hash[b]] > 1;
      row[k++] = text_count[text_hash[b]] >= kManyDuplicates;
      row[k++] = static_cast<float>(std::log1p(path_count[block_path[b]] - 1.0));
      row[k++] = (between[b] & 1) != 0;
      row[k++] = (between[b + 1] & 1) != 0;
      row[k++] = (between[b] & 2) != 0;
      row[k++] = (between[b + 1] & 2) != 0;
      const uint32_t parent = cparent_[leaf];
      row[k++] = parent != kNone;
      if (parent != kNone) {
        node_stats(parent, row, k);
        tag_bits(parent, row, k + kNodeStats);
      }
      k += kNodeStats + kTagCount;
      const uint32_t grand = parent == kNone ? kNone : cparent_[parent];
      row[k++] = grand != kNone;
      if (grand != kNone) node_stats(grand, row, k);
      k += kNodeStats;
      row[k++] = static_cast<float>(std::log1p(counts_.chars[0]));
      row[k++] = static_cast<float>(counts_.link_words[0] / page_words_);
      row[k++] = static_cast<float>(std::log1p(static_cast<double>(B)));
    }

    // Edge rows.
    out.edge.assign((B - 1) * kWeb2TextEdgeFeatures, 0.0f);
    for (size_t b = 0; b + 1 < B; ++b) {
      float* row = out.edge.data() + b * kWeb2TextEdgeFeatures;
      const uint32_t nx = doc_.text_nodes[out.text_index[b]], ny = doc_.text_nodes[out.text_index[b + 1]];
      uint32_t x = top_[nx], y = top_[ny];
      const uint32_t px = cparent_[x], py = cparent_[y];
      const uint32_t gx = px == kNone ? kNone : cparent_[px], gy = py == kNone ? kNone : cparent_[py];
      const uint32_t ggx = gx == kNone ? kNone : cparent_[gx], ggy = gy == kNone ? kNone : cparent_[gy];
      uint32_t dist = 0;
      while (x != y) {  // lowest common CDOM ancestor
        if (cdepth_[x] >= cdepth_[y]) x = cparent_[x];
        else y = cparent_[y];
        ++dist;
        if (x == kNone || y == kNone) break;
      }
      size_t k = 0;
      row[k++] = dist == 2;
      row[k++] = dist == 3;
      row[k++] = dist == 4;
      row[k++] = dist > 4;
      row[k++] = px == py;
      row[k++] = gx == gy;
      row[k++] = ggx == ggy;
      const Node& ex = doc_.nodes[doc_.nodes[nx].parent];
      const Node& ey = doc_.nodes[doc_.nodes[ny].parent];
      row[k++] = ex.tag == ey.tag;
      row[k++] = doc_.str(ex.cls) == doc_.str(ey.cls);
      row[k++] = block_path[b] == block_path[b + 1];
      row[k++] = (between[b + 1] & 1) != 0;
      row[k++] = (between[b + 1] & 2) != 0;
      if (x != kNone && x == y) node_stats(x, row, k);
    }
    return out;
  }

 private:
  static std::string_view trim(std::string_view s) {
    size_t a = 0, b = s.size();
    while (a < b && static_cast<unsigned char>(s[a]) <= ' ') ++a;
    while (b > a && static_cast<unsigned char>(s[b - 1]) <= ' ') --b;
    return s.substr(a, b - a);
  }

  size_t tag_bits(uint32_t g, float* row, size_t k) const {
    for (size_t t = 0; t < kTagCount; ++t) row[k++] = (tags_[g] >> t) & 1u;
    return k;
  }

  // The kNodeStats values of the CDOM node whose top DOM node is g.
  size_t node_stats(uint32_t g, float* row, size_t k) const {
    const uint32_t lo = (*before_)[g], hi = (*before_)[end_[g]];
    TextStats s = (*prefix_)[hi];
    const TextStats& l = (*prefix_)[lo];
    s.sentences -= l.sentences; s.punct -= l.punct; s.dashes -= l.dashes; s.periods -= l.periods;
    s.digits -= l.digits; s.capital -= l.capital; s.stop -= l.stop; s.word_len -= l.word_len;
    s.copyright -= l.copyright; s.email -= l.email; s.url -= l.url; s.year -= l.year; s.blocks -= l.blocks;
    // The last non-whitespace text node of the subtree decides "ends with".
    bool ends_punct = false, ends_question = false;
    for (uint32_t t = hi; t > lo; --t) {
      if (counts_.chars[doc_.text_nodes[t - 1]] == 0) continue;
      const TextStats& last = stats_of_text(t - 1);
      ends_punct = last.ends_punct;
      ends_question = last.ends_question;
      break;
    }
    const double chars = std::max<double>(1, counts_.chars[g]);
    const double words = counts_.words[g], w = std::max(1.0, words);
    const double sentences = std::max(1.0, s.sentences);
    row[k++] = static_cast<float>(std::log1p(counts_.chars[g]));
    row[k++] = static_cast<float>(std::log1p(words));
    row[k++] = static_cast<float>(std::log1p(s.sentences));
    row[k++] = static_cast<float>(s.punct / chars);
    row[k++] = static_cast<float>(s.dashes / chars);
    row[k++] = static_cast<float>(s.periods / chars);
    row[k++] = static_cast<float>(s.digits / chars);
    row[k++] = static_cast<float>(counts_.link_words[g] / w);
    row[k++] = ends_punct;
    row[k++] = ends_question;
    row[k++] = static_cast<float>(s.capital / w);
    row[k++] = static_cast<float>(s.stop / w);
    row[k++] = static_cast<float>(std::min(kMaxWordLength, s.word_len / w));
    row[k++] = static_cast<float>(std::log1p(words / sentences));
    row[k++] = s.copyright > 0;
    row[k++] = s.email > 0;
    row[k++] = s.url > 0;
    row[k++] = s.year > 0;
    row[k++] = static_cast<float>(counts_.chars[g] / page_chars_);
    row[k++] = static_cast<float>(words / page_words_);
    row[k++] = static_cast<float>(std::log1p(static_cast<double>(children_[g])));
    row[k++] = (*forms_)[end_[g]] > (*forms_)[g];
    row[k++] = (flags_[g] & 1) != 0;
    row[k++] = static_cast<float>(std::log1p(s.blocks));
    row[k++] = (flags_[g] & 2) != 0;
    row[k++] = static_cast<float>(doc_.nodes[g].depth / 10.0);
    return k;
  }

  // The stats of the non-whitespace text node t.
  const TextStats& stats_of_text(uint32_t t) const { return last_stats_[block_of_text_[t]]; }

  const Document& doc_;
  const NodeCounts& counts_;
  std::vector<TextStats> last_stats_;    // per block
  std::vector<uint32_t> block_of_text_;  // per text node: its block (non-whitespace ones)
  std::vector<uint32_t> end_, top_, cparent_, cdepth_, children_, tags_;
  std::vector<uint8_t> flags_;
  const std::vector<TextStats>* prefix_ = nullptr;
  const std::vector<uint32_t>* forms_ = nullptr;
  const std::vector<uint32_t>* before_ = nullptr;
  double page_chars_ = 1, page_words_ = 1;
};

}  // namespace

Web2TextFeatures web2text_features(Context& ctx) {
  Builder b(ctx);
  return b.run();
}

}  // namespace wce::learned
