// Stop-word tables: case folding, lookup and the page language by stop-word
// hits (see stopwords.hpp). The tables are generated (scripts/gen_stopwords.mjs).
#include "features/stopwords.hpp"

#include <algorithm>
#include <array>

#include "document/unicode.hpp"

namespace wce {
namespace stopwords {

using namespace data;

uint32_t lower(uint32_t cp) {
  if (cp < 0x80) return (cp >= 'A' && cp <= 'Z') ? cp + 32 : cp;
  const CaseMapping* end = kLower + kLowerCount;
  const CaseMapping* it =
      std::lower_bound(kLower, end, cp, [](const CaseMapping& m, uint32_t c) { return m.from < c; });
  return (it != end && it->from == cp) ? it->to : cp;
}

bool is_cased(uint32_t cp) {
  if (cp < 0x80) return (cp >= 'A' && cp <= 'Z') || (cp >= 'a' && cp <= 'z');
  if (lower(cp) != cp) return true;
  return std::binary_search(kCasedLower, kCasedLower + kCasedLowerCount, cp);
}

void fold_case(std::string_view word, std::string& out) {
  out.clear();
  bool ascii = true;
  for (char c : word)
    if (static_cast<unsigned char>(c) >= 0x80) { ascii = false; break; }
  if (ascii) {
    out.assign(word);
    for (char& c : out)
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c + 32);
    return;
  }
  constexpr uint32_t kSigma = 0x3A3, kSmallSigma = 0x3C3, kFinalSigma = 0x3C2;
  uint32_t prev = 0;
  for (size_t i = 0; i < word.size();) {
    uint32_t cp = unicode::next(word, i);
    if (cp == kSigma) {
      // Final_Sigma (Unicode SpecialCasing): preceded by a cased letter and
      // not followed by one.
      bool after = false;
      if (i < word.size()) {
        size_t j = i;
        after = is_cased(unicode::next(word, j));
      }
      unicode::append(out, is_cased(prev) && !after ? kFinalSigma : kSmallSigma);
    } else {
      unicode::append(out, lower(cp));
    }
    prev = cp;
  }
}

std::string fold_case(std::string_view word) {
  std::string out;
  fold_case(word, out);
  return out;
}

uint64_t lookup_folded(std::string_view folded) {
  const WordEntry* end = kWords + kWordCount;
  const WordEntry* it = std::lower_bound(
      kWords, end, folded, [](const WordEntry& e, std::string_view w) { return e.word < w; });
  return (it != end && it->word == folded) ? it->langs : 0;
}

std::vector<std::string_view> languages() {
  std::vector<std::string_view> v;
  for (size_t i = 0; i < kLanguageCount; ++i) v.push_back(kLanguages[i].code);
  return v;
}

int language_index(std::string_view code) {
  for (size_t i = 0; i < kLanguageCount; ++i)
    if (kLanguages[i].code == code) return static_cast<int>(i);
  return -1;
}

std::string_view StopList::code() const { return index_ < 0 ? std::string_view() : kLanguages[index_].code; }
size_t StopList::size() const { return index_ < 0 ? 0 : kLanguages[index_].size; }

bool StopList::contains(std::string_view word) const {
  if (index_ < 0) return false;
  std::string f;
  fold_case(word, f);
  return contains_folded(f);
}

JustextStopList JustextStopList::for_language(std::string_view code) {
  std::string primary;
  for (char c : code) {
    if (c == '-' || c == '_') break;
    primary += (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c;
  }
  if (primary.empty()) return {};
  if (primary == "no") primary = "nb";  // macrolanguage Norwegian: jusText's Bokmål list
  for (size_t i = 0; i < kJtListCount; ++i)
    if (kJtLists[i].code == primary) return JustextStopList(static_cast<int>(i));
  return {};
}

JustextStopList JustextStopList::by_name(std::string_view name) {
  for (size_t i = 0; i < kJtListCount; ++i)
    if (kJtLists[i].name == name) return JustextStopList(static_cast<int>(i));
  return {};
}

JustextStopList JustextStopList::all() { return JustextStopList(kAll); }

std::string_view JustextStopList::name() const {
  if (list_ == kAll) return "*";
  return list_ < 0 ? std::string_view() : kJtLists[list_].name;
}

namespace {

// The first word of front-coded block b (a view into the blob).
std::string_view jt_block_head(size_t b) {
  const char* p = kJtBlob + kJtBlockStart[b];
  return std::string_view(p + 1, static_cast<unsigned char>(p[0]));
}

// Index of a folded word among all distinct jusText words, or -1: binary
// search over the block heads, then the block decoded word by word.
long jt_find(std::string_view w) {
  const size_t blocks = (kJtWordCount + kJtBlockSize - 1) / kJtBlockSize;
  size_t lo = 0, hi = blocks;  // first block whose head is > w
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (jt_block_head(mid) <= w) lo = mid + 1;
    else hi = mid;
  }
  if (lo == 0) return -1;
  const size_t b = lo - 1;
  const size_t end = b + 1 < blocks ? kJtBlockStart[b + 1] : kJtBlobSize;
  std::string word(jt_block_head(b));
  size_t pos = kJtBlockStart[b] + 1 + word.size();
  for (size_t k = 0;; ++k) {
    if (word == w) return static_cast<long>(b * kJtBlockSize + k);
    if (word > w || pos >= end) return -1;
    size_t prefix = static_cast<unsigned char>(kJtBlob[pos]), rest = static_cast<unsigned char>(kJtBlob[pos + 1]);
    word.resize(prefix);
    word.append(kJtBlob + pos + 2, rest);
    pos += 2 + rest;
  }
}

}  // namespace

bool JustextStopList::contains_folded(std::string_view folded) const {
  if (list_ == kEmpty) return false;
  long i = jt_find(folded);
  if (i < 0) return false;
  if (list_ == kAll) return true;
  const JustextListSet& set = kJtSets[kJtSetOfWord[i]];
  return list_ < 64 ? (set.lo >> list_ & 1u) : (set.hi >> (list_ - 64) & 1u);
}

bool JustextStopList::contains(std::string_view word) const {
  std::string f;
  fold_case(word, f);
  return contains_folded(f);
}

namespace {

// Punctuation trimmed from token edges for detection only.
bool edge_punct(uint32_t cp) {
  if (cp < 0x80) return !((cp >= '0' && cp <= '9') || (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z'));
  return (cp >= 0xA1 && cp <= 0xBF) || cp == 0xD7 || cp == 0xF7 || (cp >= 0x2010 && cp <= 0x205E) ||
         (cp >= 0x3000 && cp <= 0x303F) || (cp >= 0xFF01 && cp <= 0xFF0F) ||
         (cp >= 0xFF1A && cp <= 0xFF20) || (cp >= 0xFF3B && cp <= 0xFF40) || (cp >= 0xFF5B && cp <= 0xFF65);
}

bool is_digit(uint32_t cp) {
  return (cp >= '0' && cp <= '9') || (cp >= 0x660 && cp <= 0x669) || (cp >= 0x6F0 && cp <= 0x6F9) ||
         (cp >= 0x966 && cp <= 0x96F) || (cp >= 0xFF10 && cp <= 0xFF19);
}

std::string detect(const Document& doc) {
  std::array<uint32_t, 64> hits{};
  uint64_t tokens = 0;
  std::string folded;
  for (uint32_t n : doc.text_nodes) {
    std::string_view t = doc.text(n);
    size_t i = 0;
    while (i < t.size()) {
      // Skip spaces, then read one token [b, e) of non-spaces.
      size_t b = i;
      uint32_t cp = unicode::next(t, i);
      if (py_space(cp)) continue;
      size_t e = i;
      while (i < t.size()) {
        size_t k = i;
        if (py_space(unicode::next(t, k))) break;
        i = k;
        e = i;
      }
      ++tokens;
      // Trim punctuation at both ends: keep [first, last).
      std::string_view tok = t.substr(b, e - b);
      size_t first = std::string_view::npos, last = 0;
      for (size_t k = 0; k < tok.size();) {
        size_t s = k;
        if (!edge_punct(unicode::next(tok, k))) {
          if (first == std::string_view::npos) first = s;
          last = k;
        }
      }
      if (first == std::string_view::npos) continue;
      tok = tok.substr(first, last - first);
      // Single characters and numbers are no evidence: several lists hold
      // the 26 Latin letters or the digits.
      size_t cps = 0;
      bool digits_only = true;
      for (size_t k = 0; k < tok.size(); ++cps) digits_only = is_digit(unicode::next(tok, k)) && digits_only;
      if (cps < 2 || digits_only) continue;
      fold_case(tok, folded);
      uint64_t mask = lookup_folded(folded);
      for (size_t l = 0; mask; ++l, mask >>= 1)
        if (mask & 1u) ++hits[l];
    }
  }
  int best = -1;
  const int en = language_index("en");
  for (size_t l = 0; l < kLanguageCount; ++l) {
    if (best < 0 || hits[l] > hits[best]) best = static_cast<int>(l);
  }
  if (best < 0 || hits[best] < kMinHits || hits[best] < kMinShare * static_cast<double>(tokens)) return {};
  if (en >= 0 && hits[en] == hits[best]) best = en;  // tie: English first, then alphabetical
  return std::string(kLanguages[best].code);
}

}  // namespace

const std::string& detect_stopword_language(Context& ctx) { return ctx.language(); }

}  // namespace stopwords

void Context::set_language_hint(std::string_view code) { language_hint_ = std::string(code); }

const std::string& Context::language() {
  if (!language_) {
    deadline_.check("shared features");
    language_ = std::make_unique<std::string>(stopwords::detect(doc_));
  }
  return *language_;
}

}  // namespace wce
