// Page complexity (Bevendorff et al. 2023, section 3.3): the score with gold
// text on hand-made pages (values computed by hand), quartile levels, the
// features, the logistic-regression fit and the compiled-in model.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "lab/tools/logistic_fit.hpp"
#include "wce/train.hpp"

using namespace wce;

namespace {

Document page(const std::string& body) {
  return parse_html("<html><head><title>Title words</title></head><body>" + body + "</body></html>", "utf-8");
}

// The live-DOM path (same encoding as wasm/dom_encoder.js, see html.hpp).
struct Flat {
  std::vector<uint32_t> nodes;
  std::string strings;
  uint32_t element(uint32_t parent, const std::string& tag, uint32_t flags = 0) {
    return push(1 | (flags << 8), parent, tag, "");
  }
  uint32_t text(uint32_t parent, const std::string& t) { return push(2, parent, "", t); }
  uint32_t push(uint32_t kind, uint32_t parent, const std::string& tag, const std::string& text) {
    nodes.push_back(kind);
    nodes.push_back(parent);
    nodes.push_back(static_cast<uint32_t>(tag.size()));
    for (int i = 0; i < 6; ++i) nodes.push_back(0);
    nodes.push_back(static_cast<uint32_t>(text.size()));
    strings += tag + text;
    return static_cast<uint32_t>(nodes.size() / FlatDom::kStride - 1);
  }
  Document decode() const { return decode_flat_dom({nodes.data(), nodes.size(), strings}); }
};

}  // namespace

// --- complexity_score ---------------------------------------------------------

TEST(Complexity, DomTokensAreTheRenderedBodyText) {
  // <title> is not page text; inline elements glue, block elements separate.
  Document d = page("<p>foo<b>bar</b> baz</p><div>a</div><div>b</div><script>var x</script>");
  EXPECT_EQ(complexity_dom_tokens(d), (std::vector<std::string>{"foobar", "baz", "a", "b"}));
}

TEST(Complexity, ShareOfDomTokensInTheGold) {
  // T = a b c d nav nav (6); the gold matches a b c d: c = 1 - 4/6.
  Document d = page("<p>a b c d</p><div>nav nav</div>");
  EXPECT_DOUBLE_EQ(complexity_score(d, "a b c d"), 1.0 - 4.0 / 6.0);
  EXPECT_DOUBLE_EQ(complexity_score(d, "a b c d nav nav"), 0.0);
  EXPECT_DOUBLE_EQ(complexity_score(d, ""), 1.0);
  // Gold order and line breaks do not matter; the title is not in T.
  EXPECT_DOUBLE_EQ(complexity_score(d, "d c\nb a Title words"), 1.0 - 4.0 / 6.0);
}

TEST(Complexity, RepeatedTokensMatchAsAMultiset) {
  // T = the cat the dog the end (6, "the" x3). Gold: the x4, cat.
  // Matched: min(3, 4) "the" + 1 "cat" = 4, c = 1 - 4/6 = 1/3.
  Document d = page("<p>the cat the dog</p><p>the end</p>");
  EXPECT_DOUBLE_EQ(complexity_score(d, "the the the the cat"), 1.0 - 4.0 / 6.0);
  // One gold "the" matches one DOM "the": 2 matched of 6.
  EXPECT_DOUBLE_EQ(complexity_score(d, "the cat"), 1.0 - 2.0 / 6.0);
  // TokenCount only counts: 1 - 5/6.
  EXPECT_DOUBLE_EQ(complexity_score(d, "the the the the cat", ComplexityMatch::TokenCount), 1.0 - 5.0 / 6.0);
}

TEST(Complexity, ClippedAtZero) {
  // Duplicated gold with text not in the page: 5 gold tokens, T = a b (2).
  Document d = page("<p>a b</p>");
  // TokenCount: 1 - 5/2 = -1.5, clipped to 0.
  EXPECT_DOUBLE_EQ(complexity_score(d, "a b a b c", ComplexityMatch::TokenCount), 0.0);
  // Multiset: each DOM token matched once, 1 - 2/2 = 0 without clipping.
  EXPECT_DOUBLE_EQ(complexity_score(d, "a b a b c"), 0.0);
  // Gold not in the page: the multiset sees it, the count does not.
  Document e = page("<p>a b c d</p>");
  EXPECT_DOUBLE_EQ(complexity_score(e, "x y"), 1.0);
  EXPECT_DOUBLE_EQ(complexity_score(e, "x y", ComplexityMatch::TokenCount), 0.5);
}

