// Internal header of the Goose extractor (extractors/goose/): constants and
// patterns, text-run statistics, the virtual tree, per-element statistics
// and the scoring result; see goose.cpp for the algorithm and its sources.
#pragma once
#include <algorithm>
#include <cmath>
#include <deque>
#include <string>
#include <vector>

#include "document/unicode.hpp"
#include "extractors/extractor_util.hpp"
#include "extractors/rule_pattern.hpp"
#include "features/edit_tree.hpp"
#include "features/stopwords.hpp"
#include "wce/extractor.hpp"

namespace wce::goose {

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

// The class/id rules, in the rule-pattern encoding (rule_pattern.hpp).
//
// cleaners.py remove_nodes_re, searched case-insensitively (re:test with
// 'i') in the id or class attribute ("footer", "Footer" and "footnote" are
// covered by "foot"), with the further remove_nodes_regex calls of
// DocumentCleaner.clean: caption_re, google_re, facebook_braodcasting_re,
// entries_re "^[^entry-]more.*$" (one code point, UTF-8 here, other than
// e n t r y -, then "more"), facebook_re "[^-]facebook", twitter_re "[^-]twitter".
constexpr std::string_view kRemoveNodes =
    "^side$|combx|retweet|mediaarticlerelated|menucontainer|navbar|storytopbar-bucket|utility-bar|"
    "inline-share-tools|comment|popularquestions|contact|foot|cnn_strycaptiontxt|cnn_html_slideshow|"
    "cnn_strylftcntnt|^links$|meta$|shoutbox|sponsor|tags|socialnetworking|cnnstryhghlght|"
    "cnn_stryspcvbx|^inset$|pagetools|post-attributes|welcome_form|contenttools2|the_answers|"
    "communitypromo|runaroundleft|subscribe|vcard|articleheadings|date|^print$|popup|author-dropdown|"
    "tools|socialtools|byline|konafilter|breadcrumbs|^fn$|wp-caption-text|legende|ajoutvideo|"
    "timestamp|js_replies|disclaim|"
    "^caption$| google |facebook-broadcasting|"
    "^(?:[^entry\\-\\x80-\\xff]|[\\xc0-\\xff][\\x80-\\xbf]*)more|[^-]facebook|[^-]twitter";
// configuration.py KNOWN_ARTICLE_CONTENT_PATTERNS: searched in the lower-cased
// attribute when looking for containers, equal to it in is_articlebody.
constexpr std::string_view kKnownClass = "short-story|post-content|g-content|post-outer";
constexpr std::string_view kKnownClassExact = "^(?:short-story|post-content|g-content|post-outer)$";
constexpr std::string_view kKnownItemprop = "articlebody";
constexpr std::string_view kKnownItempropExact = "^articleBody$";
// cleaners.py: span[class~=dropcap], span[class~=drop_cap] (CSS word match).
constexpr std::string_view kDropCap = "(?:^|\\s)(?:dropcap|drop_cap)(?:$|\\s)";

struct Rules {
  RulePattern remove_nodes{kRemoveNodes, true};
  RulePattern known_class{kKnownClass, true}, known_class_exact{kKnownClassExact};
  RulePattern known_itemprop{kKnownItemprop, true}, known_itemprop_exact{kKnownItempropExact};
  RulePattern drop_cap{kDropCap};
};
const Rules& rules();  // compiled once (goose.cpp)

inline bool naughty(std::string_view attr) { return rules().remove_nodes.search(attr); }

// string.punctuation, deleted before splitting (text.py remove_punctuation).
inline bool ascii_punct(uint32_t c) {
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
// The virtual tree: the cleaned document goose3 scores (features/edit_tree.hpp:
// the links and edits; here what goose keeps per node).
struct VNode : TreeLinks {
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

class VTree : public EditTree<VNode> {
 public:
  std::vector<uint32_t> text_ids;
  std::vector<uint32_t> roots;
  std::deque<std::string> arena;

  // A new node, the last child of `parent` (none: a root or not yet placed).
  uint32_t add(uint32_t parent, bool is_text, Tag tag, uint32_t orig) {
    VNode n;
    n.is_text = is_text;
    n.tag = tag;
    n.orig = orig;
    uint32_t id = EditTree::add(std::move(n));
    if (parent != kNone) link_last(parent, id);
    return id;
  }
  // Pre-order of the trees under `from`.
  std::vector<uint32_t> preorder(const std::vector<uint32_t>& from) const {
    std::vector<uint32_t> order;
    for (uint32_t r : from) append_preorder(r, order);
    return order;
  }
};

inline bool is_div_to_para_block(Tag t) {  // cleaners.py div_to_para `tags`
  switch (t) {
    case Tag::A: case Tag::Blockquote: case Tag::Dl: case Tag::Div: case Tag::Img: case Tag::Ol:
    case Tag::P: case Tag::Pre: case Tag::Table: case Tag::Ul:
      return true;
    default:
      return false;
  }
}

// ---------------------------------------------------------------------------
// Per-element statistics of get_text(element) on the VTree.
struct Stats {
  std::vector<uint32_t> stop, words, chars, runs;  // runs: non-blank text runs
  std::vector<uint32_t> first, last;               // first / last code point of the text
  std::vector<uint32_t> links, link_excess;        // <a> below (with ghosts); sum of (words - 1)
};

// content.py is_highlink_density.
inline bool high_link_density(const Stats& s, uint32_t x) {
  if (s.links[x] == 0) return false;
  double words = std::max<uint32_t>(1, s.words[x]);
  double link_words = 1.0 + s.link_excess[x];
  return link_words / words * s.links[x] >= 1.0;
}

// len(get_text(x)): runs joined with a space.
inline uint32_t text_length(const Stats& s, uint32_t x) { return s.chars[x] + (s.runs[x] > 1 ? s.runs[x] - 1 : 0); }

// ---------------------------------------------------------------------------
struct Scoring {
  uint32_t top = kNone;
  std::vector<int64_t> score;
  std::vector<uint8_t> touched;  // has a gravityScore attribute
};

// content.py is_articlebody: the top node is itself a known container (exact
// attribute value or <article>); then no siblings are added.
inline bool is_articlebody(const Document& doc, const VTree& t, uint32_t x) {
  if (t.v[x].tag == Tag::Article) return true;
  uint32_t o = t.v[x].orig;
  if (o == kNone) return false;
  const Node& nd = doc.nodes[o];
  return rules().known_itemprop_exact.search(doc.str(nd.itemprop)) ||
         rules().known_class_exact.search(doc.str(nd.cls));
}

// The cleaned virtual tree of the subtrees at `scope` (document nodes),
// cleaned by DocumentCleaner when `clean` (cleaning.cpp).
VTree build(const Document& doc, const std::vector<uint32_t>& scope, bool clean);
// DocumentCleaner.div_to_para on the whole tree (cleaning.cpp).
void div_to_para(VTree& t);
// Statistics of every element of `order` (scoring.cpp).
Stats compute_stats(const VTree& t, const std::vector<uint32_t>& order, const stopwords::StopList& stop);
// content.py calculate_best_node (scoring.cpp).
Scoring best_node(const VTree& t, const std::vector<uint32_t>& order, const Stats& s);

}  // namespace wce::goose
