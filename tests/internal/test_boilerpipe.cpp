// Boilerpipe (boilerpipe, boilerpipe_article, boilerpipe_largest,
// boilerpipe_keepall): the tokenizer, the segmentation and its shallow text
// features, each classifier and filter on hand-made blocks, and the four
// extractors end to end. Expected values follow boilerpipe 1.2.0's rules; the
// segmentation cases were also checked against the Java library.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "extractors/boilerpipe/boilerpipe.hpp"
#include "test_util.hpp"
#include "wce/wce.hpp"

using namespace wce;
namespace bp = wce::boilerpipe;

namespace {

std::string run(const std::string& name, const std::string& html) { return test::extract_with(name, html); }

bp::TextDocument segment(const std::string& html) { return bp::segment(parse_html(html, "utf-8")); }

// A block with the given features; offsets make neighbours adjacent.
bp::Block block(int words, int anchor_words, float td, int offset = 0, bool content = false) {
  bp::Block b;
  b.words = words;
  b.anchor_words = anchor_words;
  b.wrapped_words = static_cast<int>(td);
  b.wrapped_lines = 1;
  b.init_densities();
  b.text_density = td;
  b.offset_start = b.offset_end = offset;
  b.content = content;
  b.atoms = {static_cast<uint32_t>(offset)};
  return b;
}

std::string words(int n, const std::string& w = "ab") {
  std::string s;
  for (int i = 0; i < n; ++i) s += (i ? " " : "") + w;
  return s;
}

}  // namespace

TEST(BoilerpipeRegistry, FourExtractors) {
  for (const char* n : {"boilerpipe", "boilerpipe_article", "boilerpipe_largest", "boilerpipe_keepall"}) {
    const Extractor* e = find_extractor(n);
    ASSERT_NE(e, nullptr) << n;
    EXPECT_EQ(e->info().name, n);
    EXPECT_FALSE(e->info().reference.empty());
  }
}

// util/UnicodeTokenizer: spaces and \b split, except next to "'.,!@-:;$?()/.
TEST(BoilerpipeTokenizer, SplitsLikeTheJavaRegexes) {
  struct Case { const char* text; std::vector<std::string> tokens; };
  const Case cases[] = {
      {"Hello, world!", {"Hello,", "world!"}},
      {"don't e.g. 3.5 1,000 x-y a/b", {"don't", "e.g.", "3.5", "1,000", "x-y", "a/b"}},
      {"don\xE2\x80\x99t", {"don", "\xE2\x80\x99", "t"}},           // curly apostrophe is no glue
      {"a|b x&y 50%", {"a", "|", "b", "x", "&", "y", "50", "%"}},
      {"\xC2\xABquoted\xC2\xBB", {"\xC2\xAB", "quoted", "\xC2\xBB"}},
      {"caf\xC3\xA9 foo_bar", {"caf\xC3\xA9", "foo_bar"}},           // letters and '_' are word chars
      {"e\xCC\x81x", {"e\xCC\x81x"}},                                 // a combining mark stays in the word
      {"a\xC2\xA0" "b", {"a", "\xC2\xA0", "b"}},                      // no-break space is no separator
      {"  x   y  ", {"x", "y"}},
      {"   ", {""}},                                                  // "".split(...) is one empty token
      {" $\xEE\x80\x8A< link >\xEE\x80\x8A$ ", {"$\xEE\x80\x8A<", "link", ">\xEE\x80\x8A$"}},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.text);
    EXPECT_EQ(bp::tokenize(c.text), c.tokens);
  }
}

