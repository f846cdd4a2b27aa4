// An editable tree: the copy of (part of) a Document that a port changes as
// its original changes the DOM (readability moves, replaces and removes
// nodes, goose unwraps and regroups them, trafilatura strips and deletes
// lxml elements). The Document itself is never edited; each port builds its
// own copy with its own rules of what to keep, and this is the one linked
// structure and set of edits they share (internal header).
//
// Nodes live in one vector, addressed by index (a port that copies the whole
// Document uses the Document's node indices); a port's node type derives
// from TreeLinks and adds what it keeps per node. Every edit is O(1) except
// unwrap (O(children)); the walks are iterative, so depth never matters.
#pragma once
#include <cstdint>
#include <vector>

#include "wce/document.hpp"

namespace wce {

struct TreeLinks {
  uint32_t parent = kNone, first = kNone, last = kNone, prev = kNone, next = kNone;
};

template <class Node>
class EditTree {
 public:
  std::vector<Node> v;

  // A new node, not attached.
  uint32_t add(Node n = Node{}) {
    v.push_back(std::move(n));
    return static_cast<uint32_t>(v.size() - 1);
  }
  // x leaves its parent (nothing when it has none); its subtree goes with it.
  void unlink(uint32_t x) {
    Node& n = v[x];
    if (n.parent == kNone) return;
    Node& p = v[n.parent];
    if (n.prev != kNone) v[n.prev].next = n.next; else p.first = n.next;
    if (n.next != kNone) v[n.next].prev = n.prev; else p.last = n.prev;
    n.parent = n.prev = n.next = kNone;
  }
  // x becomes the last (first) child of p; x must not be linked anywhere:
  // its own links are overwritten, nobody else's (see clear_children).
  void link_last(uint32_t p, uint32_t x) {
    Node& n = v[x];
    n.parent = p;
    n.next = kNone;
    n.prev = v[p].last;
    if (v[p].last != kNone) v[v[p].last].next = x; else v[p].first = x;
    v[p].last = x;
  }
  void link_first(uint32_t p, uint32_t x) {
    Node& n = v[x];
    n.parent = p;
    n.prev = kNone;
    n.next = v[p].first;
    if (v[p].first != kNone) v[v[p].first].prev = x; else v[p].last = x;
    v[p].first = x;
  }
  // appendChild / prepend: x moves from wherever it is.
  void append(uint32_t p, uint32_t x) {
    unlink(x);
    link_last(p, x);
  }
  void prepend(uint32_t p, uint32_t x) {
    unlink(x);
    link_first(p, x);
  }
  // replaceChild: `neu` moves into the place of `old`, which is detached.
  void replace(uint32_t old, uint32_t neu) {
    unlink(neu);
    Node& o = v[old];
    Node& n = v[neu];
    n.parent = o.parent;
    n.prev = o.prev;
    n.next = o.next;
    if (o.parent != kNone) {
      if (o.prev != kNone) v[o.prev].next = neu; else v[o.parent].first = neu;
      if (o.next != kNone) v[o.next].prev = neu; else v[o.parent].last = neu;
    }
    o.parent = o.prev = o.next = kNone;
  }
  // The children of x take its place, in order; x is left detached and empty.
  void unwrap(uint32_t x) {
    Node& n = v[x];
    const uint32_t p = n.parent;
    if (p == kNone) return;
    if (n.first == kNone) { unlink(x); return; }
    const uint32_t f = n.first, l = n.last, pr = n.prev, nx = n.next;
    for (uint32_t c = f; c != kNone; c = v[c].next) v[c].parent = p;
    v[f].prev = pr;
    if (pr != kNone) v[pr].next = f; else v[p].first = f;
    v[l].next = nx;
    if (nx != kNone) v[nx].prev = l; else v[p].last = l;
    n.first = n.last = n.parent = n.prev = n.next = kNone;
  }
  // p forgets its children without touching them: a rebuild of p's child
  // list, which then links each child it keeps with link_last (the others
  // keep stale links and are unreachable from p).
  void clear_children(uint32_t p) { v[p].first = v[p].last = kNone; }

  uint32_t child_count(uint32_t x) const {
    uint32_t c = 0;
    for (uint32_t k = v[x].first; k != kNone; k = v[k].next) ++c;
    return c;
  }
  // Pre-order of the subtree of `root` (root first), appended to `out`.
  void append_preorder(uint32_t root, std::vector<uint32_t>& out) const {
    uint32_t x = root;
    while (true) {
      out.push_back(x);
      if (v[x].first != kNone) { x = v[x].first; continue; }
      while (x != root && v[x].next == kNone) x = v[x].parent;
      if (x == root) break;
      x = v[x].next;
    }
  }
  void preorder(uint32_t root, std::vector<uint32_t>& out) const {
    out.clear();
    append_preorder(root, out);
  }
  // Descendants of r in pre-order (r excluded).
  std::vector<uint32_t> descendants(uint32_t r) const {
    std::vector<uint32_t> out;
    out.reserve(v.size());  // no regrowth copies (4 bytes per node of the tree)
    uint32_t x = v[r].first;
    while (x != kNone) {
      out.push_back(x);
      if (v[x].first != kNone) { x = v[x].first; continue; }
      while (x != r && v[x].next == kNone) x = v[x].parent;
      if (x == r) break;
      x = v[x].next;
    }
    return out;
  }
};

}  // namespace wce
