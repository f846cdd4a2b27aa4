// Extractor "ensemble": our node-level learned ensemble (see
// wce/learned_ensemble.hpp). Per text node, P(content) from a logistic
// regression over the member votes, the node's block and its neighbours'
// agreement, a few tag-path flags and the page-complexity estimate; the
// probability itself is the label (>= 0.5 is content), so the confidence view
// gets real bands.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <iterator>
#include <stdexcept>

#include "extractors/extractor_util.hpp"
#include "extractors/registry_list.hpp"
#include "wce/learned_ensemble.hpp"

namespace wce {
namespace {

// The compiled-in model: kModelFeatureNames, kModelMean, kModelStdev,
// kModelWeight, kModelIntercept, kModelTrainedOn.
#include "../../models/ensemble_logreg.inc"

static_assert(sizeof(kModelFeatureNames) / sizeof(kModelFeatureNames[0]) == kEnsembleFeatureCount &&
                  sizeof(kModelMean) / sizeof(double) == kEnsembleFeatureCount &&
                  sizeof(kModelStdev) / sizeof(double) == kEnsembleFeatureCount &&
                  sizeof(kModelWeight) / sizeof(double) == kEnsembleFeatureCount,
              "core/models/ensemble_logreg.inc does not match kEnsembleFeatureCount");

// Fast, strong and different: two readability-style scorers (readability,
// goose), a rule cascade (trafilatura), a DOM classifier (domdistiller), two
// block classifiers (boilerpipe_article, justext), a density method (cetd) and
// resiliparse's rules. The slow or weak ones (bte, crunch, lqf*, cetr) stay out.
constexpr std::array<const char*, kEnsembleMemberCount> kMembers = {
    "readability", "trafilatura", "domdistiller", "boilerpipe_article",
    "resiliparse", "justext",     "goose",        "cetd"};

// Feature layout (kEnsembleFeatureCount columns).
constexpr size_t kAgreement = kEnsembleMemberCount;  // mean member vote of the node
constexpr size_t kBlockAgreement = kAgreement + 1;   // word-weighted mean over its block
constexpr size_t kPrevAgreement = kAgreement + 2;    // of the previous block (0 at the start)
constexpr size_t kNextAgreement = kAgreement + 3;    // of the next block (0 at the end)
constexpr size_t kLogWords = kAgreement + 4;         // log(1 + words of the node)
constexpr size_t kLogBlockWords = kAgreement + 5;    // log(1 + words of its block)
constexpr size_t kLinkDensity = kAgreement + 6;      // link words / words of its block
constexpr size_t kLogDepth = kAgreement + 7;         // log(1 + DOM depth)
constexpr size_t kPosition = kAgreement + 8;         // text-node index / (text nodes - 1)
constexpr size_t kCharsPerWord = kAgreement + 9;     // block chars / words (CJK runs are long)
constexpr size_t kComplexity = kAgreement + 10;      // estimate_complexity().p_above_median
constexpr size_t kRouted = kAgreement + 11;          // + m: complexity * member m's vote
constexpr size_t kInLink = kRouted + kEnsembleMemberCount;
constexpr size_t kInParagraph = kInLink + 1;
constexpr size_t kInListItem = kInLink + 2;
constexpr size_t kInHeading = kInLink + 3;
static_assert(kInHeading + 1 == kEnsembleFeatureCount, "feature layout");

const std::array<const char*, kEnsembleFeatureCount> kFeatureNames = {
    "vote_readability", "vote_trafilatura", "vote_domdistiller", "vote_boilerpipe_article",
    "vote_resiliparse", "vote_justext", "vote_goose", "vote_cetd",
    "agreement", "block_agreement", "prev_block_agreement", "next_block_agreement",
    "log_words", "log_block_words", "block_link_density", "log_depth", "position",
    "block_chars_per_word", "complexity",
    "complexity_x_readability", "complexity_x_trafilatura", "complexity_x_domdistiller",
    "complexity_x_boilerpipe_article", "complexity_x_resiliparse", "complexity_x_justext",
    "complexity_x_goose", "complexity_x_cetd",
    "in_a", "in_p", "in_li", "in_h"};

bool in_heading(const Document& doc, uint32_t node) {
  for (Tag t : {Tag::H1, Tag::H2, Tag::H3, Tag::H4, Tag::H5, Tag::H6})
    if (doc.ancestor(node, t) != kNone) return true;
  return false;
}

uint64_t fnv1a(std::string_view a, std::string_view b) {
  uint64_t h = 1469598103934665603ull;
  auto mix = [&](std::string_view s) {
    for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
  };
  mix(a);
  mix("/");
  mix(b);
  return h;
}

}  // namespace

const std::array<const char*, kEnsembleMemberCount>& ensemble_members() { return kMembers; }
const std::array<const char*, kEnsembleFeatureCount>& ensemble_feature_names() { return kFeatureNames; }

bool ensemble_training_page(std::string_view dataset, std::string_view id) {
  return fnv1a(dataset, id) % 100 < kEnsembleTrainPercent;
}

std::vector<double> ensemble_features(Context& ctx, const EnsembleMemberFn& get, size_t* failed) {
  const Document& doc = ctx.doc();
  const size_t n = doc.text_nodes.size();
  constexpr size_t D = kEnsembleFeatureCount;
  std::vector<double> x(n * D, 0.0);
  if (failed) *failed = 0;
  if (n == 0) return x;
  for (size_t m = 0; m < kEnsembleMemberCount; ++m) {
    try {
      const Labels l = get ? get(ctx, kMembers[m]) : ctx.labels(kMembers[m]);
      if (l.size() != n) throw std::logic_error("wrong label count");
      for (size_t k = 0; k < n; ++k) x[k * D + m] = l[k] >= 0.5f ? 1.0 : 0.0;
    } catch (const std::exception&) {
      if (failed) ++*failed;  // a failed member votes 0 everywhere
    }
  }
  const std::vector<uint32_t>& words = ctx.text_words();
  const TextBlocks& tb = ctx.blocks();
  for (size_t k = 0; k < n; ++k) {
    double s = 0;
    for (size_t m = 0; m < kEnsembleMemberCount; ++m) s += x[k * D + m];
    x[k * D + kAgreement] = s / kEnsembleMemberCount;
  }
  // Word-weighted agreement per block.
  std::vector<double> block_agree(tb.blocks.size(), 0.0);
  for (size_t b = 0; b < tb.blocks.size(); ++b) {
    const TextBlock& blk = tb.blocks[b];
    double sum = 0, w = 0;
    for (uint32_t k = blk.text_begin; k < blk.text_end && k < n; ++k) {
      sum += words[k] * x[k * D + kAgreement];
      w += words[k];
    }
    block_agree[b] = w > 0 ? sum / w : 0.0;
  }
  const double complexity = estimate_complexity(doc).p_above_median;
  for (size_t k = 0; k < n; ++k) {
    double* row = &x[k * D];
    const uint32_t node = doc.text_nodes[k];
    const uint32_t b = k < tb.block_of_text.size() ? tb.block_of_text[k] : kNone;
    if (b != kNone) {
      const TextBlock& blk = tb.blocks[b];
      row[kBlockAgreement] = block_agree[b];
      row[kPrevAgreement] = b > 0 ? block_agree[b - 1] : 0.0;
      row[kNextAgreement] = b + 1 < block_agree.size() ? block_agree[b + 1] : 0.0;
      row[kLogBlockWords] = std::log1p(blk.words);
      row[kLinkDensity] = blk.words ? static_cast<double>(blk.link_words) / blk.words : 0.0;
      row[kCharsPerWord] = blk.words ? std::min(50.0, static_cast<double>(blk.chars) / blk.words) : 0.0;
    } else {
      row[kBlockAgreement] = row[kAgreement];
    }
    row[kLogWords] = std::log1p(words[k]);
    row[kLogDepth] = std::log1p(doc.nodes[node].depth);
    row[kPosition] = n > 1 ? static_cast<double>(k) / static_cast<double>(n - 1) : 0.0;
    row[kComplexity] = complexity;
    for (size_t m = 0; m < kEnsembleMemberCount; ++m) row[kRouted + m] = complexity * row[m];
    row[kInLink] = doc.ancestor(node, Tag::A) != kNone;
    row[kInParagraph] = doc.ancestor(node, Tag::P) != kNone;
    row[kInListItem] = doc.ancestor(node, Tag::Li) != kNone;
    row[kInHeading] = in_heading(doc, node);
  }
  return x;
}

const EnsembleModelInfo& ensemble_model() {
  static const EnsembleModelInfo info = [] {
    EnsembleModelInfo r;
    r.feature_names = kModelFeatureNames;
    r.model.mean.assign(std::begin(kModelMean), std::end(kModelMean));
    r.model.stdev.assign(std::begin(kModelStdev), std::end(kModelStdev));
    r.model.weight.assign(std::begin(kModelWeight), std::end(kModelWeight));
    r.model.intercept = kModelIntercept;
    r.trained_on = kModelTrainedOn;
    for (size_t i = 0; i < kEnsembleFeatureCount; ++i)
      if (std::strcmp(r.feature_names[i], kFeatureNames[i]) != 0)
        throw std::logic_error("core/models/ensemble_logreg.inc: feature " + std::to_string(i) + " is '" +
                               r.feature_names[i] + "', expected '" + kFeatureNames[i] + "'");
    return r;
  }();
  return info;
}

Labels ensemble_probabilities(Context& ctx, const EnsembleMemberFn& get) {
  const size_t n = ctx.doc().text_nodes.size();
  Labels out(n, 0.0f);
  if (n == 0) return out;
  const LogisticModel& model = ensemble_model().model;
  const std::vector<double> x = ensemble_features(ctx, get);
  for (size_t k = 0; k < n; ++k) out[k] = static_cast<float>(model.probability(&x[k * kEnsembleFeatureCount]));
  return out;
}

std::unique_ptr<Extractor> make_learned_ensemble() {
  return make_extractor(
      {"ensemble", Family::Ensemble, "ours (issue 9): node-level learned ensemble, core/models/ensemble_logreg.inc",
       "Logistic regression per text node over the votes of readability, trafilatura, domdistiller, "
       "boilerpipe_article, resiliparse, justext, goose and cetd, block agreement and neighbours, "
       "words, link density, depth, position, tag path and the page-complexity estimate (routing). "
       "The label is P(content); >= 0.5 is kept."},
      [](Context& ctx) { return ensemble_probabilities(ctx); });
}

}  // namespace wce
