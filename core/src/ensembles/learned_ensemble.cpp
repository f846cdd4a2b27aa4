// Extractor "ensemble": our node-level learned ensemble (see
// wce/train/ensemble_model.hpp). Per text node, P(content) from small
// gradient-boosted trees over the member votes, their agreement on the node,
// its block, its neighbours and the page, each member's share of the page
// kept (so that the trees can tell a member that failed on this page from
// one that rejects the node), a few tag-path flags and the page-complexity
// estimate (routing); the probability itself is the label (>= 0.5 is
// content), so the confidence view gets real bands.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <iterator>
#include <stdexcept>

#include "extractors/extractor_util.hpp"
#include "extractors/registry_list.hpp"
#include "wce/train/ensemble_model.hpp"
#include "wce/train/fnv1a.hpp"

namespace wce {
namespace {

// The compiled-in model: kModelMembers, kModelFeatureNames, kModelTreeRoot, kModelFeature,
// kModelThreshold, kModelLeft, kModelRight, kModelValue, kModelBias,
// kModelTrainedOn.
#include "../../models/ensemble_gbdt.inc"
// Completion rule 3 (whole repeated groups, ensemble_complete.cpp): on when
// the model's file defines WCE_MODEL_COMPLETE_GROUPS (models exported before
// the rule lack it and run without).
#ifdef WCE_MODEL_COMPLETE_GROUPS
constexpr bool kModelCompleteGroups = true;
#else
constexpr bool kModelCompleteGroups = false;
#endif
// The headline rule (ensemble_headline.cpp): off. It keeps the page's <h1>
// on 94 % of the pages whose gold has it (17 % without) and lifts the nine
// datasets' test split by 0.003, but WCXB's gold leaves the headline out and
// its articles lose 0.002, which its decision rule forbids
// (lab/results/headline-rule.md).
constexpr bool kHeadlineRule = false;

// The page-type route (EnsembleRoute, lab/results/listing-cards.md): pages the
// classifier reads as a collection or a product page take trafilatura's
// labels (WCXB dev grouped CV 0.839 -> 0.842: collection +0.021, product
// +0.013; the nine datasets' test split and webeval unchanged). Listings are
// left out: the classifier also types news pages with teaser lists as
// listings (a route over them cost 0.012 of the datasets' CV macro).
// Measured by lab/learn/ensemble.py --route-types collection,product.
// Listings go by the listing gate instead (listing_gate.cpp: trained with the
// nine datasets' news pages as non-listings): P(listing) >= 0.15, the lowest
// cut of a 0.05 grid at which the gate keeps at most 1 % of those pages out
// of fold (WCXB listing 0.579 -> 0.603, the datasets' CV macro 0.9370 ->
// 0.9369; listing-cards.md sections 6-8, --route-gate-threshold 0.15).
constexpr bool kRouteOn = true;
constexpr const char* kRouteTypes[] = {"collection", "product"};
constexpr const char* kRouteTo = "trafilatura";
constexpr double kRouteListingGate = 0.15;

// The candidates (the feature layout keeps a column for each): two
// readability-style scorers (readability, goose), a rule cascade
// (trafilatura), a DOM classifier (domdistiller), two block classifiers
// (boilerpipe_article, justext), a density method (cetd) and resiliparse's
// rules. The slow or weak ones (bte, crunch, lqf*, cetr) stay out. The model
// says which it uses (kModelMembers): members that do not earn their time
// are not run.
constexpr std::array<const char*, kEnsembleMemberCount> kMembers = {
    "readability", "trafilatura", "domdistiller", "boilerpipe_article",
    "resiliparse", "justext",     "goose",        "cetd"};

// Feature layout (kEnsembleFeatureCount columns): the member votes, each
// member's share of the page's words kept, then:
constexpr size_t kShare = kEnsembleMemberCount;
constexpr size_t kAgreement = 2 * kEnsembleMemberCount;  // mean member vote of the node
constexpr size_t kBlockAgreement = kAgreement + 1;   // word-weighted mean over its block
constexpr size_t kPrevAgreement = kAgreement + 2;    // of the previous block (0 at the start)
constexpr size_t kNextAgreement = kAgreement + 3;    // of the next block (0 at the end)
constexpr size_t kPrevNode = kAgreement + 4;         // of the previous text node with words
constexpr size_t kNextNode = kAgreement + 5;         // of the next text node with words
constexpr size_t kWindowAgreement = kAgreement + 6;  // word-weighted over blocks b-kWindow..b+kWindow
constexpr size_t kLogWords = kAgreement + 7;         // log(1 + words of the node)
constexpr size_t kLogChars = kAgreement + 8;         // log(1 + non-space chars: CJK has few words)
constexpr size_t kLogBlockWords = kAgreement + 9;    // log(1 + words of its block)
constexpr size_t kLinkDensity = kAgreement + 10;     // link words / words of its block
constexpr size_t kLogDepth = kAgreement + 11;        // log(1 + DOM depth)
constexpr size_t kPosition = kAgreement + 12;        // index among text nodes with words / (their count - 1)
constexpr size_t kCharsPerWord = kAgreement + 13;    // block chars / words (CJK runs are long)
constexpr size_t kComplexity = kAgreement + 14;      // estimate_complexity().p_above_median
constexpr size_t kLogPageWords = kAgreement + 15;    // log(1 + words of the page)
constexpr size_t kPageAgreement = kAgreement + 16;   // word-weighted mean agreement of the page
constexpr size_t kInLink = kAgreement + 17;
constexpr size_t kInParagraph = kAgreement + 18;
constexpr size_t kInListItem = kAgreement + 19;
constexpr size_t kInHeading = kAgreement + 20;
constexpr size_t kInTableCell = kAgreement + 21;
// Structure (ensemble_structure.cpp, issue 32): the pages whose content is
// spread over many blocks (threads, grids, service pages) and the docs pages
// whose sidebar and table of contents are not content.
constexpr size_t kRepeatLogCount = kAgreement + 22;    // log(1 + siblings of the innermost repeated item)
constexpr size_t kRepeatItemLogWords = kAgreement + 23;  // log(1 + words of that item)
constexpr size_t kRepeatGroupShare = kAgreement + 24;  // words of its whole group / words of the page
constexpr size_t kPageRepeatedShare = kAgreement + 25;  // words of the page inside repeated items / words of the page
constexpr size_t kInPostMarkup = kAgreement + 26;     // class / id / itemprop of comment, post, reply, review...
constexpr size_t kInSection = kAgreement + 27;        // inside a <section>
constexpr size_t kInNavigation = kAgreement + 28;     // nav, aside, sidebar, table of contents, menu, breadcrumb
// The page type (issue 32): one-hot of classify_page_type's top type, the
// same on every node of the page: the trees can follow other members' votes,
// or keep other structures, on threads, grids and service pages.
constexpr size_t kPageTypeFirst = kAgreement + 29;  // kPageTypeCount columns, page_type_names() order
static_assert(kInNavigation + 1 == kPageTypeFirst && kPageTypeFirst == kEnsembleFeaturesBeforePageType &&
                  kPageTypeFirst + kPageTypeCount == kEnsembleFeatureCount,
              "feature layout");

constexpr size_t kWindow = 3;  // blocks on each side of window_agreement
// Pages with at least this many worded text nodes get the trees resolved on
// their page features first: TreeBatch::resolve costs about what it saves on
// 50-80 rows (perf, 2026-11-27c); the margins are the same either way.
constexpr size_t kResolveRows = 64;

size_t member_column(const char* name) {
  for (size_t m = 0; m < kEnsembleMemberCount; ++m)
    if (std::strcmp(kMembers[m], name) == 0) return m;
  throw std::logic_error(std::string("core/models/ensemble_gbdt.inc: not an ensemble member: ") + name);
}

const std::array<const char*, kEnsembleFeatureCount> kFeatureNames = {
    "vote_readability", "vote_trafilatura", "vote_domdistiller", "vote_boilerpipe_article",
    "vote_resiliparse", "vote_justext", "vote_goose", "vote_cetd",
    "share_readability", "share_trafilatura", "share_domdistiller", "share_boilerpipe_article",
    "share_resiliparse", "share_justext", "share_goose", "share_cetd",
    "agreement", "block_agreement", "prev_block_agreement", "next_block_agreement",
    "prev_node_agreement", "next_node_agreement", "window_agreement",
    "log_words", "log_chars", "log_block_words", "block_link_density", "log_depth", "position",
    "block_chars_per_word", "complexity", "log_page_words", "page_agreement",
    "in_a", "in_p", "in_li", "in_h", "in_td",
    "repeat_log_count", "repeat_item_log_words", "repeat_group_share", "page_repeated_share", "in_post_markup",
    "in_section", "in_navigation",
    "page_type_article", "page_type_forum", "page_type_product", "page_type_collection", "page_type_listing",
    "page_type_documentation", "page_type_service"};

// Tag-path flags of every node (itself and its ancestors: a, p, li, h1-h6,
// td), in one forward pass (parents precede their children), instead of a
// walk up the ancestors of each text node.
enum TagPathBit : uint8_t { kPathA = 1, kPathP = 2, kPathLi = 4, kPathH = 8, kPathTd = 16 };
std::vector<uint8_t> tag_paths(const Document& doc) {
  std::vector<uint8_t> path(doc.nodes.size(), 0);
  for (size_t i = 0; i < doc.nodes.size(); ++i) {
    const Node& nd = doc.nodes[i];
    uint8_t f = nd.parent != kNone && nd.parent < i ? path[nd.parent] : 0;
    if (nd.kind == NodeKind::Element) {
      switch (nd.tag) {
        case Tag::A: f |= kPathA; break;
        case Tag::P: f |= kPathP; break;
        case Tag::Li: f |= kPathLi; break;
        case Tag::Td: f |= kPathTd; break;
        case Tag::H1: case Tag::H2: case Tag::H3: case Tag::H4: case Tag::H5: case Tag::H6: f |= kPathH; break;
        default: break;
      }
    }
    path[i] = f;
  }
  return path;
}

// Copies generated tree arrays into `t` and checks them: every node inside
// the arrays, children after their parent, every split on a feature < `features`.
template <size_t R, size_t N>
void load_trees(TreeModel& t, const int32_t (&root)[R], const int32_t (&feature)[N], const double (&threshold)[N],
                const int32_t (&left)[N], const int32_t (&right)[N], const double (&value)[N], double bias,
                size_t features, const char* what) {
  t.root.assign(std::begin(root), std::end(root));
  t.feature.assign(std::begin(feature), std::end(feature));
  t.threshold.assign(std::begin(threshold), std::end(threshold));
  t.left.assign(std::begin(left), std::end(left));
  t.right.assign(std::begin(right), std::end(right));
  t.value.assign(std::begin(value), std::end(value));
  t.bias = bias;
  const std::string where = std::string("core/models/ensemble_gbdt.inc (") + what + "): ";
  const int32_t size = static_cast<int32_t>(t.feature.size());
  auto bad = [&](int32_t i) { return i < 0 || i >= size; };
  for (int32_t rt : t.root)
    if (bad(rt)) throw std::logic_error(where + "bad tree root");
  for (int32_t i = 0; i < size; ++i)
    if (t.feature[i] >= static_cast<int32_t>(features) ||
        (t.feature[i] >= 0 && (bad(t.left[i]) || bad(t.right[i]) || t.left[i] <= i || t.right[i] <= i)))
      throw std::logic_error(where + "bad node " + std::to_string(i));
}

}  // namespace

const std::array<const char*, kEnsembleMemberCount>& ensemble_members() { return kMembers; }
const std::array<const char*, kEnsembleFeatureCount>& ensemble_feature_names() { return kFeatureNames; }
size_t ensemble_feature_index(std::string_view name) {
  for (size_t j = 0; j < kFeatureNames.size(); ++j)
    if (name == kFeatureNames[j]) return j;
  throw std::invalid_argument("not an ensemble node feature: '" + std::string(name) + "'");
}

unsigned ensemble_page_bucket(std::string_view dataset, std::string_view id) {
  return static_cast<unsigned>(Fnv1a().str(dataset).str("/").str(id).value % 100);
}
bool ensemble_training_page(std::string_view dataset, std::string_view id) {
  return ensemble_page_bucket(dataset, id) < kEnsembleTrainPercent;
}

EnsembleMemberSet parse_ensemble_members(std::string_view names) {
  EnsembleMemberSet use{};
  while (!names.empty()) {
    const size_t comma = names.find(',');
    const std::string_view name = names.substr(0, comma);
    names = comma == std::string_view::npos ? std::string_view() : names.substr(comma + 1);
    if (name.empty()) continue;
    size_t m = 0;
    while (m < kEnsembleMemberCount && name != kMembers[m]) ++m;
    if (m == kEnsembleMemberCount)
      throw std::invalid_argument("not an ensemble member: '" + std::string(name) + "'");
    use[m] = true;
  }
  return use;
}

// A candidate member by name (kMembers are all registered: a test checks
// them). Inside the ensemble's own run the Context also checks that the
// member is one the model declares (ExtractorInfo::needs).
static const Extractor& member_extractor(const char* name) {
  const Extractor* e = find_extractor(name);
  if (!e) throw std::invalid_argument(std::string("ensemble member \"") + name + "\" is not a registered extractor");
  return *e;
}

const EnsembleMemberSet& ensemble_used_members() {
  static const EnsembleMemberSet use = [] {
    std::string names;
    for (const char* m : kModelMembers) names += std::string(m) + ",";
    return parse_ensemble_members(names);
  }();
  return use;
}

// std::log1p of a count: small counts (most words, characters, depths) from
// a table made by std::log1p itself, so the values are the same bits.
constexpr uint32_t kLog1pTableSize = 1024;
static double log1p_count(uint32_t v) {
  static const std::array<double, kLog1pTableSize> table = [] {
    std::array<double, kLog1pTableSize> t{};
    for (uint32_t i = 0; i < kLog1pTableSize; ++i) t[i] = std::log1p(static_cast<double>(i));
    return t;
  }();
  return v < kLog1pTableSize ? table[v] : std::log1p(static_cast<double>(v));
}

std::vector<double> ensemble_features(Context& ctx, const EnsembleMemberFn& get, size_t* failed,
                                      const EnsembleMemberSet* use_arg, bool structure, bool page_type) {
  const Document& doc = ctx.doc();
  const size_t n = doc.text_nodes.size();
  constexpr size_t D = kEnsembleFeatureCount;
  constexpr size_t M = kEnsembleMemberCount;
  const EnsembleMemberSet& use = use_arg ? *use_arg : ensemble_used_members();
  const double used = static_cast<double>(std::max<size_t>(1, std::count(use.begin(), use.end(), true)));
  std::vector<double> x(n * D, 0.0);
  if (failed) *failed = 0;
  if (n == 0) return x;
  for (size_t m = 0; m < M; ++m) {
    if (!use[m]) continue;
    // Looked up outside the try: a member missing from the registry is an
    // error, never a member that votes 0.
    const Extractor* member = get ? nullptr : &member_extractor(kMembers[m]);
    try {
      const Labels l = get ? get(ctx, kMembers[m]) : ctx.labels(*member);
      if (l.size() != n) throw std::logic_error("wrong label count");
      for (size_t k = 0; k < n; ++k) x[k * D + m] = l[k] >= 0.5f ? 1.0 : 0.0;
    } catch (const std::exception&) {
      if (failed) ++*failed;  // a failed member votes 0 everywhere
    }
  }
  const std::vector<uint32_t>& words = ctx.text_words();
  const NodeCounts& counts = ctx.counts();
  const TextBlocks& tb = ctx.blocks();
  // Agreement per node, each member's kept words, the page's agreement.
  std::array<double, M> kept{};
  double page_words = 0, page_agree = 0;
  for (size_t k = 0; k < n; ++k) {
    double s = 0;
    for (size_t m = 0; m < M; ++m) {
      s += x[k * D + m];
      kept[m] += words[k] * x[k * D + m];
    }
    x[k * D + kAgreement] = s / used;
    page_words += words[k];
    page_agree += words[k] * s / used;
  }
  // Word-weighted agreement and words per block.
  const size_t nb = tb.blocks.size();
  std::vector<double> block_sum(nb, 0.0), block_w(nb, 0.0);
  for (size_t b = 0; b < nb; ++b) {
    const TextBlock& blk = tb.blocks[b];
    for (uint32_t k = blk.text_begin; k < blk.text_end && k < n; ++k) {
      block_sum[b] += words[k] * x[k * D + kAgreement];
      block_w[b] += words[k];
    }
  }
  auto block_agree = [&](size_t b) { return block_w[b] > 0 ? block_sum[b] / block_w[b] : 0.0; };
  // Agreement of the nearest text node with words on each side.
  std::vector<double> prev_node(n, 0.0), next_node(n, 0.0);
  for (size_t k = 1; k < n; ++k)
    prev_node[k] = words[k - 1] ? x[(k - 1) * D + kAgreement] : prev_node[k - 1];
  for (size_t k = n - 1; k-- > 0;)
    next_node[k] = words[k + 1] ? x[(k + 1) * D + kAgreement] : next_node[k + 1];
  // Routing: the complexity estimate with |T| from the Context's word counts
  // (rendering and tokenizing the page again cost 0.23x the parse).
  const double complexity = estimate_complexity(doc, words).p_above_median;
  // Position among the text nodes with words: whitespace-only text nodes
  // differ between the Gumbo and the live-DOM builders (tests/js/parity.test.js),
  // so they must not move a feature.
  size_t worded = 0;
  for (size_t k = 0; k < n; ++k) worded += words[k] > 0;
  size_t worded_before = 0;
  const std::vector<uint8_t> paths = tag_paths(doc);
  const double log_page_words = std::log1p(page_words);
  const EnsembleStructure st = structure ? ensemble_structure(doc, counts) : EnsembleStructure{};
  double repeated_words = 0;
  if (structure)
    for (size_t k = 0; k < n; ++k) repeated_words += st.repeat_count[doc.text_nodes[k]] ? words[k] : 0;
  const double page_repeated_share = page_words > 0 ? repeated_words / page_words : 0.0;
  const size_t type_column = page_type ? kPageTypeFirst + classify_page_type(ctx, {}, false).type : 0;
  for (size_t k = 0; k < n; ++k) {
    double* row = &x[k * D];
    const uint32_t node = doc.text_nodes[k];
    for (size_t m = 0; m < M; ++m) row[kShare + m] = page_words > 0 ? kept[m] / page_words : 0.0;
    const uint32_t b = k < tb.block_of_text.size() ? tb.block_of_text[k] : kNone;
    if (b != kNone) {
      const TextBlock& blk = tb.blocks[b];
      row[kBlockAgreement] = block_agree(b);
      row[kPrevAgreement] = b > 0 ? block_agree(b - 1) : 0.0;
      row[kNextAgreement] = b + 1 < nb ? block_agree(b + 1) : 0.0;
      double s = 0, w = 0;
      for (size_t c = b >= kWindow ? b - kWindow : 0; c <= b + kWindow && c < nb; ++c) s += block_sum[c], w += block_w[c];
      row[kWindowAgreement] = w > 0 ? s / w : 0.0;
      row[kLogBlockWords] = log1p_count(blk.words);
      row[kLinkDensity] = blk.words ? static_cast<double>(blk.link_words) / blk.words : 0.0;
      row[kCharsPerWord] = blk.words ? std::min(50.0, static_cast<double>(blk.chars) / blk.words) : 0.0;
    } else {
      row[kBlockAgreement] = row[kWindowAgreement] = row[kAgreement];
    }
    row[kPrevNode] = prev_node[k];
    row[kNextNode] = next_node[k];
    row[kLogWords] = log1p_count(words[k]);
    row[kLogChars] = log1p_count(counts.chars[node]);
    row[kLogDepth] = log1p_count(doc.nodes[node].depth);
    row[kPosition] = worded > 1 ? static_cast<double>(worded_before) / static_cast<double>(worded - 1) : 0.0;
    worded_before += words[k] > 0;
    row[kComplexity] = complexity;
    row[kLogPageWords] = log_page_words;
    row[kPageAgreement] = page_words > 0 ? page_agree / page_words : 0.0;
    const uint8_t path = paths[node];
    row[kInLink] = (path & kPathA) != 0;
    row[kInParagraph] = (path & kPathP) != 0;
    row[kInListItem] = (path & kPathLi) != 0;
    row[kInHeading] = (path & kPathH) != 0;
    row[kInTableCell] = (path & kPathTd) != 0;
    if (page_type) row[type_column] = 1.0;
    if (!structure) continue;
    row[kRepeatLogCount] = log1p_count(st.repeat_count[node]);
    row[kRepeatItemLogWords] = log1p_count(st.item_words[node]);
    row[kRepeatGroupShare] = page_words > 0 ? std::min(1.0, st.group_words[node] / page_words) : 0.0;
    row[kPageRepeatedShare] = page_repeated_share;
    row[kInPostMarkup] = (st.flags[node] & kStructurePost) != 0;
    row[kInSection] = (st.flags[node] & kStructureSection) != 0;
    row[kInNavigation] = (st.flags[node] & kStructureNavigation) != 0;
  }
  return x;
}

double TreeModel::margin(const double* x) const {
  double s = bias;
  for (int32_t r : root) {
    int32_t i = r;
    while (feature[i] >= 0) i = x[feature[i]] <= threshold[i] ? left[i] : right[i];
    s += value[i];
  }
  return s;
}

double TreeModel::probability(const double* x) const { return 1.0 / (1.0 + std::exp(-margin(x))); }

const EnsembleModelInfo& ensemble_model() {
  static const EnsembleModelInfo info = [] {
    EnsembleModelInfo r;
    r.feature_names = kModelFeatureNames;
    // A model may read the node features before the page-type columns only.
    r.features = std::size(kModelFeatureNames);
    static_assert(std::size(kModelFeatureNames) == kEnsembleFeatureCount ||
                      std::size(kModelFeatureNames) == kEnsembleFeaturesBeforePageType,
                  "core/models/ensemble_gbdt.inc does not match kEnsembleFeatureCount");
    load_trees(r.model, kModelTreeRoot, kModelFeature, kModelThreshold, kModelLeft, kModelRight, kModelValue,
               kModelBias, r.features, "trees");
    r.model_batch = TreeBatch(r.model);
    static_assert(sizeof(kContextFeatureNames) / sizeof(kContextFeatureNames[0]) == kEnsembleContextFeatureCount,
                  "core/models/ensemble_gbdt.inc does not match kEnsembleContextFeatureCount");
    r.context_stage = kContextStage;
    // The second stage reads the node features followed by its own: all of them.
    if (r.context_stage && r.features != kEnsembleFeatureCount)
      throw std::logic_error("core/models/ensemble_gbdt.inc: a second stage needs every node feature");
    if (r.context_stage)
      load_trees(r.context_model, kContextTreeRoot, kContextFeature, kContextThreshold, kContextLeft, kContextRight,
                 kContextValue, kContextBias, kEnsembleFeatureCount + kEnsembleContextFeatureCount, "second stage");
    // A model may read the first kPageFeatureNames of the page features only
    // (one made before the page's own features were added).
    constexpr size_t kModelPageFeatures = sizeof(kPageFeatureNames) / sizeof(kPageFeatureNames[0]);
    static_assert(kModelPageFeatures >= kEnsemblePageMemberFeatureCount && kModelPageFeatures <= kEnsemblePageFeatureCount,
                  "core/models/ensemble_gbdt.inc does not match kEnsemblePageFeatureCount");
    static_assert(sizeof(kPageChoices) / sizeof(kPageChoices[0]) == sizeof(kPageChoiceTrees) / sizeof(kPageChoiceTrees[0]),
                  "core/models/ensemble_gbdt.inc: one tree count per page choice");
    TreeModel all;
    load_trees(all, kPageTreeRoot, kPageFeature, kPageThreshold, kPageLeft, kPageRight, kPageValue, kPageBias,
               kModelPageFeatures, "page stage");
    size_t first = 0;
    for (size_t c = 0; c < std::size(kPageChoices); ++c) {
      const size_t count = static_cast<size_t>(kPageChoiceTrees[c]);
      if (count == 0 || first + count > all.root.size())
        throw std::logic_error("core/models/ensemble_gbdt.inc (page stage): bad tree counts");
      TreeModel t = all;  // the choice's trees share the node arrays
      t.root.assign(all.root.begin() + static_cast<std::ptrdiff_t>(first),
                    all.root.begin() + static_cast<std::ptrdiff_t>(first + count));
      first += count;
      r.page_models.push_back(std::move(t));
      r.page_choices.push_back(member_column(kPageChoices[c]));
      if (!ensemble_used_members()[r.page_choices.back()])
        throw std::logic_error(std::string("core/models/ensemble_gbdt.inc: page choice not a member: ") + kPageChoices[c]);
    }
    if (first != all.root.size()) throw std::logic_error("core/models/ensemble_gbdt.inc (page stage): bad tree counts");
    r.page_threshold = kPageChooseAt;
    r.page_fallback_share = kPageFallbackShare;
    r.page_features = kModelPageFeatures;
    r.complete_blocks = kCompleteBlocks;
    r.complete_runs = kCompleteRuns;
    r.complete_groups = kModelCompleteGroups;
    r.complete_before = kCompleteBeforePageStage;
    r.trained_on = kModelTrainedOn;
    // Which optional columns some tree reads (the second stage's own come after kEnsembleFeatureCount).
    auto note_reads = [&r](const TreeModel& m) {
      for (int32_t f : m.feature) {
        r.reads_structure = r.reads_structure || (f >= static_cast<int32_t>(kRepeatLogCount) && f < static_cast<int32_t>(kPageTypeFirst));
        r.reads_page_type = r.reads_page_type || (f >= static_cast<int32_t>(kPageTypeFirst) && f < static_cast<int32_t>(kEnsembleFeatureCount));
      }
    };
    note_reads(r.model);
    if (r.context_stage) note_reads(r.context_model);
    for (size_t i = 0; i < kEnsembleContextFeatureCount; ++i)
      if (std::strcmp(kContextFeatureNames[i], ensemble_context_feature_names()[i]) != 0)
        throw std::logic_error("core/models/ensemble_gbdt.inc: second-stage feature " + std::to_string(i) + " is '" +
                               kContextFeatureNames[i] + "', expected '" + ensemble_context_feature_names()[i] + "'");
    for (size_t i = 0; i < r.features; ++i)
      if (std::strcmp(r.feature_names[i], kFeatureNames[i]) != 0)
        throw std::logic_error("core/models/ensemble_gbdt.inc: feature " + std::to_string(i) + " is '" +
                               r.feature_names[i] + "', expected '" + kFeatureNames[i] + "'");
    for (size_t i = 0; i < kModelPageFeatures; ++i)
      if (std::strcmp(kPageFeatureNames[i], ensemble_page_feature_names()[i]) != 0)
        throw std::logic_error("core/models/ensemble_gbdt.inc: page feature " + std::to_string(i) + " is '" +
                               kPageFeatureNames[i] + "', expected '" + ensemble_page_feature_names()[i] + "'");
    return r;
  }();
  return info;
}

std::vector<double> ensemble_tree_probabilities(Context& ctx, const std::vector<double>& x) {
  constexpr size_t D = kEnsembleFeatureCount, C = kEnsembleContextFeatureCount;
  const EnsembleModelInfo& info = ensemble_model();
  const std::vector<uint32_t>& words = ctx.text_words();
  const size_t n = std::min(words.size(), x.size() / D);
  std::vector<double> prob(n, 0.0);
  std::vector<uint32_t> worded;  // whitespace: nothing to keep, P stays 0
  for (size_t k = 0; k < n; ++k)
    if (words[k] > 0) worded.push_back(static_cast<uint32_t>(k));
  std::vector<double> margin(worded.size());
  if (worded.size() >= kResolveRows) {
    // The page's features are the same on every row: their splits go once per page.
    static const std::vector<bool> page_feature = [] {
      std::vector<bool> f(D, false);
      for (size_t m = 0; m < kEnsembleMemberCount; ++m) f[kShare + m] = true;
      f[kComplexity] = f[kLogPageWords] = f[kPageAgreement] = f[kPageRepeatedShare] = true;
      for (size_t t = 0; t < kPageTypeCount; ++t) f[kPageTypeFirst + t] = true;  // one type per page
      return f;
    }();
    info.model_batch.resolve(&x[worded[0] * D], page_feature)
        .margins(x.data(), D, worded.data(), worded.size(), margin.data());
  } else {
    info.model_batch.margins(x.data(), D, worded.data(), worded.size(), margin.data());
  }
  for (size_t i = 0; i < worded.size(); ++i) prob[worded[i]] = 1.0 / (1.0 + std::exp(-margin[i]));
  if (!info.context_stage) return prob;
  const std::vector<double> cf = ensemble_context_features(ctx, prob);
  std::vector<double> row(D + C);
  for (size_t k = 0; k < n; ++k) {
    if (words[k] == 0) continue;
    std::copy(&x[k * D], &x[k * D] + D, row.begin());
    std::copy(&cf[k * C], &cf[k * C] + C, row.begin() + D);
    prob[k] = info.context_model.probability(row.data());
  }
  return prob;
}

int ensemble_page_choice(const std::array<double, kEnsemblePageFeatureCount>& page) {
  const EnsembleModelInfo& info = ensemble_model();
  static const size_t trees_over_readability = ensemble_page_feature_index("trees_over_readability");
  if (page[trees_over_readability] < info.page_fallback_share) {  // the trees lost most of readability's article
    for (size_t c = 0; c < info.page_choices.size(); ++c)
      if (info.page_choices[c] == 0) return static_cast<int>(c);
  }
  int best = -1;
  double best_p = info.page_threshold;
  for (size_t c = 0; c < info.page_models.size(); ++c) {
    const double p = info.page_models[c].probability(page.data());
    if (p >= best_p && (best < 0 || p > best_p)) best = static_cast<int>(c), best_p = p;
  }
  return best;
}

EnsembleRoute ensemble_route_defaults() {
  EnsembleRoute r;
  r.on = kRouteOn;
  for (const char* t : kRouteTypes)
    for (size_t i = 0; i < kPageTypeCount; ++i)
      if (std::strcmp(page_type_names()[i], t) == 0) r.types[i] = true;
  r.to = kRouteTo;
  r.listing_gate = kRouteListingGate;
  return r;
}

// The index of route.to among the page choices, or -1.
static int route_target(const EnsembleRoute& route, const std::vector<size_t>& page_choices) {
  if (!route.to) return -1;
  for (size_t c = 0; c < page_choices.size(); ++c)
    if (page_choices[c] < kEnsembleMemberCount && std::strcmp(kMembers[page_choices[c]], route.to) == 0)
      return static_cast<int>(c);
  return -1;
}

int ensemble_gated_choice(int choice, double p_listing, const EnsembleRoute& route,
                          const std::vector<size_t>& page_choices) {
  if (!route.on || !(route.listing_gate > 0) || !(p_listing >= route.listing_gate)) return choice;
  const int to = route_target(route, page_choices);
  return to >= 0 ? to : choice;
}

int ensemble_routed_choice(int choice, size_t page_type, const EnsembleRoute& route,
                           const std::vector<size_t>& page_choices) {
  if (!route.on || page_type >= kPageTypeCount || !route.types[page_type]) return choice;
  const int to = route_target(route, page_choices);
  return to >= 0 ? to : choice;
}

Labels ensemble_probabilities(Context& ctx, const EnsembleMemberFn& get) {
  static const EnsembleRoute route = ensemble_route_defaults();  // its type names resolved once, not per page
  return ensemble_probabilities(ctx, get, route);
}

Labels ensemble_probabilities(Context& ctx, const EnsembleMemberFn& get, const EnsembleRoute& route) {
  const size_t n = ctx.doc().text_nodes.size();
  Labels out(n, 0.0f);
  if (n == 0) return out;
  const EnsembleModelInfo& info = ensemble_model();
  const std::vector<double> x = ensemble_features(ctx, get, nullptr, nullptr, info.reads_structure, info.reads_page_type);
  const std::vector<uint32_t>& words = ctx.text_words();
  std::vector<double> prob = ensemble_tree_probabilities(ctx, x);
  EnsembleCompletion completion = ensemble_completion_defaults();
  completion.blocks = info.complete_blocks;
  completion.runs = info.complete_runs;
  completion.groups = info.complete_groups;
  const bool complete = completion.blocks || completion.runs || completion.groups;
  if (complete && info.complete_before) ensemble_complete(ctx, prob, completion);
  int choice = ensemble_page_choice(
      ensemble_page_features(ctx, x, prob, info.page_features > kEnsemblePageMemberFeatureCount));
  if (route.on && info.reads_page_type) {  // the page type: the one-hot every row carries (row 0's)
    size_t type = 0;
    for (size_t t = 1; t < kPageTypeCount; ++t)
      if (x[kPageTypeFirst + t] > x[kPageTypeFirst + type]) type = t;
    choice = ensemble_routed_choice(choice, type, route, info.page_choices);
  }
  // The listing gate: only where it could change the choice (its features are
  // the page type's, computed once per page).
  if (route.on && route.listing_gate > 0) {
    const int to = route_target(route, info.page_choices);
    if (to >= 0 && choice != to)
      choice = ensemble_gated_choice(choice, listing_gate_probability(ctx), route, info.page_choices);
  }
  // The trees keep the page: their labels get the structural completion.
  if (complete && !info.complete_before && choice < 0) ensemble_complete(ctx, prob, completion);
  const size_t column = choice >= 0 ? info.page_choices[static_cast<size_t>(choice)] : 0;
  // The document's <head> (its <title>) is the page's metadata, never its
  // content: the trees can keep a short page's <title> text otherwise.
  const Document& doc = ctx.doc();
  uint32_t head_begin = kNone, head_end = kNone;
  for (uint32_t c = doc.nodes[0].first_child; c != kNone && head_begin == kNone; c = doc.nodes[c].next_sibling)
    for (uint32_t h = doc.nodes[c].first_child; h != kNone; h = doc.nodes[h].next_sibling)
      if (doc.nodes[h].tag == Tag::Head) {
        head_begin = h;
        head_end = doc.subtree_end(h);
        break;
      }
  for (size_t k = 0; k < n; ++k) {
    if (words[k] == 0) continue;
    const uint32_t node = doc.text_nodes[k];
    if (head_begin != kNone && node > head_begin && node < head_end) continue;
    out[k] = static_cast<float>(prob[k]);
    // The chosen member's labels, with the trees' probability as the
    // confidence inside each side of 0.5.
    if (choice >= 0)
      out[k] = x[k * kEnsembleFeatureCount + column] >= 0.5 ? std::max(out[k], 0.5f) : std::min(out[k], 0.499f);
  }
  if (kHeadlineRule) ensemble_keep_headline(ctx, out);
  return out;
}

// The model's own members and page choices, named in the description that
// `wce list`, WASM extractors() and the extension show.
static std::string names_of(const char* const* first, size_t count) {
  std::string out;
  for (size_t i = 0; i < count; ++i) out += (i ? (i + 1 == count ? " and " : ", ") : "") + std::string(first[i]);
  return out;
}

// The route's sentence of the description, when it acts on this model.
static std::string route_description() {
  const EnsembleRoute r = ensemble_route_defaults();
  const EnsembleModelInfo& info = ensemble_model();
  if (!r.on || !info.reads_page_type) return "";
  std::string types;
  for (size_t t = 0; t < kPageTypeCount; ++t)
    if (r.types[t]) types += std::string(types.empty() ? "" : " or ") + page_type_names()[t];
  for (size_t t = 0; t < kPageTypeCount; ++t)
    if (r.types[t] && ensemble_routed_choice(-1, t, r, info.page_choices) < 0) return "";  // `to` is no page choice
  return "; a page the page-type classifier reads as a " + types + " page" +
         (r.listing_gate > 0 ? std::string(", or that a listing gate (trained to tell listings from news pages) "
                                           "reads as a listing,")
                             : std::string()) +
         " takes " + r.to + "'s labels";
}

std::unique_ptr<Extractor> make_learned_ensemble() {
  return make_extractor(
      {"ensemble", Family::Ensemble, "ours (issue 9): node-level learned ensemble, core/models/ensemble_gbdt.inc",
       "Gradient-boosted trees per text node over the votes of its members (in the shipped model: " +
           names_of(kModelMembers, std::size(kModelMembers)) +
           "), each member's share of the page kept, "
           "agreement of the node, its block and neighbours, words, link density, depth, position, tag path "
           "and the page-complexity estimate (routing)" +
           std::string(ensemble_model().reads_structure
                           ? ", the page's repeated structures (posts, cards, list entries), post markup, sections "
                             "and navigation / tables of contents"
                           : "") +
           std::string(ensemble_model().reads_page_type
                           ? ", and the page's type (the core's page-type classifier, read without the URL and "
                             "structured data so that the extension's live page gets the same type)"
                           : "") +
           "; when the model has one, a second stage of trees smooths the "
           "first one's P(content) over neighbours, blocks and enclosing elements. The label is P(content); >= 0.5 "
           "is kept. A page stage (small trees over the trees' output and the members') decides whether the page "
           "takes a member's labels outright (the model's choices: " +
           names_of(kPageChoices, std::size(kPageChoices)) +
           ")" + route_description() + "; when the model says so, a structural "
           "completion then keeps the rest of mostly kept blocks and short heading / list runs between kept blocks.",
       RenderStyle::Plain, std::vector<std::string>(std::begin(kModelMembers), std::end(kModelMembers))},
      [](Context& ctx) { return ensemble_probabilities(ctx); });
}

}  // namespace wce
