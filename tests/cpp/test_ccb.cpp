// CCB (Content Code Blurring, adapted, on tokens) on hand-written pages.
#include <gtest/gtest.h>

#include <string>

#include "test_util.hpp"
#include "wce/wce.hpp"

using namespace wce;

namespace {

std::string run_ccb(const std::string& html) { return test::extract_with("ccb", html); }

// n repetitions of `unit`, with the counter substituted for '#'.
std::string repeat(const std::string& unit, int n) {
  std::string s;
  for (int i = 1; i <= n; ++i) {
    std::string u = unit;
    for (size_t p; (p = u.find('#')) != std::string::npos;) u.replace(p, 1, std::to_string(i));
    s += u;
  }
  return s;
}

bool has(const std::string& out, const std::string& w) { return out.find(w) != std::string::npos; }

}  // namespace

TEST(Ccb, RegionsAreJudgedByTheirBlurredContentShare) {
  // Long regions, so that the blur settles at their local share of words
  // among tokens: 7 words per <br> (7/8 = 0.875) is above the 0.75
  // threshold, one word per <br> (1/2) and a word in <b></b> (1/3) below.
  struct Case { const char* unit; bool content; };
  const Case cases[] = {
      {"w# w# w# w# w# w# w#<br>", true},
      {"w# w# w# w# w#<br>", true},    // 5/6 = 0.83
      {"w# w# <br>", false},          // 2/3 = 0.67
      {"w#<br>", false},
      {"<b>w#</b>", false},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.unit);
    // Surrounded by long runs of the other kind, so that the middle is clear.
    std::string other = c.content ? "<b>x</b>" : "x x x x x x x x<br>";
    std::string html = "<body><div>" + repeat(other, 60) + "</div><div>" + repeat(c.unit, 60) + "</div><div>" +
                       repeat(other, 60) + "</div></body>";
    std::string out = run_ccb(html);
    EXPECT_EQ(has(out, "w30"), c.content) << out.substr(0, 400);
  }
}

TEST(Ccb, AnchorTagsAreIgnored) {
  // ACCB: <a> and </a> are not code. A paragraph whose every word is a link
  // is therefore as dense as plain text and is content; a link list stays
  // code because of its <li> tags (word, 2 tags per item: 1/3).
  std::string linked = "<p>" + repeat("<a href=/#>w#</a> ", 80) + "</p>";
  std::string list = "<ul>" + repeat("<li><a href=/#>m#</a></li>", 60) + "</ul>";
  std::string out = run_ccb("<body>" + list + linked + list + "</body>");
  EXPECT_TRUE(has(out, "w40")) << out;
  EXPECT_FALSE(has(out, "m30")) << out;
  // The same words wrapped in <span> instead are code-heavy (1/3) and drop.
  std::string spans = "<p>" + repeat("<span>w#</span> ", 80) + "</p>";
  EXPECT_FALSE(has(run_ccb("<body>" + list + spans + list + "</body>"), "w40"));
}

TEST(Ccb, ArticleBetweenNavigationBlocks) {
  std::string nav = "<ul>" + repeat("<li><a href=/#>nav#</a></li>", 25) + "</ul>";
  std::string article = "<p>" + repeat("word# ", 120) + "</p><p>" + repeat("more# ", 120) + "</p>";
  std::string out = run_ccb("<body><div>" + nav + "</div><div>" + article + "</div><div>" + nav + "</div></body>");
  EXPECT_TRUE(has(out, "word1 ") && has(out, "more120")) << out;
  EXPECT_FALSE(has(out, "nav12")) << out;
}

TEST(Ccb, DegenerateInputs) {
  EXPECT_EQ(run_ccb(""), "");
  EXPECT_EQ(run_ccb("<div><span></span></div>"), "");
  // A long text without tags is content; a single word among six tags
  // (html, head, body and their closing tags) is not.
  EXPECT_EQ(run_ccb(repeat("t# ", 100)).substr(0, 6), "t1 t2 ");
  EXPECT_EQ(run_ccb("lonely"), "");
}
