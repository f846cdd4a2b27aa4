// Trafilatura, stage 5: the baseline (baseline.py) and the html2txt length.
#include "extractors/trafilatura/trafilatura.hpp"

namespace wce::trafilatura {

// ---- Stage 5: baseline -------------------------------------------------------

Trafilatura::Extracted Trafilatura::baseline(const std::vector<uint8_t>& removed) const {
  const Document& doc = doc_;
  std::vector<uint8_t> gone = text_mask(basic_cleaning_mask(removed));
  std::vector<uint8_t> node_gone(doc.size(), 0);
  {
    std::vector<uint8_t> m = basic_cleaning_mask(removed);
    for (uint32_t i = 1; i < doc.size(); ++i) {
      uint32_t p = doc.nodes[i].parent;
      node_gone[i] = m[i] || (p != kNone && node_gone[p]);
    }
  }
  auto block = [&](uint32_t e, std::vector<uint32_t>& pieces) {
    Len l;
    for (uint32_t i = e + 1, end = doc.subtree_end(e); i < end; ++i) {
      const Node& n = doc.nodes[i];
      if (n.kind != NodeKind::Text || n.text_index == kNone || gone[n.text_index]) continue;
      pieces.push_back(n.text_index);
      l.add(clen_[n.text_index]);
    }
    return l.value();
  };
  // <article> elements (outermost) longer than the minimum, those of at least
  // a fifth of the longest.
  struct Part { std::vector<uint32_t> pieces; uint64_t len; };
  std::vector<Part> parts;
  for (uint32_t i = 1; i < doc.size();) {
    const Node& n = doc.nodes[i];
    if (n.kind == NodeKind::Element && n.tag == Tag::Article && !node_gone[i]) {
      Part p;
      p.len = block(i, p.pieces);
      if (p.len > kBaselineMinContent) parts.push_back(std::move(p));
      i = doc.subtree_end(i);
      continue;
    }
    ++i;
  }
  auto attempt = [&](const std::vector<Part>& ps, Extracted& out) {
    uint64_t total = 0;
    size_t count = 0;
    for (const Part& p : ps)
      if (p.len) { total += p.len; ++count; }
    if (count) total += count - 1;
    if (total <= kBaselineMinContent) return false;
    for (const Part& p : ps) out.pieces.insert(out.pieces.end(), p.pieces.begin(), p.pieces.end());
    out.len = total;
    out.p_text = true;
    return true;
  };
  Extracted out;
  if (!parts.empty()) {
    uint64_t longest = 0;
    for (const Part& p : parts) longest = std::max(longest, p.len);
    std::vector<Part> kept;
    for (Part& p : parts)
      if (p.len * 5 >= longest) kept.push_back(std::move(p));
    if (attempt(kept, out)) return out;
  }
  // Paragraph-like elements (outermost), deduplicated by text.
  parts.clear();
  std::unordered_set<std::string> seen;
  for (uint32_t i = 1; i < doc.size();) {
    const Node& n = doc.nodes[i];
    if (n.kind == NodeKind::Element && !node_gone[i] &&
        (n.tag == Tag::Blockquote || n.tag == Tag::Code || n.tag == Tag::P || n.tag == Tag::Pre || n.tag == Tag::Q)) {
      Part p;
      p.len = block(i, p.pieces);
      if (p.len) {
        std::string key;
        for (uint32_t t : p.pieces) key.append(doc.text(doc.text_nodes[t]));
        if (p.len <= kMinDuplicateLength || seen.insert(key).second) parts.push_back(std::move(p));
      }
      i = doc.subtree_end(i);
      continue;
    }
    ++i;
  }
  if (attempt(parts, out)) return out;
  // The whole body.
  for (uint32_t i = 1; i < doc.size(); ++i) {
    if (doc.nodes[i].kind == NodeKind::Element && doc.nodes[i].tag == Tag::Body) {
      block(i, out.pieces);
      out.len = pieces_length(out.pieces, clen_);
      out.p_text = out.len > 0;
      break;
    }
  }
  return out;
}

uint64_t Trafilatura::html2txt_length(const std::vector<uint8_t>& removed) const {
  std::vector<uint8_t> gone = text_mask(basic_cleaning_mask(removed));
  for (uint32_t i = 1; i < doc_.size(); ++i) {
    if (doc_.nodes[i].kind != NodeKind::Element || doc_.nodes[i].tag != Tag::Body) continue;
    Len l;
    for (uint32_t k = i + 1, end = doc_.subtree_end(i); k < end; ++k) {
      const Node& n = doc_.nodes[k];
      if (n.kind == NodeKind::Text && n.text_index != kNone && !gone[n.text_index]) l.add(clen_[n.text_index]);
    }
    return l.value();
  }
  return 0;
}

}  // namespace wce::trafilatura
