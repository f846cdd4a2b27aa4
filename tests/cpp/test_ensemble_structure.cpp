// The learned ensemble's structural features (core/src/ensembles/ensemble_structure.cpp,
// issue 32) on small hand-made pages of the kinds the members handle badly:
// a forum thread whose every post must carry the post / repeated signal, a
// card grid, a docs page with a sidebar and a table of contents, a service
// page built from sections. Data-driven: per page, the expected value of a
// feature on the text node that contains a given string.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "wce/train.hpp"

namespace {

struct Expect {
  const char* text;     // a substring of the text node
  const char* feature;  // a name of wce::ensemble_feature_names()
  double value;         // expected value
  double tolerance;
};

struct Case {
  const char* name;
  const char* html;
  std::vector<Expect> expect;
};

const double kLog4 = std::log1p(3.0), kLog5 = std::log1p(4.0);

const std::vector<Case> kCases = {
    {"forum_thread",
     "<html><body><nav class='site-nav'><a href='/'>Forums home</a> <a href='/rules'>Rules</a></nav>"
     "<div class='thread'>"
     "<div class='post-row'><div class='author'>Ann</div><div class='message'>First post of the thread asks how "
     "to fix the broken pump in the garden.</div></div>"
     "<div class='post-row'><div class='author'>Bob</div><div class='message'>Second post answers that the seal "
     "must be replaced first.</div></div>"
     "<div class='post-row'><div class='author'>Cy</div><div class='message'>Third post thanks both and says it "
     "worked.</div></div>"
     "</div><footer>Postal address 1 Main Street</footer></body></html>",
     {{"First post", "in_post_markup", 1, 0}, {"Second post", "in_post_markup", 1, 0},
      {"Third post", "in_post_markup", 1, 0}, {"First post", "repeat_log_count", kLog4, 1e-12},
      {"Third post", "repeat_log_count", kLog4, 1e-12}, {"Bob", "repeat_log_count", kLog4, 1e-12},
      // the three posts hold most of the page's words
      {"Second post", "repeat_group_share", 0.8, 0.15}, {"Forums home", "in_navigation", 1, 0},
      {"Forums home", "in_post_markup", 0, 0}, {"Forums home", "repeat_log_count", 0, 0},
      // "postal" is not a post, the footer is not in a repeated structure
      {"Postal address", "in_post_markup", 0, 0}, {"Postal address", "repeat_log_count", 0, 0}}},
    {"card_grid",
     "<html><body><h1>Garden tools</h1><ul class='products'>"
     "<li class='card'><h3>Spade</h3><span class='price'>12 EUR</span></li>"
     "<li class='card'><h3>Rake</h3><span class='price'>9 EUR</span></li>"
     "<li class='card'><h3>Hoe</h3><span class='price'>11 EUR</span></li>"
     "<li class='card'><h3>Shears</h3><span class='price'>15 EUR</span><div class='stock'>In stock now</div></li>"
     "</ul></body></html>",
     {{"Spade", "repeat_log_count", kLog5, 1e-12}, {"Shears", "repeat_log_count", kLog5, 1e-12},
      {"12 EUR", "repeat_item_log_words", std::log1p(3.0), 1e-12}, {"Garden tools", "repeat_log_count", 0, 0},
      {"Spade", "in_post_markup", 0, 0}, {"In stock", "in_navigation", 0, 0},  // "stock" is not a "toc"
      // every card is in a repeated item: 15 of the page's 17 words
      {"Garden tools", "page_repeated_share", 15.0 / 17.0, 1e-12}}},
    {"docs_sidebar_toc",
     "<html><body><aside class='docs-sidebar'><ul><li><a href='/a'>Install</a></li><li><a href='/b'>Usage</a></li>"
     "<li><a href='/c'>API</a></li></ul></aside>"
     "<main><h1>Usage</h1><p>Call the function with a path and it returns the parsed document tree.</p>"
     "<p>Errors are raised as exceptions with a message.</p></main>"
     "<div id='toc'><p>On this page</p><a href='#x'>Arguments</a></div>"
     "<div class='menu'>Versions</div></body></html>",
     {{"Install", "in_navigation", 1, 0}, {"API", "in_navigation", 1, 0}, {"On this page", "in_navigation", 1, 0},
      {"Arguments", "in_navigation", 1, 0}, {"Versions", "in_navigation", 1, 0},
      {"Call the function", "in_navigation", 0, 0}, {"Errors are raised", "in_navigation", 0, 0},
      // paragraphs repeat in any prose: not a repeated structure
      {"Call the function", "repeat_log_count", 0, 0}, {"Install", "repeat_log_count", kLog4, 1e-12}}},
    {"service_sections",
     "<html><body><header><a href='/'>Acme</a></header>"
     "<section class='hero'><h2>Cloud backups</h2><p>Your files, copied every hour to two regions.</p></section>"
     "<section class='features'><h2>Why us</h2><p>Encryption at rest and in transit, restores in minutes.</p>"
     "</section><section class='pricing'><h2>Pricing</h2><p>From 5 EUR a month per device.</p></section>"
     "</body></html>",
     {{"Cloud backups", "in_section", 1, 0}, {"Encryption at rest", "in_section", 1, 0},
      {"From 5 EUR", "in_section", 1, 0}, {"Acme", "in_section", 0, 0},
      // three sections of different classes are not one repeated group
      {"From 5 EUR", "repeat_log_count", 0, 0}}},
};

class EnsembleStructure : public ::testing::TestWithParam<Case> {};

TEST_P(EnsembleStructure, FeatureOnTheNodeWithTheText) {
  const Case& c = GetParam();
  wce::Document doc = wce::parse_html(c.html, "utf-8");
  wce::Context ctx(doc);
  // The structure features do not read the members: every member votes 0.
  auto none = [](wce::Context& cx, const std::string&) { return wce::Labels(cx.doc().text_nodes.size(), 0.0f); };
  const std::vector<double> x = wce::ensemble_features(ctx, none);
  const auto& names = wce::ensemble_feature_names();
  for (const Expect& e : c.expect) {
    size_t col = names.size();
    for (size_t j = 0; j < names.size(); ++j)
      if (std::strcmp(names[j], e.feature) == 0) col = j;
    ASSERT_LT(col, names.size()) << e.feature;
    size_t node = doc.text_nodes.size();
    for (size_t k = 0; k < doc.text_nodes.size(); ++k)
      if (std::string(doc.text(doc.text_nodes[k])).find(e.text) != std::string::npos) node = k;
    ASSERT_LT(node, doc.text_nodes.size()) << c.name << ": no text node with \"" << e.text << "\"";
    EXPECT_NEAR(x[node * wce::kEnsembleFeatureCount + col], e.value, e.tolerance)
        << c.name << ": " << e.feature << " of \"" << e.text << "\"";
  }
}

INSTANTIATE_TEST_SUITE_P(HandMadePages, EnsembleStructure, ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<Case>& i) { return std::string(i.param.name); });

