// The headline rule of the learned ensemble (core/src/ensembles/ensemble_headline.cpp)
// on hand-made pages: which <h1> it keeps above the kept text, and which pages it leaves alone.
#include <gtest/gtest.h>
#include <set>
#include <string>
#include <vector>

#include "test_util.hpp"
#include "wce/train.hpp"

namespace {

using wce::test::trimmed;

// Sixty words of body text: above the rule's 50-word floor.
const std::string kBody =
    "The committee met on Tuesday to discuss the new budget for the coming year and the plans for the river "
    "bridge. Members raised questions about the cost of repairs, the schedule of the works and the impact on "
    "traffic in the old town. A final vote is expected next month after a public hearing in the town hall today.";
const std::string kShort = "A short note of only a few words here.";

struct Case {
  const char* what;
  std::string html;
  std::set<std::string> kept_before;  // trimmed texts kept by the labels (P 0.9; others 0.1)
  std::set<std::string> kept_after;   // trimmed texts kept after the rule
};

std::string page(const std::string& inner) { return "<html><body>" + inner + "</body></html>"; }

std::vector<Case> cases() {
  const std::string body = "<div class='story'><p>" + kBody + "</p></div>";
  return {
      {"the <h1> above the kept story", page("<h1>Council approves bridge budget</h1>" + body), {kBody},
       {kBody, "Council approves bridge budget"}},
      {"a linked headline, a menu between it and the story",
       page("<h1><a href='/story'>Council approves bridge budget</a></h1><ul><li><a href='/a'>Home</a></li></ul>" +
            body),
       {kBody}, {kBody, "Council approves bridge budget"}},
      {"the nearest <h1> wins over the logo's", page("<h1>Daily</h1><h1>Council approves bridge budget</h1>" + body),
       {kBody}, {kBody, "Council approves bridge budget"}},
      {"a two-word <h1> is a logo or a section name", page("<h1>Town news</h1>" + body), {kBody}, {kBody}},
      {"an <h1> below the kept text is not a headline", page(body + "<h1>Council approves bridge budget</h1>"),
       {kBody}, {kBody}},
      {"a page that keeps an <h1> already",
       page("<h1>Council approves bridge budget</h1>" + body + "<h1>Another heading of the page</h1>"),
       {kBody, "Another heading of the page"}, {kBody, "Another heading of the page"}},
      {"too little kept text to head", page("<h1>Council approves bridge budget</h1><p>" + kShort + "</p>"),
       {kShort}, {kShort}},
      {"nothing kept", page("<h1>Council approves bridge budget</h1>" + body), {}, {}},
  };
}

std::string many_blocks(int n) {
  std::string h = "<h1>Council approves bridge budget</h1>";
  for (int i = 0; i < n; ++i) h += "<p>filler " + std::to_string(i) + "</p>";
  return h;
}

}  // namespace

TEST(EnsembleHeadline, HandMadePages) {
  std::vector<Case> all = cases();
  // 25 worded blocks between the <h1> and the story: found; 26: too far.
  all.push_back({"25 blocks between", page(many_blocks(24) + "<div><p>" + kBody + "</p></div>"), {kBody},
                 {kBody, "Council approves bridge budget"}});
  all.push_back({"26 blocks between", page(many_blocks(25) + "<div><p>" + kBody + "</p></div>"), {kBody}, {kBody}});
  for (const Case& c : all) {
    wce::Document doc = wce::parse_html(c.html, "utf-8");
    wce::Context ctx(doc);
    const size_t n = doc.text_nodes.size();
    wce::Labels labels(n);
    std::set<std::string> seen;
    for (size_t k = 0; k < n; ++k) {
      const std::string t = trimmed(doc.text(doc.text_nodes[k]));
      labels[k] = c.kept_before.count(t) ? 0.9f : 0.1f;
      seen.insert(t);
    }
    for (const std::string& t : c.kept_after) ASSERT_TRUE(seen.count(t)) << c.what << ": no text node '" << t << "'";
    const size_t changed = wce::ensemble_keep_headline(ctx, labels);
    std::set<std::string> kept;
    for (size_t k = 0; k < n; ++k)
      if (labels[k] >= 0.5f) kept.insert(trimmed(doc.text(doc.text_nodes[k])));
    EXPECT_EQ(kept, c.kept_after) << c.what;
    EXPECT_EQ(changed, c.kept_after.size() - c.kept_before.size()) << c.what;
  }
}

TEST(EnsembleHeadline, BadInput) {
  wce::Document empty = wce::parse_html("", "utf-8");
  wce::Context ectx(empty);
  wce::Labels none;
  EXPECT_EQ(wce::ensemble_keep_headline(ectx, none), 0u);
  // Fewer labels than text nodes: the rule reads only what it has.
  wce::Document doc = wce::parse_html(page("<h1>Council approves bridge budget</h1><p>" + kBody + "</p>"), "utf-8");
  wce::Context ctx(doc);
  wce::Labels few(1, 0.9f);
  EXPECT_EQ(wce::ensemble_keep_headline(ctx, few), 0u);
}
