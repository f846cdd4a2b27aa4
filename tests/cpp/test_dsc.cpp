// DSC (Document Slope Curves) on hand-written pages; the token counts in the
// comments follow features/token_stream.hpp (an opening tag per element, a
// closing one per non-void element, the words of each text node).
#include <gtest/gtest.h>

#include <string>

#include "test_util.hpp"
#include "wce/wce.hpp"

using namespace wce;

namespace {

std::string run_dsc(const std::string& html) { return test::extract_with("dsc", html); }

std::string words(const std::string& prefix, int n) {
  std::string s;
  for (int i = 1; i <= n; ++i) s += (i > 1 ? " " : "") + prefix + std::to_string(i);
  return s;
}

// A link list: 2 + 5 * n tokens, 4 * n + 2 of them tags.
std::string nav(const std::string& prefix, int n) {
  std::string s = "<ul>";
  for (int i = 1; i <= n; ++i) s += "<li><a href=/" + std::to_string(i) + ">" + prefix + std::to_string(i) + "</a></li>";
  return s + "</ul>";
}

bool has(const std::string& out, const std::string& w) { return out.find(w) != std::string::npos; }

}  // namespace

TEST(Dsc, ExtractsEveryLowSlopeAreaNotJustOne) {
  // Two articles separated by a link list. BTE's single range must span
  // both and so takes the list in the middle; DSC's areas leave it out.
  std::string html = "<body>" + nav("top", 20) + "<p>" + words("a", 100) + "</p>" + nav("mid", 20) + "<p>" +
                     words("b", 100) + "</p>" + nav("end", 20) + "</body>";
  std::string out = run_dsc(html);
  EXPECT_TRUE(has(out, "a1 a2") && has(out, "a100")) << out;
  EXPECT_TRUE(has(out, "b1 b2") && has(out, "b100")) << out;
  for (const char* w : {"mid5", "mid10", "mid15", "top5", "end15"}) EXPECT_FALSE(has(out, w)) << w << "\n" << out;
  const Extractor* bte = find_extractor("bte");
  Document d = parse_html(html, "utf-8");
  Context ctx(d);
  EXPECT_TRUE(has(render_text(d, bte->run(ctx)), "mid10"));  // the contrast with BTE
}

TEST(Dsc, FewerThanThreeLowWindowsStartNoArea) {
  // Islands of words between two link lists (about 220 tokens, 172 tags:
  // half the document's slope is 0.39, so a window of 20 tokens is low with
  // at most 7 tags). Near the island, 10 tokens of list hold at least 8
  // tags, so a low window needs at least 13 tokens of the island. 6 words
  // (8 tokens with <p></p>) give no low window; 20 words (22 tokens) give
  // one, never three in a row (the first and the third of three windows do
  // not overlap: 26 island tokens would be needed). Neither starts an area.
  // (BTE would take either island.)
  for (int n : {6, 20}) {
    SCOPED_TRACE(n);
    std::string html = "<body>" + nav("top", 20) + "<p>" + words("a", n) + "</p>" + nav("end", 20) + "</body>";
    EXPECT_EQ(run_dsc(html), "");
  }
  // 40 words do make three low windows in a row.
  std::string html = "<body>" + nav("top", 20) + "<p>" + words("a", 40) + "</p>" + nav("end", 20) + "</body>";
  EXPECT_TRUE(has(run_dsc(html), "a20")) << run_dsc(html);
}

TEST(Dsc, ShortHighSlopeGapsDoNotEndAnArea) {
  // Between two runs of 60 words, 8 <br> with the word "bridge" among them
  // (9 tokens, 8 tags). Half the document's slope is 0.26 (341 tokens, 180
  // tags), so a window is high from 6 tags on; a window holds 6 of the 9
  // gap tokens only if it overlaps the gap by 6, which at most two windows
  // (step 10) do. Fewer than three high windows do not end the area, so
  // "bridge" is inside it.
  std::string gap = "<br><br><br><br>bridge<br><br><br><br>";
  std::string joined = "<body>" + nav("top", 20) + "<div>" + words("a", 60) + gap + words("b", 60) + "</div>" +
                       nav("end", 20) + "</body>";
  std::string out = run_dsc(joined);
  EXPECT_TRUE(has(out, "bridge")) << out;
  EXPECT_TRUE(has(out, "a1 ") && has(out, "b60")) << out;
  // A link list of 10 items (52 tokens, 42 tags) makes many high windows in a
  // row: the first area ends before it and a second one starts after it.
  std::string split = "<body>" + nav("top", 20) + "<div>" + words("a", 60) + "</div>" + nav("mid", 10) + "<div>" +
                      words("b", 60) + "</div>" + nav("end", 20) + "</body>";
  out = run_dsc(split);
  EXPECT_FALSE(has(out, "mid5")) << out;
  EXPECT_TRUE(has(out, "a30") && has(out, "b30")) << out;
}

TEST(Dsc, TextNodesFollowTheMajorityOfTheirWords) {
  // Plain text only: the first window (4 tags: html, head, /head, body, so
  // slope 0.2 against half the document slope 0.054) is high and the area
  // begins at the second window, token 10; the text node still has most of
  // its words inside and is content as a whole.
  EXPECT_EQ(run_dsc(words("w", 50)), words("w", 50));
}

TEST(Dsc, DegenerateInputs) {
  struct Case { const char* html; const char* expected; };
  const Case cases[] = {
      {"", ""},
      {"<p></p>", ""},
      {"<p>a few words only</p>", ""},  // too short for three windows
      {"<frameset><frame src=a></frameset>", ""},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.html);
    EXPECT_EQ(run_dsc(c.html), c.expected);
  }
}
