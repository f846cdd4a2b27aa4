// The rule-pattern matcher (core/src/extractors/rule_pattern.hpp) against
// std::regex (ECMAScript, regex_search), which it replaces: same answers on
// patterns that use every construct of the syntax, on subjects made of the
// words and separators class lists are made of, both with the literal
// automaton and with every alternative on the VM.
#include <gtest/gtest.h>

#include <random>
#include <regex>
#include <stdexcept>
#include <string>
#include <vector>

#include "extractors/attr_rule.hpp"
#include "extractors/rule_pattern.hpp"
#include "wce/html.hpp"

namespace {

struct Case {
  const char* pattern;
  bool icase;
};

// Shapes of the Resiliparse class/id rules, plus the constructs they do not
// use (+, ., negated sets, \d, \w, escapes, lazy quantifiers, empty
// alternatives).
const Case kCases[] = {
    {R"((?:^|\s)(?:(?:is|visually)[_-])?(?:display-none|hidden|invisible|h-0)(?:-xs|-sm|-2?xl)?(?:$|\s))", true},
    {R"((?:^|\s)(?:google|wide)[_-]?ads?|ad(?:vert|$|_[a-f0-9]+)|sponsor(?:ed)?(?:$|[\s_-]))", true},
    {R"(^(?:(?:l|wp|page)[_-]*)?(?:(?:head|foot)(?:er)?|right)$)", true},
    {R"((?:^|\s)short-view-count|spinner(?:$|[\s_-]))", false},
    {R"((?:brand(?:ing)?[_-]*)?logo(?:$|\s))", true},
    {R"(a+b*?c??)", false},
    {R"([^a-c\s]\d+\w.)", false},
    {R"(x\.y\-z|(?:)|q)", false},
    {R"(^$)", false},
    {R"((?:a|)b$)", true},
    // Literal lists (the automaton), mixed with VM alternatives.
    {R"(^side$|ad|-xs|^head|foot$|x\.y|hidden)", true},
    {R"(^side$|Ad|-xs|^head|foot$|x\.y|Hidden)", false},
    {R"((?:^|\s)print[_-]|post[-_]?(?:foot|head)er|(?:\b|_)(?:ads?|logo)(?:\b|_))", true},
    {R"(\bwp\b|ad\xC3\xA9|\x41d|[^-]right|^[^ah]ead)", false},
    {R"(a|^$|b)", false},
    {R"(^|zzz)", false},
    // One plain literal (searched with find()), and its case-folded twin.
    {R"(ad_3f)", false},
    {R"(-xs)", false},
    {R"(ad_3f)", true},
};

const char* const kPieces[] = {"ad", "ads", "Ad", "ad_3f", "google", "wide", "-", "_", " ", "\t",
                               "hidden", "is", "-xs", "xl", "2", "header", "head", "wp", "page",
                               "foot", "right", "logo", "branding", "spinner", "short-view-count",
                               "sponsored", "x.y-z", "a", "b", "c", "9", "\xC3\xA9", "H-0", "q",
                               "print", "post", "er", "Hidden", "side"};

TEST(RulePattern, AgreesWithStdRegexSearch) {
  std::mt19937 rng(2024);
  for (const Case& c : kCases) {
    auto flags = std::regex::ECMAScript;
    if (c.icase) flags |= std::regex::icase;
    const std::regex re(c.pattern, flags);
    const wce::RulePattern rp(c.pattern, c.icase), vm(c.pattern, c.icase, false);
    for (int t = 0; t < 3000; ++t) {
      std::string s;
      for (int k = rng() % 7; k-- > 0;) s += kPieces[rng() % (sizeof(kPieces) / sizeof(kPieces[0]))];
      const bool want = std::regex_search(s, re);
      ASSERT_EQ(rp.search(s), want) << c.pattern << " on '" << s << "'";
      ASSERT_EQ(vm.search(s), want) << c.pattern << " (VM only) on '" << s << "'";
    }
  }
}

TEST(RulePattern, HandCases) {
  const wce::RulePattern nav(R"((?:^|\s)nav(?:[_-]bar)?(?:$|\s))", true);
  EXPECT_TRUE(nav.search("main NAV"));
  EXPECT_TRUE(nav.search("nav_bar x"));
  EXPECT_FALSE(nav.search("navigation"));
  EXPECT_FALSE(nav.search(""));
  const wce::RulePattern any("x*");
  EXPECT_TRUE(any.search(""));  // the empty match
}

// (?i:...) folds case inside the group only (std::regex has no modifiers:
// hand cases).
TEST(RulePattern, CaseInsensitiveGroup) {
  for (bool prefilter : {true, false}) {
    const wce::RulePattern p("^post$|(?i:fulltext)|Main(?i:-Content)x", false, prefilter);
    EXPECT_TRUE(p.search("post"));
    EXPECT_FALSE(p.search("Post"));
    EXPECT_TRUE(p.search("a FullText b"));
    EXPECT_TRUE(p.search("Main-CONTENTx"));
    EXPECT_FALSE(p.search("main-contentx"));
    EXPECT_FALSE(p.search("Main-contentX"));
  }
}

// Many literals in one automaton: each found alone, at the start, the end
// and inside, and nothing on a subject without them.
TEST(RulePattern, LongLiteralLists) {
  std::string pattern;
  std::vector<std::string> words;
  for (int i = 0; i < 300; ++i) {
    words.push_back("w" + std::to_string(i * 7919 % 1000) + "q");
    pattern += (i ? "|" : "") + words.back();
  }
  const wce::RulePattern p(pattern, true);
  for (const std::string& w : words) {
    EXPECT_TRUE(p.search(w));
    EXPECT_TRUE(p.search("x " + w));
    EXPECT_TRUE(p.search("W" + w.substr(1) + "-"));
  }
  EXPECT_FALSE(p.search("w q wxq w-1q"));
}

TEST(RulePattern, RejectsWhatItDoesNotImplement) {
  for (const char* bad : {"(a)", "a{2}", "[a", "(?:a", "a)", "\\B", "*a", "[z-a]", "\\", "\\xg1", "(?s:a)", "[a-\\s]"})
    EXPECT_THROW(wce::RulePattern{bad}, std::invalid_argument) << bad;
}

}  // namespace

