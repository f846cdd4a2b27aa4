// Tests of the gold-text alignment (eval/align.cpp) on hand-made pages, and of
// the block-level measure built on it.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "wce/align.hpp"
#include "wce/wce.hpp"

namespace {

// The texts of the gold-labelled nodes, joined by "|".
std::string gold_nodes(const wce::Document& d, const wce::GoldAlignment& g) {
  std::string out;
  for (size_t k = 0; k < d.text_nodes.size(); ++k) {
    if (g.labels[k] < 0.5f) continue;
    if (!out.empty()) out += '|';
    out += d.text(d.text_nodes[k]);
  }
  return out;
}

struct AlignCase {
  const char* what;
  std::string html, gold, expected;  // expected: gold_nodes()
  double coverage;
};

TEST(Align, HandMadePages) {
  const std::vector<AlignCase> cases = {
      {"article kept, navigation not",
       "<ul><li>Home</li><li>News</li><li>Sport</li></ul><article><h1>Rain in Spain</h1>"
       "<p>The rain in Spain falls mainly on the plain.</p><p>Says the survey.</p></article>"
       "<footer>Copyright the rain people</footer>",
       "Rain in Spain\nThe rain in Spain falls mainly on the plain.\nSays the survey.",
       "Rain in Spain|The rain in Spain falls mainly on the plain.|Says the survey.", 1.0},
      {"repeated sentence: the copy next to the other matches wins (teaser before)",
       "<div>Storm hits the coast today.</div><div>Weather</div><article><h1>Storm hits the coast "
       "today.</h1><p>Winds of a hundred km per hour were measured at noon.</p></article>",
       "Storm hits the coast today.\nWinds of a hundred km per hour were measured at noon.",
       "Storm hits the coast today.|Winds of a hundred km per hour were measured at noon.", 1.0},
      {"repeated sentence: the copy next to the other matches wins (footer after)",
       "<article><p>Winds of a hundred km per hour were measured at noon.</p><p>Storm hits the "
       "coast today.</p></article><div>More</div><footer>Storm hits the coast today.</footer>",
       "Winds of a hundred km per hour were measured at noon.\nStorm hits the coast today.",
       "Winds of a hundred km per hour were measured at noon.|Storm hits the coast today.", 1.0},
      {"gold text missing from the page: no stray labels",
       "<nav>The Home</nav><p>Completely unrelated words stand here.</p>",
       "A quite different story about the weather in Paris.", "", 0.0},
      {"half of the gold missing: coverage a half",
       "<nav>Menu</nav><p>one two three four five</p>",
       "one two three four five\nsix seven eight nine ten", "one two three four five", 0.5},
      {"CJK: characters align without spaces",
       "<div>首页 新闻 体育</div><p>今天北京下了大雨。</p><p>交通受到影响。</p>",
       "今天北京下了大雨。交通受到影响。", "今天北京下了大雨。|交通受到影响。", 1.0},
      {"a word split over inline elements is one token of both nodes",
       "<p>foo<b>bar</b> baz qux</p><p>other stuff here</p>", "foobar baz qux", "foo|bar| baz qux",
       1.0},
      {"case and punctuation attached differently still match",
       "<p>\" HELLO , world \" said the man</p>", "\"Hello, world\" said the man.",
       "\" HELLO , world \" said the man", 8.0 / 9.0},
      {"empty gold", "<p>some text</p>", "", "", 1.0},
      {"page without text nodes", "<div><img src=x></div>", "some gold", "", 0.0},
  };
  for (const AlignCase& c : cases) {
    wce::Document d = wce::parse_html(c.html, "utf-8");
    wce::GoldAlignment g = wce::align_gold(d, c.gold);
    ASSERT_EQ(g.labels.size(), d.text_nodes.size()) << c.what;
    EXPECT_EQ(gold_nodes(d, g), c.expected) << c.what;
    EXPECT_NEAR(g.gold_coverage, c.coverage, 1e-9) << c.what;
    EXPECT_EQ(g.approximate_windows, 0u) << c.what;
  }
}

// A short gold heading that is a whole line is kept even though its run is
// shorter than the stray-run minimum; the same word inside a longer line is not.
TEST(Align, ShortRunsKeptOnlyAsWholeLines) {
  wce::Document d = wce::parse_html("<nav>Sport</nav><h2>Sport</h2><p>a b c d e f</p>", "utf-8");
  wce::GoldAlignment g = wce::align_gold(d, "Sport\na b c d e f");
  EXPECT_EQ(gold_nodes(d, g), "Sport|a b c d e f");
  wce::GoldAlignment g2 = wce::align_gold(d, "x y Sport z w\na b c d e f");
  EXPECT_EQ(gold_nodes(d, g2), "a b c d e f");
}

// Large random pages exercise the anchor splitting (the DP window limit is
// exceeded): the gold is every node from 1000 to 2999 of 3000 random nodes.
TEST(Align, LargePageSplitsAtUniqueAnchors) {
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> word(0, 20000);
  std::string html = "<body>", gold;
  std::vector<std::string> texts;
  for (int k = 0; k < 3000; ++k) {
    std::string t;
    for (int w = 0; w < 10; ++w) t += (w ? " w" : "w") + std::to_string(word(rng));
    html += "<p>" + t + "</p>";
    if (k >= 1000) gold += t + "\n";
  }
  wce::Document d = wce::parse_html(html, "utf-8");
  wce::GoldAlignment g = wce::align_gold(d, gold);
  ASSERT_EQ(g.labels.size(), 3000u);
  size_t wrong = 0;
  for (size_t k = 0; k < 3000; ++k) wrong += (g.labels[k] >= 0.5f) != (k >= 1000);
  EXPECT_EQ(wrong, 0u);
  EXPECT_NEAR(g.gold_coverage, 1.0, 1e-9);
}

// A page of one repeated word (framed by a word the gold lacks) has no unique anchors: the window is cut into
// pieces (approximate), bounded in time, and still covers the gold.
TEST(Align, NoAnchorsFallsBackToPieces) {
  std::string html = "<p>lo ", gold;
  for (int k = 0; k < 10000; ++k) html += "la ";
  html += "lo</p>";
  for (int k = 0; k < 5000; ++k) gold += "la ";
  wce::Document d = wce::parse_html(html, "utf-8");
  wce::GoldAlignment g = wce::align_gold(d, gold);
  EXPECT_GT(g.approximate_windows, 0u);
  EXPECT_NEAR(g.gold_coverage, 1.0, 1e-9);
  EXPECT_EQ(g.labels[0], 0.0f);  // under half of the node's tokens matched
}

TEST(Align, BlockCounts) {
  wce::Document d = wce::parse_html(
      "<nav>Home News</nav><p>alpha beta gamma</p><p>delta epsilon zeta</p><p> </p>", "utf-8");
  wce::GoldAlignment g = wce::align_gold(d, "alpha beta gamma\ndelta epsilon zeta");
  ASSERT_EQ(d.text_nodes.size(), 4u);
  // Predicted: nav and the first paragraph; the whitespace node is no block.
  wce::BlockCounts c = wce::block_counts({1, 1, 0, 1}, g);
  EXPECT_EQ(c.tp, 1u);
  EXPECT_EQ(c.fp, 1u);
  EXPECT_EQ(c.fn, 1u);
  EXPECT_EQ(c.tn, 0u);
  wce::PRF prf = wce::block_prf(c);
  EXPECT_DOUBLE_EQ(prf.precision, 0.5);
  EXPECT_DOUBLE_EQ(prf.recall, 0.5);
  EXPECT_DOUBLE_EQ(prf.f1, 0.5);
  EXPECT_DOUBLE_EQ(wce::block_accuracy(c), 1.0 / 3.0);
  EXPECT_DOUBLE_EQ(wce::block_prf({0, 0, 0, 3}).f1, 1.0);
  EXPECT_DOUBLE_EQ(wce::block_prf({0, 2, 0, 3}).f1, 0.0);
}

}  // namespace
