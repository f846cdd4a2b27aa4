// The two builders of a Document.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "wce/document.hpp"
#include "wce/limits.hpp"

namespace wce {

// Hard limits for one page, checked by both builders (docs/ARCHITECTURE.md,
// "Limits"; the CLI's --max-input-mb, --max-nodes, --max-text-mb change
// them). 0 = no limit. The defaults let every page of the nine datasets and
// the 50 MB bad-input page through. The node limit also caps Gumbo's tree
// (400 bytes per node, gumbo_builder.cpp): at most about 4 GB natively; in
// WebAssembly the 2 GB memory runs out first, a clear error (ARCHITECTURE).
struct ParseOptions {
  uint64_t max_input_bytes = uint64_t{128} << 20;  // the page: HTML bytes; flat DOM: 4 x words + strings
  uint64_t max_nodes = 10'000'000;                 // Document nodes (elements and text nodes)
  uint64_t max_text_bytes = uint64_t{128} << 20;   // UTF-8 of the kept text and attribute values
  Deadline deadline;                               // time budget (limits.hpp), none by default
};

// Raw HTML bytes -> Document via Gumbo. With an empty `charset` it is sniffed
// (sniff_charset); pass "utf-8" for text that is already decoded (dataset
// records, JavaScript strings), so that a stale <meta charset> is ignored.
// Never throws on malformed input and never recurses: any nesting depth works.
// Throws PageLimitError when the page is past a limit of `options`.
Document parse_html(std::string_view bytes, std::string_view charset = {},
                    const ParseOptions& options = {});
// The charset parse_html decided on ("utf-8", "windows-1252", ...), and the
// bytes converted to UTF-8.
std::string sniff_charset(std::string_view bytes);
std::string to_utf8(std::string_view bytes, std::string_view charset);
// The charset parse_html and to_utf8 use for a label given by the caller (an
// HTTP Content-Type's charset, a command-line option): the name of the WHATWG
// Encoding Standard's encoding the label stands for, in lower case ("utf-8",
// "windows-1252" for iso-8859-1 and us-ascii too, "shift_jis", "gbk",
// "utf-16le", ...); "" when it is not one this build decodes. Natively every
// encoding of the standard but "replacement" and x-user-defined (the legacy
// ones through the C library's iconv); in WASM, whose text comes decoded,
// utf-8, utf-16, windows-1251 and windows-1252 only.
std::string charset_for_label(std::string_view label);
// charset_for_label, or std::invalid_argument naming the labels we decode.
std::string require_charset(std::string_view label);

// A <title> that is never closed: its content is RCDATA, so the rest of the
// page becomes the title's text and a browser shows a blank page. Saved pages
// sometimes lost the end tag (8 of the 621 L3S-GN1 pages). When `html` has a
// <title> start tag and no </title> anywhere, inserts </title> before the
// first '<' after the start tag (lenient parsers such as NekoHTML, Boilerpipe's,
// recover the body of such pages likewise) and returns true. parse_html
// applies it; a caller that parses the page elsewhere (the Jest parity test
// with jsdom) applies it first to compare like with like.
bool repair_unclosed_title(std::string& html);

// The flat encoding made by wasm/dom_encoder.js from a live DOM.
//   nodes: kStride uint32 per node, in document order:
//     [kind (1 element, 2 text) | flags << 8 (1: has `hidden`, 2: has `href`,
//      4: its value starts with "javascript:", 8: rel="author", 16: rel="icon",
//      "search", "prev", "next" or "tag"; rel values trimmed, case-sensitive),
//      parent's flat index (kNone for children of the document),
//      len(tag name), len(id), len(class), len(role), len(itemprop),
//      len(aria-hidden), len(style), len(text)]
//   strings: the concatenation of those strings in that order, node by node
//   (elements have no text, text nodes no attributes); lengths count UTF-16
//   code units (JavaScript string lengths). The attribute rules (hidden etc.)
//   are applied here, by the same code as for parse_html.
//   attrs (optional): kAttrStride uint32 per attribute value, in node order:
//     [the element's flat index, the attribute (kFlatAttributes' index),
//      len(value)]; attr_strings: those values concatenated. They fill
//   Document::attributes as parse_html does (metadata, Markdown links and
//   images, table spans), by the same rule (which element keeps what).
// Throws std::invalid_argument on inconsistent input, PageLimitError past a
// limit of `options`.
struct FlatDom {
  static constexpr uint32_t kStride = 10;
  static constexpr uint32_t kAttrStride = 3;
  const uint32_t* nodes;
  size_t node_words;
  std::string_view strings;  // UTF-8
  const uint32_t* attrs = nullptr;
  size_t attr_words = 0;
  std::string_view attr_strings;  // UTF-8
};
// The attribute names of FlatDom::attrs, by index (wasm/dom_encoder.js has
// the same list); "#script-text" is the text of a JSON-LD <script>.
inline constexpr std::string_view kFlatAttributes[] = {
    "href", "title", "rel", "src", "data-src", "alt", "name", "property", "content", "lang",
    "datetime", "colspan", "rowspan", "itemtype", "type", "#script-text"};
Document decode_flat_dom(const FlatDom& flat, const ParseOptions& options = {});

// Input that is not text: the kind of file `bytes` look like ("PNG", "JPEG",
// "PDF", "ZIP", "gzip", ... by their signature; "binary data: 37% control
// bytes" when more than a tenth of the first 4 KiB are C0 control bytes that
// text does not use); "" for text. UTF-16 (a BOM, `charset` utf-16*, or NULs
// on one side of the byte pairs only) is text.
std::string binary_kind(std::string_view bytes, std::string_view charset = {});
// Thrown by PageRun::parse for input that binary_kind names: "not HTML
// (looks like PNG)". An std::invalid_argument (bad input, as Python's ValueError).
class NotHtmlError : public std::invalid_argument {
 public:
  explicit NotHtmlError(const std::string& kind)
      : std::invalid_argument("not HTML (looks like " + kind + ")"), kind_(kind) {}
  const std::string& kind() const { return kind_; }

 private:
  std::string kind_;
};
// Throws NotHtmlError when binary_kind(bytes, charset) names a kind.
void require_text(std::string_view bytes, std::string_view charset = {});

// The checks the builders make, for callers that build pages elsewhere:
// throw PageLimitError when `value` is past `limit` (0 = no limit).
void check_limit(const char* limit, uint64_t value, uint64_t max);

}  // namespace wce
