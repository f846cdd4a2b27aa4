// The Document model: a flat arena of element and text nodes in document
// (pre-)order. Built by exactly two builders, html::parse (Gumbo) and
// dom::decode (the extension's flat encoding of a live DOM); they must agree.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace wce {

constexpr uint32_t kNone = 0xFFFFFFFFu;

// Tags the extractors care about; everything else is Tag::Unknown.
// The names are listed in the same order in tags.cpp (kTagNames).
enum class Tag : uint16_t {
  Unknown = 0, Document,
  A, Abbr, Address, Area, Article, Aside, Audio, B, Base, Bdi, Bdo, Blockquote,
  Body, Br, Button, Canvas, Caption, Center, Cite, Code, Col, Colgroup, Data,
  Datalist, Dd, Del, Details, Dfn, Dialog, Dir, Div, Dl, Dt, Em, Embed,
  Fieldset, Figcaption, Figure, Font, Footer, Form, Frame, Frameset, H1, H2,
  H3, H4, H5, H6, Head, Header, Hgroup, Hr, Html, I, Iframe, Img, Input, Ins,
  Kbd, Label, Legend, Li, Link, Main, Map, Mark, Math, Menu, Meta, Meter, Nav,
  Nobr, Noframes, Noscript, Object, Ol, Optgroup, Option, Output, P, Param,
  Picture, Pre, Progress, Q, Rp, Rt, Ruby, S, Samp, Script, Search, Section,
  Select, Small, Source, Span, Strike, Strong, Style, Sub, Summary, Sup, Svg,
  Table, Tbody, Td, Template, Textarea, Tfoot, Th, Thead, Time, Title, Tr,
  Track, Tt, U, Ul, Var, Video, Wbr,
  // Obsolete or rare, named for the lxml_cleaner kill list.
  Applet, Blink, Marquee, Menuitem, Rtc,
  // MathML: a formula's alternative encodings (TeX source, content MathML).
  Annotation, AnnotationXml,
  Count
};

Tag tag_from_name(std::string_view lowercase_name);
std::string_view tag_name(Tag t);
// Block-level for rendering: starts and ends a line.
bool is_block(Tag t);
// Elements whose content is never document text (dropped by both builders;
// the table and the reason for each entry: tags.cpp).
bool is_non_content(Tag t);

enum class NodeKind : uint8_t { Element = 1, Text = 2 };

// Node flags.
enum : uint8_t {
  kHidden = 1,      // hidden attribute, aria-hidden=true, or inline display:none / visibility:hidden
  kHasHref = 2,     // <a href=...>
  kJavascriptHref = 4,  // <a href="javascript:..."> (DOM Distiller turns such links into text)
  kRelAuthor = 8,       // rel="author" (white space trimmed; bylines for DOM Distiller, Resiliparse)
  kRelNavigation = 16,  // rel="icon", "search", "prev", "next" or "tag" (Resiliparse drops them)
};

struct Span {
  uint32_t off = 0, len = 0;
};

// Attributes kept beside the Node fields, for metadata and structured output
// (the extractors read only the Node fields). Which element keeps which one:
// kKeptAttributes in input/gumbo_builder.cpp.
enum class Attr : uint8_t {
  Href,        // <a>, <link>
  Src,         // <img> (data-src when src is absent or a data: URI)
  Alt,         // <img>
  Title,       // <a>, <img>
  Name,        // <meta>
  Property,    // <meta>
  Content,     // <meta>
  Rel,         // <link>
  Lang,        // <html>
  Datetime,    // <time>
  Colspan,     // <td>, <th>
  Rowspan,     // <td>, <th>
  Itemtype,    // any element (microdata)
  Type,        // <script>
  ScriptText,  // <script type="application/ld+json">: the JSON text
};

struct Attribute {
  uint32_t node = kNone;
  Attr name = Attr::Href;
  Span value;
};

struct Node {
  uint32_t parent = kNone, first_child = kNone, last_child = kNone, next_sibling = kNone;
  uint32_t depth = 0;
  NodeKind kind = NodeKind::Element;
  uint8_t flags = 0;
  Tag tag = Tag::Unknown;       // Element only
  Span text;                    // Text only: UTF-8 in Document::pool
  Span id, cls, role, itemprop; // Element only: attribute values in the pool
  uint32_t text_index = kNone;  // Text only: index among the document's text nodes
  uint32_t src_begin = kNone, src_end = kNone;  // byte offsets in the source, where known
};

class Document {
 public:
  std::vector<Node> nodes;         // nodes[0] is the Document root
  std::string pool;                // all strings, UTF-8
  std::vector<uint32_t> text_nodes;  // node index of the i-th text node
  // Kept attributes in node order (parse_html fills them, and
  // decode_flat_dom from the flat DOM's attribute section).
  std::vector<Attribute> attributes;

  std::string_view str(Span s) const { return std::string_view(pool).substr(s.off, s.len); }
  std::string_view text(uint32_t node) const { return str(nodes[node].text); }
  size_t size() const { return nodes.size(); }
  bool is_text(uint32_t i) const { return nodes[i].kind == NodeKind::Text; }
  // The closest ancestor element (or self) with this tag, or kNone.
  uint32_t ancestor(uint32_t node, Tag tag) const;
  // One past the last node of the subtree rooted at `node` (pre-order arena).
  uint32_t subtree_end(uint32_t node) const;
  // A kept attribute's value, or "" when the element has none.
  std::string_view attr(uint32_t node, Attr name) const;
  // Documents are built by the two builders only, through the internal
  // core/src/document/builder.hpp.
};

}  // namespace wce
