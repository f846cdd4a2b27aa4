// Stop-word lists of 58 languages, from the npm package stopwords-iso 1.1.0
// (MIT, https://github.com/stopwords-iso/stopwords-iso), and jusText's own
// 100 lists (justext 3.0.2 from PyPI, BSD; JustextStopList below), turned
// into sorted C++ tables at build time by scripts/gen_stopwords.mjs (CMake
// writes build/.../generated/stopwords_data.cpp). Internal header.
//
// Languages (ISO 639-1): af ar bg bn br ca cs da de el en eo es et eu fa fi
// fr ga gl gu ha he hi hr hu hy id it ja ko ku la lt lv mr ms nl no pl pt ro
// ru sk sl so st sv sw th tl tr uk ur vi yo zh zu.
//
// Words are compared case-folded (fold_case: the simple one-to-one Unicode
// lower-case mapping of every cased script, plus the final-sigma rule), so a
// lookup of "The", "ΚΑΙ" or "ЭТО" finds "the", "και", "это". A stop word is
// one whitespace-separated token: languages written without spaces (zh, ja,
// th) rarely match whole tokens, and multi-word entries are not in the tables.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "wce/context.hpp"

namespace wce::stopwords {

namespace data {  // scripts/gen_stopwords.mjs
struct LanguageEntry { std::string_view code; uint32_t size; };
struct WordEntry { std::string_view word; uint64_t langs; };  // bit i: kLanguages[i]
struct CaseMapping { uint32_t from, to; };
extern const LanguageEntry kLanguages[];
extern const size_t kLanguageCount;
extern const WordEntry kWords[];       // sorted by UTF-8 bytes, folded
extern const size_t kWordCount;
extern const CaseMapping kLower[];     // sorted by `from`
extern const size_t kLowerCount;
extern const uint32_t kCasedLower[];   // sorted: lower-case letters (with an upper-case form)
extern const size_t kCasedLowerCount;
// jusText's lists, encoded as scripts/gen_stopwords.mjs describes (kJt*).
struct JustextList { std::string_view name, code; };  // code "" when none
struct JustextListSet { uint64_t lo, hi; };            // bit i: kJtLists[i]
extern const JustextList kJtLists[];
extern const size_t kJtListCount;
extern const size_t kJtWordCount;
extern const size_t kJtBlockSize;
extern const char kJtBlob[];
extern const size_t kJtBlobSize;
extern const uint32_t kJtBlockStart[];  // (kJtWordCount + kJtBlockSize - 1) / kJtBlockSize
extern const uint16_t kJtSetOfWord[];   // kJtWordCount
extern const JustextListSet kJtSets[];
extern const size_t kJtSetCount;
}  // namespace data

// Python's str.isspace() (the \s of its re module), which the original
// jusText and Goose use to split words.
inline bool py_space(uint32_t cp) {
  return (cp >= 0x09 && cp <= 0x0D) || (cp >= 0x1C && cp <= 0x20) || cp == 0x85 || cp == 0xA0 ||
         cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028 || cp == 0x2029 ||
         cp == 0x202F || cp == 0x205F || cp == 0x3000;
}

// Simple lower-case mapping of one code point (identity when it has none).
uint32_t lower(uint32_t cp);
// A letter with case (upper or lower).
bool is_cased(uint32_t cp);
// Case-folds a UTF-8 word (invalid bytes become U+FFFD). `out` is replaced.
void fold_case(std::string_view word, std::string& out);
std::string fold_case(std::string_view word);
// Languages whose list holds this already folded word (bit i = languages()[i]).
uint64_t lookup_folded(std::string_view folded);

// The ISO codes of the lists, sorted; index i is bit i of the masks.
std::vector<std::string_view> languages();
int language_index(std::string_view code);  // -1 when unknown

// One language's stop-word set. The default (and an unknown code) is the
// empty set, which contains nothing.
class StopList {
 public:
  StopList() = default;
  explicit StopList(std::string_view code) : index_(language_index(code)) {}
  bool empty() const { return index_ < 0; }
  std::string_view code() const;
  size_t size() const;  // distinct folded words
  // `word` is case-folded first; `folded` must be folded already.
  bool contains(std::string_view word) const;
  bool contains_folded(std::string_view folded) const {
    return index_ >= 0 && (lookup_folded(folded) >> index_ & 1u);
  }

 private:
  int index_ = -1;
};

// One of jusText's stop lists (justext/stoplists/<Name>.txt), or the union
// of them all (trafilatura's JT_STOPLIST), or the empty list. The extractor
// justext uses these, as the original does, rather than stopwords-iso: the
// lists differ a lot for some languages (stopwords-iso's pl and ru lists
// give jusText far fewer good paragraphs).
class JustextStopList {
 public:
  JustextStopList() = default;  // empty: contains nothing
  // The list of a language code: its primary subtag, case-insensitive
  // ("pl", "PL", "pl-PL", "nb"; "no" is Norwegian Bokmål); empty when
  // jusText has no list for it (e.g. "zh", "ja", "").
  static JustextStopList for_language(std::string_view code);
  static JustextStopList by_name(std::string_view name);  // "Polish"; empty when unknown
  static JustextStopList all();
  bool empty() const { return list_ == kEmpty; }
  std::string_view name() const;  // "" for the empty list, "*" for all()
  bool contains_folded(std::string_view folded) const;
  bool contains(std::string_view word) const;  // case-folds first

 private:
  static constexpr int kEmpty = -1, kAll = -2;
  explicit JustextStopList(int list) : list_(list) {}
  int list_ = kEmpty;  // index in data::kJtLists, or kEmpty / kAll
};

// Stop-word language detection, cached in Context::language():
//  * tokens: the text of every text node (script, style, noscript and
//    template content are not in the Document), split at whitespace, with
//    leading and trailing punctuation (ASCII, Latin-1, General Punctuation,
//    CJK and full-width punctuation) trimmed, then case-folded; tokens of
//    one character and numbers are skipped (several lists hold the 26 Latin
//    letters or the digits);
//  * each token that is in a language's list is one hit for that language
//    (a word in several lists counts for each of them);
//  * the language with most hits wins; a tie goes to English when English is
//    among the best, otherwise to the first code in alphabetical order;
//  * minimum: at least kMinHits hits and at least kMinShare of the tokens,
//    otherwise "" (no language: e.g. an empty page or Chinese text, whose
//    whitespace tokens are whole phrases).
constexpr uint32_t kMinHits = 5;
constexpr double kMinShare = 0.05;
const std::string& detect_stopword_language(Context& ctx);

}  // namespace wce::stopwords
