// Boilerpipe, stage 2: the classifiers and filters of boilerpipe 1.2.0
// (de.l3s.boilerpipe.filters.*), each named after its Java class; the
// pipelines that chain them are in boilerpipe.cpp.
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "document/unicode.hpp"
#include "extractors/boilerpipe/boilerpipe.hpp"
#include "extractors/boilerpipe/java_text.hpp"

namespace wce {
namespace boilerpipe {
namespace {

// ---------------------------------------------------------------------------
// Constants and rule lists, with their source in boilerpipe 1.2.0.

// filters/english/DensityRulesClassifier: the C4.8 tree on link density (ld)
// and text density (td) of the previous, current and next block.
struct DensityRules {
  double curr_ld_max = 0.333333;  // above: boilerplate
  double prev_ld_max = 0.555556;  // previous block is not a link list if <=
  float curr_td_max = 9;          // current block is "short" if <=
  float next_td_max = 10;
  float prev_td_max = 4;
  float next_td_zero = 0;         // long block followed by nothing: boilerplate
  float next_td_after_links = 11; // after a link list, content only if next td >
};
constexpr DensityRules kDensityRules;

// filters/english/NumWordsRulesClassifier: the same tree shape on word counts.
struct NumWordsRules {
  double curr_ld_max = 0.333333;
  double prev_ld_max = 0.555556;
  int curr_words_max = 16;
  int next_words_max = 15;
  int prev_words_max = 4;
  int curr_words_after_links = 40;
  int next_words_after_links = 17;
};
constexpr NumWordsRules kNumWordsRules;

// filters/english/TerminatingBlocksFinder: blocks with fewer than 15 words
// and at least 8 characters that match one of these (lower-cased) mark the
// end of the article text.
constexpr int kTerminatingMaxWords = 15;      // numWords < 15
constexpr size_t kTerminatingMinLength = 8;   // text.length() >= 8
constexpr std::string_view kTerminatingPrefixes[] = {
    "comments", "\xC2\xA9 reuters", "please rate this", "post a comment"};
// startsWithNumber: ASCII digits, then one of these.
constexpr std::string_view kTerminatingAfterNumber[] = {" comments", " users responded in"};
constexpr std::string_view kTerminatingInfixes[] = {
    "what you think...", "add your comment", "add comment", "reader views",
    "have your say", "reader comments", "r\xC3\xA4tta artikeln"};
constexpr std::string_view kTerminatingExact[] = {
    "thanks for your comments - this feedback is now closed"};

// filters/heuristics/DocumentTitleMatchClassifier: the <title> and its longest
// part when split at any of these separator sets (each optionally surrounded
// by spaces) are potential titles; a block whose text equals one is the title.
constexpr std::string_view kTitleSeparatorSets[] = {
    "|\xC2\xBB:", "|\xC2\xBB:()", "|\xC2\xBB:()-", "|\xC2\xBB,:()-"};
// getLongestPart skips parts that contain this.
constexpr std::string_view kTitlePartSkip = ".com";

// HeuristicFilterBase.getNumFullTextWords: words of content blocks with at
// least this text density (IgnoreBlocksAfterContentFilter).
constexpr float kFullTextMinTextDensity = 9;

// ---------------------------------------------------------------------------
// Block helpers.

// TextBlock.EMPTY_START: what the classifiers see before the first and after
// the last block (all features 0).
const Block& empty_block() {
  static const Block b = [] {
    Block e;
    e.init_densities();
    return e;
  }();
  return b;
}

// ---------------------------------------------------------------------------
// Java lower-casing for the text patterns.

// String.toLowerCase for the scripts the terminating patterns can match
// (ASCII, Latin-1, Latin Extended-A, Greek, Cyrillic); other text is kept.
uint32_t java_lower_cp(uint32_t cp) {
  auto in = [cp](uint32_t lo, uint32_t hi) { return cp >= lo && cp <= hi; };
  if (in('A', 'Z') || (in(0xC0, 0xDE) && cp != 0xD7)) return cp + 0x20;
  // Latin Extended-A: upper case at even code points, odd in U+0139-0148 and U+0179-017E.
  if ((in(0x100, 0x137) || in(0x14A, 0x177)) && cp % 2 == 0 && cp != 0x130) return cp + 1;
  if ((in(0x139, 0x148) || in(0x179, 0x17E)) && cp % 2 == 1) return cp + 1;
  if (cp == 0x178) return 0xFF;
  if (in(0x391, 0x3AB) && cp != 0x3A2) return cp + 0x20;
  if (in(0x410, 0x42F)) return cp + 0x20;
  if (in(0x400, 0x40F)) return cp + 0x50;
  return cp;
}

std::string java_lower(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) unicode::append(out, java_lower_cp(unicode::next(s, i)));
  return out;
}

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

}  // namespace

// ---------------------------------------------------------------------------
// Filters (de.l3s.boilerpipe.filters.*). Java removes blocks from a linked
// list while iterating; here each filter rebuilds the vector, same result.

// heuristics/SimpleBlockFusionProcessor: merges neighbours of equal text density.
void simple_block_fusion(Blocks& bs) {
  if (bs.size() < 2) return;
  Blocks out;
  out.reserve(bs.size());
  out.push_back(std::move(bs[0]));
  for (size_t i = 1; i < bs.size(); ++i) {
    if (out.back().text_density == bs[i].text_density) out.back().merge_next(bs[i]);
    else out.push_back(std::move(bs[i]));
  }
  bs = std::move(out);
}

// heuristics/BlockProximityFusion: merges a content block into the block
// before it when at most max_distance segmenter blocks lie between them. In
// the plain variant the block before may be boilerplate (and becomes content).
void block_proximity_fusion(Blocks& bs, int max_distance, bool content_only) {
  if (bs.size() < 2) return;
  size_t start = 1;
  if (content_only) {
    size_t f = 0;
    while (f < bs.size() && !bs[f].content) ++f;
    if (f == bs.size()) return;
    start = f + 1;
  }
  Blocks out;
  out.reserve(bs.size());
  for (size_t i = 0; i < start; ++i) out.push_back(std::move(bs[i]));
  for (size_t i = start; i < bs.size(); ++i) {
    Block& b = bs[i];
    Block& prev = out.back();
    if (b.content && b.offset_start - prev.offset_end - 1 <= max_distance &&
        (!content_only || prev.content)) {
      prev.merge_next(b);
      continue;
    }
    out.push_back(std::move(b));
  }
  bs = std::move(out);
}

namespace {
template <class Classify>
void classify_with_neighbours(Blocks& bs, Classify classify) {
  for (size_t i = 0; i < bs.size(); ++i) {
    const Block& prev = i > 0 ? bs[i - 1] : empty_block();
    const Block& next = i + 1 < bs.size() ? bs[i + 1] : empty_block();
    bs[i].content = classify(prev, bs[i], next);
  }
}

}  // namespace

// english/DensityRulesClassifier.
bool density_rules(const Block& prev, const Block& curr, const Block& next) {
  const DensityRules& r = kDensityRules;
  if (static_cast<double>(curr.link_density) > r.curr_ld_max) return false;
  if (static_cast<double>(prev.link_density) <= r.prev_ld_max) {
    if (curr.text_density <= r.curr_td_max) {
      if (next.text_density <= r.next_td_max) return prev.text_density > r.prev_td_max;
      return true;
    }
    return next.text_density != r.next_td_zero;
  }
  return next.text_density > r.next_td_after_links;
}

// english/NumWordsRulesClassifier.
bool num_words_rules(const Block& prev, const Block& curr, const Block& next) {
  const NumWordsRules& r = kNumWordsRules;
  if (static_cast<double>(curr.link_density) > r.curr_ld_max) return false;
  if (static_cast<double>(prev.link_density) <= r.prev_ld_max) {
    if (curr.words <= r.curr_words_max) {
      if (next.words <= r.next_words_max) return prev.words > r.prev_words_max;
      return true;
    }
    return true;
  }
  if (curr.words <= r.curr_words_after_links) return next.words > r.next_words_after_links;
  return true;
}

void density_rules_classifier(Blocks& bs) { classify_with_neighbours(bs, density_rules); }
void num_words_rules_classifier(Blocks& bs) { classify_with_neighbours(bs, num_words_rules); }

// TerminatingBlocksFinder's patterns, matched on the lower-cased text.
bool matches_terminating_patterns(std::string_view text) {
  std::string lc = java_lower(text);
  for (auto p : kTerminatingPrefixes)
    if (starts_with(lc, p)) return true;
  size_t digits = 0;
  while (digits < lc.size() && lc[digits] >= '0' && lc[digits] <= '9') ++digits;
  if (digits > 0)
    for (auto p : kTerminatingAfterNumber)
      if (starts_with(std::string_view(lc).substr(digits), p)) return true;
  for (auto p : kTerminatingInfixes)
    if (lc.find(p) != std::string::npos) return true;
  for (auto p : kTerminatingExact)
    if (lc == p) return true;
  return false;
}

// english/TerminatingBlocksFinder (runs on unmerged blocks: text = atom text).
void terminating_blocks_finder(Blocks& bs, const TextDocument& d) {
  for (Block& b : bs) {
    if (b.words >= kTerminatingMaxWords) continue;
    std::string_view text = java_trim(d.atom_text[b.atoms.front()]);
    if (utf16_length(text) < kTerminatingMinLength) continue;
    if (matches_terminating_patterns(text)) b.labels |= kLabelEndOfText;
  }
}

// DocumentTitleMatchClassifier.getLongestPart: split the title at
// "[ ]*[set][ ]*" (String.split: trailing empty parts dropped); of the parts
// not containing ".com", the first, or a later one that is longer; trimmed.
namespace {
bool longest_title_part(std::string_view title, std::string_view set, std::string& result) {
  std::vector<uint32_t> set_cps;
  for (size_t i = 0; i < set.size();) set_cps.push_back(unicode::next(set, i));
  std::vector<std::string> parts;
  std::string cur;
  std::string spaces;  // spaces not yet known to belong to a part
  for (size_t i = 0; i < title.size();) {
    size_t before = i;
    uint32_t cp = unicode::next(title, i);
    if (cp == ' ') {
      spaces += ' ';
      continue;
    }
    if (std::find(set_cps.begin(), set_cps.end(), cp) != set_cps.end()) {
      parts.push_back(std::move(cur));
      cur.clear();
      spaces.clear();
      while (i < title.size() && title[i] == ' ') ++i;  // trailing [ ]*
      continue;
    }
    cur += spaces;
    spaces.clear();
    cur.append(title.substr(before, i - before));
  }
  cur += spaces;
  parts.push_back(std::move(cur));
  while (!parts.empty() && parts.back().empty()) parts.pop_back();
  if (parts.size() == 1) return false;
  bool have = false;
  std::string longest;
  size_t longest_len = 0;
  for (const std::string& p : parts) {
    if (p.find(kTitlePartSkip) != std::string::npos) continue;
    // numWords = p.split("[\b]+").length: \b is a backspace there, so 1.
    size_t len = utf16_length(p);
    if (!have || len > longest_len) {
      have = true;
      longest = p;
      longest_len = len;
    }
  }
  if (longest.empty()) return false;
  result = std::string(java_trim(longest));
  return true;
}

}  // namespace

// DocumentTitleMatchClassifier's constructor: the trimmed title and its
// longest part for each separator set.
std::vector<std::string> potential_titles(std::string_view title) {
  title = java_trim(title);
  if (title.empty()) return {};
  std::vector<std::string> potential = {std::string(title)};
  for (auto set : kTitleSeparatorSets) {
    std::string part;
    if (longest_title_part(title, set, part)) potential.push_back(std::move(part));
  }
  return potential;
}

// heuristics/DocumentTitleMatchClassifier: blocks whose trimmed text equals a
// potential title (exactly) are the title (runs on unmerged blocks).
void document_title_match_classifier(Blocks& bs, const TextDocument& d) {
  std::vector<std::string> potential = potential_titles(d.title);
  if (potential.empty()) return;
  for (Block& b : bs) {
    std::string_view text = java_trim(d.atom_text[b.atoms.front()]);
    for (const std::string& p : potential)
      if (text == p) b.labels |= kLabelTitle;
  }
}

// english/IgnoreBlocksAfterContentFilter.
void ignore_blocks_after_content(Blocks& bs, int min_words) {
  int words = 0;
  bool found_end = false;
  for (Block& b : bs) {
    if (b.content && b.text_density >= kFullTextMinTextDensity) words += b.words;
    if ((b.labels & kLabelEndOfText) && words >= min_words) found_end = true;
    if (found_end) b.content = false;
  }
}

// simple/BoilerplateBlockFilter: removes the non-content blocks.
void boilerplate_block_filter(Blocks& bs) {
  bs.erase(std::remove_if(bs.begin(), bs.end(), [](const Block& b) { return !b.content; }), bs.end());
}

// heuristics/KeepLargestBlockFilter: only the first content block with the
// most words stays content; all others become "might be content".
void keep_largest_block(Blocks& bs) {
  if (bs.size() < 2) return;
  int max_words = -1;
  size_t largest = bs.size();
  for (size_t i = 0; i < bs.size(); ++i)
    if (bs[i].content && bs[i].words > max_words) {
      max_words = bs[i].words;
      largest = i;
    }
  for (size_t i = 0; i < bs.size(); ++i) {
    if (i == largest) {
      bs[i].content = true;
    } else {
      bs[i].content = false;
      bs[i].labels |= kLabelMightBeContent;
    }
  }
}

// heuristics/ExpandTitleToContentFilter: the "might be content" blocks from
// the (last) title block before the first content block up to it become content.
void expand_title_to_content(Blocks& bs) {
  int title = -1, content_start = -1;
  for (int i = 0; i < static_cast<int>(bs.size()); ++i) {
    if (content_start == -1 && (bs[i].labels & kLabelTitle)) title = i;
    if (content_start == -1 && bs[i].content) content_start = i;
  }
  if (content_start <= title || title == -1) return;
  for (int i = title; i < content_start; ++i)
    if (bs[i].labels & kLabelMightBeContent) bs[i].content = true;
}

}  // namespace boilerpipe
}  // namespace wce
