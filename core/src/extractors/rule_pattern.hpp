// Class/id rule patterns: the small regular-expression language in which the
// ports' rules on attribute values are written as data (Resiliparse's
// class/id patterns, ...), and one matcher for it, in place of std::regex
// (slow, recursive per character, and large in WebAssembly).
//
// Syntax (a subset of ECMAScript regular expressions; anything else is a
// std::invalid_argument when the pattern is compiled):
//   abc        literal bytes (any byte except the special ones below)
//   \s \d \w   ECMAScript classes in the "C" locale (\s: space \t \n \v \f \r)
//   \x         the byte x itself, for any other x (e.g. \. \- \( )
//   .          any byte except \n and \r
//   [a-f0-9_-] byte set (ranges, escapes, \s inside; [^...] negated)
//   (?:x)      group
//   x|y        alternation
//   x? x* x+   optional, repeated (greedy or not: a yes/no match does not care)
//   ^ $        start and end of the subject (no multi-line mode)
// With ignore_case, ASCII letters match both cases (as std::regex::icase in
// the "C" locale). search() answers whether the pattern matches anywhere in
// the subject (std::regex_search); it runs in O(|subject| x |program|) time
// (a Pike VM over the compiled Thompson NFA), without recursion.
#pragma once
#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

namespace wce {

class RulePattern {
 public:
  explicit RulePattern(std::string_view pattern, bool ignore_case = false);
  bool search(std::string_view subject) const;

 private:
  enum class Op : uint8_t { Byte, Split, Jump, Begin, End, Match };
  struct Inst {
    Op op;
    uint16_t set = 0;  // Byte: index into sets_
    uint32_t x = 0, y = 0;  // Split: both targets; Jump: x
  };
  std::vector<Inst> prog_;
  std::vector<std::array<uint64_t, 4>> sets_;
  friend class RulePatternCompiler;
};

}  // namespace wce
