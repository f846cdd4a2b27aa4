// Trafilatura, stage 3: the main extractor (main_extractor.py _extract,
// prune_unwanted_sections, handle_textelem and its handlers).
#include "extractors/trafilatura/trafilatura.hpp"

namespace wce::trafilatura {

// ---- Stage 3: the main extractor -------------------------------------------


void Trafilatura::prune_with_backup(Tree& t, uint32_t root) const {
  const Document& doc = doc_;
  std::vector<uint32_t>& order = scratch_.order;
  t.preorder(root, order);
  std::vector<uint8_t>&matched = sized(scratch_.matched), &under = sized(scratch_.under);
  std::vector<uint32_t> outer;
  for (size_t k = 1; k < order.size(); ++k) {
    uint32_t e = order[k];
    uint32_t p = t.v[e].parent;
    under[e] = p != root && (under[p] || matched[p]);
    bool m = (((kDiscardKinds >> t.kind[e]) & 1u) && any_pred<kOverallDiscard1>(doc, e)) ||
             (doc.nodes[e].flags & kHidden) || any_pred<kOverallDiscard2>(doc, e);
    matched[e] = m;
    if (m && !under[e]) outer.push_back(e);
  }
  if (outer.empty()) return;
  std::vector<uint64_t>& lens = sized(scratch_.raw_lens);
  t.measure_raw(order, lens);
  uint64_t old_len = lens[root], removed = 0;
  for (uint32_t e : outer) removed += lens[e];
  if (static_cast<double>(old_len) - static_cast<double>(removed) > old_len * kBackupShare)
    for (uint32_t e : outer) t.drop(e, true);
}

void Trafilatura::link_density_pass(Tree& t, uint32_t root, Kind tag, bool backtracking) const {
  std::vector<uint32_t>& order = scratch_.order;
  t.preorder(root, order);
  std::vector<Len>& lens = sized(scratch_.lens);
  t.measure(order, lens);
  // Per element, over its descendant refs: count, summed text length and
  // count of those with text, short ones, and those not alone in a <p>.
  std::vector<uint32_t>&refs = sized(scratch_.refs), &linknum = sized(scratch_.linknum),
                       &shorts = sized(scratch_.shorts), &nonlisting = sized(scratch_.nonlisting);
  std::vector<uint64_t>& linklen = sized(scratch_.linklen);
  for (size_t k = order.size(); k-- > 0;) {
    uint32_t e = order[k];
    refs[e] = linknum[e] = shorts[e] = 0;
    linklen[e] = 0;
    for (uint32_t c = t.v[e].first; c != kNone; c = t.v[c].next) {
      refs[e] += refs[c];
      linknum[e] += linknum[c];
      shorts[e] += shorts[c];
      linklen[e] += linklen[c];
      if (t.kind[c] == kRef) {
        ++refs[e];
        uint64_t l = lens[c].value();
        if (l > 0) {
          ++linknum[e];
          linklen[e] += l;
          if (l < kShortLink) ++shorts[e];
        }
      }
    }
  }
  for (size_t k = order.size(); k-- > 0;) {
    uint32_t e = order[k];
    nonlisting[e] = 0;
    for (uint32_t c = t.v[e].first; c != kNone; c = t.v[c].next) {
      nonlisting[e] += nonlisting[c];
      if (t.kind[c] == kRef && !(t.kind[e] == kP && refs[e] == 1)) ++nonlisting[e];
    }
  }
  std::vector<uint32_t> deletions;
  for (uint32_t e : order) {
    if (e == root || t.kind[e] != tag || refs[e] == 0) continue;
    uint64_t text = lens[e].value();
    bool result = false, short_with_links = false;
    if (refs[e] == 1 && linklen[e] > kSingleLinkLength && linklen[e] > text * 0.9) {
      result = true;
    } else {
      uint64_t limit = tag == kP ? (t.v[e].next == kNone ? 60 : 30) : (t.v[e].next == kNone ? 300 : 100);
      if (text < limit) {
        if (linknum[e] == 0) {
          result = true;
        } else {
          result = linklen[e] > text * 0.8 || (linknum[e] > 1 && shorts[e] > 0.8 * linknum[e]);
          short_with_links = true;
        }
      } else if (refs[e] > 4) {
        result = linklen[e] > text * kLinkFarmRatio && linklen[e] < 100ull * linknum[e] && nonlisting[e] > 0;
      }
    }
    if (result || (backtracking && short_with_links && t.child_count(e) >= kLinkDensityDepth &&
                   text < kLinkDensityLenThreshold)) {
      uint32_t p = t.v[e].parent;
      if (tag == kP && p != kNone && (t.kind[p] == kItem || t.kind[p] == kCell)) continue;
      deletions.push_back(e);
    }
  }
  for (uint32_t e : deletions) t.drop(e, true);
}

void Trafilatura::link_density_tables(Tree& t, uint32_t root) const {
  std::vector<uint32_t>& order = scratch_.order;
  t.preorder(root, order);
  std::vector<Len>& lens = sized(scratch_.lens);
  t.measure(order, lens);
  std::vector<uint32_t>& refs = sized(scratch_.refs);
  std::vector<uint64_t>& linklen = sized(scratch_.linklen);
  for (size_t k = order.size(); k-- > 0;) {
    uint32_t e = order[k];
    refs[e] = 0;
    linklen[e] = 0;
    for (uint32_t c = t.v[e].first; c != kNone; c = t.v[c].next) {
      refs[e] += refs[c];
      linklen[e] += linklen[c];
      if (t.kind[c] == kRef) {
        ++refs[e];
        linklen[e] += lens[c].value();
      }
    }
  }
  std::vector<uint32_t> boiler;
  for (uint32_t e : order) {
    if (t.kind[e] != kTable || refs[e] == 0) continue;
    uint64_t len = lens[e].value();
    if (len < kTableMinLength) continue;
    if (len < kTableLongLength ? linklen[e] > 0.8 * len : linklen[e] > 0.5 * len) boiler.push_back(e);
  }
  for (uint32_t e : boiler) t.drop(e, false);
}

void Trafilatura::prune_unwanted_sections(Tree& t, uint32_t root, Focus focus) const {
  const Document& doc = doc_;
  prune_with_backup(t, root);
  auto discard_kind = [&](uint32_t e) { return (kDiscardKinds >> t.kind[e]) & 1u; };
  prune_nodes(t, root, [&](uint32_t e) { return discard_kind(e) && any_pred<kDiscardImage>(doc, e); });
  if (focus != Focus::Recall)
    prune_nodes(t, root, [&](uint32_t e) { return discard_kind(e) && any_pred<kTeaserDiscard>(doc, e); });
  for (int pass = 0; pass < 2; ++pass) {
    link_density_pass(t, root, kDiv, true);
    link_density_pass(t, root, kList, false);
    link_density_pass(t, root, kP, false);
  }
  link_density_tables(t, root);
  for (uint32_t e : t.descendants(root))
    if (t.kind[e] == kSpan || t.kind[e] == kRef) t.strip(e);
}

// Claims the subtree of e (its text, its descendants' text and tails, the
// tail of e when asked), skipping parts already done, and marks it done.
void Trafilatura::claim(Tree& t, uint32_t e, bool with_tail, bool raw, Block& out) const {
  add_pieces(t, t.text[e], out, raw);
  uint32_t n = t.v[e].first;
  while (n != kNone) {
    bool descend = !t.done[n];
    if (descend) {
      add_pieces(t, t.text[n], out, raw);
      add_pieces(t, t.tail[n], out, raw);
      if (t.kind[n] == kP) {
        ++out.n_p;
        out.p_text = out.p_text || t.has_chars(t.text[n]);
      }
      if (t.kind[n] == kTable) ++out.n_table;
      t.done[n] = 1;
    }
    if (descend && t.v[n].first != kNone) { n = t.v[n].first; continue; }
    while (n != e && t.v[n].next == kNone) n = t.v[n].parent;
    if (n == e) break;
    n = t.v[n].next;
  }
  if (with_tail) add_pieces(t, t.tail[e], out, raw);
  t.done[e] = 1;
}

// process_node: text (or the tail when there is no text) and tail, unless
// filtered.
// An element with only white space is still returned (and counts as an
// element of the result), as in the original.
bool Trafilatura::process_node(Tree& t, uint32_t e, Block& out) const {
  if (t.text[e].empty() && t.tail[e].empty()) return false;
  bool text_chars = t.has_chars(t.text[e]), tail_chars = t.has_chars(t.tail[e]);
  if ((text_chars || tail_chars) && t.filtered(text_chars ? t.text[e] : t.tail[e])) return false;
  add_pieces(t, t.text[e], out);
  add_pieces(t, t.tail[e], out);
  return true;
}

bool Trafilatura::handle_list(Tree& t, uint32_t e, Block& out) const {
  out.kind = kList;
  add_pieces(t, t.text[e], out);
  // Items (descendants), each with its content and tail; other elements stay
  // for the main loop. Done parts are skipped, and so are lists nested
  // outside items: their own call takes their items later (the same text;
  // walking them here too would make nested lists quadratic).
  uint32_t n = t.v[e].first;
  while (n != kNone) {
    bool descend = !t.done[n] && t.kind[n] != kList;
    if (t.kind[n] == kItem && !t.done[n]) {
      claim(t, n, true, false, out);
      descend = false;
    }
    if (descend && t.v[n].first != kNone) { n = t.v[n].first; continue; }
    while (n != e && t.v[n].next == kNone) n = t.v[n].parent;
    if (n == e) break;
    n = t.v[n].next;
  }
  t.done[e] = 1;
  for (uint32_t x : out.pieces)
    if (clen_[x]) return true;
  return false;
}

bool Trafilatura::handle_table(Tree& t, uint32_t e, Focus focus, Block& out) const {
  out.kind = kTable;
  out.n_table = 1;
  // Rows and cells of this table (not of nested tables); captions.
  std::vector<uint32_t> cells;
  for (uint32_t c = t.v[e].first; c != kNone; c = t.v[c].next) {
    Kind k = static_cast<Kind>(t.kind[c]);
    if (k == kTr) {
      for (uint32_t d = t.v[c].first; d != kNone; d = t.v[d].next)
        if (t.kind[d] == kCell) cells.push_back(d);
      t.done[c] = 1;
    } else if (k == kCell) {
      cells.push_back(c);
    } else if (k == kCaption) {
      claim(t, c, false, true, out);
    } else if (k != kTable) {
      t.done[c] = 1;  // other children are dropped (marked done)
    }
  }
  // A row counts when a cell has text (a childless cell: non-blank text) or
  // processed children; the table is returned when a row counts, even if
  // all of it is white space (the original's test).
  bool present = false;
  for (uint32_t cell : cells) {
    if (t.v[cell].first == kNone) {
      size_t before = out.pieces.size();
      process_node(t, cell, out);
      for (size_t k = before; k < out.pieces.size(); ++k) present = present || clen_[out.pieces[k]] > 0;
      t.done[cell] = 1;
      continue;
    }
    present = present || !t.text[cell].empty();
    add_pieces(t, t.text[cell], out, true);
    add_pieces(t, t.tail[cell], out, true);
    t.done[cell] = 1;
    // The cell's descendants, in order, nested tables left out (the main loop
    // takes them later); lists are dropped (kept in recall), their tails kept.
    uint32_t n = t.v[cell].first;
    while (n != kNone) {
      bool descend = !t.done[n];
      if (descend) {
        Kind k = static_cast<Kind>(t.kind[n]);
        if (k == kTable) {
          add_pieces(t, t.tail[n], out, true);
          descend = false;
        } else if (k == kCell || k == kDel) {
          add_pieces(t, t.text[n], out, true);
          add_pieces(t, t.tail[n], out, true);
          t.done[n] = 1;
        } else if (k == kList) {
          if (focus == Focus::Recall) {
            Block inner;
            handle_list(t, n, inner);
            append_block(out, inner);
          } else {
            Block sink;
            handle_list(t, n, sink);
          }
          add_pieces(t, t.tail[n], out, true);
          descend = false;
        } else {
          Block inner;
          if (handle_textelem(t, n, true, focus, false, inner)) {
            present = true;
            // define_newelem(keep_children): a <div>'s line breaks and inline
            // children are carried into its copy (not separate paragraphs).
            if (k == kDiv)
              for (uint32_t c = t.v[n].first; c != kNone; c = t.v[c].next) {
                if (t.done[c]) continue;
                if (t.kind[c] == kLb) {
                  add_pieces(t, t.tail[c], inner, true);
                  t.done[c] = 1;
                } else if (t.kind[c] == kDel) {
                  claim(t, c, true, true, inner);
                }
              }
            append_block(out, inner);
            out.n_p += inner.n_p + (inner.kind == kP ? 1 : 0);
            out.p_text = out.p_text || inner.p_text || inner.kind == kP;
          }
          t.done[n] = 1;
          descend = true;  // its descendants come next (those not claimed are still open)
        }
      }
      if (descend && t.v[n].first != kNone) { n = t.v[n].first; continue; }
      while (n != cell && t.v[n].next == kNone) n = t.v[n].parent;
      if (n == cell) break;
      n = t.v[n].next;
    }
  }
  t.done[e] = 1;
  for (uint32_t x : out.pieces)
    present = present || clen_[x] > 0;
  return present;
}

// handle_textelem. `top`: called from the main loop, where an element
// returned as is (a <div> with text) is moved into the result with its whole
// subtree; inside table cells only its own text and tail are copied.
bool Trafilatura::handle_textelem(Tree& t, uint32_t e, bool div_potential, Focus focus, bool top,
                                  Block& out) const {
  Kind k = static_cast<Kind>(t.kind[e]);
  switch (k) {
    case kList: return handle_list(t, e, out);
    case kQuote: case kCode:
      out.kind = k;
      claim(t, e, false, k == kCode, out);
      for (uint32_t x : out.pieces)
        if (clen_[x]) return true;
      return false;
    case kHead:
      out.kind = kHead;
      if (t.v[e].first == kNone) {
        t.done[e] = 1;
        out.moved = true;
        return process_node(t, e, out);
      }
      claim(t, e, true, true, out);
      for (uint32_t x : out.pieces)
        if (clen_[x]) return true;
      return false;
    case kP:
      out.kind = kP;
      if (t.v[e].first == kNone) {
        t.done[e] = 1;
        out.moved = true;
        bool ok = process_node(t, e, out);
        out.p_text = ok && t.has_chars(t.text[e]);
        return ok;
      }
      claim(t, e, false, true, out);
      for (uint32_t x : out.pieces)
        if (clen_[x]) { out.p_text = true; return true; }
      return true;  // a new <p> with (empty) children
    case kLb:
      t.done[e] = 1;
      if (!t.has_chars(t.tail[e]) || t.filtered(t.tail[e])) return false;
      out.kind = kP;
      add_pieces(t, t.tail[e], out);
      out.p_text = true;
      return true;
    case kDel: {
      out.kind = kP;
      if (!top) return process_node(t, e, out);
      Block probe;
      if (!process_node(t, e, probe)) return false;
      claim(t, e, true, true, out);  // moved into the result with its children
      out.moved = true;
      out.p_text = true;
      return true;
    }
    case kTable: return handle_table(t, e, focus, out);
    case kDiv: {
      if (any_pred<kCodeDiv>(doc_, e)) {
        out.kind = kCode;
        claim(t, e, true, true, out);
        return true;
      }
      if (!div_potential) return false;
      bool text_chars = t.has_chars(t.text[e]);
      if (!text_chars && !(t.v[e].first == kNone && t.has_chars(t.tail[e]))) return false;
      out.kind = kP;
      out.p_text = true;
      if (top) {
        claim(t, e, true, true, out);
        out.moved = true;
      } else {
        add_pieces(t, t.text[e], out, true);
        add_pieces(t, t.tail[e], out, true);
      }
      return true;
    }
    default:
      return false;
  }
}

uint64_t Trafilatura::ptest_length(const Tree& t) const {
  // '//p//text()' over the whole (pruned) tree.
  std::vector<uint32_t> order = t.descendants(0);
  std::vector<uint8_t> in_p(doc_.size(), 0);
  uint64_t sum = 0;
  for (uint32_t e : order) {
    uint32_t p = t.v[e].parent;
    in_p[e] = t.kind[e] == kP || (p != 0 && in_p[p]);
    if (in_p[e]) t.for_pieces(t.text[e], [&](uint32_t x) { sum += rlen_[x]; });
    if (p != 0 && in_p[p]) t.for_pieces(t.tail[e], [&](uint32_t x) { sum += rlen_[x]; });
  }
  return sum;
}

Trafilatura::Extracted Trafilatura::to_extracted(const Result& r) const {
  Extracted x;
  x.pieces = r.pieces();
  // len(" ".join(result_body.itertext())): untrimmed pieces count with their
  // white space, trimmed ones only when not empty.
  uint64_t sum = 0, n = 0;
  for (const Block& b : r.blocks)
    for (size_t i = 0; i < b.pieces.size(); ++i) {
      uint32_t l = (i < b.raw.size() && b.raw[i]) ? rlen_[b.pieces[i]] : clen_[b.pieces[i]];
      if (l) { sum += l; ++n; }
    }
  x.len = n ? sum + n - 1 : 0;
  for (const Block& b : r.blocks) {
    x.n_p += b.n_p + (b.kind == kP ? 1 : 0);
    x.n_table += b.n_table;
    x.p_text = x.p_text || b.p_text;
    x.has_head = x.has_head || b.kind == kHead;
  }
  return x;
}

Trafilatura::Extracted Trafilatura::extract_content(Tree& t, Focus focus) const {
  const Document& doc = doc_;
  Tree backup = t;
  Result result;
  bool div_potential = false;
  auto container = [&](uint32_t e) { return (kContainerKinds >> t.kind[e]) & 1u; };
  for (int expr = 0; expr < 5; ++expr) {
    uint32_t sub = kNone;
    for (uint32_t e : t.descendants(0)) {
      if (t.done[e]) continue;
      bool m = false;
      switch (expr) {
        case 0: m = container(e) && any_pred<kBody1>(doc, e); break;
        case 1: m = t.kind[e] == kArticle; break;
        case 2: m = container(e) && any_pred<kBody3>(doc, e); break;
        case 3: m = container(e) && any_pred<kBody4>(doc, e); break;
        default:
          m = t.kind[e] == kMain ||
              (((bit(kArticle) | bit(kDiv) | bit(kSection)) >> t.kind[e] & 1u) && any_pred<kBody5>(doc, e));
          break;
      }
      if (m) { sub = e; break; }
    }
    if (sub == kNone) continue;
    prune_unwanted_sections(t, sub, focus);
    if (t.v[sub].first == kNone) continue;
    uint64_t ptest = ptest_length(t);
    if (ptest == 0 || ptest < kMinExtractedSize * kPTestFactor) div_potential = true;
    std::vector<uint32_t> subelems = t.descendants(sub);
    bool only_lb = true, inline_only = true;
    for (uint32_t e : subelems) {
      Kind k = static_cast<Kind>(t.kind[e]);
      only_lb = only_lb && k == kLb;
      inline_only = inline_only && (k == kLb || k == kDel || k == kCode || k == kRef);
    }
    if (only_lb || (t.kind[sub] == kDiv && div_potential && inline_only)) subelems.assign(1, sub);
    // The container's own leading text, kept when this container wins.
    Block lead;
    bool has_lead = false;
    if (!(subelems.size() == 1 && subelems[0] == sub) && t.has_chars(t.text[sub])) {
      if (!t.filtered(t.text[sub])) {
        add_pieces(t, t.text[sub], lead);
        lead.p_text = true;
        has_lead = true;
      }
    }
    size_t start = result.blocks.size();
    for (uint32_t e : subelems) {
      if (t.done[e]) continue;
      Kind k = static_cast<Kind>(t.kind[e]);
      Block b;
      if (handle_textelem(t, e, div_potential, focus, true, b)) {
        // lxml's append moves an element returned as is (with its tail) out
        // of the tree: later containers and measures no longer see it.
        if (b.moved) t.drop(e, false);
        result.blocks.push_back(std::move(b));
        t.done[e] = 1;
      }
      // REBUILT_BLOCKS: the tail of a quote, code, list or table becomes a paragraph.
      if ((k == kQuote || k == kCode || k == kList || k == kTable) && t.has_chars(t.tail[e])) {
        Block tb;
        if (!t.filtered(t.tail[e])) {
          add_pieces(t, t.tail[e], tb);
          tb.p_text = true;
          result.blocks.push_back(std::move(tb));
        }
      }
    }
    while (!result.blocks.empty() && result.blocks.back().kind == kHead) result.blocks.pop_back();
    if (result.blocks.size() > 1) {
      if (has_lead) result.blocks.insert(result.blocks.begin() + static_cast<long>(start), std::move(lead));
      break;
    }
  }
  Extracted x = to_extracted(result);
  if (!result.blocks.empty() && x.len >= kMinExtractedSize) {
    drop_adjacent_duplicates(t, result, x);
    return x;
  }

  // recover_wild_text on the backup, skipping what the first pass consumed.
  prune_unwanted_sections(backup, 0, focus);
  const bool recall = focus == Focus::Recall;
  std::unordered_set<std::string> existing;
  for (const Block& b : result.blocks) {
    std::string s;
    for (uint32_t p : b.pieces) {
      if (!s.empty()) s += ' ';
      s += backup.str(Pieces{p, p});
    }
    existing.insert(s);
  }
  std::vector<uint8_t> handled(doc.size(), 0);
  for (uint32_t e : backup.descendants(0)) {
    uint32_t p = backup.v[e].parent;
    if (p != 0 && handled[p]) { handled[e] = 1; continue; }
    if (t.done[e] || backup.done[e]) continue;
    Kind k = static_cast<Kind>(backup.kind[e]);
    bool search = k == kCode || k == kP || k == kQuote || k == kTable ||
                  (k == kDiv && any_pred<kCodeDiv>(doc, e)) ||
                  (recall && (k == kDiv || k == kLb || k == kList));
    if (!search) continue;
    Block b;
    bool ok = handle_textelem(backup, e, div_potential || recall, focus, true, b);
    if (!ok) continue;
    if (b.moved) {
      handled[e] = 1;
      backup.drop(e, false);
    }
    std::string s;
    for (uint32_t q : b.pieces) {
      if (!s.empty()) s += ' ';
      s += backup.str(Pieces{q, q});
    }
    if (!s.empty() && existing.count(s)) continue;
    existing.insert(s);
    result.blocks.push_back(std::move(b));
  }
  x = to_extracted(result);
  drop_adjacent_duplicates(backup, result, x);
  return x;
}

// extract_content: a block repeating the previous one (same text, longer than
// MIN_DUPLICATE_LENGTH) is dropped from the output; the length measured
// before stays (as in the original).
// Two texts can only be the same with as many non-space code points, so a
// block's text is built only when its count equals the previous block's (or
// when a piece is not UTF-8, where counts per piece need not add up).
void Trafilatura::drop_adjacent_duplicates(const Tree& t, const Result& r, Extracted& x) const {
  auto text_of = [&](const Block& b) {
    std::string raw;
    for (uint32_t p : b.pieces) raw.append(doc_.text(doc_.text_nodes[p]));
    return t.str_of(raw);
  };
  std::string previous;        // the text of the previous block, when built
  bool previous_built = false;
  uint64_t previous_count = 0;
  bool previous_utf8 = true;
  std::vector<uint32_t> kept;
  for (size_t k = 0; k < r.blocks.size(); ++k) {
    const Block& b = r.blocks[k];
    uint64_t count = 0;
    bool utf8 = true;
    for (uint32_t p : b.pieces) {
      count += stats_.nonspace[p];
      utf8 = utf8 && !stats_.invalid[p];
    }
    bool duplicate = false;
    if (k > 0 && (count == previous_count || !utf8 || !previous_utf8)) {
      if (!previous_built) previous = text_of(r.blocks[k - 1]);
      std::string cur = text_of(b);
      duplicate = !cur.empty() && cur == previous && cur.size() > kMinDuplicateLength;
      previous = std::move(cur);  // a duplicate's text is the previous one's
      previous_built = true;
    } else {
      previous_built = false;
    }
    previous_count = count;
    previous_utf8 = utf8;
    if (!duplicate) kept.insert(kept.end(), b.pieces.begin(), b.pieces.end());
  }
  x.pieces = std::move(kept);
}

}  // namespace wce::trafilatura
