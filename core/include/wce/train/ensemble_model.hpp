// Our node-level learned ensemble (extractor "ensemble", family "ensemble"):
// small gradient-boosted trees per text node over the labels of a fixed
// member set, their agreement on the node, its block and its neighbours,
// page-level context (each member's share of the page kept, the
// page-complexity estimate: the routing) and cheap Context features.
// Weights: core/models/ensemble_gbdt.inc, made by lab/learn/ensemble.py
// from the rows lab/tools/ensemble_dump.cpp writes (bash lab/train.sh ensemble).
#pragma once
#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "wce/complexity.hpp"
#include "wce/context.hpp"
#include "wce/page_type.hpp"

namespace wce {

constexpr size_t kEnsembleMemberCount = 8;
// Member registry names, in feature order.
const std::array<const char*, kEnsembleMemberCount>& ensemble_members();

// The last kPageTypeCount columns (wce/page_type.hpp) are the one-hot of the
// page's type; a model may read only the columns before them (one trained
// before they were added).
constexpr size_t kEnsembleFeatureCount = 2 * kEnsembleMemberCount + 29 + kPageTypeCount;
constexpr size_t kEnsembleFeaturesBeforePageType = kEnsembleFeatureCount - kPageTypeCount;
const std::array<const char*, kEnsembleFeatureCount>& ensemble_feature_names();

// Structural facts per Document node (core/src/ensembles/ensemble_structure.cpp),
// inherited by every descendant: the innermost repeated sibling structure
// around it (group size, the item's words, the whole group's words) and the
// kStructure* flags of its ancestors. Read by ensemble_features.
enum StructureBit : uint8_t { kStructurePost = 1, kStructureSection = 2, kStructureNavigation = 4 };
struct EnsembleStructure {
  std::vector<uint32_t> repeat_count;  // siblings of the innermost repeated item's tag and class (0: none)
  std::vector<uint32_t> item_words;    // words of that item's subtree
  std::vector<uint32_t> group_words;   // words of all the items of its group
  std::vector<uint8_t> flags;          // StructureBit of the node and its ancestors
  std::vector<uint32_t> item;          // the innermost repeated item (an element index; kNone: none)
  std::vector<uint32_t> group;         // that item's group: its first item's index (kNone: none)
};
EnsembleStructure ensemble_structure(const Document& doc, const NodeCounts& counts);

// How the ensemble gets a member's labels: ctx.labels(name) (run once per
// page and cached) unless tests swap in another source.
using EnsembleMemberFn = std::function<Labels(Context&, const std::string& name)>;

// Which of the ensemble_members() a model uses (the others are not run: their
// vote and share columns are 0 and the agreements leave them out).
using EnsembleMemberSet = std::array<bool, kEnsembleMemberCount>;
// The members of the compiled-in model.
const EnsembleMemberSet& ensemble_used_members();
// Parses comma-separated member names; throws std::invalid_argument for a
// name that is not in ensemble_members().
EnsembleMemberSet parse_ensemble_members(std::string_view names);

// With structure = false the structural columns (ensemble_structure) are
// left 0, with page_type = false the page-type columns: the ensemble passes
// false when its model's trees never read them. The page type is
// classify_page_type's without the URL and without the structured data (the
// extension's highlight has neither: native and WASM give the same columns),
// one-hot of its top type.
// Row-major features, kEnsembleFeatureCount per text node, over `use` (by
// default the model's members). A member that throws or returns a wrong
// number of labels counts as voting 0 for every node (and `failed`, when
// given, counts it).
std::vector<double> ensemble_features(Context& ctx, const EnsembleMemberFn& get = {}, size_t* failed = nullptr,
                                      const EnsembleMemberSet* use = nullptr, bool structure = true,
                                      bool page_type = true);

// The column of a node feature (ensemble_feature_names()) by name; throws
// std::invalid_argument for a name that is not one.
size_t ensemble_feature_index(std::string_view name);

// The second stage's and the page stage's features are computed from plain
// arrays per text node (below), never from a Document: the runtime fills them
// from its Context, lab/tools/ensemble_stage_features from the files of
// lab/tools/ensemble_dump, and both call the same functions, so that the
// training (lab/learn/ensemble.py) reads exactly what the runtime computes.
// Text nodes without words are skipped everywhere: a caller may pass the
// worded ones alone.

// The page stage's features (lab/learn/ensemble.py PAGE_FEATURES, same
// order), from the trees' P(content) per text node and the node features x
// (ensemble_features): the words the trees keep, their uncertainty, the
// page's agreement, complexity and size, then for readability, resiliparse
// and cetd each: the words the member keeps, the trees' over the member's,
// their overlap (Jaccard), the trees' mean probability on and off the
// member's words; then the page's own features (ensemble_page_doc.cpp):
// kEnsemblePageDocFeatureCount of them.
constexpr size_t kEnsemblePageMemberFeatureCount = 20;
constexpr size_t kEnsemblePageDocFeatureCount = 14;
constexpr size_t kEnsemblePageFeatureCount = kEnsemblePageMemberFeatureCount + kEnsemblePageDocFeatureCount;
constexpr size_t kEnsemblePagePerMemberFeatureCount = 5;  // share, trees_over, jaccard, prob_on, prob_off
const std::array<const char*, kEnsemblePageFeatureCount>& ensemble_page_feature_names();
// The column of a page feature (ensemble_page_feature_names()) by name; throws
// std::invalid_argument for a name that is not one.
size_t ensemble_page_feature_index(std::string_view name);

// The page's own features (core/src/ensembles/ensemble_page_doc.cpp): what
// the page says about itself, from the shared Context (no re-parse): the
// share of its words inside <article>, <main>/role=main and
// itemprop=articleBody (the "regions"), in links and in <p>, how many text
// nodes and how long, how many <article> and <h1> elements, and how the
// trees and readability sit against the regions and against the other members.
// Bits per text node: kRegionArticle, kRegionMain, kRegionBody.
enum : uint8_t { kRegionArticle = 1, kRegionMain = 2, kRegionBody = 4 };
struct EnsemblePageDoc {
  std::vector<uint8_t> region;  // per text node: the region bits of its ancestors
  uint32_t articles = 0;        // <article> elements
  uint32_t h1 = 0;              // <h1> elements
};
EnsemblePageDoc ensemble_page_doc(const Document& doc);
const std::array<const char*, kEnsemblePageDocFeatureCount>& ensemble_page_doc_feature_names();

// words: per text node; x: kEnsembleFeatureCount node features per text node
// (ensemble_features); prob: the trees' P(content) per text node; own: the
// page's regions and counts, or null: the page's own features are then left
// 0 (a model that does not read them, EnsembleModelInfo::page_features, does
// not pay for them).
std::array<double, kEnsemblePageFeatureCount> ensemble_page_features(const std::vector<uint32_t>& words,
                                                                     const std::vector<double>& x,
                                                                     const std::vector<double>& prob,
                                                                     const EnsemblePageDoc* own);
// The same from the Context (ctx.text_words(), ensemble_page_doc(ctx.doc())).
std::array<double, kEnsemblePageFeatureCount> ensemble_page_features(Context& ctx, const std::vector<double>& x,
                                                                     const std::vector<double>& prob, bool own = true);
// One member's kEnsemblePagePerMemberFeatureCount page features, for the
// member whose vote is node feature `vote_column` (the page stage reads
// readability's, resiliparse's and cetd's; experiments others).
void ensemble_page_member_features(const std::vector<uint32_t>& words, const std::vector<double>& x,
                                   const std::vector<double>& prob, size_t vote_column, double* out);
// Fills out[0..kEnsemblePageDocFeatureCount) from x (ensemble_features), the
// trees' P(content) and the page's regions and counts.
void ensemble_page_doc_features(const std::vector<uint32_t>& words, const std::vector<double>& x,
                                const std::vector<double>& prob, const EnsemblePageDoc& own, double* out);

// The second stage (auto-context, core/src/ensembles/ensemble_context.cpp):
// the first stage's P(content) smoothed over the node's neighbours in
// document order, its block and the blocks beside it, and the subtrees of
// the elements that hold its block (the block's container and kEnsembleGroupLevels-1
// ancestors above it). The second-stage trees read the first stage's
// features followed by these.
constexpr size_t kEnsembleGroupLevels = 4;
constexpr size_t kEnsembleGroupCount = 1 + kEnsembleGroupLevels;
// Per text node: its block, then the holding elements (node indices) from the
// block's container upwards; kNone where there is none.
std::vector<uint32_t> ensemble_context_groups(Context& ctx);
constexpr size_t kEnsembleContextFeatureCount = 20;
const std::array<const char*, kEnsembleContextFeatureCount>& ensemble_context_feature_names();
// What the second stage's features read of a page. The tree is the one whose
// subtrees the holding elements sum, in pre-order (a parent before its
// children): the Document's nodes (the runtime), or only the elements above
// worded text nodes and those text nodes (lab/tools/ensemble_stage_features,
// from the dump's ancestor lists); leaving out nodes without words changes no
// sum, not even in its last bit.
struct EnsembleContextInputs {
  std::vector<uint32_t> words;   // per text node: its words
  std::vector<uint32_t> groups;  // per text node, kEnsembleGroupCount: its block, then its holding elements (tree nodes)
  size_t blocks = 0;             // every block index is below this
  std::vector<uint32_t> parent;         // per tree node: its parent (kNone: a root)
  std::vector<uint32_t> subtree_words;  // per tree node: the words of the text nodes below it
  std::vector<uint32_t> text_node;      // per text node: its tree node
};
EnsembleContextInputs ensemble_context_inputs(Context& ctx);
// Row-major, kEnsembleContextFeatureCount per text node (0 for nodes without
// words); throws std::invalid_argument when the arrays do not fit together.
std::vector<double> ensemble_context_features(const EnsembleContextInputs& in, const std::vector<double>& prob);
// The same from the Context (ensemble_context_inputs(ctx)).
std::vector<double> ensemble_context_features(Context& ctx, const std::vector<double>& prob);

// The trees' P(content) per text node (the second stage's when the model
// has one; 0 for nodes without words) from the node features x.
std::vector<double> ensemble_tree_probabilities(Context& ctx, const std::vector<double>& x);

// Block completion (core/src/ensembles/ensemble_complete.cpp): keeps the
// worded text nodes of blocks whose words are mostly kept (blocks), and short
// runs of heading / list-item blocks between two kept blocks (runs), by
// raising their P to 0.5. Returns how many nodes it changed.
struct EnsembleCompletion {
  bool blocks = true, runs = true;
  bool run_any = false;        // runs of any blocks, not only headings / list items
  bool lead_headings = false;  // a not-kept heading directly before a kept block
  bool run_structured = false;  // runs may also hold pre / td / th blocks
  bool groups = false;          // rule 3: whole repeated sibling groups (ensemble_structure) once most items are kept
  double group_share = 0;       // the share of a group's worded items that must be kept
  double block_share = 0;
  size_t run_max_blocks = 0;
  double run_max_words = 0, run_max_link_density = 0;
};
EnsembleCompletion ensemble_completion_defaults();  // the tunables of ensemble_complete.cpp
size_t ensemble_complete(Context& ctx, std::vector<double>& prob, const EnsembleCompletion& opt);
// The headline rule (ensemble_headline.cpp): on the final labels, the page's
// <h1> just above the first kept block is kept. Returns the text nodes raised.
size_t ensemble_keep_headline(Context& ctx, Labels& labels);
// The page stage's choice: an index into ensemble_model().page_choices (the
// page takes that member's labels), or -1 (it keeps the trees').
int ensemble_page_choice(const std::array<double, kEnsemblePageFeatureCount>& page);

// The page-type route (issue 32, lab/results/listing-cards.md): a page whose
// type (the one-hot the trees read: classify_page_type without URL and
// structured data) is one of `types` takes member `to`'s labels, whatever the
// page stage chose. The node-level members and trees are weakest on listing,
// collection and product pages, where the page stage often hands the page to
// readability; trafilatura keeps their card grids best of the members.
// The listing gate (listing_gate_probability, wce/page_type.hpp) routes too:
// a page whose P(listing) >= listing_gate takes `to`'s labels (the
// classifier's own "listing" cannot: it takes in news pages).
struct EnsembleRoute {
  bool on = false;
  std::array<bool, kPageTypeCount> types{};  // page_type_names() order
  const char* to = "";                       // a member; must be one of the model's page choices
  double listing_gate = 0;                   // the gate's cut; 0: the gate does not route
};
EnsembleRoute ensemble_route_defaults();  // learned_ensemble.cpp's kRoute* settings
// `choice` (ensemble_page_choice's) after the route, for a page of type
// `page_type` (an index into page_type_names()): the index of route.to among
// `page_choices` (member columns) when the route is on and takes this type,
// else `choice` unchanged (also when route.to is not a page choice).
int ensemble_routed_choice(int choice, size_t page_type, const EnsembleRoute& route,
                           const std::vector<size_t>& page_choices);
// The same for the listing gate's P(listing) of the page: route.to's index
// when the route is on, listing_gate > 0 and p >= listing_gate; else `choice`.
int ensemble_gated_choice(int choice, double p_listing, const EnsembleRoute& route,
                          const std::vector<size_t>& page_choices);

// P(content) per text node: the "ensemble" extractor's labels. The page
// stage decides whether the page takes a member's labels outright; then the
// route (ensemble_route_defaults(), or `route`) may override it. The type
// route needs a model that reads the page type (no page is classified for
// it); the listing gate runs only on pages the type route leaves alone.
Labels ensemble_probabilities(Context& ctx, const EnsembleMemberFn& get = {});
Labels ensemble_probabilities(Context& ctx, const EnsembleMemberFn& get, const EnsembleRoute& route);

// A gradient-boosted tree ensemble for binary classification:
// p = 1 / (1 + exp(-(bias + sum over trees of the leaf reached))). Trees are
// flattened: node i splits on feature[i] (x <= threshold[i] goes to left[i],
// else right[i]) or, when feature[i] < 0, is a leaf of value[i]; tree t
// starts at node root[t].
struct TreeModel {
  std::vector<int32_t> feature, left, right, root;
  std::vector<double> threshold, value;
  double bias = 0;
  double margin(const double* x) const;
  double probability(const double* x) const;
};

// The same trees laid out to score many rows at once (tree_batch.cpp): the
// margins are TreeModel::margin's, bit for bit, a few times faster.
class TreeBatch {
 public:
  TreeBatch() = default;
  explicit TreeBatch(const TreeModel& m);
  // The same margins for every row whose features f with fixed[f] equal
  // x[f]: the splits on those features decided once.
  TreeBatch resolve(const double* x, const std::vector<bool>& fixed) const;
  // out[i] = margin of the row at x + rows[i] * stride, for i < count.
  void margins(const double* x, size_t stride, const uint32_t* rows, size_t count, double* out) const;
  // The margin of one row (the page type's: one row, many trees), its trees
  // walked a few side by side.
  double margin(const double* x) const;

