// Readability: the working tree (a copy of the Document that the stages
// edit) and the per-element text aggregates and scores over it.
#include "extractors/readability/readability.hpp"

namespace wce::readability {

void Readability::build_tree() {
  const size_t n = doc_.size();
  cls_.assign(n, {});
  cls_lc_.assign(n, {});
  id_lc_.assign(n, {});
  in_svg_.assign(n, 0);
  txt_.assign(n, {});
  base_.v.assign(n, WNode{});
  base_.v[0].tag = Tag::Document;
  std::vector<uint8_t> dropped(n, 0);
  auto add_lc = [&](std::string_view s) {
    Span sp{static_cast<uint32_t>(lc_pool_.size()), static_cast<uint32_t>(s.size())};
    lc_pool_ += to_ascii_lower(s);
    return sp;
  };
  for (uint32_t i = 1; i < n; ++i) {
    const Node& nd = doc_.nodes[i];
    WNode& w = base_.v[i];
    w.orig = i;
    uint32_t p = nd.parent;
    if (p == kNone || dropped[p]) { dropped[i] = 1; continue; }
    if (nd.kind == NodeKind::Text) {
      w.text = true;
      txt_[i] = measure(doc_.text(i));
    } else {
      // _removeScripts and _prepDocument drop script, noscript and style.
      if (nd.tag == Tag::Script || nd.tag == Tag::Noscript || nd.tag == Tag::Style) { dropped[i] = 1; continue; }
      in_svg_[i] = nd.tag == Tag::Svg || in_svg_[p];
      // SVG elements: their tag names are not upper case in a DOM, and their
      // className is not a string, so neither takes part in any rule.
      w.tag = in_svg_[i] ? Tag::Unknown : nd.tag;
      if (!in_svg_[i]) {
        cls_[i] = doc_.str(nd.cls);
        cls_lc_[i] = add_lc(cls_[i]);
      }
      id_lc_[i] = add_lc(doc_.str(nd.id));
    }
    base_.append(p, i);
  }
  for (uint32_t c = base_.first_el(0); c != kNone; c = base_.next_el(c))
    if (base_.v[c].tag == Tag::Html) { html_ = c; break; }
  if (html_ == kNone) html_ = base_.first_el(0);
  if (html_ != kNone)
    for (uint32_t c = base_.first_el(html_); c != kNone; c = base_.next_el(c))
      if (base_.v[c].tag == Tag::Body || base_.v[c].tag == Tag::Frameset) { body_ = c; break; }
}

bool Readability::whitespace_node(uint32_t x) const {
  const WNode& w = t_.v[x];
  if (w.text) return w.orig == kNone || txt_[w.orig].nonws == 0;
  return w.tag == Tag::Br;
}

// _isPhrasingContent, with A/DEL/INS decided by the folded phrasing_kids.
bool Readability::phrasing(uint32_t x) const {
  const WNode& w = t_.v[x];
  return w.text || phrasing_element(fold_facts(w.tag).bits, agg_[x].phrasing_kids);
}

// Subtree facts of x from its (already folded) children. Built in place:
// a local Agg copied in at the end is a memcpy call in WASM (96 bytes).
void Readability::fold(uint32_t x, bool with_short) {
  Agg& a = agg_[x];
  a = Agg{};
  ShortText* st = nullptr;
  if (with_short) {
    if (short_.size() < t_.v.size()) short_.resize(t_.v.size());
    st = &short_[x];
    st->len = 0;
    st->long_text = false;
  }
  const WNode& w = t_.v[x];
  if (w.text) {
    if (w.orig != kNone) a.t = txt_[w.orig];
    if (st) {
      std::string_view s = doc_.text(w.orig);
      bool ws = false;
      for (size_t i = 0; i < s.size() && !st->long_text;) {
        const unsigned char b = static_cast<unsigned char>(s[i]);
        if (b < 0x80) {  // ASCII: js_space is \t-\r and ' ', one byte appended
          ++i;
          if (b == 0x20 || (b >= 0x09 && b <= 0x0D)) {
            if (!ws) st->space();
            ws = true;
            continue;
          }
          ws = false;
          st->append_byte(static_cast<char>(b));
          continue;
        }
        size_t start = i;
        uint32_t cp = unicode::next(s, i);
        if (js_space(cp)) { if (!ws) st->space(); ws = true; continue; }
        ws = false;
        st->append(s.substr(start, i - start));
      }
    }
    return;
  }
  for (uint32_t c = w.first; c != kNone; c = t_.v[c].next) {
    const Agg& ca = agg_[c];
    const WNode& cw = t_.v[c];
    a.t = concat(a.t, ca.t);
    if (st && !st->long_text) {
      const ShortText& cs = short_[c];
      if (cs.long_text) {
        st->long_text = true;
      } else {
        std::string_view s = cs.view();
        if (!s.empty() && s.front() == ' ' && st->len > 0 && st->bytes[st->len - 1] == ' ') s.remove_prefix(1);
        st->append(s);
      }
    }
    if (cw.text) continue;  // text is phrasing content
    const FoldFacts f = fold_facts(cw.tag);
    if (!phrasing_element(f.bits, ca.phrasing_kids)) a.phrasing_kids = false;
    for (int k = 0; k < kNumCounts; ++k) a.cnt[k] += ca.cnt[k];
    if (f.count >= 0) ++a.cnt[f.count];
    uint32_t il = inner_len(ca.t);
    a.link += ca.link + (cw.tag == Tag::A ? il : 0);
    a.list += ca.list + ((cw.tag == Tag::Ul || cw.tag == Tag::Ol) ? il : 0);
    a.heads += ca.heads + ((f.bits & kFoldHeading) ? il : 0);
    a.textish += ca.textish + ((f.bits & kFoldTextish) ? il : 0);
    a.max_td = std::max({a.max_td, ca.max_td, cw.tag == Tag::Tr ? ca.cnt[kCntTd] : 0u});
    if (a.caption == 0) a.caption = cw.tag == Tag::Caption ? (cw.first != kNone ? 2 : 1) : ca.caption;
    a.has_block = a.has_block || (f.bits & kFoldBlock) || ca.has_block;
    a.data_table_desc = a.data_table_desc || ca.data_table_desc || (cw.tag == Tag::Table && data_table_[c]);
  }
}

void Readability::compute(uint32_t root, bool with_short) {
  t_.preorder(root, order_);
  for (size_t i = order_.size(); i-- > 0;) fold(order_[i], with_short);
}

void Readability::compute_dirty(uint32_t root) {
  order_.clear();
  if (dirty_.size() < t_.v.size()) dirty_.resize(t_.v.size(), 0);
  if (!dirty_[root]) return;
  // Pre-order over the marked nodes only (their parents are marked too).
  std::vector<uint32_t>& stack = dirty_stack_;
  stack.assign(1, root);
  while (!stack.empty()) {
    uint32_t x = stack.back();
    stack.pop_back();
    order_.push_back(x);
    for (uint32_t c = t_.v[x].first; c != kNone; c = t_.v[c].next)
      if (dirty_[c]) stack.push_back(c);
  }
  // Children before parents: a node is pushed after its parent.
  for (size_t i = order_.size(); i-- > 0;) fold(order_[i], false);
  std::fill(dirty_.begin(), dirty_.end(), 0);
}

// textContent of a subtree, appended to `out`, visiting at most `cap`
// nodes; returns how many it visited.
size_t Readability::subtree_text(uint32_t x, size_t cap, std::string& out) const {
  size_t seen = 0;
  uint32_t y = x;
  while (seen < cap) {
    ++seen;
    const WNode& w = t_.v[y];
    if (w.text && w.orig != kNone) out += doc_.text(w.orig);
    if (w.first != kNone) { y = w.first; continue; }
    while (y != x && t_.v[y].next == kNone) y = t_.v[y].parent;
    if (y == x) break;
    y = t_.v[y].next;
  }
  return seen;
}

std::string Readability::raw_text(uint32_t x) const {
  std::string out;
  subtree_text(x, SIZE_MAX, out);
  return out;
}

// The text of a heading for the title checks, within kTextNodeCap and what
// is left of kTextNodeBudget.
std::string Readability::heading_text(uint32_t x) {
  std::string out;
  heading_budget_ -= subtree_text(x, std::min(kTextNodeCap, heading_budget_), out);
  return out;
}

// _getClassWeight
int Readability::class_weight(uint32_t x) const {
  if (!(flags_ & kFlagWeightClasses)) return 0;
  int weight = 0;
  std::string_view c = cls_lc(x), i = id_lc(x);
  if (!c.empty()) {
    if (negative(c)) weight -= kClassWeight;
    if (positive(c)) weight += kClassWeight;
  }
  if (!i.empty()) {
    if (negative(i)) weight -= kClassWeight;
    if (positive(i)) weight += kClassWeight;
  }
  return weight;
}

// _initializeNode
void Readability::initialize(uint32_t x) {
  double s = 0;
  switch (t_.v[x].tag) {
    case Tag::Div: s += 5; break;
    case Tag::Pre: case Tag::Td: case Tag::Blockquote: s += 3; break;
    case Tag::Address: case Tag::Ol: case Tag::Ul: case Tag::Dl: case Tag::Dd: case Tag::Dt: case Tag::Li:
    case Tag::Form: s -= 3; break;
    case Tag::H1: case Tag::H2: case Tag::H3: case Tag::H4: case Tag::H5: case Tag::H6: case Tag::Th:
      s -= 5; break;
    default: break;
  }
  s += class_weight(x);
  score_[x] = s;
  scored_[x] = 1;
}

}  // namespace wce::readability
