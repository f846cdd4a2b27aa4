// Trafilatura, stages 1: tree cleaning (htmlprocessing.py tree_cleaning) and
// tag conversion (convert_tags).
#include "extractors/trafilatura/trafilatura.hpp"

namespace wce::trafilatura {

// ---- Stage 1: cleaning and conversion -------------------------------------

void Trafilatura::tree_cleaning(Tree& t, Focus focus) const {
  const Document& doc = doc_;
  // figure holding a table, and layout tables (role presentation/none), become <div>s.
  std::vector<uint8_t> as_div(doc.size(), 0), has_table(doc.size(), 0);
  for (uint32_t i = static_cast<uint32_t>(doc.size()); i-- > 1;) {
    const Node& n = doc.nodes[i];
    if (n.kind != NodeKind::Element) continue;
    if (n.tag == Tag::Table) {
      std::string_view role = doc.str(n.role);
      if (role == "presentation" || role == "none") as_div[i] = 1;
    }
    if (n.tag == Tag::Figure && has_table[i]) as_div[i] = 1;
    if (n.parent != kNone && (has_table[i] || n.tag == Tag::Table)) has_table[n.parent] = 1;
  }
  for (uint32_t i = 1; i < doc.size(); ++i)
    if (as_div[i]) t.kind[i] = kDiv;
  auto cleaned = [&](uint32_t e) { return !as_div[e] && manually_cleaned(doc.nodes[e].tag); };
  std::vector<uint32_t> all = t.descendants(0);
  for (uint32_t e : all)
    if (manually_stripped(doc.nodes[e].tag)) t.strip(e);
  bool delete_cleaned = true;
  if (focus == Focus::Recall) {
    // Recall keeps the page when every paragraph sits inside a cleaned element.
    bool any_p = false, free_p = false;
    std::vector<uint8_t> inside(doc.size(), 0);
    for (uint32_t i = 1; i < doc.size(); ++i) {
      const Node& n = doc.nodes[i];
      if (n.kind != NodeKind::Element) continue;
      uint32_t p = n.parent == kNone ? 0 : n.parent;
      inside[i] = inside[p] || (p != 0 && cleaned(p));
      if (n.tag == Tag::P) {
        any_p = true;
        free_p = free_p || !inside[i];
      }
    }
    if (any_p && !free_p) delete_cleaned = false;
  }
  if (delete_cleaned)
    for (uint32_t e : all)
      if (cleaned(e)) t.drop(e, true);
  // _handle_forms: a form holding more than half of the text is a layout wrapper.
  std::vector<uint32_t> order = t.descendants(0);
  bool any_form = false;
  for (uint32_t e : order) any_form = any_form || doc.nodes[e].tag == Tag::Form;
  if (any_form) {
    order.insert(order.begin(), 0);
    std::vector<uint64_t> lens(doc.size());
    t.measure_raw(order, lens);
    uint64_t total = lens[0];
    for (uint32_t e : order) {
      if (e == 0 || doc.nodes[e].tag != Tag::Form || t.v[e].parent == kNone) continue;
      if (total && lens[e] * 2 > total) t.kind[e] = kDiv;
      else t.drop(e, true);
    }
  }
  // prune_html: empty CUT_EMPTY_ELEMS (no text at all, no children).
  for (uint32_t e : t.descendants(0))
    if (cut_empty(doc.nodes[e].tag) && t.text[e].empty() && t.v[e].first == kNone) t.drop(e, true);
}

void Trafilatura::convert_tags(Tree& t) const {
  const Document& doc = doc_;
  std::vector<uint32_t> order = t.descendants(0);
  // Links: "ref" inside div/li/p/table (tables on), unwrapped elsewhere.
  std::vector<uint8_t> in_container(doc.size(), 0);
  for (uint32_t e : order) {
    uint32_t p = t.v[e].parent;
    Tag pt = p == 0 ? Tag::Unknown : doc.nodes[p].tag;
    bool container = p != 0 && (t.kind[p] == kDiv || pt == Tag::Li || pt == Tag::P || pt == Tag::Table);
    in_container[e] = in_container[p] || container;
  }
  for (uint32_t e : order) {
    Tag tg = doc.nodes[e].tag;
    if (tg == Tag::A) {
      if (in_container[e]) t.kind[e] = kRef;
      else t.strip(e);
    } else if (tg == Tag::Strong && any_pred<kFaqQuestion>(doc, e)) {
      t.kind[e] = kHead;
    } else if ((tg == Tag::Sub || tg == Tag::Sup) && t.text[e].empty() && t.v[e].first == kNone) {
      t.drop(e, true);
    }
  }
  for (uint32_t e : order)
    if (t.v[e].parent != kNone && t.kind[e] != kHead && rend_tag(doc.nodes[e].tag)) t.strip(e);
  // CONVERSIONS, in document order (lists convert their items).
  order = t.descendants(0);
  // <pre> holding highlight.js spans (class "hljs...") is code: one backward pass.
  std::vector<uint8_t> hljs_below(doc.size(), 0);
  for (size_t k = order.size(); k-- > 0;) {
    uint32_t e = order[k], p = t.v[e].parent;
    bool own = doc.nodes[e].tag == Tag::Span && doc.str(doc.nodes[e].cls).substr(0, 4) == "hljs";
    if (p != kNone && (own || hljs_below[e])) hljs_below[p] = 1;
  }
  std::vector<uint8_t> in_list(doc.size(), 0), in_details(doc.size(), 0);
  for (uint32_t e : order) {
    uint32_t p = t.v[e].parent;
    Tag tg = doc.nodes[e].tag;
    in_list[e] = in_list[p] || (p != 0 && t.kind[p] == kList);
    in_details[e] = in_details[p] || (p != 0 && doc.nodes[p].tag == Tag::Details);
    switch (tg) {
      case Tag::Dl: case Tag::Ol: case Tag::Ul: t.kind[e] = kList; break;
      case Tag::Li: case Tag::Dd: case Tag::Dt: if (in_list[e]) t.kind[e] = kItem; break;
      case Tag::H1: case Tag::H2: case Tag::H3: case Tag::H4: case Tag::H5: case Tag::H6: t.kind[e] = kHead; break;
      case Tag::Br: case Tag::Hr: t.kind[e] = kLb; break;
      case Tag::Blockquote: case Tag::Q: t.kind[e] = kQuote; break;
      case Tag::Pre: {
        // convert_quotes: code when a single <span> child, hljs spans, or code-like text.
        bool code = false;
        uint32_t c = t.v[e].first;
        if (c != kNone && t.v[c].next == kNone && doc.nodes[c].tag == Tag::Span) code = true;
        if (!code) {
          std::string lead;
          t.for_pieces(t.text[e], [&](uint32_t x) { lead.append(doc.text(doc.text_nodes[x])); });
          for (std::string_view ind : {std::string_view("{"), std::string_view("(\""), std::string_view("('"),
                                       std::string_view("\n    ")})
            code = code || lead.find(ind) != std::string::npos;
        }
        t.kind[e] = code || hljs_below[e] ? kCode : kQuote;
        break;
      }
      case Tag::Del: case Tag::S: case Tag::Strike: t.kind[e] = kDel; break;
      case Tag::Details: t.kind[e] = kDiv; break;
      case Tag::Summary: if (in_details[e]) t.kind[e] = kHead; break;
      default: break;
    }
  }
}

}  // namespace wce::trafilatura
