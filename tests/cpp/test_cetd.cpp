// CETD (composite text density, DensitySum) on hand-written pages.
#include <gtest/gtest.h>

#include <string>

#include "test_util.hpp"
#include "wce/wce.hpp"

using namespace wce;

namespace {

std::string run_cetd(const std::string& html) { return test::extract_with("cetd", html); }

bool has(const std::string& out, const std::string& w) { return out.find(w) != std::string::npos; }

std::string sentence(const std::string& p, int n) {
  std::string s;
  for (int i = 1; i <= n; ++i) s += (i > 1 ? " " : "") + p + std::to_string(i);
  return s;
}

std::string menu(const std::string& p, int n) {
  std::string s = "<ul>";
  for (int i = 1; i <= n; ++i) s += "<li><a href=/" + std::to_string(i) + ">" + p + std::to_string(i) + "</a></li>";
  return s + "</ul>";
}

const std::string kArticle = "<div id=main><h1>Headline</h1><p>" + sentence("alpha", 60) + "</p><p>" +
                             sentence("beta", 50) + " <a href=/x>a link</a> " + sentence("gamma", 20) + "</p></div>";

}  // namespace

TEST(Cetd, TheLargestDensitySumIsContent) {
  std::string out = run_cetd("<body><div id=nav>" + menu("nav", 15) + "</div>" + kArticle + "<div id=side>" +
                             menu("side", 15) + "</div></body>");
  EXPECT_TRUE(has(out, "alpha1 ") && has(out, "beta50") && has(out, "a link") && has(out, "gamma20")) << out;
  EXPECT_FALSE(has(out, "nav7")) << out;
  EXPECT_FALSE(has(out, "side7")) << out;
}

TEST(Cetd, DenseSubtreesAboveTheThresholdAreAddedLinkListsAreNot) {
  // The comments are a second text-dense subtree outside the article: their
  // density is above <body>'s (the threshold), so the descent from <body>
  // marks them too; the menus' composite density (all link text) is below.
  std::string comments = "<div id=comments><div class=c><p>" + sentence("first", 30) + "</p></div><div class=c><p>" +
                         sentence("second", 30) + "</p></div></div>";
  std::string out = run_cetd("<body><div id=nav>" + menu("nav", 15) + "</div><div id=wrap>" + kArticle +
                             "<div id=side>" + menu("side", 15) + "</div></div>" + comments + "</body>");
  EXPECT_TRUE(has(out, "alpha30")) << out;
  EXPECT_TRUE(has(out, "first15") && has(out, "second15")) << out;
  EXPECT_FALSE(has(out, "nav7") || has(out, "side7")) << out;
}

TEST(Cetd, TextDirectlyInAnAncestorOfContentStays) {
  // The authors' code removes unmarked elements, never text nodes: text
  // directly inside <body> (an ancestor of the content) is kept, text in an
  // unmarked element is not.
  std::string out = run_cetd("<body>loose words<div id=nav>" + menu("nav", 15) + "</div>" + kArticle + "</body>");
  EXPECT_TRUE(has(out, "loose words")) << out;
  EXPECT_FALSE(has(out, "nav7")) << out;
}

TEST(Cetd, HiddenFormAndLinkText) {
  // Hidden elements are left out; select options are no rendered text; text
  // in links counts as link text throughout (a paragraph that is one big
  // link has no weight).
  std::string html = "<body><div id=nav>" + menu("nav", 10) + "</div>" + kArticle +
                     "<div hidden><p>" + sentence("hidden", 80) + "</p></div>"
                     "<form><select><option>" + sentence("option", 80) + "</option></select></form>"
                     "<div><p><a href=/big><span>" + sentence("linked", 90) + "</span></a></p></div></body>";
  std::string out = run_cetd(html);
  EXPECT_TRUE(has(out, "alpha30")) << out;
  EXPECT_FALSE(has(out, "hidden40")) << out;
  EXPECT_FALSE(has(out, "option40")) << out;
  EXPECT_FALSE(has(out, "linked40")) << out;
}

TEST(Cetd, DegenerateInputs) {
  struct Case { const char* html; const char* expected; };
  const Case cases[] = {
      {"", ""},
      {"<frameset><frame src=a></frameset>", ""},  // no body
      {"<body><div></div></body>", ""},
      {"just text", "just text"},                  // body is the densest node
      {"<title>T</title><p>para</p>", "para"},     // head text is never content
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.html);
    EXPECT_EQ(run_cetd(c.html), c.expected);
  }
}
