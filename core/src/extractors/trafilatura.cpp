// Trafilatura: the extraction cascade of trafilatura 2.x (Barbaresi 2021,
// "Trafilatura: A Web Scraping Library and Command-Line Tool for Text
// Discovery and Extraction", ACL-IJCNLP 2021 System Demonstrations;
// github.com/adbar/trafilatura), re-implemented from a reading of version
// 2.3.1 (core.py, main_extractor.py, htmlprocessing.py, external.py,
// baseline.py, settings.py, xpaths.py) with its default options (balanced
// focus, comments and tables included, no links / images / formatting).
//
// The cascade (core.py trafilatura_sequence):
//  1. Tree cleaning (tree_cleaning): MANUALLY_STRIPPED tags are unwrapped,
//     MANUALLY_CLEANED tags deleted with their content (a <form> holding more
//     than half of the text becomes a <div>), empty CUT_EMPTY_ELEMS dropped;
//     then tag conversion (convert_tags: lists, headings, quotes, line
//     breaks; links inside div/li/p/table become "ref", others are
//     unwrapped, formatting tags are unwrapped).
//  2. Comments (extract_comments): the first COMMENTS_XPATH section with text
//     is taken out of the tree; its paragraphs are output after the text.
//  3. Main extractor (_extract): the BODY_XPATH expressions, in order, select
//     a container; it is pruned (prune_unwanted_sections: OVERALL_DISCARD,
//     caption and teaser rules, link density of div/list/p, tables) and its
//     elements are converted one by one (handle_textelem: paragraphs, titles,
//     lists, quotes, tables, line breaks, and divs when the page has little
//     paragraph text); the first container that yields more than one element
//     wins. Under MIN_EXTRACTED_SIZE characters, "wild" paragraphs of the
//     whole pruned page are added (recover_wild_text).
//  4. Comparison (external.py compare_extraction): readability's result
//     replaces ours when it is much longer (or ours has no paragraph text);
//     jusText (trafilatura's parameters, the union of all stop lists) when
//     the result is still short, if it is longer.
//  5. Baseline (baseline.py) when the text is still short: the <article>s,
//     else all paragraphs, else all the text of the body.
//  6. Recall escalation: a result under 3000 characters covering less than a
//     fifth of the page is redone in "recall" mode (stages 1, 3, 4 with the
//     recall rules) next to a jusText run; the longer wins above a ratio.
//
// Labels: 1 for the text nodes of the final body and comments, else 0.
//
// How it works here: the lxml element tree is modelled by a mutable copy of
// the Document's element structure (parent / child / sibling links) in which
// each element owns, as in lxml, its leading text ("text") and the text that
// follows it inside its parent ("tail"), as linked lists of text-node
// indices. Unwrapping, deleting with or without the tail, and the "done"
// marks then behave as in trafilatura, and every kept piece of text is still
// a text node of the page. Lengths are Python's len() of whitespace-collapsed
// text (code points). Every pass is a loop over a pre-order list (no
// recursion); the number of passes is bounded.
//
// Differences that follow from the Document or from our other extractors:
// readability is our Readability.js port, not trafilatura's readability-lxml
// fork; jusText uses the stopwords-iso lists; script content (JSON-LD
// articleBody, used first by the baseline) is not in the Document; only the
// id, class, role and itemprop attributes exist (style and aria-hidden tests
// use the hidden flag; data-* tests are dropped; colspan/rowspan do not
// matter for text); deduplication of recovered paragraphs is by exact text
// only; the forum-page special case (DiscussionForumPosting JSON-LD) and
// RAW_TREE_PRUNE_XPATH are left out; load_html's rejection of "dubious" HTML
// (a source whose first 50 characters lack "html" and that lxml parses into
// fewer than two children) needs the raw source and is not reproduced; and
// lxml (libxml2) builds another tree than an HTML5 parser for some
// malformed pages.
#include <algorithm>
#include <cctype>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "document/unicode.hpp"
#include "extractors/extractor_util.hpp"
#include "extractors/trafilatura_external.hpp"
#include "extractors/registry_list.hpp"
#include "extractors/trafilatura_rules.hpp"
#include "features/stopwords.hpp"

