// Boilerpipe: Kohlschütter, Fankhauser, Nejdl, "Boilerplate Detection using
// Shallow Text Features", WSDM 2010; the reference is the authors' Java
// library boilerpipe 1.2.0 (Debian's libboilerpipe-java, package de.l3s.boilerpipe),
// whose rules and constants are reproduced here and cited by class name.
//
// 1. Segmentation (sax/BoilerpipeHTMLContentHandler + DefaultTagActionMap):
//    the document is replayed as SAX events. Every element that is not in the
//    tag action map (div, p, td, li, h1, br, img, ...) ends the current text
//    block; inline tags (b, i, span, ...) do not; a, script, style, option,
//    ... have their own actions (kTagActions below). A block's words are the
//    tokens of UnicodeTokenizer that contain a letter or digit; words inside
//    <a> are anchor words. Shallow features per block:
//      link density  = anchor words / words
//      text density  = words per line, with the text wrapped at 80 characters
//                      (only the completed lines count when there are several)
//      tag level     = element depth as counted by the handler
//    and the classifiers look at the previous and next block too.
// 2. Filter pipelines (extractors/*Extractor):
//      boilerpipe          DefaultExtractor: SimpleBlockFusionProcessor,
//                          BlockProximityFusion(1), DensityRulesClassifier
//      boilerpipe_article  ArticleExtractor: TerminatingBlocksFinder,
//                          DocumentTitleMatchClassifier, NumWordsRulesClassifier,
//                          IgnoreBlocksAfterContentFilter(60), BlockProximityFusion(1),
//                          BoilerplateBlockFilter, BlockProximityFusion(1, content only),
//                          KeepLargestBlockFilter, ExpandTitleToContentFilter
//      boilerpipe_largest  LargestContentExtractor: NumWordsRulesClassifier,
//                          BlockProximityFusion(1), KeepLargestBlockFilter
//      boilerpipe_keepall  KeepEverythingExtractor: MarkEverythingContentFilter
//    (Later releases, 1.2.x/2.0 of kohlschutter/boilerpipe, added more filters
//    to ArticleExtractor, e.g. TrailingHeadlineToBoilerplateFilter,
//    LargeBlockSameTagLevelToContentFilter, ListAtEndFilter; 1.2.0 has none.)
// 3. Labels: every text node whose text went into a block that ends up
//    content gets 1.0, all others 0.0.
//
// Faithfulness notes. The original parses with NekoHTML; we replay our
// Document (Gumbo, or the live DOM), so pages that the two parsers repair
// differently segment differently: Neko closes an open <a> at a <table> and
// at the end of its block where HTML5 keeps or re-opens it (link density), it
// ends an unclosed <title> at the next tag where HTML5 reads the rest of the
// page as the title, and it passes text in chunks split at entities, which
// collapses some whitespace runs in block texts (only title matching sees
// those). Tags our Document does not name (acronym, applet) are treated as
// unlisted tags. The tag level follows our tree (Neko nests tables flatter);
// none of the four pipelines reads it. The handler's and filters' quirks are
// kept on purpose: the anchor state persists across blocks; a buffer with only
// anchor markers is not emitted and carries over; the <title> text fixes the
// tag level of the first body block; BlockProximityFusion merges a content
// block into the block before it even when that one is boilerplate.
#include <algorithm>
#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "document/unicode.hpp"
#include "extractors/boilerpipe_blocks.hpp"
#include "extractors/boilerpipe_unicode.hpp"
#include "extractors/extractor_util.hpp"
#include "extractors/registry_list.hpp"

