// Goose: the virtual tree built from the Document and cleaned as goose3's
// DocumentCleaner does (naughty class/id/name patterns, tag unwrapping, div_to_para).
#include "extractors/goose/goose.hpp"

namespace wce::goose {

// Builds the VTree of the subtrees at `scope` (document nodes), cleaned by
// DocumentCleaner or as is.
VTree build(const Document& doc, const std::vector<uint32_t>& scope, bool clean) {
  VTree t;
  const size_t n = doc.size();
  // Facts of the original tree: an <img> below (em/small kept), a <p> above (span unwrapped).
  std::vector<uint8_t> has_img(n, 0), in_p(n, 0);
  for (uint32_t i = static_cast<uint32_t>(n); i-- > 1;) {
    const Node& nd = doc.nodes[i];
    if (nd.kind == NodeKind::Element && nd.tag == Tag::Img) has_img[i] = 1;
    if (has_img[i] && nd.parent != kNone) has_img[nd.parent] = 1;
  }
  for (uint32_t i = 1; i < n; ++i) {
    const Node& nd = doc.nodes[i];
    in_p[i] = nd.parent != kNone && (in_p[nd.parent] || (doc.nodes[nd.parent].kind == NodeKind::Element &&
                                                         doc.nodes[nd.parent].tag == Tag::P));
  }
  uint32_t first_body = kNone;
  for (uint32_t i = 1; i < n && first_body == kNone; ++i)
    if (doc.nodes[i].kind == NodeKind::Element && doc.nodes[i].tag == Tag::Body) first_body = i;

  std::vector<uint32_t> holder(n, kNone);  // the vnode children of a document node attach to
  for (uint32_t r : scope) {
    holder[r] = t.add(kNone, false, doc.nodes[r].kind == NodeKind::Element ? doc.nodes[r].tag : Tag::Unknown, r);
    t.roots.push_back(holder[r]);
    uint32_t end = doc.subtree_end(r);
    for (uint32_t i = r + 1; i < end; ++i) {
      const Node& nd = doc.nodes[i];
      uint32_t vp = holder[nd.parent];
      if (vp == kNone) continue;
      if (nd.kind == NodeKind::Text) {
        uint32_t id = t.add(vp, true, Tag::Unknown, kNone);
        t.v[id].text_begin = static_cast<uint32_t>(t.text_ids.size());
        t.text_ids.push_back(nd.text_index);
        t.v[id].text_end = static_cast<uint32_t>(t.text_ids.size());
        t.v[id].content = doc.str(nd.text);
        continue;
      }
      if (clean) {
        Tag tag = nd.tag;
        if ((tag == Tag::Em || tag == Tag::Small) && !has_img[i]) { holder[i] = vp; continue; }
        std::string_view cls = doc.str(nd.cls);
        if (tag == Tag::Span && rules().drop_cap.search(cls)) {
          holder[i] = vp;
          continue;
        }
        if (tag == Tag::Script || tag == Tag::Style) continue;
        bool article = tag == Tag::Article;
        if (!article && naughty(doc.str(nd.id))) continue;
        if (!article && i != first_body && naughty(cls)) continue;
        if (tag == Tag::Span && in_p[i]) { holder[i] = vp; continue; }
      }
      holder[i] = t.add(vp, false, nd.tag, i);
    }
  }
  return t;
}

// inner_trim (text.py): whitespace runs become one space, then stripped.
std::string inner_trim(std::string_view s) {
  std::string out;
  bool space = false;
  for (size_t i = 0; i < s.size();) {
    size_t b = i;
    uint32_t cp = unicode::next(s, i);
    if (stopwords::py_space(cp)) { space = true; continue; }
    if (space && !out.empty()) out += ' ';
    space = false;
    out.append(s.data() + b, i - b);
  }
  return out;
}

uint32_t code_points(std::string_view s) {
  uint32_t n = 0;
  for (size_t i = 0; i < s.size(); ++n) unicode::next(s, i);
  return n;
}

// cleaners.py get_replacement_nodes and the rebuild of div_to_para's else
// branch, for the element `el`: each text run (the element's text or a
// child's tail) longer than one character takes the unused <a> children
// directly before it (nearest first) and after it; runs and their links are
// gathered, until the next <p> child, into a new span. A run that is the
// tail of a child element that stays also stays in place (see below); other
// runs are moved, or vanish when shorter. A taken <a> leaves an empty <a>
// behind (ghost_links). Returns the spans.
std::vector<uint32_t> replace_children(VTree& t, uint32_t el) {
  struct Item { uint32_t first, count; bool run; };  // run: `count` text vnodes from `first`
  std::vector<Item> items;
  for (uint32_t c = t.v[el].first; c != kNone;) {
    if (!t.v[c].is_text) { items.push_back({c, 1, false}); c = t.v[c].next; continue; }
    uint32_t b = c, k = 0;
    for (; c != kNone && t.v[c].is_text; c = t.v[c].next) ++k;
    items.push_back({b, k, true});
  }
  auto is_free_a = [&](size_t j) {
    return !items[j].run && t.v[items[j].first].tag == Tag::A && !t.v[items[j].first].used;
  };
  // Pass 1: which runs qualify and which links each one takes.
  std::vector<std::vector<uint32_t>> before(items.size()), after(items.size());
  std::vector<std::string> trimmed(items.size());
  std::vector<uint8_t> qualifies(items.size(), 0);
  for (size_t j = 0; j < items.size(); ++j) {
    if (!items[j].run) continue;
    std::string s;
    uint32_t c = items[j].first;
    for (uint32_t k = 0; k < items[j].count; ++k, c = t.v[c].next) s.append(t.v[c].content);
    trimmed[j] = inner_trim(s);
    if (code_points(trimmed[j]) <= 1) continue;
    qualifies[j] = 1;
    for (size_t k = j; k-- > 0 && is_free_a(k);) {
      t.v[items[k].first].used = true;
      before[j].push_back(items[k].first);
    }
    for (size_t k = j + 1; k < items.size() && is_free_a(k); ++k) {
      t.v[items[k].first].used = true;
      after[j].push_back(items[k].first);
    }
  }
  // Pass 2: the new child list.
  std::vector<uint32_t> out, buffer, spans;
  auto flush = [&] {
    if (buffer.empty()) return;
    uint32_t g = t.add(kNone, false, Tag::Span, kNone);
    t.v[g].parent = el;
    for (uint32_t b : buffer) {
      if (!t.v[b].is_text) ++t.v[g].gathered_links;
      t.link_last(g, b);  // b is still in el's old child list (cleared below)
    }
    buffer.clear();
    out.push_back(g);
    spans.push_back(g);
  };
  for (size_t j = 0; j < items.size(); ++j) {
    const Item& it = items[j];
    if (it.run) {
      // In goose3 the tail of a child element that stays stays with it
      // (parsers.py child_nodes_with_text copies tails without clearing
      // them), so such a run is then both in place and in the gathered
      // span. The element's own leading text is moved, and the tail of a
      // taken link goes with the emptied link.
      const bool stays = j > 0 && !(t.v[items[j - 1].first].tag == Tag::A && t.v[items[j - 1].first].used);
      if (stays) {
        uint32_t c = it.first;
        for (uint32_t k = 0; k < it.count; ++k, c = t.v[c].next) out.push_back(c);
      }
      if (!qualifies[j]) continue;  // (gone unless it stays)
      for (uint32_t a : before[j]) buffer.push_back(a);
      // The run's text as goose3 appends it: trimmed, no separator from a
      // neighbouring run.
      t.arena.push_back(std::move(trimmed[j]));
      if (stays) {  // a copy, labelled with the same text nodes
        uint32_t copy = t.add(kNone, true, Tag::Unknown, kNone);
        t.v[copy].content = t.arena.back();
        t.v[copy].text_begin = static_cast<uint32_t>(t.text_ids.size());
        uint32_t c = it.first;
        for (uint32_t k = 0; k < it.count; ++k, c = t.v[c].next)
          for (uint32_t q = t.v[c].text_begin; q < t.v[c].text_end; ++q) {
            uint32_t id = t.text_ids[q];
            t.text_ids.push_back(id);
          }
        t.v[copy].text_end = static_cast<uint32_t>(t.text_ids.size());
        buffer.push_back(copy);
      } else {  // moved (the first vnode carries the text, the others are empty)
        uint32_t c = it.first;
        for (uint32_t k = 0; k < it.count; ++k) {
          uint32_t nx = t.v[c].next;
          t.v[c].content = k == 0 ? std::string_view(t.arena.back()) : std::string_view();
          buffer.push_back(c);
          c = nx;
        }
      }
      for (uint32_t a : after[j]) buffer.push_back(a);
      continue;
    }
    uint32_t c = it.first;
    if (!t.v[c].is_text && t.v[c].tag == Tag::A && t.v[c].used) {
      ++t.v[el].ghost_links;
      continue;
    }
    if (t.v[c].tag == Tag::P) flush();
    out.push_back(c);
  }
  flush();
  t.clear_children(el);
  for (uint32_t c : out) t.link_last(el, c);
  return spans;
}

// cleaners.py div_to_para(doc, "div") then div_to_para(doc, "span").
void div_to_para(VTree& t) {
  const uint32_t original = static_cast<uint32_t>(t.v.size());
  // Any a, blockquote, dl, div, img, ol, p, pre, table, ul below (tags of
  // the cleaned tree before the passes; the passes do not change the answer
  // for a later element, which is never an ancestor of an earlier one).
  std::vector<uint8_t> block_below(original, 0);
  std::vector<uint32_t> order = t.preorder(t.roots);
  for (size_t k = order.size(); k-- > 0;) {
    uint32_t x = order[k];
    uint32_t p = t.v[x].parent;
    if (p == kNone || t.v[x].is_text) continue;
    if (block_below[x] || is_div_to_para_block(t.v[x].tag)) block_below[p] = 1;
  }
  std::vector<uint32_t> gathered;
  for (Tag pass : {Tag::Div, Tag::Span}) {
    for (uint32_t x : order) {
      if (t.v[x].is_text || t.v[x].tag != pass) continue;
      if (!block_below[x]) {
        t.v[x].tag = Tag::P;
      } else {
        std::vector<uint32_t> spans = replace_children(t, x);
        if (pass == Tag::Div) gathered.insert(gathered.end(), spans.begin(), spans.end());
      }
    }
    // The spans gathered in the div pass go through the span pass too: a
    // <p> without links; with links, the span pass gathers its text again
    // into a span inside it, leaving emptied links behind once more.
    if (pass == Tag::Span)
      for (uint32_t g : gathered) {
        if (t.v[g].gathered_links == 0) t.v[g].tag = Tag::P;
        else t.v[g].ghost_links += t.v[g].gathered_links;
      }
  }
}

}  // namespace wce::goose