namespace wce {
namespace {

using namespace trafilatura_rules;

// ---------------------------------------------------------------------------
// Constants (trafilatura 2.3.1).
constexpr uint32_t kMinExtractedSize = 250;       // settings.cfg MIN_EXTRACTED_SIZE
constexpr uint32_t kMinOutputSize = 1;            // settings.cfg MIN_OUTPUT_SIZE
constexpr uint32_t kMinOutputCommSize = 1;        // settings.cfg MIN_OUTPUT_COMM_SIZE
constexpr uint32_t kPTestFactor = 3;              // _extract: factor (balanced and recall)
constexpr double kBackupShare = 1.0 / 7;          // prune_unwanted_nodes(with_backup): keep > old/7
constexpr double kLinkFarmRatio = 0.9;            // utils.py LINK_FARM_RATIO
constexpr uint32_t kSingleLinkLength = 100;       // link_density_test: one long link (not precision)
constexpr uint32_t kShortLink = 10;               // collect_link_info: short link text
constexpr uint32_t kLinkDensityLenThreshold = 100;  // delete_by_link_density: len_threshold
constexpr uint32_t kLinkDensityDepth = 3;         // delete_by_link_density: depth_threshold
constexpr uint32_t kTableMinLength = 200;         // link_density_test_tables
constexpr uint32_t kTableLongLength = 1000;
constexpr double kJustextOverrideRatio = 3;       // external.py JUSTEXT_OVERRIDE_RATIO
constexpr uint32_t kRecallBypass = 10;            // compare_extraction: recall keeps > 10 x min size
constexpr double kRecallReadabilityRatio = 1.5;   // _prefer_readability, recall
constexpr uint32_t kEscalationMaxLength = 3000;   // core.py ESCALATION_MAX_LENGTH
constexpr double kEscalationPageShare = 0.2;      // ESCALATION_PAGE_SHARE
constexpr double kEscalationAcceptRatio = 1.5;    // ESCALATION_ACCEPT_RATIO
constexpr double kEscalationJustextRatio = 2.0;   // ESCALATION_JUSTEXT_RATIO
constexpr uint32_t kBaselineMinContent = 100;     // baseline.py _MIN_CONTENT_LENGTH
constexpr uint32_t kMinDuplicateLength = 50;      // settings.py MIN_DUPLICATE_LENGTH
// settings.py MANUALLY_CLEANED (the tags the Document knows; "form" is
// handled on its own, see tree_cleaning).
bool manually_cleaned(Tag t) {
  switch (t) {
    case Tag::Aside: case Tag::Embed: case Tag::Footer: case Tag::Head: case Tag::Iframe: case Tag::Menu:
    case Tag::Object: case Tag::Script: case Tag::Audio: case Tag::Canvas: case Tag::Figure: case Tag::Map:
    case Tag::Picture: case Tag::Svg: case Tag::Video: case Tag::Area: case Tag::Button: case Tag::Datalist:
    case Tag::Dialog: case Tag::Frame: case Tag::Frameset: case Tag::Fieldset: case Tag::Link: case Tag::Input:
    case Tag::Label: case Tag::Legend: case Tag::Math: case Tag::Nav: case Tag::Noscript: case Tag::Optgroup:
    case Tag::Option: case Tag::Output: case Tag::Param: case Tag::Progress: case Tag::Rp: case Tag::Rt:
    case Tag::Select: case Tag::Source: case Tag::Style: case Tag::Track: case Tag::Textarea: case Tag::Time:
      return true;
    default:
      return false;
  }
}
// settings.py MANUALLY_STRIPPED (unwrapped: the content stays).
bool manually_stripped(Tag t) {
  switch (t) {
    case Tag::Abbr: case Tag::Address: case Tag::Bdi: case Tag::Bdo: case Tag::Cite: case Tag::Data:
    case Tag::Dfn: case Tag::Font: case Tag::Hgroup: case Tag::Img: case Tag::Ins: case Tag::Mark:
    case Tag::Meta: case Tag::Nobr: case Tag::Ruby: case Tag::Small: case Tag::Tbody: case Tag::Template:
    case Tag::Tfoot: case Tag::Thead: case Tag::Wbr:
      return true;
    default:
      return false;
  }
}
// settings.py CUT_EMPTY_ELEMS (prune_html drops them when empty).
bool cut_empty(Tag t) {
  switch (t) {
    case Tag::Article: case Tag::B: case Tag::Blockquote: case Tag::Dd: case Tag::Div: case Tag::Dt:
    case Tag::Em: case Tag::H1: case Tag::H2: case Tag::H3: case Tag::H4: case Tag::H5: case Tag::H6:
    case Tag::I: case Tag::Li: case Tag::Main: case Tag::P: case Tag::Pre: case Tag::Q: case Tag::Section:
    case Tag::Span: case Tag::Strong:
      return true;
    default:
      return false;
  }
}
// htmlprocessing.py REND_TAG_MAPPING: unwrapped when formatting is off.
bool rend_tag(Tag t) {
  switch (t) {
    case Tag::Em: case Tag::I: case Tag::B: case Tag::Strong: case Tag::U: case Tag::Kbd: case Tag::Samp:
    case Tag::Tt: case Tag::Var: case Tag::Sub: case Tag::Sup:
      return true;
    default:
      return false;
  }
}
// external.py SANITIZED_XPATH: readability output holding these is "unclean".
bool sanitized_tag(Tag t) {
  switch (t) {
    case Tag::Aside: case Tag::Audio: case Tag::Button: case Tag::Fieldset: case Tag::Figure: case Tag::Footer:
    case Tag::Iframe: case Tag::Input: case Tag::Label: case Tag::Link: case Tag::Nav: case Tag::Noscript:
    case Tag::Object: case Tag::Option: case Tag::Select: case Tag::Source: case Tag::Svg: case Tag::Time:
      return true;
    default:
      return false;
  }
}

// The kind of an element before conversion.
Kind raw_kind(Tag t) {
  switch (t) {
    case Tag::Div: return kDiv;
    case Tag::Section: return kSection;
    case Tag::Article: return kArticle;
    case Tag::Main: return kMain;
    case Tag::Span: return kSpan;
    case Tag::P: return kP;
    case Tag::Table: return kTable;
    case Tag::Tr: return kTr;
    case Tag::Td: case Tag::Th: return kCell;
    case Tag::Caption: return kCaption;
    case Tag::Details: return kDetails;
    case Tag::Code: return kCode;
    default: return kOther;
  }
}

enum class Focus { Balanced, Recall };

// ---------------------------------------------------------------------------
// Attribute predicates.

bool ascii_contains_fold(std::string_view hay, std::string_view needle) {
  if (needle.size() > hay.size()) return false;
  for (size_t i = 0; i + needle.size() <= hay.size(); ++i) {
    size_t k = 0;
    while (k < needle.size()) {
      char a = hay[i + k], b = needle[k];
      if (a >= 'A' && a <= 'Z') a = static_cast<char>(a - 'A' + 'a');
      if (b >= 'A' && b <= 'Z') b = static_cast<char>(b - 'A' + 'a');
      if (a != b) break;
      ++k;
    }
    if (k == needle.size()) return true;
  }
  return false;
}

bool test_value(std::string_view v, Op op, std::string_view x) {
  switch (op) {
    case Op::Equals: return v == x;
    case Op::Contains: return v.find(x) != std::string_view::npos;
    case Op::StartsWith: return v.substr(0, x.size()) == x;
    case Op::ContainsFold: return ascii_contains_fold(v, x);
  }
  return false;
}

bool pred_holds(const Document& doc, uint32_t n, const Pred& p) {
  const Node& node = doc.nodes[n];
  switch (p.attr) {
    case Attr::Id: return node.id.len > 0 && test_value(doc.str(node.id), p.op, p.value);
    case Attr::Class: return node.cls.len > 0 && test_value(doc.str(node.cls), p.op, p.value);
    case Attr::Role: return node.role.len > 0 && test_value(doc.str(node.role), p.op, p.value);
    case Attr::Itemprop: return node.itemprop.len > 0 && test_value(doc.str(node.itemprop), p.op, p.value);
    case Attr::IdOrClass:
      return (node.id.len > 0 && test_value(doc.str(node.id), p.op, p.value)) ||
             (node.cls.len > 0 && test_value(doc.str(node.cls), p.op, p.value));
  }
  return false;
}

template <size_t N>
bool any_pred(const Document& doc, uint32_t n, const Pred (&preds)[N]) {
  const Node& node = doc.nodes[n];
  if (node.id.len == 0 && node.cls.len == 0 && node.role.len == 0 && node.itemprop.len == 0) return false;
  for (const Pred& p : preds)
    if (pred_holds(doc, n, p)) return true;
  return false;
}

// ---------------------------------------------------------------------------
// Text pieces.

// Per text node: Python len(" ".join(s.split())) (`collapsed`) and len(s)
// (`raw`, code points, white space included).
void text_lengths(const Document& doc, std::vector<uint32_t>& collapsed, std::vector<uint32_t>& raw) {
  collapsed.assign(doc.text_nodes.size(), 0);
  raw.assign(doc.text_nodes.size(), 0);
  for (size_t t = 0; t < doc.text_nodes.size(); ++t) {
    std::string_view s = doc.text(doc.text_nodes[t]);
    uint32_t len = 0, all = 0;
    bool in_space = false, seen = false;
    for (size_t i = 0; i < s.size(); ++all) {
      if (stopwords::py_space(unicode::next(s, i))) {
        in_space = true;
        continue;
      }
      if (in_space && seen) ++len;
      in_space = false;
      seen = true;
      ++len;
    }
    collapsed[t] = len;
    raw[t] = all;
  }
}

// A run of text pieces (text-node indices) linked through Tree::pnext.
struct Pieces {
  uint32_t head = kNone, tail = kNone;
  bool empty() const { return head == kNone; }
};

// Text length: the sum of the collapsed lengths of the non-empty pieces and
// one separator between two of them (" ".join of trimmed pieces).
struct Len {
  uint64_t sum = 0, n = 0;
  void add(uint32_t clen) {
    if (clen) { sum += clen; ++n; }
  }
  void add(const Len& o) { sum += o.sum; n += o.n; }
  uint64_t value() const { return n ? sum + n - 1 : 0; }
};

// ---------------------------------------------------------------------------
// The mutable tree (an lxml tree of the Document's elements).

class Tree {
 public:
  Tree(const Document& doc, const std::vector<uint32_t>& clen, const std::vector<uint32_t>& rlen)
      : doc_(&doc), clen_(&clen), rlen_(&rlen) {
    const size_t n = doc.size();
    par.assign(n, kNone); first.assign(n, kNone); last.assign(n, kNone); nxt.assign(n, kNone); prv.assign(n, kNone);
    text.assign(n, Pieces{}); tail.assign(n, Pieces{});
    pnext.assign(doc.text_nodes.size(), kNone);
    kind.assign(n, kOther); done.assign(n, 0); deleted.assign(n, 0);
    for (uint32_t i = 1; i < n; ++i) {
      const Node& node = doc.nodes[i];
      uint32_t p = node.parent == kNone ? 0 : node.parent;
      if (node.kind == NodeKind::Element) {
        kind[i] = raw_kind(node.tag);
        link_last(p, i);
      } else if (node.text_index != kNone) {
        push(last[p] == kNone ? text[p] : tail[last[p]], node.text_index);
      }
    }
  }

  const Document& doc() const { return *doc_; }
  Tag tag(uint32_t e) const { return doc_->nodes[e].tag; }
  uint32_t clen(uint32_t t) const { return (*clen_)[t]; }

  template <class F>
  void for_pieces(const Pieces& p, F&& f) const {
    if (p.empty()) return;
    for (uint32_t t = p.head;; t = pnext[t]) {
      f(t);
      if (t == p.tail) break;
    }
  }
  bool has_chars(const Pieces& p) const {
    bool any = false;
    for_pieces(p, [&](uint32_t t) { any = any || clen(t) > 0; });
    return any;
  }
  Len length(const Pieces& p) const {
    Len l;
    for_pieces(p, [&](uint32_t t) { l.add(clen(t)); });
    return l;
  }
  // Whitespace-collapsed text of a run, pieces separated by a space (for
  // the text filter and dedup).
  std::string str(const Pieces& p) const {
    std::string raw;
    for_pieces(p, [&](uint32_t t) {
      raw.append(doc_->text(doc_->text_nodes[t]));
      raw += ' ';
    });
    return str_of(raw);
  }

  // Python trim(): white-space runs collapsed to one space, ends stripped.
  static std::string str_of(std::string_view s) {
    std::string out;
    bool space = false;
    for (size_t i = 0; i < s.size();) {
      size_t b = i;
      uint32_t cp = unicode::next(s, i);
      if (stopwords::py_space(cp)) {
        space = !out.empty();
        continue;
      }
      if (space) out += ' ';
      space = false;
      out.append(s.substr(b, i - b));
    }
    return out;
  }

  // Descendants of r in document order (r excluded).
  std::vector<uint32_t> descendants(uint32_t r) const {
    std::vector<uint32_t> out;
    uint32_t n = first[r];
    while (n != kNone) {
      out.push_back(n);
      if (first[n] != kNone) { n = first[n]; continue; }
      while (n != r && nxt[n] == kNone) n = par[n];
      if (n == r) break;
      n = nxt[n];
    }
    return out;
  }
  uint32_t child_count(uint32_t e) const {
    uint32_t c = 0;
    for (uint32_t k = first[e]; k != kNone; k = nxt[k]) ++c;
    return c;
  }

  // delete_element(e, keep_tail): the tail joins the previous sibling's tail
  // or the parent's text.
  void drop(uint32_t e, bool keep_tail) {
    uint32_t p = par[e];
    if (p == kNone) return;
    if (keep_tail && !tail[e].empty()) append(prv[e] != kNone ? tail[prv[e]] : text[p], tail[e]);
    unlink(e);
    deleted[e] = 1;
  }
  // strip_tags for one element: its text, children and tail take its place.
  void strip(uint32_t e) {
    uint32_t p = par[e];
    if (p == kNone) return;
    Pieces& before = prv[e] != kNone ? tail[prv[e]] : text[p];
    append(before, text[e]);
    if (first[e] == kNone) {
      append(before, tail[e]);
      unlink(e);
      return;
    }
    append(tail[last[e]], tail[e]);
    uint32_t f = first[e], l = last[e], pr = prv[e], nx = nxt[e];
    for (uint32_t c = f; c != kNone; c = nxt[c]) par[c] = p;
    prv[f] = pr;
    if (pr != kNone) nxt[pr] = f; else first[p] = f;
    nxt[l] = nx;
    if (nx != kNone) prv[nx] = l; else last[p] = l;
    first[e] = last[e] = par[e] = prv[e] = nxt[e] = kNone;
  }

