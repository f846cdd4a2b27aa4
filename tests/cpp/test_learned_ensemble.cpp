// The learned ensemble ("ensemble"): model loading, tree inference, label
// count, bad input (no text nodes, a failing member, an empty member output),
// the second stage's features, the page stage (its features, one side per
// page), determinism.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>

#include <cmath>
#include <set>
#include <vector>
#include <stdexcept>
#include <string>

#include "wce/train.hpp"

namespace {

const char* kPage =
    "<html><body><nav><a href='/'>Home</a> <a href='/x'>News</a></nav>"
    "<article><h1>A title of the story</h1><p>The first paragraph of the story has quite a few "
    "words in it, so that the extractors keep it as content of the page.</p><p>A second paragraph "
    "follows with more words about the same subject and a few more sentences.</p></article>"
    "<footer>Copyright 2026 <a href='/about'>About</a></footer></body></html>";

TEST(LearnedEnsemble, ModelLoadsWithTheFeatureLayout) {
  const wce::EnsembleModelInfo& info = wce::ensemble_model();
  ASSERT_FALSE(info.model.root.empty());
  ASSERT_EQ(info.model.feature.size(), info.model.threshold.size());
  // every node feature, or those before the page-type columns (a model trained before them)
  ASSERT_TRUE(info.features == wce::kEnsembleFeatureCount || info.features == wce::kEnsembleFeaturesBeforePageType);
  for (size_t i = 0; i < info.features; ++i)
    EXPECT_STREQ(info.feature_names[i], wce::ensemble_feature_names()[i]);
  if (info.features < wce::kEnsembleFeatureCount) EXPECT_FALSE(info.reads_page_type);
  EXPECT_NE(std::string(info.trained_on).find("training split"), std::string::npos);
  ASSERT_EQ(info.page_models.size(), info.page_choices.size());
  for (size_t c : info.page_choices) EXPECT_TRUE(wce::ensemble_used_members()[c]);
  if (info.context_stage) EXPECT_FALSE(info.context_model.root.empty());
}

TEST(LearnedEnsemble, OneProbabilityPerTextNodeAndDeterministic) {
  wce::Document doc = wce::parse_html(kPage, "utf-8");
  wce::Context a(doc), b(doc);
  const wce::Extractor& ex = wce::require_extractor("ensemble");
  wce::Labels la = ex.run(a), lb = ex.run(b);
  ASSERT_EQ(la.size(), doc.text_nodes.size());
  EXPECT_EQ(la, lb);
  for (float p : la) {
    EXPECT_GE(p, 0.0f);
    EXPECT_LE(p, 1.0f);
  }
}

TEST(LearnedEnsemble, PageWithoutTextNodes) {
  for (const char* html : {"", "<html><body><img src=x></body></html>"}) {
    wce::Document doc = wce::parse_html(html, "utf-8");
    wce::Context ctx(doc);
    EXPECT_EQ(ctx.labels(wce::require_extractor("ensemble")).size(), doc.text_nodes.size());
  }
}

size_t member_index(const char* name) {
  const auto& m = wce::ensemble_members();
  return static_cast<size_t>(std::find_if(m.begin(), m.end(), [&](const char* x) { return std::strcmp(x, name) == 0; }) -
                             m.begin());
}

TEST(LearnedEnsemble, FailingMemberVotesZeroAndIsCounted) {
  wce::Document doc = wce::parse_html(kPage, "utf-8");
  wce::Context ctx(doc);
  auto get = [](wce::Context& c, const std::string& name) -> wce::Labels {
    if (name == "readability") throw std::runtime_error("simulated failure");
    if (name == "cetd") return wce::Labels(1, 1.0f);  // wrong label count
    return c.labels(wce::require_extractor(name));
  };
  const wce::EnsembleMemberSet all = wce::parse_ensemble_members("readability,cetd,goose");
  size_t failed = 0;
  std::vector<double> x = wce::ensemble_features(ctx, get, &failed, &all);
  EXPECT_EQ(failed, 2u);
  ASSERT_EQ(x.size(), doc.text_nodes.size() * wce::kEnsembleFeatureCount);
  const size_t r = member_index("readability"), c = member_index("cetd"), g = member_index("goose");
  double goose_votes = 0;
  for (size_t k = 0; k < doc.text_nodes.size(); ++k) {
    EXPECT_EQ(x[k * wce::kEnsembleFeatureCount + r], 0.0);
    EXPECT_EQ(x[k * wce::kEnsembleFeatureCount + c], 0.0);
    goose_votes += x[k * wce::kEnsembleFeatureCount + g];
  }
  EXPECT_GT(goose_votes, 0.0);  // the working member still votes
  const wce::Labels p = wce::ensemble_probabilities(ctx, get);
  ASSERT_EQ(p.size(), doc.text_nodes.size());
  for (float v : p) EXPECT_TRUE(v >= 0.0f && v <= 1.0f);
}

TEST(LearnedEnsemble, EmptyMemberOutputsGiveASaneResult) {
  wce::Document doc = wce::parse_html(kPage, "utf-8");
  for (bool all_empty : {false, true}) {
    wce::Context ctx(doc);
    auto get = [&](wce::Context& c, const std::string& name) -> wce::Labels {
      if (all_empty || name == "readability") return wce::Labels(c.doc().text_nodes.size(), 0.0f);
      return c.labels(wce::require_extractor(name));
    };
    const wce::Labels p = wce::ensemble_probabilities(ctx, get);
    ASSERT_EQ(p.size(), doc.text_nodes.size());
    for (float v : p) EXPECT_TRUE(v >= 0.0f && v <= 1.0f);
  }
}

TEST(LearnedEnsemble, PageFeaturesFromHandMadeProbabilities) {
  // Readability keeps every worded node of the first half, the trees (prob)
  // keep the worded nodes from index 1 on: checked against sums by hand.
  wce::Document doc = wce::parse_html(kPage, "utf-8");
  wce::Context ctx(doc);
  const size_t n = doc.text_nodes.size();
  auto get = [n](wce::Context&, const std::string& name) -> wce::Labels {
    wce::Labels l(n, 0.0f);
    if (name == "readability")
      for (size_t k = 0; k < n / 2; ++k) l[k] = 1.0f;
    return l;
  };
  const std::vector<double> x = wce::ensemble_features(ctx, get);
  std::vector<double> prob(n);
  for (size_t k = 0; k < n; ++k) prob[k] = k >= 1 ? 0.8 : 0.1;
  const auto f = wce::ensemble_page_features(ctx, x, prob);
  const auto& words = ctx.text_words();
  double total = 0, rd = 0, trees = 0, both = 0, unsure = 0, on = 0;
  for (size_t k = 0; k < n; ++k) {
    total += words[k];
    const bool r = k < n / 2, t = k >= 1;
    rd += r ? words[k] : 0;
    trees += t ? words[k] : 0;
    both += r && t ? words[k] : 0;
    unsure += words[k] * std::min(prob[k], 1 - prob[k]);
    on += r ? words[k] * prob[k] : 0;
  }
  ASSERT_GT(rd, 0);
  ASSERT_GT(total, rd);
  const auto& names = wce::ensemble_page_feature_names();
  auto at = [&](const char* name) { return f[wce::ensemble_page_feature_index(name)]; };
  EXPECT_DOUBLE_EQ(at("trees_share"), trees / total);
  EXPECT_DOUBLE_EQ(at("readability_share"), rd / total);
  EXPECT_DOUBLE_EQ(at("trees_over_readability"), std::min(10.0, trees / rd));
  EXPECT_DOUBLE_EQ(at("trees_readability_jaccard"), both / (trees + rd - both));
  EXPECT_DOUBLE_EQ(at("prob_on_readability"), on / rd);
  EXPECT_DOUBLE_EQ(at("trees_uncertainty"), unsure / total);
  EXPECT_DOUBLE_EQ(at("log_page_words"), std::log1p(total));
  EXPECT_THROW(wce::ensemble_page_feature_index("no_such_feature"), std::invalid_argument);
  // No text nodes: every ratio is 0 (jaccard 1: nothing to disagree on).
  wce::Document empty = wce::parse_html("", "utf-8");
  wce::Context ectx(empty);
  const auto e = wce::ensemble_page_features(ectx, {}, {});
  for (size_t i = 0; i < e.size(); ++i)
    EXPECT_EQ(e[i], std::string(names[i]).find("_jaccard") != std::string::npos ? 1.0 : 0.0) << names[i];
}

TEST(LearnedEnsemble, PageOwnFeaturesFromAHandMadePage) {
  // Regions (article 1, main 2, itemprop=articleBody 4) per text node, the
  // <article> and <h1> counts, and the page's own features against sums by
  // hand: readability keeps the two articles, resiliparse nothing, the trees
  // (prob) the articleBody only.
  const std::string long_text = [] {
    std::string s;
    for (int i = 0; i < 30; ++i) s += "word" + std::to_string(i) + " ";
    return s;
  }();
  const std::string html =
      "<html><body><nav><a href='/'>Home page</a> <a href='/n'>News</a></nav><main><h1>The title</h1>"
      "<article><div itemprop='articleBody'><p>" + long_text + "</p><p>A short one.</p></div></article>"
      "<article><h1>Other</h1><p>Teaser text here</p></article></main>"
      "<div role='main'>Role main text</div><footer>Foot</footer></body></html>";
  const struct {
    const char* text;
    uint8_t region;
  } expected[] = {{"Home page", 0}, {"News", 0}, {"The title", wce::kRegionMain},
                  {"word0", wce::kRegionMain | wce::kRegionArticle | wce::kRegionBody},
                  {"A short one.", wce::kRegionMain | wce::kRegionArticle | wce::kRegionBody},
                  {"Other", wce::kRegionMain | wce::kRegionArticle},
                  {"Teaser text here", wce::kRegionMain | wce::kRegionArticle},
                  {"Role main text", wce::kRegionMain}, {"Foot", 0}};
  wce::Document doc = wce::parse_html(html, "utf-8");
  wce::Context ctx(doc);
  const wce::EnsemblePageDoc pd = wce::ensemble_page_doc(doc);
  EXPECT_EQ(pd.articles, 2u);
  EXPECT_EQ(pd.h1, 2u);
  const size_t n = doc.text_nodes.size();
  ASSERT_EQ(pd.region.size(), n);
  for (const auto& e : expected) {
    size_t found = 0;
    for (size_t k = 0; k < n; ++k)
      if (doc.text(doc.text_nodes[k]).rfind(e.text, 0) == 0) {
        EXPECT_EQ(pd.region[k], e.region) << e.text;
        ++found;
      }
    EXPECT_EQ(found, 1u) << e.text;
  }
  auto get = [&](wce::Context&, const std::string& name) -> wce::Labels {
    wce::Labels l(n, 0.0f);
    if (name == "readability")
      for (size_t k = 0; k < n; ++k) l[k] = pd.region[k] & wce::kRegionArticle ? 1.0f : 0.0f;
    return l;
  };
  const std::vector<double> x = wce::ensemble_features(ctx, get);
  std::vector<double> prob(n);
  for (size_t k = 0; k < n; ++k) prob[k] = pd.region[k] & wce::kRegionBody ? 0.9 : 0.2;
  const auto f = wce::ensemble_page_features(ctx, x, prob);
  const auto& words = ctx.text_words();
  double total = 0, article = 0, main = 0, body = 0, link = 0, longw = 0, nodes = 0, rd = 0, rd_p = 0;
  for (size_t k = 0; k < n; ++k) {
    if (!words[k]) continue;
    const double w = words[k];
    const uint8_t r = pd.region[k];
    total += w, nodes += 1;
    article += r & wce::kRegionArticle ? w : 0;
    main += r & wce::kRegionMain ? w : 0;
    body += r & wce::kRegionBody ? w : 0;
    link += doc.ancestor(doc.text_nodes[k], wce::Tag::A) != wce::kNone ? w : 0;
    longw += words[k] >= 25 ? w : 0;
    if (r & wce::kRegionArticle) rd += w, rd_p += w * prob[k];
  }
  const auto& names = wce::ensemble_page_feature_names();
  auto at = [&](const char* name) { return f[wce::ensemble_page_feature_index(name)]; };
  EXPECT_DOUBLE_EQ(at("article_share"), article / total);
  EXPECT_DOUBLE_EQ(at("main_share"), main / total);
  EXPECT_DOUBLE_EQ(at("body_share"), body / total);
  EXPECT_DOUBLE_EQ(at("log_articles"), std::log1p(2.0));
  EXPECT_DOUBLE_EQ(at("h1_count"), 2.0);
  EXPECT_DOUBLE_EQ(at("link_share"), link / total);
  EXPECT_DOUBLE_EQ(at("log_text_nodes"), std::log1p(nodes));
  EXPECT_DOUBLE_EQ(at("long_node_share"), longw / total);
  EXPECT_DOUBLE_EQ(at("trees_in_region"), 1.0);       // the trees keep the articleBody only
  EXPECT_DOUBLE_EQ(at("readability_in_region"), 1.0);  // readability keeps the articles only
  EXPECT_DOUBLE_EQ(at("readability_only_share"), rd / total);  // resiliparse and cetd keep nothing
  EXPECT_DOUBLE_EQ(at("prob_readability_only"), rd_p / rd);
  EXPECT_DOUBLE_EQ(at("readability_resiliparse_jaccard"), 0.0);
  // Without the page's own features they are left 0.
  const auto g = wce::ensemble_page_features(ctx, x, prob, /*own=*/false);
  for (size_t i = wce::kEnsemblePageMemberFeatureCount; i < g.size(); ++i) EXPECT_EQ(g[i], 0.0) << names[i];
}

TEST(LearnedEnsemble, ContextFeaturesFromHandMadeProbabilities) {
  // The second stage's smoothing, checked against sums by hand: P = 0.9 on
  // the article's worded nodes, 0.1 elsewhere.
  wce::Document doc = wce::parse_html(kPage, "utf-8");
  wce::Context ctx(doc);
  const auto& words = ctx.text_words();
  const size_t n = doc.text_nodes.size();
  auto in_article = [&](size_t k) {
    for (uint32_t a = doc.nodes[doc.text_nodes[k]].parent; a != wce::kNone; a = doc.nodes[a].parent)
      if (doc.nodes[a].tag == wce::Tag::Article) return true;
    return false;
  };
  std::vector<double> prob(n, 0.0);
  std::vector<size_t> worded;
  double total = 0, wp = 0, kept = 0, art_w = 0, art_wp = 0;
  for (size_t k = 0; k < n; ++k) {
    if (words[k] == 0) continue;
    prob[k] = in_article(k) ? 0.9 : 0.1;
    worded.push_back(k);
    total += words[k];
    wp += words[k] * prob[k];
    kept += prob[k] >= 0.5 ? words[k] : 0;
    if (in_article(k)) art_w += words[k], art_wp += words[k] * prob[k];
  }
  ASSERT_GE(worded.size(), 6u);
  const std::vector<double> f = wce::ensemble_context_features(ctx, prob);
  ASSERT_EQ(f.size(), n * wce::kEnsembleContextFeatureCount);
  const auto& names = wce::ensemble_context_feature_names();
  auto at = [&](size_t k, const char* name) {
    const size_t j = static_cast<size_t>(
        std::find_if(names.begin(), names.end(), [&](const char* m) { return std::strcmp(m, name) == 0; }) - names.begin());
    return f[k * wce::kEnsembleContextFeatureCount + j];
  };
  const std::vector<uint32_t> groups = wce::ensemble_context_groups(ctx);
  for (size_t i = 0; i < worded.size(); ++i) {
    const size_t k = worded[i];
    EXPECT_DOUBLE_EQ(at(k, "p1"), prob[k]);
    EXPECT_DOUBLE_EQ(at(k, "prev_p"), i > 0 ? prob[worded[i - 1]] : 0.0);
    EXPECT_DOUBLE_EQ(at(k, "next_p"), i + 1 < worded.size() ? prob[worded[i + 1]] : 0.0);
    double w3 = 0, wp3 = 0;
    for (size_t j = i >= 3 ? i - 3 : 0; j < i; ++j) w3 += words[worded[j]], wp3 += words[worded[j]] * prob[worded[j]];
    EXPECT_NEAR(at(k, "prev3_p"), w3 > 0 ? wp3 / w3 : 0.0, 1e-12);
    EXPECT_NEAR(at(k, "page_p"), wp / total, 1e-12);
    EXPECT_NEAR(at(k, "page_kept"), kept / total, 1e-12);
    // Holding elements: the block's container first, then its ancestors;
    // the article's paragraphs see the article two levels up (p, article).
    const uint32_t b = groups[k * wce::kEnsembleGroupCount];
    ASSERT_NE(b, wce::kNone);
    EXPECT_EQ(groups[k * wce::kEnsembleGroupCount + 1], ctx.blocks().blocks[b].container);
    EXPECT_EQ(groups[k * wce::kEnsembleGroupCount + 2], doc.nodes[ctx.blocks().blocks[b].container].parent);
    if (in_article(k) && doc.nodes[doc.text_nodes[k]].parent != wce::kNone &&
        doc.nodes[doc.nodes[doc.text_nodes[k]].parent].tag == wce::Tag::P) {
      EXPECT_NEAR(at(k, "anc1_p"), art_wp / art_w, 1e-12);
      EXPECT_NEAR(at(k, "anc1_share"), art_w / total, 1e-12);
      EXPECT_NEAR(at(k, "block_p"), 0.9, 1e-12);
    }
  }
  // Nodes without words get zeros; no text nodes give no rows.
  for (size_t k = 0; k < n; ++k)
    if (words[k] == 0) EXPECT_EQ(at(k, "page_p"), 0.0);
  wce::Document empty = wce::parse_html("", "utf-8");
  wce::Context ectx(empty);
  EXPECT_TRUE(wce::ensemble_context_features(ectx, {}).empty());
}

TEST(LearnedEnsemble, ContextFeaturesOfTheWordedNodesAloneAreTheDocuments) {
  // The training tool passes only the worded text nodes and the elements
  // above them (lab/tools/ensemble_stage_features): the features must be the
  // runtime's, bit for bit. Here the same reduction is made from the
  // Document's own inputs: keep the nodes with words below them, in order.
  wce::Document doc = wce::parse_html(kPage, "utf-8");
  wce::Context ctx(doc);
  const wce::EnsembleContextInputs full = wce::ensemble_context_inputs(ctx);
  const size_t n = full.words.size();
  std::vector<double> prob(n);
  for (size_t k = 0; k < n; ++k) prob[k] = 0.05 + 0.9 * static_cast<double>((k * 7) % 11) / 10.0;
  std::vector<uint32_t> id(full.parent.size(), wce::kNone);
  wce::EnsembleContextInputs part;
  std::vector<size_t> kept_rows;
  for (size_t i = 0; i < full.parent.size(); ++i)
    if (full.subtree_words[i] > 0) {
      id[i] = static_cast<uint32_t>(part.parent.size());
      part.parent.push_back(full.parent[i] == wce::kNone ? wce::kNone : id[full.parent[i]]);
      part.subtree_words.push_back(full.subtree_words[i]);
    }
  for (size_t k = 0; k < n; ++k) {
    if (full.words[k] == 0) continue;
    kept_rows.push_back(k);
    part.words.push_back(full.words[k]);
    part.text_node.push_back(id[full.text_node[k]]);
    for (size_t g = 0; g < wce::kEnsembleGroupCount; ++g) {
      const uint32_t v = full.groups[k * wce::kEnsembleGroupCount + g];
      part.groups.push_back(g == 0 || v == wce::kNone ? v : id[v]);
    }
  }
  part.blocks = full.blocks;
  ASSERT_LT(part.parent.size(), full.parent.size());  // something was left out
  ASSERT_LT(kept_rows.size(), n);
  std::vector<double> part_prob;
  for (size_t k : kept_rows) part_prob.push_back(prob[k]);
  const std::vector<double> a = wce::ensemble_context_features(full, prob);
  const std::vector<double> b = wce::ensemble_context_features(part, part_prob);
  constexpr size_t C = wce::kEnsembleContextFeatureCount;
  ASSERT_EQ(b.size(), kept_rows.size() * C);
  for (size_t i = 0; i < kept_rows.size(); ++i)
    for (size_t j = 0; j < C; ++j)
      EXPECT_EQ(std::memcmp(&a[kept_rows[i] * C + j], &b[i * C + j], sizeof(double)), 0)
          << wce::ensemble_context_feature_names()[j] << " of text node " << kept_rows[i];
  // A tree not in pre-order is refused, not read out of bounds.
  wce::EnsembleContextInputs bad = part;
  bad.parent[0] = static_cast<uint32_t>(bad.parent.size() - 1);
  EXPECT_THROW(wce::ensemble_context_features(bad, part_prob), std::invalid_argument);
}

TEST(LearnedEnsemble, LabelsAreTheTreesOrOneMembersOnEachPage) {
  // The page stage picks one side for the whole page: the kept nodes are
  // exactly the trees' (P >= 0.5, after the model's block completion) or
  // exactly one page choice's labels.
  const char* pages[] = {kPage,
                         "<html><body><div><a href=/a>One</a> <a href=/b>Two</a></div><p>Short text here.</p>"
                         "<div class=comments><p>A comment with some words in it</p></div></body></html>",
                         "<html><body><table><tr><td>Cell one with words</td><td><a href=x>link</a></td></tr>"
                         "</table><p>Body text that goes on for a while about nothing at all really.</p></body></html>"};
  const wce::EnsembleModelInfo& info = wce::ensemble_model();
  for (const char* html : pages) {
    wce::Document doc = wce::parse_html(html, "utf-8");
    wce::Context ctx(doc);
    const wce::Labels out = wce::ensemble_probabilities(ctx);
    const std::vector<double> x = wce::ensemble_features(ctx);
    std::vector<double> prob = wce::ensemble_tree_probabilities(ctx, x);
    wce::EnsembleCompletion completion = wce::ensemble_completion_defaults();
    completion.blocks = info.complete_blocks;
    completion.runs = info.complete_runs;
    wce::ensemble_complete(ctx, prob, completion);
    const auto& words = ctx.text_words();
    bool as_trees = true;
    std::vector<bool> as_member(info.page_choices.size(), true);
    for (size_t k = 0; k < out.size(); ++k) {
      if (words[k] == 0) {
        EXPECT_EQ(out[k], 0.0f);
        continue;
      }
      const bool kept = out[k] >= 0.5f;
      as_trees = as_trees && kept == (prob[k] >= 0.5);
      for (size_t c = 0; c < as_member.size(); ++c)
        as_member[c] = as_member[c] && kept == (x[k * wce::kEnsembleFeatureCount + info.page_choices[c]] >= 0.5);
    }
    EXPECT_TRUE(as_trees || std::find(as_member.begin(), as_member.end(), true) != as_member.end()) << html;
  }
}

TEST(LearnedEnsemble, RuleKeepsAShareOfWhatReadabilityKeeps) {
  // With the page stage's rule on: either the trees keep at least that share
  // of readability's words, or the page gets readability's labels. Here
  // readability keeps everything and every other member nothing.
  const wce::EnsembleModelInfo& info = wce::ensemble_model();
  if (info.page_fallback_share <= 0) GTEST_SKIP() << "the model has no such rule";
  wce::Document doc = wce::parse_html(kPage, "utf-8");
  wce::Context ctx(doc);
  auto get = [](wce::Context& c, const std::string& name) -> wce::Labels {
    return wce::Labels(c.doc().text_nodes.size(), name == "readability" ? 1.0f : 0.0f);
  };
  const wce::Labels p = wce::ensemble_probabilities(ctx, get);
  const auto& words = ctx.text_words();
  double kept = 0, all = 0;
  for (size_t k = 0; k < p.size(); ++k) {
    all += words[k];
    kept += p[k] >= 0.5f ? words[k] : 0;
  }
  EXPECT_GE(kept, info.page_fallback_share * all);
}

TEST(LearnedEnsemble, MemberNames) {
  const wce::EnsembleMemberSet s = wce::parse_ensemble_members("cetd,readability");
  EXPECT_EQ(std::count(s.begin(), s.end(), true), 2);
  EXPECT_TRUE(s[member_index("cetd")]);
  EXPECT_THROW(wce::parse_ensemble_members("readability,bte"), std::invalid_argument);
  const wce::EnsembleMemberSet& used = wce::ensemble_used_members();
  EXPECT_TRUE(used[member_index("readability")]);  // the page stage needs it
}

TEST(TreeModel, WalksEachTreeAndAddsTheLeaves) {
  // Tree 0: x0 <= 0.5 ? -1 : (x1 <= 2 ? 0.5 : 2); tree 1: a single leaf 0.25.
  wce::TreeModel t;
  t.feature = {0, -1, 1, -1, -1, -1};
  t.threshold = {0.5, 0, 2, 0, 0, 0};
  t.left = {1, -1, 3, -1, -1, -1};
  t.right = {2, -1, 4, -1, -1, -1};
  t.value = {0, -1, 0, 0.5, 2, 0.25};
  t.root = {0, 5};
  t.bias = 0.1;
  const double a[] = {0.5, 9}, b[] = {0.6, 2}, c[] = {0.6, 2.5};
  EXPECT_DOUBLE_EQ(t.margin(a), 0.1 - 1 + 0.25);
  EXPECT_DOUBLE_EQ(t.margin(b), 0.1 + 0.5 + 0.25);
  EXPECT_DOUBLE_EQ(t.margin(c), 0.1 + 2 + 0.25);
  EXPECT_NEAR(t.probability(c), 1 / (1 + std::exp(-2.35)), 1e-12);
}

TEST(TreeBatch, SameMarginsAsTreeModelBitForBit) {
  // The compiled-in trees on rows drawn around their own thresholds (so that
  // both sides of many splits, and equality, are taken), NaN included; and
  // resolve() with some features fixed to the first row's values.
  const wce::EnsembleModelInfo& info = wce::ensemble_model();
  const wce::TreeModel& m = info.model;
  constexpr size_t D = wce::kEnsembleFeatureCount;
  const size_t rows = 37;  // not a multiple of the lane count
  std::vector<double> x(rows * D);
  uint64_t state = 12345;
  auto next = [&] { return state = state * 6364136223846793005ull + 1442695040888963407ull; };
  for (size_t i = 0; i < x.size(); ++i) {
    const size_t node = next() % m.threshold.size();
    x[i] = m.threshold[node] + (static_cast<int>(next() % 3) - 1) * 1e-3;
  }
  x[5 * D + 3] = std::nan("");
  std::vector<bool> fixed(D, false);
  for (size_t f = 0; f < D; f += 3) fixed[f] = true;
  for (size_t r = 1; r < rows; ++r)
    for (size_t f = 0; f < D; ++f)
      if (fixed[f]) x[r * D + f] = x[f];
  std::vector<uint32_t> order;
  for (uint32_t r = rows; r-- > 0;) order.push_back(r);  // any order of rows
  std::vector<double> all(rows), resolved(rows);
  info.model_batch.margins(x.data(), D, order.data(), rows, all.data());
  info.model_batch.resolve(x.data(), fixed).margins(x.data(), D, order.data(), rows, resolved.data());
  std::set<double> distinct;
  for (size_t i = 0; i < rows; ++i) {
    const double want = m.margin(&x[order[i] * D]);
    EXPECT_EQ(all[i], want) << i;  // exact: the same additions in the same order
    EXPECT_EQ(resolved[i], want) << i;
    EXPECT_EQ(info.model_batch.margin(&x[order[i] * D]), want) << i;  // one row, trees side by side
    distinct.insert(want);
  }
  EXPECT_GT(distinct.size(), rows / 2);  // the rows do reach different leaves
}

TEST(LearnedEnsemble, TrainingSplitIsFixed) {
  size_t train = 0;
  for (int i = 0; i < 1000; ++i) train += wce::ensemble_training_page("d", "page-" + std::to_string(i));
  EXPECT_GT(train, 250u);
  EXPECT_LT(train, 350u);
  EXPECT_EQ(wce::ensemble_training_page("d", "x"), wce::ensemble_training_page("d", "x"));
}

}  // namespace
