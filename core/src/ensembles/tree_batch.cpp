// TreeBatch: a TreeModel laid out for scoring many rows (the ensemble's text
// nodes) at once. Same margins, bit for bit: every row still adds bias, then
// its leaf of tree 0, 1, ... in tree order.
//
// Why: walking one tree for one row is a chain of dependent loads (node ->
// feature value -> compare -> child) that ends in a mispredicted branch, 100
// trees per row. Here a group of kLanes rows walks each tree side by side,
// branch-free (a leaf keeps its place), so the lanes' chains overlap and the
// only data-dependent branch is "every lane at a leaf", once per tree and
// group. Nodes are 16 bytes (threshold or leaf value, feature, first child)
// with the two children of a split next to each other: one cache line read
// per step instead of four arrays. resolve() takes out the splits on features
// that are the same for every row (the ensemble's page features: half of its
// splits), once per page.
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "wce/train/ensemble_model.hpp"

namespace wce {
namespace {

constexpr size_t kLanes = 8;  // rows walked together (enough to hide the load latency)
constexpr size_t kTreeLanes = 4;  // trees of one row walked together (margin)

}  // namespace

TreeBatch::TreeBatch(const TreeModel& m) : bias_(m.bias) {
  const int32_t size = static_cast<int32_t>(m.feature.size());
  auto check = [&](int32_t i) {
    if (i < 0 || i >= size) throw std::logic_error("TreeBatch: node index out of range");
  };
  // Breadth-first per tree, so that a split's children land side by side.
  for (int32_t root : m.root) {
    check(root);
    roots_.push_back(static_cast<int32_t>(nodes_.size()));
    std::vector<int32_t> queue = {root};  // old index of each new node, in order
    nodes_.push_back({});
    for (size_t q = 0; q < queue.size(); ++q) {
      const int32_t old = queue[q];
      Node& nd = nodes_[roots_.back() + static_cast<int32_t>(q)];
      if (m.feature[old] < 0) {
        nd = {m.value[old], 0, -1};
        continue;
      }
      check(m.left[old]);
      check(m.right[old]);
      if (queue.size() > static_cast<size_t>(size)) throw std::logic_error("TreeBatch: not a tree");
      nd = {m.threshold[old], m.feature[old], roots_.back() + static_cast<int32_t>(queue.size())};
      queue.push_back(m.left[old]);
      queue.push_back(m.right[old]);
      nodes_.resize(nodes_.size() + 2);
    }
  }
}

TreeBatch TreeBatch::resolve(const double* x, const std::vector<bool>& fixed) const {
  TreeBatch r;
  r.bias_ = bias_;
  auto is_fixed = [&](const Node& nd) {
    return nd.first >= 0 && static_cast<size_t>(nd.feature) < fixed.size() && fixed[nd.feature];
  };
  // The node a walk reaches from `i` through splits on fixed features.
  auto skip = [&](int32_t i) {
    while (is_fixed(nodes_[i])) i = nodes_[i].first + !(x[nodes_[i].feature] <= nodes_[i].value);
    return i;
  };
  r.nodes_.reserve(nodes_.size());
  r.roots_.reserve(roots_.size());
  std::vector<int32_t> queue;  // once per page: no allocation per tree
  for (int32_t root : roots_) {  // breadth-first again, as in the constructor
    const int32_t base = static_cast<int32_t>(r.nodes_.size());
    r.roots_.push_back(base);
    queue.assign(1, skip(root));
    r.nodes_.push_back({});
    for (size_t q = 0; q < queue.size(); ++q) {
      Node nd = nodes_[queue[q]];
      if (nd.first >= 0) {
        const int32_t left = skip(nd.first), right = skip(nd.first + 1);
        nd.first = base + static_cast<int32_t>(queue.size());
        queue.push_back(left);
        queue.push_back(right);
        r.nodes_.resize(r.nodes_.size() + 2);
      }
      r.nodes_[base + static_cast<int32_t>(q)] = nd;
    }
  }
  return r;
}

void TreeBatch::margins(const double* x, size_t stride, const uint32_t* rows, size_t count, double* out) const {
  const Node* nodes = nodes_.data();
  for (size_t g = 0; g < count; g += kLanes) {
    const size_t lanes = std::min(kLanes, count - g);
    const double* row[kLanes];
    double s[kLanes];
    for (size_t l = 0; l < kLanes; ++l) {
      row[l] = x + static_cast<size_t>(rows[g + std::min(l, lanes - 1)]) * stride;  // spare lanes repeat the last row
      s[l] = bias_;
    }
    for (int32_t root : roots_) {
      int32_t at[kLanes];
      for (size_t l = 0; l < kLanes; ++l) at[l] = root;
      for (bool more = nodes[root].first >= 0; more;) {
        more = false;
        for (size_t l = 0; l < kLanes; ++l) {
          const Node& nd = nodes[at[l]];
          // x <= threshold goes left (first), else right (first + 1); NaN goes right, as in TreeModel.
          const int32_t next = nd.first + !(row[l][nd.feature] <= nd.value);
          at[l] = nd.first < 0 ? at[l] : next;
          more |= nodes[at[l]].first >= 0;
        }
      }
      for (size_t l = 0; l < kLanes; ++l) s[l] += nodes[at[l]].value;
    }
    for (size_t l = 0; l < lanes; ++l) out[g + l] = s[l];
  }
}

double TreeBatch::margin(const double* x) const {
  const Node* nodes = nodes_.data();
  double s = bias_;
  size_t t = 0;
  for (; t + kTreeLanes <= roots_.size(); t += kTreeLanes) {
    int32_t at[kTreeLanes];
    for (size_t l = 0; l < kTreeLanes; ++l) at[l] = roots_[t + l];
    for (bool more = true; more;) {
      more = false;
      for (size_t l = 0; l < kTreeLanes; ++l) {
        const Node& nd = nodes[at[l]];
        if (nd.first < 0) continue;
        at[l] = nd.first + !(x[nd.feature] <= nd.value);
        more = true;
      }
    }
    for (size_t l = 0; l < kTreeLanes; ++l) s += nodes[at[l]].value;  // in tree order
  }
  for (; t < roots_.size(); ++t) {
    int32_t i = roots_[t];
    while (nodes[i].first >= 0) i = nodes[i].first + !(x[nodes[i].feature] <= nodes[i].value);
    s += nodes[i].value;
  }
  return s;
}

}  // namespace wce
