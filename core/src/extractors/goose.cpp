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
#include <algorithm>
#include <cctype>
#include <cmath>
#include <deque>
#include <string>
#include <vector>

#include "document/unicode.hpp"
#include "extractors/extractor_util.hpp"
#include "extractors/registry_list.hpp"
#include "features/stopwords.hpp"

namespace wce {
namespace {

// ---------------------------------------------------------------------------
// Constants (content.py unless noted).
constexpr uint32_t kMinCandidateStopwords = 2;   // get_stopword_count() > 2
constexpr double kBoostBase = 50.0;              // (1.0 / starting_boost) * 50
constexpr uint32_t kBoostMinStopwords = 5;       // is_boostable: minimum_stopword_count
constexpr uint32_t kBoostMaxStepsAway = 3;       // is_boostable: max_stepsaway_from_node
constexpr uint32_t kNegativeScoringMinNodes = 15;
constexpr double kNegativeScoringShare = 0.25;   // bottom_negativescore_nodes
constexpr double kNegativeScoreCap = 40.0;       // negscore > 40 -> boost 5
constexpr double kNegativeScoreCapBoost = 5.0;
constexpr double kSiblingBaselineShare = 0.30;   // get_siblings_content
constexpr int64_t kSiblingBaseNone = 100000;     // get_siblings_score base
constexpr double kNodeScoreThreshold = 0.08;     // is_nodescore_threshold_met
constexpr uint32_t kMinParaChars = 25;           // is_table_and_no_para_exist
constexpr uint32_t kFewWordsStopwords = 3;       // outputformatters.py remove_fewwords_paragraphs
constexpr const char* kDefaultLanguage = "en";   // configuration.py target_language
// Ours, not goose3's: a candidate's score reaches at most this many levels
// up (goose3 walks to the root). Beyond it a weight is under 0.6 % of the
// parent's; the cap keeps pathological pages (thousands of nested
// candidates, e.g. nested spans that all become <p>) linear.
constexpr uint32_t kMaxScoreLevels = 256;

// cleaners.py remove_nodes_re, matched case-insensitively (re:test with 'i')
// against the whole id or class attribute: "^x$" exact, "x$" suffix, else
// substring. Lower-cased; "footer", "Footer" and "footnote" are covered by "foot".
struct Pattern {
  std::string_view text;
  bool start, end;
};
constexpr Pattern kRemoveNodes[] = {
    {"side", true, true}, {"combx", false, false}, {"retweet", false, false},
    {"mediaarticlerelated", false, false}, {"menucontainer", false, false}, {"navbar", false, false},
    {"storytopbar-bucket", false, false}, {"utility-bar", false, false},
    {"inline-share-tools", false, false}, {"comment", false, false},
    {"popularquestions", false, false}, {"contact", false, false}, {"foot", false, false},
    {"cnn_strycaptiontxt", false, false}, {"cnn_html_slideshow", false, false},
    {"cnn_strylftcntnt", false, false}, {"links", true, true}, {"meta", false, true},
    {"shoutbox", false, false}, {"sponsor", false, false}, {"tags", false, false},
    {"socialnetworking", false, false}, {"cnnstryhghlght", false, false},
    {"cnn_stryspcvbx", false, false}, {"inset", true, true}, {"pagetools", false, false},
    {"post-attributes", false, false}, {"welcome_form", false, false},
    {"contenttools2", false, false}, {"the_answers", false, false},
    {"communitypromo", false, false}, {"runaroundleft", false, false},
    {"subscribe", false, false}, {"vcard", false, false}, {"articleheadings", false, false},
    {"date", false, false}, {"print", true, true}, {"popup", false, false},
    {"author-dropdown", false, false}, {"tools", false, false}, {"socialtools", false, false},
    {"byline", false, false}, {"konafilter", false, false}, {"breadcrumbs", false, false},
    {"fn", true, true}, {"wp-caption-text", false, false}, {"legende", false, false},
    {"ajoutvideo", false, false}, {"timestamp", false, false}, {"js_replies", false, false},
    {"disclaim", false, false},
    // The further remove_nodes_regex calls of DocumentCleaner.clean:
    {"caption", true, true},                 // caption_re "^caption$"
    {" google ", false, false},              // google_re
    {"facebook-broadcasting", false, false}, // facebook_braodcasting_re
};

// configuration.py KNOWN_ARTICLE_CONTENT_PATTERNS (attribute searches).
constexpr std::string_view kKnownClasses[] = {"short-story", "post-content", "g-content", "post-outer"};
constexpr std::string_view kKnownItemprop = "articlebody";

// "[^-]word": `word` somewhere after a character other than '-'.
bool after_non_dash(std::string_view s, std::string_view word) {
  for (size_t p = s.find(word, 1); p != std::string_view::npos; p = s.find(word, p + 1))
    if (s[p - 1] != '-') return true;
  return false;
}

bool naughty(std::string_view attr) {
  if (attr.empty()) return false;
  std::string s = to_ascii_lower(attr);
  std::string_view v(s);
  for (const Pattern& p : kRemoveNodes) {
    if (p.start && p.end) { if (v == p.text) return true; }
    else if (p.end) { if (v.size() >= p.text.size() && v.substr(v.size() - p.text.size()) == p.text) return true; }
    else if (v.find(p.text) != std::string_view::npos) return true;
  }
  // entries_re "^[^entry-]more.*$": one character other than e n t r y -,
  // then "more", at the start.
  if (!v.empty()) {
    size_t k = 0;
    uint32_t c = unicode::next(v, k);
    if (std::string_view("entry-").find(static_cast<char>(c)) == std::string_view::npos || c > 0x7F)
      if (v.substr(k, 4) == "more") return true;
  }
  // facebook_re "[^-]facebook", twitter_re "[^-]twitter".
  return after_non_dash(v, "facebook") || after_non_dash(v, "twitter");
}

bool has_class_word(std::string_view cls, std::string_view word) {  // CSS [class~=word]
  size_t i = 0;
  while (i < cls.size()) {
    while (i < cls.size() && std::isspace(static_cast<unsigned char>(cls[i]))) ++i;
    size_t b = i;
    while (i < cls.size() && !std::isspace(static_cast<unsigned char>(cls[i]))) ++i;
    if (i > b && cls.substr(b, i - b) == word) return true;
  }
  return false;
}

// string.punctuation, deleted before splitting (text.py remove_punctuation).
bool ascii_punct(uint32_t c) {
  return (c >= 0x21 && c <= 0x2F) || (c >= 0x3A && c <= 0x40) || (c >= 0x5B && c <= 0x60) ||
         (c >= 0x7B && c <= 0x7E);
}

// ---------------------------------------------------------------------------
// Text statistics of one lxml text run (a text or tail string; several of
// our text nodes when unwrapped elements merged them), fed piece by piece.
struct RunStats {
  uint32_t stop = 0;    // stop words (get_stopword_count)
  uint32_t words = 0;   // whitespace-separated words
  uint32_t chars = 0;   // code points after inner_trim (collapsed, stripped)
  uint32_t first = 0, last = 0;  // first and last non-space code point (0: none)
};

class RunCounter {
 public:
  explicit RunCounter(const stopwords::StopList& stop) : stop_(stop) {}
  void feed(std::string_view s) {
    for (size_t i = 0; i < s.size();) {
      size_t b = i;
      uint32_t cp = unicode::next(s, i);
      if (stopwords::py_space(cp)) {
        end_word();
        pending_space_ = true;
        continue;
      }
      if (r_.first == 0) r_.first = cp;
      else if (pending_space_) ++r_.chars;
      pending_space_ = false;
      r_.last = cp;
      ++r_.chars;
      in_word_ = true;
      if (!ascii_punct(cp)) word_.append(s.data() + b, i - b);
    }
  }
  RunStats finish() {
    end_word();
    RunStats r = r_;
    r_ = RunStats{};
    pending_space_ = false;
    return r;
  }

