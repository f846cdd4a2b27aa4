// jusText (core/src/extractors/justext.cpp) on hand-written pages, one rule
// per case: paragraphs of known context-free class are combined and the
// markers of the kept paragraphs are checked.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "test_util.hpp"
#include "wce/wce.hpp"

using namespace wce;

namespace {

std::string run(const std::string& html) { return test::extract_with("justext", html); }

// With a stated language (Context::set_language_hint, a record's lang).
std::string run_stated(const std::string& html, const std::string& lang) {
  Document doc = parse_html(html, "utf-8");
  Context ctx(doc);
  ctx.set_language_hint(lang);
  const Extractor* ex = find_extractor("justext");
  return render_text(doc, ex->run(ctx), ex->info().render);
}

// Paragraph texts of known context-free class (English stop words of
// jusText's list; markers are not stop words).
// good: > 200 characters, stop-word density >= 0.32.
std::string good(const std::string& m) {
  return "The history of the old town is long, and it was one of the first places where all of the people "
         "of the region came to trade what they had with each other; it was there that they would meet "
         "to talk about the news of the day " + m + ".";
}
// near-good: 70 to 200 characters, stop-word density >= 0.32.
std::string neargood(const std::string& m) {
  return "It was the first time that he had been there, and he was not sure what to do about it " + m + ".";
}
// bad: 70 or more characters, almost no stop words.
std::string bad(const std::string& m) {
  return "Xyzzy Plugh Quux Frobnicate Grault Garply Waldo Thud Corge Wibble Wobble Wubble Flob " + m;
}
// short: under 70 characters, no link.
std::string shortp(const std::string& m) { return "Quux Plugh " + m; }

std::string p(const std::string& s) { return "<p>" + s + "</p>"; }

using test::has;

using Case = test::BodyCase;

void check(const Case& c) { test::expect_body_markers("justext", "Title Marker", c); }

}  // namespace

TEST(JusText, ContextFreeClasses) {
  const Case cases[] = {
      {"good alone", p(good("Alpha")), {"Alpha"}, {}},
      {"bad stays bad between good", p(good("Xray")) + p(bad("Alpha")) + p(good("Yankee")),
       {"Xray", "Yankee"}, {"Alpha"}},
      {"link density above 0.2", p(good("Xray")) + p("<a href=/a>" + good("Alpha") + "</a>") + p(good("Yankee")),
       {"Xray", "Yankee"}, {"Alpha"}},
      {"copyright sign", p(good("Xray")) + p(good("Alpha") + " &copy; 2011") + p(good("Yankee")),
       {"Xray", "Yankee"}, {"Alpha"}},
      {"literal &copy", p(good("Xray")) + p(good("Alpha") + " &amp;copy 2011") + p(good("Yankee")),
       {"Xray", "Yankee"}, {"Alpha"}},
      {"short with a link is bad", p(good("Xray")) + p("Quux <a href=/q>Alpha</a>") + p(good("Yankee")),
       {"Xray", "Yankee"}, {"Alpha"}},
      {"title (head) never", p(good("Xray")), {"Xray"}, {"Title Marker"}},
  };
  for (const Case& c : cases) check(c);
}

TEST(JusText, ShortParagraphsTakeTheirNeighboursClass) {
  const Case cases[] = {
      {"between good", p(good("Xray")) + p(shortp("Alpha")) + p(good("Yankee")), {"Alpha"}, {}},
      {"between bad", p(good("Zulu")) + p(bad("Xray")) + p(shortp("Alpha")) + p(bad("Yankee")),
       {"Zulu"}, {"Alpha"}},
      {"runs of short ones", p(good("Xray")) + p(shortp("Alpha")) + p(shortp("Bravo")) + p(good("Yankee")),
       {"Alpha", "Bravo"}, {}},
      // bad on one side, good on the other: good only when a near-good
      // paragraph precedes the bad one on that side.
      {"near-good behind the bad side",
       p(bad("Whiskey")) + p(neargood("Xray")) + p(shortp("Alpha")) + p(good("Yankee")),
       {"Xray", "Alpha", "Yankee"}, {"Whiskey"}},
      {"no near-good behind the bad side",
       p(neargood("Xray")) + p(bad("Whiskey")) + p(shortp("Alpha")) + p(good("Yankee")),
       {"Yankee"}, {"Alpha", "Xray", "Whiskey"}},
      {"page edges count as bad", p(shortp("Alpha")) + p(good("Yankee")), {"Yankee"}, {"Alpha"}},
  };
  for (const Case& c : cases) check(c);
}

