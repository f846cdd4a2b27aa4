// An Aho-Corasick automaton over ASCII-case-folded bytes: every occurrence of
// every keyword of a fixed list in one pass over a string, instead of one
// substring search per keyword (the page-type features search ~130 class/id
// keywords per element and ~80 text phrases per page).
//
// Keywords are grouped (a group is one keyword list: "forum", "product"...).
// Per state the automaton keeps the bit set of the groups of every keyword
// that ends there (through the failure links too), for "does this string hit
// list k", and the keywords themselves, for counting occurrences.
//
// The scan is a chain of dependent loads, so one transition is one 32-bit
// entry: the target state as its row's offset in the table (no multiply per
// byte) and, in the top 8 bits, the target's groups (no second load).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace wce {

class KeywordAutomaton {
 public:
  struct Keyword {
    std::string text;  // lowercase ASCII (matched against ASCII-lowercased input)
    uint32_t group;    // < kMaxGroups
  };
  static constexpr uint32_t kMaxGroups = 8;
  explicit KeywordAutomaton(std::vector<Keyword> keywords);

  using State = uint32_t;  // a state's row offset in the transition table
  static constexpr State kStart = 0;

  // The state after reading byte c in state s (A-Z read as a-z); groups: the
  // groups of the keywords that end there (0: none).
  State step(State s, unsigned char c, uint32_t& groups) const {
    const uint32_t e = next_[s + symbol_[c]];
    groups = e >> kGroupShift;
    return e & kStateMask;
  }
  State step(State s, unsigned char c) const { return next_[s + symbol_[c]] & kStateMask; }
  // The indexes (into the constructor's list) of the keywords that end at s.
  const uint32_t* matches_begin(State s) const { return match_list_.data() + match_at_[s / symbols_]; }
  const uint32_t* matches_end(State s) const { return match_list_.data() + match_at_[s / symbols_ + 1]; }
  const Keyword& keyword(uint32_t k) const { return keywords_[k]; }

  // Continues from state s over bytes; returns the state and ORs the groups hit into hit.
  State scan_groups(State s, std::string_view bytes, uint32_t& hit) const {
    for (unsigned char c : bytes) {
      const uint32_t e = next_[s + symbol_[c]];
      hit |= e >> kGroupShift;
      s = e & kStateMask;
    }
    return s;
  }

 private:
  std::vector<Keyword> keywords_;
  std::array<uint8_t, 256> symbol_{};  // byte -> symbol; 0: a byte in no keyword
  uint32_t symbols_ = 1;
  static constexpr uint32_t kGroupShift = 24, kStateMask = (1u << kGroupShift) - 1;
  // states x symbols, complete (failure links folded in): target row | target groups << kGroupShift
  std::vector<uint32_t> next_;
  std::vector<uint32_t> match_at_;     // per state index: start of its keywords in match_list_ (+1 sentinel)
  std::vector<uint32_t> match_list_;
};

}  // namespace wce
