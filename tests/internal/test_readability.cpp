// Readability (core/src/extractors/readability/): the rule matchers and
// text measures against the behaviour of Readability.js 0.6.0 (expected
// values were checked by running Readability.js's own regexes and methods in
// Node), and small pages exercising each step of the algorithm (each page's
// expectation was also checked against Readability.js with jsdom).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "extractors/readability/rules.hpp"
#include "test_util.hpp"
#include "wce/wce.hpp"

using namespace wce;
namespace rr = wce::readability_rules;

namespace {

std::string run(const std::string& html) { return test::extract_with("readability", html); }

bool has(const std::string& out, const std::string& s) { return out.find(s) != std::string::npos; }

std::string para(int i) {
  return "<p>Paragraph " + std::to_string(i) +
         " of the story, with commas, clauses, and enough words to be scored as real content by the "
         "algorithm, which rewards long text and punctuation, as an editor would.</p>";
}
// Five paragraphs: more than the 500 characters that end the retry loop.
std::string article() {
  std::string s;
  for (int i = 1; i <= 5; ++i) s += para(i);
  return s;
}
const std::string kNav =
    "<ul class=\"menu\"><li><a href=\"/a\">Home</a></li><li><a href=\"/b\">World</a></li>"
    "<li><a href=\"/c\">Sport</a></li></ul>";

std::string lower(std::string s) {
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return s;
}

}  // namespace

TEST(ReadabilityRules, ClassAndIdPatterns) {
  struct Case {
    const char* value;
    bool unlikely, maybe, positive, negative, byline, share;
  };
  // Columns as REGEXPS.{unlikelyCandidates, okMaybeItsACandidate, positive,
  // negative, byline, shareElements}.test(value) in Readability.js 0.6.0.
  const Case cases[] = {
      {"sidebar", true, false, false, true, false, false},
      {"main-sidebar", true, true, true, true, false, false},
      {"sidebar-content", true, true, true, true, false, false},
      {"commentary", true, false, false, true, false, false},
      {"x-ad-y", true, false, false, true, false, false},
      {"header", true, false, false, false, false, false},
      {"masthead", false, false, false, true, false, false},
      {"hid", false, false, false, true, false, false},
      {"foo hid", false, false, false, true, false, false},
      {"hid bar", false, false, false, true, false, false},
      {"a hid b", false, false, false, true, false, false},
      {"hidx", false, false, false, false, false, false},
      {"xhid", false, false, false, false, false, false},
      {"hidden-xs", false, false, false, true, false, false},
      {"social-share", true, false, false, true, false, true},
      {"shared", false, false, false, true, false, false},
      {"share_buttons", false, false, false, true, false, true},
      {"sharebar", false, false, false, true, false, false},
      {"sharedaddy", false, false, false, true, false, true},
      {"post-sharedaddy", false, false, true, true, false, true},
      {"ShareThis", false, false, false, true, false, false},
      {"articleBody", false, true, true, false, false, false},
      {"h-entry", false, false, true, false, false, false},
      {"page", false, false, true, false, false, false},
      {"p-author", false, false, false, false, true, false},
      {"writtenBy", false, false, false, false, true, false},
      {"promo-box", false, false, false, true, false, false},
      {"blog-post", false, false, true, false, false, false},
  };
  for (const Case& c : cases) {
    std::string v = lower(c.value);
    EXPECT_EQ(rr::unlikely_candidate(v), c.unlikely) << c.value;
    EXPECT_EQ(rr::maybe_candidate(v), c.maybe) << c.value;
    EXPECT_EQ(rr::positive(v), c.positive) << c.value;
    EXPECT_EQ(rr::negative(v), c.negative) << c.value;
    EXPECT_EQ(rr::byline(v), c.byline) << c.value;
    EXPECT_EQ(rr::share_element(v), c.share) << c.value;
  }
}

TEST(ReadabilityRules, AdAndLoadingWords) {
  struct Case { const char* text; bool match; };
  const Case cases[] = {
      {"Ad", true}, {"ADVERTISEMENT", true}, {"Advertising", true}, {"ads", false},
      {"Publicit\xC3\xA9", true}, {"PUBLICIT\xC3\x89", true}, {"Werbung", true},
      {"\xE5\xB9\xBF\xE5\x91\x8A", true},                                         // 广告
      {"\xD0\xA0\xD0\x95\xD0\x9A\xD0\x9B\xD0\x90\xD0\x9C\xD0\x90", true},       // РЕКЛАМА
      {"Anuncio", true}, {"Loading...", true}, {"Loading\xE2\x80\xA6", true}, {"loading..", false},
      {"Chargement", true}, {"\xD0\x97\xD0\xB0\xD0\xB3\xD1\x80\xD1\x83\xD0\xB7\xD0\xBA\xD0\xB0...", true},
      {"ad ad", false}, {"", false},
  };
  for (const Case& c : cases) EXPECT_EQ(rr::ad_or_loading_words(c.text), c.match) << c.text;
}

