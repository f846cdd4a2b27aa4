// Trafilatura, stage 4: comparison with readability and jusText (external.py
// compare_extraction, try_justext).
#include "extractors/trafilatura/trafilatura.hpp"
#include "extractors/trafilatura/external.hpp"

namespace wce::trafilatura {

// ---- Stage 4: comparison with readability and jusText -----------------------

// Per Document node: deleted with its subtree in this tree.
std::vector<uint8_t> Trafilatura::removed_mask(const Tree& t) const {
  std::vector<uint8_t> m(doc_.size(), 0);
  for (uint32_t i = 1; i < doc_.size(); ++i)
    if (doc_.nodes[i].kind == NodeKind::Element && t.deleted[i]) m[i] = 1;
  return m;
}

// Per text node: inside a removed element.
std::vector<uint8_t> Trafilatura::text_mask(const std::vector<uint8_t>& removed) const {
  std::vector<uint8_t> in(doc_.size(), 0), out(doc_.text_nodes.size(), 0);
  for (uint32_t i = 1; i < doc_.size(); ++i) {
    uint32_t p = doc_.nodes[i].parent;
    in[i] = removed[i] || (p != kNone && in[p]);
    if (doc_.nodes[i].kind == NodeKind::Text && doc_.nodes[i].text_index != kNone)
      out[doc_.nodes[i].text_index] = in[i];
  }
  return out;
}

// BASIC_CLEAN_XPATH added to a removal mask. What it removes does not depend
// on the mask: found once per page (up to three masks per page ask).
std::vector<uint8_t> Trafilatura::basic_cleaning_mask(const std::vector<uint8_t>& removed) const {
  if (basic_kill_.empty()) {
    basic_kill_.assign(doc_.size(), 0);
    static const RulePattern cookie_consent(kCookieConsent, true);
    std::string subject;  // "class id", reused
    for (uint32_t i = 1; i < doc_.size(); ++i) {
      const Node& n = doc_.nodes[i];
      if (n.kind != NodeKind::Element) continue;
      bool kill = n.tag == Tag::Aside || n.tag == Tag::Footer || n.tag == Tag::Script || n.tag == Tag::Style ||
                  n.tag == Tag::Svg || n.tag == Tag::Template ||
                  (n.tag == Tag::Div && any_pred<kBasicCleanDiv>(doc_, i));
      if (!kill && (n.cls.len || n.id.len)) {
        subject.assign(doc_.str(n.cls));
        subject += ' ';
        subject += doc_.str(n.id);
        kill = cookie_consent.search(subject);
      }
      basic_kill_[i] = kill;
    }
  }
  std::vector<uint8_t> m = removed;
  for (uint32_t i = 1; i < doc_.size(); ++i)
    if (basic_kill_[i]) m[i] = 1;
  return m;
}

Trafilatura::Extracted Trafilatura::justext_on(const std::vector<uint8_t>& removed) {
  Labels l = justext_labels(ctx_, trafilatura_justext_params(), &removed);
  Extracted x;
  for (uint32_t t = 0; t < l.size(); ++t)
    if (l[t] >= kContentThreshold) x.pieces.push_back(t);
  x.len = pieces_length(x.pieces, clen_);
  x.p_text = x.len > 0;
  return x;
}

Trafilatura::Extracted Trafilatura::compare_extraction(const Tree& cleaned_backup,
                                                       const std::vector<uint8_t>& raw_removed, Extracted body,
                                                       Focus focus) {
  const bool recall = focus == Focus::Recall;
  if (recall && body.len > static_cast<uint64_t>(kMinExtractedSize) * kRecallBypass) return body;
  // Readability's text is at most the page's text: when that cannot be twice
  // ours, only the structural rule could prefer it; skip the run otherwise.
  if (!recall && body.len > 0 && body.p_text && body.n_table <= body.n_p &&
      page_length_ <= 2 * body.len && body.len >= kMinExtractedSize)
    return body;
  // readability on the raw tree (whatever the raw tree lost is not in it).
  const Labels& rl = trafilatura_readability_labels(ctx_);
  std::vector<uint8_t> raw_text_gone = text_mask(raw_removed);
  Extracted algo;
  std::vector<uint8_t> in_sanitized(doc_.size(), 0), in_heading(doc_.size(), 0);
  bool unclean_algo = false, algo_heading = false;
  for (uint32_t i = 1; i < doc_.size(); ++i) {
    const Node& n = doc_.nodes[i];
    uint32_t p = n.parent == kNone ? 0 : n.parent;
    in_sanitized[i] = in_sanitized[p] || (n.kind == NodeKind::Element && sanitized_tag(n.tag));
    in_heading[i] = in_heading[p] || (n.kind == NodeKind::Element &&
                                      (n.tag == Tag::H2 || n.tag == Tag::H3 || n.tag == Tag::H4));
    if (n.kind != NodeKind::Text || n.text_index == kNone) continue;
    uint32_t t = n.text_index;
    if (rl[t] < kContentThreshold || raw_text_gone[t]) continue;
    algo.pieces.push_back(t);
    if (clen_[t]) {
      unclean_algo = unclean_algo || in_sanitized[i];
      algo_heading = algo_heading || in_heading[i];
    }
  }
  algo.len = pieces_length(algo.pieces, clen_);
  bool json_start = false;
  for (uint32_t t : algo.pieces) {
    if (!clen_[t]) continue;
    std::string_view s = doc_.text(doc_.text_nodes[t]);
    size_t k = s.find_first_not_of(" \t\r\n\f\v");
    json_start = k != std::string_view::npos && s[k] == '{';
    break;
  }
  const uint64_t len_text = body.len, len_algo = algo.len;
  bool use_readability = false;
  if (len_algo != 0 && len_algo != len_text && !(len_text > 2 * len_algo)) {
    use_readability =
        len_text == 0 || (len_algo > 2 * len_text && !json_start) ||
        (len_algo > 2ull * kMinExtractedSize && (!body.p_text || body.n_table > body.n_p)) ||
        (recall && len_algo > kRecallReadabilityRatio * len_text && !json_start) ||
        (recall && !body.has_head && algo_heading && len_algo > len_text);
  }
  Extracted chosen = use_readability ? algo : body;
  bool unclean = use_readability && unclean_algo;
  if (unclean || chosen.len < kMinExtractedSize) {
    Extracted jt = justext_on(basic_cleaning_mask(removed_mask(cleaned_backup)));
    bool accept = unclean ? chosen.len <= kJustextOverrideRatio * jt.len : chosen.len < jt.len;
    if (jt.len > 0 && accept) return jt;
  }
  if (use_readability) {
    // sanitize_tree: tree_cleaning on readability's output.
    std::vector<uint8_t> gone = text_mask(removed_mask(cleaned_backup));
    Extracted s;
    for (uint32_t t : chosen.pieces)
      if (!gone[t]) s.pieces.push_back(t);
    s.len = pieces_length(s.pieces, clen_);
    s.p_text = s.len > 0;
    return s;
  }
  return chosen;
}

}  // namespace wce::trafilatura
