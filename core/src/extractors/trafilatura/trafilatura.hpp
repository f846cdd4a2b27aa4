// Internal header of the trafilatura extractor (extractors/trafilatura/):
// its constants, tag sets, attribute predicates, the mutable lxml-like tree,
// the result blocks and the stage functions, one file per stage of the
// cascade (see trafilatura.cpp for the cascade and its sources).
#pragma once
#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "document/ascii_swar.hpp"
#include "document/unicode.hpp"
#include "extractors/extractor_util.hpp"
#include "extractors/trafilatura/rules.hpp"
#include "features/edit_tree.hpp"
#include "features/stopwords.hpp"
#include "wce/extractor.hpp"

namespace wce::trafilatura {

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
inline bool manually_cleaned(Tag t) {
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
inline bool manually_stripped(Tag t) {
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
inline bool cut_empty(Tag t) {
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
inline bool rend_tag(Tag t) {
  switch (t) {
    case Tag::Em: case Tag::I: case Tag::B: case Tag::Strong: case Tag::U: case Tag::Kbd: case Tag::Samp:
    case Tag::Tt: case Tag::Var: case Tag::Sub: case Tag::Sup:
      return true;
    default:
      return false;
  }
}
// external.py SANITIZED_XPATH: readability output holding these is "unclean".
inline bool sanitized_tag(Tag t) {
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
inline Kind raw_kind(Tag t) {
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

// A rule table of rules.hpp on element n (compiled on first use).
template <const auto& Table>
inline bool any_pred(const Document& doc, uint32_t n) {
  return compiled_rule<Table>().matches(doc, n);
}

// ---------------------------------------------------------------------------
// Text pieces.

// What the stages ask of each text node, measured once per page.
struct TextStats {
  // Python len(" ".join(s.split())) (`clen`) and len(s) (`rlen`, code
  // points, white space included).
  std::vector<uint32_t> clen, rlen;
  // Code points that are not white space, and their bytes that
  // filtered_text counts as word characters (see Tree::filtered).
  std::vector<uint32_t> nonspace, word_bytes;
  // Holds bytes that are not UTF-8 (decoded one U+FFFD per byte): its code
  // points may join another node's when texts are concatenated.
  std::vector<uint8_t> invalid;
};

// Per ASCII byte: white space for Python's str.split (py_space), and a word
// character for filtered_text (std::isalnum in the "C" locale, or '_').
enum : uint8_t { kAsciiSpace = 1, kAsciiWord = 2 };
constexpr std::array<uint8_t, 128> ascii_classes() {
  std::array<uint8_t, 128> t{};
  for (uint32_t c = 0; c < 128; ++c) {
    if ((c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x20)) t[c] = kAsciiSpace;
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_') t[c] = kAsciiWord;
  }
  return t;
}
inline constexpr std::array<uint8_t, 128> kAsciiClass = ascii_classes();

// One pass over every text node (ASCII bytes by table: this runs per byte of
// the page's text).
inline TextStats text_stats(const Document& doc) {
  const size_t nt = doc.text_nodes.size();
  TextStats st;
  st.clen.assign(nt, 0);
  st.rlen.assign(nt, 0);
  st.nonspace.assign(nt, 0);
  st.word_bytes.assign(nt, 0);
  st.invalid.assign(nt, 0);
  for (size_t t = 0; t < nt; ++t) {
    std::string_view s = doc.text(doc.text_nodes[t]);
    uint32_t len = 0, all = 0, nonspace = 0, word = 0;
    bool in_space = false, seen = false, invalid = false;
    for (size_t i = 0; i < s.size();) {
      if (i + 8 <= s.size()) {  // eight ASCII bytes at once, the same counts
        const uint64_t w = swar::load8(s.data() + i);
        if (swar::ascii(w)) {
          const uint64_t ns = ~swar::py_space(w) & swar::kHigh;
          // A non-space byte after white space adds the joining space,
          // unless it is the first non-space byte of the text.
          uint64_t joins = swar::starts(ns, !in_space);
          if (!seen && ns) joins &= ~(ns & (~ns + 1));
          const uint64_t word_chars = swar::in_range(w, '0', '9') | swar::in_range(w, 'A', 'Z') |
                                      swar::in_range(w, 'a', 'z') | swar::in_range(w, '_', '_');
          all += 8;
          nonspace += swar::count(ns);
          word += swar::count(word_chars);
          len += swar::count(ns) + swar::count(joins);
          if (ns) seen = true;
          in_space = !swar::last_in(ns);
          i += 8;
          continue;
        }
      }
      if (static_cast<unsigned char>(s[i]) < 0x80) {  // one ASCII byte, classes by table
        const uint8_t k = kAsciiClass[static_cast<unsigned char>(s[i])];
        ++i;
        ++all;
        if (k & kAsciiSpace) {
          in_space = true;
          continue;
        }
        ++nonspace;
        word += (k & kAsciiWord) ? 1 : 0;
        len += (in_space && seen) ? 2 : 1;
        in_space = false;
        seen = true;
        continue;
      }
      ++all;
      const size_t b = i;
      const uint32_t cp = unicode::next(s, i);
      const uint32_t bytes = static_cast<uint32_t>(i - b);
      if (cp == unicode::kReplacement && (bytes != 3 || s.compare(b, 3, "\xEF\xBF\xBD") != 0)) invalid = true;
      if (stopwords::py_space(cp)) {
        in_space = true;
        continue;
      }
      ++nonspace;
      word += bytes;  // filtered_text: every byte >= 0x80 is a word byte
      len += (in_space && seen) ? 2 : 1;
      in_space = false;
      seen = true;
    }
    st.clen[t] = len;
    st.rlen[t] = all;
    st.nonspace[t] = nonspace;
    st.word_bytes[t] = word;
    st.invalid[t] = invalid;
  }
  return st;
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
// The mutable tree (an lxml tree of the Document's elements, by Document
// node index; features/edit_tree.hpp: the links and edits): lxml's text and
// tail of each element as runs of text pieces, and trafilatura's marks.

class Tree : public EditTree<TreeLinks> {
 public:
  Tree(const Document& doc, const TextStats& stats) : doc_(&doc), stats_(&stats) {
    const size_t n = doc.size();
    v.assign(n, TreeLinks{});
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
        push(v[p].last == kNone ? text[p] : tail[v[p].last], node.text_index);
      }
    }
  }

  const Document& doc() const { return *doc_; }
  Tag tag(uint32_t e) const { return doc_->nodes[e].tag; }
  uint32_t clen(uint32_t t) const { return stats_->clen[t]; }

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

  // filtered_text(str(p)), without building the text when it is too long
  // to match (kFilterMaxWordBytes).
  bool filtered(const Pieces& p) const;

  // Python trim(): white-space runs collapsed to one space, ends stripped.
  // Copies whole runs between white space into a buffer sized once (the
  // output is never longer than the input): no libc++ append per word, which
  // is an out-of-line call with its capacity checks in the WASM build.
  static std::string str_of(std::string_view s) {
    std::string out(s.size(), '\0');
    char* dst = out.data();
    size_t n = 0;
    bool space = false;
    size_t run = std::string_view::npos;  // start of the current non-space run
    for (size_t i = 0; i < s.size();) {
      size_t b = i;
      uint32_t cp = unicode::next(s, i);
      if (stopwords::py_space(cp)) {
        if (run != std::string_view::npos) {
          std::memcpy(dst + n, s.data() + run, b - run);
          n += b - run;
          run = std::string_view::npos;
        }
        space = n > 0;
        continue;
      }
      if (run == std::string_view::npos) {
        if (space) dst[n++] = ' ';
        space = false;
        run = b;
      }
    }
    if (run != std::string_view::npos) {
      std::memcpy(dst + n, s.data() + run, s.size() - run);
      n += s.size() - run;
    }
    out.resize(n);
    return out;
  }

  // delete_element(e, keep_tail): the tail joins the previous sibling's tail
  // or the parent's text.
  void drop(uint32_t e, bool keep_tail) {
    uint32_t p = v[e].parent;
    if (p == kNone) return;
    if (keep_tail && !tail[e].empty()) join(v[e].prev != kNone ? tail[v[e].prev] : text[p], tail[e]);
    unlink(e);
    deleted[e] = 1;
  }
  // strip_tags for one element: its text, children and tail take its place.
  void strip(uint32_t e) {
    uint32_t p = v[e].parent;
    if (p == kNone) return;
    Pieces& before = v[e].prev != kNone ? tail[v[e].prev] : text[p];
    join(before, text[e]);
    join(v[e].first == kNone ? before : tail[v[e].last], tail[e]);
    unwrap(e);
  }

  // Raw text_content() lengths (white space included) of every element of
  // the list (a pre-order list: parents before children).
  void measure_raw(const std::vector<uint32_t>& order, std::vector<uint64_t>& out) const {
    for (size_t k = order.size(); k-- > 0;) {
      uint32_t e = order[k];
      uint64_t l = 0;
      for_pieces(text[e], [&](uint32_t x) { l += stats_->rlen[x]; });
      for (uint32_t c = v[e].first; c != kNone; c = v[c].next) {
        l += out[c];
        for_pieces(tail[c], [&](uint32_t x) { l += stats_->rlen[x]; });
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
      for (uint32_t c = v[e].first; c != kNone; c = v[c].next) {
        l.add(out[c]);
        l.add(length(tail[c]));
      }
      out[e] = l;
    }
  }

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
  // a += b; b becomes empty.
  void join(Pieces& a, Pieces& b) {
    if (b.empty()) return;
    if (a.empty()) a = b;
    else { pnext[a.tail] = b.head; a.tail = b.tail; }
    b = Pieces{};
  }

  const Document* doc_;
  const TextStats* stats_;
};

// utils.py textfilter / RE_FILTER on a collapsed text.
inline bool filtered_text(std::string_view s) {
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

// filtered_text is true only for a text whose part from its first word
// character on is a filter word or "more on this" and at most
// kFilterMoreOnThisTail code points (4 bytes at most each): one with more
// word bytes than that never matches.
constexpr size_t filter_max_word_bytes() {
  size_t m = kFilterMoreOnThis.size() + 4 * size_t{kFilterMoreOnThisTail};
  for (std::string_view w : kFilterWords) m = w.size() > m ? w.size() : m;
  return m;
}
constexpr size_t kFilterMaxWordBytes = filter_max_word_bytes();

inline bool Tree::filtered(const Pieces& p) const {
  uint64_t word = 0;
  for_pieces(p, [&](uint32_t t) { word += stats_->word_bytes[t]; });
  return word <= kFilterMaxWordBytes && filtered_text(str(p));
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

inline uint64_t pieces_length(const std::vector<uint32_t>& pieces, const std::vector<uint32_t>& clen) {
  Len l;
  for (uint32_t t : pieces) l.add(clen[t]);
  return l.value();
}

// ---------------------------------------------------------------------------
// The extractor proper.

class Trafilatura {
 public:
  explicit Trafilatura(Context& ctx)
      : ctx_(ctx), doc_(ctx.doc()), stats_(text_stats(doc_)), clen_(stats_.clen), rlen_(stats_.rlen) {}

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
  const TextStats stats_;
  const std::vector<uint32_t>& clen_;
  const std::vector<uint32_t>& rlen_;
  uint64_t page_length_ = 0;  // all text of the page

  // Per-node buffers of the passes that run once per candidate container
  // (prune_unwanted_sections: up to ten per BODY_XPATH expression), sized to
  // the Document once per page. A pass writes the entry of each node of its
  // subtree before reading it (children before parents, or parents before
  // children), so no pass clears them.
  struct Scratch {
    std::vector<uint32_t> order, prune_order;
    std::vector<Len> lens;
    std::vector<uint64_t> raw_lens, linklen;
    std::vector<uint32_t> refs, linknum, shorts, nonlisting;
    std::vector<uint8_t> matched, under, gone;
  };
  mutable Scratch scratch_;
  mutable std::vector<uint8_t> basic_kill_;  // basic_cleaning_mask's own removals, once per page
  template <class T>
  std::vector<T>& sized(std::vector<T>& v) const {
    if (v.size() < doc_.size()) v.resize(doc_.size());
    return v;
  }
};


template <class Match>
void Trafilatura::prune_nodes(Tree& t, uint32_t root, Match&& match) const {
  // Matches in document order; one inside an earlier match goes with it.
  std::vector<uint32_t>& order = scratch_.prune_order;
  t.preorder(root, order);
  std::vector<uint8_t>& gone = sized(scratch_.gone);
  for (size_t k = 1; k < order.size(); ++k) {
    uint32_t e = order[k];
    uint32_t p = t.v[e].parent;
    if (p != root && gone[p]) { gone[e] = 1; continue; }
    gone[e] = 0;
    if (match(e)) {
      gone[e] = 1;
      t.drop(e, true);
    }
  }
}

}  // namespace wce::trafilatura
