// The walk shared by render_markdown and render_html: the kept content of a
// labelled Document as a stream of structure events. The text it reports is
// render_text's text (the same text nodes, white space collapsed the same
// way, a word break where dropped text or a block element lies between kept
// text); the structure is that of the elements around the kept text. The
// rules (docs/markdown.md):
//   - an element appears only when kept content lies below it: kept non-blank
//     text, or a kept image when images are asked for;
//   - an image is kept when its context holds kept text: the context is its
//     closest <figure> when that holds any text, else its closest block
//     ancestor that holds any text;
//   - inside a heading, paragraph, caption, figcaption or table cell
//     ("leaves") block elements only break lines;
//   - emphasis, code and links around block elements do not appear;
//   - a table appears as a table (a data table) when no heading, list, pre,
//     block quote or other table with kept content lies inside it and no kept
//     text lies between its cells; else its cells are ordinary blocks;
//   - lists and block quotes nest at most kMaxNesting deep; deeper ones only
//     break lines.
// The walk is iterative (any nesting depth) and linear in the Document size.
#pragma once
#include <cstdint>
#include <string_view>

#include "wce/document.hpp"
#include "wce/extractor.hpp"

namespace wce::markup {

constexpr int kMaxNesting = 8;  // lists + block quotes open at once (markdown-it's strict preset reads 20 levels, 2 per list)
constexpr uint32_t kMaxColspan = 1000;   // HTML's own limits for the span attributes
constexpr uint32_t kMaxRowspan = 65534;

enum class Block : uint8_t { Heading, Paragraph, List, Item, Quote, Code, Table, Row, Cell, Caption, Figure, Figcaption };
enum class Inline : uint8_t { Em, Strong, Code, Link };

struct BlockInfo {
  Block kind = Block::Paragraph;
  int level = 0;             // Heading: 1..6
  bool ordered = false;      // List
  bool header = false;       // Cell: <th>
  uint32_t colspan = 1, rowspan = 1;  // Cell, clamped to [1, kMax*span]
  std::string_view lang;     // Code: the language the page names, "" when none
};

class Sink {
 public:
  virtual ~Sink() = default;
  virtual void open_block(const BlockInfo& b) = 0;
  virtual void close_block(const BlockInfo& b) = 0;
  // A block element that does not appear: the texts on its two sides are on
  // different lines in render_text.
  virtual void boundary() = 0;
  // A <br>.
  virtual void line_break() = 0;
  // Kept text without white space but single ASCII spaces between its words
  // (outside <pre>: "a b" stands for "a", space(), "b"), or verbatim text
  // inside a code block (spaces, tabs and line feeds kept).
  virtual void text(std::string_view s) = 0;
  // White space or dropped text between kept text: a word break.
  virtual void space() = 0;
  virtual void open_inline(Inline kind, std::string_view href) = 0;  // href: Link only
  virtual void close_inline(Inline kind) = 0;
  virtual void image(std::string_view src, std::string_view alt) = 0;
};

struct WalkOptions {
  bool links = true;   // report <a href> as Link
  bool images = true;  // report kept images (and count them as content)
  std::string_view base_url;  // hrefs and srcs reported made absolute against it ("" = as written)
};

void walk(const Document& doc, const Labels& labels, float threshold, const WalkOptions& options, Sink& sink);

// The language a <pre> or its <code> names in a class "language-x", "lang-x"
// or "highlight-x" (x: letters, digits and + # . _ -), or "".
std::string_view code_language(const Document& doc, uint32_t pre);

}  // namespace wce::markup
