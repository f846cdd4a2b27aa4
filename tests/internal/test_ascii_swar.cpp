// The eight-bytes-at-once counting (document/ascii_swar.hpp) against byte-
// by-byte references: the class masks on every ASCII byte at every position,
// then Context's word count, trafilatura's text statistics and readability's
// text measure on random
// texts that mix ASCII runs, white space of both kinds, control bytes,
// multi-byte characters and invalid UTF-8 (so runs start and end at every
// offset of a word).
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "document/ascii_swar.hpp"
#include "document/unicode.hpp"
#include "extractors/readability/rules.hpp"
#include "extractors/trafilatura/trafilatura.hpp"
#include "features/stopwords.hpp"
#include "wce/context.hpp"
#include "wce/html.hpp"

using namespace wce;

namespace {

bool ascii_space(unsigned char c) { return c == ' ' || (c >= 0x09 && c <= 0x0D); }
bool ascii_py_space(unsigned char c) { return (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x20); }

TEST(AsciiSwar, MasksMatchTheBytePredicates) {
  for (unsigned c = 0; c < 0x80; ++c) {
    for (int pos = 0; pos < 8; ++pos) {
      char buf[8];
      for (int j = 0; j < 8; ++j) buf[j] = static_cast<char>(j == pos ? c : 'x');
      const uint64_t w = swar::load8(buf);
      ASSERT_TRUE(swar::ascii(w));
      const uint64_t bit = 0x80ull << (8 * pos);
      EXPECT_EQ((swar::space(w) & bit) != 0, ascii_space(static_cast<unsigned char>(c))) << c << " at " << pos;
      EXPECT_EQ((swar::py_space(w) & bit) != 0, ascii_py_space(static_cast<unsigned char>(c))) << c;
      EXPECT_EQ((swar::in_range(w, '0', '9') & bit) != 0, c >= '0' && c <= '9') << c;
      EXPECT_EQ((swar::in_range(w, '_', '_') & bit) != 0, c == '_') << c;
    }
  }
  char hi[8] = {'a', 'b', 'c', 'd', 'e', 'f', 'g', static_cast<char>(0xC3)};
  EXPECT_FALSE(swar::ascii(swar::load8(hi)));
}

// Random text: pieces chosen so that ASCII runs of every length meet white
// space and non-ASCII bytes at every offset.
std::string random_text(std::mt19937& rng) {
  static const char* const kPieces[] = {"a", "Zq", "word", "x_1", " ", "  ", "\t", "\n", "\x1c", "\x1f",
                                        "\x01", ",", "\xC3\xA9", "\xC2\xA0", "\xE3\x80\x80", "\xE2\x80\x83",
                                        "\xF0\x9F\x98\x80", "\xFF", "\xC3", "\xEF\xBF\xBD", "0123456789",
                                        "abcdefghijklmnop", "a, b,c", "\xEF\xBC\x8C"};
  std::uniform_int_distribution<size_t> pick(0, std::size(kPieces) - 1), count(0, 40);
  std::string s;
  for (size_t n = count(rng); n-- > 0;) s += kPieces[pick(rng)];
  return s;
}

uint32_t reference_words(std::string_view s) {
  uint32_t words = 0;
  bool in_word = false;
  for (size_t i = 0; i < s.size();) {
    const bool space = unicode::is_space(unicode::next(s, i));
    words += !space && !in_word;
    in_word = !space;
  }
  return words;
}

TEST(AsciiSwar, WordCountsAsByteByByte) {
  std::mt19937 rng(20261127);
  for (int k = 0; k < 3000; ++k) {
    const std::string s = random_text(rng);
    ASSERT_EQ(count_words(s), reference_words(s)) << s;
  }
}

// trafilatura::text_stats as it was written byte by byte (one code point at
// a time; py_space; word bytes: ASCII alnum and '_', every byte >= 0x80).
struct RefStats {
  uint32_t clen = 0, rlen = 0, nonspace = 0, word = 0;
  bool invalid = false;
};
RefStats reference_stats(std::string_view s) {
  RefStats r;
  bool in_space = false, seen = false;
  for (size_t i = 0; i < s.size();) {
    const size_t b = i;
    const uint32_t cp = unicode::next(s, i);
    ++r.rlen;
    const uint32_t bytes = static_cast<uint32_t>(i - b);
    if (cp == unicode::kReplacement && (bytes != 3 || s.compare(b, 3, "\xEF\xBF\xBD") != 0)) r.invalid = true;
    if (stopwords::py_space(cp)) {
      in_space = true;
      continue;
    }
    ++r.nonspace;
    const bool wordy = cp >= 0x80 || (cp >= '0' && cp <= '9') || (cp >= 'a' && cp <= 'z') ||
                       (cp >= 'A' && cp <= 'Z') || cp == '_';
    if (wordy) r.word += bytes;
    if (in_space && seen) ++r.clen;
    in_space = false;
    seen = true;
    ++r.clen;
  }
  return r;
}

TEST(AsciiSwar, TrafilaturaTextStatsAsByteByByte) {
  std::mt19937 rng(7);
  for (int k = 0; k < 300; ++k) {
    std::string html = "<body>";
    for (int p = 0; p < 5; ++p) html += "<p>" + random_text(rng) + "</p>";
    const Document doc = parse_html(html + "</body>", "utf-8");
    const trafilatura::TextStats st = trafilatura::text_stats(doc);
    for (size_t t = 0; t < doc.text_nodes.size(); ++t) {
      const std::string_view s = doc.text(doc.text_nodes[t]);
      const RefStats r = reference_stats(s);
      ASSERT_EQ(st.clen[t], r.clen) << s;
      ASSERT_EQ(st.rlen[t], r.rlen) << s;
      ASSERT_EQ(st.nonspace[t], r.nonspace) << s;
      ASSERT_EQ(st.word_bytes[t], r.word) << s;
      ASSERT_EQ(st.invalid[t] != 0, r.invalid) << s;
    }
  }
}

// readability_rules::measure as it was written, one code point at a time.
readability_rules::Txt reference_measure(std::string_view s) {
  static const uint32_t kCommas[] = {0x002C, 0x060C, 0xFE50, 0xFE10, 0xFE11, 0x2E41, 0x2E34, 0x2E32, 0xFF0C};
  readability_rules::Txt t;
  bool prev_ws = false;
  for (size_t i = 0; i < s.size();) {
    const uint32_t cp = unicode::next(s, i);
    const uint32_t units = cp >= 0x10000 ? 2 : 1;
    t.len += units;
    if (readability_rules::js_space(cp)) {
      if (!prev_ws) ++t.runs;
      if (t.nonws == 0) t.lead += units;
      t.trail += units;
      prev_ws = true;
    } else {
      t.nonws += units;
      t.trail = 0;
      prev_ws = false;
      if (cp == ',') ++t.ascii_commas;
      for (uint32_t c : kCommas) t.commas += c == cp;
    }
  }
  return t;
}

TEST(AsciiSwar, ReadabilityMeasureAsByteByByte) {
  std::mt19937 rng(11);
  for (int k = 0; k < 3000; ++k) {
    const std::string s = random_text(rng) + (k % 2 ? "  " : "") + random_text(rng);
    const readability_rules::Txt a = readability_rules::measure(s), r = reference_measure(s);
    ASSERT_EQ(a.len, r.len) << s;
    ASSERT_EQ(a.nonws, r.nonws) << s;
    ASSERT_EQ(a.runs, r.runs) << s;
    ASSERT_EQ(a.lead, r.lead) << s;
    ASSERT_EQ(a.trail, r.trail) << s;
    ASSERT_EQ(a.commas, r.commas) << s;
    ASSERT_EQ(a.ascii_commas, r.ascii_commas) << s;
  }
}

}  // namespace