 private:
  void end_word() {
    if (!in_word_) return;
    ++r_.words;
    if (!word_.empty() && !stop_.empty()) {
      stopwords::fold_case(word_, folded_);
      if (stop_.contains_folded(folded_)) ++r_.stop;
    }
    word_.clear();
    in_word_ = false;
  }
  const stopwords::StopList& stop_;
  RunStats r_;
  std::string word_, folded_;
  bool in_word_ = false, pending_space_ = false;
};

// ---------------------------------------------------------------------------
// The virtual tree: the cleaned document goose3 scores.
struct VNode {
  uint32_t parent = kNone, first = kNone, last = kNone, prev = kNone, next = kNone;
  uint32_t orig = kNone;      // element: document node (kNone: made by the cleaner)
  uint32_t copy_of = kNone;   // a paragraph added by add_siblings as text: its source
  uint32_t text_begin = 0, text_end = 0;  // text: its text-node ids in VTree::text_ids
  std::string_view content;   // text: the string goose3 sees
  Tag tag = Tag::Unknown;     // element: current tag (P after div_to_para)
  bool is_text = false;
  bool used = false;          // <a> taken by div_to_para ("grv-usedalready")
  uint32_t ghost_links = 0;   // emptied <a> children left behind by div_to_para
  uint32_t gathered_links = 0;  // gathered span: the links it took in
};

class VTree {
 public:
  std::vector<VNode> v;
  std::vector<uint32_t> text_ids;
  std::vector<uint32_t> roots;
  std::deque<std::string> arena;

