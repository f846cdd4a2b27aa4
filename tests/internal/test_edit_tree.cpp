// The shared editable tree (features/edit_tree.hpp) that readability, goose
// and trafilatura edit: each edit against a plain model (a child list per
// node), over random sequences of edits, and the walks on a known tree.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "features/edit_tree.hpp"

using namespace wce;

namespace {

struct N : TreeLinks {
  int payload = 0;
};
using T = EditTree<N>;

// The child lists the links describe, checked for consistency both ways.
std::vector<std::vector<uint32_t>> children_of(const T& t) {
  std::vector<std::vector<uint32_t>> out(t.v.size());
  for (uint32_t p = 0; p < t.v.size(); ++p) {
    uint32_t prev = kNone;
    for (uint32_t c = t.v[p].first; c != kNone; c = t.v[c].next) {
      EXPECT_EQ(t.v[c].parent, p);
      EXPECT_EQ(t.v[c].prev, prev);
      out[p].push_back(c);
      prev = c;
    }
    EXPECT_EQ(t.v[p].last, prev);
  }
  return out;
}

// The model: children per node and each node's parent (kNone: detached).
struct Model {
  std::vector<std::vector<uint32_t>> kids;
  std::vector<uint32_t> parent;
  void detach(uint32_t x) {
    if (parent[x] == kNone) return;
    auto& k = kids[parent[x]];
    k.erase(std::find(k.begin(), k.end(), x));
    parent[x] = kNone;
  }
  bool is_ancestor(uint32_t a, uint32_t x) const {  // a == x or above it
    for (; x != kNone; x = parent[x])
      if (x == a) return true;
    return false;
  }
};

TEST(EditTree, BuildAndWalk) {
  // 0 -> {1 -> {2, 3}, 4 -> {5}}
  T t;
  for (int i = 0; i < 6; ++i) t.add();
  t.append(0, 1);
  t.append(1, 2);
  t.append(1, 3);
  t.append(0, 4);
  t.append(4, 5);
  std::vector<uint32_t> order;
  t.preorder(0, order);
  EXPECT_EQ(order, (std::vector<uint32_t>{0, 1, 2, 3, 4, 5}));
  t.preorder(1, order);  // a subtree with a next sibling: the walk stays inside
  EXPECT_EQ(order, (std::vector<uint32_t>{1, 2, 3}));
  EXPECT_EQ(t.descendants(0), (std::vector<uint32_t>{1, 2, 3, 4, 5}));
  EXPECT_TRUE(t.descendants(2).empty());
  EXPECT_EQ(t.child_count(0), 2u);
  EXPECT_EQ(t.child_count(1), 2u);
}

TEST(EditTree, UnwrapAndReplace) {
  T t;
  for (int i = 0; i < 7; ++i) t.add();
  for (uint32_t c : {1u, 2u, 3u}) t.append(0, c);
  t.append(2, 4);
  t.append(2, 5);
  t.unwrap(2);  // 0 -> {1, 4, 5, 3}
  auto k = children_of(t);
  EXPECT_EQ(k[0], (std::vector<uint32_t>{1, 4, 5, 3}));
  EXPECT_EQ(t.v[2].parent, kNone);
  EXPECT_EQ(t.v[2].first, kNone);
  t.replace(4, 6);  // 0 -> {1, 6, 5, 3}
  k = children_of(t);
  EXPECT_EQ(k[0], (std::vector<uint32_t>{1, 6, 5, 3}));
  EXPECT_EQ(t.v[4].parent, kNone);
  t.unwrap(1);  // no children: just leaves
  k = children_of(t);
  EXPECT_EQ(k[0], (std::vector<uint32_t>{6, 5, 3}));
}

TEST(EditTree, RandomEditsMatchTheModel) {
  std::mt19937 rng(8);
  for (int round = 0; round < 200; ++round) {
    const uint32_t n = 2 + rng() % 30;
    T t;
    Model m;
    for (uint32_t i = 0; i < n; ++i) t.add();
    m.kids.assign(n, {});
    m.parent.assign(n, kNone);
    for (int step = 0; step < 100; ++step) {
      const uint32_t x = rng() % n, p = rng() % n;
      switch (rng() % 5) {
        case 0:  // append (no cycles: p must not be inside x)
          if (m.is_ancestor(x, p)) break;
          t.append(p, x);
          m.detach(x);
          m.kids[p].push_back(x);
          m.parent[x] = p;
          break;
        case 1:  // prepend
          if (m.is_ancestor(x, p)) break;
          t.prepend(p, x);
          m.detach(x);
          m.kids[p].insert(m.kids[p].begin(), x);
          m.parent[x] = p;
          break;
        case 2:  // unlink
          t.unlink(x);
          m.detach(x);
          break;
        case 3: {  // replace p (attached) by x, when x is not above p
          if (m.parent[p] == kNone || x == p || m.is_ancestor(x, p)) break;
          t.replace(p, x);
          m.detach(x);
          auto& k = m.kids[m.parent[p]];
          *std::find(k.begin(), k.end(), p) = x;
          m.parent[x] = m.parent[p];
          m.parent[p] = kNone;
          break;
        }
        case 4: {  // unwrap
          if (m.parent[x] == kNone) break;
          t.unwrap(x);
          const uint32_t q = m.parent[x];
          auto& k = m.kids[q];
          auto it = std::find(k.begin(), k.end(), x);
          std::vector<uint32_t> moved = m.kids[x];
          for (uint32_t c : moved) m.parent[c] = q;
          it = k.erase(it);
          k.insert(it, moved.begin(), moved.end());
          m.kids[x].clear();
          m.parent[x] = kNone;
          break;
        }
      }
      ASSERT_EQ(children_of(t), m.kids) << "round " << round << " step " << step;
      for (uint32_t i = 0; i < n; ++i) ASSERT_EQ(t.v[i].parent, m.parent[i]);
    }
    // Pre-order of every root against the model's recursion.
    for (uint32_t r = 0; r < n; ++r) {
      if (m.parent[r] != kNone) continue;
      std::vector<uint32_t> want, stack{r}, got;
      while (!stack.empty()) {
        uint32_t x = stack.back();
        stack.pop_back();
        want.push_back(x);
        for (auto it = m.kids[x].rbegin(); it != m.kids[x].rend(); ++it) stack.push_back(*it);
      }
      t.preorder(r, got);
      EXPECT_EQ(got, want);
      want.erase(want.begin());
      EXPECT_EQ(t.descendants(r), want);
    }
  }
}

}  // namespace
