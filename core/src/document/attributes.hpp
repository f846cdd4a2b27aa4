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
// kRelAuthor or kRelNavigation for a `rel` value (ASCII white space trimmed,
// case-sensitive); wasm/dom_encoder.js applies the same rule (flat flags 8, 16).
uint8_t rel_flags(std::string_view rel);

}  // namespace wce
