// Readability: _grabArticle (preparation of the page, candidate scoring,
// the top candidate and its siblings), with _replaceBrs and the title.
#include "extractors/readability/readability.hpp"
#include "extractors/readability_regexps.hpp"

namespace wce::readability {

// _replaceBrs: a chain of two or more <br> (white space between them
// ignored) becomes a <p> holding the phrasing content that follows it.
void Readability::replace_brs(uint32_t body) {
  std::vector<uint32_t> brs;
  t_.preorder(body, order_);
  for (uint32_t x : order_)
    if (!t_.v[x].text && t_.v[x].tag == Tag::Br) brs.push_back(x);
  // _nextNode: skips white-space-only text.
  auto next_node = [&](uint32_t x) {
    while (x != kNone && t_.v[x].text && whitespace_node(x)) x = t_.v[x].next;
    return x;
  };
  auto is_br = [&](uint32_t x) { return x != kNone && !t_.v[x].text && t_.v[x].tag == Tag::Br; };
  for (uint32_t br : brs) {
    if (t_.v[br].parent == kNone) continue;  // removed as part of an earlier chain
    bool replaced = false;
    uint32_t next = t_.v[br].next;
    while (is_br(next = next_node(next))) {
      replaced = true;
      uint32_t sib = t_.v[next].next;
      touch(t_.v[next].parent);
      t_.unlink(next);
      next = sib;
    }
    if (!replaced) continue;
    uint32_t p = add_node(Tag::P);
    t_.replace(br, p);
    touch(p);
    next = t_.v[p].next;
    while (next != kNone) {
      if (is_br(next) && is_br(next_node(t_.v[next].next))) break;
      if (!phrasing(next)) break;
      uint32_t sib = t_.v[next].next;
      t_.append(p, next);
      next = sib;
    }
    while (t_.v[p].last != kNone && whitespace_node(t_.v[p].last)) t_.unlink(t_.v[p].last);
    uint32_t parent = t_.v[p].parent;
    if (parent != kNone && t_.v[parent].tag == Tag::P) {
      touch(parent);
      t_.v[parent].tag = Tag::Div;
    }
  }
}

// document.title: the first <title>, ASCII white space stripped and
// collapsed. Metadata titles (<meta>, JSON-LD) are not in the Document.
std::string Readability::article_title() {
  uint32_t title_el = kNone;
  t_.preorder(0, order_);
  std::vector<uint32_t> h1, h12;
  for (uint32_t x : order_) {
    const WNode& w = t_.v[x];
    if (w.text) continue;
    if (w.tag == Tag::Title && title_el == kNone) title_el = x;
    if (w.tag == Tag::H1) h1.push_back(x);
    if (w.tag == Tag::H1 || w.tag == Tag::H2) h12.push_back(x);
  }
  if (title_el == kNone) return "";
  std::string raw;
  for (uint32_t c = t_.v[title_el].first; c != kNone; c = t_.v[c].next)
    if (t_.v[c].text) raw += doc_.text(t_.v[c].orig);
  std::string doc_title;
  bool pending = false;
  for (char c : raw) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r') { pending = !doc_title.empty(); continue; }
    if (pending) doc_title += ' ';
    pending = false;
    doc_title += c;
  }
  auto heading_is = [&](std::string_view text) {
    Txt want = measure(text);
    for (uint32_t h : h12)  // textContent.trim() === text; lengths first
      if (trimmed_len(agg_[h].t) == want.len && inner_text(heading_text(h), false) == text) return true;
    return false;
  };
  auto only_h1 = [&] { return inner_text(heading_text(h1[0])); };
  return readability_rules::article_title(doc_title, heading_is, h1.size(), only_h1);
}

