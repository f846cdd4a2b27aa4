// Block completion of the learned ensemble's labels (core/src/ensembles/ensemble_complete.cpp)
// on hand-made pages: which text nodes the rules add, and which they must leave alone.
#include <gtest/gtest.h>
#include <set>
#include <string>
#include <vector>

#include "test_util.hpp"
#include "wce/train.hpp"

namespace {

using wce::test::trimmed;

struct Case {
  const char* what;
  std::string html;
  std::set<std::string> kept_before;  // trimmed texts the trees keep (P 0.9; others 0.1)
  std::set<std::string> kept_after;   // trimmed texts kept after completion
  double run_max_words = -1;          // override of the tunable when >= 0
  bool run_structured = false;        // EnsembleCompletion::run_structured (on by default since 2026-11-27c)
  bool groups = false;                // EnsembleCompletion::groups (rule 3, off by default)
};

// A thread of posts (one repeated group of divs) and its texts.
std::string post(int i) {
  return "<div class='post'><span class='author'>user" + std::to_string(i) + "</span><div class='body'>Post " +
         std::to_string(i) + " says something about the pump and the garden hose.</div></div>";
}
std::string thread(int posts) {
  std::string h = "<html><body><nav class='menu'>";
  for (int i = 0; i < 4; ++i) h += "<div class='entry'>Menu " + std::to_string(i) + "</div>";
  h += "</nav><div class='thread'>";
  for (int i = 0; i < posts; ++i) h += post(i);
  return h + "</div></body></html>";
}
std::string body(int i) { return "Post " + std::to_string(i) + " says something about the pump and the garden hose."; }
std::string user(int i) { return "user" + std::to_string(i); }

const std::string kPara1 = "<p>The first paragraph has quite a few words in it.</p>";
const std::string kPara2 = "<p>The last paragraph has some words as well.</p>";
const std::string kFirst = "The first paragraph has quite a few words in it.";
const std::string kLast = "The last paragraph has some words as well.";
const std::string kCodePage =
    "<html><body><div>" + kPara1 + "<pre><code>pip install thing</code></pre>" + kPara2 + "</div></body></html>";

std::vector<Case> cases() {
  return {
      {"a link and an emphasis inside a mostly kept paragraph",
       "<html><body><div><p>Alpha beta gamma delta <a href='/x'>link</a> epsilon zeta.</p></div></body></html>",
       {"Alpha beta gamma delta", "epsilon zeta."},
       {"Alpha beta gamma delta", "link", "epsilon zeta."}},
      {"a paragraph mostly dropped stays as it is",
       "<html><body><div><p>Other paragraph text <em>x</em> here and there again</p></div></body></html>",
       {"x"},
       {"x"}},
      {"a heading and a list between two kept paragraphs",
       "<html><body><div>" + kPara1 + "<h2>A heading</h2><ul><li>one item</li><li>two item</li></ul>" + kPara2 +
           "</div></body></html>",
       {kFirst, kLast},
       {kFirst, "A heading", "one item", "two item", kLast}},
      {"a list item inside a paragraph of its own (li > p)",
       "<html><body><div>" + kPara1 + "<ul><li><p>nested item</p></li></ul>" + kPara2 + "</div></body></html>",
       {kFirst, kLast},
       {kFirst, "nested item", kLast}},
      {"only one side kept",
       "<html><body><div>" + kPara1 + "<h2>A heading</h2>" + kPara2 + "</div></body></html>",
       {kFirst},
       {kFirst}},
      {"a paragraph (not a heading or list) between kept ones",
       "<html><body><div>" + kPara1 + "<p>A dropped paragraph</p>" + kPara2 + "</div></body></html>",
       {kFirst, kLast},
       {kFirst, kLast}},
      {"a menu of links between kept paragraphs",
       "<html><body><div>" + kPara1 + "<ul><li><a href='/a'>Home page</a></li><li><a href='/b'>News</a></li></ul>" +
           kPara2 + "</div></body></html>",
       {kFirst, kLast},
       {kFirst, kLast}},
      {"flanking blocks only share <body>",
       "<html><body>" + kPara1 + "<h2>A heading</h2>" + kPara2 + "</body></html>",
       {kFirst, kLast},
       {kFirst, kLast}},
      {"a run longer than the word cap",
       "<html><body><div>" + kPara1 + "<h2>A long heading here</h2>" + kPara2 + "</div></body></html>",
       {kFirst, kLast},
       {kFirst, kLast},
       3},
      {"a code listing between kept paragraphs, runs over pre off",
       kCodePage,
       {kFirst, kLast},
       {kFirst, kLast}},
      {"a code listing between kept paragraphs, runs over pre on",
       kCodePage,
       {kFirst, kLast},
       {kFirst, "pip install thing", kLast},
       -1,
       true},
      {"table cells between kept paragraphs, runs over td / th on",
       "<html><body><div>" + kPara1 + "<table><tr><th>Speed</th><td>0.091 GB/s</td></tr></table>" + kPara2 +
           "</div></body></html>",
       {kFirst, kLast},
       {kFirst, "Speed", "0.091 GB/s", kLast},
       -1,
       true},
      {"a plain paragraph is not a structured block either",
       "<html><body><div>" + kPara1 + "<p>A dropped paragraph</p>" + kPara2 + "</div></body></html>",
       {kFirst, kLast},
       {kFirst, kLast},
       -1,
       true},
      // Rule 3: three of four posts kept (both texts) -> the fourth too; its author line as well.
      {"a thread with one post dropped, groups on",
       thread(4),
       {body(0), user(0), body(1), user(1), body(3), user(3)},
       {body(0), user(0), body(1), user(1), body(2), user(2), body(3), user(3)},
       -1, true, true},
      {"the same thread, groups off",
       thread(4),
       {body(0), user(0), body(1), user(1), body(3), user(3)},
       {body(0), user(0), body(1), user(1), body(3), user(3)},
       -1, true, false},
      // 3 of 5 = 0.6 of the items: kept; an item counts as kept when half its words are (the body alone).
      {"three of five posts kept by their bodies",
       thread(5),
       {body(0), body(2), body(4)},
       {body(0), user(0), body(1), user(1), body(2), user(2), body(3), user(3), body(4), user(4)},
       -1, true, true},
      {"one of four posts kept: the group stays as it is",
       thread(4),
       {body(1), user(1)},
       {body(1), user(1)},
       -1, true, true},
      // A menu repeats too: three of its four entries kept do not bring in the fourth (navigation markup).
      {"a menu inside <nav> is never completed",
       thread(2),
       {"Menu 0", "Menu 1", "Menu 3", body(0), user(0)},
       {"Menu 0", "Menu 1", "Menu 3", body(0), user(0)},
       -1, true, true},
  };
}

}  // namespace