namespace wce {
namespace boilerpipe {
namespace {

namespace bu = boilerpipe_unicode;

// ---------------------------------------------------------------------------
// Constants and rule lists, with their source in boilerpipe 1.2.0.

// BoilerpipeHTMLContentHandler.flushBlock: maxLineLength.
constexpr int kWrapLineLength = 80;
// BoilerpipeHTMLContentHandler.ANCHOR_TEXT_START / ANCHOR_TEXT_END: markers
// put into the token buffer around anchor text ("$\ue00a<", ">\ue00a$").
constexpr std::array<uint32_t, 3> kAnchorStartMarker = {'$', 0xE00A, '<'};
constexpr std::array<uint32_t, 3> kAnchorEndMarker = {'>', 0xE00A, '$'};
constexpr std::string_view kAnchorStartUtf8 = "$\xEE\x80\x8A<";
constexpr std::string_view kAnchorEndUtf8 = ">\xEE\x80\x8A$";
// util/UnicodeTokenizer.PAT_NOT_WORD_BOUNDARY: word boundaries next to these
// characters are removed, so they glue to the word ("don't", "e.g.", "1,000").
constexpr std::string_view kTokenGlueChars = "\"'.,!@-:;$?()/";

// sax/DefaultTagActionMap (1.2.0): the tag actions; every other tag is an
// "unlisted" tag, which ends the block and increments the tag level.
enum class TagAction : uint8_t { Unlisted, Ignorable, Anchor, Body, InlineNoWhitespace, InlineWhitespace };
struct TagActionEntry { Tag tag; TagAction action; };
constexpr TagActionEntry kTagActions[] = {
    // CommonTagActions.TA_IGNORABLE_ELEMENT (APPLET too, which our Tag enum lacks)
    {Tag::Style, TagAction::Ignorable}, {Tag::Script, TagAction::Ignorable},
    {Tag::Option, TagAction::Ignorable}, {Tag::Object, TagAction::Ignorable},
    {Tag::Embed, TagAction::Ignorable}, {Tag::Link, TagAction::Ignorable},
    {Tag::Noscript, TagAction::Ignorable},
    // TA_ANCHOR_TEXT, TA_BODY
    {Tag::A, TagAction::Anchor}, {Tag::Body, TagAction::Body},
    // TA_INLINE_NO_WHITESPACE
    {Tag::Strike, TagAction::InlineNoWhitespace}, {Tag::U, TagAction::InlineNoWhitespace},
    {Tag::B, TagAction::InlineNoWhitespace}, {Tag::I, TagAction::InlineNoWhitespace},
    {Tag::Em, TagAction::InlineNoWhitespace}, {Tag::Strong, TagAction::InlineNoWhitespace},
    {Tag::Span, TagAction::InlineNoWhitespace}, {Tag::Sup, TagAction::InlineNoWhitespace},
    {Tag::Code, TagAction::InlineNoWhitespace}, {Tag::Tt, TagAction::InlineNoWhitespace},
    {Tag::Sub, TagAction::InlineNoWhitespace}, {Tag::Var, TagAction::InlineNoWhitespace},
    {Tag::Font, TagAction::InlineNoWhitespace},
    // TA_INLINE_WHITESPACE (ACRONYM too, which our Tag enum lacks)
    {Tag::Abbr, TagAction::InlineWhitespace},
};

// filters/english/DensityRulesClassifier: the C4.8 tree on link density (ld)
// and text density (td) of the previous, current and next block.
struct DensityRules {
  double curr_ld_max = 0.333333;  // above: boilerplate
  double prev_ld_max = 0.555556;  // previous block is not a link list if <=
  float curr_td_max = 9;          // current block is "short" if <=
  float next_td_max = 10;
  float prev_td_max = 4;
  float next_td_zero = 0;         // long block followed by nothing: boilerplate
  float next_td_after_links = 11; // after a link list, content only if next td >
};
constexpr DensityRules kDensityRules;

// filters/english/NumWordsRulesClassifier: the same tree shape on word counts.
struct NumWordsRules {
  double curr_ld_max = 0.333333;
  double prev_ld_max = 0.555556;
  int curr_words_max = 16;
  int next_words_max = 15;
  int prev_words_max = 4;
  int curr_words_after_links = 40;
  int next_words_after_links = 17;
};
constexpr NumWordsRules kNumWordsRules;

// filters/english/TerminatingBlocksFinder: blocks with fewer than 15 words
// and at least 8 characters that match one of these (lower-cased) mark the
// end of the article text.
constexpr int kTerminatingMaxWords = 15;      // numWords < 15
constexpr size_t kTerminatingMinLength = 8;   // text.length() >= 8
constexpr std::string_view kTerminatingPrefixes[] = {
    "comments", "\xC2\xA9 reuters", "please rate this", "post a comment"};
// startsWithNumber: ASCII digits, then one of these.
constexpr std::string_view kTerminatingAfterNumber[] = {" comments", " users responded in"};
constexpr std::string_view kTerminatingInfixes[] = {
    "what you think...", "add your comment", "add comment", "reader views",
    "have your say", "reader comments", "r\xC3\xA4tta artikeln"};
constexpr std::string_view kTerminatingExact[] = {
    "thanks for your comments - this feedback is now closed"};

// filters/heuristics/DocumentTitleMatchClassifier: the <title> and its longest
// part when split at any of these separator sets (each optionally surrounded
// by spaces) are potential titles; a block whose text equals one is the title.
constexpr std::string_view kTitleSeparatorSets[] = {
    "|\xC2\xBB:", "|\xC2\xBB:()", "|\xC2\xBB:()-", "|\xC2\xBB,:()-"};
// getLongestPart skips parts that contain this.
constexpr std::string_view kTitlePartSkip = ".com";

// filters/english/IgnoreBlocksAfterContentFilter.DEFAULT_INSTANCE: blocks
// after an end-of-text mark are dropped once this many full-text words
// (HeuristicFilterBase.getNumFullTextWords: words of content blocks with text
// density >= 9) came before it.
constexpr int kIgnoreAfterContentMinWords = 60;
constexpr float kFullTextMinTextDensity = 9;

// filters/heuristics/BlockProximityFusion.MAX_DISTANCE_1(_CONTENT_ONLY).
constexpr int kProximityMaxDistance = 1;

// ---------------------------------------------------------------------------
// Block helpers.

// TextBlock.EMPTY_START: what the classifiers see before the first and after
// the last block (all features 0).
const Block& empty_block() {
  static const Block b = [] {
    Block e;
    e.init_densities();
    return e;
  }();
  return b;
}

// ---------------------------------------------------------------------------
// Small Java string helpers.

// java.lang.String.trim on UTF-8: drops leading/trailing chars <= U+0020.
std::string_view java_trim(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && static_cast<unsigned char>(s[b]) <= 0x20) ++b;
  while (e > b && static_cast<unsigned char>(s[e - 1]) <= 0x20) --e;
  return s.substr(b, e - b);
}

size_t utf16_length(std::string_view s) {
  size_t n = 0;
  for (size_t i = 0; i < s.size();) n += unicode::next(s, i) >= 0x10000 ? 2 : 1;
  return n;
}

// String.toLowerCase for the scripts the terminating patterns can match
// (ASCII, Latin-1, Latin Extended-A, Greek, Cyrillic); other text is kept.
uint32_t java_lower_cp(uint32_t cp) {
  auto in = [cp](uint32_t lo, uint32_t hi) { return cp >= lo && cp <= hi; };
  if (in('A', 'Z') || (in(0xC0, 0xDE) && cp != 0xD7)) return cp + 0x20;
  // Latin Extended-A: upper case at even code points, odd in U+0139-0148 and U+0179-017E.
  if ((in(0x100, 0x137) || in(0x14A, 0x177)) && cp % 2 == 0 && cp != 0x130) return cp + 1;
  if ((in(0x139, 0x148) || in(0x179, 0x17E)) && cp % 2 == 1) return cp + 1;
  if (cp == 0x178) return 0xFF;
  if (in(0x391, 0x3AB) && cp != 0x3A2) return cp + 0x20;
  if (in(0x410, 0x42F)) return cp + 0x20;
  if (in(0x400, 0x40F)) return cp + 0x50;
  return cp;
}

std::string java_lower(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) unicode::append(out, java_lower_cp(unicode::next(s, i)));
  return out;
}

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

// ---------------------------------------------------------------------------
// Segmentation: sax/BoilerpipeHTMLContentHandler driven by our Document.

TagAction tag_action(Tag t) {
  static const auto table = [] {
    std::array<TagAction, static_cast<size_t>(Tag::Count)> a{};
    for (const auto& e : kTagActions) a[static_cast<size_t>(e.tag)] = e.action;
    return a;
  }();
  return table[static_cast<size_t>(t)];
}

// TagAction.changesTagLevel: true for all but the two inline actions.
bool changes_tag_level(TagAction a) {
  return a != TagAction::InlineNoWhitespace && a != TagAction::InlineWhitespace;
}

bool is_glue_char(uint32_t cp) {
  return cp < 0x80 && kTokenGlueChars.find(static_cast<char>(cp)) != std::string_view::npos;
}

// util/UnicodeTokenizer.tokenize on code points: calls on_token(begin, end)
// for each token. The Java code puts U+2063 at every java.util.regex word
// boundary (\b), removes those next to kTokenGlueChars, turns runs of spaces
// and U+2063 into one space, trims (String.trim: chars <= U+0020) and splits
// at spaces. For \b (JDK <= 18) a word character is a letter, a digit or '_',
// or a non-spacing mark that follows a letter or digit. "" gives one empty
// token, as "".split(...) does.
template <class OnToken>
void for_each_token(const std::vector<uint32_t>& cps, std::vector<uint8_t>& is_word_char, OnToken on_token) {
  const size_t n = cps.size();
  is_word_char.assign(n, 0);
  bool base_is_letter_or_digit = false;
  for (size_t k = 0; k < n; ++k) {
    uint8_t cls = bu::char_class(cps[k]);
    if (cls == bu::kNonSpacingMark) {
      is_word_char[k] = base_is_letter_or_digit;
    } else {
      base_is_letter_or_digit = cls == bu::kLetterOrDigit;
      is_word_char[k] = base_is_letter_or_digit || cps[k] == '_';
    }
  }
  auto trimmed = [&](uint32_t cp) { return cp <= 0x20 || cp == 0x2063; };
  size_t a = 0, b = n;
  while (a < b && trimmed(cps[a])) ++a;
  while (b > a && trimmed(cps[b - 1])) --b;
  if (a == b) {
    on_token(a, a);
    return;
  }
  size_t tok_begin = a;
  for (size_t k = a; k < b; ++k) {
    uint32_t cp = cps[k];
    if (cp == ' ' || cp == 0x2063) {
      if (k > tok_begin) on_token(tok_begin, k);
      tok_begin = k + 1;
      continue;
    }
    if (k > tok_begin && is_word_char[k - 1] != is_word_char[k] && !is_glue_char(cps[k - 1]) &&
        !is_glue_char(cp)) {
      on_token(tok_begin, k);
      tok_begin = k;
    }
  }
  if (b > tok_begin) on_token(tok_begin, b);
}

std::vector<uint32_t> to_code_points(std::string_view s) {
  std::vector<uint32_t> cps;
  cps.reserve(s.size());
  for (size_t i = 0; i < s.size();) cps.push_back(unicode::next(s, i));
  return cps;
}

struct TokenStats {
  int tokens = 0, words = 0, anchor_words = 0, wrapped_lines = 0, words_current_line = 0;
};

class Segmenter {
 public:
  explicit Segmenter(const Document& doc) : doc_(doc) {}

