// Class/id rule patterns: the one encoding in which the ports write their
// rules on attribute values (goose's remove_nodes_re, Readability's REGEXPS,
// trafilatura's xpaths.py tests, Resiliparse's class/id patterns, ...) as
// data, and one matcher for it, in place of std::regex (slow, recursive per
// character, and large in WebAssembly) and of per-port hand-written tables.
//
// Syntax (a subset of ECMAScript regular expressions; anything else is a
// std::invalid_argument when the pattern is compiled):
//   abc        literal bytes (any byte except the special ones below)
//   \s \d \w   ECMAScript classes in the "C" locale (\s: space \t \n \v \f \r)
//   \xHH       the byte with hex value HH
//   \x         the byte x itself, for any other punctuation x (e.g. \. \- \( )
//   \b         ASCII word boundary (outside sets)
//   .          any byte except \n and \r
//   [a-f0-9_-] byte set (ranges, escapes, \s inside; [^...] negated)
//   (?:x)      group
//   (?i:x)     group matched ignoring ASCII case (ECMAScript 2025 / Python
//              modifiers), for one case-insensitive test in a case-sensitive rule
//   x|y        alternation
//   x? x* x+   optional, repeated (greedy or not: a yes/no match does not care)
//   ^ $        start and end of the subject (no multi-line mode)
// With ignore_case, ASCII letters match both cases (as std::regex::icase in
// the "C" locale). search() answers whether the pattern matches anywhere in
// the subject (std::regex_search).
//
// How it matches (rule_pattern.cpp): the top-level alternatives that are
// finite sets of literals (words, ^/$ anchors, small byte sets and optional
// parts, e.g. "^side$", "post[-_]?content", "(?:^|\s)print[_-]") become
// literals of one Aho-Corasick automaton, so a whole rule list costs one pass
// over the subject. The other alternatives run on a Pike VM over their
// Thompson NFA (O(|subject| x |program|), no recursion), and only when the
// same pass found one of the literals every match of them must contain.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace wce {

class RulePattern {
 public:
  // literal_prefilter false: every alternative on the Pike VM (tests compare
  // the two ways).
  explicit RulePattern(std::string_view pattern, bool ignore_case = false, bool literal_prefilter = true);
  bool search(std::string_view subject) const;

 private:
  bool vm_search(std::string_view subject) const;

  // Pike VM program of the alternatives that are not literal sets.
  enum class Op : uint8_t { Byte, Split, Jump, Begin, End, WordBoundary, Match };
  struct Inst {
    Op op;
    uint16_t set = 0;  // Byte: index into sets_
    uint32_t x = 0, y = 0;  // Split: both targets; Jump: x
  };
  std::vector<Inst> prog_;
  std::vector<std::array<uint64_t, 4>> sets_;
  bool has_vm_ = false;     // some alternative is on the VM
  bool vm_always_ = false;  // ... and one of them has no required literal

  // Literals: bytes (lower case at case-folded positions), per byte whether
  // it is compared ignoring case, anchors; `prefilter`: a literal some VM
  // alternative requires (a hit means "run the VM"), not a match itself.
  struct Lit {
    uint32_t off, len;
    bool begin, end, prefilter;
  };
  std::vector<Lit> lits_;
  std::string lit_bytes_, lit_fold_;
  bool empty_always_ = false;  // an empty literal alternative: matches anything
  bool empty_if_empty_ = false;  // "^$": matches the empty subject
  // The whole pattern is one case-sensitive unanchored literal: searched
  // with find() instead of the automaton.
  bool plain_only_ = false;
  std::string plain_;

  // Aho-Corasick automaton over the ASCII-lower-cased literals: byte ->
  // class, (state, class) -> state, and per state the literals ending there.
  std::array<uint8_t, 256> cls_{};
  uint32_t ncls_ = 0;
  std::vector<uint16_t> delta_;
  std::vector<uint32_t> out_begin_, out_;
  friend class RulePatternCompiler;
};

}  // namespace wce