TEST(EnsembleComplete, HandMadePages) {
  for (const Case& c : cases()) {
    wce::Document doc = wce::parse_html(c.html, "utf-8");
    wce::Context ctx(doc);
    const size_t n = doc.text_nodes.size();
    std::vector<double> prob(n);
    std::set<std::string> seen;
    for (size_t k = 0; k < n; ++k) {
      const std::string t = trimmed(doc.text(doc.text_nodes[k]));
      prob[k] = c.kept_before.count(t) ? 0.9 : 0.1;
      seen.insert(t);
    }
    for (const std::string& t : c.kept_after) ASSERT_TRUE(seen.count(t)) << c.what << ": no text node '" << t << "'";
    wce::EnsembleCompletion opt = wce::ensemble_completion_defaults();
    if (c.run_max_words >= 0) opt.run_max_words = c.run_max_words;
    opt.run_structured = c.run_structured;
    opt.groups = c.groups;
    const size_t changed = wce::ensemble_complete(ctx, prob, opt);
    std::set<std::string> kept;
    for (size_t k = 0; k < n; ++k) {
      if (prob[k] >= 0.5) kept.insert(trimmed(doc.text(doc.text_nodes[k])));
      // Kept nodes keep their P; completed ones sit at the border.
      const std::string t = trimmed(doc.text(doc.text_nodes[k]));
      if (c.kept_before.count(t)) EXPECT_EQ(prob[k], 0.9) << c.what;
      else if (c.kept_after.count(t)) EXPECT_EQ(prob[k], 0.5) << c.what;
    }
    EXPECT_EQ(kept, c.kept_after) << c.what;
    EXPECT_EQ(changed, c.kept_after.size() - c.kept_before.size()) << c.what;
  }
}

TEST(EnsembleComplete, RulesSwitchOffAndBadInput) {
  const std::string html = "<html><body><div>" + kPara1 +
                           "<h2>A heading</h2><p>Alpha beta gamma <a href='/x'>link</a></p>" + kPara2 +
                           "</div></body></html>";
  wce::Document doc = wce::parse_html(html, "utf-8");
  wce::Context ctx(doc);
  const size_t n = doc.text_nodes.size();
  auto run = [&](bool blocks, bool runs) {
    std::vector<double> prob(n);
    for (size_t k = 0; k < n; ++k) {
      const std::string t = trimmed(doc.text(doc.text_nodes[k]));
      prob[k] = t == "A heading" || t == "link" ? 0.1 : 0.9;
    }
    wce::EnsembleCompletion opt = wce::ensemble_completion_defaults();
    opt.blocks = blocks;
    opt.runs = runs;
    return wce::ensemble_complete(ctx, prob, opt);
  };
  EXPECT_EQ(run(false, false), 0u);
  EXPECT_EQ(run(true, false), 1u);  // the link
  EXPECT_EQ(run(false, true), 1u);  // the heading
  EXPECT_EQ(run(true, true), 2u);
  // Fewer probabilities than text nodes, and a page without text: nothing to do, no crash.
  std::vector<double> few(1, 0.9);
  EXPECT_EQ(wce::ensemble_complete(ctx, few, wce::ensemble_completion_defaults()), 0u);
  wce::Document empty = wce::parse_html("<html><body></body></html>", "utf-8");
  wce::Context ectx(empty);
  std::vector<double> none;
  EXPECT_EQ(wce::ensemble_complete(ectx, none, wce::ensemble_completion_defaults()), 0u);
}

// 10,000 repeated siblings, every other one kept: rule 3 keeps them all
// (linear in the page; a sane result, no crash).
TEST(EnsembleComplete, GroupRuleOnTenThousandSiblings) {
  std::string html = "<html><body><div class='list'>";
  for (int i = 0; i < 10000; ++i) html += "<div class='row'>row words " + std::to_string(i) + "</div>";
  html += "</div></body></html>";
  wce::Document doc = wce::parse_html(html, "utf-8");
  wce::Context ctx(doc);
  const size_t n = doc.text_nodes.size();
  std::vector<double> prob(n, 0.1);
  for (size_t k = 0; k < n; k += 2) prob[k] = 0.9;  // 5,000 of 10,000 items: below 0.6, nothing changes
  wce::EnsembleCompletion opt = wce::ensemble_completion_defaults();
  opt.groups = true;
  EXPECT_EQ(wce::ensemble_complete(ctx, prob, opt), 0u);
  for (size_t k = 1; k < n; k += 4) prob[k] = 0.9;  // 7,500 kept: the group is completed
  EXPECT_EQ(wce::ensemble_complete(ctx, prob, opt), 2500u);
  for (double p : prob) EXPECT_GE(p, 0.5);
}
