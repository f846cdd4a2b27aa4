// Invariant checks shared by the fuzz targets.
#pragma once
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

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
inline void run_every_extractor(PageRun& run) {
  const Document& doc = run.doc();
  for (const auto& ex : extractors()) {
    ExtractorRun x = run.run(*ex);
    if (!x.ok()) broken(ex->info().name + " failed: " + x.error);
    if (x.labels.size() != doc.text_nodes.size())
      broken(ex->info().name + ": " + std::to_string(x.labels.size()) + " labels for " +
             std::to_string(doc.text_nodes.size()) + " text nodes");
    for (float l : x.labels)
      if (!(l >= 0.0f && l <= 1.0f)) broken(ex->info().name + ": label " + std::to_string(l) + " outside [0,1]");
    if (x.text.size() > doc.pool.size() * 2 + 1024)  // render adds line breaks and bullets, not text
      broken(ex->info().name + ": rendered " + std::to_string(x.text.size()) + " bytes from a pool of " +
             std::to_string(doc.pool.size()));
  }
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