// BoilerpipeHTMLContentHandler: where blocks end and what they count.
TEST(BoilerpipeSegmentation, BlocksAndFeatures) {
  struct Expected { std::string text; int words, anchor_words; float td, ld; int level; };
  struct Case { std::string html; std::vector<Expected> blocks; };
  const std::string nine = words(30, "abcdefghi");
  const std::string eight = words(18, "abcdefgh");
  const Case cases[] = {
      // Unlisted tags (p, div, br, img, li, ...) end a block; html, body, p: level 3.
      {"<p>one two</p><div>three <b>four</b> five</div>",
       {{"one two", 2, 0, 2, 0, 3}, {"three four five", 3, 0, 3, 0, 3}}},
      {"<p>one <img src=a> two <br> three <em>four</em></p>",
       {{"one", 1, 0, 1, 0, 3}, {"two", 1, 0, 1, 0, 3}, {"three four", 2, 0, 2, 0, 3}}},
      // Inline tags add no space, abbr does.
      {"<p>x<b>y</b>z</p><p>x<abbr>y</abbr>z</p>", {{"xyz", 1, 0, 1, 0, 3}, {"x y z", 3, 0, 3, 0, 3}}},
      // Anchor words and link density.
      {"<p>read <a href=x>the full story</a> now</p>", {{"read the full story now", 5, 3, 5, 0.6f, 3}}},
      // Ignorable elements: their text is skipped and they end the block.
      {"<p>a <select><option>opt</option></select> b</p>", {{"a", 1, 0, 1, 0, 3}, {"b", 1, 0, 1, 0, 3}}},
      // A block without words is still a block.
      {"<p>a b</p><p>|</p>", {{"a b", 2, 0, 2, 0, 3}, {"|", 0, 0, 0, 0, 3}}},
      // Text density: 30 nine-letter words wrap into lines of 8; only the
      // 3 completed lines (24 words) count: 8 words per line, not 10.
      {"<p>" + nine + "</p>", {{nine, 30, 0, 8, 0, 3}}},
      // A line of exactly 80 characters does not wrap: 9 + 9 eight-letter words
      // are one completed line of 9 (and 9 on the last line).
      {"<p>" + eight + "</p>", {{eight, 18, 0, 9, 0, 3}}},
      // Tag levels count unlisted tags, anchors and body, not inline tags.
      {"<div><div><p><b>deep</b></p></div></div><p><a href=x><span>in a</span></a></p>",
       {{"deep", 1, 0, 1, 0, 5}, {"in a", 2, 2, 2, 1, 4}}},
      // The <title> text sets the level of the first body block (a handler quirk).
      {"<title>T</title><div><div><p>deep</p></div></div>", {{"deep", 1, 0, 1, 0, 3}}},
      // A buffer with only anchor markers carries over: the anchor state persists.
      {"<div><a href=x><p>inside</p></a></div><p>after</p>", {{"inside", 1, 1, 1, 1, 5}, {"after", 1, 0, 1, 0, 3}}},
      {"<div><a href=1></a></div><div><a href=2></a></div><p>text</p>", {{"text", 1, 0, 1, 0, 3}}},
      // Nested anchors (possible across a table): the inner start closes the
      // outer one's count, the inner end closes the anchor text. (Java: same
      // counts; its levels follow NekoHTML's flatter tree, 8 and 3.)
      {"<p><a href=x>out <table><tr><td><a href=y>in</a> cell</td></tr></table> tail</a></p>",
       {{"out", 1, 1, 1, 1, 4}, {"in cell", 2, 1, 2, 0.5f, 9}, {"tail", 1, 0, 1, 0, 4}}},
      // Head text other than the title is dropped (level 3 again from the title).
      {"<head><title>T</title><style>x</style></head><body>b</body>", {{"b", 1, 0, 1, 0, 3}}},
      {"<body>b</body>", {{"b", 1, 0, 1, 0, 2}}},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.html);
    bp::TextDocument d = segment(c.html);
    ASSERT_EQ(d.blocks.size(), c.blocks.size());
    for (size_t i = 0; i < c.blocks.size(); ++i) {
      const bp::Block& b = d.blocks[i];
      const Expected& e = c.blocks[i];
      SCOPED_TRACE(i);
      EXPECT_EQ(d.atom_text[b.atoms.front()], e.text);
      EXPECT_EQ(b.words, e.words);
      EXPECT_EQ(b.anchor_words, e.anchor_words);
      EXPECT_FLOAT_EQ(b.text_density, e.td);
      EXPECT_FLOAT_EQ(b.link_density, e.ld);
      EXPECT_EQ(b.tag_level, e.level);
      EXPECT_EQ(b.offset_start, static_cast<int>(i));
    }
  }
}