TEST(Complexity, PageWithoutTextScoresZero) {
  EXPECT_DOUBLE_EQ(complexity_score(page("<div> </div><img src=x>"), "some gold"), 0.0);
  EXPECT_DOUBLE_EQ(complexity_score(page(""), ""), 0.0);
}

TEST(Complexity, UnicodeWhitespaceSeparatesTokens) {
  // U+00A0 and U+3000 are spaces for tokenize_words: T = x y z.
  Document d = page("<p>x\xC2\xA0y\xE3\x80\x80z</p>");
  EXPECT_DOUBLE_EQ(complexity_score(d, "x y"), 1.0 - 2.0 / 3.0);
}

// --- Levels ---------------------------------------------------------------------

TEST(ComplexityLevels, QuartilesInterpolateLikeNumpy) {
  ComplexityLevels l = levels_from_scores({4, 0, 3, 1, 2});
  EXPECT_DOUBLE_EQ(l.q1, 1.0);
  EXPECT_DOUBLE_EQ(l.q3, 3.0);
  l = levels_from_scores({0.4, 0.1, 0.3, 0.2});  // positions 0.75 and 2.25
  EXPECT_DOUBLE_EQ(l.q1, 0.175);
  EXPECT_DOUBLE_EQ(l.q3, 0.325);
  l = levels_from_scores({});
  EXPECT_EQ(l.q1, 0.0);
  EXPECT_EQ(l.q3, 0.0);
}

TEST(ComplexityLevels, LowBelowQ1HighAboveQ3) {
  ComplexityLevels l{0.25, 0.75};
  EXPECT_EQ(complexity_level(0.1, l), ComplexityLevel::Low);
  EXPECT_EQ(complexity_level(0.25, l), ComplexityLevel::Medium);  // not < q1
  EXPECT_EQ(complexity_level(0.5, l), ComplexityLevel::Medium);
  EXPECT_EQ(complexity_level(0.75, l), ComplexityLevel::Medium);  // not > q3
  EXPECT_EQ(complexity_level(0.9, l), ComplexityLevel::High);
  EXPECT_STREQ(complexity_level_name(ComplexityLevel::High), "high");
}

// --- Features -------------------------------------------------------------------

const char* kFeaturePage =
    "<div><h1>Head line</h1><p>one two <a href=x>three</a></p><p>four<br>five</p>"
    "<ul><li><a href=y>six</a></li><li>seven</li></ul>"
    "<table><tr><td>eight nine</td></tr></table><script>var x = 1</script>"
    "<strong>s</strong><em>e</em></div>";

TEST(ComplexityFeatures, RelativeCountsAndTagWordRatio) {
  // Elements in <body> (script excluded; Gumbo adds <tbody>): div h1 p a p br
  // ul li a li table tbody tr td strong em = 16. Text tokens: Head line one two
  // three four five six seven eight nine se ("s" and "e" are inline) = 12.
  ComplexityFeatures f = complexity_features(page(kFeaturePage));
  EXPECT_EQ(f.elements, 16u);
  EXPECT_EQ(f.words, 12u);
  const auto& names = complexity_feature_names();
  ASSERT_STREQ(names[0], "h1");
  ASSERT_STREQ(names[14], "tag_word_ratio");
  std::vector<double> expected = {1 / 16.0, 0, 0, 0, 0, 0,   // h1..h6
                                  2 / 16.0, 1 / 16.0,        // a br
                                  1 / 16.0, 1 / 16.0,        // strong em
                                  1 / 16.0, 2 / 16.0,        // div p
                                  1 / 16.0, 1 / 16.0,        // ul table
                                  16 / 12.0};
  for (size_t k = 0; k < kComplexityFeatureCount; ++k) EXPECT_DOUBLE_EQ(f.values[k], expected[k]) << names[k];
}

