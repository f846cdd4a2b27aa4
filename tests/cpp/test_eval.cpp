// Tests of the evaluation measures: tokenisation, sentence splitting,
// ROUGE-LSum and summary statistics. Expected values are computed by hand
// (see the comments) or, for random inputs, by a naive reference below.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "wce/eval.hpp"

namespace {

using Strings = std::vector<std::string>;

// ---------------------------------------------------------------- tokenize

TEST(TokenizeWords, AsciiWhitespace) {
  EXPECT_EQ(wce::tokenize_words("  a\tb\nc\r\nd\v e\f  "), (Strings{"a", "b", "c", "d", "e"}));
  EXPECT_EQ(wce::tokenize_words("Hello, world!"), (Strings{"Hello,", "world!"}));
  EXPECT_TRUE(wce::tokenize_words("").empty());
  EXPECT_TRUE(wce::tokenize_words(" \t\n ").empty());
}

TEST(TokenizeWords, EveryUnicodeSpaceSeparates) {
  const char* separators[] = {
      "\xC2\xA0",      // U+00A0 no-break space
      "\xE1\x9A\x80",  // U+1680 ogham space mark
      "\xE2\x80\x80",  // U+2000 en quad
      "\xE2\x80\x83",  // U+2003 em space
      "\xE2\x80\x89",  // U+2009 thin space
      "\xE2\x80\x8A",  // U+200A hair space
      "\xE2\x80\x8B",  // U+200B zero width space
      "\xE2\x80\xA8",  // U+2028 line separator
      "\xE2\x80\xA9",  // U+2029 paragraph separator
      "\xE2\x80\xAF",  // U+202F narrow no-break space
      "\xE2\x81\x9F",  // U+205F medium mathematical space
      "\xE3\x80\x80",  // U+3000 ideographic space
      "\xEF\xBB\xBF",  // U+FEFF zero width no-break space (BOM)
  };
  for (const char* sep : separators) {
    std::string text = std::string("x") + sep + "y" + sep + sep + "z" + sep;
    EXPECT_EQ(wce::tokenize_words(text), (Strings{"x", "y", "z"})) << "separator " << sep;
  }
}

TEST(TokenizeWords, OtherCharactersStayInTokens) {
  // Soft hyphen, zero width joiner and accented letters are not spaces.
  EXPECT_EQ(wce::tokenize_words("co\xC2\xADop a\xE2\x80\x8D" "b"),
            (Strings{"co\xC2\xADop", "a\xE2\x80\x8D" "b"}));
  EXPECT_EQ(wce::tokenize_words("na\xC3\xAFve caf\xC3\xA9"),
            (Strings{"na\xC3\xAFve", "caf\xC3\xA9"}));
  EXPECT_EQ(wce::tokenize_words("\xE4\xBD\xA0\xE5\xA5\xBD \xE4\xB8\x96\xE7\x95\x8C"),
            (Strings{"\xE4\xBD\xA0\xE5\xA5\xBD", "\xE4\xB8\x96\xE7\x95\x8C"}));
}

TEST(TokenizeWords, InvalidUtf8IsPartOfTokens) {
  // Stray continuation bytes, invalid lead bytes, an overlong encoding, a
  // surrogate and truncated sequences: all kept byte for byte.
  EXPECT_EQ(wce::tokenize_words("a\xFF\xFE" "b c\x80"), (Strings{"a\xFF\xFE" "b", "c\x80"}));
  EXPECT_EQ(wce::tokenize_words("\xC0\xA0x \xED\xA0\x80"), (Strings{"\xC0\xA0x", "\xED\xA0\x80"}));
  // E2 80 is the start of U+2000..U+200B, but truncated it is no separator.
  EXPECT_EQ(wce::tokenize_words("x\xE2\x80 y\xE2\x80"), (Strings{"x\xE2\x80", "y\xE2\x80"}));
  EXPECT_EQ(wce::tokenize_words("z\xF0\x9F"), (Strings{"z\xF0\x9F"}));
}

// ---------------------------------------------------------------- sentences

struct SplitCase {
  const char* name;
  std::string text;
  Strings expected;
};

TEST(SplitSentences, Table) {
  const SplitCase cases[] = {
      {"basic", "Hello world. How are you? Fine!", {"Hello world.", "How are you?", "Fine!"}},
      {"no space after period", "See example.com for more.Next", {"See example.com for more.Next"}},
      {"numbers", "Pi is 3.14 exactly. Yes.", {"Pi is 3.14 exactly.", "Yes."}},
      {"newlines", "Line one\nLine two\r\n\r\n  Line three  \n",
       {"Line one", "Line two", "Line three"}},
      {"unicode line separators", "a\xE2\x80\xA8" "b\xE2\x80\xA9" "c", {"a", "b", "c"}},
      {"title abbreviations", "Mr. Smith met Dr. Jones and Mrs. Brown. They talked.",
       {"Mr. Smith met Dr. Jones and Mrs. Brown.", "They talked."}},
      {"st and vs", "He lives on St. Mark's square vs. the old town. Really.",
       {"He lives on St. Mark's square vs. the old town.", "Really."}},
      {"latin abbreviations", "Fruit, e.g. apples, i.e. food, etc. are good. Eat them.",
       {"Fruit, e.g. apples, i.e. food, etc. are good.", "Eat them."}},
      {"initials", "J. R. R. Tolkien wrote it. The end.",
       {"J. R. R. Tolkien wrote it.", "The end."}},
      {"dotted letters", "Made in the U.S. by hand. Done.", {"Made in the U.S. by hand.", "Done."}},
      {"abbreviation in brackets", "Ask (Dr. Who) now. Ok.", {"Ask (Dr. Who) now.", "Ok."}},
      {"lower-case single letter ends", "Grade a. Next one.", {"Grade a.", "Next one."}},
      {"mark runs", "Wait... What?!  Really", {"Wait...", "What?!", "Really"}},
      {"closing quote", "He said \"Stop.\" Then he left.", {"He said \"Stop.\"", "Then he left."}},
      {"curly closing quote", "She wrote \xE2\x80\x9CYes!\xE2\x80\x9D Then nothing.",
       {"She wrote \xE2\x80\x9CYes!\xE2\x80\x9D", "Then nothing."}},
      {"unicode space after period", "One.\xC2\xA0Two.", {"One.", "Two."}},
      {"cjk", "\xE4\xBD\xA0\xE5\xA5\xBD\xE3\x80\x82\xE4\xB8\x96\xE7\x95\x8C\xEF\xBC\x81"
              "\xE5\x86\x8D\xE8\xA7\x81\xEF\xBC\x9F",  // 你好。世界！再见？
       {"\xE4\xBD\xA0\xE5\xA5\xBD\xE3\x80\x82", "\xE4\xB8\x96\xE7\x95\x8C\xEF\xBC\x81",
        "\xE5\x86\x8D\xE8\xA7\x81\xEF\xBC\x9F"}},
      {"cjk closing bracket", "\xE3\x80\x8C\xE5\xA5\xBD\xE3\x80\x82\xE3\x80\x8D\xE4\xBB\x96",  // 「好。」他
       {"\xE3\x80\x8C\xE5\xA5\xBD\xE3\x80\x82\xE3\x80\x8D", "\xE4\xBB\x96"}},
      {"empty", "", {}},
      {"only whitespace", " \n\t\xE3\x80\x80\n", {}},
      {"zero width only sentence", "A.\n\xE2\x80\x8B\nB.", {"A.", "B."}},
  };
  for (const SplitCase& c : cases)
    EXPECT_EQ(wce::split_sentences(c.text), c.expected) << c.name;
}

TEST(SplitSentences, InvalidUtf8DoesNotCrash) {
  std::string text = "Bad \xFF\xFE bytes. More \xE2\x80. Tail\xF0\x9F";
  EXPECT_EQ(wce::split_sentences(text),
            (Strings{"Bad \xFF\xFE bytes.", "More \xE2\x80.", "Tail\xF0\x9F"}));
}

// ---------------------------------------------------------------- ROUGE-LSum

struct RougeCase {
  const char* name;
  std::string predicted, gold;
  double precision, recall;
};

void check_rouge(const RougeCase& c) {
  wce::PRF r = wce::rouge_lsum(c.predicted, c.gold);
  EXPECT_NEAR(r.precision, c.precision, 1e-12) << c.name;
  EXPECT_NEAR(r.recall, c.recall, 1e-12) << c.name;
  double f1 = c.precision + c.recall > 0
                  ? 2 * c.precision * c.recall / (c.precision + c.recall) : 0;
  EXPECT_NEAR(r.f1, f1, 1e-12) << c.name;
}

TEST(RougeLSum, HandComputedTable) {
  const RougeCase cases[] = {
      {"identical", "The cat sat. The dog ran.", "The cat sat. The dog ran.", 1, 1},
      {"disjoint", "alpha beta", "gamma delta", 0, 0},
      // Gold: 6 tokens; prediction adds 3 + 2 boilerplate tokens: P = 6/11.
      {"gold plus boilerplate", "Home | About\nThe cat sat on the mat.\nCopyright 2023",
       "The cat sat on the mat.", 6.0 / 11, 1},
      // Sentence order does not matter: each gold sentence has a full LCS.
      {"reordered sentences", "D e f. A b c.", "A b c. D e f.", 1, 1},
      // Same for blocks moved across newlines ("c d" + "a b" covers "a b c d").
      {"reordered lines", "c d\na b", "a b c d", 1, 1},
      // Within one sentence the LCS of "a b c d" and "d c b a" has length 1.
      {"reversed sentence", "d c b a", "a b c d", 0.25, 0.25},
      // Half the prediction found: P = 3/3, R = 3/6.
      {"partial prediction", "A b c.", "A b c. D e f.", 1, 0.5},
      // Both predicted "a" hit the same gold position (2): union = 1 token.
      {"union counts a position once", "a\na", "a a a", 0.5, 1.0 / 3},
      // Union covers x y twice, but the prediction holds one x and one y.
      {"hits clipped by prediction counts", "x y", "x y\nx y", 1, 0.5},
      // Lin 2004: union LCS of r = w1 w2 w3 w4 w5 with c1 = w1 w2 w6 w7 w8 and
      // c2 = w1 w3 w8 w9 w5 is w1 w2 w3 w5: 4 hits, P = 4/10, R = 4/5.
      {"Lin 2004 union", "w1 w2 w6 w7 w8\nw1 w3 w8 w9 w5", "w1 w2 w3 w4 w5", 0.4, 0.8},
      // rouge-score's backtrack steps up on ties: LCS("a b", "b a") picks "a";
      // with c2 = "b" the union is {a, b}: 2 hits, P = 2/3, R = 1. (Stepping
      // left on ties would give {b}: P = 1/3, R = 1/2.)
      {"tie-breaking as rouge-score", "b a\nb", "a b", 2.0 / 3, 1},
      {"one of repeated gold tokens", "a", "a b a", 1, 1.0 / 3},
      {"case sensitive", "the cat", "The cat", 0.5, 0.5},
      {"punctuation stays on tokens", "the end", "the end.", 0.5, 0.5},
      {"unicode spaces separate", "a b c", "a\xC2\xA0" "b\xE3\x80\x80" "c", 1, 1},
      {"zero width space separates", "a b", "a\xE2\x80\x8B" "b", 1, 1},
      // Gold tokens: 你好。 / 世界 ; prediction: 你好。世界 (one token, one sentence
      // split into "你好。" + "世界" by the CJK rule): identical sentences.
      {"cjk", "\xE4\xBD\xA0\xE5\xA5\xBD\xE3\x80\x82\xE4\xB8\x96\xE7\x95\x8C",
       "\xE4\xBD\xA0\xE5\xA5\xBD\xE3\x80\x82 \xE4\xB8\x96\xE7\x95\x8C", 1, 1},
      {"invalid utf8 identical", "caf\xE9 ok\xFF", "caf\xE9 ok\xFF", 1, 1},
      {"invalid utf8 vs valid", "caf\xE9 x", "caf\xC3\xA9 x", 0.5, 0.5},
  };
  for (const RougeCase& c : cases) check_rouge(c);
}

// The bit-parallel LCS adds across 64-bit words. Candidate "a x*140 a b"
// against gold "a a": in the first LCS row the match at position 0 must carry
// through the all-ones word of "x" (positions 64..127) and absorb the match
// at position 141 (one gold "a" matches once). The LCS is "a a": 2 hits,
// P = 2/143, R = 1 (a lost carry gives R = 1/2).
TEST(RougeLSum, CarryAcrossWords) {
  std::string filler;
  for (int k = 0; k < 140; ++k) filler += "x ";
  check_rouge({"carry", "a " + filler + "a b", "a a", 2.0 / 143, 1});
  // LCS("b a", "a x*140 b") = 1; the backtrack steps up on the tie and
  // matches "b": P = 1/142, R = 1/2; with three gold copies R = 1/6.
  check_rouge({"tie over words", "a " + filler + "b", "b a", 1.0 / 142, 0.5});
  check_rouge({"tie over words, three gold", "a " + filler + "b", "b a\nb a\nb a", 1.0 / 142,
               1.0 / 6});
}

TEST(RougeLSum, Lin2004F1) {
  wce::PRF r = wce::rouge_lsum("w1 w2 w6 w7 w8\nw1 w3 w8 w9 w5", "w1 w2 w3 w4 w5");
  EXPECT_NEAR(r.f1, 2 * 0.4 * 0.8 / 1.2, 1e-12);
}

TEST(RougeLSum, EmptyInputs) {
  struct Case { std::string predicted, gold; double value; };
  const Case cases[] = {
      {"", "", 1},
      {" \t\n", "\xE3\x80\x80\xE2\x80\x8B", 1},  // only separators: no tokens on either side
      {"", "a", 0},
      {"a", "", 0},
      {"\xC2\xA0", "a b", 0},
  };
  for (const Case& c : cases) {
    wce::PRF r = wce::rouge_lsum(c.predicted, c.gold);
    EXPECT_EQ(r.precision, c.value) << "[" << c.predicted << "] vs [" << c.gold << "]";
    EXPECT_EQ(r.recall, c.value);
    EXPECT_EQ(r.f1, c.value);
  }
}

TEST(RougeLSum, GarbageBytesDoNotCrash) {
  std::string junk;
  for (int k = 0; k < 2000; ++k) junk += static_cast<char>((k * 7919 + 13) & 0xFF);
  wce::PRF self = wce::rouge_lsum(junk, junk);
  EXPECT_DOUBLE_EQ(self.f1, 1);
  wce::PRF other = wce::rouge_lsum(junk, "plain text.");
  EXPECT_GE(other.f1, 0);
  EXPECT_LE(other.f1, 1);
  wce::PRF truncated = wce::rouge_lsum("\xF0\x9F\x98", "\xE2\x80");
  EXPECT_EQ(truncated.f1, 0);
}

// A naive rouge-score style reference: full integer LCS table per sentence
// pair, backtrack stepping up on ties, union, clipped hit counting.
wce::PRF reference_rouge_lsum(const std::string& predicted, const std::string& gold) {
  auto sentences = [](const std::string& text) {
    std::vector<Strings> out;
    for (const std::string& s : wce::split_sentences(text)) {
      Strings words = wce::tokenize_words(s);
      if (!words.empty()) out.push_back(words);
    }
    return out;
  };
  std::vector<Strings> ref = sentences(gold), can = sentences(predicted);
  size_t m = 0, n = 0;
  std::map<std::string, int> ref_count, can_count;
  for (const Strings& s : ref)
    for (const std::string& w : s) ++m, ++ref_count[w];
  for (const Strings& s : can)
    for (const std::string& w : s) ++n, ++can_count[w];
  if (m == 0 && n == 0) return {1, 1, 1};
  if (m == 0 || n == 0) return {0, 0, 0};
  size_t hits = 0;
  for (const Strings& r : ref) {
    std::vector<bool> in_union(r.size(), false);
    for (const Strings& c : can) {
      std::vector<std::vector<int>> t(r.size() + 1, std::vector<int>(c.size() + 1, 0));
      for (size_t i = 1; i <= r.size(); ++i)
        for (size_t j = 1; j <= c.size(); ++j)
          t[i][j] = r[i - 1] == c[j - 1] ? t[i - 1][j - 1] + 1 : std::max(t[i - 1][j], t[i][j - 1]);
      size_t i = r.size(), j = c.size();
      while (i > 0 && j > 0) {
        if (r[i - 1] == c[j - 1]) {
          in_union[i - 1] = true;
          --i;
          --j;
        } else if (t[i][j - 1] > t[i - 1][j]) {
          --j;
        } else {
          --i;
        }
      }
    }
    for (size_t k = 0; k < r.size(); ++k) {
      if (in_union[k] && ref_count[r[k]] > 0 && can_count[r[k]] > 0) {
        ++hits;
        --ref_count[r[k]];
        --can_count[r[k]];
      }
    }
  }
  wce::PRF out;
  out.precision = double(hits) / double(n);
  out.recall = double(hits) / double(m);
  out.f1 = hits ? 2 * out.precision * out.recall / (out.precision + out.recall) : 0;
  return out;
}

// Random texts over a tiny vocabulary (many ties and repeats), sentences of
// up to 200 tokens (multi-word bit vectors), compared with the reference.
// Predicted sentences may hold long runs of a filler token absent from the
// gold, so that additions carry across whole 64-bit words.
TEST(RougeLSum, MatchesNaiveReferenceOnRandomTexts) {
  std::mt19937 rng(12345);
  const char* vocab[] = {"a", "b", "c", "d", "e", "f"};
  auto random_text = [&](size_t vocab_size, bool filler) {
    std::string text;
    int sentences = std::uniform_int_distribution<int>(0, 5)(rng);
    for (int s = 0; s < sentences; ++s) {
      int len = std::uniform_int_distribution<int>(0, 3)(rng) == 0
                    ? std::uniform_int_distribution<int>(60, 200)(rng)
                    : std::uniform_int_distribution<int>(0, 12)(rng);
      for (int k = 0; k < len; ++k) {
        if (filler && std::uniform_int_distribution<int>(0, 40)(rng) == 0) {
          int run = std::uniform_int_distribution<int>(64, 160)(rng);
          for (int f = 0; f < run; ++f) text += "z ";
        }
        text += vocab[std::uniform_int_distribution<size_t>(0, vocab_size - 1)(rng)];
        text += ' ';
      }
      text += '\n';
    }
    return text;
  };
  for (int iter = 0; iter < 600; ++iter) {
    size_t vocab_size = 2 + iter % 5;
    std::string predicted = random_text(vocab_size, iter % 2 == 1);
    std::string gold = random_text(vocab_size, false);
    wce::PRF got = wce::rouge_lsum(predicted, gold);
    wce::PRF want = reference_rouge_lsum(predicted, gold);
    ASSERT_DOUBLE_EQ(got.precision, want.precision) << "pred:\n" << predicted << "gold:\n" << gold;
    ASSERT_DOUBLE_EQ(got.recall, want.recall) << "pred:\n" << predicted << "gold:\n" << gold;
    ASSERT_DOUBLE_EQ(got.f1, want.f1);
  }
}

std::string numbered_words(const char* prefix, size_t count, size_t first = 0) {
  std::string out;
  for (size_t k = 0; k < count; ++k) out += prefix + std::to_string(first + k) + ' ';
  return out;
}

// One 30,000-token sentence against a 40,000-token one: more than the full
// bit matrix budget, so the checkpointed LCS is used; the answer is exact.
TEST(RougeLSum, LongSentenceWithBoilerplate) {
  std::string gold = numbered_words("w", 30000);
  std::string predicted = numbered_words("junk", 5000) + gold + numbered_words("junk", 5000, 5000);
  wce::PRF r = wce::rouge_lsum(predicted, gold);
  EXPECT_DOUBLE_EQ(r.recall, 1);
  EXPECT_DOUBLE_EQ(r.precision, 0.75);
}

// Long repetitive sentences (frequent tokens, many LCS ties): the prediction
// is the gold with every 10th token replaced, so the LCS keeps 90% of both.
TEST(RougeLSum, LongRepetitiveSentence) {
  std::string gold, predicted;
  const char* cycle[] = {"a", "b", "c"};
  for (int k = 0; k < 30000; ++k) {
    gold += cycle[k % 3];
    gold += ' ';
    predicted += k % 10 == 9 ? "x" : cycle[k % 3];
    predicted += ' ';
  }
  wce::PRF r = wce::rouge_lsum(predicted, gold);
  EXPECT_DOUBLE_EQ(r.recall, 0.9);
  EXPECT_DOUBLE_EQ(r.precision, 0.9);
}

// ---------------------------------------------------------------- summary

struct SummaryCase {
  const char* name;
  std::vector<double> values;
  wce::Summary expected;
};

TEST(Summarize, KnownArrays) {
  auto make = [](size_t n, double mean, double median, double q1, double q3, double sd) {
    wce::Summary s;
    s.n = n;
    s.mean = mean;
    s.median = median;
    s.q1 = q1;
    s.q3 = q3;
    s.stdev = sd;
    return s;
  };
  const SummaryCase cases[] = {
      {"empty", {}, make(0, 0, 0, 0, 0, 0)},
      {"single", {5}, make(1, 5, 5, 5, 5, 0)},
      // q1 at position 0.75 -> 1 + 0.75; q3 at 2.25 -> 3 + 0.25;
      // variance (2.25 + 0.25 + 0.25 + 2.25) / 4 = 1.25.
      {"one to four", {4, 1, 3, 2}, make(4, 2.5, 2.5, 1.75, 3.25, std::sqrt(1.25))},
      // positions 0.5, 1, 1.5; variance (1 + 0 + 1) / 3.
      {"three unsorted", {3, 1, 2}, make(3, 2, 2, 1.5, 2.5, std::sqrt(2.0 / 3))},
      // positions 2.25, 4.5, 6.75; variance (n^2 - 1) / 12 = 8.25.
      {"one to ten", {10, 9, 8, 7, 6, 5, 4, 3, 2, 1}, make(10, 5.5, 5.5, 3.25, 7.75, std::sqrt(8.25))},
      // sorted 0 0 1 1 1 10: positions 1.25, 2.5, 3.75; mean 13/6.
      {"skewed", {1, 0, 10, 1, 0, 1},
       make(6, 13.0 / 6, 1, 0.25, 1, std::sqrt((2 * 169.0 / 36 + 3 * 49.0 / 36 + 2209.0 / 36) / 6))},
      {"constant", {0.3, 0.3, 0.3}, make(3, 0.3, 0.3, 0.3, 0.3, 0)},
  };
  for (const SummaryCase& c : cases) {
    wce::Summary s = wce::summarize(c.values);
    EXPECT_EQ(s.n, c.expected.n) << c.name;
    EXPECT_NEAR(s.mean, c.expected.mean, 1e-12) << c.name;
    EXPECT_NEAR(s.median, c.expected.median, 1e-12) << c.name;
    EXPECT_NEAR(s.q1, c.expected.q1, 1e-12) << c.name;
    EXPECT_NEAR(s.q3, c.expected.q3, 1e-12) << c.name;
    EXPECT_NEAR(s.stdev, c.expected.stdev, 1e-12) << c.name;
  }
}

TEST(Summarize, NanPropagates) {
  wce::Summary s = wce::summarize({1, std::numeric_limits<double>::quiet_NaN(), 2});
  EXPECT_EQ(s.n, 3u);
  EXPECT_TRUE(std::isnan(s.mean));
  EXPECT_TRUE(std::isnan(s.median));
  EXPECT_TRUE(std::isnan(s.stdev));
}

}  // namespace