TEST(ReadabilityRules, TextSimilarity) {
  struct Case { const char* a; const char* b; double sim; };
  const Case cases[] = {
      {"Hello World", "hello world", 1.0},
      {"The Big Story - Site", "The Big Story", 1.0},
      {"The Big Story", "The Big Story - Site", 0.7777777777777778},
      {"abc", "xyz", 0.0},
      {"", "", 0.0},
      {"Caf\xC3\xA9 d\xC3\xA9j\xC3\xA0 vu", "Caf\xC3\xA9", 1.0},  // non-ASCII letters split tokens (\W)
      {"one two three four", "one two five", 0.6666666666666667},
  };
  for (const Case& c : cases) EXPECT_DOUBLE_EQ(rr::text_similarity(c.a, c.b), c.sim) << c.a << " / " << c.b;
}

TEST(ReadabilityRules, InnerTextMeasures) {
  // _getInnerText: trim, runs of 2+ white space become one space; a single
  // white-space character stays as it is. Lengths are UTF-16 code units.
  struct Case { const char* raw; const char* inner; uint32_t len, trimmed, commas; };
  const Case cases[] = {
      {"  a  b\n c ", "a b c", 5, 7, 0},
      {"a\nb", "a\nb", 3, 3, 0},
      {"\xC2\xA0x\xC2\xA0", "x", 1, 1, 0},            // nbsp is \s in JavaScript
      {"one, two\xEF\xBC\x8C three", "one, two\xEF\xBC\x8C three", 15, 15, 2},  // fullwidth comma counts
      {"\xF0\x9F\x98\x80!", "\xF0\x9F\x98\x80!", 3, 3, 0},    // astral: two units
      {"   ", "", 0, 0, 0},
      {"", "", 0, 0, 0},
  };
  for (const Case& c : cases) {
    rr::Txt t = rr::measure(c.raw);
    EXPECT_EQ(rr::inner_text(c.raw), c.inner) << c.raw;
    EXPECT_EQ(rr::inner_len(t), c.len) << c.raw;
    EXPECT_EQ(rr::trimmed_len(t), c.trimmed) << c.raw;
    EXPECT_EQ(t.commas, c.commas) << c.raw;
  }
  // Measures of pieces concatenate like the text itself, at every split.
  const std::string text = "  Lorem, ipsum \n\n dolor\tsit  amet,\xC2\xA0 consectetur  ";
  const rr::Txt whole = rr::measure(text);
  auto boundary = [&](size_t k) { return k == text.size() || (static_cast<unsigned char>(text[k]) & 0xC0) != 0x80; };
  for (size_t a = 0; a <= text.size(); ++a)
    for (size_t b = a; b <= text.size(); ++b) {
      if (!boundary(a) || !boundary(b)) continue;  // not inside a UTF-8 sequence
      rr::Txt t = rr::concat(rr::concat(rr::measure(text.substr(0, a)), rr::measure(text.substr(a, b - a))),
                             rr::measure(text.substr(b)));
      ASSERT_EQ(rr::inner_len(t), rr::inner_len(whole)) << a << "," << b;
      ASSERT_EQ(rr::trimmed_len(t), rr::trimmed_len(whole)) << a << "," << b;
      ASSERT_EQ(t.len, whole.len);
      ASSERT_EQ(t.ascii_commas, 2u);
    }
}