TEST(ComplexityFeatures, FromTheCallersWordCounts) {
  // The learned ensemble's cheap variant: the same element ratios, |T| from
  // the words per text node, so the inline "s" and "e" count as two words
  // (13, not 12), and page()'s <title> in <head> is outside the scope.
  Document doc = page(kFeaturePage);
  Context ctx(doc);
  const ComplexityFeatures slow = complexity_features(doc), fast = complexity_features(doc, ctx.text_words());
  EXPECT_EQ(slow.words, 12u);
  EXPECT_EQ(fast.words, 13u);
  EXPECT_EQ(fast.elements, slow.elements);
  for (size_t k = 0; k + 1 < kComplexityFeatureCount; ++k) EXPECT_DOUBLE_EQ(fast.values[k], slow.values[k]);
  EXPECT_DOUBLE_EQ(fast.values[kComplexityFeatureCount - 1], 16 / 13.0);
  const ComplexityEstimate e = estimate_complexity(doc, ctx.text_words());
  EXPECT_GE(e.p_above_median, 0.0);
  EXPECT_LE(e.p_above_median, 1.0);
  EXPECT_DOUBLE_EQ(e.features.values[kComplexityFeatureCount - 1], 16 / 13.0);
  // Counts shorter than the text nodes (bad input): the missing ones count 0.
  EXPECT_EQ(complexity_features(doc, std::vector<uint32_t>{}).words, 0u);
}

TEST(ComplexityFeatures, EmptyPage) {
  ComplexityFeatures f = complexity_features(page(""));
  EXPECT_EQ(f.elements, 0u);
  EXPECT_EQ(f.words, 0u);
  for (double v : f.values) EXPECT_EQ(v, 0.0);
  // Elements but no words: ratio = elements / 1.
  f = complexity_features(page("<div><img src=a><img src=b></div>"));
  EXPECT_EQ(f.elements, 3u);
  EXPECT_DOUBLE_EQ(f.values[kComplexityFeatureCount - 1], 3.0);
  EXPECT_DOUBLE_EQ(f.values[10], 1 / 3.0);  // div
}

TEST(ComplexityFeatures, SameOnTheLiveDomPath) {
  Flat b;
  uint32_t html = b.element(kNone, "html");
  b.text(b.element(b.element(html, "head"), "title"), "Title words");
  uint32_t body = b.element(html, "body");
  uint32_t div = b.element(body, "div");
  b.text(b.element(div, "h1"), "Head line");
  uint32_t p = b.element(div, "p");
  b.text(p, "one two ");
  b.text(b.element(p, "a", 2), "nav");
  b.element(div, "br");
  Document flat = b.decode();
  Document gumbo = page("<div><h1>Head line</h1><p>one two <a href=x>nav</a></p><br></div>");
  ComplexityFeatures ff = complexity_features(flat), fg = complexity_features(gumbo);
  EXPECT_EQ(ff.elements, 5u);
  EXPECT_EQ(ff.words, 5u);
  EXPECT_EQ(ff.elements, fg.elements);
  EXPECT_EQ(ff.words, fg.words);
  for (size_t k = 0; k < kComplexityFeatureCount; ++k) EXPECT_DOUBLE_EQ(ff.values[k], fg.values[k]);
  EXPECT_DOUBLE_EQ(complexity_score(flat, "Head line one two"), 0.2);
  EXPECT_DOUBLE_EQ(complexity_score(gumbo, "Head line one two"), 0.2);
  EXPECT_DOUBLE_EQ(estimate_complexity(flat).p_above_median, estimate_complexity(gumbo).p_above_median);
}

// --- Logistic regression --------------------------------------------------------

