// Crunch (core/src/extractors/crunch.cpp): one filter per case, each on a
// small page with an article paragraph that must survive.
#include <gtest/gtest.h>

#include <string>

#include "test_util.hpp"

using namespace wce;
using wce::test::extract_with;
using Case = wce::test::PageCase;

namespace {

const std::string kArticle =
    "<p>The council met on Tuesday to discuss the new budget for the coming year and agreed on most "
    "of the proposals that were put <a href=/doc>before it</a> by the committee</p>";
const char* kArticleText =
    "The council met on Tuesday to discuss the new budget for the coming year and agreed on most of the "
    "proposals that were put before it by the committee";

std::string links(int n) {
  std::string s;
  for (int i = 0; i < n; ++i) s += "<a href=/l" + std::to_string(i) + ">Link " + std::to_string(i) + "</a> ";
  return s;
}

}  // namespace

TEST(Crunch, EachFilterRemovesItsElements) {
  const std::string a = kArticleText;
  const Case cases[] = {
      {"link list", "<ul><li><a href=/a>Home</a></li><li><a href=/b>World news</a></li></ul>" + kArticle, a},
      {"a list with some text but mostly links",
       "<ol><li><a href=/a>Home page</a> x</li><li><a href=/b>World news</a></li></ol>" + kArticle, a},
      {"a list of plain items stays", "<ul><li>flour</li><li>sugar</li></ul>" + kArticle, "flour\nsugar\n" + a},
      {"text list: four or more bare labels",
       "<ul><li>Politics</li><li>World news</li><li>Sport</li><li>Arts and culture</li></ul>" + kArticle, a},
      {"a list with one longer item is no text list",
       "<ul><li>Politics</li><li>World news</li><li>Sport</li><li>Arts and culture today</li></ul>" + kArticle,
       "Politics\nWorld news\nSport\nArts and culture today\n" + a},
      {"text list in a definition list", "<dl><dt>Tags</dt><dd>budget</dd><dd>council</dd><dd>town</dd></dl>" + kArticle,
       a},
      {"link-heavy table cell", "<table><tr><td>" + links(3) + " more</td><td>" + kArticle + "</td></tr></table>", a},
      {"link-heavy div", "<div>" + links(2) + "and more</div>" + kArticle, a},
      {"a div with few links stays", "<div>" + links(1) + "and a few more plain words</div>" + kArticle,
       "Link 0 and a few more plain words\n" + a},
      {"ad by class", "<div class='ad-slot'>Buy now cheap offer today only</div>" + kArticle, a},
      {"ad by id", "<div id=banner>Great deals on many fine products</div>" + kArticle, a},
      {"ad words are whole words", "<div class=header>Site title and tagline here</div>" + kArticle,
       "Site title and tagline here\n" + a},
      {"the page itself is never an ad", "<body class=ads-enabled>" + kArticle + "</body>", a},
      {"empty table", "<table><tr><td>&copy; 2003</td></tr></table>" + kArticle, a},
      {"a table with content stays", "<table><tr><td>one two three four</td></tr></table>" + kArticle,
       "one two three four\n" + a},
      {"form controls", "<p>Search <select><option>All sections</option></select><button>Go</button></p>" + kArticle,
       "Search\n" + a},
      {"an empty form", "<form>Go <input name=q></form>" + kArticle, a},
      {"a form that wraps the page stays", "<form>" + kArticle + "</form>", a},
      {"embedded objects", "<object>Install the plugin</object><iframe>no frames</iframe>" + kArticle, a},
  };
  for (const auto& c : cases) EXPECT_EQ(extract_with("crunch", c.html), c.expected) << c.what;
}

TEST(Crunch, JudgesOuterBlocksByWhatIsLeft) {
  // The outer cell has 5 + 1 links and 27 plain words; once the inner link
  // list is gone it has 1 link for 27 words and stays.
  std::string page = "<table><tr><td><ul><li>" + links(5) + "</li></ul>" + kArticle + "</td></tr></table>";
  EXPECT_EQ(extract_with("crunch", page), kArticleText);
  // 12 + 1 links for the same 27 words: above the link/text ratio, it goes.
  std::string linky = "<table><tr><td>" + links(12) + kArticle + "</td></tr></table>";
  EXPECT_EQ(extract_with("crunch", linky), "");
}
