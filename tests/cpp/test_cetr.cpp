// CETR (text-to-tag ratios, 2D k-means) on hand-written pages: the block
// variant `cetr` and the line variant `cetr_lines`.
#include <gtest/gtest.h>

#include <string>

#include "test_util.hpp"
#include "wce/wce.hpp"

using namespace wce;

namespace {

std::string run(const std::string& name, const std::string& html) { return test::extract_with(name, html); }

bool has(const std::string& out, const std::string& w) { return out.find(w) != std::string::npos; }

std::string sentence(const std::string& p, int n) {
  std::string s;
  for (int i = 1; i <= n; ++i) s += (i > 1 ? " " : "") + p + std::to_string(i);
  return s;
}

// A page with a menu, three paragraphs and a footer menu; `nl` between
// elements ("\n" = one element per source line, "" = minified).
std::string page(const std::string& nl) {
  std::string menu = "<ul>" + nl;
  for (int i = 1; i <= 12; ++i)
    menu += "<li><a href=/" + std::to_string(i) + ">menu" + std::to_string(i) + "</a></li>" + nl;
  menu += "</ul>" + nl;
  std::string foot = "<div class=footer>" + nl;
  for (int i = 1; i <= 12; ++i)
    foot += "<span><a href=/f" + std::to_string(i) + ">foot" + std::to_string(i) + "</a></span>" + nl;
  foot += "</div>" + nl;
  return "<html>" + nl + "<body>" + nl + menu + "<div id=main>" + nl + "<h1>Title</h1>" + nl + "<p>" +
         sentence("alpha", 40) + "</p>" + nl + "<p>" + sentence("beta", 35) + "</p>" + nl + "<p>" +
         sentence("gamma", 45) + "</p>" + nl + "</div>" + nl + foot + "</body>" + nl + "</html>";
}

}  // namespace

TEST(Cetr, BlocksSeparateArticleFromMenus) {
  std::string out = run("cetr", page("\n"));
  for (const char* w : {"alpha1 ", "alpha40", "beta20", "gamma45"}) EXPECT_TRUE(has(out, w)) << w << "\n" << out;
  // Menu items (1 word, 4 tags) sit at the origin's cluster; the items next to
  // the article may be taken along by the derivative feature, the middle ones
  // never.
  for (const char* w : {"menu3", "menu6", "foot6", "foot9"}) EXPECT_FALSE(has(out, w)) << w << "\n" << out;
}

TEST(Cetr, BlockVariantDoesNotDependOnLineBreaks) {
  // The registered variant must give the same result on a minified page (one
  // source line) and on the live-DOM path, which has no source lines.
  EXPECT_EQ(run("cetr", page("")), run("cetr", page("\n")));
  EXPECT_EQ(run("cetr", page("\n")), run("cetr", page("\n\n   \n")));  // empty lines change nothing
}

TEST(Cetr, LineVariantUsesTheSourceLines) {
  std::string out = run("cetr_lines", page("\n"));
  for (const char* w : {"alpha1 ", "beta20", "gamma45"}) EXPECT_TRUE(has(out, w)) << w << "\n" << out;
  for (const char* w : {"menu3", "menu6", "foot6", "foot9"}) EXPECT_FALSE(has(out, w)) << w << "\n" << out;
  // Empty lines are dropped (the paper), so they change nothing.
  EXPECT_EQ(run("cetr_lines", page("\n\n   \n")), out);
  // Minified: the whole page is one line, one unit, away from the origin:
  // everything is content (the limitation the block variant removes).
  std::string minified = run("cetr_lines", page(""));
  EXPECT_TRUE(has(minified, "menu6") && has(minified, "beta20")) << minified;
}

TEST(Cetr, TagOnlyUnitsAreBoilerplate) {
  // A line with tags and no text has ratio 0: it lies at the origin. Lines of
  // one word wrapped in many tags have ratios near 0 too.
  std::string html = "<body>\n<div><div><div><span><b>x1</b></span></div></div></div>\n<div>\n<div>\n</div>\n</div>\n"
                     "<p>" + sentence("text", 60) + "</p>\n"
                     "<div><div><div><span><b>x2</b></span></div></div></div>\n<div>\n<div>\n</div>\n</div>\n</body>";
  for (const char* name : {"cetr", "cetr_lines"}) {
    std::string out = run(name, html);
    EXPECT_TRUE(has(out, "text1 text2")) << name << "\n" << out;
  }
}

TEST(Cetr, DegenerateInputs) {
  for (const char* name : {"cetr", "cetr_lines"}) {
    SCOPED_TRACE(name);
    EXPECT_EQ(run(name, ""), "");
    EXPECT_EQ(run(name, "<div></div>"), "");
    EXPECT_EQ(run(name, "one block only"), "one block only");  // one unit, away from the origin
  }
}
