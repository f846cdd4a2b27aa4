// Node flags from attribute values: one rule for both Document builders.
#pragma once
#include <cstdint>
#include <string_view>

#include "wce/document.hpp"

namespace wce {

struct RawAttributes {
  bool hidden = false;          // the `hidden` attribute is present
  bool has_href = false;        // the `href` attribute is present
  bool javascript_href = false; // its value starts with "javascript:" (case-sensitive)
  uint8_t rel = 0;              // kRelAuthor / kRelNavigation, from rel_flags
  std::string_view aria_hidden;
  std::string_view style;
};

uint8_t node_flags(Tag tag, const RawAttributes& a);

// The values an element may keep in Document::attributes (empty: absent).
// script_text: the text of a <script> whose type names ld+json (builders may
// leave it empty for other scripts).
struct KeptValues {
  std::string_view href, title, rel, src, data_src, alt, name, property, content, lang, datetime, colspan,
      rowspan, itemtype, type, script_text;
  bool has_data_src = false;  // a data-src attribute, even an empty one
};
// What `tag` keeps of `v` (the list in wce/document.hpp), in a fixed order:
// one rule for both Document builders.
void keep_attributes(Document& doc, uint32_t node, Tag tag, const KeptValues& v);
// Whether a <script> type names JSON-LD ("application/ld+json", any case).
bool is_json_ld_type(std::string_view type);
// kRelAuthor or kRelNavigation for a `rel` value (ASCII white space trimmed,
// case-sensitive); wasm/dom_encoder.js applies the same rule (flat flags 8, 16).
uint8_t rel_flags(std::string_view rel);

}  // namespace wce
