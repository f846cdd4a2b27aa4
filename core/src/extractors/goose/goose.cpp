// Goose (Gravity Labs; the Python ports goose3 and newspaper3k): the top-node
// scorer. Ported from reading goose3 3.1.22 (PyPI; goose3/cleaners.py,
// extractors/content.py, outputformatters.py, parsers.py, text.py, crawler.py).
//
// 1. Known article containers (configuration.py KNOWN_ARTICLE_CONTENT_PATTERNS):
//    elements whose class contains short-story, post-content, g-content or
//    post-outer, whose itemprop contains articleBody (case-insensitive
//    searches), and <article>. When there are any, only they are searched
//    (each cleaned on its own, detached: no ancestor above them scores);
//    when none of them yields a top node, the whole document, uncleaned.
//    goose3 cleans and scores a separate copy of every match, so a match
//    inside another one is scored twice; here only the outermost matches
//    are used, in document order, with one score table.
// 2. DocumentCleaner (cleaners.py), modelled on a virtual tree (VTree):
//    script and style removed; elements whose id or class matches the
//    "naughty" patterns removed (kRemoveNodes..., the body's class and
//    <article>'s id/class are deleted first, so they never match; the name
//    attribute, also tested by goose3, is not in our Document); em and
//    small without an image, span.dropcap / span.drop_cap and spans inside a
//    <p> unwrapped; then div_to_para for <div> and then <span>: an element
//    without any a, blockquote, dl, div, img, ol, p, pre, table or ul below it
//    becomes a <p>; otherwise its own text pieces longer than one character,
//    each with the <a> elements directly next to it, are gathered (until the
//    next <p> child) into a new element. In the lxml goose3 runs on, that
//    new element is a <span>; the span pass makes it a <p> when it holds no
//    link, otherwise it stays a span. Consumed links leave an empty <a>
//    behind in each pass (they count for link density as goose3 counts them).
// 3. calculate_best_node (content.py): candidates are all p, then all pre,
//    then all td; those with more than 2 stop words and not of high link
//    density score. Boost 50/n for the n-th boostable candidate (one of its
//    3 previous <p> siblings has more than 5 stop words); with more than 15
//    candidates the last quarter gets -(distance into the quarter)^2, or +5
//    when that exceeds 40. upscore = int(stop words + boost) is added to
//    every ancestor with weight 1.5 / (level + 0.5) (parent 1, grandparent
//    0.6, ...; newspaper3k instead gives the parent 1 and the grandparent
//    1/2), each addition truncated to an integer. The top node is the
//    ancestor with the highest positive score, first touched wins ties;
//    with none positive, the parent of the first candidate.
// 4. post_cleanup: previous siblings of the top node are added (a <p> with
//    text whole; otherwise their <p> descendants with more stop words than
//    0.3 times the average of the top node's scoring paragraphs, as text);
//    then children of the top node other than p, ul, ol, h1-h6 are removed
//    when of high link density, when no <p> of at least 25 characters is
//    left below them (shorter ones are removed as a side effect; not for
//    td), or when their score is below 0.08 of the top node's.
// 5. OutputFormatter (its removal of negatively scored elements never
//    matches, see finish()): a, b, strong, i, br, sup are unwrapped (br
//    becomes the two characters "\n"); every element with fewer than 3 stop words (and no
//    object/embed inside), or whose text is in parentheses, is removed,
//    innermost first; the output is the text of the top node's element
//    children (text directly in the top node is not output).
//
// Link density (is_highlink_density): with L links below an element, its
// words W (split at spaces) and the words of the links' texts joined
// without a separator LW: LW / W * L >= 1. Stop words (text.py
// get_stopword_count): ASCII punctuation deleted, split at whitespace,
// lower-cased, looked up in the page's stop-word list (Context::language(),
// features/stopwords.hpp; English, goose3's default target language, when
// no language is detected). goose3 reads the language from <html lang>
// and segments Chinese, Japanese, Korean and Arabic with extra libraries;
// neither is done here. Hidden elements count like any other, as in goose3.
// Where goose3 outputs a text twice (a tail both in place and gathered by
// div_to_para), labels can only keep it once.
//
// Files: goose.hpp (constants, patterns, the virtual tree, statistics),
// cleaning.cpp (DocumentCleaner), scoring.cpp (calculate_best_node), this
// file (post_cleanup, output and the crawl).
#include "extractors/goose/goose.hpp"
#include "extractors/registry_list.hpp"

