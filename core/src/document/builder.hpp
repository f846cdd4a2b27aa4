// How the two builders (input/gumbo_builder.cpp, input/flat_decode.cpp) grow
// a Document: internal to the core, not part of the public API.
#pragma once
#include <cstdint>
#include <string_view>

#include "wce/document.hpp"

namespace wce::builder {

// Appends `s` to the pool; the Span addresses it.
Span add_string(Document& doc, std::string_view s);
// Appends a node as the last child of `parent` (kNone for the root).
uint32_t add_node(Document& doc, uint32_t parent, NodeKind kind, Tag tag);
// Keeps a non-empty attribute value of `node`, the last node added (the
// attributes stay in node order).
void add_attribute(Document& doc, uint32_t node, Attr name, std::string_view value);
// Fills text_nodes and text_index once every node is added.
void finish(Document& doc);

}  // namespace wce::builder
