// Extractors turn a Document into Labels: one score in [0,1] per text node
// (Document::text_nodes order). >= 0.5 means main content.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "wce/context.hpp"
#include "wce/document.hpp"

namespace wce {

constexpr float kContentThreshold = 0.5f;

// How an extractor's labels become text (render_text). Plain for nearly all;
// a rendering baseline that imitates a layout-aware HTML-to-text converter
// (inscriptis) asks for Layout.
enum class RenderStyle : uint8_t {
  Plain,   // block elements break lines, nothing else added
  Layout,  // Plain + list items bulleted, the cells of a data table row on one line
};

// What kind of algorithm an extractor is; family_name() gives the string
// shown by `wce list`, the WASM extractors() result and JSON.
enum class Family : uint8_t {
  Baseline,   // "baseline": keep-all or rendering-style reference points
  Heuristic,  // "heuristic": hand-written rules
  Learned,    // "learned": a model trained on labelled pages
  Ensemble,   // "ensemble": combines the labels of other extractors
};
const char* family_name(Family family);

// What a caller gets without naming an extractor (CLI `extract`, the WASM
// API, the extension): the learned ensemble, the best on the nine datasets'
// test split (README, "The learned ensemble"). The JS side keeps its own copy
// (wasm/wce_api.js, extension/settings.js); a Jest test ties the three.
inline constexpr char kDefaultExtractor[] = "ensemble";

struct ExtractorInfo {
  std::string name;       // registry key, e.g. "bte"
  Family family = Family::Heuristic;
  std::string reference;  // paper or project the algorithm comes from
  std::string description;
  RenderStyle render = RenderStyle::Plain;
  // The extractors whose labels it asks the Context for (registry names).
  // The registry checks them when it is built (every name known, no cycle);
  // the Context refuses a running extractor any other.
  std::vector<std::string> needs = {};
};

class Extractor {
 public:
  virtual ~Extractor() = default;
  virtual const ExtractorInfo& info() const = 0;
  // Must return exactly ctx.doc().text_nodes.size() labels.
  virtual Labels run(Context& ctx) const = 0;
  // info().needs, resolved by the registry (in the same order).
  const std::vector<const Extractor*>& members() const { return members_; }
  // The member of that name, or nullptr when it is not declared.
  const Extractor* member(const std::string& name) const;

 private:
  friend const std::vector<std::unique_ptr<Extractor>>& extractors();
  std::vector<const Extractor*> members_;
};

// What is wrong with a registry of these extractors: a duplicate name, a
// need that names no extractor or the extractor itself, a cycle of needs.
// One message per problem; empty when the registry is sound. The registry
// runs it when it is built and refuses to start on any problem.
std::vector<std::string> registry_problems(const std::vector<const ExtractorInfo*>& infos);

// The registry: every extractor, in a fixed order (registry.cpp lists them).
const std::vector<std::unique_ptr<Extractor>>& extractors();
// nullptr when unknown.
const Extractor* find_extractor(const std::string& name);
// Why a known extractor is not in this build (e.g. "boilernet", whose weights
// the WebAssembly module leaves out), or empty.
std::string missing_extractor_reason(const std::string& name);

}  // namespace wce
