// Boilerpipe, stage 1: segmentation (sax/BoilerpipeHTMLContentHandler +
// DefaultTagActionMap of boilerpipe 1.2.0), replayed over our Document; the
// text blocks and their shallow features (boilerpipe.cpp has the whole
// algorithm and the faithfulness notes).
#include <algorithm>
#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "document/unicode.hpp"
#include "extractors/boilerpipe/boilerpipe.hpp"
#include "extractors/boilerpipe/java_text.hpp"
#include "extractors/boilerpipe/unicode.hpp"

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

}  // namespace boilerpipe
}  // namespace wce