namespace wce {
namespace goose {

const Rules& rules() {
  static const Rules r;
  return r;
}

bool is_parse_tag(Tag t) {  // post_cleanup parse_tags (parse_lists, parse_headers on)
  switch (t) {
    case Tag::P: case Tag::Ul: case Tag::Ol: case Tag::H1: case Tag::H2: case Tag::H3: case Tag::H4:
    case Tag::H5: case Tag::H6:
      return true;
    default:
      return false;
  }
}

// ---------------------------------------------------------------------------
// post_cleanup and OutputFormatter; labels the output text nodes.
void finish(const Document& doc, VTree& t, const Stats& s, const Scoring& sc,
            const stopwords::StopList& stop, Labels& labels) {
  const uint32_t top = sc.top;
  std::vector<uint8_t> dead(t.v.size(), 0);
  auto p_descendants = [&](uint32_t x) {  // get_elements_by_tag(x, "p"), x excluded
    std::vector<uint32_t> r;
    for (uint32_t d : t.preorder({x}))
      if (d != x && !t.v[d].is_text && t.v[d].tag == Tag::P) r.push_back(d);
    return r;
  };

  // add_siblings.
  if (!is_articlebody(doc, t, top)) {
    int64_t base = kSiblingBaseNone, sum = 0, num = 0;
    for (uint32_t p : p_descendants(top))
      if (s.stop[p] > kMinCandidateStopwords && !high_link_density(s, p)) {
        ++num;
        sum += s.stop[p];
      }
    if (num > 0) base = sum / num;
    const double threshold = static_cast<double>(base) * kSiblingBaselineShare;
    std::vector<uint32_t> add;  // nearest sibling first
    for (uint32_t sib = t.v[top].prev; sib != kNone; sib = t.v[sib].prev) {
      if (t.v[sib].is_text) continue;
      if (t.v[sib].tag == Tag::P && s.chars[sib] > 0) {
        add.push_back(sib);
        continue;
      }
      for (uint32_t p : p_descendants(sib))
        if (s.chars[p] > 0 && threshold < s.stop[p] && !high_link_density(s, p)) {
          uint32_t c = t.add(kNone, false, Tag::P, kNone);
          t.v[c].copy_of = p;
          add.push_back(c);
        }
    }
    dead.resize(t.v.size(), 0);
    for (uint32_t c : add) t.prepend(top, c);
  }
  auto stat = [&](std::vector<uint32_t> Stats::*field, uint32_t x) {
    uint32_t src = t.v[x].copy_of != kNone ? t.v[x].copy_of : x;
    return src < (s.*field).size() ? (s.*field)[src] : 0u;
  };
  auto score = [&](uint32_t x) { return x < sc.score.size() ? sc.score[x] : 0; };

  // The children check of post_cleanup.
  for (uint32_t c = t.v[top].first; c != kNone; c = t.v[c].next) {
    if (t.v[c].is_text || is_parse_tag(t.v[c].tag)) continue;
    uint32_t src = t.v[c].copy_of != kNone ? t.v[c].copy_of : c;
    if (high_link_density(s, src)) { dead[c] = 1; continue; }
    // is_table_and_no_para_exist: short paragraphs go, as a side effect.
    bool para_left = false;
    for (uint32_t p : p_descendants(c)) {
      if (text_length(s, p) < kMinParaChars) dead[p] = 1;
      else para_left = true;
    }
    if (!para_left && t.v[c].tag != Tag::Td) { dead[c] = 1; continue; }
    if (static_cast<double>(score(c)) < static_cast<double>(score(top)) * kNodeScoreThreshold &&
        t.v[c].tag != Tag::Td)
      dead[c] = 1;
  }

  // (remove_negativescores_nodes would remove scored elements below 1, but
  // its selector "*[gravityScore]" goes through lxml's HTML CSS translator,
  // which lower-cases attribute names, and never matches: a no-op.)

  // The flattened view after links_to_text, add_newline_to_br and
  // replace_with_text: a, b, strong, i, br, sup unwrapped, a <br> is the
  // text "\n" (a backslash and an n). seq[h]: the items of element h in
  // order (text vnodes, <br> as text, and the elements left).
  auto stripped = [&](uint32_t x) {
    Tag g = t.v[x].tag;
    return g == Tag::A || g == Tag::B || g == Tag::Strong || g == Tag::I || g == Tag::Br || g == Tag::Sup;
  };
  std::vector<uint32_t> elems;                 // surviving elements below top, pre-order
  std::vector<std::pair<uint32_t, uint32_t>> items;  // (holder, item) in pre-order
  {
    std::vector<std::pair<uint32_t, uint32_t>> stack;  // (vnode, holder)
    for (uint32_t c = t.v[top].last; c != kNone; c = t.v[c].prev) stack.push_back({c, top});
    while (!stack.empty()) {
      auto [x, h] = stack.back();
      stack.pop_back();
      if (dead[x]) continue;
      uint32_t child_holder = h;
      if (t.v[x].is_text || (stripped(x) && t.v[x].tag == Tag::Br)) {
        items.push_back({h, x});
        continue;
      }
      if (!stripped(x)) {
        items.push_back({h, x});
        elems.push_back(x);
        child_holder = x;
      }
      for (uint32_t c = t.v[x].last; c != kNone; c = t.v[c].prev) stack.push_back({c, child_holder});
    }
  }
  // Bucket the items by holder, keeping their order.
  std::vector<uint32_t> seq_begin(t.v.size() + 1, 0), seq(items.size());
  for (auto& it : items) ++seq_begin[it.first + 1];
  for (size_t i = 1; i < seq_begin.size(); ++i) seq_begin[i] += seq_begin[i - 1];
  {
    std::vector<uint32_t> fill(seq_begin.begin(), seq_begin.end() - 1);
    for (auto& it : items) seq[fill[it.first]++] = it.second;
  }

  // remove_fewwords_paragraphs: innermost first; an element with fewer than
  // 3 stop words and no object/embed left inside goes, and so does one whose
  // text is in parentheses. Runs merge across the unwrapped tags.
  const size_t n = t.v.size();
  std::vector<uint32_t> f_stop(n, 0), f_first(n, 0), f_last(n, 0);
  std::vector<uint8_t> f_object(n, 0);
  RunCounter rc(stop);
  for (size_t k = elems.size(); k-- > 0;) {
    uint32_t x = elems[k];
    if (t.v[x].copy_of != kNone) {  // text only
      f_stop[x] = stat(&Stats::stop, x);
      f_first[x] = stat(&Stats::first, x);
      f_last[x] = stat(&Stats::last, x);
    } else {
      bool in_run = false;
      auto end_run = [&] {
        if (!in_run) return;
        RunStats r = rc.finish();
        f_stop[x] += r.stop;
        if (r.first) {
          if (!f_first[x]) f_first[x] = r.first;
          f_last[x] = r.last;
        }
        in_run = false;
      };
      for (uint32_t j = seq_begin[x]; j < seq_begin[x + 1]; ++j) {
        uint32_t c = seq[j];
        if (t.v[c].is_text || t.v[c].tag == Tag::Br) {
          rc.feed(t.v[c].is_text ? t.v[c].content : std::string_view("\\n"));
          in_run = true;
          continue;
        }
        end_run();
        if (dead[c]) continue;
        f_stop[x] += f_stop[c];
        if (f_first[c]) {
          if (!f_first[x]) f_first[x] = f_first[c];
          f_last[x] = f_last[c];
        }
        f_object[x] |= f_object[c] || t.v[c].tag == Tag::Object || t.v[c].tag == Tag::Embed;
      }
      end_run();
    }
    if ((f_stop[x] < kFewWordsStopwords && !f_object[x]) || (f_first[x] == '(' && f_last[x] == ')'))
      dead[x] = 1;
  }

  // convert_to_text: the text of the top node's element children.
  for (uint32_t j = seq_begin[top]; j < seq_begin[top + 1]; ++j) {
    uint32_t c = seq[j];
    if (t.v[c].is_text || t.v[c].tag == Tag::Br || dead[c]) continue;
    uint32_t src = t.v[c].copy_of != kNone ? t.v[c].copy_of : c;
    bool copy = src != c;
    std::vector<uint32_t> stack = {src};
    while (!stack.empty()) {
      uint32_t x = stack.back();
      stack.pop_back();
      if (!copy && dead[x]) continue;
      if (t.v[x].is_text) {
        for (uint32_t k = t.v[x].text_begin; k < t.v[x].text_end; ++k) labels[t.text_ids[k]] = 1.0f;
        continue;
      }
      for (uint32_t d = t.v[x].last; d != kNone; d = t.v[d].prev) stack.push_back(d);
    }
  }
}

// One crawl: clean (or not) the scope, score, post-process. False when no
// top node was found.
bool run_once(const Document& doc, const std::vector<uint32_t>& scope, bool clean,
              const stopwords::StopList& stop, Labels& labels) {
  VTree t = build(doc, scope, clean);
  if (clean) div_to_para(t);
  std::vector<uint32_t> order = t.preorder(t.roots);
  Stats s = compute_stats(t, order, stop);
  Scoring sc = best_node(t, order, s);
  if (sc.top == kNone) return false;
  finish(doc, t, s, sc, stop, labels);
  return true;
}

Labels goose(Context& ctx) {
  const Document& doc = ctx.doc();
  Labels labels(doc.text_nodes.size(), 0.0f);
  const std::string& lang = ctx.language();
  stopwords::StopList stop(lang.empty() ? std::string_view(kDefaultLanguage) : std::string_view(lang));

  // The document element (lxml's root).
  uint32_t html = kNone;
  for (uint32_t c = doc.size() > 0 ? doc.nodes[0].first_child : kNone; c != kNone; c = doc.nodes[c].next_sibling)
    if (doc.nodes[c].kind == NodeKind::Element) { html = c; break; }
  if (html == kNone) return labels;

  // Known article containers, outermost only, in document order.
  std::vector<uint32_t> known;
  uint32_t known_end = 0;  // inside the last kept container up to here
  for (uint32_t i = 1; i < doc.size(); ++i) {
    const Node& nd = doc.nodes[i];
    if (nd.kind != NodeKind::Element || i < known_end) continue;
    bool match = nd.tag == Tag::Article;
    if (!match && nd.itemprop.len) match = rules().known_itemprop.search(doc.str(nd.itemprop));
    if (!match && nd.cls.len) match = rules().known_class.search(doc.str(nd.cls));
    if (match) {
      known.push_back(i);
      known_end = doc.subtree_end(i);
    }
  }
  if (!known.empty()) {
    if (run_once(doc, known, true, stop, labels)) return labels;
    // crawler.py: nothing found in them: the whole document, as parsed.
    run_once(doc, {html}, false, stop, labels);
    return labels;
  }
  run_once(doc, {html}, true, stop, labels);
  return labels;
}

}  // namespace goose

std::unique_ptr<Extractor> make_goose() {
  return make_extractor(
      {"goose", Family::Heuristic, "Gravity Labs Goose; goose3 and newspaper3k (Python ports)",
       "Goose: the node whose paragraphs have the most stop words, with its scored siblings, "
       "cleaned of link lists and short paragraphs."},
      goose::goose);
}

}  // namespace wce