 private:
  struct Node {
    double value;   // split: the threshold; leaf: the leaf's value
    int32_t feature;
    int32_t first;  // split: left child (the right one follows it); leaf: -1
  };
  std::vector<Node> nodes_;
  std::vector<int32_t> roots_;
  double bias_ = 0;
};

// The compiled-in model and its provenance.
struct EnsembleModelInfo {
  const char* const* feature_names;  // `features` names, in model order
  size_t features = kEnsembleFeatureCount;  // the node features the model reads (a prefix)
  TreeModel model;
  TreeBatch model_batch;       // `model`, for all the text nodes of a page at once
  bool context_stage = false;  // the second stage runs
  TreeModel context_model;     // on ensemble_features then ensemble_context_features
  // Per page choice: the member (index into ensemble_members()) and the trees
  // on ensemble_page_features giving P(that member beats the trees on the page).
  std::vector<size_t> page_choices;
  std::vector<TreeModel> page_models;
  double page_threshold = 0.5;       // the page takes the choice of highest P when P >= this
  double page_fallback_share = 0.0;  // or readability's when trees_over_readability < this (0: no such rule)
  size_t page_features = kEnsemblePageFeatureCount;  // the page features the model reads (a prefix)
  // Block completion of the trees' labels (ensemble_complete): which rules,
  // and whether before the page stage or only where the page keeps the trees.
  bool complete_blocks = false, complete_runs = false, complete_groups = false, complete_before = false;
  bool reads_structure = false;  // some tree splits on a structural column (else they are not computed)
  bool reads_page_type = false;  // some tree splits on a page-type column (else the page is not classified)
  const char* trained_on;
};
const EnsembleModelInfo& ensemble_model();

// The fixed train/test split of the ensemble's training (lab/tools/ensemble_dump):
// a page is a training page when FNV-1a 64 of "dataset/id" falls in the first
// kEnsembleTrainPercent of 100 buckets. Per page, so stratified by dataset in
// expectation and independent of file order. Training itself holds out the
// buckets from kEnsembleValidationFrom on (validation, for model choice).
constexpr unsigned kEnsembleTrainPercent = 30;
constexpr unsigned kEnsembleValidationFrom = 24;
unsigned ensemble_page_bucket(std::string_view dataset, std::string_view id);
bool ensemble_training_page(std::string_view dataset, std::string_view id);

}  // namespace wce