  TextDocument run() {
    out_.atom_node_begin.push_back(0);
    std::vector<uint32_t> open;  // open elements, innermost last
    for (uint32_t i = 1; i < doc_.size(); ++i) {
      const Node& n = doc_.nodes[i];
      while (!open.empty() && doc_.nodes[open.back()].depth >= n.depth) {
        end_element(doc_.nodes[open.back()].tag);
        open.pop_back();
      }
      if (n.kind == NodeKind::Text) {
        characters(i);
      } else {
        start_element(n.tag);
        open.push_back(i);
      }
    }
    while (!open.empty()) {
      end_element(doc_.nodes[open.back()].tag);
      open.pop_back();
    }
    flush_block();  // endDocument
    flush_block();  // toTextDocument, "just to be sure"
    return std::move(out_);
  }

 private:
  void add_whitespace_if_necessary() {
    if (!last_was_whitespace_) {
      tokens_ += ' ';
      text_ += ' ';
      last_was_whitespace_ = true;
    }
  }

  // CommonTagActions.TA_ANCHOR_TEXT.end
  void anchor_end() {
    if (--in_anchor_ == 0 && in_ignorable_ == 0) {
      add_whitespace_if_necessary();
      tokens_ += kAnchorEndUtf8;
      tokens_ += ' ';
      last_was_whitespace_ = true;
    }
  }