TEST(LogisticFit, StationaryPointOfThePenalisedLoss) {
  // Two features (the second constant), overlapping classes.
  std::vector<double> x = {0, 5, 1, 5, 2, 5, 3, 5, 1.5, 5, 2.5, 5, 4, 5, 0.5, 5};
  std::vector<int> y = {0, 0, 1, 1, 0, 1, 1, 0};
  LogisticModel m = bench::fit_logistic(x, 2, y, 1.0);
  EXPECT_DOUBLE_EQ(m.stdev[1], 1.0);  // constant column
  EXPECT_DOUBLE_EQ(m.weight[1], 0.0);
  EXPECT_GT(m.weight[0], 0.0);
  // Gradient of sum(log loss) + l2/2 |w|^2 in standardised space is zero.
  double g0 = 0, g1 = 0;
  for (size_t i = 0; i < y.size(); ++i) {
    double r = m.probability(&x[2 * i]) - y[i];
    g0 += r;
    g1 += r * (x[2 * i] - m.mean[0]) / m.stdev[0];
  }
  g1 += 1.0 * m.weight[0];
  EXPECT_NEAR(g0, 0.0, 1e-9);
  EXPECT_NEAR(g1, 0.0, 1e-9);
  // Deterministic.
  LogisticModel again = bench::fit_logistic(x, 2, y, 1.0);
  EXPECT_EQ(again.weight, m.weight);
  EXPECT_EQ(again.intercept, m.intercept);
}

TEST(LogisticFit, SymmetricDataHasZeroIntercept) {
  std::vector<double> x = {-2, -1, 1, 2};
  LogisticModel m = bench::fit_logistic(x, 1, {0, 0, 1, 1}, 1.0);
  EXPECT_NEAR(m.intercept, 0.0, 1e-12);
  EXPECT_NEAR(m.mean[0], 0.0, 1e-15);
  double z = 0;
  EXPECT_NEAR(m.probability(&z), 0.5, 1e-12);
  // Separable data stays finite thanks to the penalty.
  EXPECT_TRUE(std::isfinite(m.weight[0]));
  EXPECT_THROW(bench::fit_logistic({1, 2, 3}, 2, {0, 1}), std::invalid_argument);
}

// --- The compiled-in model ------------------------------------------------------

TEST(ComplexityModel, LoadsWithTheFeatureOrder) {
  const ComplexityModelInfo& m = complexity_model();
  const auto& names = complexity_feature_names();
  for (size_t k = 0; k < kComplexityFeatureCount; ++k) EXPECT_STREQ(m.feature_names[k], names[k]);
  ASSERT_EQ(m.model.weight.size(), kComplexityFeatureCount);
  ASSERT_EQ(m.model.mean.size(), kComplexityFeatureCount);
  ASSERT_EQ(m.model.stdev.size(), kComplexityFeatureCount);
  for (double s : m.model.stdev) EXPECT_GT(s, 0.0);
  EXPECT_GT(m.median_complexity, 0.0);
  EXPECT_LT(m.median_complexity, 1.0);
  EXPECT_GT(m.heldout_accuracy, 0.5);
}

TEST(ComplexityModel, ProbabilityInUnitIntervalAndDeterministic) {
  for (const char* body : {kFeaturePage, "", "<p>plain</p>"}) {
    ComplexityEstimate a = estimate_complexity(page(body));
    ComplexityEstimate b = estimate_complexity(page(body));
    EXPECT_GE(a.p_above_median, 0.0);
    EXPECT_LE(a.p_above_median, 1.0);
    EXPECT_EQ(a.p_above_median, b.p_above_median);
    EXPECT_EQ(a.above_median, a.p_above_median >= 0.5);
    EXPECT_EQ(a.p_above_median, complexity_model().model.probability(a.features.values.data()));
  }
}

TEST(ComplexityModel, LinkFarmAboveArticleBelow) {
  std::string article = "<article><h1>A title</h1>";
  for (int i = 0; i < 8; ++i)
    article += "<p>word word word word word word word word more text here</p>";
  article += "</article>";
  std::string farm = "<div>";
  for (int i = 0; i < 60; ++i) farm += "<div><a href=/" + std::to_string(i) + ">link</a></div>";
  farm += "</div>";
  EXPECT_LT(estimate_complexity(page(article)).p_above_median, 0.5);
  EXPECT_GT(estimate_complexity(page(farm)).p_above_median, 0.5);
}
