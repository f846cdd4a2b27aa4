// The kept content of a labelled Document as structure events (see
// markup_walk.hpp for the rules). Three linear passes compute per-node facts
// (what text lies below, which images are kept, which tables are data
// tables); the walk then follows the pre-order arena with a stack of the
// open elements, closing them by depth as render_text does.
#include "output/markup_walk.hpp"

#include <array>
#include <string>
#include <vector>

#include "document/resolve_url.hpp"
#include "document/unicode.hpp"

namespace wce::markup {
namespace {

// Per-node facts, bits of one byte.
enum : uint8_t {
  kAnyText = 1,     // non-blank text below (kept or not)
  kKeptText = 2,    // kept non-blank text below
  kContent = 4,     // kept content below: kept text, or a kept image when images are asked for
  kBlockBelow = 8,  // a block element other than <br> below
  kStructBelow = 16,  // a heading, list, pre, block quote or table with content below
  kStrayBelow = 32,   // content between the cells of a table below
  kKeptImage = 64,    // this <img> is kept
};

bool is_heading(Tag t) { return t >= Tag::H1 && t <= Tag::H6; }
bool is_list(Tag t) { return t == Tag::Ul || t == Tag::Ol || t == Tag::Menu || t == Tag::Dir; }
bool is_structure(Tag t) {
  return is_heading(t) || is_list(t) || t == Tag::Dl || t == Tag::Pre || t == Tag::Blockquote || t == Tag::Table;
}
bool is_table_frame(Tag t) {
  return t == Tag::Table || t == Tag::Thead || t == Tag::Tbody || t == Tag::Tfoot || t == Tag::Tr;
}
bool is_table_part(Tag t) {
  return is_table_frame(t) || t == Tag::Td || t == Tag::Th || t == Tag::Caption || t == Tag::Colgroup ||
         t == Tag::Col;
}
bool is_inline_code(Tag t) { return t == Tag::Code || t == Tag::Kbd || t == Tag::Samp || t == Tag::Tt; }

// The ASCII bytes is_blank passes over: white space and NUL.
constexpr std::array<bool, 128> kAsciiBlank = [] {
  std::array<bool, 128> a{};
  for (unsigned char c : {' ', '\t', '\n', '\v', '\f', '\r', '\0'}) a[c] = true;
  return a;
}();

// Not white space, NUL or invisible: text a reader sees. (Called on every
// text node: runs of ASCII white space, the indentation between tags, are
// skipped by a table before any decoding.)
bool is_blank(std::string_view s) {
  for (size_t i = 0; i < s.size();) {
    const unsigned char b = static_cast<unsigned char>(s[i]);
    if (b < 0x80) {
      if (!kAsciiBlank[b]) return false;
      ++i;
      continue;
    }
    uint32_t c = unicode::next(s, i);
    if (!unicode::is_space(c) && c != 0 && !unicode::is_invisible(c)) return false;
  }
  return true;
}

bool ascii_iprefix(std::string_view s, std::string_view prefix) {
  size_t i = 0;
  while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) ++i;
  if (s.size() - i < prefix.size()) return false;
  for (size_t k = 0; k < prefix.size(); ++k) {
    char c = s[i + k];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c != prefix[k]) return false;
  }
  return true;
}

// A URL a reader can follow or load: not empty, not script.
bool usable_url(std::string_view u) {
  return !is_blank(u) && !ascii_iprefix(u, "javascript:") && !ascii_iprefix(u, "vbscript:");
}

uint32_t span_value(std::string_view v, uint32_t max) {
  uint64_t x = 0;
  size_t i = 0;
  while (i < v.size() && (v[i] == ' ' || v[i] == '\t')) ++i;
  bool digits = false;
  for (; i < v.size() && v[i] >= '0' && v[i] <= '9'; ++i) {
    digits = true;
    x = x * 10 + static_cast<uint64_t>(v[i] - '0');
    if (x > max) x = max;
  }
  if (!digits || x < 1) return 1;
  return static_cast<uint32_t>(x);
}

// The language in one class attribute, or "".
std::string_view language_in_class(std::string_view cls) {
  static const std::string_view kPrefixes[] = {"language-", "lang-", "highlight-"};
  size_t i = 0;
  while (i < cls.size()) {
    while (i < cls.size() && (cls[i] == ' ' || cls[i] == '\t' || cls[i] == '\n')) ++i;
    size_t start = i;
    while (i < cls.size() && !(cls[i] == ' ' || cls[i] == '\t' || cls[i] == '\n')) ++i;
    std::string_view word = cls.substr(start, i - start);
    for (std::string_view p : kPrefixes) {
      if (word.size() <= p.size() || word.substr(0, p.size()) != p) continue;
      std::string_view lang = word.substr(p.size());
      bool ok = true;
      for (char c : lang)
        ok = ok && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '+' ||
                    c == '#' || c == '.' || c == '_' || c == '-');
      if (ok) return lang;
    }
  }
  return {};
}

