// The first extractors on small hand-written pages that exercise their rules.
#include <gtest/gtest.h>

#include <string>

#include "test_util.hpp"
#include "wce/wce.hpp"

using namespace wce;

namespace {

std::string run(const std::string& name, const std::string& html) { return test::extract_with(name, html); }

const std::string kNav =
    "<ul class=menu><li><a href=/a>Home</a></li><li><a href=/b>World</a></li><li><a href=/c>Sport</a></li>"
    "<li><a href=/d>Culture</a></li><li><a href=/e>Travel</a></li></ul>";
const std::string kArticle =
    "<p>Lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore "
    "et dolore magna aliqua ut enim ad minim veniam quis nostrud exercitation</p>"
    "<p>Second paragraph with <a href=/ref>one link</a> and many more plain words that carry the meaning "
    "of the article to its readers</p>";

}  // namespace

TEST(Registry, ListsFoundationExtractors) {
  for (const char* n : {"all_text", "bte", "lqf25", "lqf50", "lqf75"}) {
    const Extractor* e = find_extractor(n);
    ASSERT_NE(e, nullptr) << n;
    EXPECT_EQ(e->info().name, n);
    EXPECT_FALSE(std::string(wce::family_name(e->info().family)).empty());
    EXPECT_FALSE(e->info().reference.empty());
  }
  EXPECT_EQ(find_extractor("nope"), nullptr);
  EXPECT_EQ(find_extractor("all_text")->info().family, Family::Baseline);
  EXPECT_EQ(find_extractor("bte")->info().family, Family::Heuristic);
}

TEST(Registry, FamilyNamesAreTheListedStrings) {
  // `wce list`, the WASM extractors() result and JSON show these strings.
  EXPECT_STREQ(family_name(Family::Baseline), "baseline");
  EXPECT_STREQ(family_name(Family::Heuristic), "heuristic");
  EXPECT_STREQ(family_name(Family::Learned), "learned");
  EXPECT_STREQ(family_name(Family::Ensemble), "ensemble");
}

TEST(AllText, KeepsEverythingButScripts) {
  EXPECT_EQ(run("all_text", "<title>T</title><script>x()</script><p>a</p><nav>b</nav>"), "T\na\nb");
}

TEST(Bte, PicksTheTextDenseRegion) {
  std::string out = run("bte", "<body><div>" + kNav + "</div><div>" + kArticle + "</div><div>" + kNav + "</div></body>");
  EXPECT_NE(out.find("Lorem ipsum"), std::string::npos);
  EXPECT_NE(out.find("to its readers"), std::string::npos);
  EXPECT_EQ(out.find("Home"), std::string::npos) << out;
  EXPECT_EQ(out.find("Travel"), std::string::npos) << out;
}

TEST(Bte, OptimumMatchesBruteForce) {
  // Finn's objective: tags outside [i, j] + words inside. Compare Kadane
  // with the quadratic search on token sequences given as strings.
  struct Case { const char* html; const char* expected; };
  const Case cases[] = {
      {"<p>a b c</p>", "a b c"},
      {"<b>x</b><i>y</i><p>one two three four</p><b>z</b>", "one two three four"},
      // Two word runs separated by 2 tags (close+open): joining them pays 2 and gains 3.
      {"<div><span>w1 w2 w3</span><span>w4 w5 w6</span></div><a>x</a>", "w1 w2 w3w4 w5 w6"},
      {"", ""},
      {"<div></div>", ""},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.html);
    EXPECT_EQ(run("bte", c.html), c.expected);
  }
}

TEST(Lqf, DropsBlocksAboveTheLinkQuota) {
  // Block with 1 of 3 words linked (~chars 33%): kept at 0.5 and 0.75, dropped at 0.25.
  std::string html = "<div><p>plain words <a href=/x>link</a></p><p><a href=/y>all linked text</a></p><p>no links at all</p></div>";
  EXPECT_EQ(run("lqf50", html), "plain words link\nno links at all");
  EXPECT_EQ(run("lqf75", html), "plain words link\nno links at all");
  EXPECT_EQ(run("lqf25", html), "no links at all");
}

TEST(Lqf, NestedBlocksAreScoredSeparately) {
  // The outer div's own text is one linked word; the inner paragraph has none.
  std::string html = "<div><a href=/a>menu</a><p>inner paragraph text stays</p></div>";
  EXPECT_EQ(run("lqf50", html), "inner paragraph text stays");
}

TEST(Lqf, AnchorsWithoutHrefAreNotLinks) {
  EXPECT_EQ(run("lqf25", "<p><a name=top>Chapter one</a></p>"), "Chapter one");
}

TEST(TextBlocks, SplitAtBlockBoundaries) {
  Document d = parse_html("<body><div>intro <a href=/x>link here</a><p>para one</p>tail words</div>"
                          "<ul><li>item</li><li> </li></ul></body>", "utf-8");
  Context ctx(d);
  const TextBlocks& tb = ctx.blocks();
  ASSERT_EQ(tb.blocks.size(), 4u);
  EXPECT_EQ(tb.blocks[0].words, 3u);       // intro link here
  EXPECT_EQ(tb.blocks[0].link_words, 2u);
  EXPECT_EQ(tb.blocks[1].words, 2u);       // para one
  EXPECT_EQ(d.nodes[tb.blocks[1].container].tag, Tag::P);
  EXPECT_EQ(tb.blocks[2].words, 2u);       // tail words
  EXPECT_EQ(d.nodes[tb.blocks[2].container].tag, Tag::Div);
  EXPECT_EQ(tb.blocks[3].words, 1u);       // item
  EXPECT_EQ(tb.blocks[3].chars, 4u);
  ASSERT_EQ(tb.block_of_text.size(), d.text_nodes.size());
  EXPECT_EQ(tb.block_of_text.back(), kNone);  // the lone space in the last <li>
  for (uint32_t b = 0; b < tb.blocks.size(); ++b)
    for (uint32_t t = tb.blocks[b].text_begin; t < tb.blocks[b].text_end; ++t) EXPECT_EQ(tb.block_of_text[t], b);
}