TEST(BoilerpipeSegmentation, TitleAndTextNodes) {
  Document d = parse_html("<html><head><title>  The   title </title></head><body><p>a <b>b</b></p><p> </p><p>c</p></body></html>",
                          "utf-8");
  bp::TextDocument t = bp::segment(d);
  EXPECT_EQ(t.title, "The   title");  // trimmed, inner spaces kept
  ASSERT_EQ(t.blocks.size(), 2u);
  // Block 0 holds the text nodes "a " and "b"; block 1 holds "c".
  std::vector<uint32_t> first(t.atom_nodes.begin() + t.atom_node_begin[0], t.atom_nodes.begin() + t.atom_node_begin[1]);
  ASSERT_EQ(first.size(), 2u);
  EXPECT_EQ(d.text(d.text_nodes[first[0]]), "a ");
  EXPECT_EQ(d.text(d.text_nodes[first[1]]), "b");
  ASSERT_EQ(t.atom_node_begin[2] - t.atom_node_begin[1], 1u);
  EXPECT_EQ(d.text(d.text_nodes[t.atom_nodes[t.atom_node_begin[1]]]), "c");
}

// DensityRulesClassifier on (prev, curr, next) features.
TEST(BoilerpipeRules, DensityRules) {
  struct Case { const char* what; bp::Block prev, curr, next; bool content; };
  const bp::Block empty = block(0, 0, 0);
  const Case cases[] = {
      {"curr link density > 1/3", block(5, 0, 5), block(6, 3, 6), block(12, 0, 12), false},
      {"exactly 1/3 linked: 0.33333334f > 0.333333", block(5, 0, 5), block(3, 1, 3), block(11, 0, 11), false},
      {"1/4 linked", block(5, 0, 5), block(4, 1, 4), block(11, 0, 11), true},
      {"short, short next, prev td <= 4", block(4, 0, 4), block(6, 0, 6), block(7, 0, 7), false},
      {"short, short next, prev td > 4", block(5, 0, 5), block(6, 0, 6), block(10, 0, 10), true},
      {"short, next td > 10", block(3, 0, 3), block(6, 0, 6), block(11, 0, 11), true},
      {"curr td 9 is short", block(3, 0, 3), block(9, 0, 9), block(10, 0, 10), false},
      {"long, next td != 0", block(3, 0, 3), block(12, 0, 9.5f), block(5, 0, 5), true},
      {"long, no next block", block(3, 0, 3), block(12, 0, 12), empty, false},
      {"after links, next td <= 11", block(3, 3, 3), block(12, 0, 12), block(11, 0, 11), false},
      {"after links, next td > 11", block(3, 3, 3), block(6, 0, 6), block(12, 0, 12), true},
      {"prev link density 5/9 = 0.5555556 > 0.555556? no", block(9, 5, 9), block(6, 0, 6), block(11, 0, 11), true},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.what);
    EXPECT_EQ(bp::density_rules(c.prev, c.curr, c.next), c.content);
  }
}

