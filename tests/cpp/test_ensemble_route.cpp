// The learned ensemble's page-type route (EnsembleRoute, learned_ensemble.cpp;
// lab/results/listing-cards.md): on hand-made product grids that the core's
// classifier (read as the ensemble reads it) types as collections, the
// ensemble without the route drops every tile and trafilatura keeps them; the
// routed output is trafilatura's labels. A listing of cards is left alone by
// the type route (the classifier calls news pages listings too) and taken by
// the listing gate (listing_gate.cpp), which learned from news pages too.
#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "wce/page_type.hpp"
#include "test_util.hpp"
#include "wce/train.hpp"

namespace {

using wce::test::trimmed;

std::string chrome_head(const std::string& title) {
  return "<html><head><title>" + title + "</title></head><body><header><nav class='menu'><ul>"
         "<li><a href='/'>Home</a></li><li><a href='/shop'>Shop</a></li><li><a href='/blog'>Blog</a></li>"
         "<li><a href='/about'>About us</a></li><li><a href='/contact'>Contact</a></li></ul></nav></header>";
}
const std::string kFooter =
    "<footer><p>Copyright 2026 Example Ltd. All rights reserved.</p><ul class='links'><li><a href='/privacy'>Privacy "
    "policy</a></li><li><a href='/terms'>Terms of service</a></li></ul></footer></body></html>";

// A blog listing: cards of a title link, a date, a one-line summary and a "read more" link.
std::string listing_page() {
  const char* topics[] = {"garden hoses", "pumps", "rain barrels", "drip lines", "sprinklers", "soil sensors",
                          "mulch", "compost bins", "seed trays", "pruning shears", "wheelbarrows", "greenhouses"};
  std::string h = chrome_head("Blog - Example garden shop") + "<main><h1>Blog</h1><div class='posts'>";
  for (int i = 0; i < 12; ++i) {
    const std::string t = topics[i];
    h += "<div class='card'><h2 class='card-title'><a href='/blog/" + std::to_string(i) + "'>How to choose " + t +
         " for a small garden</a></h2><span class='date'>March " + std::to_string(i + 1) +
         ", 2026</span><p class='summary'>A short guide to " + t +
         ": what to look for, what to avoid, and what it costs.</p><a class='more' href='/blog/" +
         std::to_string(i) + "'>Read more</a></div>";
  }
  h += "</div><div class='pagination'><a href='?page=1'>1</a> <a href='?page=2'>2</a> <a href='?page=3'>Next</a>"
       "</div></main>";
  return h + kFooter;
}

// A product grid: optional filter facets, a heading, intro paragraphs, then
// tiles (a name link, optionally inside a heading, an optional blurb, a price)
// in <div>s or in a <ul>.
std::string grid_page(int paragraphs, int tiles, bool headings, bool blurb, bool list, bool filters) {
  std::string h = chrome_head("Watering - Example shop") + "<main>";
  if (filters) {
    h += "<aside class='filters'><h4>Filter by</h4><ul>";
    for (const char* f : {"Under $20", "$20 to $50", "Brass", "Plastic", "In stock"})
      h += "<li><a href='?f=" + std::string(f) + "'>" + f + "</a></li>";
    h += "</ul></aside>";
  }
  h += "<h1>Watering</h1>";
  for (int i = 0; i < paragraphs; ++i)
    h += "<p>Watering a garden well takes the right hose and a little planning. Paragraph " + std::to_string(i) +
         " explains how our hoses, reels and timers fit gardens of every size.</p>";
  h += list ? "<ul class='products'>" : "<div class='grid'>";
  for (int i = 0; i < tiles; ++i) {
    const std::string name = "Hose model " + std::string(1, static_cast<char>('A' + i));
    h += std::string(list ? "<li class='product'>" : "<div class='tile'>") + (headings ? "<h3>" : "") + "<a href='/p/" +
         std::to_string(i) + "'>" + name + "</a>" + (headings ? "</h3>" : "") +
         (blurb ? "<p class='blurb'>A " + std::to_string(10 + i) + " metre hose with a brass click fitting.</p>" : "") +
         "<span class='price'>$" + std::to_string(10 + i) + ".50</span>" + (list ? "</li>" : "</div>");
  }
  h += list ? "</ul></main>" : "</div></main>";
  return h + kFooter;
}

wce::EnsembleRoute route(bool on);

struct Routed {
  std::set<std::string> ensemble_off, ensemble_on, trafilatura;
  std::string type;
};

// on: the route with (gate > 0) or without the listing gate, against the route off.
Routed run(const std::string& html, double gate = 0) {
  wce::Document doc = wce::parse_html(html, "utf-8");
  wce::Context ctx(doc);
  Routed r;
  r.type = wce::classify_page_type(ctx, {}, false).name();
  wce::EnsembleRoute on = route(true);
  on.listing_gate = gate;
  const wce::Labels a = wce::ensemble_probabilities(ctx, {}, route(false));
  const wce::Labels b = wce::ensemble_probabilities(ctx, {}, on);
  const wce::Labels t = ctx.labels(wce::require_extractor("trafilatura"));
  const std::vector<uint32_t>& words = ctx.text_words();
  for (size_t k = 0; k < doc.text_nodes.size(); ++k) {
    if (words[k] == 0) continue;
    const std::string s = trimmed(doc.text(doc.text_nodes[k]));
    if (a[k] >= 0.5f) r.ensemble_off.insert(s);
    if (b[k] >= 0.5f) r.ensemble_on.insert(s);
    if (t[k] >= 0.5f) r.trafilatura.insert(s);
  }
  return r;
}


wce::EnsembleRoute route(bool on) {
  wce::EnsembleRoute r;
  r.on = on;
  r.to = "trafilatura";
  for (size_t i = 0; i < wce::kPageTypeCount; ++i) {
    const std::string t = wce::page_type_names()[i];
    r.types[i] = t == "collection" || t == "product";
  }
  return r;
}

size_t column(const char* member) {
  for (size_t m = 0; m < wce::kEnsembleMemberCount; ++m)
    if (std::string(wce::ensemble_members()[m]) == member) return m;
  return wce::kEnsembleMemberCount;
}

size_t type_index(const char* name) {
  for (size_t i = 0; i < wce::kPageTypeCount; ++i)
    if (std::string(wce::page_type_names()[i]) == name) return i;
  return wce::kPageTypeCount;
}

size_t tiles(const std::set<std::string>& kept) {
  size_t n = 0;
  for (const std::string& s : kept) n += s.rfind("Hose model", 0) == 0;
  return n;
}

}  // namespace