TEST(ReadabilityRules, ArticleTitle) {
  struct Case {
    const char* title;
    std::vector<std::string> headings;  // h1 and h2 texts
    size_t h1s;
    const char* expected;
  };
  // Expected values: Readability.prototype._getArticleTitle on jsdom documents.
  const Case cases[] = {
      {"Breaking: Something Big Happened Today In Town", {}, 0, "Something Big Happened Today In Town"},
      {"Site Name | The Real Article Title Here", {}, 0, "The Real Article Title Here"},
      {"The Real Article Title Here | Site Name", {}, 0, "The Real Article Title Here"},
      {"A - B", {}, 0, "A - B"},
      {"Short", {"The Only Heading Of The Page"}, 1, "The Only Heading Of The Page"},
      {"Short", {"One", "Two"}, 2, "Short"},
      {"Report: Markets fall", {"Report: Markets fall"}, 0, "Report: Markets fall"},
      {"Report: Markets fall", {}, 0, "Report: Markets fall"},
      {"One two three four five six: rest of it here", {}, 0, "One two three four five six: rest of it here"},
      {"News \xC2\xBB World \xC2\xBB Big event in the capital", {}, 0,
       "News \xC2\xBB World \xC2\xBB Big event in the capital"},
      {"Home / News", {}, 0, "News"},
  };
  for (const Case& c : cases) {
    auto heading_is = [&](std::string_view t) {
      for (const auto& h : c.headings)
        if (h == t) return true;
      return false;
    };
    auto only_h1 = [&] { return c.headings.empty() ? std::string() : c.headings[0]; };
    EXPECT_EQ(rr::article_title(c.title, heading_is, c.h1s, only_h1), c.expected) << c.title;
  }
}

TEST(Readability, PicksTheArticleNotNavOrFooter) {
  std::string out = run("<html><body>" + kNav + "<div id=\"content\">" + article() +
                        "</div><div class=\"footer\">Copyright notice and legal text of the site</div></body></html>");
  EXPECT_TRUE(has(out, "Paragraph 1 of the story")) << out;
  EXPECT_TRUE(has(out, "Paragraph 5 of the story")) << out;
  EXPECT_FALSE(has(out, "Home")) << out;
  EXPECT_FALSE(has(out, "Copyright")) << out;
}

TEST(Readability, WalkRemovals) {
  // Each page: the article plus one element that the first pass of the walk
  // removes (`gone`) and, where the rule has an exception, one it keeps.
  struct Case { const char* rule; std::string extra; const char* gone; const char* kept; };
  const Case cases[] = {
      {"unlikely candidate / okMaybeItsACandidate",
       "<div class=\"sidebar\"><p>Sidebar text that is long enough to be a paragraph of its own, really.</p></div>"
       "<div class=\"sidebar-content\"><p>Maybe-candidate text kept because of the word content in its class.</p></div>",
       "Sidebar text", "Maybe-candidate text"},
      {"unlikely role",
       "<div role=\"navigation\"><p>Navigation role text that is long enough to count as a paragraph.</p></div>"
       "<div role=\"note\"><p>Note role text that stays in the article because its role is harmless.</p></div>",
       "Navigation role text", "Note role text"},
      {"hidden by style", "<p style=\"display: none\">Invisible by style.</p>", "Invisible", nullptr},
      {"hidden attribute", "<p hidden>Invisible by attribute.</p>", "Invisible", nullptr},
      {"aria-hidden, except fallback-image",
       "<p aria-hidden=\"true\">Invisible by aria.</p><p>Formula <span class=\"mwe-math-fallback-image-inline\" "
       "aria-hidden=\"true\">x squared</span> shown.</p>",
       "Invisible", "Formula x squared shown."},
      {"unlikely candidate inside a table survives",
       "<table><tr><td><div class=\"related\">Related but inside a table cell, which protects it.</div>"
       "<p>Cell paragraph, with commas, long enough to be scored as a paragraph in the cell.</p></td></tr></table>",
       nullptr, "Related but inside a table cell"},
  };
  for (const Case& c : cases) {
    std::string out = run("<body><div id=\"main\">" + article() + c.extra + "</div></body>");
    EXPECT_TRUE(has(out, "Paragraph 5 of the story")) << c.rule << "\n" << out;
    if (c.gone) EXPECT_FALSE(has(out, c.gone)) << c.rule << "\n" << out;
    if (c.kept) EXPECT_TRUE(has(out, c.kept)) << c.rule << "\n" << out;
  }
}

TEST(Readability, OnlyTheFirstBylineGoes) {
  std::string out = run("<body><div id=\"main\"><p class=\"byline\">By Jane Doe</p>" + article() +
                        "<p class=\"byline\">By John Roe</p></div></body>");
  EXPECT_FALSE(has(out, "Jane Doe")) << out;
  EXPECT_TRUE(has(out, "By John Roe")) << out;
}

