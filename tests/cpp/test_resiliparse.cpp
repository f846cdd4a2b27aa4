// Resiliparse main-content rules (core/src/extractors/resiliparse.cpp) on
// hand-written pages, one rule per case: markers kept and markers dropped.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "test_util.hpp"

using namespace wce;
using wce::test::has;
using wce::test::MarkerCase;

namespace {

std::string run(const std::string& html) { return wce::test::extract_with("resiliparse", html); }

// Wraps `inner` so that it sits `depth` levels below <body> (plain divs).
std::string at_depth(int depth, const std::string& inner) {
  std::string open, close;
  for (int i = 1; i < depth; ++i) {
    open += "<div>";
    close += "</div>";
  }
  return open + inner + close;
}

// Cases give the <body> content; a paragraph that is always kept follows it.
void check(const MarkerCase& c) {
  std::string out = run("<html><head><title>Xtitle</title></head><body>" + c.html +
                        "<p>Anchor paragraph</p></body></html>");
  EXPECT_FALSE(has(out, "Xtitle")) << c.name << ": the head is not extracted";
  wce::test::expect_markers(out, c);
}

const std::string kLinks = "<a href=/a>Xlink one</a> <a href=/b>Xlink two</a> <a href=/c>Xlink three</a>";

}  // namespace

TEST(Resiliparse, TagRules) {
  const std::vector<MarkerCase> cases = {
      {"plain text kept", "<div><p>Xplain text</p></div>", {"Xplain", "Anchor"}, {}},
      {"nav and aside dropped", "<nav>Xnav</nav><div><aside>Xaside</aside></div>", {"Anchor"}, {"Xnav", "Xaside"}},
      {"audio, video, time dropped", "<p>Kept <time>Xtime</time> words</p>", {"Kept", "words"}, {"Xtime"}},
      {"form fields and labels skipped", "<form><label>Xlabel</label><button>Xbutton</button></form>",
       {"Anchor"}, {"Xlabel", "Xbutton"}},
      // Footer: dropped near the body (depth < 3) ...
      {"global footer", "<footer>Xfooter</footer>", {"Anchor"}, {"Xfooter"}},
      // ... and deep but last (nothing follows it up to the body's child) ...
      {"deep last footer", at_depth(3, "<footer>Xlastfooter</footer>"), {"Anchor"}, {"Xlastfooter"}},
      // ... but kept deep when something follows it.
      {"deep footer followed", at_depth(3, "<footer>Xfooter kept</footer><p>Yafter</p>"), {"Xfooter kept", "Yafter"},
       {}},
      // Lists: dropped at depth < 4, or when more than 20% of the text is links.
      {"shallow list", "<ul><li>Xshallow item</li></ul>", {"Anchor"}, {"Xshallow"}},
      {"deep list", at_depth(4, "<ul><li>Xdeep item with plain words</li></ul>"), {"Xdeep"}, {}},
      {"deep link list", at_depth(4, "<ul><li>" + kLinks + "</li></ul>"), {"Anchor"}, {"Xlink"}},
      // A short link-heavy <article> deep in the page is a teaser.
      {"teaser article", at_depth(3, "<article>" + kLinks + " more</article>"), {"Anchor"}, {"Xlink"}},
      {"h1 always kept", "<h1 class=hidden>Xheadline</h1>", {"Xheadline"}, {}},
  };
  for (const auto& c : cases) check(c);
}