TEST(JusText, NearGoodParagraphs) {
  const Case cases[] = {
      {"between bad", p(good("Zulu")) + p(bad("Whiskey")) + p(neargood("Alpha")) + p(bad("Victor")),
       {"Zulu"}, {"Alpha"}},
      {"next to good", p(good("Xray")) + p(neargood("Alpha")) + p(bad("Whiskey")), {"Xray", "Alpha"}, {}},
      // The next good/bad neighbour is looked for past near-good ones.
      {"near-good neighbours are skipped",
       p(bad("Whiskey")) + p(neargood("Alpha")) + p(neargood("Bravo")) + p(good("Xray")),
       {"Alpha", "Bravo", "Xray"}, {"Whiskey"}},
      {"previous ones are already revised",
       p(good("Xray")) + p(neargood("Alpha")) + p(neargood("Bravo")) + p(bad("Whiskey")),
       {"Alpha", "Bravo"}, {"Whiskey"}},
  };
  for (const Case& c : cases) check(c);
}

TEST(JusText, Headings) {
  std::string far = bad("Victor") + " " + bad("Victor") + " " + bad("Victor");  // > 200 characters
  const Case cases[] = {
      {"heading before good", p(bad("Whiskey")) + "<h2>Heading Alpha</h2>" + p(good("Xray")),
       {"Alpha", "Xray"}, {"Whiskey"}},
      {"not a heading", p(bad("Whiskey")) + p("Heading Alpha") + p(good("Xray")), {"Xray"}, {"Alpha"}},
      {"heading too far", p(bad("Whiskey")) + "<h2>Heading Alpha</h2>" + p(far) + p(good("Xray")),
       {"Xray"}, {"Alpha"}},
      {"heading within 200 characters",
       p(bad("Whiskey")) + "<h2>Heading Alpha</h2>" + p(bad("Victor")) + p(good("Xray")),
       {"Alpha", "Xray"}, {"Victor"}},
      {"bad headings stay bad", p(bad("Whiskey")) + "<h2><a href=/h>Heading Alpha</a></h2>" + p(good("Xray")),
       {"Xray"}, {"Alpha"}},
  };
  for (const Case& c : cases) check(c);
}

TEST(JusText, Segmentation) {
  const Case cases[] = {
      // <br><br> ends a paragraph, a single <br> is a space.
      {"double br splits", "<div>" + good("Xray") + "<br><br><a href=/l>Quux Plugh Alpha</a></div>",
       {"Xray"}, {"Alpha"}},
      {"single br joins", "<div>" + good("Xray") + "<br><a href=/l>Quux Alpha</a></div>", {"Xray", "Alpha"}, {}},
      {"br with spaces between", "<div>" + good("Xray") + "<br> \n <br><a href=/l>Quux Alpha</a></div>",
       {"Xray"}, {"Alpha"}},
      // Inline elements do not split; block tags of PARAGRAPH_TAGS do.
      {"inline joins", "<p>" + good("Xray") + " <span><a href=/l>Quux Alpha</a></span></p>", {"Xray", "Alpha"}, {}},
      {"div splits", "<div>" + good("Xray") + "<div><a href=/l>Quux Alpha</a></div></div>", {"Xray"}, {"Alpha"}},
      // Not in PARAGRAPH_TAGS (HTML5 sectioning, <ol>): no split.
      {"section does not split", "<section>" + good("Xray") + "</section><section>" + shortp("Alpha") +
                                     "</section>" + p(bad("Whiskey")),
       {"Xray", "Alpha"}, {"Whiskey"}},
  };
  for (const Case& c : cases) check(c);
}

