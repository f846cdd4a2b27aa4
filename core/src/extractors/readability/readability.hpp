// Internal header of the Readability extractor (extractors/readability/):
// constants and tag sets, the working tree and the Readability class, whose
// stages live one per file; see readability.cpp for the algorithm.
#pragma once
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "document/unicode.hpp"
#include "extractors/extractor_util.hpp"
#include "extractors/readability/rules.hpp"
#include "features/edit_tree.hpp"
#include "wce/extractor.hpp"

namespace wce::readability {

using namespace readability_rules;


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

// The class/id REGEXPS and UNLIKELY_ROLES: readability_regexps.hpp (shared with DOM Distiller).
// REGEXPS.commas: comma variants counted when scoring a paragraph.
constexpr uint32_t kCommas[] = {0x002C, 0x060C, 0xFE50, 0xFE10, 0xFE11, 0x2E41, 0x2E34, 0x2E32, 0xFF0C};
// DEFAULT_TAGS_TO_SCORE
inline bool tag_to_score(Tag t) {
  return t == Tag::Section || t == Tag::H2 || t == Tag::H3 || t == Tag::H4 || t == Tag::H5 ||
         t == Tag::H6 || t == Tag::P || t == Tag::Td || t == Tag::Pre;
}
// DIV_TO_P_ELEMS (block children that keep a <div> from becoming a <p>)
constexpr bool div_to_p_elem(Tag t) {
  return t == Tag::Blockquote || t == Tag::Dl || t == Tag::Div || t == Tag::Img || t == Tag::Ol ||
         t == Tag::P || t == Tag::Pre || t == Tag::Table || t == Tag::Ul;
}
// ALTER_TO_DIV_EXCEPTIONS (merged siblings of other tags become <div>s)
inline bool alter_to_div_exception(Tag t) {
  return t == Tag::Div || t == Tag::Article || t == Tag::Section || t == Tag::P || t == Tag::Ol ||
         t == Tag::Ul;
}
// PHRASING_ELEMS. MATH is listed there in upper case, but a DOM gives the
// MathML element the tag name "math", so it never matches: left out here.
constexpr bool phrasing_elem(Tag t) {
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
constexpr bool heading(Tag t) {
  return t == Tag::H1 || t == Tag::H2 || t == Tag::H3 || t == Tag::H4 || t == Tag::H5 || t == Tag::H6;
}
// _cleanConditionally: textishTags = SPAN, LI, TD + DIV_TO_P_ELEMS
constexpr bool textish(Tag t) { return t == Tag::Span || t == Tag::Li || t == Tag::Td || div_to_p_elem(t); }

// ---------------------------------------------------------------------------
// The working tree: a copy of the Document's structure that Readability may
// change, plus the elements it creates (features/edit_tree.hpp: the links
// and edits; here what Readability keeps per node and its element walks).

struct WNode : TreeLinks {
  uint32_t orig = kNone;  // Document node (same index for copied nodes), kNone if created
  Tag tag = Tag::Unknown;
  bool text = false;
};

struct Tree : EditTree<WNode> {
  uint32_t add(Tag tag) {
    WNode n;
    n.tag = tag;
    return EditTree::add(n);
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
};
// Copied as plain memory (base_agg_ -> agg_ on every attempt).
static_assert(std::is_trivially_copyable_v<Agg>);
constexpr size_t kShortTextCap = 64;

// The subtree's text with white-space runs collapsed, while it is short
// (_cleanConditionally's ad/loading-words test). Kept apart from Agg and with
// its bytes inline, so that Agg copies as plain memory and no node's fold
// allocates (32-bit libc++, as in WASM, keeps only 10 bytes of a string inline).
struct ShortText {
  // A text node's run may end in one space past the cap (its last character).
  static constexpr size_t kBytes = kShortTextCap + 1;
  char bytes[kBytes];
  uint8_t len = 0;
  bool long_text = false;  // the text overflowed kShortTextCap
  std::string_view view() const { return std::string_view(bytes, len); }
  // Appends a piece, or marks the text long when it would pass the cap.
  void append(std::string_view s) {
    if (long_text) return;
    if (len + s.size() > kShortTextCap) { long_text = true; return; }
    std::memcpy(bytes + len, s.data(), s.size());
    len = static_cast<uint8_t>(len + s.size());
  }
  void append_byte(char c) {  // append() of one byte
    if (long_text) return;
    if (len + 1u > kShortTextCap) { long_text = true; return; }
    bytes[len++] = c;
  }
  void space() { bytes[len++] = ' '; }  // never past kBytes: len <= kShortTextCap unless long
};

constexpr int count_index(Tag t) {
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

// What fold() asks of each child's tag, in one table lookup (the predicates
// above are switches; in WASM each becomes a jump table, an indirect branch
// per child and predicate).
enum FoldBit : uint8_t {
  kFoldPhrasing = 1,        // phrasing_elem
  kFoldPhrasingIfKids = 2,  // A, DEL, INS: phrasing when all their children are
  kFoldHeading = 4,
  kFoldTextish = 8,
  kFoldBlock = 16,          // div_to_p_elem
};
struct FoldFacts {
  uint8_t bits = 0;
  int8_t count = -1;  // count_index
};
constexpr std::array<FoldFacts, static_cast<size_t>(Tag::Count)> make_fold_facts() {
  std::array<FoldFacts, static_cast<size_t>(Tag::Count)> f{};
  for (size_t i = 0; i < f.size(); ++i) {
    const Tag t = static_cast<Tag>(i);
    f[i].bits = static_cast<uint8_t>((phrasing_elem(t) ? kFoldPhrasing : 0) |
                                     ((t == Tag::A || t == Tag::Del || t == Tag::Ins) ? kFoldPhrasingIfKids : 0) |
                                     (heading(t) ? kFoldHeading : 0) | (textish(t) ? kFoldTextish : 0) |
                                     (div_to_p_elem(t) ? kFoldBlock : 0));
    f[i].count = static_cast<int8_t>(count_index(t));
  }
  return f;
}
inline constexpr auto kFoldFacts = make_fold_facts();
inline FoldFacts fold_facts(Tag t) { return kFoldFacts[static_cast<size_t>(t)]; }
// Phrasing content for an element (text nodes always are): PHRASING_ELEMS,
// or A, DEL, INS whose children are all phrasing.
inline bool phrasing_element(uint8_t fold_bits, bool kids_phrasing) {
  return (fold_bits & kFoldPhrasing) || ((fold_bits & kFoldPhrasingIfKids) && kids_phrasing);
}

// ---------------------------------------------------------------------------

struct Attempt {
  uint32_t text_length = 0;
  std::vector<uint32_t> text_nodes;  // text indices in the article
  // The best and second-best candidate scores (after link density), before
  // the parent walk: how clearly one element wins (the ensemble's experiments).
  double top_score = 0, second_score = 0;
};

class Readability {
 public:
  explicit Readability(const Document& doc) : doc_(doc) {}
  Labels run();
  // The attempt run() returned: its best and second-best candidate scores (0 when none).
  double top_score() const { return top_score_; }
  double second_score() const { return second_score_; }

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
  // Incremental refold: touch() marks a node whose children (or tag) changed
  // and its ancestors; compute_dirty() refolds only the marked nodes. The
  // marked set stays closed upwards, so an unmarked node's subtree is as in
  // base_ and its Agg (from base_agg_) still holds.
  void touch(uint32_t x) {
    if (dirty_.size() < t_.v.size()) dirty_.resize(t_.v.size(), 0);
    while (x != kNone && !dirty_[x]) { dirty_[x] = 1; x = t_.v[x].parent; }
  }
  // root: 0 (the page) or a detached subtree (the article); every mark is
  // cleared at the end.
  void compute_dirty(uint32_t root = 0);
  // Within _prepArticle, a node's Agg and ShortText hold for its current
  // subtree when it is unmarked (touch) and was folded with its short text in
  // this _prepArticle (short_ep_ == short_epoch_); the removals touch() the
  // removed node's parent, so only what they changed is folded again.
  bool fresh(uint32_t x) const { return !dirty_[x] && short_ep_[x] == short_epoch_; }
  void remove(uint32_t x) {
    uint32_t p = t_.v[x].parent;
    t_.unlink(x);
    touch(p);
  }
  bool phrasing(uint32_t x) const;
  bool whitespace_node(uint32_t x) const;
  size_t subtree_text(uint32_t x, size_t cap, std::string& out) const;
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
  std::vector<ShortText> short_;  // per node of t_, set by fold(x, true)
  std::vector<double> score_;
  double top_score_ = 0, second_score_ = 0;
  std::vector<uint8_t> scored_, data_table_;
  std::vector<uint32_t> order_;
  std::vector<uint8_t> dirty_;  // see touch()
  std::vector<uint32_t> dirty_stack_;
  std::vector<uint32_t> short_ep_;  // see fresh()
  uint32_t short_epoch_ = 0;
  std::vector<uint32_t> cc_order_, cc_pos_, cc_code_d_, cc_fig_d_;  // clean_conditionally's buffers
  std::vector<uint8_t> cc_in_dt_;
  size_t heading_budget_ = kTextNodeBudget;
};

}  // namespace wce::readability
