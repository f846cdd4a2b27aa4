// Aggregation of per-page scores into the rows of `wce bench` / `wce eval`
// (core/src/eval/aggregate.cpp, wce/aggregate.hpp). Expected values are computed by hand in the comments.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "wce/aggregate.hpp"

namespace {

using wce::aggregate;
using wce::GroupBy;
using wce::MeasureSpec;
using wce::PageResult;
using wce::Row;

const std::vector<MeasureSpec> kRouge = {{"rouge_lsum", true}};
constexpr double kEps = 1e-12;

PageResult page(const std::string& ex, const std::string& dataset, const std::string& id, double f1,
                double ms = std::nan(""), double kb = 0) {
  PageResult p;
  p.extractor = ex;
  p.dataset = dataset;
  p.id = id;
  p.ms = ms;
  p.kb = kb;
  p.scores = {{f1 / 2, f1, f1}};  // precision = F1 / 2, recall = F1
  return p;
}

std::vector<std::string> labels(const std::vector<Row>& rows) {
  std::vector<std::string> out;
  for (const Row& r : rows) out.push_back(r.extractor + "/" + r.group + "/" + r.measure);
  return out;
}

// Dataset A: F1 0.2 0.4 0.6 0.8, ms 1 2 3 4, kB 1 1 2 unknown.
// Dataset B: F1 1.0, ms 10, kB 5.
std::vector<PageResult> two_datasets() {
  return {page("x", "A", "a1", 0.2, 1, 1), page("x", "A", "a2", 0.4, 2, 1), page("x", "A", "a3", 0.6, 3, 2),
          page("x", "A", "a4", 0.8, 4, 0), page("x", "B", "b1", 1.0, 10, 5)};
}

TEST(Aggregate, PerDatasetStatistics) {
  auto rows = aggregate(two_datasets(), kRouge, GroupBy::Dataset, {});
  ASSERT_EQ(labels(rows), (std::vector<std::string>{"x/A/rouge_lsum", "x/B/rouge_lsum",
                                                    "x/(macro)/rouge_lsum", "x/(micro)/rouge_lsum"}));
  const Row& a = rows[0];
  EXPECT_EQ(a.pages, 4u);
  EXPECT_NEAR(a.f.mean, 0.5, kEps);
  EXPECT_NEAR(a.f.median, 0.5, kEps);
  EXPECT_NEAR(a.f.q1, 0.35, kEps);  // position 0.75 between 0.2 and 0.4
  EXPECT_NEAR(a.f.q3, 0.65, kEps);  // position 2.25 between 0.6 and 0.8
  EXPECT_NEAR(a.f.stdev, std::sqrt(0.05), kEps);  // (0.09 + 0.01 + 0.01 + 0.09) / 4
  EXPECT_NEAR(a.p.mean, 0.25, kEps);
  EXPECT_NEAR(a.r.median, 0.5, kEps);
  EXPECT_NEAR(a.ms_per_page, 2.5, kEps);
  EXPECT_NEAR(a.ms_per_kb, 1.5, kEps);  // (1 + 2 + 3) ms / (1 + 1 + 2) kB: a4 has no size
  const Row& b = rows[1];
  EXPECT_EQ(b.pages, 1u);
  EXPECT_NEAR(b.f.q1, 1.0, kEps);
  EXPECT_NEAR(b.f.stdev, 0.0, kEps);
  EXPECT_NEAR(b.ms_per_kb, 2.0, kEps);
}

TEST(Aggregate, MacroIsTheMeanOfTheDatasetStatistics) {
  auto rows = aggregate(two_datasets(), kRouge, GroupBy::Dataset, {});
  const Row& m = rows[2];
  EXPECT_EQ(m.pages, 5u);
  EXPECT_NEAR(m.f.mean, 0.75, kEps);     // (0.5 + 1) / 2
  EXPECT_NEAR(m.f.median, 0.75, kEps);   // (0.5 + 1) / 2
  EXPECT_NEAR(m.f.q1, 0.675, kEps);      // (0.35 + 1) / 2
  EXPECT_NEAR(m.f.q3, 0.825, kEps);      // (0.65 + 1) / 2
  EXPECT_NEAR(m.f.stdev, std::sqrt(0.05) / 2, kEps);
  EXPECT_NEAR(m.p.mean, 0.375, kEps);    // (0.25 + 0.5) / 2
  EXPECT_NEAR(m.ms_per_page, 6.25, kEps);  // (2.5 + 10) / 2
  EXPECT_NEAR(m.ms_per_kb, 1.75, kEps);    // (1.5 + 2) / 2
}

TEST(Aggregate, MicroPoolsAllPages) {
  auto rows = aggregate(two_datasets(), kRouge, GroupBy::Dataset, {});
  const Row& m = rows[3];
  EXPECT_EQ(m.pages, 5u);
  EXPECT_NEAR(m.f.mean, 0.6, kEps);
  EXPECT_NEAR(m.f.median, 0.6, kEps);
  EXPECT_NEAR(m.f.q1, 0.4, kEps);
  EXPECT_NEAR(m.f.q3, 0.8, kEps);
  EXPECT_NEAR(m.f.stdev, std::sqrt(0.08), kEps);  // (0.16 + 0.04 + 0 + 0.04 + 0.16) / 5
  EXPECT_NEAR(m.ms_per_page, 4.0, kEps);          // 20 ms / 5 pages
  EXPECT_NEAR(m.ms_per_kb, 16.0 / 9.0, kEps);     // 16 ms / 9 kB
}

TEST(Aggregate, OneDatasetHasNoMacroOrMicroRow) {
  std::vector<PageResult> pages = {page("x", "A", "1", 0.5), page("y", "A", "1", 1.0)};
  auto rows = aggregate(pages, kRouge, GroupBy::Dataset, {});
  EXPECT_EQ(labels(rows), (std::vector<std::string>{"x/A/rouge_lsum", "y/A/rouge_lsum"}));
  EXPECT_TRUE(std::isnan(rows[0].ms_per_page));  // not timed
  EXPECT_TRUE(std::isnan(rows[0].ms_per_kb));
}

TEST(Aggregate, ComplexityLevelsInFixedOrder) {
  // Levels q1 = 0.25, q3 = 0.75: low below q1, high above q3 (Bevendorff et
  // al. 2023, Fig. 2), the bounds themselves are medium.
  std::vector<PageResult> pages;
  const double c[] = {0.9, 0.25, 0.1, 0.75, 0.5, std::nan("")};
  for (int i = 0; i < 6; ++i) {
    pages.push_back(page("x", "A", std::to_string(i), 0.1 * (i + 1)));
    pages.back().complexity = c[i];
  }
  wce::ComplexityLevels levels{0.25, 0.75};
  auto rows = aggregate(pages, kRouge, GroupBy::Complexity, levels);
  ASSERT_EQ(labels(rows), (std::vector<std::string>{"x/low/rouge_lsum", "x/medium/rouge_lsum", "x/high/rouge_lsum",
                                                    "x/(unknown)/rouge_lsum", "x/(micro)/rouge_lsum"}));
  EXPECT_EQ(rows[0].pages, 1u);
  EXPECT_NEAR(rows[0].f.mean, 0.3, kEps);  // page 2
  EXPECT_EQ(rows[1].pages, 3u);
  EXPECT_NEAR(rows[1].f.mean, (0.2 + 0.4 + 0.5) / 3, kEps);  // pages 1, 3, 4
  EXPECT_NEAR(rows[2].f.mean, 0.1, kEps);                    // page 0
  EXPECT_NEAR(rows[3].f.mean, 0.6, kEps);                    // page 5
  EXPECT_EQ(rows[4].pages, 6u);
}

TEST(Aggregate, LevelsCountEachPageOnce) {
  // Page p1 (complexity 0) scored by two extractors, p2 (complexity 1) by one:
  // quartiles of {0, 1} are 0.25 and 0.75 ({0, 0, 1} would give 0 and 0.5).
  std::vector<PageResult> pages = {page("x", "A", "p1", 1), page("y", "A", "p1", 1), page("x", "A", "p2", 1)};
  pages[0].complexity = pages[1].complexity = 0;
  pages[2].complexity = 1;
  auto levels = wce::complexity_levels(pages);
  EXPECT_NEAR(levels.q1, 0.25, kEps);
  EXPECT_NEAR(levels.q3, 0.75, kEps);
}

TEST(Aggregate, ByLanguageWithUnknown) {
  std::vector<PageResult> pages = {page("x", "A", "1", 1), page("x", "A", "2", 0), page("x", "B", "3", 0.5)};
  pages[0].lang = "en";
  pages[2].lang = "en";
  auto rows = aggregate(pages, kRouge, GroupBy::Language, {});
  ASSERT_EQ(labels(rows), (std::vector<std::string>{"x/en/rouge_lsum", "x/(unknown)/rouge_lsum",
                                                    "x/(macro)/rouge_lsum", "x/(micro)/rouge_lsum"}));
  EXPECT_NEAR(rows[0].f.mean, 0.75, kEps);
  EXPECT_NEAR(rows[2].f.mean, 0.5, kEps);  // macro over datasets A (0.5) and B (0.5)
}

TEST(Aggregate, ValueMeasuresAndMeasureOrder) {
  std::vector<MeasureSpec> specs = {{"kl", false}, {"rouge_lsum", true}};
  std::vector<PageResult> pages = {page("x", "A", "1", 0), page("x", "A", "2", 0)};
  pages[0].scores = {{std::nan(""), std::nan(""), 2.0}, {1, 1, 1}};
  pages[1].scores = {{std::nan(""), std::nan(""), 4.0}, {0, 0, 0}};
  auto rows = aggregate(pages, specs, GroupBy::Dataset, {});
  ASSERT_EQ(labels(rows), (std::vector<std::string>{"x/A/kl", "x/A/rouge_lsum"}));
  EXPECT_FALSE(rows[0].prf);
  EXPECT_NEAR(rows[0].f.mean, 3.0, kEps);
  EXPECT_NEAR(rows[0].f.stdev, 1.0, kEps);
  EXPECT_EQ(rows[0].p.n, 0u);  // precision is not summarised for a value measure
  EXPECT_TRUE(rows[1].prf);
  EXPECT_NEAR(rows[1].f.mean, 0.5, kEps);
}

TEST(ParseMeasures, NamesAliasesAndAll) {
  auto m = wce::parse_measures("rouge,kl,bag");
  ASSERT_EQ(m.size(), 3u);
  EXPECT_EQ(m[0].name, "rouge_lsum");
  EXPECT_TRUE(m[0].prf);
  EXPECT_EQ(m[1].name, "kl");
  EXPECT_FALSE(m[1].prf);
  EXPECT_EQ(m[2].name, "bag");
  auto all = wce::parse_measures("all");
  // 9 P/R/F1 measures + kl, cosine, euclidean, near_empty (measure_names()), word_f1 last.
  EXPECT_EQ(all.size(), wce::measure_names().size() - 2 * 9);
  EXPECT_EQ(all.front().name, "rouge_lsum");
  EXPECT_EQ(all.back().name, "word_f1");
  // The snippet rates are single values, by name only (not in "all").
  auto snip = wce::parse_measures("snippets_with,snippets_without");
  ASSERT_EQ(snip.size(), 2u);
  EXPECT_FALSE(snip[0].prf);
  EXPECT_THROW(wce::parse_measures("rouge,blue"), std::invalid_argument);
  EXPECT_THROW(wce::parse_measures("kl,kl"), std::invalid_argument);
  EXPECT_THROW(wce::parse_measures(","), std::invalid_argument);
}

TEST(ScorePage, RougeIsTheCoreFunctionAndValuesComeFromMeasurePage) {
  auto specs = wce::parse_measures("rouge,bag,near_empty");
  auto s = wce::score_page("a b c", "a b d e", "en", specs);
  wce::PRF r = wce::rouge_lsum("a b c", "a b d e");
  EXPECT_EQ(s[0].f, r.f1);
  auto m = wce::measure_page("a b c", "a b d e", {});
  EXPECT_EQ(s[1].p, m.bag.precision);
  EXPECT_TRUE(std::isnan(s[2].p));
  EXPECT_EQ(s[2].f, m.near_empty ? 1.0 : 0.0);
}

}  // namespace

