// A rule on an element's attributes, written as data: for each attribute it
// tests, a rule pattern (rule_pattern.hpp) on the attribute's value; the rule
// holds when one of them matches. This is XPath's `[re:test(@class, ...) or
// contains(@id, ...) or @role='...']` shape of trafilatura's xpaths.py:
// contains(@a, 'x') is "x", starts-with(@a, 'x') "^x", @a='x' "^x$", a
// translate()-folded test "(?i:x)". An absent or empty attribute matches
// nothing (as in XPath, where the test on a missing attribute is false).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "extractors/rule_pattern.hpp"
#include "wce/document.hpp"

namespace wce {

enum class RuleAttr : uint8_t { Id, Class, Role, Itemprop };

struct AttrPattern {
  RuleAttr attr;
  std::string_view pattern;  // case-sensitive; (?i:...) where a test folds case
};

class AttrRule {
 public:
  AttrRule(const AttrPattern* begin, const AttrPattern* end);
  template <size_t N>
  explicit AttrRule(const AttrPattern (&ps)[N]) : AttrRule(ps, ps + N) {}
  bool matches(const Document& doc, uint32_t node) const;

 private:
  std::vector<std::pair<RuleAttr, RulePattern>> tests_;
};

// The compiled form of a rule table with static storage, built on first use.
template <const auto& Table>
const AttrRule& compiled_rule() {
  static const AttrRule rule(Table);
  return rule;
}

}  // namespace wce
