// The rendering baseline (core/src/extractors/rendering.cpp) and the Layout
// render style it selects (core/src/output/render.cpp): one rule per case.
#include <gtest/gtest.h>

#include <string>

#include "test_util.hpp"

using namespace wce;
using wce::test::extract_with;
using Case = wce::test::PageCase;

TEST(Rendering, KeepsVisibleTextOnly) {
  const Case cases[] = {
      {"head and title are not rendered", "<title>T</title><p>body text</p>", "body text"},
      {"hidden attribute", "<p hidden>x</p><p>shown</p>", "shown"},
      {"inline display:none", "<div style='display: none'>x</div><p>shown</p>", "shown"},
      {"visibility:hidden", "<span style='visibility:hidden'>x</span>shown", "shown"},
      {"aria-hidden", "<div aria-hidden=true>x</div>shown", "shown"},
      {"hidden parent hides the subtree", "<div hidden><p><b>x</b></p></div>shown", "shown"},
      {"iframe fallback", "<iframe>fallback</iframe><p>shown</p>", "shown"},
      {"video fallback", "<video><p>no video</p></video><p>shown</p>", "shown"},
      {"datalist", "<datalist><option>x</option></datalist><p>shown</p>", "shown"},
      {"ruby: the base text only", "<ruby>kan<rp>(</rp><rt>k</rt><rp>)</rp></ruby>ji", "kanji"},
      {"navigation is kept: no boilerplate removal", "<nav><a href=/>Home</a></nav><p>a</p>", "Home\na"},
      {"forms are kept", "<form><label>Name</label><button>Send</button></form>", "NameSend"},
  };
  for (const auto& c : cases) EXPECT_EQ(extract_with("rendering", c.html), c.expected) << c.what;
}

TEST(Rendering, KeepsListsAndTablesReadable) {
  const Case cases[] = {
      {"bullets", "<ul><li>one</li><li>two</li></ul>", "* one\n* two"},
      {"nested lists take the next bullet", "<ul><li>a<ul><li>b<ul><li>c</li></ul></li></ul></li></ul>",
       "* a\n+ b\no c"},
      {"ordered lists count", "<ol><li>x</li><li>y</li><li>z</li></ol>", "1. x\n2. y\n3. z"},
      {"an empty item leaves no bullet behind", "<ul><li></li></ul><p>after</p>", "after"},
      {"item text after a nested block", "<ul><li><p>para</p></li></ul>", "* para"},
      {"data rows: cells on one line", "<table><tr><th>Name</th><th>Age</th></tr><tr><td>Ann</td><td>31</td></tr></table>",
       "Name\tAge\nAnn\t31"},
      {"empty cells add no separator", "<table><tr><td></td><td>b</td><td> </td><td>d</td></tr></table>", "b\td"},
      {"a <br> in a data cell is a space", "<table><tr><td>a<br>b</td><td>c</td></tr></table>", "a b\tc"},
      {"layout rows: a cell with blocks breaks lines", "<table><tr><td><p>para</p></td><td>side</td></tr></table>",
       "para\nside"},
      {"nested table makes the outer row a layout row",
       "<table><tr><td><table><tr><td>i1</td><td>i2</td></tr></table></td><td>o</td></tr></table>", "i1\ti2\no"},
      {"a caption is its own line", "<table><caption>Cap</caption><tr><td>a</td><td>b</td></tr></table>", "Cap\na\tb"},
  };
  for (const auto& c : cases) EXPECT_EQ(extract_with("rendering", c.html), c.expected) << c.what;
}

TEST(Rendering, LayoutStyleIsOnlyForExtractorsThatAskForIt) {
  const std::string html = "<ul><li>one</li></ul><table><tr><td>a</td><td>b</td></tr></table>";
  EXPECT_EQ(find_extractor("rendering")->info().render, RenderStyle::Layout);
  EXPECT_EQ(find_extractor("all_text")->info().render, RenderStyle::Plain);
  EXPECT_EQ(extract_with("all_text", html), "one\na\nb");
  Document d = parse_html(html, "utf-8");
  Labels all(d.text_nodes.size(), 1.0f);
  EXPECT_EQ(render_text(d, all), render_text(d, all, RenderStyle::Plain));
  EXPECT_EQ(render_text(d, all, RenderStyle::Layout), "* one\na\tb");
  // Dropped text: no bullet for an item without kept text, no separator for
  // an empty cell.
  Labels some(d.text_nodes.size(), 1.0f);
  some[0] = some[1] = 0.0f;
  EXPECT_EQ(render_text(d, some, RenderStyle::Layout), "b");
}