class Walker {
 public:
  Walker(const Document& doc, const Labels& labels, float threshold, const WalkOptions& options, Sink& sink)
      : doc_(doc), labels_(labels), threshold_(threshold), options_(options), sink_(sink) {}

  void run() {
    facts();
    emitted_.assign(doc_.size(), 0);
    for (uint32_t i = 1; i < doc_.size(); ++i) {
      const Node& n = doc_.nodes[i];
      close_until(n.depth);
      if (n.kind == NodeKind::Text) on_text(n);
      else on_element(i, n);
    }
    close_until(0);
  }

 private:
  enum class Act : uint8_t { Block, Boundary, Inline, Break };
  struct Open {
    uint32_t node;
    Act act;
    BlockInfo info;
    Inline inl;
  };

  bool kept(const Node& n) const { return n.text_index < labels_.size() && labels_[n.text_index] >= threshold_; }

  void facts() {
    const size_t n = doc_.size();
    bits_.assign(n, 0);
    // Text below each node (backward: children before parents).
    for (size_t i = n; i-- > 1;) {
      const Node& nd = doc_.nodes[i];
      if (nd.kind == NodeKind::Text && !is_blank(doc_.str(nd.text))) {
        bits_[i] |= kAnyText;
        if (kept(nd)) bits_[i] |= kKeptText | kContent;
      }
      if (nd.parent != kNone) bits_[nd.parent] |= bits_[i] & (kAnyText | kKeptText | kContent);
    }
    // Kept images: the context of a node is its closest <figure> holding
    // text, else its closest block holding text (forward: parents first).
    if (options_.images) {
      std::vector<uint32_t> figure(n, kNone), block(n, kNone);
      for (uint32_t i = 1; i < n; ++i) {
        const Node& nd = doc_.nodes[i];
        if (nd.kind != NodeKind::Element) continue;
        figure[i] = figure[nd.parent];
        block[i] = block[nd.parent];
        if ((bits_[i] & kAnyText) && nd.tag == Tag::Figure) figure[i] = i;
        if ((bits_[i] & kAnyText) && is_block(nd.tag)) block[i] = i;
        if (nd.tag != Tag::Img || !usable_url(doc_.attr(i, Attr::Src))) continue;
        uint32_t ctx = figure[i] != kNone ? figure[i] : block[i];
        if (ctx != kNone && (bits_[ctx] & kKeptText)) bits_[i] |= kKeptImage | kContent;
      }
    }
    // Content, blocks and table structure below (backward again).
    for (size_t i = n; i-- > 1;) {
      const Node& nd = doc_.nodes[i];
      if (nd.parent == kNone) continue;
      uint8_t up = bits_[i] & (kContent | kBlockBelow | kStructBelow | kStrayBelow);
      bool content = bits_[i] & kContent;
      if (nd.kind == NodeKind::Element) {
        if (is_block(nd.tag) && nd.tag != Tag::Br) up |= kBlockBelow;
        if (content && is_structure(nd.tag)) up |= kStructBelow;
      }
      const Node& p = doc_.nodes[nd.parent];
      if (content && p.kind == NodeKind::Element && is_table_frame(p.tag) &&
          (nd.kind == NodeKind::Text || !is_table_part(nd.tag)))
        up |= kStrayBelow;
      bits_[nd.parent] |= up;
    }
  }

  void close_until(uint32_t depth) {
    while (!open_.empty() && doc_.nodes[open_.back().node].depth >= depth) {
      Open o = open_.back();
      open_.pop_back();
      switch (o.act) {
        case Act::Boundary: sink_.boundary(); break;
        case Act::Break: sink_.line_break(); break;
        case Act::Inline:
          sink_.close_inline(o.inl);
          --inline_[static_cast<int>(o.inl)];
          break;
        case Act::Block:
          sink_.close_block(o.info);
          if (is_leaf(o.info.kind)) --leaf_;
          if (o.info.kind == Block::List || o.info.kind == Block::Quote) --nesting_;
          if (o.info.kind == Block::Code) --pre_;
          break;
      }
    }
  }

  static bool is_leaf(Block b) {
    return b == Block::Heading || b == Block::Paragraph || b == Block::Cell || b == Block::Caption ||
           b == Block::Figcaption;
  }