  void start_element(Tag tag) {
    TagAction a = tag_action(tag);
    if (a == TagAction::Unlisted) {
      ++tag_level_;
      flush_ = true;
    } else {
      if (changes_tag_level(a)) ++tag_level_;
      bool f = false;
      switch (a) {
        case TagAction::Ignorable:
          ++in_ignorable_;
          f = true;
          break;
        case TagAction::Anchor:
          if (in_anchor_++ > 0) anchor_end();  // nested <a>: "trying to recover somehow"
          if (in_ignorable_ == 0) {
            add_whitespace_if_necessary();
            tokens_ += kAnchorStartUtf8;
            tokens_ += ' ';
            last_was_whitespace_ = true;
          }
          break;
        case TagAction::Body:
          flush_block();
          ++in_body_;
          break;
        case TagAction::InlineWhitespace:
          add_whitespace_if_necessary();
          break;
        default:
          break;
      }
      flush_ = f || flush_;
    }
    last_start_is_title_ = tag == Tag::Title;
  }

  void end_element(Tag tag) {
    TagAction a = tag_action(tag);
    if (a == TagAction::Unlisted) {
      flush_ = true;
    } else {
      bool f = false;
      switch (a) {
        case TagAction::Ignorable:
          --in_ignorable_;
          f = true;
          break;
        case TagAction::Anchor:
          anchor_end();
          break;
        case TagAction::Body:
          flush_block();
          --in_body_;
          break;
        case TagAction::InlineWhitespace:
          add_whitespace_if_necessary();
          break;
        default:
          break;
      }
      flush_ = f || flush_;
    }
    if (changes_tag_level(a)) --tag_level_;
    if (flush_) flush_block();  // (the flag stays set until the next characters())
  }

  void characters(uint32_t node) {
    if (flush_) {
      flush_block();
      flush_ = false;
    }
    if (in_ignorable_ != 0) return;
    std::string_view s = doc_.text(node);
    if (s.empty()) return;
    // Java whitespace becomes ' '; leading and trailing runs are cut off and
    // remembered; inner runs stay as they are.
    std::string middle;
    bool start_ws = false, end_ws = false, seen = false;
    size_t pending_spaces = 0;
    for (size_t i = 0; i < s.size();) {
      uint32_t cp = unicode::next(s, i);
      if (bu::is_java_whitespace(cp)) {
        if (seen) ++pending_spaces;
        else start_ws = true;
        continue;
      }
      middle.append(pending_spaces, ' ');
      pending_spaces = 0;
      seen = true;
      unicode::append(middle, cp);
    }
    end_ws = pending_spaces > 0;
    if (!seen) {
      if (!last_was_whitespace_) {
        text_ += ' ';
        tokens_ += ' ';
      }
      last_was_whitespace_ = true;
      return;
    }
    if (start_ws && !last_was_whitespace_) {
      text_ += ' ';
      tokens_ += ' ';
    }
    if (block_tag_level_ == -1) block_tag_level_ = tag_level_;
    text_ += middle;
    tokens_ += middle;
    if (end_ws) {
      text_ += ' ';
      tokens_ += ' ';
    }
    last_was_whitespace_ = end_ws;
    pending_nodes_.push_back(doc_.nodes[node].text_index);
  }

