// An Aho-Corasick automaton over ASCII-case-folded bytes: every occurrence of
// every keyword of a fixed list in one pass over a string, instead of one
// substring search per keyword (the page-type features search ~130 class/id
// keywords per element and ~80 text phrases per page).
//
// Keywords are grouped (a group is one keyword list: "forum", "product"...).
// Per state the automaton keeps the bit set of the groups of every keyword
// that ends there (through the failure links too), for "does this string hit
// list k", and the keywords themselves, for counting occurrences.
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
    uint32_t group;    // < 32
  };
  explicit KeywordAutomaton(std::vector<Keyword> keywords);

  using State = uint32_t;
  static constexpr State kStart = 0;

  // The state after reading byte c in state s (A-Z read as a-z).
  State step(State s, unsigned char c) const { return next_[s * symbols_ + symbol_[c]]; }
  // The groups of the keywords that end at state s.
  uint32_t groups(State s) const { return groups_[s]; }
  // Whether any keyword ends at state s.
  bool has_match(State s) const { return groups_[s] != 0; }
  // The indexes (into the constructor's list) of the keywords that end at s.
  const uint32_t* matches_begin(State s) const { return match_list_.data() + match_at_[s]; }
  const uint32_t* matches_end(State s) const { return match_list_.data() + match_at_[s + 1]; }
  const Keyword& keyword(uint32_t k) const { return keywords_[k]; }

  // Continues from state s over bytes; returns the state and ORs the groups hit into hit.
  State scan_groups(State s, std::string_view bytes, uint32_t& hit) const {
    for (unsigned char c : bytes) {
      s = step(s, c);
      hit |= groups_[s];
    }
    return s;
  }

 private:
  std::vector<Keyword> keywords_;
  std::array<uint8_t, 256> symbol_{};  // byte -> symbol; 0: a byte in no keyword
  uint32_t symbols_ = 1;
  std::vector<State> next_;            // states x symbols, complete (failure links folded in)
  std::vector<uint32_t> groups_;       // per state
  std::vector<uint32_t> match_at_;     // per state: start of its keywords in match_list_ (+1 sentinel)
  std::vector<uint32_t> match_list_;
};

}  // namespace wce
