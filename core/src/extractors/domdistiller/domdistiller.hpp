// Internal header of the DOM Distiller extractor (extractors/domdistiller/):
// constants and rule lists, string and word-count helpers, and the per-node
// facts; see domdistiller.cpp for the algorithm and its sources.
#pragma once
#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include "document/unicode.hpp"
#include "extractors/boilerpipe/boilerpipe.hpp"
#include "extractors/extractor_util.hpp"
#include "extractors/readability_regexps.hpp"
#include "extractors/rule_pattern.hpp"
#include "extractors/registry_list.hpp"
#include "features/stopwords.hpp"
#include "wce/extractor.hpp"

namespace wce::domdistiller {

namespace bp = boilerpipe;
using bp::Block;
using bp::Blocks;

// ---------------------------------------------------------------------------
// Constants and rule lists (go-domdistiller v1.0.0).

// label/label.go labels beyond Boilerpipe's (bit flags on Block::labels).
enum : uint16_t {
  kStrictlyNotContent = bp::kLabelFirstFree,
  kLi = bp::kLabelFirstFree << 1,
  kHeading = bp::kLabelFirstFree << 2,
  kVeryLikelyContent = bp::kLabelFirstFree << 3,
  kBoilerplateHeadingFused = bp::kLabelFirstFree << 4,
};

// extractor/content.go documentCharThreshold: below this many content words
// the page is converted again without skipping unlikely candidates.
constexpr int kMinContentWords = 500;

// converter/utils.go + re2go/dom-converter.go: Readability's regexes on
// "class id" (readability_regexps.hpp) and these, in the rule-pattern
// encoding (rule_pattern.hpp).
constexpr size_t kMaxBylineChars = 100;  // isValidByline: 0 < length < 100
// dom-converter.go: skipped social/sharing class values (exact).
constexpr std::string_view kSharingClasses = "^(?:sharing|socialArea)$";
// webdoc/element-action.go: `\bcomments?\b` (case-insensitive; Go's \b is
// ASCII) in id or class marks strictly not content, when the class has at
// most this many names.
constexpr std::string_view kCommentWord = "\\bcomments?\\b";
constexpr size_t kMaxCommentClassCount = 2;

// extractor/embed: Wikipedia's lazy images and embedded tweets, by a class
// that contains these (case-sensitive).
constexpr std::string_view kLazyImageClass = "lazy-image-placeholder";
constexpr std::string_view kTwitterTweetClass = "twitter-tweet";

struct Rules {
  RulePattern sharing_classes{kSharingClasses}, comment_word{kCommentWord, true};
  RulePattern lazy_image{kLazyImageClass}, twitter_tweet{kTwitterTweetClass};
  // isValidByline's itemprop test, lower-cased: Readability's, ignoring case.
  RulePattern itemprop_author{readability_regexps::kItempropAuthor, true};
};
const Rules& rules();  // compiled once (domdistiller.cpp)

// filter/english/terminating-blocks.go: short blocks only.
constexpr int kTerminatingMaxWords = 14;
constexpr size_t kTerminatingMinChars = 8;

// extractor/article.go: SimilarSiblingContentExpansion settings.
struct SiblingExpansion {
  bool allow_mixed_tags;
  double max_link_density;
  int max_block_distance;
};
constexpr SiblingExpansion kSiblingExpansion1 = {false, 0.5, 10};
constexpr SiblingExpansion kSiblingExpansion2 = {true, 0.0, 10};  // MaxLinkDensity 0 (Go zero value)

// heuristic/large-block-around-level.go: at least this many words, tag level
// within one of the very likely content's.
constexpr int kLargeBlockMinWords = 100;

// stringutil/word-counter.go ranges.
constexpr uint32_t kLetterLo = 0xC0, kLetterHi = 0x1FFF;   // "broader alphabetical letters"
constexpr uint32_t kHangulLo = 0xAC00, kHangulHi = 0xD7AF; // Hangul syllables
constexpr uint32_t kCjkLo = 0x3040, kCjkHi = 0xA4CF;       // Hiragana .. Yi
constexpr double kCjkWordsPerChar = 0.55;

// filter/heuristic/document-title.go: separator sets of getLongestPart
// (each split with optional spaces around), the " | " and " - " splits whose
// parts of >= 4 words are titles, and the characters stripped before a
// second lookup.
constexpr std::string_view kLongestPartSeparators[] = {
    "|\xC2\xBB-", "|\xC2\xBB:", "|\xC2\xBB:()", "|\xC2\xBB:()-", "|\xC2\xBB,:()-"};
constexpr int kTitlePartMinWords = 4;
constexpr std::string_view kTitleStripChars = "?!.-:";

// extractor/document-title.go (Readability's title cleanup).
constexpr std::string_view kTitleSeparatorChars = "|-\\/>\xC2\xBB";  // [\|\-\\/>»]
constexpr std::string_view kTitleHierarchyChars = "\\/>\xC2\xBB";
constexpr size_t kTitleMinChars = 15, kTitleMaxChars = 150;

// tableclass/classifier.go thresholds.
constexpr int kDataTableMinColumns = 5, kDataTableMinRows = 20, kLayoutTableMaxCells = 10;

// ---------------------------------------------------------------------------
// Small string helpers.

inline bool is_ascii_word_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

inline bool has_comment_word(std::string_view s) { return rules().comment_word.search(s); }

inline size_t class_count(std::string_view cls) {
  size_t n = 0;
  bool in = false;
  for (char c : cls) {
    bool sp = c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
    if (!sp && !in) ++n;
    in = !sp;
  }
  return n;
}

inline size_t char_count(std::string_view s) {
  size_t n = 0;
  for (size_t i = 0; i < s.size();) {
    unicode::next(s, i);
    ++n;
  }
  return n;
}

// strings.TrimSpace (Unicode white space).
inline std::string_view trim_space(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e) {
    size_t i = b;
    if (!unicode::is_space(unicode::next(s, i))) break;
    b = i;
  }
  while (e > b) {
    size_t k = e - 1;
    while (k > b && (static_cast<unsigned char>(s[k]) & 0xC0) == 0x80) --k;
    size_t i = k;
    if (!unicode::is_space(unicode::next(s, i))) break;
    e = k;
  }
  return s.substr(b, e - b);
}