  void clear_buffers() {
    tokens_.clear();
    text_.clear();
    pending_nodes_.clear();
  }

  // flushBlock's loop over the tokens of the token buffer.
  TokenStats count_tokens() {
    cps_.clear();
    for (size_t i = 0; i < tokens_.size();) cps_.push_back(unicode::next(tokens_, i));
    TokenStats st;
    int line_length = -1;  // "don't count the first space"
    for_each_token(cps_, is_word_char_, [&](size_t begin, size_t end) {
      size_t len = end - begin;
      if (len == 3 && std::equal(cps_.begin() + begin, cps_.begin() + end, kAnchorStartMarker.begin())) {
        in_anchor_text_ = true;
        return;
      }
      if (len == 3 && std::equal(cps_.begin() + begin, cps_.begin() + end, kAnchorEndMarker.begin())) {
        in_anchor_text_ = false;
        return;
      }
      ++st.tokens;
      bool word = false;  // PAT_VALID_WORD_CHARACTER [\p{L}\p{Nd}\p{Nl}\p{No}]
      int len16 = 0;      // String.length(): UTF-16 units
      for (size_t k = begin; k < end; ++k) {
        uint8_t cls = bu::char_class(cps_[k]);
        word = word || cls == bu::kLetterOrDigit || cls == bu::kOtherNumber;
        len16 += cps_[k] >= 0x10000 ? 2 : 1;
      }
      if (!word) return;
      ++st.words;
      ++st.words_current_line;
      if (in_anchor_text_) ++st.anchor_words;
      line_length += len16 + 1;
      if (line_length > kWrapLineLength) {
        ++st.wrapped_lines;
        line_length = len16;
        st.words_current_line = 1;
      }
    });
    return st;
  }

  void flush_block() {
    if (in_body_ == 0) {
      if (last_start_is_title_) {
        std::string_view t = java_trim(tokens_);
        if (!t.empty()) out_.title = std::string(t);
      }
      clear_buffers();
      return;
    }
    if (tokens_.empty()) return;
    if (last_was_whitespace_ && tokens_.size() <= 4 && utf16_length(tokens_) == 1) {
      clear_buffers();
      return;
    }
    TokenStats st = count_tokens();
    if (st.tokens == 0) {
      // Only anchor markers: Java keeps both buffers for the next block. Re-reading
      // the markers only re-sets the anchor state to what it already is, so a long
      // run of them is shortened to the last one (keeps this linear).
      if (tokens_.size() > 256) {
        size_t ps = tokens_.rfind(kAnchorStartUtf8), pe = tokens_.rfind(kAnchorEndUtf8);
        bool start_last = ps != std::string::npos && (pe == std::string::npos || ps > pe);
        tokens_ = std::string(start_last ? kAnchorStartUtf8 : kAnchorEndUtf8) + ' ';
      }
      return;
    }
    Block b;
    b.words = st.words;
    b.anchor_words = st.anchor_words;
    if (st.wrapped_lines == 0) {
      b.wrapped_words = st.words;
      b.wrapped_lines = 1;
    } else {
      b.wrapped_words = st.words - st.words_current_line;
      b.wrapped_lines = st.wrapped_lines;
    }
    b.offset_start = b.offset_end = offset_blocks_++;
    b.init_densities();
    b.tag_level = block_tag_level_;
    block_tag_level_ = -1;
    b.atoms.push_back(static_cast<uint32_t>(out_.atom_text.size()));
    out_.atom_text.emplace_back(java_trim(text_));
    out_.atom_nodes.insert(out_.atom_nodes.end(), pending_nodes_.begin(), pending_nodes_.end());
    out_.atom_node_begin.push_back(static_cast<uint32_t>(out_.atom_nodes.size()));
    out_.blocks.push_back(std::move(b));
    clear_buffers();
  }