// The shipped settings: collections and product pages go to trafilatura.
TEST(EnsembleRoute, Defaults) {
  const wce::EnsembleRoute d = wce::ensemble_route_defaults();
  EXPECT_STREQ(d.to, "trafilatura");
  for (size_t i = 0; i < wce::kPageTypeCount; ++i)
    EXPECT_EQ(d.types[i], route(true).types[i]) << wce::page_type_names()[i];
  EXPECT_EQ(d.listing_gate, 0.15);  // listing-cards.md section 6
}

TEST(EnsembleRoute, GatedChoice) {
  const std::vector<size_t> choices = {column("readability"), column("trafilatura")};
  wce::EnsembleRoute r = route(true);
  r.listing_gate = 0.15;
  for (int c : {-1, 0, 1}) {
    EXPECT_EQ(wce::ensemble_gated_choice(c, 0.15, r, choices), 1);
    EXPECT_EQ(wce::ensemble_gated_choice(c, 0.9, r, choices), 1);
    EXPECT_EQ(wce::ensemble_gated_choice(c, 0.149, r, choices), c);
    EXPECT_EQ(wce::ensemble_gated_choice(c, std::nan(""), r, choices), c);
    EXPECT_EQ(wce::ensemble_gated_choice(c, 0.9, route(true), choices), c) << "listing_gate 0: off";
    wce::EnsembleRoute off = r;
    off.on = false;
    EXPECT_EQ(wce::ensemble_gated_choice(c, 0.9, off, choices), c);
    EXPECT_EQ(wce::ensemble_gated_choice(c, 0.9, r, {column("readability")}), c) << "trafilatura no page choice";
  }
}