  // Raw text_content() lengths (white space included) of every element of
  // the list (a pre-order list: parents before children).
  void measure_raw(const std::vector<uint32_t>& order, std::vector<uint64_t>& out) const {
    for (size_t k = order.size(); k-- > 0;) {
      uint32_t e = order[k];
      uint64_t l = 0;
      for_pieces(text[e], [&](uint32_t x) { l += (*rlen_)[x]; });
      for (uint32_t c = first[e]; c != kNone; c = nxt[c]) {
        l += out[c];
        for_pieces(tail[c], [&](uint32_t x) { l += (*rlen_)[x]; });
      }
      out[e] = l;
    }
  }
  // Subtree text lengths (trimmed text_content) of every element of the list
  // (a pre-order list: parents before children).
  void measure(const std::vector<uint32_t>& order, std::vector<Len>& out) const {
    for (size_t k = order.size(); k-- > 0;) {
      uint32_t e = order[k];
      Len l = length(text[e]);
      for (uint32_t c = first[e]; c != kNone; c = nxt[c]) {
        l.add(out[c]);
        l.add(length(tail[c]));
      }
      out[e] = l;
    }
  }

  std::vector<uint32_t> par, first, last, nxt, prv;
  std::vector<Pieces> text, tail;
  std::vector<uint32_t> pnext;
  std::vector<uint8_t> kind, done, deleted;

 private:
  void push(Pieces& p, uint32_t t) {
    pnext[t] = kNone;
    if (p.empty()) { p.head = p.tail = t; return; }
    pnext[p.tail] = t;
    p.tail = t;
  }
  void append(Pieces& a, Pieces& b) {
    if (b.empty()) return;
    if (a.empty()) a = b;
    else { pnext[a.tail] = b.head; a.tail = b.tail; }
    b = Pieces{};
  }
  void link_last(uint32_t p, uint32_t e) {
    par[e] = p;
    prv[e] = last[p];
    if (last[p] != kNone) nxt[last[p]] = e; else first[p] = e;
    last[p] = e;
  }
  void unlink(uint32_t e) {
    uint32_t p = par[e];
    if (prv[e] != kNone) nxt[prv[e]] = nxt[e]; else first[p] = nxt[e];
    if (nxt[e] != kNone) prv[nxt[e]] = prv[e]; else last[p] = prv[e];
    par[e] = prv[e] = nxt[e] = kNone;
  }

  const Document* doc_;
  const std::vector<uint32_t>* clen_;
  const std::vector<uint32_t>* rlen_;
};

// utils.py textfilter / RE_FILTER on a collapsed text.
bool filtered_text(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    bool word = c >= 0x80 || std::isalnum(c) || c == '_';
    if (word) break;
    ++i;
  }
  std::string rest(s.substr(i));
  for (char& c : rest)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  for (std::string_view w : kFilterWords)
    if (rest == w) return true;
  if (rest.compare(0, kFilterMoreOnThis.size(), kFilterMoreOnThis) == 0) {
    std::string_view after = std::string_view(rest).substr(kFilterMoreOnThis.size());
    uint32_t cps = 0;
    for (size_t k = 0; k < after.size();) {
      unicode::next(after, k);
      ++cps;
    }
    return cps <= kFilterMoreOnThisTail;
  }
  return false;
}

// ---------------------------------------------------------------------------
// The extraction result: blocks of text pieces (the children of trafilatura's
// result <body>).

struct Block {
  Kind kind = kP;
  std::vector<uint32_t> pieces;
  // Per piece: kept untrimmed, white space included (lxml text copied as is);
  // otherwise trimmed (process_node). Only the measured length differs.
  std::vector<uint8_t> raw;
  uint32_t n_p = 0, n_table = 0;  // <p> and <table> elements inside (compare_extraction)
  bool p_text = false;            // some <p> with text (.//p//text())
  bool moved = false;             // the element itself went into the result (out of the tree)
};

struct Result {
  std::vector<Block> blocks;
  std::vector<uint32_t> pieces() const {
    std::vector<uint32_t> out;
    for (const Block& b : blocks) out.insert(out.end(), b.pieces.begin(), b.pieces.end());
    return out;
  }
};

uint64_t pieces_length(const std::vector<uint32_t>& pieces, const std::vector<uint32_t>& clen) {
  Len l;
  for (uint32_t t : pieces) l.add(clen[t]);
  return l.value();
}

// ---------------------------------------------------------------------------
// The extractor proper.

class Trafilatura {
 public:
  explicit Trafilatura(Context& ctx) : ctx_(ctx), doc_(ctx.doc()) { text_lengths(doc_, clen_, rlen_); }

  Labels run();

 private:
  struct Extracted {
    std::vector<uint32_t> pieces;
    uint64_t len = 0;
    bool p_text = false, has_head = false;
    uint32_t n_p = 0, n_table = 0;
  };

  // Stage helpers.
  void tree_cleaning(Tree& t, Focus focus) const;
  void convert_tags(Tree& t) const;
  std::vector<uint32_t> extract_comments(Tree& t) const;
  Extracted extract_content(Tree& t, Focus focus) const;
  Extracted compare_extraction(const Tree& cleaned_backup, const std::vector<uint8_t>& raw_removed,
                               Extracted body, Focus focus);
  Extracted baseline(const std::vector<uint8_t>& removed) const;
  Extracted justext_on(const std::vector<uint8_t>& removed);
  std::vector<uint8_t> basic_cleaning_mask(const std::vector<uint8_t>& removed) const;
  uint64_t html2txt_length(const std::vector<uint8_t>& removed) const;
  std::vector<uint8_t> removed_mask(const Tree& t) const;
  std::vector<uint8_t> text_mask(const std::vector<uint8_t>& removed) const;

  // Main-extractor pieces.
  void prune_unwanted_sections(Tree& t, uint32_t root, Focus focus) const;
  void prune_with_backup(Tree& t, uint32_t root) const;
  template <class Match>
  void prune_nodes(Tree& t, uint32_t root, Match&& match) const;
  void link_density_pass(Tree& t, uint32_t root, Kind tag, bool backtracking) const;
  void link_density_tables(Tree& t, uint32_t root) const;
  bool handle_textelem(Tree& t, uint32_t e, bool div_potential, Focus focus, bool top, Block& out) const;
  void claim(Tree& t, uint32_t e, bool with_tail, bool raw, Block& out) const;
  bool process_node(Tree& t, uint32_t e, Block& out) const;
  bool handle_list(Tree& t, uint32_t e, Block& out) const;
  bool handle_table(Tree& t, uint32_t e, Focus focus, Block& out) const;
  uint64_t ptest_length(const Tree& t) const;
  void add_pieces(const Tree& t, const Pieces& p, Block& out, bool raw = false) const {
    t.for_pieces(p, [&](uint32_t x) {
      out.pieces.push_back(x);
      out.raw.push_back(raw);
    });
  }
  static void append_block(Block& out, const Block& inner) {
    out.pieces.insert(out.pieces.end(), inner.pieces.begin(), inner.pieces.end());
    out.raw.insert(out.raw.end(), inner.raw.begin(), inner.raw.end());
  }
  Extracted to_extracted(const Result& r) const;
  void drop_adjacent_duplicates(const Tree& t, const Result& r, Extracted& x) const;