inline std::string to_lower(std::string_view s) {
  std::string r;
  r.reserve(s.size());
  for (size_t i = 0; i < s.size();) unicode::append(r, stopwords::lower(unicode::next(s, i)));
  return r;
}

// ---------------------------------------------------------------------------
// stringutil/word-counter.go: tokens (split at white space) that contain a
// letter or digit of the counter's range; the "full" counter adds 0.55 words
// per CJK character. The counter is chosen once per page.
enum class Counter { Fast, Letter, Full };

inline bool in_word_range(uint32_t cp, bool hangul) {
  return (cp < 0x80 && is_ascii_word_char(static_cast<char>(cp))) ||
         (cp >= kLetterLo && cp <= kLetterHi) || (hangul && cp >= kHangulLo && cp <= kHangulHi);
}

inline int count_words(std::string_view text, Counter c) {
  bool hangul = c != Counter::Fast;
  int words = 0, cjk = 0;
  bool in_token = false, token_counted = false;
  for (size_t i = 0; i < text.size();) {
    uint32_t cp = unicode::next(text, i);
    if (unicode::is_space(cp)) {
      in_token = false;
      continue;
    }
    if (!in_token) {
      in_token = true;
      token_counted = false;
    }
    if (!token_counted && in_word_range(cp, hangul)) {
      ++words;
      token_counted = true;
    }
    if (c == Counter::Full && cp >= kCjkLo && cp <= kCjkHi) ++cjk;
  }
  return words + static_cast<int>(std::ceil(cjk * kCjkWordsPerChar));
}

inline Counter select_counter(const Document& doc) {
  bool hangul = false;
  for (uint32_t t : doc.text_nodes) {
    std::string_view s = doc.text(t);
    for (size_t i = 0; i < s.size();) {
      uint32_t cp = unicode::next(s, i);
      if (cp >= kCjkLo && cp <= kCjkHi) return Counter::Full;
      if (cp >= kHangulLo && cp <= kHangulHi) hangul = true;
    }
  }
  return hangul ? Counter::Letter : Counter::Fast;
}

// ---------------------------------------------------------------------------
// Per-node facts, computed once with forward (top-down) and backward
// (subtree) passes over the pre-order arena.

// domutil.GetDisplayStyle defaults, reduced to what ElementAction uses.
enum class Display : uint8_t { Block, Inline, InlineBlock, None };

inline Display default_display(Tag t) {
  switch (t) {
    case Tag::A: case Tag::Abbr: case Tag::Audio: case Tag::B: case Tag::Bdi: case Tag::Bdo:
    case Tag::Br: case Tag::Canvas: case Tag::Cite: case Tag::Code: case Tag::Data: case Tag::Del:
    case Tag::Dfn: case Tag::Em: case Tag::Embed: case Tag::Font: case Tag::I: case Tag::Iframe:
    case Tag::Img: case Tag::Ins: case Tag::Kbd: case Tag::Label: case Tag::Mark: case Tag::Object:
    case Tag::Output: case Tag::Picture: case Tag::Q: case Tag::S: case Tag::Source: case Tag::Span:
    case Tag::Strong: case Tag::Sub: case Tag::Sup: case Tag::Svg: case Tag::Tt: case Tag::Time:
    case Tag::Track: case Tag::U: case Tag::Var: case Tag::Video: case Tag::Wbr:
      return Display::Inline;
    case Tag::Button: case Tag::Input:
      return Display::InlineBlock;
    case Tag::Meta: case Tag::Script: case Tag::Style: case Tag::Link:
      return Display::None;
    default:
      return Display::Block;  // "block", list-item, table parts, and the fallback
  }
}

// webdoc/constant.go nestingTags: kept as start/end markers, which end runs.
inline bool is_nesting_tag(Tag t) {
  return t == Tag::Ul || t == Tag::Ol || t == Tag::Li || t == Tag::Blockquote || t == Tag::Pre;
}

struct Facts {
  std::vector<uint32_t> end;             // one past the subtree
  std::vector<uint8_t> in_li;            // has an li/summary ancestor
  std::vector<uint8_t> in_table;         // has a table ancestor
  std::vector<uint8_t> has_text;         // non-white-space text in the subtree
  std::vector<uint32_t> chars;           // text length (code points) of the subtree
  std::vector<uint32_t> br_hr;           // br/hr elements in the subtree (self included)
  std::vector<uint8_t> has_image;        // img/picture in the subtree (self excluded)
  std::vector<uint8_t> has_link;         // <a href> in the subtree (self excluded)
  std::vector<uint8_t> data_table;       // tableclass: data table
};

// The per-node facts of the page (facts.cpp).
Facts compute_facts(const Document& doc);
// Title candidates (titles.cpp): the markup title, then the document title
// and its parts.
std::vector<std::string> potential_titles(const Document& doc, Counter c);

}  // namespace wce::domdistiller