TEST(Readability, OnlyTheFirstHeadingThatRepeatsTheTitleGoes) {
  std::string out = run("<head><title>The Amazing Story Of Things</title></head><body><div id=\"main\">"
                        "<h1>The Amazing Story Of Things</h1>" + article() + "<h2>The Amazing Story Of Things</h2>" +
                        article() + "</div></body>");
  size_t at = out.find("The Amazing Story Of Things");
  ASSERT_NE(at, std::string::npos) << out;
  EXPECT_EQ(at, out.rfind("The Amazing Story Of Things")) << out;  // once: the h2
  EXPECT_GT(at, out.find("Paragraph 5 of the story")) << out;
}

TEST(Readability, BrChainsAndBareDivsBecomeParagraphs) {
  std::string parts;
  for (const char* n : {"First", "Second", "Third", "Fourth", "Fifth"})
    parts += std::string(parts.empty() ? "" : "<br><br>") + n +
             " part of the text, with commas, clauses, and enough words to be scored as content.";
  std::string out = run("<body>" + kNav + "<div id=\"story\">" + parts + "</div></body>");
  EXPECT_TRUE(has(out, "First part")) << out;
  EXPECT_TRUE(has(out, "Fifth part")) << out;
  EXPECT_FALSE(has(out, "Home")) << out;

  std::string blocks;
  for (int i = 1; i <= 5; ++i)
    blocks += "<div>Block " + std::to_string(i) +
              " of the text, with commas, clauses, and enough words to be scored as content by the algorithm, "
              "which is what we want here.</div>";
  out = run("<body>" + kNav + "<div id=\"story\">" + blocks + "</div></body>");
  EXPECT_TRUE(has(out, "Block 1 of the text")) << out;
  EXPECT_TRUE(has(out, "Block 5 of the text")) << out;
  EXPECT_FALSE(has(out, "Home")) << out;
}

TEST(Readability, SiblingParagraphRules) {
  std::string out = run(
      "<body><div id=\"wrap\"><div id=\"main\">" + article() +
      "</div><p>A long sibling paragraph without a final full stop, more than eighty characters long and with no "
      "links</p><p>Another long sibling paragraph, with <a href=\"/l\">one link</a> in it, that is well over "
      "eighty characters long</p><p>Short note.</p><p>Related links here</p><p><a href=\"/x\">Linked short "
      "note.</a></p><div class=\"other\">Other block</div></div></body>");
  EXPECT_TRUE(has(out, "and with no links")) << out;     // > 80 characters, link density < 0.25
  EXPECT_TRUE(has(out, "well over eighty")) << out;      // the same with one short link
  EXPECT_TRUE(has(out, "Short note.")) << out;           // < 80 characters, no links, ends a sentence
  EXPECT_FALSE(has(out, "Related links here")) << out;   // no sentence end
  EXPECT_FALSE(has(out, "Linked short note")) << out;    // has a link
  EXPECT_FALSE(has(out, "Other block")) << out;          // not a paragraph, no score
}

TEST(Readability, ContentSplitOverSiblingContainersIsKept) {
  std::string parts;
  for (int i = 1; i <= 4; ++i) parts += "<div class=\"part\">" + para(i) + para(i + 10) + "</div>";
  std::string out = run("<body><div id=\"page\">" + parts + "</div><div id=\"other\">" + kNav + "</div></body>");
  for (int i : {1, 2, 3, 4, 11, 12, 13, 14})
    EXPECT_TRUE(has(out, "Paragraph " + std::to_string(i) + " of")) << i << "\n" << out;
  EXPECT_FALSE(has(out, "Home")) << out;
}

TEST(Readability, PrepArticleCleaning) {
  std::string out = run(
      "<body><div id=\"main\">" + article() +
      "<div class=\"x\"><a href=\"/1\">One link</a> <a href=\"/2\">Two links</a> and text</div>"
      "<form><p>Sign up <input> <input></p></form>"
      "<table><tr><th>Name</th><th>Value</th></tr><tr><td><a href=\"/n\">Alpha</a></td><td><a href=\"/v\">One</a>"
      "</td></tr></table>"
      "<aside>Aside text</aside><footer>Footer text</footer>"
      "<p>Press <button>Click me</button> <select><option>Option text</option></select> done.</p>"
      "<p class=\"share\">Share on Twitter</p><p class=\"sharedthoughts\">Shared thoughts stay.</p>"
      "<h2 class=\"promo\">Promo heading</h2><h2>Plain heading</h2>" + article() + "</div></body>");
  EXPECT_FALSE(has(out, "One link")) << out;         // _cleanConditionally: low weight, linky div
  EXPECT_FALSE(has(out, "Sign up")) << out;          // _cleanConditionally: too many inputs per p
  EXPECT_TRUE(has(out, "Alpha")) << out;             // data table (it has th) stays
  EXPECT_FALSE(has(out, "Aside text")) << out;       // _clean
  EXPECT_FALSE(has(out, "Footer text")) << out;
  EXPECT_FALSE(has(out, "Click me")) << out;
  EXPECT_FALSE(has(out, "Option text")) << out;
  EXPECT_TRUE(has(out, "Press")) << out;
  EXPECT_FALSE(has(out, "Share on Twitter")) << out;  // share element
  EXPECT_TRUE(has(out, "Shared thoughts stay.")) << out;
  EXPECT_FALSE(has(out, "Promo heading")) << out;     // _cleanHeaders: negative class weight
  EXPECT_TRUE(has(out, "Plain heading")) << out;
}