// AttrRule: one pattern per attribute, any may hold; an absent or empty
// attribute matches nothing, even a pattern that accepts the empty string.
namespace {
constexpr wce::AttrPattern kRule[] = {
    {wce::RuleAttr::Id, "^main"},
    {wce::RuleAttr::Class, "^post$|(?i:fulltext)"},
    {wce::RuleAttr::Role, "^article$"},
    {wce::RuleAttr::Itemprop, "x*"},
};
}  // namespace

TEST(AttrRule, EachAttributeItsOwnPattern) {
  const wce::AttrRule rule(kRule);
  const struct {
    const char* attrs;
    bool want;
  } cases[] = {
      {"id=main-col", true},         {"id=col-main", false},     {"class=post", true},
      {"class='post x'", false},     {"class=FullText", true},   {"role=article", true},
      {"role=Article", false},       {"itemprop=y", true},       {"itemprop=''", false},
      {"id='' class='' role=''", false},
  };
  for (const auto& c : cases) {
    const wce::Document d = wce::parse_html(std::string("<div ") + c.attrs + ">t</div>", "utf-8");
    uint32_t div = wce::kNone;
    for (uint32_t i = 0; i < d.size(); ++i)
      if (d.nodes[i].kind == wce::NodeKind::Element && d.nodes[i].tag == wce::Tag::Div) div = i;
    ASSERT_NE(div, wce::kNone) << c.attrs;
    EXPECT_EQ(rule.matches(d, div), c.want) << c.attrs;
  }
}