TEST(JusText, Preprocessor) {
  const Case cases[] = {
      {"select and textarea deleted",
       p(good("Xray")) + "<p>" + good("Yankee") + "<select><option>Alpha</option></select>" +
           "<textarea>Bravo</textarea><button>Charlie</button></p>",
       {"Xray", "Yankee"}, {"Alpha", "Bravo", "Charlie"}},
      {"form unwrapped", "<form>" + p(good("Alpha")) + "</form>", {"Alpha"}, {}},
      {"form is no boundary", "<div>" + good("Xray") + "<form><a href=/f>Quux Alpha</a></form></div>",
       {"Xray", "Alpha"}, {}},
  };
  for (const Case& c : cases) check(c);
}

TEST(JusText, Languages) {
  // Russian: the page's stop-word language is detected.
  std::string ru =
      "История этого города очень длинная, и он был одним из первых мест, где люди из всего региона "
      "могли бы торговать тем, что у них было, и именно там они встречались, чтобы поговорить о "
      "новостях этого дня и о том, что было у них дома.";
  std::string out = run("<body><p>" + ru + "</p><p><a href=/1>Главная</a> <a href=/2>Новости</a></p></body>");
  EXPECT_TRUE(has(out, "История")) << out;
  EXPECT_FALSE(has(out, "Главная")) << out;
  // No language (Chinese): the language-independent mode, stop-word
  // thresholds 0: longer than 200 characters is good, 70-200 near-good.
  std::string zh;
  for (int i = 0; i < 8; ++i) zh += "这个城市的历史很长，它是该地区的人们最早来交易的地方之一。";  // 28 characters
  std::string zh_near = zh.substr(0, zh.size() / 2);  // 112 characters
  out = run("<body><p>甲" + zh + "</p></body>");
  EXPECT_TRUE(has(out, "甲")) << out;
  out = run("<body><p>乙" + zh_near + "</p></body>");  // near-good, the page edges count as bad
  EXPECT_FALSE(has(out, "乙")) << out;
}

TEST(JusText, StatedLanguageChoosesTheStopList) {
  // An English good paragraph (> 200 characters): good with the English list
  // (stated or detected), bad with the Greek or Russian list (no stop words),
  // good again in the language-independent mode of a language jusText has
  // no list for (zh), where the stop-word thresholds are 0.
  const std::string page = "<body>" + p(good("Alpha")) + "</body>";
  struct Case { const char* lang; bool kept; };
  const Case cases[] = {{"", true}, {"en", true}, {"EN-us", true}, {"el", false}, {"ru", false},
                        {"zh", true}, {"zh-TW", true}, {"xx", true}};
  for (const Case& c : cases) EXPECT_EQ(has(run_stated(page, c.lang), "Alpha"), c.kept) << c.lang;
}

TEST(JusText, UsesJustextsOwnLists) {
  // Polish words of jusText's list (taken from Wikipedia) that are not in
  // stopwords-iso's pl list: stop-word density 0 with stopwords-iso, 0.75
  // with jusText's list (as the original counts: split at whitespace,
  // punctuation kept), so the paragraph (281 characters) is good only with
  // jusText's list.
  std::string pl =
      "Miejscowość została położona latach dwudziestych; wieś znajduje miejsce powiecie, województwie, "
      "regionie Polski. Później należała administracyjnie gminy, następnie miasta, okresie wojny została "
      "zniszczona. Powierzchnia gminy wynosiła dwóch tysięcy hektarów, głównie pola, lasy Beta";
  std::string out = run_stated("<body>" + p(pl) + "</body>", "pl");
  EXPECT_TRUE(has(out, "Beta")) << out;
}

TEST(JusText, BadInput) {
  std::string deep;
  for (int i = 0; i < 100000; ++i) deep += "<div>";
  deep += good("Deep");
  for (const std::string& html :
       {std::string(), std::string("just text, no tags"), std::string("<frameset><frame src=a></frameset>"), deep,
        std::string("<p>\xFF\xFE broken \xC3 utf-8 \xE2\x82</p>"), std::string("<br><br><br><br>")}) {
    std::string out = run(html);
    (void)out;
  }
  EXPECT_TRUE(has(run(deep), "Deep"));
}
