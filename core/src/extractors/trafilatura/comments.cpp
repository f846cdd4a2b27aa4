// Trafilatura, stage 2: the comments section (main_extractor.py
// extract_comments).
#include "extractors/trafilatura/trafilatura.hpp"

namespace wce::trafilatura {

// ---- Stage 2: comments ----------------------------------------------------

std::vector<uint32_t> Trafilatura::extract_comments(Tree& t) const {
  const Document& doc = doc_;
  auto is_kind = [&](uint32_t e, uint32_t kinds) { return (kinds >> t.kind[e]) & 1u; };
  for (int expr = 0; expr < 4; ++expr) {
    uint32_t sub = kNone;
    for (uint32_t e : t.descendants(0)) {
      bool m = false;
      switch (expr) {
        case 0: m = is_kind(e, kCommentKinds) && any_pred<kComments1>(doc, e); break;
        case 1: m = is_kind(e, kCommentKinds) && any_pred<kComments2>(doc, e); break;
        case 2: m = is_kind(e, kCommentKinds) && any_pred<kComments3>(doc, e); break;
        default: m = is_kind(e, bit(kDiv) | bit(kSection)) && any_pred<kComments4>(doc, e); break;
      }
      if (m) { sub = e; break; }
    }
    if (sub == kNone) continue;
    // COMMENTS_DISCARD_XPATH, then ref and span unwrapped.
    prune_nodes(t, sub, [&](uint32_t e) {
      Tag tg = doc.nodes[e].tag;
      return ((t.kind[e] == kDiv || t.kind[e] == kSection) && any_pred<kCommentsDiscardRespond>(doc, e)) ||
             tg == Tag::Cite || t.kind[e] == kQuote || (doc.nodes[e].flags & kHidden) ||
             any_pred<kCommentsDiscardAny>(doc, e);
    });
    for (uint32_t e : t.descendants(sub))
      if (t.kind[e] == kRef || t.kind[e] == kSpan) t.strip(e);
    // process_comments_node: TAG_CATALOG elements, their own text and tail.
    std::vector<uint32_t> out;
    for (uint32_t e : t.descendants(sub)) {
      Kind k = static_cast<Kind>(t.kind[e]);
      if (!(k == kCode || k == kDel || k == kHead || k == kLb || k == kList || k == kP || k == kQuote)) continue;
      bool text_chars = t.has_chars(t.text[e]), tail_chars = t.has_chars(t.tail[e]);
      if (!text_chars && !tail_chars) continue;
      if (!text_chars && t.filtered(t.tail[e])) continue;
      t.for_pieces(t.text[e], [&](uint32_t x) { out.push_back(x); });
      t.for_pieces(t.tail[e], [&](uint32_t x) { out.push_back(x); });
    }
    if (!out.empty()) {
      t.drop(sub, false);
      return out;
    }
  }
  return {};
}

}  // namespace wce::trafilatura
