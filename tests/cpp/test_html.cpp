// The Gumbo builder, charset handling and rendering.
#include <gtest/gtest.h>

#include <string>

#include "wce/wce.hpp"

using namespace wce;

TEST(ParseHtml, BuildsArenaInDocumentOrder) {
  Document d = parse_html("<html><head><title>T</title></head><body><p id=x class='a b'>Hello <b>big</b> world</p></body></html>");
  ASSERT_EQ(d.text_nodes.size(), 4u);
  EXPECT_EQ(d.text(d.text_nodes[0]), "T");
  EXPECT_EQ(d.text(d.text_nodes[1]), "Hello ");
  EXPECT_EQ(d.text(d.text_nodes[2]), "big");
  uint32_t p = d.nodes[d.text_nodes[1]].parent;
  EXPECT_EQ(d.nodes[p].tag, Tag::P);
  EXPECT_EQ(d.str(d.nodes[p].id), "x");
  EXPECT_EQ(d.str(d.nodes[p].cls), "a b");
  for (uint32_t i = 1; i < d.size(); ++i) {
    EXPECT_LT(d.nodes[i].parent, i);
    EXPECT_EQ(d.nodes[i].depth, d.nodes[d.nodes[i].parent].depth + 1);
  }
}

TEST(ParseHtml, DropsScriptStyleNoscriptTemplateContent) {
  Document d = parse_html("<body><script>var x=1;</script><style>p{}</style><noscript><p>ns</p></noscript>"
                          "<template><p>tp</p></template><p>kept</p></body>");
  EXPECT_EQ(render_all_text(d), "kept");
}

// The no-script fallback (input/gumbo_builder.cpp): a page whose text is
// mostly inside <noscript> markup (a forum serving its posts to browsers
// without scripts) is read from it; any other page drops <noscript> content.
TEST(ParseHtml, NoscriptFallbackOnlyWhenItHoldsThePage) {
  const std::string post(260, 'w');  // one long word: 260 bytes of text
  const std::string posts = "<div class=post><p>" + post + "</p></div><div class=post><p>second post</p></div>";
  const struct { const char* what; std::string html; std::string text; } cases[] = {
      {"a script-rendered thread: the fallback's markup is the page",
       "<body><div id=app></div><noscript>Enable JavaScript<div id=topic>" + posts + "</div></noscript></body>",
       post + "\nsecond post"},
      {"an article with a bare noscript message: dropped",
       "<body><p>" + post + "</p><noscript><p>Please enable JavaScript to view the comments.</p></noscript></body>", post},
      {"the fallback smaller than the rest: dropped",
       "<body><p>" + post + " " + post + "</p><noscript>" + posts + "</noscript></body>", post + " " + post},
      {"too little text to be a page (under 200 bytes): dropped",
       "<body><noscript><p>You need to enable JavaScript to run this app.</p></noscript></body>", ""},
      {"a tag manager's self-closed iframe reads the rest as raw text, which does not count",
       "<body><noscript><iframe src=gtm.html /></noscript><p>" + post + "</p></body>", ""},
  };
  for (const auto& c : cases) EXPECT_EQ(render_all_text(parse_html(c.html)), c.text) << c.what;
}

