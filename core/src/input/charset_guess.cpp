// A guess at the legacy charset of a page that declares none (no BOM, no
// <meta>, no HTTP charset) and is not valid UTF-8: the case of
// `curl URL | wce extract -` on an old Japanese, Chinese, Korean or Russian
// page whose server named the charset only in its HTTP header. Browsers guess
// too (Firefox's chardetng, Chrome's compact_enc_det); this is a much smaller
// guess from byte statistics, written for those scripts, Greek and Polish,
// and nothing else: anything it is not sure of stays windows-1252, the standard's
// fallback, so Western pages are read as before.
//
// Each multi-byte candidate's byte grammar is walked once, counting its
// characters, its errors (bytes the grammar forbids) and the characters that
// are common in that language's text, by the code tables' layout:
//   - Japanese: hiragana and katakana (Shift_JIS leads 0x82/0x83, EUC-JP rows
//     0xA4/0xA5), a large share of any Japanese text and rare in the others';
//   - Korean (EUC-KR / code page 949): the Hangul rows (leads 0xB0-0xC8);
//     modern Korean uses few Hanja (leads 0xCA-0xFD), Chinese text read as
//     EUC-KR lands there often;
//   - Big5: the frequent-character block (leads 0xA4-0xC6), with many trail
//     bytes below 0x80, which GB2312 text never has;
//   - GBK: the GB2312 hanzi rows (leads 0xB0-0xF7, trails >= 0xA1).
// Cyrillic and Greek: runs of letters that are all high bytes (Western text
// has single accented letters between ASCII ones). Polish: letters that
// windows-1252 would show as symbols, inside words.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "document/unicode.hpp"
#include "input/charset_guess.hpp"
#include "input/legacy_decode.hpp"
#include "wce/html.hpp"

