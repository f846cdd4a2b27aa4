#include "document/builder.hpp"
#include "wce/document.hpp"

#include <algorithm>

namespace wce {
namespace builder {

Span add_string(Document& doc, std::string_view s) {
  std::string& pool = doc.pool;
  Span sp{static_cast<uint32_t>(pool.size()), static_cast<uint32_t>(s.size())};
  pool.append(s);
  return sp;
}

uint32_t add_node(Document& doc, uint32_t parent, NodeKind kind, Tag tag) {
  std::vector<Node>& nodes = doc.nodes;
  uint32_t idx = static_cast<uint32_t>(nodes.size());
  // Built in place: a Node made on the stack and pushed is one struct copy
  // per node, a memcpy call in the WASM build.
  Node& n = nodes.emplace_back();
  n.kind = kind;
  n.tag = kind == NodeKind::Element ? tag : Tag::Unknown;
  n.parent = parent;
  if (parent != kNone) {
    Node& p = nodes[parent];
    n.depth = p.depth + 1;
    if (p.last_child == kNone) p.first_child = idx;
    else nodes[p.last_child].next_sibling = idx;
    p.last_child = idx;
  }
  return idx;
}

void add_attribute(Document& doc, uint32_t node, Attr name, std::string_view value) {
  if (value.empty()) return;
  doc.attributes.push_back({node, name, add_string(doc, value)});
}

void finish(Document& doc) {
  std::vector<Node>& nodes = doc.nodes;
  std::vector<uint32_t>& text_nodes = doc.text_nodes;
  text_nodes.clear();
  for (uint32_t i = 0; i < nodes.size(); ++i) {
    if (nodes[i].kind == NodeKind::Text) {
      nodes[i].text_index = static_cast<uint32_t>(text_nodes.size());
      text_nodes.push_back(i);
    }
  }
}

}  // namespace builder

uint32_t Document::ancestor(uint32_t node, Tag tag) const {
  for (uint32_t i = node; i != kNone; i = nodes[i].parent)
    if (nodes[i].kind == NodeKind::Element && nodes[i].tag == tag) return i;
  return kNone;
}

std::string_view Document::attr(uint32_t node, Attr name) const {
  auto it = std::lower_bound(attributes.begin(), attributes.end(), node,
                             [](const Attribute& a, uint32_t n) { return a.node < n; });
  for (; it != attributes.end() && it->node == node; ++it)
    if (it->name == name) return str(it->value);
  return {};
}

uint32_t Document::subtree_end(uint32_t node) const {
  // Pre-order: the subtree ends where the next node of depth <= ours begins.
  uint32_t d = nodes[node].depth;
  uint32_t i = node + 1;
  while (i < nodes.size() && nodes[i].depth > d) ++i;
  return i;
}

}  // namespace wce
