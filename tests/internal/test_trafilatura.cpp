// Trafilatura (core/src/extractors/trafilatura/) on hand-written pages:
// one case per rule of the cascade (content-container rules, discard rules,
// link density, comments, the readability/jusText fallback), with markers
// that must be kept or dropped; then bad input.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "extractors/trafilatura/external.hpp"
#include "test_util.hpp"
#include "wce/wce.hpp"

using namespace wce;

namespace {

std::string run(const std::string& html) { return test::extract_with("trafilatura", html); }

// A paragraph of about 200 characters ending with a marker.
std::string para(const std::string& m) {
  return "<p>The committee met on Tuesday to discuss the new proposal for the river crossing, and after a long "
         "debate the members agreed that the plans should be published for comment before the summer " +
         m + ".</p>";
}
std::string article(const std::string& m) { return para(m + "A") + para(m + "B") + para(m + "C"); }

using test::has;

using Case = test::BodyCase;

void check(const Case& c) { test::expect_body_markers("trafilatura", "Page", c); }

// Outside the container: a paragraph that only the container rules exclude.
const std::string kOutside = "<div class=\"box\"><p>Visit our shop for weekly offers OUTSIDEMARK</p></div>";

TEST(Trafilatura, ContainerRulesSelectTheContent) {
  const Case cases[] = {
      {"BODY_XPATH[0] class entry-content",
       kOutside + "<div class=\"entry-content\">" + article("ENTRY") + "</div>", {"ENTRYA", "ENTRYC"},
       {"OUTSIDEMARK"}},
      {"BODY_XPATH[0] itemprop articleBody",
       kOutside + "<div itemprop=\"articleBody\">" + article("PROP") + "</div>", {"PROPA", "PROPC"},
       {"OUTSIDEMARK"}},
      {"BODY_XPATH[1] first article", kOutside + "<article>" + article("ART") + "</article>", {"ARTA", "ARTC"},
       {"OUTSIDEMARK"}},
      {"BODY_XPATH[2] id story", kOutside + "<div id=\"story\">" + article("STORY") + "</div>", {"STORYA"},
       {"OUTSIDEMARK"}},
      {"BODY_XPATH[3] id content", kOutside + "<div id=\"content\">" + article("CONT") + "</div>", {"CONTA"},
       {"OUTSIDEMARK"}},
      {"BODY_XPATH[4] main element", kOutside + "<main>" + article("MAIN") + "</main>", {"MAINA", "MAINC"},
       {"OUTSIDEMARK"}},
      // The earlier rule wins even when it comes later in the page.
      {"rule order", "<div id=\"content\">" + para("LATERRULE") + "</div><div class=\"post-content\">" +
                         article("FIRSTRULE") + "</div>",
       {"FIRSTRULEA"}, {"LATERRULE"}},
  };
  for (const Case& c : cases) check(c);
}

TEST(Trafilatura, DiscardRulesPruneTheContainer) {
  const Case cases[] = {
      {"OVERALL_DISCARD share/related/newsletter",
       "<div class=\"entry-content\">" + article("KEEP") +
           "<div class=\"share-buttons\"><p>Share this article with friends SHAREMARK</p></div>"
           "<div class=\"related-posts\"><p>Other stories you may like today RELATEDMARK</p></div>"
           "<div id=\"newsletter-box\"><p>Subscribe to the daily letter NEWSMARK</p></div></div>",
       {"KEEPA", "KEEPC"}, {"SHAREMARK", "RELATEDMARK", "NEWSMARK"}},
      {"OVERALL_DISCARD hidden parts",
       "<div class=\"entry-content\">" + article("KEEP") +
           "<div style=\"display:none\"><p>A hidden paragraph of text HIDDENMARK</p></div></div>",
       {"KEEPB"}, {"HIDDENMARK"}},
      {"TEASER_DISCARD", "<div class=\"entry-content\">" + article("KEEP") +
                             "<div class=\"teaser\"><p>Read the next story here TEASERMARK</p></div></div>",
       {"KEEPA"}, {"TEASERMARK"}},
      {"MANUALLY_CLEANED aside/nav/figure",
       "<div class=\"entry-content\">" + article("KEEP") +
           "<aside><p>An aside about something else ASIDEMARK</p></aside>"
           "<nav><p>Home and other pages NAVMARK</p></nav>"
           "<figure><p>A photo caption FIGMARK</p></figure></div>",
       {"KEEPC"}, {"ASIDEMARK", "NAVMARK", "FIGMARK"}},
      // Discarding more than six sevenths of the container is undone.
      {"OVERALL_DISCARD backup", "<div class=\"entry-content\"><div class=\"sidebar\">" + article("BACKUP") +
                                     "</div><p>x</p></div>",
       {"BACKUPA", "BACKUPC"}, {}},
  };
  for (const Case& c : cases) check(c);
}

TEST(Trafilatura, LinkDensityPrunesLinkLists) {
  const Case cases[] = {
      {"list of short links",
       "<div class=\"entry-content\">" + article("KEEP") +
           "<ul><li><a href=\"/a\">Home</a></li><li><a href=\"/b\">World</a></li>"
           "<li><a href=\"/c\">Sport LINKLISTMARK</a></li></ul></div>",
       {"KEEPA", "KEEPC"}, {"LINKLISTMARK"}},
      {"paragraph that is a link",
       "<div class=\"entry-content\">" + article("KEEP") +
           "<p><a href=\"/more\">More news LINKPMARK</a></p></div>",
       {"KEEPB"}, {"LINKPMARK"}},
      {"div of links (backtracking)",
       "<div class=\"entry-content\">" + article("KEEP") +
           "<div><a href=\"/1\">One</a> <a href=\"/2\">Two</a> <a href=\"/3\">Three LINKDIVMARK</a></div></div>",
       {"KEEPA"}, {"LINKDIVMARK"}},
      // A list with prose and one link stays.
      {"list with text",
       "<div class=\"entry-content\">" + article("KEEP") +
           "<ul><li>The members of the committee discussed the budget of the new bridge for a long time and "
           "decided to publish the numbers <a href=\"/n\">here</a> PROSELISTMARK</li></ul></div>",
       {"KEEPA", "PROSELISTMARK"}, {}},
  };
  for (const Case& c : cases) check(c);
}

TEST(Trafilatura, CommentsAreAppended) {
  check({"COMMENTS_XPATH",
         "<div class=\"entry-content\">" + article("KEEP") + "</div>"
         "<div id=\"comments\"><p>What a nice article, thank you COMMENTMARK</p>"
         "<div class=\"reply-link\"><p>Reply REPLYMARK</p></div></div>",
         {"KEEPA", "COMMENTMARK"}, {"REPLYMARK"}});
}

TEST(Trafilatura, ShortFirstPassFallsBackToReadabilityOrJustext) {
  // The container holds too little text; the article lies in plain divs
  // that no container rule selects: the fallback (readability or jusText)
  // must find it.
  check({"fallback",
         "<div class=\"entry-content\"><p>Short intro SHORTMARK.</p></div>"
         "<div><div>" + article("FALLBACK") + para("FALLBACKD") + "</div></div>",
         {"FALLBACKA", "FALLBACKC", "FALLBACKD"}, {}});
  // Without any container and without paragraphs: the baseline (all text).
  check({"baseline", "<div>Just a little text BASEMARK</div>", {"BASEMARK"}, {}});
}

TEST(Trafilatura, TablesAndTails) {
  check({"table cells and the text after a list",
         "<div class=\"entry-content\">" + article("KEEP") +
             "<table><tr><td>First cell CELLMARK</td><td>Second cell</td></tr></table>"
             "<ul><li>An item ITEMMARK</li></ul>Text after the list TAILMARK</div>",
         {"KEEPA", "CELLMARK", "ITEMMARK", "TAILMARK"}, {}});
}

TEST(Trafilatura, AdjacentDuplicateParagraphsAreDropped) {
  // extract_content: a block repeating the previous one (over 50 characters)
  // is dropped; a short repeat stays.
  std::string out = run("<html><body><article>" + para("DUPMARK") + para("DUPMARK") +
                        "<p>Yes.</p><p>Yes.</p>" + para("OTHER") + "</article></body></html>");
  size_t first = out.find("DUPMARK");
  ASSERT_NE(first, std::string::npos) << out;
  EXPECT_EQ(out.find("DUPMARK", first + 1), std::string::npos) << out;
  size_t yes = out.find("Yes.");
  ASSERT_NE(yes, std::string::npos) << out;
  EXPECT_NE(out.find("Yes.", yes + 1), std::string::npos) << out;
}

// trafilatura's jusText fallback (external.py try_justext): the stop words of
// every language count, with lower thresholds; the default jusText needs the
// page's own language.
TEST(Trafilatura, JustextFallbackUsesAllStopLists) {
  // Mixed German and French prose: no single stop list reaches jusText's
  // default thresholds, the union of all of them does.
  const std::string prose =
      "<p>Der Zug kam mit einer Stunde Verspätung an, und die Reisenden waren müde, aber le soir "
      "nous sommes allés au marché avec les enfants et ils ont acheté des pommes pour la maison "
      "und wir haben sie am nächsten Tag gegessen MIXMARK.</p>";
  Document d = parse_html("<html><body>" + prose + "</body></html>", "utf-8");
  Context ctx(d);
  JustextParams p = trafilatura_justext_params();
  std::string out = render_text(d, justext_labels(ctx, p, nullptr));
  EXPECT_TRUE(has(out, "MIXMARK")) << out;
  // Removing the paragraph's element leaves nothing.
  std::vector<uint8_t> removed(d.size(), 0);
  for (uint32_t i = 0; i < d.size(); ++i)
    if (d.nodes[i].kind == NodeKind::Element && d.nodes[i].tag == Tag::P) removed[i] = 1;
  EXPECT_FALSE(has(render_text(d, justext_labels(ctx, p, &removed)), "MIXMARK"));
}

TEST(Trafilatura, BadInputGivesSaneResults) {
  std::string deep;
  for (int i = 0; i < 100000; ++i) deep += "<div>";
  deep += "deep text";
  std::string deep_lists;
  for (int i = 0; i < 20000; ++i) deep_lists += "<ul><li><a href=\"/x\">link</a> item";
  const std::string inputs[] = {"",
                                "just text, no tags",
                                "<frameset><frame src=a></frameset>",
                                deep,
                                deep_lists,
                                "<p>invalid \xff\xfe utf-8 \xc3</p>",
                                "<div class=\"entry-content\"></div>"};
  for (const std::string& html : inputs) {
    Document d = parse_html(html, "");
    Context ctx(d);
    Labels l = ctx.labels(*find_extractor("trafilatura"));
    ASSERT_EQ(l.size(), d.text_nodes.size());
    for (float v : l) EXPECT_TRUE(v == 0.0f || v == 1.0f);
  }
  Document d = parse_html(deep, "");
  Context ctx(d);
  EXPECT_NE(render_text(d, ctx.labels(*find_extractor("trafilatura"))).find("deep text"), std::string::npos);
}

}  // namespace