// structure = false (a model whose trees never read the columns): those
// columns are 0, every other column is the same.
TEST(EnsembleStructureColumns, LeftZeroWhenNotAskedForAndTheRestUnchanged) {
  const Case& c = kCases[0];
  wce::Document doc = wce::parse_html(c.html, "utf-8");
  wce::Context ctx(doc);
  auto none = [](wce::Context& cx, const std::string&) { return wce::Labels(cx.doc().text_nodes.size(), 0.0f); };
  const std::vector<double> with = wce::ensemble_features(ctx, none, nullptr, nullptr, true);
  const std::vector<double> without = wce::ensemble_features(ctx, none, nullptr, nullptr, false);
  ASSERT_EQ(with.size(), without.size());
  const auto& names = wce::ensemble_feature_names();
  size_t first = names.size();
  for (size_t j = 0; j < names.size(); ++j)
    if (std::strcmp(names[j], "repeat_log_count") == 0) first = j;
  ASSERT_LT(first, names.size());
  double structural = 0;
  for (size_t i = 0; i < with.size(); ++i) {
    const size_t col = i % wce::kEnsembleFeatureCount;
    if (col >= first && col < wce::kEnsembleFeaturesBeforePageType) {
      EXPECT_EQ(without[i], 0.0);
      structural += with[i];
    } else {
      EXPECT_EQ(without[i], with[i]) << names[col];
    }
  }
  EXPECT_GT(structural, 0.0);  // the forum page has posts: the columns were computed with structure = true
}

