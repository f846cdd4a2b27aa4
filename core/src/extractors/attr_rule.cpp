// Attribute rules (attr_rule.hpp): one compiled rule pattern per attribute test.
#include "extractors/attr_rule.hpp"

namespace wce {

AttrRule::AttrRule(const AttrPattern* begin, const AttrPattern* end) {
  for (const AttrPattern* p = begin; p != end; ++p) tests_.emplace_back(p->attr, RulePattern(p->pattern));
}

bool AttrRule::matches(const Document& doc, uint32_t node) const {
  const Node& n = doc.nodes[node];
  for (const auto& [attr, pattern] : tests_) {
    const Span s = attr == RuleAttr::Id      ? n.id
                   : attr == RuleAttr::Class ? n.cls
                   : attr == RuleAttr::Role  ? n.role
                                             : n.itemprop;
    if (s.len > 0 && pattern.search(doc.str(s))) return true;
  }
  return false;
}

}  // namespace wce
