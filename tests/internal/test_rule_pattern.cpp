// The rule-pattern matcher (core/src/extractors/rule_pattern.hpp) against
// std::regex (ECMAScript, regex_search), which it replaces: same answers on
// patterns that use every construct of the syntax, on subjects made of the
// words and separators class lists are made of.
#include <gtest/gtest.h>

#include <random>
#include <regex>
#include <stdexcept>
#include <string>
#include <vector>

#include "extractors/rule_pattern.hpp"

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
};

const char* const kPieces[] = {"ad", "ads", "Ad", "ad_3f", "google", "wide", "-", "_", " ", "\t",
                               "hidden", "is", "-xs", "xl", "2", "header", "head", "wp", "page",
                               "foot", "right", "logo", "branding", "spinner", "short-view-count",
                               "sponsored", "x.y-z", "a", "b", "c", "9", "\xC3\xA9", "H-0", "q"};

TEST(RulePattern, AgreesWithStdRegexSearch) {
  std::mt19937 rng(2024);
  for (const Case& c : kCases) {
    auto flags = std::regex::ECMAScript;
    if (c.icase) flags |= std::regex::icase;
    const std::regex re(c.pattern, flags);
    const wce::RulePattern rp(c.pattern, c.icase);
    for (int t = 0; t < 3000; ++t) {
      std::string s;
      for (int k = rng() % 7; k-- > 0;) s += kPieces[rng() % (sizeof(kPieces) / sizeof(kPieces[0]))];
      ASSERT_EQ(rp.search(s), std::regex_search(s, re)) << c.pattern << " on '" << s << "'";
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

TEST(RulePattern, RejectsWhatItDoesNotImplement) {
  for (const char* bad : {"(a)", "a{2}", "[a", "(?:a", "a)", "\\b", "*a", "[z-a]", "\\"})
    EXPECT_THROW(wce::RulePattern{bad}, std::invalid_argument) << bad;
}

}  // namespace
