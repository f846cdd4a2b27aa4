// Unit tests of the two sequence alignments behind the page measures
// (core/src/eval/sequence_match.hpp: lcs_length, cleaneval_matches), on
// symbol ids. Internal: this target may include core/src headers. Expected
// values are computed by hand in the comments; random inputs are checked
// against the naive references of tests/cpp/naive_alignment.hpp.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "eval/sequence_match.hpp"
#include "naive_alignment.hpp"
#include "wce/eval.hpp"

using namespace wce_test;

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