// NumWordsRulesClassifier.
TEST(BoilerpipeRules, NumWordsRules) {
  struct Case { const char* what; bp::Block prev, curr, next; bool content; };
  const Case cases[] = {
      {"curr link density > 1/3", block(10, 0, 10), block(20, 10, 20), block(20, 0, 20), false},
      {"> 16 words", block(0, 0, 0), block(17, 0, 17), block(0, 0, 0), true},
      {"<= 16, next > 15", block(0, 0, 0), block(16, 0, 16), block(16, 0, 16), true},
      {"<= 16, next <= 15, prev <= 4", block(4, 0, 4), block(16, 0, 16), block(15, 0, 15), false},
      {"<= 16, next <= 15, prev > 4", block(5, 0, 5), block(3, 0, 3), block(0, 0, 0), true},
      {"after links, <= 40, next <= 17", block(6, 6, 6), block(40, 0, 13), block(17, 0, 17), false},
      {"after links, <= 40, next > 17", block(6, 6, 6), block(40, 0, 13), block(18, 0, 18), true},
      {"after links, > 40", block(6, 6, 6), block(41, 0, 13), block(0, 0, 0), true},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.what);
    EXPECT_EQ(bp::num_words_rules(c.prev, c.curr, c.next), c.content);
  }
}

TEST(BoilerpipeFilters, SimpleBlockFusionMergesEqualTextDensity) {
  bp::Blocks bs = {block(3, 0, 3, 0), block(3, 0, 3, 1), block(5, 0, 5, 2), block(5, 0, 5, 3),
                   block(5, 0, 5, 4), block(2, 0, 2, 5)};
  bp::simple_block_fusion(bs);
  ASSERT_EQ(bs.size(), 3u);
  EXPECT_EQ(bs[0].words, 6);
  EXPECT_EQ(bs[0].offset_end, 1);
  EXPECT_EQ(bs[1].words, 15);
  EXPECT_EQ(bs[1].offset_start, 2);
  EXPECT_EQ(bs[1].offset_end, 4);
  EXPECT_FLOAT_EQ(bs[1].text_density, 5);  // 15 words in 3 lines
  EXPECT_EQ(bs[1].atoms, (std::vector<uint32_t>{2, 3, 4}));
}

TEST(BoilerpipeFilters, BlockProximityFusion) {
  // Plain variant: a content block joins whatever block precedes it.
  bp::Blocks bs = {block(1, 0, 1, 0), block(2, 0, 2, 1, true), block(3, 0, 3, 2, true),
                   block(4, 0, 4, 3), block(5, 0, 5, 4, true)};
  bp::block_proximity_fusion(bs, 1, false);
  ASSERT_EQ(bs.size(), 2u);
  EXPECT_TRUE(bs[0].content);
  EXPECT_EQ(bs[0].words, 6);
  EXPECT_TRUE(bs[1].content);
  EXPECT_EQ(bs[1].words, 9);
  // Content-only variant: content blocks at most one block apart.
  bs = {block(1, 0, 1, 0), block(2, 0, 2, 1, true), block(3, 0, 3, 3, true), block(4, 0, 4, 6, true)};
  bp::block_proximity_fusion(bs, 1, true);
  ASSERT_EQ(bs.size(), 3u);
  EXPECT_FALSE(bs[0].content);
  EXPECT_EQ(bs[1].words, 5);
  EXPECT_EQ(bs[2].words, 4);
}

TEST(BoilerpipeFilters, IgnoreBlocksAfterContent) {
  // 60 full-text words (content blocks with text density >= 9) before the end mark.
  bp::Blocks bs = {block(30, 0, 10, 0, true), block(30, 0, 9, 1, true), block(3, 0, 3, 2, true),
                   block(20, 0, 12, 3, true)};
  bs[2].labels = bp::kLabelEndOfText;
  bp::ignore_blocks_after_content(bs, 60);
  EXPECT_TRUE(bs[0].content);
  EXPECT_TRUE(bs[1].content);
  EXPECT_FALSE(bs[2].content);
  EXPECT_FALSE(bs[3].content);
  // Only 59 such words: the mark is ignored.
  bs = {block(30, 0, 10, 0, true), block(29, 0, 9, 1, true), block(30, 0, 8.9f, 2, true),
        block(3, 0, 3, 3, true), block(20, 0, 12, 4, true)};
  bs[3].labels = bp::kLabelEndOfText;
  bp::ignore_blocks_after_content(bs, 60);
  for (const auto& b : bs) EXPECT_TRUE(b.content);
}