  const Document& doc_;
  TextDocument out_;
  std::string tokens_;  // tokenBuffer (text plus anchor markers)
  std::string text_;    // textBuffer
  std::vector<uint32_t> pending_nodes_;  // text nodes whose text is in text_
  int in_body_ = 0, in_anchor_ = 0, in_ignorable_ = 0;
  int tag_level_ = 0, block_tag_level_ = -1;
  int offset_blocks_ = 0;
  bool last_was_whitespace_ = false;  // sbLastWasWhitespace
  bool flush_ = false;
  bool in_anchor_text_ = false;
  bool last_start_is_title_ = false;
  std::vector<uint32_t> cps_;
  std::vector<uint8_t> is_word_char_;
};

}  // namespace

std::vector<std::string> tokenize(std::string_view text) {
  std::vector<uint32_t> cps = to_code_points(text);
  std::vector<uint8_t> is_word_char;
  std::vector<std::string> out;
  for_each_token(cps, is_word_char, [&](size_t begin, size_t end) {
    std::string t;
    for (size_t k = begin; k < end; ++k) unicode::append(t, cps[k]);
    out.push_back(std::move(t));
  });
  return out;
}

TextDocument segment(const Document& doc) { return Segmenter(doc).run(); }

// ---------------------------------------------------------------------------
// Filters (de.l3s.boilerpipe.filters.*). Java removes blocks from a linked
// list while iterating; here each filter rebuilds the vector, same result.

// heuristics/SimpleBlockFusionProcessor: merges neighbours of equal text density.
void simple_block_fusion(Blocks& bs) {
  if (bs.size() < 2) return;
  Blocks out;
  out.reserve(bs.size());
  out.push_back(std::move(bs[0]));
  for (size_t i = 1; i < bs.size(); ++i) {
    if (out.back().text_density == bs[i].text_density) out.back().merge_next(bs[i]);
    else out.push_back(std::move(bs[i]));
  }
  bs = std::move(out);
}

// heuristics/BlockProximityFusion: merges a content block into the block
// before it when at most max_distance segmenter blocks lie between them. In
// the plain variant the block before may be boilerplate (and becomes content).
void block_proximity_fusion(Blocks& bs, int max_distance, bool content_only) {
  if (bs.size() < 2) return;
  size_t start = 1;
  if (content_only) {
    size_t f = 0;
    while (f < bs.size() && !bs[f].content) ++f;
    if (f == bs.size()) return;
    start = f + 1;
  }
  Blocks out;
  out.reserve(bs.size());
  for (size_t i = 0; i < start; ++i) out.push_back(std::move(bs[i]));
  for (size_t i = start; i < bs.size(); ++i) {
    Block& b = bs[i];
    Block& prev = out.back();
    if (b.content && b.offset_start - prev.offset_end - 1 <= max_distance &&
        (!content_only || prev.content)) {
      prev.merge_next(b);
      continue;
    }
    out.push_back(std::move(b));
  }
  bs = std::move(out);
}

namespace {
template <class Classify>
void classify_with_neighbours(Blocks& bs, Classify classify) {
  for (size_t i = 0; i < bs.size(); ++i) {
    const Block& prev = i > 0 ? bs[i - 1] : empty_block();
    const Block& next = i + 1 < bs.size() ? bs[i + 1] : empty_block();
    bs[i].content = classify(prev, bs[i], next);
  }
}

}  // namespace

// english/DensityRulesClassifier.
bool density_rules(const Block& prev, const Block& curr, const Block& next) {
  const DensityRules& r = kDensityRules;
  if (static_cast<double>(curr.link_density) > r.curr_ld_max) return false;
  if (static_cast<double>(prev.link_density) <= r.prev_ld_max) {
    if (curr.text_density <= r.curr_td_max) {
      if (next.text_density <= r.next_td_max) return prev.text_density > r.prev_td_max;
      return true;
    }
    return next.text_density != r.next_td_zero;
  }
  return next.text_density > r.next_td_after_links;
}

// english/NumWordsRulesClassifier.
bool num_words_rules(const Block& prev, const Block& curr, const Block& next) {
  const NumWordsRules& r = kNumWordsRules;
  if (static_cast<double>(curr.link_density) > r.curr_ld_max) return false;
  if (static_cast<double>(prev.link_density) <= r.prev_ld_max) {
    if (curr.words <= r.curr_words_max) {
      if (next.words <= r.next_words_max) return prev.words > r.prev_words_max;
      return true;
    }
    return true;
  }
  if (curr.words <= r.curr_words_after_links) return next.words > r.next_words_after_links;
  return true;
}

void density_rules_classifier(Blocks& bs) { classify_with_neighbours(bs, density_rules); }
void num_words_rules_classifier(Blocks& bs) { classify_with_neighbours(bs, num_words_rules); }

