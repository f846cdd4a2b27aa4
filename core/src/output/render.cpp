// Labels -> text. Whitespace collapses as in a browser (runs of white space
// become one space, none at line starts), block elements break lines, <pre>
// keeps its line breaks. Lines never come out empty.
//
// RenderStyle::Layout adds what a layout-aware HTML-to-text converter such as
// inscriptis (Weichselbraun 2021) keeps of the page layout:
//   - list items start with a bullet: "* ", "+ ", "o ", "- " by the number of
//     enclosing lists (inscriptis' UL_COUNTER), "1. ", "2. ", ... in an <ol>;
//   - the cells of a data table row stay on one line, separated by a tab
//     (inscriptis aligns columns with two spaces; a tab keeps the row on one
//     line without adding tokens). A row is a data row when no cell holds a
//     block element (other than <br>, which becomes a space there); rows of
//     layout tables, whose cells hold paragraphs, divs or nested tables, are
//     rendered as in Plain, one cell after the other, rather than interleaving
//     their lines column by column as inscriptis does.
#include <algorithm>
#include <string>
#include <vector>

#include "document/unicode.hpp"
#include "wce/render.hpp"

namespace wce {
namespace {

// Bullets by list nesting (inscriptis, model/tag/list_tag.py: UL_COUNTER).
const char* const kBullets[] = {"* ", "+ ", "o ", "- "};
constexpr char kCellSeparator = '\t';

class TextWriter {
 public:
  void block_break() { pending_newline_ = true; }
  // Dropped text between kept text still separates words.
  void word_break() { pending_space_ = true; }
  // Layout: the next text goes on the same line after a cell separator.
  void cell_break() { pending_cell_ = true; }
  // Layout: written before the next text if it starts a line; "" clears it.
  void set_prefix(std::string p) { prefix_ = std::move(p); }
  void add(std::string_view s, bool pre) {
    // A code point written as it is: not a line break in <pre>, not white
    // space or NUL, not invisible (dropped), not the U+FFFD that stands for an
    // invalid byte (len: the bytes it was decoded from).
    auto verbatim = [pre](uint32_t c, size_t len) {
      return !(pre && c == '\n') && !unicode::is_space(c) && c != 0 && !(c == unicode::kReplacement && len != 3) &&
             !unicode::is_invisible(c);
    };
    for (size_t i = 0; i < s.size();) {
      size_t start = i;
      uint32_t cp = unicode::next(s, i);
      if (unicode::is_invisible(cp)) continue;  // soft hyphens: see unicode.hpp
      if (pre && cp == '\n') { pending_newline_ = true; continue; }
      if (unicode::is_space(cp) || cp == 0) { pending_space_ = true; continue; }
      bool line_start = out_.empty() || pending_newline_;
      if (!out_.empty()) {
        if (pending_newline_) out_ += '\n';
        else if (pending_cell_) out_ += kCellSeparator;
        else if (pending_space_) out_ += ' ';
      }
      if (line_start) out_ += prefix_;
      prefix_.clear();
      pending_newline_ = pending_space_ = pending_cell_ = false;
      if (!verbatim(cp, i - start)) {  // here: an invalid byte, written as U+FFFD
        unicode::append(out_, cp);
        continue;
      }
      // The code points after it up to the next break go in one append (not
      // one each: libc++'s append is out of line in the WASM build).
      size_t end = i;
      while (end < s.size()) {
        size_t j = end;
        uint32_t c = unicode::next(s, j);
        if (!verbatim(c, j - end)) break;
        end = j;
      }
      out_.append(s.data() + start, end - start);
      i = end;
    }
  }
  std::string take() { return std::move(out_); }

