// Tests of the page measures of Gottron 2007 and Barbaresi & Lejeune 2020
// (eval/measures.cpp) through the public API; the alignments themselves are
// unit-tested in tests/internal/test_sequence_match.cpp. Expected
// values are computed by hand in the comments; random inputs are checked
// against the naive references of naive_alignment.hpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "naive_alignment.hpp"
#include "wce/eval.hpp"

namespace {

using namespace wce_test;
using Strings = std::vector<std::string>;

void expect_prf(const wce::PRF& got, double p, double r, double f, const char* what) {
  EXPECT_NEAR(got.precision, p, 1e-12) << what;
  EXPECT_NEAR(got.recall, r, 1e-12) << what;
  EXPECT_NEAR(got.f1, f, 1e-12) << what;
}

// ---------------------------------------------------------- segmentation

TEST(MeasuresTokens, CharacterSegmentation) {
  // Han characters become tokens, Latin runs stay whole.
  EXPECT_EQ(wce::measure_tokens("\xE6\x88\x91\xE7\x88\xB1 \xE5\x8C\x97\xE4\xBA\xAC hello\xE4\xB8\x96\xE7\x95\x8C!", true),
            (Strings{"\xE6\x88\x91", "\xE7\x88\xB1", "\xE5\x8C\x97", "\xE4\xBA\xAC", "hello",
                     "\xE4\xB8\x96", "\xE7\x95\x8C", "!"}));  // 我 爱 北 京 hello 世 界 !
  // Without the option: tokenize_words().
  EXPECT_EQ(wce::measure_tokens("\xE6\x88\x91\xE7\x88\xB1 hello\xE4\xB8\x96", false),
            (Strings{"\xE6\x88\x91\xE7\x88\xB1", "hello\xE4\xB8\x96"}));
  // CJK and fullwidth punctuation are tokens too: 你，好。
  EXPECT_EQ(wce::measure_tokens("\xE4\xBD\xA0\xEF\xBC\x8C\xE5\xA5\xBD\xE3\x80\x82", true),
            (Strings{"\xE4\xBD\xA0", "\xEF\xBC\x8C", "\xE5\xA5\xBD", "\xE3\x80\x82"}));
  // Kana with a combining voicing mark (か + U+3099) stays one token.
  EXPECT_EQ(wce::measure_tokens("\xE3\x81\x8B\xE3\x82\x99\xE3\x81\x84", true),
            (Strings{"\xE3\x81\x8B\xE3\x82\x99", "\xE3\x81\x84"}));
  // Thai สวัสดี: ส ว+ั ส ด+ี (dependent vowels attach to their consonant).
  EXPECT_EQ(wce::measure_tokens("\xE0\xB8\xAA\xE0\xB8\xA7\xE0\xB8\xB1\xE0\xB8\xAA\xE0\xB8\x94\xE0\xB8\xB5", true),
            (Strings{"\xE0\xB8\xAA", "\xE0\xB8\xA7\xE0\xB8\xB1", "\xE0\xB8\xAA", "\xE0\xB8\x94\xE0\xB8\xB5"}));
  // ดิน: ด+ิ น.
  EXPECT_EQ(wce::measure_tokens("\xE0\xB8\x94\xE0\xB8\xB4\xE0\xB8\x99", true),
            (Strings{"\xE0\xB8\x94\xE0\xB8\xB4", "\xE0\xB8\x99"}));
  // Hangul uses spaces: not cut.
  EXPECT_EQ(wce::measure_tokens("\xEC\x95\x88\xEB\x85\x95 \xED\x95\x98\xEC\x84\xB8\xEC\x9A\x94", true),
            (Strings{"\xEC\x95\x88\xEB\x85\x95", "\xED\x95\x98\xEC\x84\xB8\xEC\x9A\x94"}));
  // Invalid UTF-8 bytes stay in the run of other characters: \xFF\xFE + 中.
  EXPECT_EQ(wce::measure_tokens("\xFF\xFE\xE4\xB8\xAD", true), (Strings{"\xFF\xFE", "\xE4\xB8\xAD"}));
  // A truncated sequence at the end is one replacement byte, kept as is.
  EXPECT_EQ(wce::measure_tokens("\xE4\xB8\xAD\xE4\xB8", true), (Strings{"\xE4\xB8\xAD", "\xE4\xB8"}));
  EXPECT_TRUE(wce::measure_tokens("", true).empty());
  EXPECT_TRUE(wce::measure_tokens(" \n\t ", true).empty());
}

TEST(MeasuresTokens, UnspacedScripts) {
  EXPECT_TRUE(wce::is_unspaced_script(0x4E2D));   // 中
  EXPECT_TRUE(wce::is_unspaced_script(0x3042));   // あ
  EXPECT_TRUE(wce::is_unspaced_script(0x30A2));   // ア
  EXPECT_TRUE(wce::is_unspaced_script(0x0E01));   // ก
  EXPECT_TRUE(wce::is_unspaced_script(0x1780));   // Khmer ក
  EXPECT_TRUE(wce::is_unspaced_script(0x1000));   // Myanmar က
  EXPECT_TRUE(wce::is_unspaced_script(0x20000));  // ext. B
  EXPECT_TRUE(wce::is_unspaced_script(0x3002));   // 。
  EXPECT_FALSE(wce::is_unspaced_script(0x3000));  // ideographic space
  EXPECT_FALSE(wce::is_unspaced_script('a'));
  EXPECT_FALSE(wce::is_unspaced_script(0x00E9));  // é
  EXPECT_FALSE(wce::is_unspaced_script(0x0416));  // Ж
  EXPECT_FALSE(wce::is_unspaced_script(0xAC00));  // 가
  EXPECT_FALSE(wce::is_unspaced_script(0xFFFD));
}

TEST(MeasuresTokens, ChoiceOfSegmentation) {
  const std::string zh = "\xE6\x88\x91\xE7\x88\xB1\xE5\x8C\x97\xE4\xBA\xAC";  // 我爱北京
  wce::MeasureOptions opt;
  auto uses = [&](std::string_view pred, std::string_view gold) {
    return wce::uses_character_segmentation(pred, gold, opt);
  };
  EXPECT_FALSE(uses("plain words", "plain words"));
  EXPECT_TRUE(uses("", zh));            // gold mostly Han
  EXPECT_TRUE(uses(zh, ""));            // empty gold: the output decides
  EXPECT_FALSE(uses(zh, "abc"));        // the gold decides
  EXPECT_FALSE(uses("", "abc \xE4\xB8\xAD"));  // 1 of 4 non-space characters
  EXPECT_TRUE(uses("", "ab \xE4\xB8\xAD\xE6\x96\x87\xE5\xAD\x97"));  // 3 of 5
  for (const char* lang : {"zh", "ZH-cn", "zh_TW", "ja", "ja-JP", "th", "lo", "km", "my", "yue"}) {
    opt.lang = lang;
    EXPECT_TRUE(uses("a", "b")) << lang;
  }
  for (const char* lang : {"en", "ko", "de-CH", "zhx", "el", "pl", "ru"}) {
    opt.lang = lang;
    EXPECT_FALSE(uses("a", "b")) << lang;
  }
  opt.lang = "zh";
  opt.segmentation = wce::Segmentation::Words;
  EXPECT_FALSE(uses(zh, zh));
  opt.lang = "en";
  opt.segmentation = wce::Segmentation::Characters;
  EXPECT_TRUE(uses("a", "b"));
}

// ---------------------------------------------------------- measure_page

TEST(MeasuresPage, HandTableInsertion) {
  // Output "a b c d", gold "a b x c d" (4 and 5 tokens; 7 and 9 characters).
  wce::PageMeasures m = wce::measure_page("a b c d", "a b x c d");
  EXPECT_FALSE(m.characters);
  EXPECT_EQ(m.pred_tokens, 4u);
  EXPECT_EQ(m.gold_tokens, 5u);
  EXPECT_EQ(m.pred_chars, 7u);
  EXPECT_EQ(m.gold_chars, 9u);
  // Every token measure: 4 shared tokens: P = 1, R = 4/5, F1 = 8/9.
  for (const wce::PRF* p : {&m.rouge_lsum, &m.word_lcs, &m.bag, &m.set, &m.cleaneval, &m.voc, &m.occ})
    expect_prf(*p, 1, 0.8, 8.0 / 9, "token measure");
  // Characters: the output is a subsequence of the gold: LCS 7.
  expect_prf(m.chars, 1, 7.0 / 9, 14.0 / 16, "chars");
  // KL over {a b c d x}: P_gt = 1/5 each; P_res = 1/4, x -> 1e-5:
  // 4 (0.2 ln(0.2/0.25)) + 0.2 ln(0.2/1e-5) = 0.8 ln 0.8 + 0.2 ln 20000.
  EXPECT_NEAR(m.kl, 0.8 * std::log(0.8) + 0.2 * std::log(20000.0), 1e-12);
  EXPECT_NEAR(m.kl, 1.8021826694558578, 1e-12);
  // Cosine of (1,1,1,1,0) and (1,1,1,1,1): 4 / (2 sqrt 5).
  EXPECT_NEAR(m.cosine, 2 / std::sqrt(5.0), 1e-12);
  // Euclidean of the relative frequencies: sqrt(4 x 0.05^2 + 0.2^2).
  EXPECT_NEAR(m.euclidean, std::sqrt(0.05), 1e-12);
  EXPECT_FALSE(m.near_empty);
}

TEST(MeasuresPage, HandTableRepeatedTokens) {
  // Output "a a b" (a:2 b:1), gold "a b b a" (a:2 b:2).
  wce::PageMeasures m = wce::measure_page("a a b", "a b b a");
  // Sequence: LCS 2 ("a b"): P 2/3, R 1/2, F1 4/7.
  expect_prf(m.word_lcs, 2.0 / 3, 0.5, 4.0 / 7, "word_lcs");
  expect_prf(m.rouge_lsum, 2.0 / 3, 0.5, 4.0 / 7, "rouge_lsum");
  // CleanEval: block "a b" = a[1..3) / b[0..2), nothing left: 2.
  expect_prf(m.cleaneval, 2.0 / 3, 0.5, 4.0 / 7, "cleaneval");
  // Bag / occ: min(2,2) + min(1,2) = 3: P 1, R 3/4, F1 6/7.
  expect_prf(m.bag, 1, 0.75, 6.0 / 7, "bag");
  expect_prf(m.occ, 1, 0.75, 6.0 / 7, "occ");
  // Set / voc: {a, b} on both sides.
  expect_prf(m.set, 1, 1, 1, "set");
  expect_prf(m.voc, 1, 1, 1, "voc");
  // Characters "a a b" (5) vs "a b b a" (7): LCS "a" " " " " "b" = 4:
  // P 4/5, R 4/7, F1 2/3.
  expect_prf(m.chars, 0.8, 4.0 / 7, 2.0 / 3, "chars");
  // KL: 0.5 ln(0.5 / (2/3)) + 0.5 ln(0.5 / (1/3)) = 0.5 ln 1.125.
  EXPECT_NEAR(m.kl, 0.5 * std::log(1.125), 1e-12);
  // Cosine (2,1) . (2,2) / (sqrt 5 sqrt 8) = 6 / sqrt 40.
  EXPECT_NEAR(m.cosine, 6 / std::sqrt(40.0), 1e-12);
  // Euclidean (2/3 - 1/2, 1/3 - 1/2): sqrt(2/36).
  EXPECT_NEAR(m.euclidean, std::sqrt(2.0) / 6, 1e-12);
}

TEST(MeasuresPage, HandTableCrossingBlock) {
  // CleanEval's first block blocks the longer in-order alignment (see
  // MeasuresCleanEval.HandAlignments): TP 3 vs LCS 4, 7 output / 8 gold.
  wce::PageMeasures m = wce::measure_page("B1 B2 B3 X1 X2 Y1 Y2", "X1 X2 Z Y1 Y2 B1 B2 B3");
  expect_prf(m.cleaneval, 3.0 / 7, 3.0 / 8, 0.4, "cleaneval");
  expect_prf(m.word_lcs, 4.0 / 7, 0.5, 8.0 / 15, "word_lcs");
  // Bag and set ignore order: 7 shared tokens (Z missing).
  expect_prf(m.bag, 1, 7.0 / 8, 14.0 / 15, "bag");
  expect_prf(m.set, 1, 7.0 / 8, 14.0 / 15, "set");
}

TEST(MeasuresPage, EmptyTexts) {
  wce::PageMeasures both = wce::measure_page("", "");
  for (const wce::PRF* p : {&both.rouge_lsum, &both.chars, &both.word_lcs, &both.bag, &both.set,
                            &both.cleaneval, &both.voc, &both.occ})
    expect_prf(*p, 1, 1, 1, "both empty");
  EXPECT_EQ(both.kl, 0);
  EXPECT_EQ(both.cosine, 1);
  EXPECT_EQ(both.euclidean, 0);
  EXPECT_FALSE(both.near_empty);

  // Empty output, gold "a b": KL = 2 x 0.5 ln(0.5 / 1e-5) = ln 50000.
  wce::PageMeasures no_pred = wce::measure_page(" \n\t", "a b");
  for (const wce::PRF* p : {&no_pred.rouge_lsum, &no_pred.chars, &no_pred.word_lcs, &no_pred.bag,
                            &no_pred.set, &no_pred.cleaneval, &no_pred.voc, &no_pred.occ})
    expect_prf(*p, 0, 0, 0, "empty output");
  EXPECT_NEAR(no_pred.kl, std::log(50000.0), 1e-12);
  EXPECT_EQ(no_pred.cosine, 0);
  EXPECT_NEAR(no_pred.euclidean, std::sqrt(0.5), 1e-12);
  EXPECT_TRUE(no_pred.near_empty);
  EXPECT_EQ(no_pred.pred_chars, 0u);

  // Empty gold: KL = ln(1e5) by convention; not "near empty".
  wce::PageMeasures no_gold = wce::measure_page("a b", "");
  expect_prf(no_gold.word_lcs, 0, 0, 0, "empty gold");
  expect_prf(no_gold.chars, 0, 0, 0, "empty gold");
  EXPECT_NEAR(no_gold.kl, std::log(1e5), 1e-12);
  EXPECT_EQ(no_gold.cosine, 0);
  EXPECT_NEAR(no_gold.euclidean, std::sqrt(0.5), 1e-12);
  EXPECT_FALSE(no_gold.near_empty);
}

TEST(MeasuresPage, NearEmptyThreshold) {
  // Gold: 100 characters. Below 10 (< 10 %) is near empty, 10 is not.
  const std::string gold(100, 'x');
  EXPECT_TRUE(wce::measure_page(std::string(9, 'x'), gold).near_empty);
  EXPECT_FALSE(wce::measure_page(std::string(10, 'x'), gold).near_empty);
  // Sizes count characters after collapsing whitespace, not bytes:
  // "a    b" is 3 characters; 9 x 中 (27 bytes) is 9 characters.
  EXPECT_TRUE(wce::measure_page("a    b", std::string(31, 'y')).near_empty);   // 3 < 3.1
  EXPECT_FALSE(wce::measure_page("a    b", std::string(30, 'y')).near_empty);  // 3 < 3.0 no
  std::string han;
  for (int k = 0; k < 9; ++k) han += "\xE4\xB8\xAD";
  wce::PageMeasures m = wce::measure_page(han, std::string(91, 'z'));
  EXPECT_EQ(m.pred_chars, 9u);
  EXPECT_TRUE(m.near_empty);
}

TEST(MeasuresPage, ChineseCharacterSegmentation) {
  // 我爱北京 vs 我爱上海: 2 of 4 characters shared, in order.
  const std::string pred = "\xE6\x88\x91\xE7\x88\xB1\xE5\x8C\x97\xE4\xBA\xAC";
  const std::string gold = "\xE6\x88\x91\xE7\x88\xB1\xE4\xB8\x8A\xE6\xB5\xB7";
  wce::MeasureOptions zh;
  zh.lang = "zh";
  wce::PageMeasures m = wce::measure_page(pred, gold, zh);
  EXPECT_TRUE(m.characters);
  EXPECT_EQ(m.pred_tokens, 4u);
  for (const wce::PRF* p : {&m.rouge_lsum, &m.word_lcs, &m.bag, &m.set, &m.cleaneval, &m.chars})
    expect_prf(*p, 0.5, 0.5, 0.5, "zh");
  // Detected from the text without a language.
  EXPECT_TRUE(wce::measure_page(pred, gold).characters);
  EXPECT_NEAR(wce::measure_page(pred, gold).word_lcs.f1, 0.5, 1e-12);
  // Forced word segmentation: one token each, nothing shared; characters
  // are unaffected.
  wce::MeasureOptions words;
  words.segmentation = wce::Segmentation::Words;
  wce::PageMeasures w = wce::measure_page(pred, gold, words);
  EXPECT_FALSE(w.characters);
  EXPECT_EQ(w.pred_tokens, 1u);
  expect_prf(w.word_lcs, 0, 0, 0, "zh as words");
  expect_prf(w.rouge_lsum, 0, 0, 0, "zh as words");
  expect_prf(w.chars, 0.5, 0.5, 0.5, "zh chars as words");
  // Mixed text: sentences split at 。 still, Latin words stay whole.
  wce::PageMeasures mixed = wce::measure_page(
      "iPhone\xE5\xBE\x88\xE5\xA5\xBD\xE3\x80\x82", "iPhone\xE5\xBE\x88\xE8\xB4\xB5\xE3\x80\x82", zh);
  // Tokens: iPhone 很 好 。 vs iPhone 很 贵 。: 3 of 4.
  expect_prf(mixed.word_lcs, 0.75, 0.75, 0.75, "mixed");
  expect_prf(mixed.rouge_lsum, 0.75, 0.75, 0.75, "mixed rouge");
}

TEST(MeasuresPage, InvalidUtf8) {
  // Tokens keep their bytes; characters decode each invalid byte to U+FFFD.
  wce::PageMeasures same = wce::measure_page("a\xFF" "b c", "a\xFF" "b c");
  EXPECT_EQ(same.pred_chars, 5u);  // a U+FFFD b ' ' c
  for (const wce::PRF* p : {&same.word_lcs, &same.cleaneval, &same.chars, &same.bag})
    expect_prf(*p, 1, 1, 1, "same invalid bytes");
  // Different invalid bytes: different tokens, same characters.
  wce::PageMeasures diff = wce::measure_page("a\xFE" "b", "a\xFF" "b");
  expect_prf(diff.word_lcs, 0, 0, 0, "different invalid tokens");
  expect_prf(diff.chars, 1, 1, 1, "both U+FFFD");
  // Truncated multi-byte sequences at the end do not crash or overrun.
  wce::PageMeasures cut = wce::measure_page("x \xE4\xB8", "x \xF0\x9F");
  EXPECT_EQ(cut.pred_chars, 4u);  // x ' ' U+FFFD U+FFFD
  expect_prf(cut.chars, 1, 1, 1, "truncated");
}

TEST(MeasuresPage, AgreesWithTheSeparateFunctions) {
  // Random word texts: word_lcs, bag, set and cleaneval from the interned
  // tokens equal the naive references, rouge_lsum equals rouge_lsum().
  std::mt19937 rng(4242);
  for (int t = 0; t < 200; ++t) {
    auto text = [&](size_t n) {
      std::string s;
      for (size_t k = 0; k < n; ++k) {
        s += "w" + std::to_string(rng() % 15);
        s += rng() % 8 == 0 ? ".\n" : " ";
      }
      return s;
    };
    std::string pred = text(rng() % 80), gold = text(rng() % 80);
    wce::PageMeasures m = wce::measure_page(pred, gold);
    Interner in;
    Ids p = in(pred), g = in(gold);
    if (p.empty() || g.empty()) continue;
    std::map<uint32_t, int> cp, cg;
    for (uint32_t x : p) ++cp[x];
    for (uint32_t x : g) ++cg[x];
    int overlap = 0;
    std::set<uint32_t> shared;
    for (auto [x, c] : cp)
      if (cg.count(x)) overlap += std::min(c, cg[x]), shared.insert(x);
    ASSERT_NEAR(m.word_lcs.precision, double(naive_lcs(p, g)) / p.size(), 1e-12);
    ASSERT_NEAR(m.cleaneval.recall, double(naive_ratcliff(p, g, 0, p.size(), 0, g.size())) / g.size(), 1e-12);
    ASSERT_NEAR(m.bag.precision, double(overlap) / p.size(), 1e-12);
    ASSERT_NEAR(m.set.recall, double(shared.size()) / cg.size(), 1e-12);
    wce::PRF r = wce::rouge_lsum(pred, gold);
    ASSERT_EQ(m.rouge_lsum.f1, r.f1);
    ASSERT_GE(m.kl, -1e-3);
    ASSERT_LE(m.cosine, 1.0);
  }
}

// ------------------------------------------------------- names and values

TEST(MeasuresNames, EveryNameResolves) {
  std::vector<std::string> names = wce::measure_names();
  ASSERT_EQ(names.size(), 9u * 3 + 4);
  EXPECT_EQ(names.front(), "rouge_lsum_p");
  EXPECT_EQ(names.back(), "word_f1_f1");
  EXPECT_EQ(std::set<std::string>(names.begin(), names.end()).size(), names.size());
  wce::PageMeasures m = wce::measure_page("a a b", "a b b a");
  for (const std::string& n : names) EXPECT_TRUE(wce::measure_value(m, n).has_value()) << n;
  EXPECT_EQ(*wce::measure_value(m, "word_lcs_p"), m.word_lcs.precision);
  EXPECT_EQ(*wce::measure_value(m, "bag_r"), m.bag.recall);
  EXPECT_EQ(*wce::measure_value(m, "cleaneval_f1"), m.cleaneval.f1);
  EXPECT_EQ(*wce::measure_value(m, "chars_f1"), m.chars.f1);
  EXPECT_EQ(*wce::measure_value(m, "kl"), m.kl);
  EXPECT_EQ(*wce::measure_value(m, "cosine"), m.cosine);
  EXPECT_EQ(*wce::measure_value(m, "euclidean"), m.euclidean);
  EXPECT_EQ(*wce::measure_value(m, "near_empty"), 0.0);
  EXPECT_EQ(*wce::measure_value(wce::measure_page("", "abc"), "near_empty"), 1.0);
  EXPECT_FALSE(wce::measure_value(m, "f1").has_value());
  EXPECT_FALSE(wce::measure_value(m, "").has_value());
  EXPECT_FALSE(wce::measure_value(m, "KL").has_value());
}

}  // namespace
