// Tests of the ensembles: the token votes on hand-made member outputs
// (padding, threshold, weights, failed and empty members), the node labels
// and confidences, the member tables, news-please's text rule.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "wce/wce.hpp"

namespace {

using wce::MemberOutput;

// One paragraph per group of words: {"a b c", "d e"} -> <p>a b c</p><p>d e</p>.
wce::Document page(const std::vector<std::string>& paragraphs) {
  std::string html = "<body>";
  for (const std::string& p : paragraphs) html += "<p>" + p + "</p>";
  return wce::parse_html(html + "</body>", "utf-8");
}

std::string kept_tokens(const wce::VoteResult& r, const std::vector<std::string>& words) {
  std::string out;
  for (size_t i = 0; i < r.token_kept.size(); ++i)
    if (r.token_kept[i]) out += (out.empty() ? "" : " ") + words[i];
  return out;
}

const std::vector<std::string> kWords = {"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"};

struct VoteCase {
  const char* what;
  std::vector<MemberOutput> outputs;
  std::string kept;  // kept tokens of "a b c d e f g h i j k l"
  int total_weight;
};

TEST(Vote, TokensOnHandMadeOutputs) {
  const std::vector<VoteCase> cases = {
      {"start of the text: padding gives the first tokens their left gram",
       {{"m", 1, "a b c"}}, "a b c", 1},
      {"end of the text: padding gives the last tokens their right gram",
       {{"m", 1, "h i j k l"}}, "h i j k l", 1},
      {"a piece shorter than n in the middle gets no vote (no full 5-gram matches)",
       {{"m", 1, "e f g"}}, "", 1},
      {"a piece of exactly n tokens in the middle: its first token by the right gram, its last by "
       "the left gram, the others by neither",
       {{"m", 1, "d e f g h"}}, "d h", 1},
      {"output with other text around: every token still has one of its grams inside",
       {{"m", 1, "x y a b c d e f g h i j k l z"}}, "a b c d e f g h i j k l", 1},
      {"threshold 2/3: two of three members keep a token",
       {{"m1", 1, "a b c d e f"}, {"m2", 1, "a b c d e f g h i j k l"}, {"m3", 1, "g h i j k l"}},
       "a b c d e f g h i j k l", 3},
      {"threshold 2/3: two of four members do not",
       {{"m1", 1, "a b c d e f"}, {"m2", 1, "a b c d e f"}, {"m3", 1, "g h i j k l"},
        {"m4", 1, "g h i j k l"}},
       "", 4},
      {"weights: the double member and one more reach 3 of 4",
       {{"heavy", 2, "a b c d e f"}, {"m2", 1, "a b c d e f g h i j k l"}, {"m3", 1, ""}},
       "a b c d e f", 4},
      {"weights: two single members without the double one reach 2 of 4 only",
       {{"heavy", 2, ""}, {"m2", 1, "a b c d e f g h i j k l"}, {"m3", 1, "a b c d e f g h i j k l"}},
       "", 4},
      {"a failed member has no weight", {{"m1", 1, "a b c"}, {"bad", 1, std::nullopt}}, "a b c", 1},
      {"an empty output is a member voting for nothing", {{"m1", 1, "a b c"}, {"empty", 1, ""}}, "",
       2},
      {"every member failed: nothing kept", {{"bad", 1, std::nullopt}}, "", 0},
  };
  wce::Document d = page({"a b c d", "e f g h", "i j k l"});
  for (const VoteCase& c : cases) {
    wce::VoteResult r = wce::vote_on_outputs(d, c.outputs);
    ASSERT_EQ(r.token_kept.size(), kWords.size()) << c.what;
    EXPECT_EQ(kept_tokens(r, kWords), c.kept) << c.what;
    EXPECT_EQ(r.total_weight, c.total_weight) << c.what;
    EXPECT_EQ(r.labels.size(), d.text_nodes.size()) << c.what;
  }
}

// Members' outputs are rendered text, which has no soft hyphens (output/render.cpp):
// the page's tokens must drop them too, or a hyphenated word never matches.
TEST(Vote, SoftHyphensDoNotSplitTheMatch) {
  wce::Document d = page({"Werk&shy;zeug&shy;ty&shy;pen und ihre Lauf&shy;zei&shy;ten sind be&shy;kannt"});
  const std::string rendered = wce::render_all_text(d);
  EXPECT_EQ(rendered, "Werkzeugtypen und ihre Laufzeiten sind bekannt");
  wce::VoteResult r = wce::vote_on_outputs(d, {{"m", 1, rendered}});
  ASSERT_EQ(r.labels.size(), 1u);
  EXPECT_EQ(r.labels[0], 1.0f);
}

TEST(Vote, NodeLabelsAndConfidence) {
  wce::Document d = page({"a b c d", "e f g h", "i j k l"});
  ASSERT_EQ(d.text_nodes.size(), 3u);
  // m1 votes a..f, m2 votes a..l, m3 votes nothing: a..f kept (2/3), g..l not (1/3).
  wce::VoteResult r = wce::vote_on_outputs(
      d, {{"m1", 1, "a b c d e f"}, {"m2", 1, "a b c d e f g h i j k l"}, {"m3", 1, ""}});
  // Node 2 "e f g h": two of four tokens kept -> content (at least half).
  EXPECT_EQ(r.labels, (wce::Labels{1, 1, 0}));
  EXPECT_FLOAT_EQ(r.confidence[0], 2.0f / 3);
  EXPECT_FLOAT_EQ(r.confidence[1], (2 * 2.0f / 3 + 2 * 1.0f / 3) / 4);
  EXPECT_FLOAT_EQ(r.confidence[2], 1.0f / 3);
  EXPECT_TRUE(r.failed.empty());
}

TEST(Vote, PageWithoutTextNodes) {
  wce::Document d = wce::parse_html("<div><img src=x></div>", "utf-8");
  wce::VoteResult r = wce::vote_on_outputs(d, {{"m", 1, ""}, {"n", 1, "words"}});
  EXPECT_EQ(r.labels.size(), d.text_nodes.size());
  EXPECT_TRUE(r.token_kept.empty());
  for (const char* name : {"vote_all", "vote_best", "vote_best_weighted", "news_please"}) {
    const wce::Extractor* e = wce::find_extractor(name);
    ASSERT_NE(e, nullptr) << name;
    wce::Context ctx(d);
    EXPECT_EQ(ctx.labels(*e).size(), d.text_nodes.size()) << name;
  }
}

// token_vote gets labels through the given function: a member that throws
// and one with a wrong label count are left out and reported.
TEST(Vote, FailingMembers) {
  wce::Document d = page({"a b c d e f", "g h i j k l"});
  wce::Context ctx(d);
  auto get = [](wce::Context& c, const wce::Extractor& e) -> wce::Labels {
    if (e.info().name == "bte") throw std::runtime_error("member failed");
    if (e.info().name == "justext") return wce::Labels(1, 1.0f);
    return wce::Labels(c.doc().text_nodes.size(), 1.0f);  // everything
  };
  wce::VoteResult r = wce::token_vote(ctx, {{"readability", 1}, {"bte", 1}, {"justext", 1}, {"goose", 1}}, get);
  EXPECT_EQ(r.failed, (std::vector<std::string>{"bte", "justext"}));
  EXPECT_EQ(r.total_weight, 2);
  EXPECT_EQ(r.labels, (wce::Labels{1, 1}));
  // A member that is not registered is an error, never an empty vote.
  EXPECT_THROW(wce::token_vote(ctx, {{"readability", 1}, {"nope", 5}}, get), std::invalid_argument);
}

TEST(Vote, MemberTables) {
  auto names = [](const std::vector<wce::VoteMember>& m) {
    std::string s;
    for (const auto& x : m) s += (s.empty() ? "" : ",") + x.name + (x.weight == 1 ? "" : "*2");
    return s;
  };
  std::string best = wce::find_extractor("web2text")
                         ? "readability,trafilatura,domdistiller,goose,web2text,resiliparse,bte,justext,boilerpipe"
                         : "readability,trafilatura,domdistiller,goose,resiliparse,bte,justext,boilerpipe";
  EXPECT_EQ(names(wce::vote_members("vote_best")), best);
  std::string weighted = best;
  for (const char* heavy : {"readability", "trafilatura", "goose"})
    weighted.replace(weighted.find(heavy), std::string(heavy).size(), std::string(heavy) + "*2");
  EXPECT_EQ(names(wce::vote_members("vote_best_weighted")), weighted);
  // vote_all: no baseline, no ensemble, no parameter variant.
  std::vector<wce::VoteMember> all = wce::vote_members("vote_all");
  const std::string all_names = names(all);
  for (const char* heuristic : {"bte", "lqf50", "dsc", "ccb", "cetr", "cetd", "boilerpipe", "justext",
                                "readability", "goose", "trafilatura", "domdistiller", "resiliparse"})
    EXPECT_NE(("," + all_names + ",").find(std::string(",") + heuristic + ","), std::string::npos) << heuristic;
  for (const auto& m : all) {
    const wce::Family family = wce::find_extractor(m.name)->info().family;
    EXPECT_TRUE(family == wce::Family::Heuristic || family == wce::Family::Learned) << m.name;
    EXPECT_NE(m.name, "lqf25");
    EXPECT_NE(m.name, "boilerpipe_article");
  }
  EXPECT_TRUE(wce::vote_members("nothing").empty());
}

TEST(NewsPlease, ComparerText) {
  const std::string long1 = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen";
  const std::string long2 = long1 + " sixteen seventeen";
  const std::string other = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi";
  struct Case {
    const char* what;
    std::vector<wce::TextCandidate> candidates;
    std::optional<size_t> chosen;
  };
  const std::vector<Case> cases = {
      {"default pipeline: newspaper with 15 words", {{"newspaper", long1}, {"readability", std::nullopt}}, 0},
      {"default pipeline: newspaper under 15 words gives nothing",
       {{"newspaper", "too short"}, {"readability", std::nullopt}}, std::nullopt},
      {"two texts: the pair holds newspaper, so newspaper", {{"readability", long2}, {"newspaper", long1}}, 1},
      {"the candidate right after a removed one is not checked (Python list removal)",
       {{"newspaper", "short"}, {"readability", "also short"}}, 1},
      {"three texts: the most similar pair without newspaper gives its longer text",
       {{"newspaper", other}, {"a", long1}, {"b", long2}}, 2},
      {"nothing", {}, std::nullopt},
  };
  for (const Case& c : cases) EXPECT_EQ(wce::news_please_choose(c.candidates), c.chosen) << c.what;
}

}  // namespace
