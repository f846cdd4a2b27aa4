// Aho-Corasick construction (keyword_automaton.hpp): a trie of the keywords,
// then failure links breadth first, folded into a complete transition table so
// that the scan is one table lookup per byte. States are numbered 0..n-1 while
// building, then turned into row offsets.
#include "keyword_automaton.hpp"

#include <stdexcept>

namespace wce {

namespace {
unsigned char fold(unsigned char c) { return c >= 'A' && c <= 'Z' ? static_cast<unsigned char>(c - 'A' + 'a') : c; }
}  // namespace

KeywordAutomaton::KeywordAutomaton(std::vector<Keyword> keywords) : keywords_(std::move(keywords)) {
  // Symbols: one per distinct byte of the keywords; other bytes share symbol 0,
  // which leads back to the start from every state.
  for (const Keyword& k : keywords_) {
    if (k.text.empty()) throw std::invalid_argument("KeywordAutomaton: empty keyword");
    if (k.group >= kMaxGroups) throw std::invalid_argument("KeywordAutomaton: group >= kMaxGroups");
    for (unsigned char c : k.text) {
      if (fold(c) != c) throw std::invalid_argument("KeywordAutomaton: keywords are lowercase");
      if (!symbol_[c]) symbol_[c] = static_cast<uint8_t>(symbols_++);
    }
  }
  for (int c = 'A'; c <= 'Z'; ++c) symbol_[c] = symbol_[c - 'A' + 'a'];

  // The trie (0 in next_: no edge yet; state 0 is the root, never a target).
  next_.assign(symbols_, 0);
  std::vector<std::vector<uint32_t>> ends(1);
  for (uint32_t k = 0; k < keywords_.size(); ++k) {
    State s = kStart;
    for (unsigned char c : keywords_[k].text) {
      State& t = next_[s * symbols_ + symbol_[c]];
      if (!t) {
        t = static_cast<State>(ends.size());
        ends.emplace_back();
        next_.resize(next_.size() + symbols_, 0);
      }
      s = next_[s * symbols_ + symbol_[c]];  // next_ may have moved
    }
    ends[s].push_back(k);
  }
  const size_t states = ends.size();

  // Breadth first: a state's failure state is shallower, so its matches and
  // transitions are final when the state is reached.
  std::vector<State> fail(states, kStart), queue;
  std::vector<uint32_t> groups(states, 0);
  for (uint32_t a = 0; a < symbols_; ++a)
    if (State t = next_[a]) queue.push_back(t);
  for (size_t q = 0; q < queue.size(); ++q) {
    const State s = queue[q];
    for (uint32_t a = 0; a < symbols_; ++a) {
      State& t = next_[s * symbols_ + a];
      if (t) {
        fail[t] = next_[fail[s] * symbols_ + a];
        queue.push_back(t);
      } else {
        t = next_[fail[s] * symbols_ + a];
      }
    }
  }
  // Matches of a state: its own keywords, then those of its failure chain.
  match_at_.assign(states + 1, 0);
  for (State s = 0; s < states; ++s) {
    match_at_[s] = static_cast<uint32_t>(match_list_.size());
    for (State f = s; f != kStart; f = fail[f])
      for (uint32_t k : ends[f]) {
        match_list_.push_back(k);
        groups[s] |= 1u << keywords_[k].group;
      }
  }
  match_at_[states] = static_cast<uint32_t>(match_list_.size());
  // Entries: state index -> row offset, with the target's groups on top.
  if (static_cast<uint64_t>(states) * symbols_ > kStateMask)
    throw std::invalid_argument("KeywordAutomaton: too many keywords");
  for (uint32_t& e : next_) e = e * symbols_ | groups[e] << kGroupShift;
}

}  // namespace wce
