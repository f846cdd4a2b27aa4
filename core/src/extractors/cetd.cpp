// CETD, Content Extraction via Text Density (Sun, Song, Liao: "DOM based
// content extraction via text density", SIGIR 2011), the composite text
// density variant, following the authors' released code (FeiSun/
// ContentExtraction, Qt/WebKit) where the paper leaves details open.
//
// Per element i of <body>, over its rendered subtree:
//   C   characters, T tags (element descendants), LC characters inside
//   links, LT link tags; "links" are a, button and select elements (the
//   authors' code). LT counts the link elements below i plus every child
//   subtree that is all links (all its tags and characters are link ones).
//   Composite text density (paper, eq. 3), with LC, T, LT and C - LC taken
//   as 1 when 0, and LC_b / C_b the link share of <body>:
//     CTD = C/T * ln(C/LC * T/LT) / ln(ln(C/(C-LC) * LC + LC_b/C_b * C + e))
//   DensitySum (paper, eq. 4): the sum of the children's CTD, where text
//   directly in the element counts as a child of its own (a run of text
//   between two child elements, with T = LC = LT = 0); an element without
//   element children has its own CTD.
// Content: the element with the largest DensitySum below body (the first in
// document order on ties) is content. The threshold is the smallest CTD on
// the path from it up to <body> (the authors' code; in practice mostly
// <body>'s own density). Then, from <body> downwards, every element
// whose CTD reaches the threshold has the element with the largest
// DensitySum in its subtree marked as content, and the descent continues into
// its children; it stops at elements below the threshold and at content.
// Text directly inside an ancestor of a content subtree stays, as in the
// authors' code, which removes unmarked elements but never text nodes.
//
// Characters: the original counted the length of the rendered text
// (innerText), whitespace included; we count a text node's non-whitespace
// characters plus one separator per word, which is that length after
// whitespace collapsing. Text inside select / textarea is not rendered text
// (innerText has none), so it counts no characters and is never content.
// Text of link-like elements is link text throughout their subtree.
//
// Departures: the text-run term uses the paper's
// CTD for text (ln(ln(1 + ...)); the code's variant without the "1 +"
// divides by zero on pages without links). Elements that a browser does not
// render (hidden, script, style, head elements, ...) are left out, as the
// original removed display:none elements first; but stylesheets are not
// applied (only the hidden attribute and inline styles are known), so
// elements hidden by CSS rules still count here.
#include <cmath>
#include <vector>

#include "extractors/extractor_util.hpp"
#include "extractors/registry_list.hpp"