// One pass of _grabArticle with the current flags.
bool Readability::grab_article(uint32_t page, Attempt& out) {
  const bool strip = flags_ & kFlagStripUnlikelys;
  const size_t base_size = base_.v.size();
  std::vector<uint32_t> to_score;
  bool remove_title_header = true;
  auto remove_and_next = [&](uint32_t x) {
    uint32_t nx = t_.next_node(x, true);
    touch(t_.v[x].parent);
    t_.unlink(x);
    return nx;
  };
  uint32_t node = html_;
  while (node != kNone) {
    const uint32_t orig = t_.v[node].orig;
    const Tag tag = t_.v[node].tag;
    // Subtree facts of the prepared page still hold here: the walk changes
    // only nodes before this one and its ancestors' other children.
    const bool have_base = node < base_size;
    if (orig != kNone) {
      const Node& dn = doc_.nodes[orig];
      // _isProbablyVisible (aria-hidden is ignored for class "fallback-image").
      if ((dn.flags & kHidden) && !readability_regexps::compiled().fallback_image.search(cls_[orig])) {
        node = remove_and_next(node);
        continue;
      }
      // _isValidByline (no rel attribute in the Document).
      if (!byline_found_ && have_base) {
        // The length first: most elements fail it, and then no pattern runs.
        const uint32_t len = trimmed_len(base_agg_[node].t);
        std::string_view ip = doc_.str(dn.itemprop);
        if (len > 0 && len < kBylineMaxChars &&
            ((!ip.empty() && readability_regexps::compiled().itemprop_author.search(ip)) ||
             byline(cls_lc(node)) || byline(id_lc(node)))) {
          byline_found_ = true;
          node = remove_and_next(node);
          continue;
        }
      }
    }
    // _headerDuplicatesTitle
    if (remove_title_header && (tag == Tag::H1 || tag == Tag::H2) && !title_.empty() &&
        heading_budget_ > 0 && text_similarity(title_, heading_text(node)) > kTitleSimilarity) {
      remove_title_header = false;
      node = remove_and_next(node);
      continue;
    }
    if (strip && orig != kNone) {
      std::string_view c = cls_lc(node), i = id_lc(node);
      if (tag != Tag::Body && tag != Tag::A && (unlikely_candidate(c) || unlikely_candidate(i)) &&
          !maybe_candidate(c) && !maybe_candidate(i) && !t_.has_ancestor_tag(node, Tag::Table) &&
          !t_.has_ancestor_tag(node, Tag::Code)) {
        node = remove_and_next(node);
        continue;
      }
      std::string_view role = doc_.str(doc_.nodes[orig].role);
      if (readability_regexps::compiled().unlikely_roles.search(role)) {
        node = remove_and_next(node);
        continue;
      }
    }
    // _isElementWithoutContent on div, section, header, h1-h6.
    if ((tag == Tag::Div || tag == Tag::Section || tag == Tag::Header || heading(tag)) && have_base) {
      const Agg& a = base_agg_[node];
      uint32_t kids = t_.element_children(node);
      if (a.t.nonws == 0 && (kids == 0 || kids == a.cnt[kCntBr] + a.cnt[kCntHr])) {
        node = remove_and_next(node);
        continue;
      }
    }
    if (tag_to_score(tag)) to_score.push_back(node);
    if (tag == Tag::Div) {
      // Phrasing content into paragraphs.
      uint32_t p = kNone;
      for (uint32_t c = t_.v[node].first; c != kNone;) {
        uint32_t nx = t_.v[c].next;
        if (phrasing(c)) {
          if (p != kNone) {
            t_.append(p, c);
          } else if (!whitespace_node(c)) {
            p = add_node(Tag::P);
            t_.replace(c, p);
            t_.append(p, c);
            touch(p);
          }
        } else if (p != kNone) {
          while (t_.v[p].last != kNone && whitespace_node(t_.v[p].last)) t_.unlink(t_.v[p].last);
          p = kNone;
        }
        c = nx;
      }
      // _hasSingleTagInsideElement(node, "P") and link density < 0.25:
      // the div gives way to its paragraph.
      uint32_t only = t_.first_el(node);
      bool single_p = only != kNone && t_.v[only].tag == Tag::P && t_.next_el(only) == kNone;
      for (uint32_t c = t_.v[node].first; single_p && c != kNone; c = t_.v[c].next)
        if (t_.v[c].text && txt_[t_.v[c].orig].len > 0 && txt_[t_.v[c].orig].trail == 0) single_p = false;
      double ld = 0;
      if (have_base) {
        uint32_t len = inner_len(base_agg_[node].t);
        ld = len == 0 ? 0.0 : static_cast<double>(base_agg_[node].link) / len;
      }
      if (single_p && ld < kDivToPLinkDensity) {
        touch(t_.v[node].parent);
        t_.replace(node, only);
        node = only;
        to_score.push_back(node);
      } else {
        bool block = false;  // _hasChildBlockElement
        for (uint32_t c = t_.first_el(node); c != kNone && !block; c = t_.next_el(c))
          block = div_to_p_elem(t_.v[c].tag) || (c < base_size && base_agg_[c].has_block);
        if (!block) {
          touch(node);  // its parent folds its new tag
          t_.v[node].tag = Tag::P;
          to_score.push_back(node);
        }
      }
    }
    node = t_.next_node(node, false);
  }

  // Score paragraphs into their ancestors (the walk marked what it changed).
  compute_dirty();
  std::vector<uint32_t> candidates;
  for (uint32_t el : to_score) {
    uint32_t parent = t_.v[el].parent;
    if (parent == kNone || parent == 0) continue;
    const Txt& tx = agg_[el].t;
    uint32_t len = inner_len(tx);
    if (len < kMinParagraphChars) continue;
    double content = 1;                                  // the paragraph itself
    content += tx.commas + 1;                            // innerText.split(commas).length
    content += std::min<uint32_t>(len / 100, 3);         // one per 100 characters, up to 3
    uint32_t anc = parent;
    for (int level = 0; level < kAncestorLevels && anc != kNone; ++level, anc = t_.v[anc].parent) {
      uint32_t ap = t_.v[anc].parent;
      if (anc == 0 || ap == kNone || ap == 0) continue;  // the document and <html>
      if (!scored_[anc]) {
        initialize(anc);
        candidates.push_back(anc);
      }
      double divider = level == 0 ? 1 : level == 1 ? 2 : level * 3;
      score_[anc] += content / divider;
    }
  }
  std::vector<uint32_t> top;
  for (uint32_t c : candidates) {
    score_[c] = score_[c] * (1 - link_density(c));
    for (size_t k = 0; k < kNbTopCandidates; ++k) {
      if (k >= top.size() || score_[c] > score_[top[k]]) {
        top.insert(top.begin() + static_cast<long>(k), c);
        if (top.size() > kNbTopCandidates) top.pop_back();
        break;
      }
    }
  }
  auto is_page_or_root = [&](uint32_t x) { return x == kNone || x == 0 || t_.v[x].tag == Tag::Body || x == page; };
  out.top_score = top.empty() ? 0.0 : score_[top[0]];
  out.second_score = top.size() < 2 ? 0.0 : score_[top[1]];
  uint32_t top_cand = top.empty() ? kNone : top[0];
  if (top_cand == kNone || t_.v[top_cand].tag == Tag::Body) {
    // Everything in the page goes into a new div.
    top_cand = add_node(Tag::Div);
    while (t_.v[page].first != kNone) t_.append(top_cand, t_.v[page].first);
    t_.append(page, top_cand);
    initialize(top_cand);
    compute(top_cand, false);
  } else {
    // A common ancestor of at least three runners-up close to the top.
    std::vector<std::vector<uint32_t>> alternatives;
    for (size_t k = 1; k < top.size(); ++k) {
      if (score_[top[k]] / score_[top_cand] >= kAlternativeRatio) {
        std::vector<uint32_t> ancs;
        for (uint32_t a = t_.v[top[k]].parent; a != kNone; a = t_.v[a].parent) ancs.push_back(a);
        std::sort(ancs.begin(), ancs.end());
        alternatives.push_back(std::move(ancs));
      }
    }
    if (alternatives.size() >= kMinTopCandidates) {
      for (uint32_t p = t_.v[top_cand].parent; !is_page_or_root(p); p = t_.v[p].parent) {
        size_t lists = 0;
        for (size_t k = 0; k < alternatives.size() && lists < kMinTopCandidates; ++k)
          lists += std::binary_search(alternatives[k].begin(), alternatives[k].end(), p) ? 1 : 0;
        if (lists >= kMinTopCandidates) {
          top_cand = p;
          break;
        }
      }
    }
    if (!scored_[top_cand]) initialize(top_cand);
    // Climb while the parents' scores go up.
    uint32_t p = t_.v[top_cand].parent;
    double last = score_[top_cand];
    const double threshold = last / 3;
    while (!is_page_or_root(p)) {
      if (!scored_[p]) { p = t_.v[p].parent; continue; }
      double ps = score_[p];
      if (ps < threshold) break;
      if (ps > last) { top_cand = p; break; }
      last = score_[p];
      p = t_.v[p].parent;
    }
    // An only child gives way to its parent.
    p = t_.v[top_cand].parent;
    while (!is_page_or_root(p) && t_.element_children(p) == 1) {
      top_cand = p;
      p = t_.v[top_cand].parent;
    }
    if (!scored_[top_cand]) initialize(top_cand);
  }

  // Siblings of the top candidate that also look like content.
  const uint32_t article = add_node(Tag::Div);
  const double sibling_threshold = std::max(kSiblingMinThreshold, score_[top_cand] * kSiblingScoreRatio);
  const uint32_t parent_top = t_.v[top_cand].parent;
  const std::string_view top_class = cls(top_cand);
  for (uint32_t s = parent_top == kNone ? kNone : t_.first_el(parent_top); s != kNone;) {
    uint32_t nx = t_.next_el(s);
    bool append = false;
    if (s == top_cand) {
      append = true;
    } else {
      double bonus = 0;
      if (!top_class.empty() && cls(s) == top_class) bonus += score_[top_cand] * kSiblingScoreRatio;
      if (scored_[s] && score_[s] + bonus >= sibling_threshold) {
        append = true;
      } else if (t_.v[s].tag == Tag::P) {
        double ld = link_density(s);
        uint32_t len = inner_len(agg_[s].t);
        if (len > kSiblingParagraphChars && ld < kSiblingLinkDensity) {
          append = true;
        } else if (len < kSiblingParagraphChars && len > 0 && ld == 0) {
          std::string text = inner_text(raw_text(s));  // /\.( |$)/
          for (size_t k = text.find('.'); k != std::string::npos && !append; k = text.find('.', k + 1))
            append = k + 1 == text.size() || text[k + 1] == ' ';
        }
      }
    }
    if (append) {
      if (!alter_to_div_exception(t_.v[s].tag)) t_.v[s].tag = Tag::Div;
      t_.append(article, s);
    }
    s = nx;
  }

  prep_article(article);

  compute_dirty(article);  // what _prepArticle changed since its last fold
  out.text_length = inner_len(agg_[article].t);
  t_.preorder(article, order_);
  for (uint32_t x : order_)
    if (t_.v[x].text && t_.v[x].orig != kNone) out.text_nodes.push_back(doc_.nodes[t_.v[x].orig].text_index);
  return true;
}

}  // namespace wce::readability