// Annotations a reader does not read inline: each case fails if its rule
// (core/src/document/tags.cpp non_content) is removed.
TEST(ParseHtml, DropsRubyReadingsAndMathAnnotations) {
  const struct { const char* what; const char* html; const char* text; } cases[] = {
      {"ruby reading", "<p><ruby>子<rt>こ</rt></ruby>どもへの</p>", "子どもへの"},
      {"ruby with fallback parentheses", "<p><ruby>漢<rp>(</rp><rt>kan</rt><rp>)</rp>字</ruby>です</p>", "漢字です"},
      {"ruby text container", "<p><ruby>東京<rtc><rt>とう</rt><rt>きょう</rt></rtc></ruby>に</p>", "東京に"},
      {"NHK News Web Easy markup", "<p><span class=under><ruby>法律<rt>ほうりつ</rt></ruby></span>では</p>", "法律では"},
      {"MathML TeX annotation", "<p>a set of <math><semantics><mi>N</mi>"
                                "<annotation encoding='application/x-tex'>{\\displaystyle N}</annotation>"
                                "</semantics></math> objects</p>", "a set of N objects"},
      {"MathML annotation-xml", "<p>x <math><semantics><mi>y</mi><annotation-xml encoding='MathML-Content'>"
                                "<ci>y</ci></annotation-xml></semantics></math> z</p>", "x y z"},
      {"annotation-xml as an HTML integration point", "<p><math><semantics><mi>q</mi>"
       "<annotation-xml encoding='text/html'><p>html inside</p></annotation-xml></semantics></math></p>", "q"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.what);
    Document d = parse_html(c.html);
    EXPECT_EQ(render_all_text(d), c.text);
  }
}

TEST(ParseHtml, HiddenAndHrefFlags) {
  Document d = parse_html("<div hidden>a</div><div aria-hidden=TRUE>b</div><div style='DISPLAY : none'>c</div>"
                          "<div style='color:red'>d</div><a href='/x'>e</a><a name=y>f</a>");
  std::vector<uint8_t> flags;
  for (uint32_t t : d.text_nodes) flags.push_back(d.nodes[d.nodes[t].parent].flags);
  ASSERT_EQ(flags.size(), 6u);
  EXPECT_EQ(flags[0], kHidden);
  EXPECT_EQ(flags[1], kHidden);
  EXPECT_EQ(flags[2], kHidden);
  EXPECT_EQ(flags[3], 0);
  EXPECT_EQ(flags[4], kHasHref);
  EXPECT_EQ(flags[5], 0);
}

TEST(ParseHtml, DeepNestingDoesNotRecurse) {
  std::string html;
  // Nothing recurses (the Gumbo tree is walked and freed iteratively), and
  // Gumbo's scope walk is bounded (gumbo_patches/01-bounded-scope-walk.patch), so this takes ~0.2 s.
  const int depth = 100000;
  for (int i = 0; i < depth; ++i) html += "<div>";
  html += "deep";
  Document d = parse_html(html);
  EXPECT_EQ(render_all_text(d), "deep");
  EXPECT_GT(d.nodes[d.text_nodes[0]].depth, 1000u);
}

TEST(ParseHtml, EmptyAndBinaryInput) {
  EXPECT_EQ(render_all_text(parse_html("")), "");
  std::string bin;
  for (int i = 0; i < 4096; ++i) bin += static_cast<char>((i * 7919) & 0xFF);
  Document d = parse_html(bin);  // must not crash; text is whatever survives decoding
  EXPECT_GE(d.size(), 1u);
}

struct CharsetCase { const char* name; std::string bytes; const char* charset; const char* text; };

// Numeric character references past U+10FFFF are U+FFFD (HTML standard), however
// many digits: Gumbo's accumulator overflowed (undefined behaviour, found by the
// fuzzer) and a wrapped value came out as another character (&#4294967393; as
// "a"); gumbo_patches/07-char-ref-saturate.patch.
TEST(ParseHtml, NumericCharacterReferencesPastUnicodeAreReplacementCharacters) {
  const std::string fffd = "\xEF\xBF\xBD";
  struct Case { const char* html; std::string text; };
  const Case cases[] = {
      {"<p>&#97;&#x62;</p>", "ab"},
      {"<p>&#1114111;</p>", "\xF4\x8F\xBF\xBF"},  // U+10FFFF, the last code point
      {"<p>&#1114112;</p>", fffd},
      {"<p>&#4294967393;</p>", fffd},         // 2^32 + 97
      {"<p>&#x100000061;</p>", fffd},         // the same in hex
      {"<p>&#2147483649;x</p>", fffd + "x"},  // 2^31 + 1: negative after wrapping
      {"<p>&#03444444444444444444444444444444444444449</p>", fffd},  // the fuzzer's, no ';'
  };
  for (const Case& c : cases) EXPECT_EQ(render_all_text(parse_html(c.html)), c.text) << c.html;
}