TEST(BoilerpipeFilters, KeepLargestAndExpandTitle) {
  bp::Blocks bs = {block(5, 0, 5, 0, true), block(9, 0, 9, 1), block(12, 0, 12, 2, true),
                   block(7, 0, 7, 3, true), block(12, 0, 12, 4, true)};
  bs[0].labels = bp::kLabelTitle;
  bp::keep_largest_block(bs);
  // The first content block with the most words wins; the rest "might be content".
  std::vector<bool> content;
  for (const auto& b : bs) content.push_back(b.content);
  EXPECT_EQ(content, (std::vector<bool>{false, false, true, false, false}));
  EXPECT_TRUE(bs[1].labels & bp::kLabelMightBeContent);
  // ExpandTitleToContent: from the title block up to the content block.
  bp::expand_title_to_content(bs);
  content.clear();
  for (const auto& b : bs) content.push_back(b.content);
  EXPECT_EQ(content, (std::vector<bool>{true, true, true, false, false}));
}

TEST(BoilerpipeFilters, TerminatingBlocks) {
  struct Case { const char* text; bool end; };
  const Case cases[] = {
      {"Comments (12)", true},
      {"12 comments so far", true},
      {"345 users responded in this poll", true},
      {"\xC2\xA9 Reuters 2008. All rights reserved.", true},
      {"Please rate this article", true},
      {"POST A COMMENT", true},
      {"Tell us what you think...", true},
      {"Click to add your comment", true},
      {"Reader views on this", true},
      {"Have your say", true},
      {"Thanks for your comments - this feedback is now closed", true},
      {"No comments", false},              // neither starts with "comments" nor a number
      {"Comment", false},                  // shorter than 8 characters
      {"12 comment", false},
      {"Related stories and more", false},
      {"Here is a long paragraph of fifteen words that mentions add comment somewhere in it ok", false},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.text);
    bp::TextDocument d = segment(std::string("<p>") + c.text + "</p>");
    ASSERT_EQ(d.blocks.size(), 1u);
    bp::terminating_blocks_finder(d.blocks, d);
    EXPECT_EQ((d.blocks[0].labels & bp::kLabelEndOfText) != 0, c.end);
  }
}

TEST(BoilerpipeFilters, TitleMatch) {
  struct Case { const char* title; std::vector<std::string> potential; };
  const Case cases[] = {
      {"Big News: Something happened | Example.com",
       {"Big News: Something happened | Example.com", "Something happened", "Something happened",
        "Something happened", "Something happened"}},
      // Only the sets with '-' split it: "Part one", "Part two longer", "x.com" (skipped).
      {"Part one - Part two longer - x.com", {"Part one - Part two longer - x.com", "Part two longer", "Part two longer"}},
      {"No separators here", {"No separators here"}},
      {"  ", {}},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.title);
    EXPECT_EQ(bp::potential_titles(c.title), c.potential);
  }
  bp::TextDocument d = segment("<title>Big News: Something happened | Example.com</title>"
                               "<h1>Something happened</h1><p>Something  happened</p><p>Big News</p>");
  bp::document_title_match_classifier(d.blocks, d);
  ASSERT_EQ(d.blocks.size(), 3u);
  EXPECT_TRUE(d.blocks[0].labels & bp::kLabelTitle);
  EXPECT_FALSE(d.blocks[1].labels & bp::kLabelTitle);  // exact match only
  EXPECT_FALSE(d.blocks[2].labels & bp::kLabelTitle);
}

// --- The extractors end to end ------------------------------------------

