// Harness (b): the extension's flat DOM encoding (html.hpp, wasm/dom_encoder.js).
// Raw bytes would almost never form a valid encoding (parents must precede
// children in document order, lengths count UTF-16 units of the strings), so
// the bytes drive a generator instead: they choose each node's kind, parent
// (the current element or one of its ancestors), flags, tag and strings, and
// the lengths are computed as dom_encoder.js does. Modes 1-3 then break the
// result in one place (a word, the strings, the array length) to reach the
// rejections too (modes 5-6: the attribute section); mode 0 reads the bytes
// as words and strings directly.
// `flat_dom` runs every extractor on the result, `flat_dom_pick` the one or
// two its first bytes choose (check.hpp, run_picked).
#include <algorithm>
#include <iterator>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "byte_reader.hpp"
#include "check.hpp"
#include "targets.hpp"

namespace wce::fuzz {
namespace {

constexpr size_t kMaxNodes = 4000;

const char* const kTags[] = {
    "html", "head", "body", "div", "p", "span", "a", "article", "main", "section", "nav", "header",
    "footer", "aside", "ul", "ol", "li", "table", "tr", "td", "th", "h1", "h2", "h3", "pre", "code",
    "br", "hr", "img", "form", "input", "button", "select", "option", "textarea", "iframe", "svg",
    "math", "script", "style", "noscript", "template", "title", "meta", "blockquote", "figure",
    "figcaption", "time", "b", "i", "em", "strong", "dl", "dt", "dd", "details", "summary", "font",
    "center", "marquee", "DIV", "P", "my-element", "", "x"};
const char* const kAttrValues[] = {
    "", "content", "article", "main", "post-body", "entry-content", "comment", "comments", "nav",
    "navigation", "menu", "sidebar", "footer", "header", "ad", "ads", "banner", "share", "social",
    "related", "byline", "author", "articleBody", "headline", "true", "false", "display:none",
    "visibility: hidden", "DISPLAY : NONE !important", "display:block", "hidden", "main-content"};
// Code points that exercise the UTF-8/UTF-16 paths and the whitespace rules.
const uint32_t kSpecial[] = {0x00A0, 0x00E9, 0x0301, 0x200B, 0x2028, 0x3000, 0x4E2D, 0x6587,
                             0x0E01, 0xFEFF, 0xFFFD, 0x1F600, 0x10FFFF, 0x0000, 0x000D, 0x0009};

void append_utf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) out += static_cast<char>(cp);
  else if (cp < 0x800) { out += static_cast<char>(0xC0 | (cp >> 6)); out += static_cast<char>(0x80 | (cp & 0x3F)); }
  else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// A string of valid UTF-8 and its length in UTF-16 code units.
struct Str {
  std::string utf8;
  uint32_t units = 0;
};

Str random_text(ByteReader& in) {
  Str s;
  size_t n = in.range(0, 40);
  for (size_t k = 0; k < n && in.remaining() > 0; ++k) {
    uint8_t b = in.byte();
    uint32_t cp = b < 0x80 ? b : b < 0xC0 ? kSpecial[b % (sizeof kSpecial / sizeof kSpecial[0])]
                                           : 0x100 + (uint32_t{b} << 4);  // Latin, Greek, Cyrillic, ...
    if (cp >= 0xD800 && cp <= 0xDFFF) cp = 0xFFFD;
    append_utf8(s.utf8, cp);
    s.units += cp >= 0x10000 ? 2 : 1;
  }
  return s;
}

Str pick(ByteReader& in, const char* const* table, size_t count) {
  if (in.range(0, 7) == 0) return random_text(in);
  std::string v = table[in.range(0, count - 1)];
  return {v, static_cast<uint32_t>(v.size())};  // the tables are ASCII
}

struct Encoded {
  std::vector<uint32_t> nodes;
  std::string strings;
  std::vector<uint32_t> attrs;  // FlatDom::kAttrStride per value
  std::string attr_strings;
};

// Values for the attribute section: URLs, dates, types, JSON-LD.
const char* const kAttrSectionValues[] = {
    "", "/a/b", "https://example.org/x?y=1", "javascript:alert(1)", "data:image/gif;base64,R0lG", "2024-03-05",
    "2024-13-45T99:00", "og:title", "article:published_time", "author", "canonical", "en", "3", "0", "99999",
    "https://schema.org/Product", "application/ld+json", R"({"@type":"NewsArticle","headline":"H","author":{"name":"A"}})",
    R"({"@graph":[{"@type":["Product"],"offers":{"price":"9"}}]})", "{\"@type\":", "[[[[[[[["};

Encoded generate(ByteReader& in) {
  Encoded e;
  std::vector<uint32_t> open;  // flat indices of the open elements
  for (uint32_t k = 0; k < kMaxNodes && in.remaining() > 0; ++k) {
    size_t pops = in.range(0, 3);
    while (pops-- > 0 && !open.empty()) open.pop_back();
    uint32_t parent = open.empty() ? kNone : open.back();
    bool text = in.range(0, 2) == 0;
    uint32_t flags = in.range(0, 31);
    Str strs[FlatDom::kStride - 2];  // tag, id, class, role, itemprop, aria-hidden, style, text
    if (text) {
      strs[7] = random_text(in);
    } else {
      strs[0] = pick(in, kTags, sizeof kTags / sizeof kTags[0]);
      for (int s = 1; s < 7; ++s)
        if (in.flag()) strs[s] = pick(in, kAttrValues, sizeof kAttrValues / sizeof kAttrValues[0]);
    }
    e.nodes.push_back((text ? 2u : 1u) | (text ? 0u : flags << 8));
    e.nodes.push_back(parent);
    for (const Str& s : strs) {
      e.nodes.push_back(s.units);
      e.strings += s.utf8;
    }
    if (!text) open.push_back(k);
    // Some elements get attribute values (any of kFlatAttributes, whichever
    // the element is: the decoder's rule decides what it keeps).
    for (size_t n = text ? 0 : in.range(0, 3); n > 1 && in.remaining() > 0; --n) {
      Str v = pick(in, kAttrSectionValues, sizeof kAttrSectionValues / sizeof kAttrSectionValues[0]);
      e.attrs.insert(e.attrs.end(), {k, static_cast<uint32_t>(in.range(0, std::size(kFlatAttributes) - 1)), v.units});
      e.attr_strings += v.utf8;
    }
  }
  return e;
}

using Work = void (*)(PageRun&, const uint8_t*);

void decode_and_run(const Encoded& e, size_t words, Work work, const uint8_t* choice) {
  FlatDom flat{e.nodes.data(), words, e.strings, e.attrs.data(), e.attrs.size(), e.attr_strings};
  std::optional<PageRun> run;
  try {
    run.emplace(PageRun::decode(flat, {}));
  } catch (const std::invalid_argument&) {
    return;  // a clear rejection is the expected outcome for broken encodings
  }
  check_document(run->doc());
  check_metadata(run->doc());
  work(*run, choice);
}

void every_extractor(PageRun& run, const uint8_t*) { run_every_extractor(run); }

// The flat DOM made from the bytes, then `work` on it.
void flat_dom_input(const uint8_t* data, size_t size, Work work, const uint8_t* choice) {
  ByteReader in(data, size);
  int mode = in.range(0, 15);
  if (mode == 0) {  // raw: words, then strings
    size_t words = in.range(0, 64) * FlatDom::kStride;
    Encoded e;
    for (size_t k = 0; k < words; ++k) {
      uint32_t w = in.u32();
      // Keep lengths small so that some raw inputs pass the length checks.
      e.nodes.push_back((k % FlatDom::kStride) >= 2 ? w % 8 : w);
    }
    e.strings = in.rest();
    decode_and_run(e, e.nodes.size(), work, choice);
    return;
  }
  uint32_t where = in.u32(), value = in.u32();
  Encoded e = generate(in);
  size_t words = e.nodes.size();
  if (mode == 1 && !e.nodes.empty()) e.nodes[where % e.nodes.size()] = value % 16 == 0 ? value : value % 16;
  if (mode == 2 && !e.strings.empty()) e.strings.resize(where % e.strings.size());  // cuts inside UTF-8 too
  if (mode == 3) e.strings += static_cast<char>(value);  // one stray byte at the end
  if (mode == 4 && words > 0) words -= 1 + where % std::min<size_t>(words, FlatDom::kStride);
  if (mode == 5 && !e.attrs.empty()) e.attrs[where % e.attrs.size()] = value % 16 == 0 ? value : value % 16;
  if (mode == 6 && !e.attr_strings.empty()) e.attr_strings.resize(where % e.attr_strings.size());
  decode_and_run(e, words, work, choice);
}

}  // namespace

int flat_dom_target(const uint8_t* data, size_t size) {
  flat_dom_input(data, size, every_extractor, nullptr);
  return 0;
}

// As html_pick: the first bytes choose the extractor(s) (check.hpp).
int flat_dom_pick_target(const uint8_t* data, size_t size) {
  Picked p = split_pick(data, size);
  flat_dom_input(p.data, p.size, run_picked, p.pick);
  return 0;
}

}  // namespace wce::fuzz