TEST(EnsembleRoute, RoutedChoice) {
  const std::vector<size_t> choices = {column("readability"), column("trafilatura")};
  const size_t collection = type_index("collection"), product = type_index("product");
  const size_t listing = type_index("listing"), article = type_index("article");
  for (int c : {-1, 0, 1}) {
    EXPECT_EQ(wce::ensemble_routed_choice(c, collection, route(true), choices), 1);
    EXPECT_EQ(wce::ensemble_routed_choice(c, product, route(true), choices), 1);
    EXPECT_EQ(wce::ensemble_routed_choice(c, listing, route(true), choices), c);
    EXPECT_EQ(wce::ensemble_routed_choice(c, article, route(true), choices), c);
    EXPECT_EQ(wce::ensemble_routed_choice(c, collection, route(false), choices), c);
    // A member that is not a page choice, a type out of range, no member: no change.
    EXPECT_EQ(wce::ensemble_routed_choice(c, collection, route(true), {column("readability")}), c);
    EXPECT_EQ(wce::ensemble_routed_choice(c, wce::kPageTypeCount, route(true), choices), c);
    wce::EnsembleRoute none = route(true);
    none.to = nullptr;
    EXPECT_EQ(wce::ensemble_routed_choice(c, collection, none, choices), c);
  }
}

// Product grids the ensemble alone empties: with the route they keep every tile, as trafilatura does.
TEST(EnsembleRoute, ProductGridsKeepTheirTiles) {
  if (!wce::ensemble_model().reads_page_type) GTEST_SKIP() << "the compiled-in model does not read the page type";
  struct Grid {
    int paragraphs, tiles;
    bool headings, blurb, list, filters;
  };
  for (const Grid& g : {Grid{0, 6, false, false, false, false}, Grid{0, 24, false, false, true, false},
                        Grid{1, 6, false, true, false, true}, Grid{1, 12, false, false, false, true}}) {
    const std::string what = "grid " + std::to_string(g.paragraphs) + "/" + std::to_string(g.tiles);
    const Routed r = run(grid_page(g.paragraphs, g.tiles, g.headings, g.blurb, g.list, g.filters));
    ASSERT_TRUE(r.type == "collection" || r.type == "product") << what << ": typed " << r.type;
    EXPECT_EQ(tiles(r.trafilatura), static_cast<size_t>(g.tiles)) << what;
    EXPECT_EQ(tiles(r.ensemble_off), 0u) << what << " (the ensemble alone: if it keeps the tiles, pick another page)";
    EXPECT_EQ(tiles(r.ensemble_on), static_cast<size_t>(g.tiles)) << what;
    EXPECT_EQ(r.ensemble_on, r.trafilatura) << what;
  }
}

// A listing of cards (title link, date, summary, "read more"): typed a listing, which the type route leaves
// alone (the classifier's "listing" takes in news pages with teaser lists: lab/results/listing-cards.md).
TEST(EnsembleRoute, CardListingIsNotRoutedByItsType) {
  const Routed r = run(listing_page());
  ASSERT_EQ(r.type, "listing");
  EXPECT_EQ(r.ensemble_on, r.ensemble_off);
}

// The listing gate takes it: the ensemble alone drops cards that trafilatura keeps; with the gate at the
// shipped cut the output is trafilatura's labels.
TEST(EnsembleRoute, CardListingTakesTrafilaturaByTheGate) {
  const std::string html = listing_page();
  wce::Document doc = wce::parse_html(html, "utf-8");
  wce::Context ctx(doc);
  const double cut = wce::ensemble_route_defaults().listing_gate;
  ASSERT_GE(wce::listing_gate_probability(ctx), cut);
  const Routed r = run(html, cut);
  EXPECT_NE(r.ensemble_off, r.trafilatura) << "the ensemble alone keeps what trafilatura keeps: pick another page";
  EXPECT_EQ(r.ensemble_on, r.trafilatura);
}