  void on_text(const Node& n) {
    std::string_view s = doc_.str(n.text);
    if (!kept(n)) {
      if (!s.empty()) sink_.space();
      return;
    }
    if (pre_ > 0) code_text(s);
    else words(s);
  }

  // Outside <pre>: chunks without white space, a space() for each white
  // space character; but one ASCII space between two chunks stays inside
  // the text ("a b" once, not "a", space, "b": the same output for both
  // sinks, two calls fewer per word).
  void words(std::string_view s) {
    size_t chunk = 0, i = 0;
    auto flush = [&](size_t end) {
      if (end > chunk) sink_.text(s.substr(chunk, end - chunk));
    };
    // A chunk character: not white space, NUL, invisible or an invalid byte.
    auto chunk_char = [&](size_t at) {
      size_t k = at;
      const uint32_t c = unicode::next(s, k);
      const bool invalid = c == unicode::kReplacement && k - at != 3;
      return !(unicode::is_space(c) || c == 0 || unicode::is_invisible(c) || invalid);
    };
    while (i < s.size()) {
      size_t start = i;
      uint32_t c = unicode::next(s, i);
      bool invalid = c == unicode::kReplacement && i - start != 3;
      if (c == ' ' && start > chunk && i < s.size() && chunk_char(i)) continue;  // a single space inside the text
      if (unicode::is_space(c) || c == 0) {
        flush(start);
        sink_.space();
        chunk = i;
      } else if (unicode::is_invisible(c) || invalid) {
        flush(start);
        if (invalid) sink_.text("\xEF\xBF\xBD");
        chunk = i;
      }
    }
    flush(s.size());
  }

  // Inside <pre>: line feeds, spaces and tabs kept; other white space and NUL
  // a space; invisible characters dropped, invalid bytes U+FFFD.
  void code_text(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (size_t i = 0; i < s.size();) {
      size_t start = i;
      uint32_t c = unicode::next(s, i);
      if (c == '\n' || c == ' ' || c == '\t') out += static_cast<char>(c);
      else if (unicode::is_space(c) || c == 0) out += ' ';
      else if (unicode::is_invisible(c)) continue;
      else if (c == unicode::kReplacement && i - start != 3) unicode::append(out, c);
      else out.append(s.data() + start, i - start);
    }
    if (!out.empty()) sink_.text(out);
  }

  void push_block(uint32_t i, const BlockInfo& b) {
    emitted_[i] = 1;
    sink_.open_block(b);
    if (is_leaf(b.kind)) ++leaf_;
    if (b.kind == Block::List || b.kind == Block::Quote) ++nesting_;
    if (b.kind == Block::Code) ++pre_;
    open_.push_back({i, Act::Block, b, Inline::Em});
  }
  void push_boundary(uint32_t i) {
    sink_.boundary();
    open_.push_back({i, Act::Boundary, {}, Inline::Em});
  }
  void push_inline(uint32_t i, Inline kind, std::string_view href) {
    sink_.open_inline(kind, href);
    ++inline_[static_cast<int>(kind)];
    open_.push_back({i, Act::Inline, {}, kind});
  }
  bool parent_emitted(const Node& n) const { return n.parent != kNone && emitted_[n.parent]; }
  // The table of a row: its parent, or the parent of its thead/tbody/tfoot.
  bool row_in_emitted_table(const Node& n) const {
    const Node& p = doc_.nodes[n.parent];
    if (p.tag == Tag::Table) return emitted_[n.parent];
    if ((p.tag == Tag::Thead || p.tag == Tag::Tbody || p.tag == Tag::Tfoot) && p.parent != kNone &&
        doc_.nodes[p.parent].tag == Tag::Table)
      return emitted_[p.parent];
    return false;
  }

