// Bad input for every registered extractor (issue 3): each row is a page that
// has broken something somewhere; every extractor must give one label in [0,1]
// per text node, without crashing, recursing without bound or hanging.
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "wce/wce.hpp"

using namespace wce;

namespace {

std::string repeat(const std::string& s, size_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (size_t i = 0; i < n; ++i) out += s;
  return out;
}

std::string nested(const std::string& open, size_t depth, const std::string& inner) {
  return repeat(open, depth) + inner;
}

// About 50 MB of a plausible page: navigation, articles, comments, tables.
std::string fifty_megabytes() {
  const std::string unit =
      "<div class=nav><ul><li><a href=/a>Home</a></li><li><a href=/b>World news</a></li></ul></div>"
      "<article><h2>Headline of the story</h2><p>The council approved the new budget on Tuesday after a "
      "long debate about schools, roads and the future of the town library, which had been threatened "
      "with closure. Residents said they were relieved.</p><p>Second paragraph with <a href=/r>a link</a>"
      " and more words &amp; entities &eacute; to decode.</p></article>"
      "<table><tr><td>cell one</td><td>cell two</td></tr></table><div class=comment>Nice one!</div>\n";
  std::string page = "<!doctype html><html><head><title>Huge</title></head><body>";
  page += repeat(unit, (50u << 20) / unit.size() + 1);
  page += "</body></html>";
  return page;
}

struct BadInput {
  const char* name;
  std::function<std::string()> make;
};

const BadInput kInputs[] = {
    {"empty", [] { return std::string(); }},
    {"text only", [] { return std::string("just text, no tags at all"); }},
    {"whitespace only", [] { return std::string(" \n\t \r\n "); }},
    {"frameset", [] { return std::string("<frameset><frame src=a><frame src=b></frameset>"); }},
    {"100,000 nested divs", [] { return nested("<div>", 100000, "deep text"); }},
    {"100,000 nested inline", [] { return nested("<span><b>", 50000, "deep text"); }},
    {"100,000 nested lists", [] { return nested("<ul><li>", 50000, "item"); }},
    {"10,000 nested tables", [] { return nested("<table><tr><td>", 10000, "cell"); }},
    {"nested ordered lists in tables", [] { return nested("<ol><li><table><tr><td>x", 5000, "cell"); }},
    // A page read from its no-script fallback (parse_html builds it twice).
    {"100,000 nested divs inside noscript", [] { return "<noscript>" + nested("<div>", 100000, repeat("post ", 100)) + "</noscript>"; }},
    {"20,000 noscript siblings", [] { return repeat("<noscript><p>" + repeat("x", 40) + "</p></noscript>", 20000); }},
    {"invalid UTF-8", [] { return std::string("\xff\xfe\x00\x01<p>\x80\x81 caf\xc3 \xed\xa0\x80</p>", 22); }},
    {"binary", [] {
       std::string s;
       for (int i = 0; i < 65536; ++i) s += static_cast<char>((i * 7919) & 0xff);
       return s;
     }},
    {"unclosed everything", [] { return std::string("<html><head><title>t<body><p><a href=x><table><td>a<p>b"); }},
    {"100,000 siblings", [] { return repeat("<p>a</p>", 100000); }},
    {"one 10 MB text node", [] { return "<p>" + repeat("word ", 2u << 20) + "</p>"; }},
    {"50 MB page", fifty_megabytes},
};

// gtest prints the parameter by name, not as raw bytes.
void PrintTo(const BadInput& b, std::ostream* os) { *os << b.name; }

class BadInputTest : public ::testing::TestWithParam<BadInput> {};

TEST_P(BadInputTest, EveryExtractorGivesOneSaneLabelPerTextNode) {
  const std::string html = GetParam().make();
  Document d = parse_html(html);
  for (const auto& e : extractors()) {
    Context ctx(d);  // fresh per extractor: no shared cache hides a failure
    Labels l = ctx.labels(*e);  // as every front end runs it (members through the Context)
    ASSERT_EQ(l.size(), d.text_nodes.size()) << e->info().name;
    size_t bad = 0;
    for (float v : l) bad += !(v >= 0.0f && v <= 1.0f);
    EXPECT_EQ(bad, 0u) << e->info().name;
    std::string text = render_text(d, l, e->info().render);  // rendering must cope too
    EXPECT_LE(text.size(), html.size() * 2 + 16) << e->info().name;
  }
}

INSTANTIATE_TEST_SUITE_P(Pages, BadInputTest, ::testing::ValuesIn(kInputs),
                         [](const ::testing::TestParamInfo<BadInput>& info) {
                           std::string n;
                           for (const char* c = info.param.name; *c; ++c)
                             n += std::isalnum(static_cast<unsigned char>(*c)) ? *c : '_';
                           return n;
                         });

}  // namespace
