// KeywordAutomaton (core/src/classify/keyword_automaton.*): every occurrence
// of every keyword, overlapping and nested ones too, ASCII case folded, equal
// to one std::string_view::find loop per keyword (what it replaced in the
// page-type features, whose values must not change).
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "classify/keyword_automaton.hpp"

using wce::KeywordAutomaton;

namespace {

std::string lower(std::string s) {
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return s;
}

// (keyword index, end) of every occurrence, by one find loop per keyword.
std::multimap<uint32_t, size_t> naive(const std::vector<KeywordAutomaton::Keyword>& kws, const std::string& s) {
  std::multimap<uint32_t, size_t> out;
  const std::string l = lower(s);
  for (uint32_t k = 0; k < kws.size(); ++k)
    for (size_t at = l.find(kws[k].text); at != std::string::npos; at = l.find(kws[k].text, at + 1))
      out.emplace(k, at + kws[k].text.size());
  return out;
}

std::multimap<uint32_t, size_t> scanned(const KeywordAutomaton& a, const std::string& s) {
  std::multimap<uint32_t, size_t> out;
  KeywordAutomaton::State st = KeywordAutomaton::kStart;
  for (size_t i = 0; i < s.size(); ++i) {
    st = a.step(st, static_cast<unsigned char>(s[i]));
    for (const uint32_t* m = a.matches_begin(st); m != a.matches_end(st); ++m) out.emplace(*m, i + 1);
  }
  return out;
}

const std::vector<KeywordAutomaton::Keyword> kKeywords = {
    {"he", 0},   {"she", 1},      {"his", 2},  {"hers", 0}, {"post", 3}, {"post-content", 4}, {"content", 4},
    {"by ", 5},  {"note:", 5},    {"#1", 6},   {"aa", 7},   {"aaa", 7},  {"\xE2\x82\xAC", 2}, {"$", 2},
    {"t", 1},    {"he", 3} /* the same word in two lists */};

const std::vector<std::string> kTexts = {
    "",        "ushers",  "USHERS and His",         "post-content entry-content",     "aaaaa",
    "By the way, note: #1 reply", "10 \xE2\x82\xAC and $5", "ThE tHeSe", "x\xC3\xA9he\xFFhers\x00she",
    "no match here? ... nope",    "tttt"};

}  // namespace

TEST(KeywordAutomaton, FindsWhatOneSearchPerKeywordFinds) {
  const KeywordAutomaton a(kKeywords);
  for (const std::string& t : kTexts) EXPECT_EQ(scanned(a, t), naive(kKeywords, t)) << "text: " << t;
}

TEST(KeywordAutomaton, GroupsOfAStringAreTheListsItHits) {
  const KeywordAutomaton a(kKeywords);
  for (const std::string& t : kTexts) {
    uint32_t expected = 0;
    for (const auto& [k, end] : naive(kKeywords, t)) expected |= 1u << kKeywords[k].group;
    uint32_t hit = 0;
    a.scan_groups(KeywordAutomaton::kStart, t, hit);
    EXPECT_EQ(hit, expected) << "text: " << t;
  }
}

TEST(KeywordAutomaton, ScanContinuesAcrossPieces) {
  const KeywordAutomaton a(kKeywords);
  uint32_t hit = 0;
  KeywordAutomaton::State s = a.scan_groups(KeywordAutomaton::kStart, "po", hit);
  EXPECT_EQ(hit, 0u);
  a.scan_groups(s, "st", hit);
  EXPECT_EQ(hit, 1u << 3 | 1u << 1);  // "post" and "t"
}

TEST(KeywordAutomaton, RejectsKeywordsItCannotMatch) {
  EXPECT_THROW(KeywordAutomaton({{"", 0}}), std::invalid_argument);
  EXPECT_THROW(KeywordAutomaton({{"Upper", 0}}), std::invalid_argument);
  EXPECT_THROW(KeywordAutomaton({{"x", KeywordAutomaton::kMaxGroups}}), std::invalid_argument);
}