  uint32_t add(uint32_t parent, bool is_text, Tag tag, uint32_t orig) {
    uint32_t id = static_cast<uint32_t>(v.size());
    v.emplace_back();
    v[id].is_text = is_text;
    v[id].tag = tag;
    v[id].orig = orig;
    if (parent != kNone) append(parent, id);
    return id;
  }
  void append(uint32_t parent, uint32_t c) {
    VNode& p = v[parent];
    v[c].parent = parent;
    v[c].next = kNone;
    v[c].prev = p.last;
    if (p.last == kNone) p.first = c;
    else v[p.last].next = c;
    p.last = c;
  }
  void prepend(uint32_t parent, uint32_t c) {
    VNode& p = v[parent];
    v[c].parent = parent;
    v[c].prev = kNone;
    v[c].next = p.first;
    if (p.first == kNone) p.last = c;
    else v[p.first].prev = c;
    p.first = c;
  }
  void detach(uint32_t c) {
    VNode& n = v[c];
    if (n.parent == kNone) return;
    VNode& p = v[n.parent];
    if (n.prev != kNone) v[n.prev].next = n.next; else p.first = n.next;
    if (n.next != kNone) v[n.next].prev = n.prev; else p.last = n.prev;
    n.parent = n.prev = n.next = kNone;
  }
  void clear_children(uint32_t p) { v[p].first = v[p].last = kNone; }
  // Pre-order of the trees under `roots` (explicit stack).
  std::vector<uint32_t> preorder(const std::vector<uint32_t>& from) const {
    std::vector<uint32_t> order, stack;
    for (uint32_t r : from) {
      stack.push_back(r);
      while (!stack.empty()) {
        uint32_t x = stack.back();
        stack.pop_back();
        order.push_back(x);
        // Push children in reverse so that the first is visited first.
        for (uint32_t c = v[x].last; c != kNone; c = v[c].prev) stack.push_back(c);
      }
    }
    return order;
  }
};

bool is_div_to_para_block(Tag t) {  // cleaners.py div_to_para `tags`
  switch (t) {
    case Tag::A: case Tag::Blockquote: case Tag::Dl: case Tag::Div: case Tag::Img: case Tag::Ol:
    case Tag::P: case Tag::Pre: case Tag::Table: case Tag::Ul:
      return true;
    default:
      return false;
  }
}

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
        if (tag == Tag::Span && (has_class_word(cls, "dropcap") || has_class_word(cls, "drop_cap"))) {
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
      t.append(g, b);
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
  for (uint32_t c : out) t.append(el, c);
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

// ---------------------------------------------------------------------------
// Per-element statistics of get_text(element) on the VTree.
struct Stats {
  std::vector<uint32_t> stop, words, chars, runs;  // runs: non-blank text runs
  std::vector<uint32_t> first, last;               // first / last code point of the text
  std::vector<uint32_t> links, link_excess;        // <a> below (with ghosts); sum of (words - 1)
};

// Element children and text runs of `x`, in order: calls run(stats) for each
// text run and elem(child) for each element child.
template <class RunFn, class ElemFn>
void for_children(const VTree& t, uint32_t x, RunCounter& rc, RunFn run, ElemFn elem) {
  for (uint32_t c = t.v[x].first; c != kNone;) {
    if (!t.v[c].is_text) { elem(c); c = t.v[c].next; continue; }
    for (; c != kNone && t.v[c].is_text; c = t.v[c].next) rc.feed(t.v[c].content);
    run(rc.finish());
  }
}

Stats compute_stats(const VTree& t, const std::vector<uint32_t>& order, const stopwords::StopList& stop) {
  const size_t n = t.v.size();
  Stats s;
  for (auto* v : {&s.stop, &s.words, &s.chars, &s.runs, &s.first, &s.last, &s.links, &s.link_excess})
    v->assign(n, 0);
  RunCounter rc(stop);
  for (size_t k = order.size(); k-- > 0;) {
    uint32_t x = order[k];
    if (t.v[x].is_text) continue;
    s.links[x] = t.v[x].ghost_links;
    auto take_first_last = [&](uint32_t f, uint32_t l) {
      if (f == 0) return;
      if (s.first[x] == 0) s.first[x] = f;
      s.last[x] = l;
    };
    for_children(
        t, x, rc,
        [&](const RunStats& r) {
          s.stop[x] += r.stop;
          s.words[x] += r.words;
          s.chars[x] += r.chars;
          s.runs[x] += r.chars > 0;
          take_first_last(r.first, r.last);
        },
        [&](uint32_t c) {
          s.stop[x] += s.stop[c];
          s.words[x] += s.words[c];
          s.chars[x] += s.chars[c];
          s.runs[x] += s.runs[c];
          take_first_last(s.first[c], s.last[c]);
          s.links[x] += s.links[c] + (t.v[c].tag == Tag::A);
          s.link_excess[x] += s.link_excess[c] + (t.v[c].tag == Tag::A && s.words[c] > 1 ? s.words[c] - 1 : 0);
        });
  }
  return s;
}

// content.py is_highlink_density.
bool high_link_density(const Stats& s, uint32_t x) {
  if (s.links[x] == 0) return false;
  double words = std::max<uint32_t>(1, s.words[x]);
  double link_words = 1.0 + s.link_excess[x];
  return link_words / words * s.links[x] >= 1.0;
}

// len(get_text(x)): runs joined with a space.
uint32_t text_length(const Stats& s, uint32_t x) { return s.chars[x] + (s.runs[x] > 1 ? s.runs[x] - 1 : 0); }

// ---------------------------------------------------------------------------
struct Scoring {
  uint32_t top = kNone;
  std::vector<int64_t> score;
  std::vector<uint8_t> touched;  // has a gravityScore attribute
};

// content.py calculate_best_node.
Scoring best_node(const VTree& t, const std::vector<uint32_t>& order, const Stats& s) {
  const size_t n = t.v.size();
  Scoring sc;
  sc.score.assign(n, 0);
  sc.touched.assign(n, 0);
  // Candidates: per root, all p, then all pre, then all td (the root itself excluded).
  std::vector<uint32_t> nodes;
  for (size_t k = 0; k < order.size();) {
    const uint32_t r = order[k++];  // a root; its tree follows it in `order`
    std::vector<uint32_t> by_tag[3];  // p, pre, td
    for (; k < order.size() && t.v[order[k]].parent != kNone; ++k) {
      uint32_t x = order[k];
      if (t.v[x].is_text) continue;
      Tag tag = t.v[x].tag;
      int slot = tag == Tag::P ? 0 : tag == Tag::Pre ? 1 : tag == Tag::Td ? 2 : -1;
      if (slot >= 0) by_tag[slot].push_back(x);
    }
    (void)r;
    for (const auto& list : by_tag)
      for (uint32_t x : list)
        if (s.stop[x] > kMinCandidateStopwords && !high_link_density(s, x)) nodes.push_back(x);
  }
  if (nodes.empty()) return sc;

  // Previous <p> sibling of every element (is_boostable), in linear time.
  std::vector<uint32_t> prev_p(n, kNone);
  for (uint32_t x : order) {
    if (t.v[x].is_text) continue;
    uint32_t last = kNone;
    for (uint32_t c = t.v[x].first; c != kNone; c = t.v[c].next) {
      if (t.v[c].is_text) continue;
      prev_p[c] = last;
      if (t.v[c].tag == Tag::P) last = c;
    }
  }
  auto boostable = [&](uint32_t x) {
    uint32_t steps = 0;
    for (uint32_t p = prev_p[x]; p != kNone; p = prev_p[p]) {
      if (steps >= kBoostMaxStepsAway) return false;
      if (s.stop[p] > kBoostMinStopwords) return true;
      ++steps;
    }
    return false;
  };

  const size_t count = nodes.size();
  const double bottom = static_cast<double>(count) * kNegativeScoringShare;
  double starting_boost = 1.0;
  std::vector<uint32_t> cand_index(n, kNone);
  for (size_t i = 0; i < count; ++i) {
    uint32_t x = nodes[i];
    cand_index[x] = static_cast<uint32_t>(i);
    double boost = 0.0;
    if (boostable(x)) {
      boost = (1.0 / starting_boost) * kBoostBase;
      starting_boost += 1.0;
    }
    if (count > kNegativeScoringMinNodes && static_cast<double>(count - i) <= bottom) {
      double booster = bottom - static_cast<double>(count - i);
      boost = -(booster * booster);
      if (std::fabs(boost) > kNegativeScoreCap) boost = kNegativeScoreCapBoost;
    }
    const int64_t upscore = static_cast<int64_t>(std::trunc(s.stop[x] + boost));
    // Every ancestor gets upscore * 1.5 / (level + 0.5), truncated. The
    // weights fall with the level, so once an addition truncates to 0 all
    // further ones do: the walk stops there (the attribute is set all the
    // way up, recorded in `touched` below), or at kMaxScoreLevels.
    double level = 1.0;
    for (uint32_t p = t.v[x].parent; p != kNone && level <= kMaxScoreLevels; p = t.v[p].parent, level += 1.0) {
      int64_t add = static_cast<int64_t>(std::trunc(static_cast<double>(upscore) * (1.5 / (level + 0.5))));
      if (add == 0) break;
      sc.score[p] += add;
    }
  }
  // Touched ancestors, and the order parent_nodes lists them in: by the
  // first candidate below them, then from the parent upwards.
  std::vector<uint32_t> first_cand(n, kNone), depth(n, 0);
  for (uint32_t x : order)
    if (t.v[x].parent != kNone) depth[x] = depth[t.v[x].parent] + 1;
  for (size_t k = order.size(); k-- > 0;) {
    uint32_t x = order[k], p = t.v[x].parent;
    if (p == kNone) continue;
    uint32_t c = std::min(first_cand[x], cand_index[x]);
    if (c != kNone) {
      sc.touched[p] = 1;
      first_cand[p] = std::min(first_cand[p], c);
    }
  }
  int64_t best = 0;
  for (uint32_t x : order) {
    if (!sc.touched[x] || sc.score[x] <= 0) continue;
    bool better = sc.score[x] > best ||
                  (sc.score[x] == best &&
                   (first_cand[x] < first_cand[sc.top] ||
                    (first_cand[x] == first_cand[sc.top] && depth[x] > depth[sc.top])));
    if (better) {
      best = sc.score[x];
      sc.top = x;
    }
  }
  if (sc.top == kNone) sc.top = t.v[nodes[0]].parent;
  return sc;
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

// content.py is_articlebody: the top node is itself a known container (exact
// attribute value or <article>); then no siblings are added.
bool is_articlebody(const Document& doc, const VTree& t, uint32_t x) {
  if (t.v[x].tag == Tag::Article) return true;
  uint32_t o = t.v[x].orig;
  if (o == kNone) return false;
  if (doc.str(doc.nodes[o].itemprop) == "articleBody") return true;
  std::string_view cls = doc.str(doc.nodes[o].cls);
  for (std::string_view k : kKnownClasses)
    if (cls == k) return true;
  return false;
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
    for (uint32_t c : add) {
      t.detach(c);
      t.prepend(top, c);
    }
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
    if (!match && nd.itemprop.len) match = to_ascii_lower(doc.str(nd.itemprop)).find(kKnownItemprop) != std::string::npos;
    if (!match && nd.cls.len) {
      std::string cls = to_ascii_lower(doc.str(nd.cls));
      for (std::string_view k : kKnownClasses) match = match || cls.find(k) != std::string::npos;
    }
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

}  // namespace

std::unique_ptr<Extractor> make_goose() {
  return make_extractor(
      {"goose", "heuristic", "Gravity Labs Goose; goose3 and newspaper3k (Python ports)",
       "Goose: the node whose paragraphs have the most stop words, with its scored siblings, "
       "cleaned of link lists and short paragraphs."},
      goose);
}

}  // namespace wce