  void on_element(uint32_t i, const Node& n) {
    const Tag t = n.tag;
    const bool content = bits_[i] & kContent;
    const bool block = is_block(t);
    // Cells of a row that appears appear, with content or not (columns).
    if ((t == Tag::Td || t == Tag::Th) && parent_emitted(n) && doc_.nodes[n.parent].tag == Tag::Tr) {
      BlockInfo b;
      b.kind = Block::Cell;
      b.header = t == Tag::Th;
      b.colspan = span_value(doc_.attr(i, Attr::Colspan), kMaxColspan);
      b.rowspan = span_value(doc_.attr(i, Attr::Rowspan), kMaxRowspan);
      push_block(i, b);
      return;
    }
    if (t == Tag::Br) {
      sink_.line_break();
      // A <br> with children (a script can append them; the flat DOM keeps
      // them): render_text breaks the line after them too.
      if (n.first_child != kNone) open_.push_back({i, Act::Break, {}, Inline::Em});
      return;
    }
    if (!content) {
      if (block) push_boundary(i);
      return;
    }
    if (t == Tag::Img) {
      if ((bits_[i] & kKeptImage) && pre_ == 0 && inline_[static_cast<int>(Inline::Code)] == 0)
        sink_.image(resolve_url(doc_.attr(i, Attr::Src), options_.base_url), doc_.attr(i, Attr::Alt));
      return;
    }
    if (!block) {
      on_inline(i, n);
      return;
    }
    BlockInfo b;
    const bool flow = leaf_ == 0 && pre_ == 0;  // block structure may appear here
    if (flow && is_heading(t)) {
      b.kind = Block::Heading;
      b.level = 1 + static_cast<int>(t) - static_cast<int>(Tag::H1);
    } else if (flow && t == Tag::P) {
      b.kind = Block::Paragraph;
    } else if (flow && is_list(t) && nesting_ < kMaxNesting) {
      b.kind = Block::List;
      b.ordered = t == Tag::Ol;
    } else if (t == Tag::Li && parent_emitted(n) && is_list(doc_.nodes[n.parent].tag)) {
      b.kind = Block::Item;
    } else if (flow && t == Tag::Blockquote && nesting_ < kMaxNesting) {
      b.kind = Block::Quote;
    } else if (flow && t == Tag::Pre) {
      b.kind = Block::Code;
      b.lang = code_language(doc_, i);
    } else if (flow && t == Tag::Table && !(bits_[i] & (kStructBelow | kStrayBelow))) {
      b.kind = Block::Table;
    } else if (t == Tag::Tr && row_in_emitted_table(n)) {
      b.kind = Block::Row;
    } else if (t == Tag::Caption && parent_emitted(n)) {
      b.kind = Block::Caption;
    } else if (flow && t == Tag::Figure) {
      b.kind = Block::Figure;
    } else if (t == Tag::Figcaption && parent_emitted(n) && doc_.nodes[n.parent].tag == Tag::Figure) {
      b.kind = Block::Figcaption;
    } else if ((t == Tag::Thead || t == Tag::Tbody || t == Tag::Tfoot) && parent_emitted(n)) {
      return;  // row groups of a table that appears: no event
    } else {
      push_boundary(i);
      return;
    }
    push_block(i, b);
  }

  void on_inline(uint32_t i, const Node& n) {
    const Tag t = n.tag;
    if (pre_ > 0 || (bits_[i] & kBlockBelow) || inline_[static_cast<int>(Inline::Code)] > 0) return;
    if (t == Tag::Em || t == Tag::I) {
      if (inline_[static_cast<int>(Inline::Em)] == 0) push_inline(i, Inline::Em, {});
    } else if (t == Tag::Strong || t == Tag::B) {
      if (inline_[static_cast<int>(Inline::Strong)] == 0) push_inline(i, Inline::Strong, {});
    } else if (is_inline_code(t)) {
      push_inline(i, Inline::Code, {});
    } else if (t == Tag::A && options_.links && inline_[static_cast<int>(Inline::Link)] == 0) {
      std::string_view href = doc_.attr(i, Attr::Href);
      if (usable_url(href)) push_inline(i, Inline::Link, resolve_url(href, options_.base_url));
    }
  }

  const Document& doc_;
  const Labels& labels_;
  float threshold_;
  WalkOptions options_;
  Sink& sink_;
  std::vector<uint8_t> bits_, emitted_;
  std::vector<Open> open_;
  int leaf_ = 0, nesting_ = 0, pre_ = 0;
  int inline_[4] = {0, 0, 0, 0};
};

}  // namespace

std::string_view code_language(const Document& doc, uint32_t pre) {
  std::string_view lang = language_in_class(doc.str(doc.nodes[pre].cls));
  if (!lang.empty()) return lang;
  // <pre><code class="language-x">: the first element child.
  for (uint32_t c = doc.nodes[pre].first_child; c != kNone; c = doc.nodes[c].next_sibling) {
    const Node& ch = doc.nodes[c];
    if (ch.kind != NodeKind::Element) continue;
    if (ch.tag == Tag::Code) return language_in_class(doc.str(ch.cls));
    break;
  }
  return {};
}

void walk(const Document& doc, const Labels& labels, float threshold, const WalkOptions& options, Sink& sink) {
  Walker(doc, labels, threshold, options, sink).run();
}

}  // namespace wce::markup
