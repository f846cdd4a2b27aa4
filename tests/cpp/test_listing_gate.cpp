// The listing gate (listing_gate.cpp): the model loads (its feature names
// match the C++ features), P is a probability, deterministic, the same on a
// Document with and without kept attributes and whatever the URL (it reads
// neither), and bad input gets a sane result. A card listing passes the
// route's cut; an article with a teaser list of related stories (what the
// page-type classifier took for a listing) does not.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "wce/train.hpp"
#include "wce/wce.hpp"

namespace {

std::string repeat(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

double gate(const std::string& html, bool keep_attributes = true) {
  wce::Document doc = wce::parse_html(html, "utf-8");
  if (!keep_attributes) doc.attributes.clear();
  wce::Context ctx(doc);
  return wce::listing_gate_probability(ctx);
}

// A news article: long paragraphs, then a "related stories" teaser list.
std::string article_with_teasers() {
  std::string h = "<html><head><title>Council votes on the new bridge</title>"
                  "<meta property='og:type' content='article'></head><body><nav><a href='/'>News</a> "
                  "<a href='/sport'>Sport</a> <a href='/culture'>Culture</a></nav><article><h1>Council votes on the "
                  "new bridge</h1><p class='byline'>By A. Reporter, 3 March 2026</p>";
  for (int i = 0; i < 8; ++i)
    h += "<p>The city council voted on Tuesday evening to fund the new bridge over the river, after a debate that "
         "lasted more than four hours and drew residents from both banks. Paragraph " + std::to_string(i) +
         " goes on about the cost, the schedule of the works, the traffic during the closure and what the "
         "opposition said about the budget.</p>";
  h += "</article><aside class='related'><h2>Related stories</h2><ul>";
  for (int i = 0; i < 8; ++i)
    h += "<li><a href='/news/2026/03/story-" + std::to_string(i) + "'>Another story number " + std::to_string(i) +
         " about the city</a></li>";
  return h + "</ul></aside><footer>Copyright 2026 The Daily Example</footer></body></html>";
}

// A listing: a heading, then many cards of a linked title, a date and a one-line blurb, then pagination.
std::string card_listing() {
  std::string h = "<html><head><title>Latest posts</title></head><body><nav><a href='/'>Home</a> "
                  "<a href='/about'>About</a></nav><main><h1>Latest posts</h1>";
  for (int i = 0; i < 20; ++i)
    h += "<div class='post-card'><h2><a href='/posts/" + std::to_string(i) + "'>Post title number " +
         std::to_string(i) + "</a></h2><span class='date'>May " + std::to_string(i + 1) +
         ", 2026</span><p>A short teaser of the post.</p></div>";
  return h + "<div class='pagination'><a href='?page=2'>2</a> <a href='?page=3'>3</a> <a href='?page=2'>Next</a>"
             "</div></main></body></html>";
}

}  // namespace

TEST(ListingGate, ModelLoadsAndIsDeterministic) {
  for (const std::string& html : {article_with_teasers(), card_listing()}) {
    const double p = gate(html);
    EXPECT_GE(p, 0.0);
    EXPECT_LE(p, 1.0);
    EXPECT_EQ(gate(html), p);  // a fresh Document and Context: the same bits
    EXPECT_EQ(gate(html, false), p) << "the gate reads no structured data";
  }
}

TEST(ListingGate, CardListingPassesTheCutAndTheArticleDoesNot) {
  const double cut = wce::ensemble_route_defaults().listing_gate;
  ASSERT_GT(cut, 0.0) << "the route's gate is off";
  EXPECT_GE(gate(card_listing()), cut);
  EXPECT_LT(gate(article_with_teasers()), cut);
}

TEST(ListingGate, BadInputGetsASaneResult) {
  const std::vector<std::string> pages = {
      "",
      "<p></p>",
      "<ul>" + repeat("<li class=\"card\"><a href=\"/x\">Card</a></li>", 10000) + "</ul>",
      repeat("<div>", 5000) + "deep" + repeat("</div>", 5000),
      "<script type=\"application/ld+json\">{\"@type\": [\"ItemList\"" + repeat(",", 1000) + "</script>",
  };
  for (const std::string& html : pages) {
    const double p = gate(html);
    EXPECT_TRUE(std::isfinite(p));
    EXPECT_GE(p, 0.0);
    EXPECT_LE(p, 1.0);
  }
}