 private:
  std::string out_, prefix_;
  bool pending_space_ = false, pending_newline_ = false, pending_cell_ = false;
};

bool is_list(Tag t) { return t == Tag::Ul || t == Tag::Ol || t == Tag::Menu || t == Tag::Dir; }
bool is_cell(Tag t) { return t == Tag::Td || t == Tag::Th; }

// Per-node facts for the Layout style, from one backward and one forward pass.
struct Layout {
  std::vector<uint8_t> inline_cell;  // td/th of a data row: no line breaks around it
  std::vector<uint8_t> lists_above;  // enclosing lists (capped), for the bullet choice
};

Layout layout_of(const Document& doc) {
  const size_t n = doc.size();
  Layout l;
  l.inline_cell.assign(n, 0);
  l.lists_above.assign(n, 0);
  // has_block[i]: a block element (other than <br>) below node i.
  std::vector<uint8_t> has_block(n, 0);
  for (size_t i = n; i-- > 1;) {
    const Node& nd = doc.nodes[i];
    if (nd.kind == NodeKind::Element && nd.parent != kNone &&
        (has_block[i] || (is_block(nd.tag) && nd.tag != Tag::Br)))
      has_block[nd.parent] = 1;
  }
  // A row whose cells hold no blocks is a data row; its cells are inline.
  std::vector<uint8_t> layout_row(n, 0);
  for (uint32_t i = 1; i < n; ++i) {
    const Node& nd = doc.nodes[i];
    if (nd.kind == NodeKind::Element && is_cell(nd.tag) && doc.nodes[nd.parent].tag == Tag::Tr && has_block[i])
      layout_row[nd.parent] = 1;
  }
  for (uint32_t i = 1; i < n; ++i) {
    const Node& nd = doc.nodes[i];
    const Node& p = doc.nodes[nd.parent];
    l.lists_above[i] = static_cast<uint8_t>(
        std::min<int>(255, l.lists_above[nd.parent] + (p.kind == NodeKind::Element && is_list(p.tag))));
    if (nd.kind == NodeKind::Element && is_cell(nd.tag) && p.tag == Tag::Tr && !layout_row[nd.parent])
      l.inline_cell[i] = 1;
  }
  return l;
}

template <class Keep>
std::string render(const Document& doc, Keep keep, const Layout* layout) {
  TextWriter w;
  struct Open { uint32_t node; bool block, inline_cell; };
  std::vector<Open> open;  // open block / pre / layout elements, innermost last
  std::vector<uint32_t> ol_count(layout ? doc.size() : 0, 0);  // items seen so far per <ol>
  int in_pre = 0, in_inline_cell = 0;
  auto close_until = [&](uint32_t depth) {
    while (!open.empty() && doc.nodes[open.back().node].depth >= depth) {
      const Open& o = open.back();
      const Node& n = doc.nodes[o.node];
      if (n.tag == Tag::Pre) --in_pre;
      if (o.inline_cell) --in_inline_cell;
      if (o.block) w.block_break();
      if (layout && n.tag == Tag::Li) w.set_prefix("");  // an item without text: no bullet
      open.pop_back();
    }
  };
  for (uint32_t i = 1; i < doc.size(); ++i) {
    const Node& n = doc.nodes[i];
    close_until(n.depth);
    if (n.kind == NodeKind::Text) {
      if (keep(n.text_index)) w.add(doc.str(n.text), in_pre > 0);
      else if (n.text.len > 0) w.word_break();
      continue;
    }
    bool block = is_block(n.tag), inline_cell = false;
    if (layout) {
      if (layout->inline_cell[i]) {
        block = false;
        inline_cell = true;
        w.cell_break();
      } else if (n.tag == Tag::Br && in_inline_cell > 0) {
        block = false;
        w.word_break();
      }
      if (n.tag == Tag::Li) {
        const Node& p = doc.nodes[n.parent];
        std::string bullet;
        if (p.tag == Tag::Ol) bullet = std::to_string(++ol_count[n.parent]) + ". ";
        else bullet = kBullets[layout->lists_above[i] > 0 ? (layout->lists_above[i] - 1) % 4 : 0];
        w.block_break();
        w.set_prefix(std::move(bullet));
      }
    }
    if (block || inline_cell || n.tag == Tag::Pre) {
      if (block) w.block_break();
      if (n.tag == Tag::Pre) ++in_pre;
      if (inline_cell) ++in_inline_cell;
      open.push_back({i, block, inline_cell});
    }
  }
  return w.take();
}

}  // namespace

std::string render_text(const Document& doc, const Labels& labels, float threshold) {
  return render_text(doc, labels, RenderStyle::Plain, threshold);
}

std::string render_text(const Document& doc, const Labels& labels, RenderStyle style, float threshold) {
  auto keep = [&](uint32_t t) { return t < labels.size() && labels[t] >= threshold; };
  if (style == RenderStyle::Layout) {
    Layout l = layout_of(doc);
    return render(doc, keep, &l);
  }
  return render(doc, keep, nullptr);
}

std::string render_all_text(const Document& doc) {
  return render(doc, [](uint32_t) { return true; }, nullptr);
}

}  // namespace wce
