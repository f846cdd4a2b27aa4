// Ensembles of extractors (family "ensemble"): the token votes of Bevendorff
// et al. 2023, section 4.5 (core/src/ensembles/vote.cpp), and news-please's text
// comparison (core/src/ensembles/news_please.cpp).
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "wce/context.hpp"
#include "wce/document.hpp"
#include "wce/extractor.hpp"

namespace wce {

// Token vote parameters (Bevendorff et al. 2023, section 4.5).
constexpr size_t kVoteNgram = 5;          // n of the left / right n-grams
constexpr int kVoteKeepNumerator = 2;     // a token is kept at >= 2/3 of the total weight
constexpr int kVoteKeepDenominator = 3;

struct VoteMember {
  std::string name;  // registry name
  int weight = 1;
};

// The members of "vote_all", "vote_best", "vote_best_weighted" (empty for
// another name). Members not in the registry (web2text until it exists) are
// left out here, so the tables can name them in advance.
std::vector<VoteMember> vote_members(std::string_view ensemble);
// vote_all's membership rule applied to the registry (every heuristic and
// learned extractor but the parameter variants), which its written-out list
// must equal (a test checks it).
std::vector<std::string> vote_all_rule_members();

// One member's output for the vote: its rendered text, or nullopt when the
// member failed (threw, or returned a wrong number of labels); a failed
// member has no weight in the total.
struct MemberOutput {
  std::string name;
  int weight = 1;
  std::optional<std::string> text;
};

struct VoteResult {
  Labels labels;  // per text node: 1 when at least half of its tokens are kept, else 0
  // Per text node: the mean over its tokens of (weight of the members that
  // voted for the token) / (total weight); 0 for a node without tokens.
  std::vector<float> confidence;
  std::vector<uint8_t> token_kept;  // per token of the all-text conversion
  int total_weight = 0;             // of the members that did not fail
  std::vector<std::string> failed;  // members that failed
};

// The vote over the page's all-text tokens (whitespace tokens of the text
// nodes in document order) given the members' outputs.
VoteResult vote_on_outputs(const Document& doc, const std::vector<MemberOutput>& outputs);

// How a vote gets a member's labels. The default asks the Context
// (Context::labels: each member runs once per Context and is cached, so the
// three votes, news_please and the members themselves share the runs).
using MemberLabelsFn = std::function<Labels(Context&, const Extractor&)>;
Labels run_member(Context& ctx, const Extractor& member);

// Runs the members (each once, through `get`), renders each in its own
// render style and votes.
VoteResult token_vote(Context& ctx, const std::vector<VoteMember>& members,
                      const MemberLabelsFn& get = run_member);

// news-please's ComparerText (newsplease/pipeline/extractor/comparer/
// comparer_text.py): the index of the chosen candidate, or nullopt.
struct TextCandidate {
  std::string extractor;  // "newspaper", "readability", ...
  std::optional<std::string> text;
};
std::optional<size_t> news_please_choose(const std::vector<TextCandidate>& candidates);

}  // namespace wce