namespace {
const std::string kNav =
    "<div><a href=/>Home</a> <a href=/n>News</a> <a href=/s>Sport</a> <a href=/w>Weather</a></div>";
const std::string kText1 =
    "The council approved the new budget on Tuesday after a long debate about schools, roads and "
    "the future of the town library, which had been threatened with closure.";
const std::string kText2 =
    "Residents who attended the meeting said they were relieved, although several warned that "
    "the cuts planned for next year could still hurt the smallest villages in the district.";
const std::string kText3 =
    "The mayor thanked the volunteers who had collected signatures for the library and promised a "
    "public consultation on the remaining savings before the summer.";
const std::string kComment =
    "I think this is a very good decision by the council and I hope they keep the library open for "
    "many more years to come.";
std::string p(const std::string& text) { return "<p>" + text + "</p>"; }
}  // namespace

// The expected texts below are also what boilerpipe 1.2.0 returns for these pages.
TEST(BoilerpipeExtractors, DefaultKeepsDenseTextDropsLinks) {
  std::string html = "<body>" + kNav + "<h1>Budget approved</h1>" + p(kText1) + p(kText2) + kNav + "</body>";
  EXPECT_EQ(run("boilerpipe", html), "Budget approved\n" + kText1 + "\n" + kText2);
}

TEST(BoilerpipeExtractors, ArticleExpandsToTheTitleAndStopsAtComments) {
  std::string html = "<title>Budget approved | Town Gazette</title><body>" + kNav +
                     "<h1>Budget approved</h1><p>By a reporter</p>" + p(kText1) + p(kText2) + p(kText3) +
                     "<p>Comments (2)</p>" + p(kComment) + kNav + "</body>";
  // "Comments (2)" ends the article (more than 60 full-text words before it);
  // the title block and the byline join the largest block.
  EXPECT_EQ(run("boilerpipe_article", html),
            "Budget approved\nBy a reporter\n" + kText1 + "\n" + kText2 + "\n" + kText3);
  // Without the end mark, LargestContentExtractor keeps the comment too.
  EXPECT_EQ(run("boilerpipe_largest", html), "Budget approved\nBy a reporter\n" + kText1 + "\n" + kText2 +
                                                 "\n" + kText3 + "\nComments (2)\n" + kComment);
}

TEST(BoilerpipeExtractors, LargestKeepsOneMergedBlock) {
  std::string html = "<body><p>An unrelated sidebar item that is long enough to count as content on its own, "
                     "with more than sixteen words in it.</p>" +
                     kNav + kNav + "<div>" + p(kText1) + p(kText2) + "</div>" + kNav + "</body>";
  // BlockProximityFusion(1) merges the first paragraph into the block before
  // it, content or not: the navigation line comes along (as in the original).
  EXPECT_EQ(run("boilerpipe_largest", html), "Home News Sport Weather\n" + kText1 + "\n" + kText2);
}

TEST(BoilerpipeExtractors, KeepEverythingIsBodyTextOutsideIgnorables) {
  EXPECT_EQ(run("boilerpipe_keepall",
                "<title>T</title><body><p>a</p><select><option>o</option></select><object>x</object><p>b</p></body>"),
            "a\nb");
}

TEST(BoilerpipeExtractors, BadInputGivesAResult) {
  std::string deep;
  for (int i = 0; i < 100000; ++i) deep += "<div>";
  deep += "deep text";
  const std::string inputs[] = {"", "just text without tags", "<frameset><frame src=a></frameset>",
                                deep, "<p>bad \xFF\xFE utf-8 \xC3</p>", "<a href=x><a href=y>nested</a></a>"};
  for (const char* n : {"boilerpipe", "boilerpipe_article", "boilerpipe_largest", "boilerpipe_keepall"}) {
    for (const auto& html : inputs) {
      SCOPED_TRACE(std::string(n) + ": " + html.substr(0, 40));
      run(n, html);  // checks the label count
    }
  }
  EXPECT_EQ(run("boilerpipe_keepall", deep), "deep text");
  EXPECT_EQ(run("boilerpipe_keepall", "just text without tags"), "just text without tags");
  EXPECT_EQ(run("boilerpipe_keepall", "<frameset><frame src=a></frameset>"), "");
}