TEST(EnsembleStructureBadInput, ManyRepeatedSiblingsAndNoText) {
  std::string html = "<html><body><div class='list'>";
  for (int i = 0; i < 10000; ++i) html += "<div class='row'>x</div>";
  html += "</div></body></html>";
  wce::Document doc = wce::parse_html(html, "utf-8");
  const wce::EnsembleStructure s = wce::ensemble_structure(doc, wce::Context(doc).counts());
  ASSERT_EQ(s.repeat_count.size(), doc.nodes.size());
  EXPECT_EQ(s.repeat_count[doc.text_nodes.back()], 10000u);
  wce::Document empty = wce::parse_html("", "utf-8");
  wce::Context ctx(empty);
  const wce::EnsembleStructure e = wce::ensemble_structure(empty, ctx.counts());
  EXPECT_EQ(e.flags.size(), empty.nodes.size());
}

}  // namespace

// The page-type columns (page_type_<type>, the last kPageTypeCount): on every
// text node of each hand-made page exactly one is 1, that of
// classify_page_type without the URL and without the structured data (the
// same for the Gumbo and the flat-DOM Document); page_type = false leaves
// them 0 and changes no other column.
TEST(EnsemblePageTypeColumns, OneHotOfTheClassifiersTypeOnEveryNode) {
  auto none = [](wce::Context& cx, const std::string&) { return wce::Labels(cx.doc().text_nodes.size(), 0.0f); };
  const auto& names = wce::ensemble_feature_names();
  const size_t first = wce::kEnsembleFeaturesBeforePageType;
  for (size_t t = 0; t < wce::kPageTypeCount; ++t)
    EXPECT_EQ(std::string(names[first + t]), std::string("page_type_") + wce::page_type_names()[t]);
  for (const Case& c : kCases) {
    wce::Document doc = wce::parse_html(c.html, "utf-8");
    wce::Context ctx(doc);
    const size_t type = wce::classify_page_type(ctx, {}, false).type;
    const std::vector<double> with = wce::ensemble_features(ctx, none, nullptr, nullptr, true, true);
    const std::vector<double> without = wce::ensemble_features(ctx, none, nullptr, nullptr, true, false);
    ASSERT_EQ(with.size(), without.size());
    ASSERT_GT(doc.text_nodes.size(), 0u);
    for (size_t k = 0; k < doc.text_nodes.size(); ++k)
      for (size_t j = 0; j < wce::kEnsembleFeatureCount; ++j) {
        const size_t i = k * wce::kEnsembleFeatureCount + j;
        if (j < first) {
          EXPECT_EQ(with[i], without[i]) << c.name << " " << names[j];
        } else {
          EXPECT_EQ(with[i], j == first + type ? 1.0 : 0.0) << c.name << " " << names[j];
          EXPECT_EQ(without[i], 0.0) << c.name << " " << names[j];
        }
      }
  }
}

// The page's structured data (JSON-LD here) does not move the columns: the
// ensemble classifies as if the Document had no kept attributes, so a
// Document with them and the same one without give the same type.
TEST(EnsemblePageTypeColumns, StructuredDataNotRead) {
  const std::string html =
      "<html><head><script type='application/ld+json'>{\"@type\":\"DiscussionForumPosting\",\"comment\":"
      "[{\"@type\":\"Comment\"}]}</script><meta property='og:type' content='product'></head><body>" +
      std::string(kCases[1].html).substr(12);
  wce::Document doc = wce::parse_html(html, "utf-8");
  ASSERT_FALSE(doc.attributes.empty());
  wce::Document bare = wce::parse_html(html, "utf-8");
  bare.attributes.clear();
  wce::Context ctx(doc), bare_ctx(bare);
  auto none = [](wce::Context& cx, const std::string&) { return wce::Labels(cx.doc().text_nodes.size(), 0.0f); };
  EXPECT_EQ(wce::ensemble_features(ctx, none), wce::ensemble_features(bare_ctx, none));
}