TEST(Readability, ListsOfLinksInsideTheArticle) {
  // A list is judged as a list (isList): a list of links stays unless its
  // class weight is negative; a div that is mostly a list too.
  std::string out = run("<body><div id=\"main\">" + article() +
                        "<ul><li><a href=\"/1\">First linked item</a></li><li><a href=\"/2\">Second linked "
                        "item</a></li></ul><ul class=\"widget\"><li><a href=\"/3\">Widget item</a></li></ul></div>"
                        "</body>");
  EXPECT_TRUE(has(out, "First linked item")) << out;
  EXPECT_FALSE(has(out, "Widget item")) << out;
}

TEST(Readability, RetriesWithRelaxedFlagsAndKeepsTheLongest) {
  // Under 500 characters: the first pass strips the "comment" container;
  // the later passes keep it, and the longest attempt wins.
  std::string out = run(
      "<body><div class=\"comment-body\"><p>This text lives in a container whose class looks like a comment, so "
      "the first pass strips it, and the later passes bring it back.</p></div></body>");
  EXPECT_EQ(out,
            "This text lives in a container whose class looks like a comment, so the first pass strips it, and the "
            "later passes bring it back.");
  // A first result under 500 characters is retried: the second pass keeps
  // the "comment" box too and reaches 500.
  std::string first, second;
  for (int i = 0; i < 3; ++i) {
    first += "First paragraph of a short story, with commas, clauses, and words enough to be scored as content. ";
    second += "Second paragraph, sitting in a box whose class looks like a comment, with commas. ";
  }
  out = run("<body><div id=\"main\"><p>" + first + "</p><div class=\"comment-box\"><p>" + second +
            "</p></div></div></body>");
  EXPECT_TRUE(has(out, "First paragraph")) << out;
  EXPECT_TRUE(has(out, "Second paragraph")) << out;
  EXPECT_EQ(run("<body><p>Just a line.</p></body>"), "Just a line.");
  EXPECT_EQ(run("<body>Bare text in the body.</body>"), "Bare text in the body.");
}

TEST(Readability, BadInputGivesAResult) {
  std::string deep_divs, deep_headings;
  for (int i = 0; i < 100000; ++i) deep_divs += "<div class=\"c\">";
  deep_divs += "deep text, with a comma, long enough to be a paragraph of the page";
  for (int i = 0; i < 20000; ++i) deep_headings += "<h2><div><span>";
  deep_headings += "heading soup";
  std::string many_brs = "<body><div>";
  for (int i = 0; i < 50000; ++i) many_brs += "word<br><br>";
  const std::string cases[] = {
      "",
      "just text",
      "<frameset><frame src=\"a.html\"><frame src=\"b.html\"></frameset>",
      "<html><head><title>T</title></head></html>",
      deep_divs,
      "<title>heading soup</title>" + deep_headings,
      many_brs,
      std::string("<p>bad \xFF\xFE utf-8 \xC3 bytes, and more text to make it a paragraph</p>"),
      "<table><tr><td>cell one, with text</td><td>cell two, with text, and more text</td></tr></table>",
      "<svg><a><text class=\"share\">svg text</text></a></svg><p>after the svg, a paragraph of text</p>",
  };
  for (const std::string& html : cases) {
    Document d = parse_html(html, "utf-8");
    Context ctx(d);
    Labels l = find_extractor("readability")->run(ctx);
    EXPECT_EQ(l.size(), d.text_nodes.size()) << html.substr(0, 60);
    for (float x : l) EXPECT_TRUE(x == 0.0f || x == 1.0f);
  }
  EXPECT_TRUE(has(run(deep_divs), "deep text"));
  EXPECT_EQ(run(""), "");
}
