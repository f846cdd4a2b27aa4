// The learned ensemble ("ensemble"): model loading, label count, bad input
// (no text nodes, a failing member), determinism.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "wce/wce.hpp"

namespace {

const char* kPage =
    "<html><body><nav><a href='/'>Home</a> <a href='/x'>News</a></nav>"
    "<article><h1>A title of the story</h1><p>The first paragraph of the story has quite a few "
    "words in it, so that the extractors keep it as content of the page.</p><p>A second paragraph "
    "follows with more words about the same subject and a few more sentences.</p></article>"
    "<footer>Copyright 2026 <a href='/about'>About</a></footer></body></html>";

TEST(LearnedEnsemble, ModelLoadsWithTheFeatureLayout) {
  const wce::EnsembleModelInfo& info = wce::ensemble_model();
  ASSERT_EQ(info.model.weight.size(), wce::kEnsembleFeatureCount);
  for (size_t i = 0; i < wce::kEnsembleFeatureCount; ++i)
    EXPECT_STREQ(info.feature_names[i], wce::ensemble_feature_names()[i]);
  EXPECT_NE(std::string(info.trained_on).find("training split"), std::string::npos);
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
    EXPECT_EQ(wce::require_extractor("ensemble").run(ctx).size(), doc.text_nodes.size());
  }
}

TEST(LearnedEnsemble, FailingMemberVotesZeroAndIsCounted) {
  wce::Document doc = wce::parse_html(kPage, "utf-8");
  wce::Context ctx(doc);
  auto get = [](wce::Context& c, const std::string& name) -> wce::Labels {
    if (name == "readability") throw std::runtime_error("simulated failure");
    if (name == "goose") return wce::Labels(1, 1.0f);  // wrong label count
    return c.labels(name);
  };
  size_t failed = 0;
  std::vector<double> x = wce::ensemble_features(ctx, get, &failed);
  EXPECT_EQ(failed, 2u);
  ASSERT_EQ(x.size(), doc.text_nodes.size() * wce::kEnsembleFeatureCount);
  for (size_t k = 0; k < doc.text_nodes.size(); ++k) {
    EXPECT_EQ(x[k * wce::kEnsembleFeatureCount + 0], 0.0);  // readability
    EXPECT_EQ(x[k * wce::kEnsembleFeatureCount + 6], 0.0);  // goose
  }
  EXPECT_EQ(wce::ensemble_probabilities(ctx, get).size(), doc.text_nodes.size());
}

TEST(LearnedEnsemble, TrainingSplitIsFixed) {
  size_t train = 0;
  for (int i = 0; i < 1000; ++i) train += wce::ensemble_training_page("d", "page-" + std::to_string(i));
  EXPECT_GT(train, 250u);
  EXPECT_LT(train, 350u);
  EXPECT_EQ(wce::ensemble_training_page("d", "x"), wce::ensemble_training_page("d", "x"));
}

}  // namespace