namespace wce {
namespace {

// Elements whose text counts as link text (the authors' code: A, BUTTON, SELECT).
bool is_link_like(Tag t) { return t == Tag::A || t == Tag::Button || t == Tag::Select; }

// Not rendered by default (the HTML standard's `display: none` rules), or
// content dropped by our builders.
bool not_rendered(Tag t) {
  switch (t) {
    case Tag::Area: case Tag::Base: case Tag::Datalist: case Tag::Head: case Tag::Link:
    case Tag::Meta: case Tag::Noframes: case Tag::Param: case Tag::Rp: case Tag::Script:
    case Tag::Style: case Tag::Template: case Tag::Title: case Tag::Noscript:
      return true;
    default:
      return false;
  }
}

Labels cetd(Context& ctx) {
  const Document& doc = ctx.doc();
  const NodeCounts& counts = ctx.counts();
  Labels labels(doc.text_nodes.size(), 0.0f);
  const uint32_t n = static_cast<uint32_t>(doc.size());
  uint32_t body = kNone;
  for (uint32_t i = 1; i < n && body == kNone; ++i)
    if (doc.nodes[i].kind == NodeKind::Element && doc.nodes[i].tag == Tag::Body) body = i;
  if (body == kNone) return labels;
  const uint32_t end = doc.subtree_end(body);

  // Left out: not rendered, hidden, or inside such an element.
  std::vector<uint8_t> skip(n, 0);
  for (uint32_t i = body + 1; i < end; ++i) {
    const Node& nd = doc.nodes[i];
    skip[i] = skip[nd.parent] ||
              (nd.kind == NodeKind::Element && ((nd.flags & kHidden) || not_rendered(nd.tag)));
  }
  auto is_elem = [&](uint32_t i) { return doc.nodes[i].kind == NodeKind::Element && !skip[i]; };
  // Text inside form controls is no rendered text (a browser's innerText, which
  // the original counted, has none for select / textarea); their elements
  // still count as tags.
  std::vector<uint8_t> control(n, 0);
  for (uint32_t i = body + 1; i < end; ++i) {
    const Node& nd = doc.nodes[i];
    control[i] = control[nd.parent] ||
                 (nd.kind == NodeKind::Element && (nd.tag == Tag::Select || nd.tag == Tag::Textarea));
  }
  // Inside a link-like element (or one itself): all of its text is link text,
  // for every element of the subtree (the authors' UpdateLinkChar).
  std::vector<uint8_t> in_link(n, 0);
  for (uint32_t i = body; i < end; ++i)
    in_link[i] = (doc.nodes[i].kind == NodeKind::Element && is_link_like(doc.nodes[i].tag)) ||
                 (i != body && in_link[doc.nodes[i].parent]);

  // Subtree counts, bottom-up (children follow their parents in the arena).
  // One array of four per node (one allocation, the four read together).
  struct Counts4 { double c = 0, t = 0, lc = 0, lt = 0; };
  std::vector<Counts4> cnt(n);
  for (uint32_t i = end; i-- > body;) {
    if (skip[i]) continue;
    const Node& nd = doc.nodes[i];
    if (nd.kind == NodeKind::Text) {
      cnt[i].c = control[i] ? 0 : counts.chars[i] + counts.words[i];
    } else {
      if (in_link[i]) cnt[i].lc = cnt[i].c;
      if (is_link_like(nd.tag)) cnt[i].lt = cnt[i].t;
    }
    if (i == body) break;
    const uint32_t p = nd.parent;
    cnt[p].c += cnt[i].c;
    if (nd.kind == NodeKind::Element) {
      cnt[p].t += cnt[i].t + 1;
      cnt[p].lc += cnt[i].lc;
      bool all_link = cnt[i].lt == cnt[i].t && cnt[i].c == cnt[i].lc && cnt[i].lt != 0;
      cnt[p].lt += cnt[i].lt + ((is_link_like(nd.tag) || all_link) ? 1 : 0);
    }
  }
  if (cnt[body].c == 0) return labels;
  const double ratio = cnt[body].lc / cnt[body].c;
  const double e = std::exp(1.0);

  std::vector<double> ctd(n, 0.0);
  for (uint32_t i = body; i < end; ++i) {
    if (!is_elem(i) || cnt[i].c == 0) continue;
    const Counts4& k = cnt[i];
    double c = k.c, t = k.t > 0 ? k.t : 1, lc = k.lc > 0 ? k.lc : 1, lt = k.lt > 0 ? k.lt : 1;
    double nlc = k.c - k.lc > 0 ? k.c - k.lc : 1;
    ctd[i] = (c / t) * std::log(c * t / (lc * lt)) / std::log(std::log(c * lc / nlc + ratio * c + e));
  }
  // CTD of a run of L characters of bare text (T = LC = LT = 0).
  auto text_ctd = [&](double len) { return len * std::log(len) / std::log(std::log(1.0 + ratio * len + e)); };

  // DensitySum, and the largest DensitySum in each subtree with the first
  // element (document order) reaching it.
  std::vector<double> dsum(n, 0.0), sub_max(n, 0.0);
  std::vector<uint32_t> sub_arg(n, kNone);
  for (uint32_t i = end; i-- > body;) {
    if (!is_elem(i)) continue;
    bool has_elem_child = false;
    double sum = 0.0, run = 0.0;
    for (uint32_t c = doc.nodes[i].first_child; c != kNone; c = doc.nodes[c].next_sibling) {
      if (skip[c]) continue;
      if (doc.nodes[c].kind == NodeKind::Text) { run += cnt[c].c; continue; }
      has_elem_child = true;
      sum += ctd[c];
      if (run > 0) sum += text_ctd(run);
      run = 0;
    }
    if (run > 0) sum += text_ctd(run);
    dsum[i] = has_elem_child ? sum : ctd[i];
    sub_max[i] = dsum[i];
    sub_arg[i] = i;
    for (uint32_t c = doc.nodes[i].first_child; c != kNone; c = doc.nodes[c].next_sibling)
      if (is_elem(c) && sub_max[c] > sub_max[i]) { sub_max[i] = sub_max[c]; sub_arg[i] = sub_arg[c]; }
  }

  // Marks: 0 removed, 1 content subtree, 2 ancestor of content (kept, its
  // other element children are judged on their own).
  std::vector<uint8_t> mark(n, 0);
  auto mark_content = [&](uint32_t target) {
    for (uint32_t j = target, stop = doc.subtree_end(target); j < stop;) {
      if (mark[j] == 1) { j = doc.subtree_end(j); continue; }  // already whole
      mark[j] = 1;
      ++j;
    }
    // Ancestors up to <body>; an ancestor already marked 2 has all of its own
    // ancestors marked 2, so the walk stops there (linear overall).
    for (uint32_t p = doc.nodes[target].parent; target != body && p != kNone && mark[p] != 2; p = doc.nodes[p].parent) {
      mark[p] = 2;
      if (p == body) break;
    }
  };

  const uint32_t top = sub_arg[body];
  double threshold = ctd[top];
  for (uint32_t p = top; p != body;) {
    p = doc.nodes[p].parent;
    threshold = std::min(threshold, ctd[p]);
  }
  mark_content(top);

  // The authors' recursive MarkContent as a pre-order loop: an element is
  // visited when its parent was descended into.
  std::vector<uint8_t> visit(n, 0);
  visit[body] = 1;
  for (uint32_t i = body; i < end; ++i) {
    if (!visit[i] || !is_elem(i)) continue;
    if (mark[i] == 1 || ctd[i] < threshold) continue;
    if (mark[sub_arg[i]] != 1) mark_content(sub_arg[i]);
    for (uint32_t c = doc.nodes[i].first_child; c != kNone; c = doc.nodes[c].next_sibling) visit[c] = 1;
  }

  for (uint32_t t = 0; t < doc.text_nodes.size(); ++t) {
    uint32_t node = doc.text_nodes[t];
    if (node <= body || node >= end || skip[node] || control[node]) continue;
    if (mark[doc.nodes[node].parent] != 0) labels[t] = 1.0f;
  }
  return labels;
}

}  // namespace

std::unique_ptr<Extractor> make_cetd() {
  return make_extractor(
      {"cetd", Family::Heuristic, "Sun, Song, Liao 2011: DOM based content extraction via text density (SIGIR)",
       "CETD: composite text density per element, DensitySum picks the content subtree, the threshold "
       "from the path to <body> marks further content."},
      cetd);
}

}  // namespace wce