// Value columns (the benchmark page's records) -> measures and scores.
TEST(MeasuresOfColumns, TriplesArePrfOtherColumnsStandAlone) {
  const std::vector<std::string> cols = {"a_p", "a_r", "a_f1", "kl", "b_p", "b_f1", "c_r"};
  std::vector<MeasureSpec> m = wce::measures_of_columns(cols);
  ASSERT_EQ(m.size(), 5u);  // a (prf), kl, b_p, b_f1, c_r: b and c lack a column
  EXPECT_EQ(m[0].name, "a");
  EXPECT_TRUE(m[0].prf);
  EXPECT_EQ(m[1].name, "kl");
  EXPECT_FALSE(m[1].prf);
  EXPECT_EQ(m[2].name, "b_p");
  EXPECT_EQ(m[4].name, "c_r");
}

TEST(ScoresFromColumns, ReadsEachSpecsColumns) {
  const std::vector<std::string> cols = {"kl", "a_p", "a_r", "a_f1"};
  const double values[] = {0.25, 0.5, 0.75, 0.6};
  std::vector<wce::Score> s = wce::scores_from_columns(cols, values, {{"a", true}, {"kl", false}});
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0].p, 0.5);
  EXPECT_EQ(s[0].r, 0.75);
  EXPECT_EQ(s[0].f, 0.6);
  EXPECT_TRUE(std::isnan(s[1].p));
  EXPECT_EQ(s[1].f, 0.25);
  EXPECT_THROW(wce::scores_from_columns(cols, values, {{"b", true}}), std::invalid_argument);
}