TEST(Resiliparse, AttributeAndClassRules) {
  const std::vector<MarkerCase> cases = {
      {"hidden attribute", "<div hidden>Xhidden</div><div aria-hidden=true>Xaria</div>", {"Anchor"},
       {"Xhidden", "Xaria"}},
      {"itemprop author", "<p>By <span itemprop=author>Xauthor</span></p>", {"By"}, {"Xauthor"}},
      {"rel author and tag", "<p>By <a rel=author href=/a>Xauthor</a> in <a rel=' tag ' href=/t>Xtag</a> "
                             "<a rel=bookmark href=/b>Ykept</a></p>",
       {"By", "Ykept"}, {"Xauthor", "Xtag"}},
      {"hidden class", "<div class='is-hidden'>Xclass</div>", {"Anchor"}, {"Xclass"}},
      {"skip link", "<a class=skip-link href=#main>Xskip</a>", {"Anchor"}, {"Xskip"}},
      // Sign-in and social widgets only deeper than 2 below the body.
      {"social deep", at_depth(3, "<div class=social-share>Xsocial</div>"), {"Anchor"}, {"Xsocial"}},
      {"social shallow", "<div class=social-share>Ysocial</div>", {"Ysocial"}, {}},
      {"logo", "<div class=site-logo>Xlogo</div>", {"Anchor"}, {"Xlogo"}},
      {"ads", "<div class=advertisement>Xad</div><div id=google-ads>Yad</div>", {"Anchor"}, {"Xad", "Yad"}},
      // Block elements only: an inline span with a navigation class stays.
      {"inline nav class kept", "<p><span class=nav>Xspan</span></p>", {"Xspan"}, {}},
      {"block nav class", "<div class=main-nav>Xnav</div>", {"Anchor"}, {"Xnav"}},
      // Roles are read in section 4, which elements without class and id never reach.
      {"role navigation", "<div role=navigation class=box>Xrole</div><div role=navigation>Yrole</div>", {"Anchor", "Yrole"},
       {"Xrole"}},
      {"landmark id", "<div id=footer>Xlandmark</div>", {"Anchor"}, {"Xlandmark"}},
      {"global header", "<div class=site-header>Xheader</div>", {"Anchor"}, {"Xheader"}},
      {"recommended", "<section class=related-posts>Xrelated</section>", {"Anchor"}, {"Xrelated"}},
      {"sidebar", "<div class=sidebar>Xsidebar</div>", {"Anchor"}, {"Xsidebar"}},
      {"modal", "<div class=modal>Xmodal</div>", {"Anchor"}, {"Xmodal"}},
      {"gallery", "<div class=gallery>Xgallery</div>", {"Anchor"}, {"Xgallery"}},
      // The article pattern is checked before the navigation pattern.
      {"article beats nav", "<div class='post nav'>Xarticle</div>", {"Xarticle"}, {}},
      // A class-less deep div that is mostly links (<= 800 bytes) goes.
      {"bare link div", at_depth(6, "<div>" + kLinks + "</div>"), {"Anchor"}, {"Xlink"}},
      {"bare link div shallow", at_depth(2, "<div>" + kLinks + "</div>"), {"Xlink one"}, {}},
      // Icon-font glyphs (private use area) and pilcrows are not text.
      {"icon glyph", "<p>Word <i>\xEE\x80\x81</i> <a href=#x>\xC2\xB6</a></p>", {"Word"}, {"\xEE\x80\x81", "\xC2\xB6"}},
  };
  for (const auto& c : cases) check(c);
}

TEST(Resiliparse, MainContentZone) {
  // Exactly one element with a main-content class: only it is extracted.
  std::string one = run("<body><div>Xoutside</div><div class=article-body><p>Yinside</p></div></body>");
  EXPECT_TRUE(has(one, "Yinside"));
  EXPECT_FALSE(has(one, "Xoutside")) << one;
  // Two of them: the whole body.
  std::string two = run("<body><div>Xoutside</div><div class=post-content>Ya</div><div role=main>Yb</div></body>");
  EXPECT_TRUE(has(two, "Xoutside") && has(two, "Ya") && has(two, "Yb")) << two;
}

TEST(Resiliparse, NoBodyNoText) {
  EXPECT_EQ(run("<frameset><frame src=a></frameset>"), "");
  EXPECT_EQ(run(""), "");
}

TEST(Resiliparse, HundredThousandLevelsDeep) {
  // No recursion on the DOM: the walk and the subtree sums are loops.
  std::string deep = "<html><body>";
  for (int i = 0; i < 100000; ++i) deep += "<div>";
  deep += "deep text</body></html>";
  EXPECT_EQ(run(deep), "deep text");
}
