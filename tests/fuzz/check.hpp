// Invariant checks shared by the fuzz targets.
#pragma once
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "markdown_text.hpp"
#include "wce/wce.hpp"

namespace wce::fuzz {

[[noreturn]] inline void broken(const std::string& what) {
  std::fprintf(stderr, "wce fuzz: invariant broken: %s\n", what.c_str());
  std::abort();
}

// Every registered extractor (so extractors, ensembles and learned models
// added to the registry later are fuzzed without a new harness), through the
// run layer on the page's one Context, as the extension runs them (an
// ensemble's members are computed once): no failure, exactly one label in
// [0,1] per text node, and the rendering of those labels.
// One extractor through the run layer on the page's Context, checked.
inline void run_checked(PageRun& run, const Extractor& ex) {
  const Document& doc = run.doc();
  ExtractorRun x = run.run(ex);
  if (!x.ok()) broken(ex.info().name + " failed: " + x.error);
  if (x.labels.size() != doc.text_nodes.size())
    broken(ex.info().name + ": " + std::to_string(x.labels.size()) + " labels for " +
           std::to_string(doc.text_nodes.size()) + " text nodes");
  for (float l : x.labels)
    if (!(l >= 0.0f && l <= 1.0f)) broken(ex.info().name + ": label " + std::to_string(l) + " outside [0,1]");
  if (x.text.size() > doc.pool.size() * 2 + 1024)  // render adds line breaks and bullets, not text
    broken(ex.info().name + ": rendered " + std::to_string(x.text.size()) + " bytes from a pool of " +
           std::to_string(doc.pool.size()));
  // Markdown and HTML of the same labels: render_text's words.
  std::string why = markup_words_differ(doc, x.labels);
  if (!why.empty()) broken(ex.info().name + ": " + why);
}

inline void run_every_extractor(PageRun& run) {
  for (const auto& ex : extractors()) run_checked(run, *ex);
}

// The metadata of any page: bounded fields, dates in ISO 8601 form or none.
inline void check_metadata(const Document& doc) {
  Metadata m = extract_metadata(doc, "https://example.org/a/page");
  if (m.title.size() > 2000) broken("metadata: title of " + std::to_string(m.title.size()) + " bytes");
  if (m.description.size() > 2000) broken("metadata: description of " + std::to_string(m.description.size()) + " bytes");
  for (const std::string* d : {&m.date, &m.modified}) {
    if (d->empty()) continue;
    bool iso = d->size() >= 10 && (*d)[4] == '-' && (*d)[7] == '-';
    for (size_t i : {0, 1, 2, 3, 5, 6, 8, 9}) iso = iso && d->size() > i && (*d)[i] >= '0' && (*d)[i] <= '9';
    int year = iso ? std::stoi(d->substr(0, 4)) : 0;
    if (!iso || year < 1900 || year > 2100) broken("metadata: date '" + *d + "'");
  }
}

// The page's metadata and page type, and its Markdown and HTML under the
// labels of `ex`: no failure, a probability in [0, 1], the renderings
// bounded by the page (they add markup, not text).
inline void structure_and_metadata(PageRun& run, const Extractor& ex) {
  const Metadata m = run.metadata("https://example.org/a/b?c=d");
  if (!(m.page_type_probability >= 0 && m.page_type_probability <= 1))
    broken("page type probability " + std::to_string(m.page_type_probability));
  const ExtractorRun x = run.run(ex, false);
  if (!x.ok()) broken(ex.info().name + " failed: " + x.error);
  MarkupOptions all;
  all.links = all.images = true;
  for (OutputFormat f : {OutputFormat::Markdown, OutputFormat::Html}) {
    const std::string out = run.render(x, f, all);
    if (out.size() > run.doc().pool.size() * 8 + 4096)
      broken("rendered " + std::to_string(out.size()) + " bytes of markup from a pool of " +
             std::to_string(run.doc().pool.size()));
  }
}

// The "pick" harnesses (html_pick, flat_dom_pick): the first kPickBytes bytes
// of an input choose what runs on the page made from the rest, so that one
// execution costs one extractor instead of all of them (lab/results/
// fuzz-2026-11-26.md) while coverage feedback still steers towards every
// extractor. Choice k in [0, extractors().size()] is the k-th registered
// extractor, or the complexity features for the last value. The second byte,
// when below kSecondBelow, picks a second one to run after the first on the
// same Context (a member before its ensemble reads the Context's cache; an
// ensemble before its member leaves the member cached); otherwise one runs.
constexpr size_t kPickBytes = 2;
constexpr uint8_t kSecondBelow = 64;

inline size_t pick_choices() { return extractors().size() + 1; }

inline void run_choice(PageRun& run, size_t choice) {
  const auto& all = extractors();
  if (choice < all.size()) run_checked(run, *all[choice]);
  else complexity_features(run.doc());
}

// Runs what `pick` (kPickBytes bytes, zero-padded when the input is shorter) chooses.
inline void run_picked(PageRun& run, const uint8_t pick[kPickBytes]) {
  run_choice(run, pick[0] % pick_choices());
  if (pick[1] < kSecondBelow) run_choice(run, pick[1] % pick_choices());
}

// Splits a pick harness's input into its choice bytes and the rest.
struct Picked {
  uint8_t pick[kPickBytes] = {};
  const uint8_t* data = nullptr;
  size_t size = 0;
};

inline Picked split_pick(const uint8_t* data, size_t size) {
  Picked p;
  size_t n = size < kPickBytes ? size : kPickBytes;
  for (size_t k = 0; k < n; ++k) p.pick[k] = data[k];
  p.data = data + n;
  p.size = size - n;
  return p;
}

// The Document's own consistency: parents precede children, text nodes indexed.
inline void check_document(const Document& doc) {
  if (doc.nodes.empty()) broken("no root node");
  for (uint32_t i = 1; i < doc.nodes.size(); ++i) {
    const Node& n = doc.nodes[i];
    if (n.parent >= i) broken("node " + std::to_string(i) + ": parent does not precede it");
    if (n.kind == NodeKind::Text && (n.text.off + uint64_t{n.text.len} > doc.pool.size()))
      broken("text span outside the pool");
  }
  for (size_t k = 0; k < doc.text_nodes.size(); ++k)
    if (doc.nodes[doc.text_nodes[k]].text_index != k) broken("text_index out of step");
}

}  // namespace wce::fuzz