// TerminatingBlocksFinder's patterns, matched on the lower-cased text.
bool matches_terminating_patterns(std::string_view text) {
  std::string lc = java_lower(text);
  for (auto p : kTerminatingPrefixes)
    if (starts_with(lc, p)) return true;
  size_t digits = 0;
  while (digits < lc.size() && lc[digits] >= '0' && lc[digits] <= '9') ++digits;
  if (digits > 0)
    for (auto p : kTerminatingAfterNumber)
      if (starts_with(std::string_view(lc).substr(digits), p)) return true;
  for (auto p : kTerminatingInfixes)
    if (lc.find(p) != std::string::npos) return true;
  for (auto p : kTerminatingExact)
    if (lc == p) return true;
  return false;
}

// english/TerminatingBlocksFinder (runs on unmerged blocks: text = atom text).
void terminating_blocks_finder(Blocks& bs, const TextDocument& d) {
  for (Block& b : bs) {
    if (b.words >= kTerminatingMaxWords) continue;
    std::string_view text = java_trim(d.atom_text[b.atoms.front()]);
    if (utf16_length(text) < kTerminatingMinLength) continue;
    if (matches_terminating_patterns(text)) b.labels |= kLabelEndOfText;
  }
}

// DocumentTitleMatchClassifier.getLongestPart: split the title at
// "[ ]*[set][ ]*" (String.split: trailing empty parts dropped); of the parts
// not containing ".com", the first, or a later one that is longer; trimmed.
namespace {
bool longest_title_part(std::string_view title, std::string_view set, std::string& result) {
  std::vector<uint32_t> set_cps;
  for (size_t i = 0; i < set.size();) set_cps.push_back(unicode::next(set, i));
  std::vector<std::string> parts;
  std::string cur;
  std::string spaces;  // spaces not yet known to belong to a part
  for (size_t i = 0; i < title.size();) {
    size_t before = i;
    uint32_t cp = unicode::next(title, i);
    if (cp == ' ') {
      spaces += ' ';
      continue;
    }
    if (std::find(set_cps.begin(), set_cps.end(), cp) != set_cps.end()) {
      parts.push_back(std::move(cur));
      cur.clear();
      spaces.clear();
      while (i < title.size() && title[i] == ' ') ++i;  // trailing [ ]*
      continue;
    }
    cur += spaces;
    spaces.clear();
    cur.append(title.substr(before, i - before));
  }
  cur += spaces;
  parts.push_back(std::move(cur));
  while (!parts.empty() && parts.back().empty()) parts.pop_back();
  if (parts.size() == 1) return false;
  bool have = false;
  std::string longest;
  size_t longest_len = 0;
  for (const std::string& p : parts) {
    if (p.find(kTitlePartSkip) != std::string::npos) continue;
    // numWords = p.split("[\b]+").length: \b is a backspace there, so 1.
    size_t len = utf16_length(p);
    if (!have || len > longest_len) {
      have = true;
      longest = p;
      longest_len = len;
    }
  }
  if (longest.empty()) return false;
  result = std::string(java_trim(longest));
  return true;
}

}  // namespace

// DocumentTitleMatchClassifier's constructor: the trimmed title and its
// longest part for each separator set.
std::vector<std::string> potential_titles(std::string_view title) {
  title = java_trim(title);
  if (title.empty()) return {};
  std::vector<std::string> potential = {std::string(title)};
  for (auto set : kTitleSeparatorSets) {
    std::string part;
    if (longest_title_part(title, set, part)) potential.push_back(std::move(part));
  }
  return potential;
}

// heuristics/DocumentTitleMatchClassifier: blocks whose trimmed text equals a
// potential title (exactly) are the title (runs on unmerged blocks).
void document_title_match_classifier(Blocks& bs, const TextDocument& d) {
  std::vector<std::string> potential = potential_titles(d.title);
  if (potential.empty()) return;
  for (Block& b : bs) {
    std::string_view text = java_trim(d.atom_text[b.atoms.front()]);
    for (const std::string& p : potential)
      if (text == p) b.labels |= kLabelTitle;
  }
}

// english/IgnoreBlocksAfterContentFilter.
void ignore_blocks_after_content(Blocks& bs, int min_words) {
  int words = 0;
  bool found_end = false;
  for (Block& b : bs) {
    if (b.content && b.text_density >= kFullTextMinTextDensity) words += b.words;
    if ((b.labels & kLabelEndOfText) && words >= min_words) found_end = true;
    if (found_end) b.content = false;
  }
}

// simple/BoilerplateBlockFilter: removes the non-content blocks.
void boilerplate_block_filter(Blocks& bs) {
  bs.erase(std::remove_if(bs.begin(), bs.end(), [](const Block& b) { return !b.content; }), bs.end());
}