namespace wce {
namespace {

// UTF-8 with a few broken bytes (a stray Latin-1 byte, a page cut by a
// crawler's size limit) is still UTF-8: legacy text forms valid multi-byte
// UTF-8 sequences only by accident, for a small share of its bytes.
constexpr size_t kMinUtf8Sequences = 8;
constexpr size_t kMaxUtf8ErrorRatio = 20;  // valid sequences per invalid one, at least

// Tunables (shares of the candidate's multi-byte characters).
constexpr size_t kMinChars = 8;             // fewer multi-byte characters: no evidence, windows-1252
constexpr double kMaxErrorShare = 0.02;     // a candidate whose grammar rejects more is out
constexpr double kMinHighTrailShare = 0.4;  // CJK text: 60-100 % of pairs end in a byte >= 0x80
constexpr double kMinKanaShare = 0.15;      // Japanese running text: ~30-50 % kana
constexpr double kMinHangulShare = 0.7;     // Korean text: nearly all Hangul syllables
constexpr double kMaxHanjaShare = 0.1;      // ... and few Hanja
constexpr double kMinBig5CoreShare = 0.6;   // Big5 text: mostly the frequent block
constexpr double kMinBig5LowTrail = 0.15;   // ... with trail bytes 0x40-0x7E (~40 % in practice)
constexpr double kMinGbCoreShare = 0.6;     // GB2312 text: mostly the hanzi rows
constexpr double kMinAlphabeticRunShare = 0.6;  // Cyrillic, Greek: high bytes inside runs of >= 3 high bytes
constexpr size_t kMinAlphabeticBytes = 16;
constexpr size_t kMinCentralMarks = 5;         // Polish: ł ą ś ź ż inside words, at least this many
constexpr double kMinCentralMarkShare = 0.2;   // ... and this share of the high bytes inside words

struct Tally {
  size_t chars = 0, errors = 0, mark = 0, other = 0, low_trail = 0;
  double share(size_t n) const { return chars ? static_cast<double>(n) / chars : 0.0; }
  // Enough characters, few errors, and pairs mostly of two high bytes: an
  // accented Latin letter or a soft hyphen before an ASCII letter is a valid
  // pair in most of these grammars, but CJK text has high trail bytes.
  bool clean() const {
    return chars >= kMinChars && errors <= kMaxErrorShare * chars && share(low_trail) <= 1.0 - kMinHighTrailShare;
  }
};

bool in(unsigned c, unsigned lo, unsigned hi) { return c >= lo && c <= hi; }

// Walks a two-byte grammar: lead(c) says whether c starts a pair, trail(t)
// whether t may follow; single high bytes that are characters by themselves
// (Shift_JIS half-width katakana) are `single`. count(lead, trail, tally) notes
// a pair's class.
template <class Lead, class Trail, class Single, class Count>
Tally walk(std::string_view b, Lead lead, Trail trail, Single single, Count count) {
  Tally t;
  for (size_t i = 0; i < b.size(); ++i) {
    const unsigned c = static_cast<unsigned char>(b[i]);
    if (c < 0x80) continue;
    if (single(c)) {
      ++t.chars;
      ++t.other;
      continue;
    }
    if (!lead(c) || i + 1 >= b.size() || !trail(static_cast<unsigned char>(b[i + 1]))) {
      ++t.errors;
      continue;
    }
    const unsigned d = static_cast<unsigned char>(b[++i]);
    ++t.chars;
    if (d < 0x80) ++t.low_trail;
    count(c, d, t);
  }
  return t;
}

Tally shift_jis(std::string_view b) {
  return walk(
      b, [](unsigned c) { return in(c, 0x81, 0x9F) || in(c, 0xE0, 0xFC); },
      [](unsigned t) { return in(t, 0x40, 0x7E) || in(t, 0x80, 0xFC); },
      [](unsigned c) { return in(c, 0xA1, 0xDF); },
      [](unsigned c, unsigned d, Tally& t) {
        if ((c == 0x82 && in(d, 0x9F, 0xF1)) || (c == 0x83 && in(d, 0x40, 0x96))) ++t.mark;
      });
}

Tally euc_jp(std::string_view b) {
  return walk(
      b, [](unsigned c) { return in(c, 0xA1, 0xFE) || c == 0x8E; }, [](unsigned t) { return in(t, 0xA1, 0xFE); },
      [](unsigned) { return false; },
      [](unsigned c, unsigned, Tally& t) {
        if (c == 0xA4 || c == 0xA5) ++t.mark;
      });
}

Tally euc_kr(std::string_view b) {
  return walk(
      b, [](unsigned c) { return in(c, 0x81, 0xFE); },
      [](unsigned t) { return in(t, 0x41, 0x5A) || in(t, 0x61, 0x7A) || in(t, 0x81, 0xFE); },
      [](unsigned) { return false; },
      [](unsigned c, unsigned d, Tally& t) {
        if (d >= 0xA1 && in(c, 0xB0, 0xC8)) ++t.mark;
        if (d >= 0xA1 && in(c, 0xCA, 0xFD)) ++t.other;  // Hanja
      });
}

Tally big5(std::string_view b) {
  return walk(
      b, [](unsigned c) { return in(c, 0x81, 0xFE); },
      [](unsigned t) { return in(t, 0x40, 0x7E) || in(t, 0xA1, 0xFE); }, [](unsigned) { return false; },
      [](unsigned c, unsigned, Tally& t) {
        if (in(c, 0xA4, 0xC6)) ++t.mark;
      });
}

Tally gbk(std::string_view b) {
  return walk(
      b, [](unsigned c) { return in(c, 0x81, 0xFE); },
      [](unsigned t) { return in(t, 0x40, 0x7E) || in(t, 0x80, 0xFE); }, [](unsigned) { return false; },
      [](unsigned c, unsigned d, Tally& t) {
        if (in(c, 0xB0, 0xF7) && d >= 0xA1) ++t.mark;
      });
}

// Letter frequencies (per cent) of running text, the usual published tables
// for Russian and Greek (Greek accented vowels counted with their letter, ς
// with σ): how likely each decoding of the high bytes is to be real text.
struct LetterFrequency {
  uint32_t letter;  // lower case
  double percent;
};
constexpr LetterFrequency kRussian[] = {
    {0x43E, 10.97}, {0x435, 8.45}, {0x430, 8.01}, {0x438, 7.35}, {0x43D, 6.70}, {0x442, 6.26}, {0x441, 5.47},
    {0x440, 4.73}, {0x432, 4.54}, {0x43B, 4.40}, {0x43A, 3.49}, {0x43C, 3.21}, {0x434, 2.98}, {0x43F, 2.81},
    {0x443, 2.62}, {0x44F, 2.01}, {0x44B, 1.90}, {0x44C, 1.74}, {0x433, 1.70}, {0x437, 1.65}, {0x431, 1.59},
    {0x447, 1.44}, {0x439, 1.21}, {0x445, 0.97}, {0x436, 0.94}, {0x448, 0.73}, {0x44E, 0.64}, {0x446, 0.48},
    {0x449, 0.36}, {0x44D, 0.32}, {0x444, 0.26}, {0x44A, 0.04}, {0x451, 0.04}};
constexpr LetterFrequency kGreek[] = {
    {0x3B1, 12.0}, {0x3BF, 9.8}, {0x3B5, 8.2}, {0x3B9, 8.0}, {0x3C4, 8.0}, {0x3C3, 7.8}, {0x3BD, 6.6},
    {0x3B7, 5.0}, {0x3C1, 4.5}, {0x3C5, 4.4}, {0x3C0, 4.2}, {0x3BA, 4.2}, {0x3BC, 3.4}, {0x3BB, 2.8},
    {0x3C9, 2.1}, {0x3B3, 1.9}, {0x3B4, 1.8}, {0x3B8, 1.3}, {0x3C7, 1.1}, {0x3C6, 0.8}, {0x3B2, 0.6},
    {0x3BE, 0.5}, {0x3B6, 0.4}, {0x3C8, 0.15}};
constexpr double kNotALetterPercent = 0.05;  // a high byte that decodes to no letter of the language

// Lower case without accents, for Cyrillic and Greek.
uint32_t fold(uint32_t cp) {
  if (cp >= 0x410 && cp <= 0x42F) return cp + 0x20;
  if (cp == 0x401) return 0x451;
  if (cp >= 0x391 && cp <= 0x3A9) return cp + 0x20;
  switch (cp) {
    case 0x3C2: return 0x3C3;                                  // ς
    case 0x3AC: case 0x386: return 0x3B1;                      // ά Ά
    case 0x3AD: case 0x388: return 0x3B5;                      // έ Έ
    case 0x3AE: case 0x389: return 0x3B7;                      // ή Ή
    case 0x3AF: case 0x38A: case 0x3CA: case 0x390: return 0x3B9;  // ί Ί ϊ ΐ
    case 0x3CC: case 0x38C: return 0x3BF;                      // ό Ό
    case 0x3CD: case 0x38E: case 0x3CB: case 0x3B0: return 0x3C5;  // ύ Ύ ϋ ΰ
    case 0x3CE: case 0x38F: return 0x3C9;                      // ώ Ώ
    default: return cp;
  }
}

struct Alphabet {
  const char* encoding;
  const LetterFrequency* letters;
  size_t n;
};
constexpr Alphabet kAlphabets[] = {
    {"windows-1251", kRussian, std::size(kRussian)},
    {"koi8-r", kRussian, std::size(kRussian)},
    {"windows-1253", kGreek, std::size(kGreek)},
};

// Per alphabet, the log frequency of each high byte's letter (decoded by the
// encoding itself, once).
const std::vector<std::array<double, 128>>& byte_scores() {
  static const std::vector<std::array<double, 128>> scores = [] {
    std::vector<std::array<double, 128>> all;
    for (const Alphabet& a : kAlphabets) {
      std::array<double, 128> t{};
      const bool decodable = std::string_view(a.encoding) == "windows-1251" || legacy::available(a.encoding);
      for (unsigned b = 0x80; b < 0x100; ++b) {
        double pct = kNotALetterPercent;
        if (decodable) {
          const std::string u = to_utf8(std::string(1, static_cast<char>(b)), a.encoding);
          size_t i = 0;
          const uint32_t cp = u.empty() ? 0 : fold(unicode::next(u, i));
          for (size_t k = 0; k < a.n; ++k)
            if (a.letters[k].letter == cp) pct = a.letters[k].percent;
        }
        t[b - 0x80] = std::log(pct);
      }
      all.push_back(t);
    }
    return all;
  }();
  return scores;
}

// Scripts written wholly in high bytes (Cyrillic, Greek): runs of high bytes
// (Western text has single accented letters between ASCII ones); then the
// encoding whose letters are the most likely by the language's frequencies.
std::string alphabetic(std::string_view b) {
  size_t high = 0, in_runs = 0, run = 0;
  auto end_run = [&] {
    if (run >= 3) in_runs += run;
    run = 0;
  };
  std::array<size_t, 128> count{};
  for (unsigned char c : b) {
    if (c < 0x80 || c == 0xA0 || c == 0xAD) {  // no-break spaces and soft hyphens are not letters
      end_run();
      continue;
    }
    ++high;
    ++run;
    ++count[c - 0x80];
  }
  end_run();
  if (high < kMinAlphabeticBytes || in_runs < kMinAlphabeticRunShare * high) return "";
  const auto& scores = byte_scores();
  size_t best = 0;
  double best_score = -1e300;
  for (size_t a = 0; a < scores.size(); ++a) {
    double sum = 0;
    for (size_t k = 0; k < 128; ++k) sum += count[k] * scores[a][k];
    if (sum > best_score) best_score = sum, best = a;
  }
  return kAlphabets[best].encoding;
}

// Central European (Polish first of all) in Latin script: accented letters
// sit between ASCII ones as in Western text, but some of them are on bytes
// that windows-1252 gives to symbols (ł is ³, ą is ¹ or ±, ś is œ or ¶ ...).
// "windows-1250", "iso-8859-2" or "" from those bytes inside words.
std::string central_european(std::string_view b) {
  auto letter = [](unsigned c) { return (c | 0x20) >= 'a' && (c | 0x20) <= 'z'; };
  size_t in_word = 0, cp1250 = 0, iso = 0, both = 0;
  for (size_t i = 1; i + 1 < b.size(); ++i) {
    const unsigned c = static_cast<unsigned char>(b[i]);
    if (c < 0x80) continue;
    const unsigned p = static_cast<unsigned char>(b[i - 1]), n = static_cast<unsigned char>(b[i + 1]);
    if (!((letter(p) || p >= 0x80) && (letter(n) || n >= 0x80) && (letter(p) || letter(n)))) continue;
    ++in_word;
    cp1250 += c == 0xB9 || c == 0x9C || c == 0x9F || c == 0xA5 || c == 0x8C || c == 0x8F;  // ą ś ź Ą Ś Ź
    iso += c == 0xB1 || c == 0xB6 || c == 0xBC || c == 0xA1 || c == 0xA6 || c == 0xAC;     // the same in ISO-8859-2
    both += c == 0xB3 || c == 0xBF || c == 0xA3 || c == 0xAF;                               // ł ż Ł Ż
  }
  const size_t marks = cp1250 + iso + both;
  if (marks < kMinCentralMarks || marks < kMinCentralMarkShare * in_word) return "";
  return cp1250 >= iso ? "windows-1250" : "iso-8859-2";
}

// The page's text bytes: outside tags, comments, scripts and styles, whose
// bytes (minified code, obfuscated strings) are not the language's text.
std::string text_bytes(std::string_view b) {
  auto starts = [&](size_t i, std::string_view word) {  // case-insensitive, ASCII
    if (i + word.size() > b.size()) return false;
    for (size_t k = 0; k < word.size(); ++k)
      if ((b[i + k] | 0x20) != word[k]) return false;
    return true;
  };
  auto find_ci = [&](size_t from, std::string_view word) {
    for (size_t i = b.find('<', from); i != std::string_view::npos; i = b.find('<', i + 1))
      if (starts(i, word)) return i;
    return b.size();
  };
  std::string out;
  out.reserve(std::min<size_t>(b.size(), 1 << 20));
  for (size_t i = 0; i < b.size();) {
    if (b[i] != '<') {
      const size_t next = std::min(b.find('<', i), b.size());
      out.append(b.data() + i, next - i);
      i = next;
      continue;
    }
    size_t end;
    if (b.substr(i, 4) == "<!--") end = std::min(b.find("-->", i + 4), b.size());
    else if (starts(i, "<script")) end = find_ci(i + 7, "</script");
    else if (starts(i, "<style")) end = find_ci(i + 6, "</style");
    else end = i;
    i = std::min(b.find('>', end), b.size());
    if (i < b.size()) ++i;
    out += ' ';  // a tag separates words
  }
  return out;
}

}  // namespace

std::string guess_legacy_charset(std::string_view page) {
  const std::string text = text_bytes(page);
  const std::string_view bytes = text;
  // Japanese first: its kana rows are also valid (and kana) in GBK.
  for (auto [name, tally] : {std::pair<const char*, Tally>{"shift_jis", shift_jis(bytes)}, {"euc-jp", euc_jp(bytes)}})
    if (tally.clean() && tally.share(tally.mark) >= kMinKanaShare && legacy::available(name)) return name;
  // Korean before Chinese: Hangul text is valid GBK too, and Chinese text
  // read as EUC-KR shows many Hanja.
  const Tally kr = euc_kr(bytes);
  if (kr.clean() && kr.share(kr.mark) >= kMinHangulShare && kr.share(kr.other) <= kMaxHanjaShare &&
      legacy::available("euc-kr"))
    return "euc-kr";
  const Tally b5 = big5(bytes);
  if (b5.clean() && b5.share(b5.mark) >= kMinBig5CoreShare && b5.share(b5.low_trail) >= kMinBig5LowTrail &&
      legacy::available("big5"))
    return "big5";
  const Tally gb = gbk(bytes);
  if (gb.clean() && gb.share(gb.mark) >= kMinGbCoreShare && legacy::available("gbk")) return "gbk";
  for (const std::string& guess : {alphabetic(bytes), central_european(bytes)})
    if (!guess.empty() && (guess == "windows-1251" || legacy::available(guess))) return guess;
  return "windows-1252";
}

bool mostly_utf8(std::string_view bytes) {
  size_t valid = 0, invalid = 0;
  for (size_t i = 0; i < bytes.size();) {
    const unsigned char c = static_cast<unsigned char>(bytes[i]);
    if (c < 0x80) {
      ++i;
      continue;
    }
    const size_t start = i;
    const bool ok = unicode::next(bytes, i) != unicode::kReplacement || i - start == 3;
    // A sequence cut by the end of the bytes (a truncated download) is not evidence.
    if (!ok && bytes.size() - start < 4 && c >= 0xC2 && c <= 0xF4) break;
    (ok ? valid : invalid) += 1;
  }
  return invalid == 0 || (valid >= kMinUtf8Sequences && invalid * kMaxUtf8ErrorRatio <= valid);
}

bool has_iso_2022_jp_escapes(std::string_view bytes) {
  // Most pages have no ESC at all: that search (memchr) comes first.
  bool escape = false;
  for (size_t p = bytes.find('\x1B'); p != std::string_view::npos && !escape; p = bytes.find('\x1B', p + 1)) {
    const std::string_view esc = bytes.substr(p, 3);
    escape = esc == "\x1B$B" || esc == "\x1B$@";
  }
  if (!escape) return false;
  for (unsigned char c : bytes)
    if (c >= 0x80) return false;  // not 7-bit: UTF-8 text, whatever escapes it holds
  return legacy::available("iso-2022-jp");
}

}  // namespace wce
