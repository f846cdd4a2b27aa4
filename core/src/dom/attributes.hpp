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
  std::string_view aria_hidden;
  std::string_view style;
};

uint8_t node_flags(Tag tag, const RawAttributes& a);

}  // namespace wce
