// The page type: which of WCXB's seven kinds of page this is (Foley 2026:
// article, forum, product, collection, listing, documentation, service),
// from the Document and, when known, the page's URL. Gradient-boosted trees
// (core/models/page_type_gbdt.inc, made by `bash lab/train.sh page_type`,
// cross-validated by domain on WCXB dev); inference is our own C++, the same
// natively and in WebAssembly.
#pragma once
#include <array>
#include <cstddef>
#include <string_view>

#include "wce/context.hpp"

namespace wce {

constexpr size_t kPageTypeCount = 7;
// "article", "forum", "product", "collection", "listing", "documentation", "service".
const std::array<const char*, kPageTypeCount>& page_type_names();
// In plain words for a reader ("News or blog article", "Forum thread", ...).
const char* page_type_label(size_t type);

struct PageTypeResult {
  size_t type = 0;           // index into page_type_names()
  double probability = 0;    // of that type
  std::array<double, kPageTypeCount> probabilities{};  // sum to 1
  const char* name() const { return page_type_names()[type]; }
};
// `url` may be empty (then the URL features are absent, as in training rows
// without one). structured = false reads none of the Document's kept
// attributes (JSON-LD, metas, itemtype): the page is classified as a Document
// without them (the extension's flat DOM), so that both builders give the
// same input (the learned ensemble's page-type columns).
PageTypeResult classify_page_type(Context& ctx, std::string_view url = {}, bool structured = true);

// The listing gate (listing_gate.cpp, core/models/listing_gate.inc made by
// `bash lab/train.sh listing_gate`): P(listing) from the same features,
// read as the learned ensemble reads the page type (no URL, no structured
// data). Unlike the classifier it also learned from the nine article
// datasets' pages as non-listings, so news pages with teaser lists rarely
// reach it; only the ensemble's route reads it (lab/results/listing-cards.md).
double listing_gate_probability(Context& ctx);

}  // namespace wce