// heuristics/KeepLargestBlockFilter: only the first content block with the
// most words stays content; all others become "might be content".
void keep_largest_block(Blocks& bs) {
  if (bs.size() < 2) return;
  int max_words = -1;
  size_t largest = bs.size();
  for (size_t i = 0; i < bs.size(); ++i)
    if (bs[i].content && bs[i].words > max_words) {
      max_words = bs[i].words;
      largest = i;
    }
  for (size_t i = 0; i < bs.size(); ++i) {
    if (i == largest) {
      bs[i].content = true;
    } else {
      bs[i].content = false;
      bs[i].labels |= kLabelMightBeContent;
    }
  }
}

// heuristics/ExpandTitleToContentFilter: the "might be content" blocks from
// the (last) title block before the first content block up to it become content.
void expand_title_to_content(Blocks& bs) {
  int title = -1, content_start = -1;
  for (int i = 0; i < static_cast<int>(bs.size()); ++i) {
    if (content_start == -1 && (bs[i].labels & kLabelTitle)) title = i;
    if (content_start == -1 && bs[i].content) content_start = i;
  }
  if (content_start <= title || title == -1) return;
  for (int i = title; i < content_start; ++i)
    if (bs[i].labels & kLabelMightBeContent) bs[i].content = true;
}

// ---------------------------------------------------------------------------
// The extractors.

void run_pipeline(TextDocument& d, Pipeline p) {
  Blocks& bs = d.blocks;
  switch (p) {
    case Pipeline::Default:  // extractors/DefaultExtractor
      simple_block_fusion(bs);
      block_proximity_fusion(bs, kProximityMaxDistance, false);
      density_rules_classifier(bs);
      break;
    case Pipeline::Article:  // extractors/ArticleExtractor
      terminating_blocks_finder(bs, d);
      document_title_match_classifier(bs, d);
      num_words_rules_classifier(bs);
      ignore_blocks_after_content(bs, kIgnoreAfterContentMinWords);
      block_proximity_fusion(bs, kProximityMaxDistance, false);
      boilerplate_block_filter(bs);
      block_proximity_fusion(bs, kProximityMaxDistance, true);
      keep_largest_block(bs);
      expand_title_to_content(bs);
      break;
    case Pipeline::Largest:  // extractors/LargestContentExtractor
      num_words_rules_classifier(bs);
      block_proximity_fusion(bs, kProximityMaxDistance, false);
      keep_largest_block(bs);
      break;
    case Pipeline::KeepEverything:  // extractors/KeepEverythingExtractor (MarkEverythingContentFilter)
      for (Block& b : bs) b.content = true;
      break;
  }
}

}  // namespace boilerpipe

namespace {

// Every text node whose text went into a content block gets 1.0.
Labels run(Context& ctx, boilerpipe::Pipeline p) {
  const Document& doc = ctx.doc();
  boilerpipe::TextDocument d = boilerpipe::segment(doc);
  boilerpipe::run_pipeline(d, p);
  Labels labels(doc.text_nodes.size(), 0.0f);
  for (const boilerpipe::Block& b : d.blocks) {
    if (!b.content) continue;
    for (uint32_t a : b.atoms)
      for (uint32_t k = d.atom_node_begin[a]; k < d.atom_node_begin[a + 1]; ++k)
        labels[d.atom_nodes[k]] = 1.0f;
  }
  return labels;
}

constexpr const char* kReference =
    "Kohlschütter, Fankhauser, Nejdl 2010: Boilerplate detection using shallow text features "
    "(boilerpipe 1.2.0)";

}  // namespace

std::unique_ptr<Extractor> make_boilerpipe() {
  return make_extractor(
      {"boilerpipe", Family::Heuristic, kReference,
       "Boilerpipe DefaultExtractor: text blocks classified by link density and text density "
       "of the block and its neighbours (C4.8 rules)."},
      [](Context& ctx) { return run(ctx, boilerpipe::Pipeline::Default); });
}

std::unique_ptr<Extractor> make_boilerpipe_article() {
  return make_extractor(
      {"boilerpipe_article", Family::Heuristic, kReference,
       "Boilerpipe ArticleExtractor: word-count rules, end-of-article cues, the title, and the "
       "largest merged content block."},
      [](Context& ctx) { return run(ctx, boilerpipe::Pipeline::Article); });
}

std::unique_ptr<Extractor> make_boilerpipe_largest() {
  return make_extractor(
      {"boilerpipe_largest", Family::Heuristic, kReference,
       "Boilerpipe LargestContentExtractor: word-count rules, then only the largest merged "
       "content block."},
      [](Context& ctx) { return run(ctx, boilerpipe::Pipeline::Largest); });
}

std::unique_ptr<Extractor> make_boilerpipe_keepall() {
  return make_extractor(
      {"boilerpipe_keepall", Family::Baseline, kReference,
       "Boilerpipe KeepEverythingExtractor: all text of Boilerpipe's text blocks (body text "
       "outside script, style, option, object, embed, link, noscript)."},
      [](Context& ctx) { return run(ctx, boilerpipe::Pipeline::KeepEverything); });
}

}  // namespace wce
