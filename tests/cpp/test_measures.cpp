// Tests of the page measures of Gottron 2007 and Barbaresi & Lejeune 2020
// (eval/measures.cpp, lcs.cpp, cleaneval.cpp). Expected values are computed
// by hand in the comments; random inputs are checked against naive
// references written here (quadratic DP, brute-force longest block).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "wce/eval.hpp"

namespace {

using Ids = std::vector<uint32_t>;
using Strings = std::vector<std::string>;

// Letters as ids: "ABCB" -> {'A', 'B', 'C', 'B'}.
Ids ids(const std::string& s) { return Ids(s.begin(), s.end()); }

// Whitespace-separated words as ids (one id per distinct word).
struct Interner {
  std::map<std::string, uint32_t> table;
  Ids operator()(const std::string& text) {
    Ids out;
    for (const std::string& w : wce::tokenize_words(text))
      out.push_back(table.emplace(w, static_cast<uint32_t>(table.size())).first->second);
    return out;
  }
};

size_t naive_lcs(const Ids& a, const Ids& b) {
  std::vector<size_t> prev(b.size() + 1, 0), cur(b.size() + 1, 0);
  for (size_t i = 1; i <= a.size(); ++i) {
    for (size_t j = 1; j <= b.size(); ++j)
      cur[j] = a[i - 1] == b[j - 1] ? prev[j - 1] + 1 : std::max(prev[j], cur[j - 1]);
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

// Ratcliff/Obershelp by brute force (no autojunk): the longest common block
// of the zone, earliest in a, then earliest in b; recurse left and right.
size_t naive_ratcliff(const Ids& a, const Ids& b, size_t alo, size_t ahi, size_t blo, size_t bhi) {
  size_t bi = alo, bj = blo, bk = 0;
  for (size_t i = alo; i < ahi; ++i)
    for (size_t j = blo; j < bhi; ++j) {
      size_t k = 0;
      while (i + k < ahi && j + k < bhi && a[i + k] == b[j + k]) ++k;
      if (k > bk) bi = i, bj = j, bk = k;
    }
  if (bk == 0) return 0;
  return bk + naive_ratcliff(a, b, alo, bi, blo, bj) + naive_ratcliff(a, b, bi + bk, ahi, bj + bk, bhi);
}

void expect_prf(const wce::PRF& got, double p, double r, double f, const char* what) {
  EXPECT_NEAR(got.precision, p, 1e-12) << what;
  EXPECT_NEAR(got.recall, r, 1e-12) << what;
  EXPECT_NEAR(got.f1, f, 1e-12) << what;
}

// ------------------------------------------------------------------- LCS

TEST(MeasuresLcs, TextbookCases) {
  EXPECT_EQ(wce::lcs_length(ids("ABCBDAB"), ids("BDCABA")), 4u);  // CLRS: BCBA
  EXPECT_EQ(wce::lcs_length(ids("AGGTAB"), ids("GXTXAYB")), 4u);  // GTAB
  EXPECT_EQ(wce::lcs_length(ids("ABC"), ids("ABC")), 3u);
  EXPECT_EQ(wce::lcs_length(ids("ABC"), ids("DEF")), 0u);
  EXPECT_EQ(wce::lcs_length(ids("AAAA"), ids("AA")), 2u);
  EXPECT_EQ(wce::lcs_length(ids(""), ids("ABC")), 0u);
  EXPECT_EQ(wce::lcs_length(ids("ABC"), ids("")), 0u);
  EXPECT_EQ(wce::lcs_length(ids(""), ids("")), 0u);
  // Symmetric.
  EXPECT_EQ(wce::lcs_length(ids("BDCABA"), ids("ABCBDAB")), 4u);
}

TEST(MeasuresLcs, SparseIdsAndLongRows) {
  // Ids far above the sequence lengths (sorted remapping path).
  Ids a = {4000000000u, 7, 4000000001u, 9}, b = {7, 4000000001u, 4000000000u, 9};
  EXPECT_EQ(wce::lcs_length(a, b), 3u);  // 7, 4000000001, 9
  // Exactly 64 and 65 columns: the last-word mask.
  Ids x(64), y(65);
  for (size_t k = 0; k < 64; ++k) x[k] = static_cast<uint32_t>(k % 7);
  for (size_t k = 0; k < 65; ++k) y[k] = static_cast<uint32_t>((k * 3) % 7);
  EXPECT_EQ(wce::lcs_length(x, y), naive_lcs(x, y));
  EXPECT_EQ(wce::lcs_length(y, x), naive_lcs(x, y));
}

TEST(MeasuresLcs, RandomAgainstQuadraticDp) {
  // Unrelated pairs (full table) and edited copies with boilerplate added on
  // the sides (the band, its widening and its fallback), several alphabets.
  std::mt19937 rng(12345);
  for (int t = 0; t < 1500; ++t) {
    const uint32_t sigma = 1 + rng() % (t % 3 == 0 ? 4 : 80);
    const size_t n = rng() % (t % 10 == 0 ? 2500 : 300);
    Ids a(n), b;
    for (uint32_t& x : a) x = rng() % sigma;
    if (t % 2 == 0) {
      for (uint32_t x : a) {
        unsigned r = rng() % 100;
        if (r < 3) continue;
        if (r < 6) b.push_back(rng() % sigma);
        b.push_back(x);
      }
      if (t % 4 == 0) b.insert(b.begin(), rng() % 400, static_cast<uint32_t>(rng() % sigma));
      if (t % 8 == 0)
        for (unsigned k = rng() % 600; k-- > 0;) b.push_back(rng() % sigma);
    } else {
      b.resize(rng() % 300);
      for (uint32_t& x : b) x = rng() % sigma;
    }
    ASSERT_EQ(wce::lcs_length(a, b), naive_lcs(a, b)) << "case " << t;
  }
}

TEST(MeasuresLcs, BandDoesNotTrustAPathJustOutsideIt) {
  // a = x A W F B y, b = z A G W B t (all ids distinct except A, W, B):
  // |A| = 477, |B| = 500, |W| = 2, |F| = |G| = 34, so n = m = 1015. The
  // only way to match W is a detour to diagonal +34 (skip G, match W, skip
  // F): |LCS| = 979. The first band (diagonals -32..32, rounded out to
  // whole 64-bit words) misses it: W's rows are 479 and 480, whose windows
  // end at columns 512 = 479 + 33 and 512 = 480 + 32, before W's columns
  // 513 and 514. The band finds 977, which must not certify itself
  // (977 < m - 32 - 1 = 982): the band is widened and the result exact.
  Ids a{1}, b{2}, A, B, W{3000, 3001}, F, G;
  for (uint32_t k = 0; k < 477; ++k) A.push_back(1000 + k);
  for (uint32_t k = 0; k < 500; ++k) B.push_back(2000 + k);
  for (uint32_t k = 0; k < 34; ++k) G.push_back(4000 + k), F.push_back(5000 + k);
  for (const Ids* part : {&A, &W, &F, &B}) a.insert(a.end(), part->begin(), part->end());
  for (const Ids* part : {&A, &G, &W, &B}) b.insert(b.end(), part->begin(), part->end());
  a.push_back(3);
  b.push_back(4);
  ASSERT_EQ(a.size(), 1015u);
  ASSERT_EQ(b.size(), 1015u);
  EXPECT_EQ(naive_lcs(a, b), 979u);
  EXPECT_EQ(wce::lcs_length(a, b), 979u);
  EXPECT_EQ(wce::lcs_length(b, a), 979u);
}

TEST(MeasuresLcs, WorkLimitCutsIntoAlignedPieces) {
  // a = X Y, b = Y X with X = 0..49, Y = 50..99 (all distinct): |LCS| = 50.
  Ids a, b;
  for (uint32_t k = 0; k < 100; ++k) a.push_back(k);
  for (uint32_t k = 0; k < 100; ++k) b.push_back((k + 50) % 100);
  EXPECT_EQ(wce::lcs_length(a, b), 50u);
  EXPECT_EQ(wce::lcs_length(a, b, 0), 50u);  // no limit
  // Full work = 100 rows x 2 words = 200 > 1: cut into min(200, 100) = 100
  // pieces of one symbol; a[k] != b[k] everywhere, so the bound gives 0.
  EXPECT_EQ(wce::lcs_length(a, b, 1), 0u);

  // Same cut, but the alignment never crosses it: still exact.
  // c = 5 1..98 6, d = 7 1..98 8: |LCS| = 98, piece k pairs c[k] with d[k].
  Ids c{5}, d{7};
  for (uint32_t k = 1; k <= 98; ++k) c.push_back(k), d.push_back(k);
  c.push_back(6);
  d.push_back(8);
  EXPECT_EQ(wce::lcs_length(c, d, 1), 98u);
  EXPECT_EQ(wce::lcs_length(c, d), 98u);
}

TEST(MeasuresLcs, HugeInputsStayBounded) {
  // 1,000,000 x 1,000,000 unrelated symbols: the full table would be
  // 1.6e10 word operations (tens of seconds); the limit keeps it to about
  // 1.35 x 2^27. Identical huge inputs are exact through the prefix strip.
  std::mt19937 rng(99);
  Ids a(1000000), b(1000000);
  for (uint32_t& x : a) x = rng() % 1000;
  for (uint32_t& x : b) x = rng() % 1000;
  size_t got = wce::lcs_length(a, b);
  EXPECT_GT(got, 0u);
  EXPECT_LE(got, a.size());
  EXPECT_EQ(wce::lcs_length(a, a), a.size());
}

// -------------------------------------------------------------- CleanEval

TEST(MeasuresCleanEval, HandAlignments) {
  Interner in;
  // a b c d vs a b x c d: blocks "a b" then "c d" in the right zone: 4.
  EXPECT_EQ(wce::cleaneval_matches(in("a b c d"), in("a b x c d")), 4u);
  // a a b vs a b b a: the longest block is a[1..3) = b[0..2) "a b"; the left
  // zone a[0..1) x b[0..0) and the right zones are empty: 2.
  EXPECT_EQ(wce::cleaneval_matches(in("a a b"), in("a b b a")), 2u);
  // The first block crosses the better alignment: B1 B2 B3 (at a0, b5)
  // leaves no left zone in b and no right zone in a, so only 3 match, while
  // the LCS X1 X2 Y1 Y2 has 4.
  Ids out = in("B1 B2 B3 X1 X2 Y1 Y2"), gold = in("X1 X2 Z Y1 Y2 B1 B2 B3");
  EXPECT_EQ(wce::cleaneval_matches(out, gold), 3u);
  EXPECT_EQ(wce::lcs_length(out, gold), 4u);
  // Work limit crossed at once: the zone is scored by its LCS instead.
  EXPECT_EQ(wce::cleaneval_matches(out, gold, true, 1), 4u);
  EXPECT_EQ(wce::cleaneval_matches(in(""), in("a")), 0u);
  EXPECT_EQ(wce::cleaneval_matches(in("a"), in("")), 0u);
}

TEST(MeasuresCleanEval, AutojunkAsDifflib) {
  // Gold: w0 the w1 the ... w99 the (200 tokens); "the" occurs 100 times >
  // 200/100 + 1, so it is popular. An output of 50 "the": with autojunk no
  // block can start (difflib: 0 matches); without it, each "the" matches.
  Interner in;
  std::string gold, out;
  for (int k = 0; k < 100; ++k) gold += "w" + std::to_string(k) + " the ";
  for (int k = 0; k < 50; ++k) out += "the ";
  Ids o = in(out), g = in(gold);
  ASSERT_EQ(g.size(), 200u);
  EXPECT_EQ(wce::cleaneval_matches(o, g, true), 0u);
  EXPECT_EQ(wce::cleaneval_matches(o, g, false), 50u);
  // Popular tokens still extend a block found around them: identical texts
  // match fully.
  EXPECT_EQ(wce::cleaneval_matches(g, g, true), 200u);
  // With 199 gold tokens the heuristic is off.
  Ids g199(g.begin(), g.end() - 1);
  EXPECT_EQ(wce::cleaneval_matches(o, g199, true), 50u);
}

TEST(MeasuresCleanEval, RandomAgainstBruteForce) {
  std::mt19937 rng(777);
  for (int t = 0; t < 400; ++t) {
    const uint32_t sigma = 1 + rng() % 12;
    Ids a(rng() % 60), b(rng() % 60);  // < 200: no autojunk
    for (uint32_t& x : a) x = rng() % sigma;
    for (uint32_t& x : b) x = rng() % sigma;
    ASSERT_EQ(wce::cleaneval_matches(a, b), naive_ratcliff(a, b, 0, a.size(), 0, b.size()))
        << "case " << t;
  }
}

TEST(MeasuresCleanEval, HugeInputsStayBounded) {
  // 1,000,000 gold tokens of 1,000 types (none popular): one search over the
  // whole zone would take 1e9 steps; the limit stops it and the LCS fallback
  // has its own bound.
  std::mt19937 rng(5);
  Ids a(1000000), b(1000000);
  for (uint32_t& x : a) x = rng() % 1000;
  for (uint32_t& x : b) x = rng() % 1000;
  size_t got = wce::cleaneval_matches(a, b);
  EXPECT_LE(got, a.size());
  // 300,000 copies of one token, autojunk off: every row of the search
  // visits 300,000 positions; bounded too, and exact (prefix strip).
  Ids same(300000, 1);
  Ids plus = same;
  plus.push_back(2);
  EXPECT_EQ(wce::cleaneval_matches(same, plus, false), same.size());
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
  ASSERT_EQ(names.size(), 8u * 3 + 4);
  EXPECT_EQ(names.front(), "rouge_lsum_p");
  EXPECT_EQ(names.back(), "near_empty");
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