  Context& ctx_;
  const Document& doc_;
  std::vector<uint32_t> clen_, rlen_;
  uint64_t page_length_ = 0;  // all text of the page
};

// ---- Stage 1: cleaning and conversion -------------------------------------

void Trafilatura::tree_cleaning(Tree& t, Focus focus) const {
  const Document& doc = doc_;
  // figure holding a table, and layout tables (role presentation/none), become <div>s.
  std::vector<uint8_t> as_div(doc.size(), 0), has_table(doc.size(), 0);
  for (uint32_t i = static_cast<uint32_t>(doc.size()); i-- > 1;) {
    const Node& n = doc.nodes[i];
    if (n.kind != NodeKind::Element) continue;
    if (n.tag == Tag::Table) {
      std::string_view role = doc.str(n.role);
      if (role == "presentation" || role == "none") as_div[i] = 1;
    }
    if (n.tag == Tag::Figure && has_table[i]) as_div[i] = 1;
    if (n.parent != kNone && (has_table[i] || n.tag == Tag::Table)) has_table[n.parent] = 1;
  }
  for (uint32_t i = 1; i < doc.size(); ++i)
    if (as_div[i]) t.kind[i] = kDiv;
  auto cleaned = [&](uint32_t e) { return !as_div[e] && manually_cleaned(doc.nodes[e].tag); };
  std::vector<uint32_t> all = t.descendants(0);
  for (uint32_t e : all)
    if (manually_stripped(doc.nodes[e].tag)) t.strip(e);
  bool delete_cleaned = true;
  if (focus == Focus::Recall) {
    // Recall keeps the page when every paragraph sits inside a cleaned element.
    bool any_p = false, free_p = false;
    std::vector<uint8_t> inside(doc.size(), 0);
    for (uint32_t i = 1; i < doc.size(); ++i) {
      const Node& n = doc.nodes[i];
      if (n.kind != NodeKind::Element) continue;
      uint32_t p = n.parent == kNone ? 0 : n.parent;
      inside[i] = inside[p] || (p != 0 && cleaned(p));
      if (n.tag == Tag::P) {
        any_p = true;
        free_p = free_p || !inside[i];
      }
    }
    if (any_p && !free_p) delete_cleaned = false;
  }
  if (delete_cleaned)
    for (uint32_t e : all)
      if (cleaned(e)) t.drop(e, true);
  // _handle_forms: a form holding more than half of the text is a layout wrapper.
  std::vector<uint32_t> order = t.descendants(0);
  bool any_form = false;
  for (uint32_t e : order) any_form = any_form || doc.nodes[e].tag == Tag::Form;
  if (any_form) {
    order.insert(order.begin(), 0);
    std::vector<uint64_t> lens(doc.size());
    t.measure_raw(order, lens);
    uint64_t total = lens[0];
    for (uint32_t e : order) {
      if (e == 0 || doc.nodes[e].tag != Tag::Form || t.par[e] == kNone) continue;
      if (total && lens[e] * 2 > total) t.kind[e] = kDiv;
      else t.drop(e, true);
    }
  }
  // prune_html: empty CUT_EMPTY_ELEMS (no text at all, no children).
  for (uint32_t e : t.descendants(0))
    if (cut_empty(doc.nodes[e].tag) && t.text[e].empty() && t.first[e] == kNone) t.drop(e, true);
}

void Trafilatura::convert_tags(Tree& t) const {
  const Document& doc = doc_;
  std::vector<uint32_t> order = t.descendants(0);
  // Links: "ref" inside div/li/p/table (tables on), unwrapped elsewhere.
  std::vector<uint8_t> in_container(doc.size(), 0);
  for (uint32_t e : order) {
    uint32_t p = t.par[e];
    Tag pt = p == 0 ? Tag::Unknown : doc.nodes[p].tag;
    bool container = p != 0 && (t.kind[p] == kDiv || pt == Tag::Li || pt == Tag::P || pt == Tag::Table);
    in_container[e] = in_container[p] || container;
  }
  for (uint32_t e : order) {
    Tag tg = doc.nodes[e].tag;
    if (tg == Tag::A) {
      if (in_container[e]) t.kind[e] = kRef;
      else t.strip(e);
    } else if (tg == Tag::Strong && doc.str(doc.nodes[e].cls).find("schema-faq-question") != std::string_view::npos) {
      t.kind[e] = kHead;
    } else if ((tg == Tag::Sub || tg == Tag::Sup) && t.text[e].empty() && t.first[e] == kNone) {
      t.drop(e, true);
    }
  }
  for (uint32_t e : order)
    if (t.par[e] != kNone && t.kind[e] != kHead && rend_tag(doc.nodes[e].tag)) t.strip(e);
  // CONVERSIONS, in document order (lists convert their items).
  order = t.descendants(0);
  // <pre> holding highlight.js spans (class "hljs...") is code: one backward pass.
  std::vector<uint8_t> hljs_below(doc.size(), 0);
  for (size_t k = order.size(); k-- > 0;) {
    uint32_t e = order[k], p = t.par[e];
    bool own = doc.nodes[e].tag == Tag::Span && doc.str(doc.nodes[e].cls).substr(0, 4) == "hljs";
    if (p != kNone && (own || hljs_below[e])) hljs_below[p] = 1;
  }
  std::vector<uint8_t> in_list(doc.size(), 0), in_details(doc.size(), 0);
  for (uint32_t e : order) {
    uint32_t p = t.par[e];
    Tag tg = doc.nodes[e].tag;
    in_list[e] = in_list[p] || (p != 0 && t.kind[p] == kList);
    in_details[e] = in_details[p] || (p != 0 && doc.nodes[p].tag == Tag::Details);
    switch (tg) {
      case Tag::Dl: case Tag::Ol: case Tag::Ul: t.kind[e] = kList; break;
      case Tag::Li: case Tag::Dd: case Tag::Dt: if (in_list[e]) t.kind[e] = kItem; break;
      case Tag::H1: case Tag::H2: case Tag::H3: case Tag::H4: case Tag::H5: case Tag::H6: t.kind[e] = kHead; break;
      case Tag::Br: case Tag::Hr: t.kind[e] = kLb; break;
      case Tag::Blockquote: case Tag::Q: t.kind[e] = kQuote; break;
      case Tag::Pre: {
        // convert_quotes: code when a single <span> child, hljs spans, or code-like text.
        bool code = false;
        uint32_t c = t.first[e];
        if (c != kNone && t.nxt[c] == kNone && doc.nodes[c].tag == Tag::Span) code = true;
        if (!code) {
          std::string lead;
          t.for_pieces(t.text[e], [&](uint32_t x) { lead.append(doc.text(doc.text_nodes[x])); });
          for (std::string_view ind : {std::string_view("{"), std::string_view("(\""), std::string_view("('"),
                                       std::string_view("\n    ")})
            code = code || lead.find(ind) != std::string::npos;
        }
        t.kind[e] = code || hljs_below[e] ? kCode : kQuote;
        break;
      }
      case Tag::Del: case Tag::S: case Tag::Strike: t.kind[e] = kDel; break;
      case Tag::Details: t.kind[e] = kDiv; break;
      case Tag::Summary: if (in_details[e]) t.kind[e] = kHead; break;
      default: break;
    }
  }
}

// ---- Stage 2: comments ----------------------------------------------------

std::vector<uint32_t> Trafilatura::extract_comments(Tree& t) const {
  const Document& doc = doc_;
  auto is_kind = [&](uint32_t e, uint32_t kinds) { return (kinds >> t.kind[e]) & 1u; };
  for (int expr = 0; expr < 4; ++expr) {
    uint32_t sub = kNone;
    for (uint32_t e : t.descendants(0)) {
      bool m = false;
      switch (expr) {
        case 0: m = is_kind(e, kCommentKinds) && any_pred(doc, e, kComments1); break;
        case 1: m = is_kind(e, kCommentKinds) && any_pred(doc, e, kComments2); break;
        case 2: m = is_kind(e, kCommentKinds) && any_pred(doc, e, kComments3); break;
        default: m = is_kind(e, bit(kDiv) | bit(kSection)) && any_pred(doc, e, kComments4); break;
      }
      if (m) { sub = e; break; }
    }
    if (sub == kNone) continue;
    // COMMENTS_DISCARD_XPATH, then ref and span unwrapped.
    prune_nodes(t, sub, [&](uint32_t e) {
      Tag tg = doc.nodes[e].tag;
      return ((t.kind[e] == kDiv || t.kind[e] == kSection) && any_pred(doc, e, kCommentsDiscardRespond)) ||
             tg == Tag::Cite || t.kind[e] == kQuote || (doc.nodes[e].flags & kHidden) ||
             any_pred(doc, e, kCommentsDiscardAny);
    });
    for (uint32_t e : t.descendants(sub))
      if (t.kind[e] == kRef || t.kind[e] == kSpan) t.strip(e);
    // process_comments_node: TAG_CATALOG elements, their own text and tail.
    std::vector<uint32_t> out;
    for (uint32_t e : t.descendants(sub)) {
      Kind k = static_cast<Kind>(t.kind[e]);
      if (!(k == kCode || k == kDel || k == kHead || k == kLb || k == kList || k == kP || k == kQuote)) continue;
      bool text_chars = t.has_chars(t.text[e]), tail_chars = t.has_chars(t.tail[e]);
      if (!text_chars && !tail_chars) continue;
      if (!text_chars && filtered_text(t.str(t.tail[e]))) continue;
      t.for_pieces(t.text[e], [&](uint32_t x) { out.push_back(x); });
      t.for_pieces(t.tail[e], [&](uint32_t x) { out.push_back(x); });
    }
    if (!out.empty()) {
      t.drop(sub, false);
      return out;
    }
  }
  return {};
}

// ---- Stage 3: the main extractor -------------------------------------------

template <class Match>
void Trafilatura::prune_nodes(Tree& t, uint32_t root, Match&& match) const {
  // Matches in document order; one inside an earlier match goes with it.
  std::vector<uint32_t> order = t.descendants(root);
  std::vector<uint8_t> gone(doc_.size(), 0);
  for (uint32_t e : order) {
    uint32_t p = t.par[e];
    if (p != root && gone[p]) { gone[e] = 1; continue; }
    if (match(e)) {
      gone[e] = 1;
      t.drop(e, true);
    }
  }
}

void Trafilatura::prune_with_backup(Tree& t, uint32_t root) const {
  const Document& doc = doc_;
  std::vector<uint32_t> order = t.descendants(root);
  order.insert(order.begin(), root);
  std::vector<uint8_t> matched(doc.size(), 0), under(doc.size(), 0);
  std::vector<uint32_t> outer;
  for (size_t k = 1; k < order.size(); ++k) {
    uint32_t e = order[k];
    uint32_t p = t.par[e];
    under[e] = p != root && (under[p] || matched[p]);
    bool m = (((kDiscardKinds >> t.kind[e]) & 1u) && any_pred(doc, e, kOverallDiscard1)) ||
             (doc.nodes[e].flags & kHidden) || any_pred(doc, e, kOverallDiscard2);
    matched[e] = m;
    if (m && !under[e]) outer.push_back(e);
  }
  if (outer.empty()) return;
  std::vector<uint64_t> lens(doc.size());
  t.measure_raw(order, lens);
  uint64_t old_len = lens[root], removed = 0;
  for (uint32_t e : outer) removed += lens[e];
  if (static_cast<double>(old_len) - static_cast<double>(removed) > old_len * kBackupShare)
    for (uint32_t e : outer) t.drop(e, true);
}

void Trafilatura::link_density_pass(Tree& t, uint32_t root, Kind tag, bool backtracking) const {
  std::vector<uint32_t> order = t.descendants(root);
  order.insert(order.begin(), root);
  const size_t n = doc_.size();
  std::vector<Len> lens(n);
  t.measure(order, lens);
  // Per element, over its descendant refs: count, summed text length and
  // count of those with text, short ones, and those not alone in a <p>.
  std::vector<uint32_t> refs(n, 0), linknum(n, 0), shorts(n, 0), nonlisting(n, 0);
  std::vector<uint64_t> linklen(n, 0);
  for (size_t k = order.size(); k-- > 0;) {
    uint32_t e = order[k];
    for (uint32_t c = t.first[e]; c != kNone; c = t.nxt[c]) {
      refs[e] += refs[c];
      linknum[e] += linknum[c];
      shorts[e] += shorts[c];
      linklen[e] += linklen[c];
      if (t.kind[c] == kRef) {
        ++refs[e];
        uint64_t l = lens[c].value();
        if (l > 0) {
          ++linknum[e];
          linklen[e] += l;
          if (l < kShortLink) ++shorts[e];
        }
      }
    }
  }
  for (size_t k = order.size(); k-- > 0;) {
    uint32_t e = order[k];
    for (uint32_t c = t.first[e]; c != kNone; c = t.nxt[c]) {
      nonlisting[e] += nonlisting[c];
      if (t.kind[c] == kRef && !(t.kind[e] == kP && refs[e] == 1)) ++nonlisting[e];
    }
  }
  std::vector<uint32_t> deletions;
  for (uint32_t e : order) {
    if (e == root || t.kind[e] != tag || refs[e] == 0) continue;
    uint64_t text = lens[e].value();
    bool result = false, short_with_links = false;
    if (refs[e] == 1 && linklen[e] > kSingleLinkLength && linklen[e] > text * 0.9) {
      result = true;
    } else {
      uint64_t limit = tag == kP ? (t.nxt[e] == kNone ? 60 : 30) : (t.nxt[e] == kNone ? 300 : 100);
      if (text < limit) {
        if (linknum[e] == 0) {
          result = true;
        } else {
          result = linklen[e] > text * 0.8 || (linknum[e] > 1 && shorts[e] > 0.8 * linknum[e]);
          short_with_links = true;
        }
      } else if (refs[e] > 4) {
        result = linklen[e] > text * kLinkFarmRatio && linklen[e] < 100ull * linknum[e] && nonlisting[e] > 0;
      }
    }
    if (result || (backtracking && short_with_links && t.child_count(e) >= kLinkDensityDepth &&
                   text < kLinkDensityLenThreshold)) {
      uint32_t p = t.par[e];
      if (tag == kP && p != kNone && (t.kind[p] == kItem || t.kind[p] == kCell)) continue;
      deletions.push_back(e);
    }
  }
  for (uint32_t e : deletions) t.drop(e, true);
}

void Trafilatura::link_density_tables(Tree& t, uint32_t root) const {
  std::vector<uint32_t> order = t.descendants(root);
  order.insert(order.begin(), root);
  const size_t n = doc_.size();
  std::vector<Len> lens(n);
  t.measure(order, lens);
  std::vector<uint32_t> refs(n, 0);
  std::vector<uint64_t> linklen(n, 0);
  for (size_t k = order.size(); k-- > 0;) {
    uint32_t e = order[k];
    for (uint32_t c = t.first[e]; c != kNone; c = t.nxt[c]) {
      refs[e] += refs[c];
      linklen[e] += linklen[c];
      if (t.kind[c] == kRef) {
        ++refs[e];
        linklen[e] += lens[c].value();
      }
    }
  }
  std::vector<uint32_t> boiler;
  for (uint32_t e : order) {
    if (t.kind[e] != kTable || refs[e] == 0) continue;
    uint64_t len = lens[e].value();
    if (len < kTableMinLength) continue;
    if (len < kTableLongLength ? linklen[e] > 0.8 * len : linklen[e] > 0.5 * len) boiler.push_back(e);
  }
  for (uint32_t e : boiler) t.drop(e, false);
}

void Trafilatura::prune_unwanted_sections(Tree& t, uint32_t root, Focus focus) const {
  const Document& doc = doc_;
  prune_with_backup(t, root);
  auto discard_kind = [&](uint32_t e) { return (kDiscardKinds >> t.kind[e]) & 1u; };
  prune_nodes(t, root, [&](uint32_t e) { return discard_kind(e) && any_pred(doc, e, kDiscardImage); });
  if (focus != Focus::Recall)
    prune_nodes(t, root, [&](uint32_t e) { return discard_kind(e) && any_pred(doc, e, kTeaserDiscard); });
  for (int pass = 0; pass < 2; ++pass) {
    link_density_pass(t, root, kDiv, true);
    link_density_pass(t, root, kList, false);
    link_density_pass(t, root, kP, false);
  }
  link_density_tables(t, root);
  for (uint32_t e : t.descendants(root))
    if (t.kind[e] == kSpan || t.kind[e] == kRef) t.strip(e);
}

// Claims the subtree of e (its text, its descendants' text and tails, the
// tail of e when asked), skipping parts already done, and marks it done.
void Trafilatura::claim(Tree& t, uint32_t e, bool with_tail, bool raw, Block& out) const {
  add_pieces(t, t.text[e], out, raw);
  uint32_t n = t.first[e];
  while (n != kNone) {
    bool descend = !t.done[n];
    if (descend) {
      add_pieces(t, t.text[n], out, raw);
      add_pieces(t, t.tail[n], out, raw);
      if (t.kind[n] == kP) {
        ++out.n_p;
        out.p_text = out.p_text || t.has_chars(t.text[n]);
      }
      if (t.kind[n] == kTable) ++out.n_table;
      t.done[n] = 1;
    }
    if (descend && t.first[n] != kNone) { n = t.first[n]; continue; }
    while (n != e && t.nxt[n] == kNone) n = t.par[n];
    if (n == e) break;
    n = t.nxt[n];
  }
  if (with_tail) add_pieces(t, t.tail[e], out, raw);
  t.done[e] = 1;
}

// process_node: text (or the tail when there is no text) and tail, unless
// filtered.
// An element with only white space is still returned (and counts as an
// element of the result), as in the original.
bool Trafilatura::process_node(Tree& t, uint32_t e, Block& out) const {
  if (t.text[e].empty() && t.tail[e].empty()) return false;
  bool text_chars = t.has_chars(t.text[e]), tail_chars = t.has_chars(t.tail[e]);
  if ((text_chars || tail_chars) && filtered_text(t.str(text_chars ? t.text[e] : t.tail[e]))) return false;
  add_pieces(t, t.text[e], out);
  add_pieces(t, t.tail[e], out);
  return true;
}

bool Trafilatura::handle_list(Tree& t, uint32_t e, Block& out) const {
  out.kind = kList;
  add_pieces(t, t.text[e], out);
  // Items (descendants), each with its content and tail; other elements stay
  // for the main loop. Done parts are skipped, and so are lists nested
  // outside items: their own call takes their items later (the same text;
  // walking them here too would make nested lists quadratic).
  uint32_t n = t.first[e];
  while (n != kNone) {
    bool descend = !t.done[n] && t.kind[n] != kList;
    if (t.kind[n] == kItem && !t.done[n]) {
      claim(t, n, true, false, out);
      descend = false;
    }
    if (descend && t.first[n] != kNone) { n = t.first[n]; continue; }
    while (n != e && t.nxt[n] == kNone) n = t.par[n];
    if (n == e) break;
    n = t.nxt[n];
  }
  t.done[e] = 1;
  for (uint32_t x : out.pieces)
    if (clen_[x]) return true;
  return false;
}

bool Trafilatura::handle_table(Tree& t, uint32_t e, Focus focus, Block& out) const {
  out.kind = kTable;
  out.n_table = 1;
  // Rows and cells of this table (not of nested tables); captions.
  std::vector<uint32_t> cells;
  for (uint32_t c = t.first[e]; c != kNone; c = t.nxt[c]) {
    Kind k = static_cast<Kind>(t.kind[c]);
    if (k == kTr) {
      for (uint32_t d = t.first[c]; d != kNone; d = t.nxt[d])
        if (t.kind[d] == kCell) cells.push_back(d);
      t.done[c] = 1;
    } else if (k == kCell) {
      cells.push_back(c);
    } else if (k == kCaption) {
      claim(t, c, false, true, out);
    } else if (k != kTable) {
      t.done[c] = 1;  // other children are dropped (marked done)
    }
  }
  // A row counts when a cell has text (a childless cell: non-blank text) or
  // processed children; the table is returned when a row counts, even if
  // all of it is white space (the original's test).
  bool present = false;
  for (uint32_t cell : cells) {
    if (t.first[cell] == kNone) {
      size_t before = out.pieces.size();
      process_node(t, cell, out);
      for (size_t k = before; k < out.pieces.size(); ++k) present = present || clen_[out.pieces[k]] > 0;
      t.done[cell] = 1;
      continue;
    }
    present = present || !t.text[cell].empty();
    add_pieces(t, t.text[cell], out, true);
    add_pieces(t, t.tail[cell], out, true);
    t.done[cell] = 1;
    // The cell's descendants, in order, nested tables left out (the main loop
    // takes them later); lists are dropped (kept in recall), their tails kept.
    uint32_t n = t.first[cell];
    while (n != kNone) {
      bool descend = !t.done[n];
      if (descend) {
        Kind k = static_cast<Kind>(t.kind[n]);
        if (k == kTable) {
          add_pieces(t, t.tail[n], out, true);
          descend = false;
        } else if (k == kCell || k == kDel) {
          add_pieces(t, t.text[n], out, true);
          add_pieces(t, t.tail[n], out, true);
          t.done[n] = 1;
        } else if (k == kList) {
          if (focus == Focus::Recall) {
            Block inner;
            handle_list(t, n, inner);
            append_block(out, inner);
          } else {
            Block sink;
            handle_list(t, n, sink);
          }
          add_pieces(t, t.tail[n], out, true);
          descend = false;
        } else {
          Block inner;
          if (handle_textelem(t, n, true, focus, false, inner)) {
            present = true;
            // define_newelem(keep_children): a <div>'s line breaks and inline
            // children are carried into its copy (not separate paragraphs).
            if (k == kDiv)
              for (uint32_t c = t.first[n]; c != kNone; c = t.nxt[c]) {
                if (t.done[c]) continue;
                if (t.kind[c] == kLb) {
                  add_pieces(t, t.tail[c], inner, true);
                  t.done[c] = 1;
                } else if (t.kind[c] == kDel) {
                  claim(t, c, true, true, inner);
                }
              }
            append_block(out, inner);
            out.n_p += inner.n_p + (inner.kind == kP ? 1 : 0);
            out.p_text = out.p_text || inner.p_text || inner.kind == kP;
          }
          t.done[n] = 1;
          descend = true;  // its descendants come next (those not claimed are still open)
        }
      }
      if (descend && t.first[n] != kNone) { n = t.first[n]; continue; }
      while (n != cell && t.nxt[n] == kNone) n = t.par[n];
      if (n == cell) break;
      n = t.nxt[n];
    }
  }
  t.done[e] = 1;
  for (uint32_t x : out.pieces)
    present = present || clen_[x] > 0;
  return present;
}

// handle_textelem. `top`: called from the main loop, where an element
// returned as is (a <div> with text) is moved into the result with its whole
// subtree; inside table cells only its own text and tail are copied.
bool Trafilatura::handle_textelem(Tree& t, uint32_t e, bool div_potential, Focus focus, bool top,
                                  Block& out) const {
  Kind k = static_cast<Kind>(t.kind[e]);
  switch (k) {
    case kList: return handle_list(t, e, out);
    case kQuote: case kCode:
      out.kind = k;
      claim(t, e, false, k == kCode, out);
      for (uint32_t x : out.pieces)
        if (clen_[x]) return true;
      return false;
    case kHead:
      out.kind = kHead;
      if (t.first[e] == kNone) {
        t.done[e] = 1;
        out.moved = true;
        return process_node(t, e, out);
      }
      claim(t, e, true, true, out);
      for (uint32_t x : out.pieces)
        if (clen_[x]) return true;
      return false;
    case kP:
      out.kind = kP;
      if (t.first[e] == kNone) {
        t.done[e] = 1;
        out.moved = true;
        bool ok = process_node(t, e, out);
        out.p_text = ok && t.has_chars(t.text[e]);
        return ok;
      }
      claim(t, e, false, true, out);
      for (uint32_t x : out.pieces)
        if (clen_[x]) { out.p_text = true; return true; }
      return true;  // a new <p> with (empty) children
    case kLb:
      t.done[e] = 1;
      if (!t.has_chars(t.tail[e]) || filtered_text(t.str(t.tail[e]))) return false;
      out.kind = kP;
      add_pieces(t, t.tail[e], out);
      out.p_text = true;
      return true;
    case kDel: {
      out.kind = kP;
      if (!top) return process_node(t, e, out);
      Block probe;
      if (!process_node(t, e, probe)) return false;
      claim(t, e, true, true, out);  // moved into the result with its children
      out.moved = true;
      out.p_text = true;
      return true;
    }
    case kTable: return handle_table(t, e, focus, out);
    case kDiv: {
      if (doc_.str(doc_.nodes[e].cls).find("w3-code") != std::string_view::npos) {
        out.kind = kCode;
        claim(t, e, true, true, out);
        return true;
      }
      if (!div_potential) return false;
      bool text_chars = t.has_chars(t.text[e]);
      if (!text_chars && !(t.first[e] == kNone && t.has_chars(t.tail[e]))) return false;
      out.kind = kP;
      out.p_text = true;
      if (top) {
        claim(t, e, true, true, out);
        out.moved = true;
      } else {
        add_pieces(t, t.text[e], out, true);
        add_pieces(t, t.tail[e], out, true);
      }
      return true;
    }
    default:
      return false;
  }
}

uint64_t Trafilatura::ptest_length(const Tree& t) const {
  // '//p//text()' over the whole (pruned) tree.
  std::vector<uint32_t> order = t.descendants(0);
  std::vector<uint8_t> in_p(doc_.size(), 0);
  uint64_t sum = 0;
  for (uint32_t e : order) {
    uint32_t p = t.par[e];
    in_p[e] = t.kind[e] == kP || (p != 0 && in_p[p]);
    if (in_p[e]) t.for_pieces(t.text[e], [&](uint32_t x) { sum += rlen_[x]; });
    if (p != 0 && in_p[p]) t.for_pieces(t.tail[e], [&](uint32_t x) { sum += rlen_[x]; });
  }
  return sum;
}

Trafilatura::Extracted Trafilatura::to_extracted(const Result& r) const {
  Extracted x;
  x.pieces = r.pieces();
  // len(" ".join(result_body.itertext())): untrimmed pieces count with their
  // white space, trimmed ones only when not empty.
  uint64_t sum = 0, n = 0;
  for (const Block& b : r.blocks)
    for (size_t i = 0; i < b.pieces.size(); ++i) {
      uint32_t l = (i < b.raw.size() && b.raw[i]) ? rlen_[b.pieces[i]] : clen_[b.pieces[i]];
      if (l) { sum += l; ++n; }
    }
  x.len = n ? sum + n - 1 : 0;
  for (const Block& b : r.blocks) {
    x.n_p += b.n_p + (b.kind == kP ? 1 : 0);
    x.n_table += b.n_table;
    x.p_text = x.p_text || b.p_text;
    x.has_head = x.has_head || b.kind == kHead;
  }
  return x;
}

Trafilatura::Extracted Trafilatura::extract_content(Tree& t, Focus focus) const {
  const Document& doc = doc_;
  Tree backup = t;
  Result result;
  bool div_potential = false;
  auto container = [&](uint32_t e) { return (kContainerKinds >> t.kind[e]) & 1u; };
  for (int expr = 0; expr < 5; ++expr) {
    uint32_t sub = kNone;
    for (uint32_t e : t.descendants(0)) {
      if (t.done[e]) continue;
      bool m = false;
      switch (expr) {
        case 0: m = container(e) && any_pred(doc, e, kBody1); break;
        case 1: m = t.kind[e] == kArticle; break;
        case 2: m = container(e) && any_pred(doc, e, kBody3); break;
        case 3: m = container(e) && any_pred(doc, e, kBody4); break;
        default:
          m = t.kind[e] == kMain ||
              (((bit(kArticle) | bit(kDiv) | bit(kSection)) >> t.kind[e] & 1u) && any_pred(doc, e, kBody5));
          break;
      }
      if (m) { sub = e; break; }
    }
    if (sub == kNone) continue;
    prune_unwanted_sections(t, sub, focus);
    if (t.first[sub] == kNone) continue;
    uint64_t ptest = ptest_length(t);
    if (ptest == 0 || ptest < kMinExtractedSize * kPTestFactor) div_potential = true;
    std::vector<uint32_t> subelems = t.descendants(sub);
    bool only_lb = true, inline_only = true;
    for (uint32_t e : subelems) {
      Kind k = static_cast<Kind>(t.kind[e]);
      only_lb = only_lb && k == kLb;
      inline_only = inline_only && (k == kLb || k == kDel || k == kCode || k == kRef);
    }
    if (only_lb || (t.kind[sub] == kDiv && div_potential && inline_only)) subelems.assign(1, sub);
    // The container's own leading text, kept when this container wins.
    Block lead;
    bool has_lead = false;
    if (!(subelems.size() == 1 && subelems[0] == sub) && t.has_chars(t.text[sub])) {
      std::string s = t.str(t.text[sub]);
      if (!filtered_text(s)) {
        add_pieces(t, t.text[sub], lead);
        lead.p_text = true;
        has_lead = true;
      }
    }
    size_t start = result.blocks.size();
    for (uint32_t e : subelems) {
      if (t.done[e]) continue;
      Kind k = static_cast<Kind>(t.kind[e]);
      Block b;
      if (handle_textelem(t, e, div_potential, focus, true, b)) {
        // lxml's append moves an element returned as is (with its tail) out
        // of the tree: later containers and measures no longer see it.
        if (b.moved) t.drop(e, false);
        result.blocks.push_back(std::move(b));
        t.done[e] = 1;
      }
      // REBUILT_BLOCKS: the tail of a quote, code, list or table becomes a paragraph.
      if ((k == kQuote || k == kCode || k == kList || k == kTable) && t.has_chars(t.tail[e])) {
        Block tb;
        if (!filtered_text(t.str(t.tail[e]))) {
          add_pieces(t, t.tail[e], tb);
          tb.p_text = true;
          result.blocks.push_back(std::move(tb));
        }
      }
    }
    while (!result.blocks.empty() && result.blocks.back().kind == kHead) result.blocks.pop_back();
    if (result.blocks.size() > 1) {
      if (has_lead) result.blocks.insert(result.blocks.begin() + static_cast<long>(start), std::move(lead));
      break;
    }
  }
  Extracted x = to_extracted(result);
  if (!result.blocks.empty() && x.len >= kMinExtractedSize) {
    drop_adjacent_duplicates(t, result, x);
    return x;
  }

  // recover_wild_text on the backup, skipping what the first pass consumed.
  prune_unwanted_sections(backup, 0, focus);
  const bool recall = focus == Focus::Recall;
  std::unordered_set<std::string> existing;
  for (const Block& b : result.blocks) {
    std::string s;
    for (uint32_t p : b.pieces) {
      if (!s.empty()) s += ' ';
      s += backup.str(Pieces{p, p});
    }
    existing.insert(s);
  }
  std::vector<uint8_t> handled(doc.size(), 0);
  for (uint32_t e : backup.descendants(0)) {
    uint32_t p = backup.par[e];
    if (p != 0 && handled[p]) { handled[e] = 1; continue; }
    if (t.done[e] || backup.done[e]) continue;
    Kind k = static_cast<Kind>(backup.kind[e]);
    bool search = k == kCode || k == kP || k == kQuote || k == kTable ||
                  (k == kDiv && doc.str(doc.nodes[e].cls).find("w3-code") != std::string_view::npos) ||
                  (recall && (k == kDiv || k == kLb || k == kList));
    if (!search) continue;
    Block b;
    bool ok = handle_textelem(backup, e, div_potential || recall, focus, true, b);
    if (!ok) continue;
    if (b.moved) {
      handled[e] = 1;
      backup.drop(e, false);
    }
    std::string s;
    for (uint32_t q : b.pieces) {
      if (!s.empty()) s += ' ';
      s += backup.str(Pieces{q, q});
    }
    if (!s.empty() && existing.count(s)) continue;
    existing.insert(s);
    result.blocks.push_back(std::move(b));
  }
  x = to_extracted(result);
  drop_adjacent_duplicates(backup, result, x);
  return x;
}

// extract_content: a block repeating the previous one (same text, longer than
// MIN_DUPLICATE_LENGTH) is dropped from the output; the length measured
// before stays (as in the original).
void Trafilatura::drop_adjacent_duplicates(const Tree& t, const Result& r, Extracted& x) const {
  std::string previous;
  std::vector<uint32_t> kept;
  for (const Block& b : r.blocks) {
    std::string raw;
    for (uint32_t p : b.pieces) raw.append(doc_.text(doc_.text_nodes[p]));
    std::string cur = t.str_of(raw);
    if (!cur.empty() && cur == previous && cur.size() > kMinDuplicateLength) continue;
    previous = std::move(cur);
    kept.insert(kept.end(), b.pieces.begin(), b.pieces.end());
  }
  x.pieces = std::move(kept);
}

// ---- Stage 4: comparison with readability and jusText -----------------------

// Per Document node: deleted with its subtree in this tree.
std::vector<uint8_t> Trafilatura::removed_mask(const Tree& t) const {
  std::vector<uint8_t> m(doc_.size(), 0);
  for (uint32_t i = 1; i < doc_.size(); ++i)
    if (doc_.nodes[i].kind == NodeKind::Element && t.deleted[i]) m[i] = 1;
  return m;
}

// Per text node: inside a removed element.
std::vector<uint8_t> Trafilatura::text_mask(const std::vector<uint8_t>& removed) const {
  std::vector<uint8_t> in(doc_.size(), 0), out(doc_.text_nodes.size(), 0);
  for (uint32_t i = 1; i < doc_.size(); ++i) {
    uint32_t p = doc_.nodes[i].parent;
    in[i] = removed[i] || (p != kNone && in[p]);
    if (doc_.nodes[i].kind == NodeKind::Text && doc_.nodes[i].text_index != kNone)
      out[doc_.nodes[i].text_index] = in[i];
  }
  return out;
}

// BASIC_CLEAN_XPATH added to a removal mask.
std::vector<uint8_t> Trafilatura::basic_cleaning_mask(const std::vector<uint8_t>& removed) const {
  std::vector<uint8_t> m = removed;
  for (uint32_t i = 1; i < doc_.size(); ++i) {
    const Node& n = doc_.nodes[i];
    if (n.kind != NodeKind::Element) continue;
    bool kill = n.tag == Tag::Aside || n.tag == Tag::Footer || n.tag == Tag::Script || n.tag == Tag::Style ||
                n.tag == Tag::Svg || n.tag == Tag::Template ||
                (n.tag == Tag::Div && any_pred(doc_, i, kBasicCleanDiv));
    if (!kill && (n.cls.len || n.id.len)) {
      std::string v = std::string(doc_.str(n.cls)) + " " + std::string(doc_.str(n.id));
      for (char& c : v)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
      for (std::string_view w : kCookieConsent)
        if (v.find(w) != std::string::npos) { kill = true; break; }
    }
    if (kill) m[i] = 1;
  }
  return m;
}

Trafilatura::Extracted Trafilatura::justext_on(const std::vector<uint8_t>& removed) {
  Labels l = justext_labels(ctx_, trafilatura_justext_params(), &removed);
  Extracted x;
  for (uint32_t t = 0; t < l.size(); ++t)
    if (l[t] >= kContentThreshold) x.pieces.push_back(t);
  x.len = pieces_length(x.pieces, clen_);
  x.p_text = x.len > 0;
  return x;
}

Trafilatura::Extracted Trafilatura::compare_extraction(const Tree& cleaned_backup,
                                                       const std::vector<uint8_t>& raw_removed, Extracted body,
                                                       Focus focus) {
  const bool recall = focus == Focus::Recall;
  if (recall && body.len > static_cast<uint64_t>(kMinExtractedSize) * kRecallBypass) return body;
  // Readability's text is at most the page's text: when that cannot be twice
  // ours, only the structural rule could prefer it; skip the run otherwise.
  if (!recall && body.len > 0 && body.p_text && body.n_table <= body.n_p &&
      page_length_ <= 2 * body.len && body.len >= kMinExtractedSize)
    return body;
  // readability on the raw tree (whatever the raw tree lost is not in it).
  const Labels& rl = trafilatura_readability_labels(ctx_);
  std::vector<uint8_t> raw_text_gone = text_mask(raw_removed);
  Extracted algo;
  std::vector<uint8_t> in_sanitized(doc_.size(), 0), in_heading(doc_.size(), 0);
  bool unclean_algo = false, algo_heading = false;
  for (uint32_t i = 1; i < doc_.size(); ++i) {
    const Node& n = doc_.nodes[i];
    uint32_t p = n.parent == kNone ? 0 : n.parent;
    in_sanitized[i] = in_sanitized[p] || (n.kind == NodeKind::Element && sanitized_tag(n.tag));
    in_heading[i] = in_heading[p] || (n.kind == NodeKind::Element &&
                                      (n.tag == Tag::H2 || n.tag == Tag::H3 || n.tag == Tag::H4));
    if (n.kind != NodeKind::Text || n.text_index == kNone) continue;
    uint32_t t = n.text_index;
    if (rl[t] < kContentThreshold || raw_text_gone[t]) continue;
    algo.pieces.push_back(t);
    if (clen_[t]) {
      unclean_algo = unclean_algo || in_sanitized[i];
      algo_heading = algo_heading || in_heading[i];
    }
  }
  algo.len = pieces_length(algo.pieces, clen_);
  bool json_start = false;
  for (uint32_t t : algo.pieces) {
    if (!clen_[t]) continue;
    std::string_view s = doc_.text(doc_.text_nodes[t]);
    size_t k = s.find_first_not_of(" \t\r\n\f\v");
    json_start = k != std::string_view::npos && s[k] == '{';
    break;
  }
  const uint64_t len_text = body.len, len_algo = algo.len;
  bool use_readability = false;
  if (len_algo != 0 && len_algo != len_text && !(len_text > 2 * len_algo)) {
    use_readability =
        len_text == 0 || (len_algo > 2 * len_text && !json_start) ||
        (len_algo > 2ull * kMinExtractedSize && (!body.p_text || body.n_table > body.n_p)) ||
        (recall && len_algo > kRecallReadabilityRatio * len_text && !json_start) ||
        (recall && !body.has_head && algo_heading && len_algo > len_text);
  }
  Extracted chosen = use_readability ? algo : body;
  bool unclean = use_readability && unclean_algo;
  if (unclean || chosen.len < kMinExtractedSize) {
    Extracted jt = justext_on(basic_cleaning_mask(removed_mask(cleaned_backup)));
    bool accept = unclean ? chosen.len <= kJustextOverrideRatio * jt.len : chosen.len < jt.len;
    if (jt.len > 0 && accept) return jt;
  }
  if (use_readability) {
    // sanitize_tree: tree_cleaning on readability's output.
    std::vector<uint8_t> gone = text_mask(removed_mask(cleaned_backup));
    Extracted s;
    for (uint32_t t : chosen.pieces)
      if (!gone[t]) s.pieces.push_back(t);
    s.len = pieces_length(s.pieces, clen_);
    s.p_text = s.len > 0;
    return s;
  }
  return chosen;
}

// ---- Stage 5: baseline -------------------------------------------------------

Trafilatura::Extracted Trafilatura::baseline(const std::vector<uint8_t>& removed) const {
  const Document& doc = doc_;
  std::vector<uint8_t> gone = text_mask(basic_cleaning_mask(removed));
  std::vector<uint8_t> node_gone(doc.size(), 0);
  {
    std::vector<uint8_t> m = basic_cleaning_mask(removed);
    for (uint32_t i = 1; i < doc.size(); ++i) {
      uint32_t p = doc.nodes[i].parent;
      node_gone[i] = m[i] || (p != kNone && node_gone[p]);
    }
  }
  auto block = [&](uint32_t e, std::vector<uint32_t>& pieces) {
    Len l;
    for (uint32_t i = e + 1, end = doc.subtree_end(e); i < end; ++i) {
      const Node& n = doc.nodes[i];
      if (n.kind != NodeKind::Text || n.text_index == kNone || gone[n.text_index]) continue;
      pieces.push_back(n.text_index);
      l.add(clen_[n.text_index]);
    }
    return l.value();
  };
  // <article> elements (outermost) longer than the minimum, those of at least
  // a fifth of the longest.
  struct Part { std::vector<uint32_t> pieces; uint64_t len; };
  std::vector<Part> parts;
  for (uint32_t i = 1; i < doc.size();) {
    const Node& n = doc.nodes[i];
    if (n.kind == NodeKind::Element && n.tag == Tag::Article && !node_gone[i]) {
      Part p;
      p.len = block(i, p.pieces);
      if (p.len > kBaselineMinContent) parts.push_back(std::move(p));
      i = doc.subtree_end(i);
      continue;
    }
    ++i;
  }
  auto attempt = [&](const std::vector<Part>& ps, Extracted& out) {
    uint64_t total = 0;
    size_t count = 0;
    for (const Part& p : ps)
      if (p.len) { total += p.len; ++count; }
    if (count) total += count - 1;
    if (total <= kBaselineMinContent) return false;
    for (const Part& p : ps) out.pieces.insert(out.pieces.end(), p.pieces.begin(), p.pieces.end());
    out.len = total;
    out.p_text = true;
    return true;
  };
  Extracted out;
  if (!parts.empty()) {
    uint64_t longest = 0;
    for (const Part& p : parts) longest = std::max(longest, p.len);
    std::vector<Part> kept;
    for (Part& p : parts)
      if (p.len * 5 >= longest) kept.push_back(std::move(p));
    if (attempt(kept, out)) return out;
  }
  // Paragraph-like elements (outermost), deduplicated by text.
  parts.clear();
  std::unordered_set<std::string> seen;
  for (uint32_t i = 1; i < doc.size();) {
    const Node& n = doc.nodes[i];
    if (n.kind == NodeKind::Element && !node_gone[i] &&
        (n.tag == Tag::Blockquote || n.tag == Tag::Code || n.tag == Tag::P || n.tag == Tag::Pre || n.tag == Tag::Q)) {
      Part p;
      p.len = block(i, p.pieces);
      if (p.len) {
        std::string key;
        for (uint32_t t : p.pieces) key.append(doc.text(doc.text_nodes[t]));
        if (p.len <= kMinDuplicateLength || seen.insert(key).second) parts.push_back(std::move(p));
      }
      i = doc.subtree_end(i);
      continue;
    }
    ++i;
  }
  if (attempt(parts, out)) return out;
  // The whole body.
  for (uint32_t i = 1; i < doc.size(); ++i) {
    if (doc.nodes[i].kind == NodeKind::Element && doc.nodes[i].tag == Tag::Body) {
      block(i, out.pieces);
      out.len = pieces_length(out.pieces, clen_);
      out.p_text = out.len > 0;
      break;
    }
  }
  return out;
}

uint64_t Trafilatura::html2txt_length(const std::vector<uint8_t>& removed) const {
  std::vector<uint8_t> gone = text_mask(basic_cleaning_mask(removed));
  for (uint32_t i = 1; i < doc_.size(); ++i) {
    if (doc_.nodes[i].kind != NodeKind::Element || doc_.nodes[i].tag != Tag::Body) continue;
    Len l;
    for (uint32_t k = i + 1, end = doc_.subtree_end(i); k < end; ++k) {
      const Node& n = doc_.nodes[k];
      if (n.kind == NodeKind::Text && n.text_index != kNone && !gone[n.text_index]) l.add(clen_[n.text_index]);
    }
    return l.value();
  }
  return 0;
}

// ---- The cascade -------------------------------------------------------------

Labels Trafilatura::run() {
  const size_t nt = doc_.text_nodes.size();
  Labels labels(nt, 0.0f);
  if (nt == 0) return labels;
  std::vector<uint8_t> no_removal(doc_.size(), 0);
  {
    Len l;
    for (uint32_t c : clen_) l.add(c);
    page_length_ = l.value();
  }

  // 1-2. Cleaning, conversion, comments.
  Tree cleaned(doc_, clen_, rlen_);
  tree_cleaning(cleaned, Focus::Balanced);
  Tree cleaned_backup = cleaned;
  convert_tags(cleaned);
  std::vector<uint32_t> comments = extract_comments(cleaned);
  const uint64_t len_comments = pieces_length(comments, clen_);

  // 3-4. Main extractor and comparison.
  Extracted body = extract_content(cleaned, Focus::Balanced);
  body = compare_extraction(cleaned_backup, no_removal, std::move(body), Focus::Balanced);

  // 5. Baseline rescue, accepted when it adds text.
  if (body.len < kMinExtractedSize) {
    Extracted b = baseline(no_removal);
    if (b.len > body.len) body = std::move(b);
  }

  // 6. Recall escalation.
  if (body.len > 0 && body.len < kEscalationMaxLength &&
      body.len < kEscalationPageShare * static_cast<double>(html2txt_length(no_removal))) {
    // The escalation input: comment containers removed (and comment lists
    // when comments were captured).
    Tree esc(doc_, clen_, rlen_);
    prune_nodes(esc, 0, [&](uint32_t e) {
      Tag tg = doc_.nodes[e].tag;
      bool kinds = tg == Tag::Div || tg == Tag::Section || tg == Tag::Details ||
                   (len_comments > 0 && (tg == Tag::Ol || tg == Tag::Ul));
      if (!kinds || !any_pred(doc_, e, kRemoveComments)) return false;
      // (?!ary): "commentary" does not count as a comment section.
      std::string_view id = doc_.str(doc_.nodes[e].id), cls = doc_.str(doc_.nodes[e].cls);
      auto commentary = [](std::string_view v) {
        return v.size() >= 10 && (v.substr(0, 10) == "commentary" || v.substr(0, 10) == "Commentary");
      };
      if (commentary(id) || commentary(cls)) {
        bool other = cls.find("article-comments") != std::string_view::npos ||
                     cls.find("post-comments") != std::string_view::npos;
        return other;
      }
      return true;
    });
    std::vector<uint8_t> esc_removed = removed_mask(esc);
    Tree r_cleaned = esc;
    tree_cleaning(r_cleaned, Focus::Recall);
    Tree r_backup = r_cleaned;
    convert_tags(r_cleaned);
    Extracted r = extract_content(r_cleaned, Focus::Recall);
    r = compare_extraction(r_backup, esc_removed, std::move(r), Focus::Recall);
    Extracted j = justext_on(basic_cleaning_mask(esc_removed));
    if (j.len > r.len && j.len > kEscalationJustextRatio * body.len) body = std::move(j);
    else if (r.len >= kMinExtractedSize && r.len > kEscalationAcceptRatio * body.len) body = std::move(r);
  }

  if (body.len < kMinOutputSize && len_comments < kMinOutputCommSize) return labels;
  for (uint32_t t : body.pieces) labels[t] = 1.0f;
  for (uint32_t t : comments) labels[t] = 1.0f;
  return labels;
}

}  // namespace

std::unique_ptr<Extractor> make_trafilatura() {
  return make_extractor(
      {"trafilatura", "heuristic",
       "Barbaresi 2021: Trafilatura, ACL-IJCNLP System Demonstrations (trafilatura 2.3.1)",
       "Trafilatura's cascade: cleaning, content-container XPath rules with discard lists and link "
       "density, then readability / jusText comparison, baseline and recall retry."},
      [](Context& ctx) { return Trafilatura(ctx).run(); });
}

}  // namespace wce