TEST(Charset, SniffsAndDecodes) {
  const CharsetCase cases[] = {
      {"utf8 bom", "\xEF\xBB\xBF<p>caf\xC3\xA9</p>", "utf-8", "caf\xC3\xA9"},
      {"meta charset", "<meta charset=\"windows-1252\"><p>caf\xE9 \x80</p>", "windows-1252", "caf\xC3\xA9 \xE2\x82\xAC"},
      {"http-equiv latin1", "<meta http-equiv=Content-Type content='text/html; charset=ISO-8859-1'><p>\x93q\x94</p>",
       "windows-1252", "\xE2\x80\x9Cq\xE2\x80\x9D"},
      {"valid utf8, no meta", "<p>\xE2\x80\x94</p>", "utf-8", "\xE2\x80\x94"},
      {"invalid utf8, no meta", "<p>na\xEFve</p>", "windows-1252", "na\xC3\xAFve"},
      {"utf16le bom", std::string("\xFF\xFE<\0p\0>\0h\0i\0", 12), "utf-16le", "hi"},
      {"cp1251", "<meta charset=windows-1251><p>\xCF\xF0\xE8</p>", "windows-1251", "\xD0\x9F\xD1\x80\xD0\xB8"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    EXPECT_EQ(sniff_charset(c.bytes), c.charset);
    EXPECT_EQ(render_all_text(parse_html(c.bytes)), c.text);
  }
}

TEST(Charset, DecodedTextIgnoresStaleMeta) {
  // Dataset records are already Unicode: a <meta> saying latin-1 must not re-decode them.
  std::string html = "<meta charset=iso-8859-1><p>caf\xC3\xA9</p>";
  EXPECT_EQ(render_all_text(parse_html(html, "utf-8")), "caf\xC3\xA9");
}

struct RenderCase { const char* html; const char* text; };

TEST(Render, BlocksBreakLinesInlinesDoNot) {
  const RenderCase cases[] = {
      {"<p>a<b>b</b>c</p>", "abc"},
      {"<p>a <b>b</b> c</p>", "a b c"},
      {"<p>one</p><p>two</p>", "one\ntwo"},
      {"<div>  lots \n\t of   space </div>", "lots of space"},
      {"<p>line<br>break</p>", "line\nbreak"},
      {"<ul><li>x</li><li>y</li></ul>", "x\ny"},
      {"<pre>a\n  b\nc</pre>", "a\nb\nc"},
      {"<div><div></div><p></p>x</div>", "x"},
      {"<span>a</span><span>b</span>", "ab"},
      {"<p>fish&nbsp;&amp;&nbsp;chips</p>", "fish & chips"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.html);
    EXPECT_EQ(render_all_text(parse_html(c.html)), c.text);
  }
}

// Invisible code points (core/src/output/render.cpp kInvisible) are not written.
TEST(Render, DropsInvisibleCodePoints) {
  const RenderCase cases[] = {
      {"<p>Vernatsch&shy;wein</p>", "Vernatschwein"},
      {"<p>re\xC2\xAD" "ac\xC2\xADtion</p>", "reaction"},  // U+00AD written as UTF-8
      {"<p>a&shy; b</p>", "a b"},
      {"<p>&shy;</p><p>x</p>", "x"},  // nothing else on the line: no empty line
      {"<p>word&#x2060;joiner</p>", "wordjoiner"},
      {"<p>zero&#x200B;width</p>", "zero width"},  // U+200B is a word boundary (unicode::is_space)
      {"<pre>a&shy;b\nc</pre>", "ab\nc"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.html);
    EXPECT_EQ(render_all_text(parse_html(c.html)), c.text);
  }
}

TEST(Render, DroppedTextStillSeparatesWords) {
  Document d = parse_html("<p>keep<span>drop</span>this</p>");
  Labels l = {1.0f, 0.0f, 1.0f};
  EXPECT_EQ(render_text(d, l), "keep this");
}

TEST(RepairHtml, UnclosedTitleEndsBeforeTheNextTag) {
  struct Case { const char* in; const char* out; bool changed; };
  const Case cases[] = {
      {"<title>T<body><p>text</p>", "<title>T</title><body><p>text</p>", true},
      {"<TITLE lang=en>T\n<script>x</script>", "<TITLE lang=en>T\n</title><script>x</script>", true},
      {"<title>T</title><p>a</p>", "<title>T</title><p>a</p>", false},        // closed: untouched
      {"<title>T</TITLE ><p>a</p>", "<title>T</TITLE ><p>a</p>", false},      // any case
      {"<p>no title</p>", "<p>no title</p>", false},
      {"<titles>x<p>a</p>", "<titles>x<p>a</p>", false},                      // not a <title> tag
      {"<title>only text", "<title>only text", false},                        // nothing after it
      {"<title", "<title", false},                                            // truncated tag
      {"", "", false},
  };
  for (const Case& c : cases) {
    std::string html = c.in;
    EXPECT_EQ(repair_unclosed_title(html), c.changed) << c.in;
    EXPECT_EQ(html, c.out) << c.in;
  }
}

TEST(RepairHtml, ParseHtmlRecoversTheBodyOfAnUnclosedTitlePage) {
  Document d = parse_html("<html><head><title>Headline<body><p>The article text.</p></body></html>", "utf-8");
  Labels all(d.text_nodes.size(), 1.0f);
  EXPECT_EQ(render_text(d, all), "Headline\nThe article text.");
}

TEST(ParseHtml, MergesAdjacentTextSiblings) {
  // Text foster-parented out of a table, around an ignored </form>: Gumbo
  // makes two sibling text nodes, a browser's DOM one ("xy").
  Document d = parse_html("<table><tr>x</form>y<td>z</td></tr></table>");
  ASSERT_EQ(d.text_nodes.size(), 2u);
  EXPECT_EQ(d.text(d.text_nodes[0]), "xy");
  EXPECT_EQ(d.text(d.text_nodes[1]), "z");
}

TEST(ParseHtml, LegacyDoctypeGivesQuirksMode) {
  // In quirks mode <table> does not close an open <p> (HTML standard, "in body"
  // insertion mode); browsers nest the table there, so must we. The public
  // identifier matches a quirks prefix; the exact lists ignore case.
  const std::string body = "<p>intro<table><tr><td>cell</td></tr></table>";
  auto parent_tag_of_table = [](const Document& d) {
    for (uint32_t i = 0; i < d.size(); ++i)
      if (d.nodes[i].tag == Tag::Table) return d.nodes[d.nodes[i].parent].tag;
    return Tag::Unknown;
  };
  const std::pair<const char*, Tag> cases[] = {
      {"<!DOCTYPE HTML PUBLIC \"-//W3C//DTD HTML 4.0 Transitional//EN\">", Tag::P},
      {"<!DOCTYPE HTML PUBLIC \"-//w3c//dtd html 4.0 transitional//en\">", Tag::P},
      {"<!DOCTYPE html PUBLIC \"-//w3o//dtd w3 html strict 3.0//en//\">", Tag::P},
      {"<!DOCTYPE html>", Tag::Body},
      {"<!DOCTYPE HTML PUBLIC \"-//W3C//DTD HTML 4.01//EN\" \"http://www.w3.org/TR/html4/strict.dtd\">", Tag::Body},
      {"<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Transitional//EN\" \"http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd\">", Tag::Body},
  };
  for (const auto& [doctype, want] : cases)
    EXPECT_EQ(parent_tag_of_table(parse_html(std::string(doctype) + body)), want) << doctype;
}
