// The learned ensemble's page stage, its features from the members' outputs
// (kPage* in the model: per page, keep the trees or take one member's labels
// outright). The trees sometimes drop an article only readability finds, and
// sometimes add or cut around an article a member already has clean; the
// features see both cases, for each member of kPageMembers (their columns
// are 0 when the model does not run them). They read plain arrays per text
// node (wce/train/ensemble_model.hpp), which the runtime fills from its
// Context and lab/tools/ensemble_stage_features from the training dump.
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "wce/train/ensemble_model.hpp"

namespace wce {
namespace {

constexpr double kTreesOverMemberCap = 10;  // trees_over_<member> is clipped here
constexpr std::array<const char*, 3> kPageMembers = {"readability", "resiliparse", "cetd"};
constexpr size_t kPageCommon = 5;  // page features before the per-member ones
static_assert(kPageCommon + kEnsemblePagePerMemberFeatureCount * kPageMembers.size() == kEnsemblePageMemberFeatureCount,
              "page layout");

const std::array<const char*, kEnsemblePageMemberFeatureCount> kPageMemberFeatureNames = {
    "trees_share", "trees_uncertainty", "page_agreement", "complexity", "log_page_words",
    "readability_share", "trees_over_readability", "trees_readability_jaccard", "prob_on_readability",
    "prob_off_readability",
    "resiliparse_share", "trees_over_resiliparse", "trees_resiliparse_jaccard", "prob_on_resiliparse",
    "prob_off_resiliparse",
    "cetd_share", "trees_over_cetd", "trees_cetd_jaccard", "prob_on_cetd", "prob_off_cetd"};

double ratio(double a, double b) { return b > 0 ? a / b : 0.0; }

// The text nodes every page feature reads.
size_t rows_of(const std::vector<uint32_t>& words, const std::vector<double>& x, const std::vector<double>& prob) {
  return std::min(words.size(), std::min(prob.size(), x.size() / kEnsembleFeatureCount));
}

}  // namespace

const std::array<const char*, kEnsemblePageFeatureCount>& ensemble_page_feature_names() {
  // The members' page features, then the page's own (ensemble_page_doc.cpp).
  static const std::array<const char*, kEnsemblePageFeatureCount> names = [] {
    std::array<const char*, kEnsemblePageFeatureCount> a{};
    std::copy(kPageMemberFeatureNames.begin(), kPageMemberFeatureNames.end(), a.begin());
    std::copy(ensemble_page_doc_feature_names().begin(), ensemble_page_doc_feature_names().end(),
              a.begin() + kEnsemblePageMemberFeatureCount);
    return a;
  }();
  return names;
}

size_t ensemble_page_feature_index(std::string_view name) {
  const auto& names = ensemble_page_feature_names();
  for (size_t j = 0; j < names.size(); ++j)
    if (name == names[j]) return j;
  throw std::invalid_argument("not an ensemble page feature: '" + std::string(name) + "'");
}

void ensemble_page_member_features(const std::vector<uint32_t>& words, const std::vector<double>& x,
                                   const std::vector<double>& prob, size_t vote_column, double* out) {
  constexpr size_t D = kEnsembleFeatureCount;
  const size_t n = rows_of(words, x, prob);
  double total = 0, trees = 0, kept = 0, both = 0, either = 0, on = 0, off = 0;
  for (size_t k = 0; k < n; ++k) {
    const double w = words[k];
    if (w == 0) continue;
    const bool t = prob[k] >= 0.5, v = x[k * D + vote_column] >= 0.5;
    total += w;
    trees += t ? w : 0;
    kept += v ? w : 0;
    both += t && v ? w : 0;
    either += t || v ? w : 0;
    (v ? on : off) += w * prob[k];
  }
  out[0] = ratio(kept, total);
  out[1] = std::min(kTreesOverMemberCap, trees / std::max(kept, 1.0));
  out[2] = either > 0 ? both / either : 1.0;
  out[3] = ratio(on, kept);
  out[4] = ratio(off, total - kept);
}

std::array<double, kEnsemblePageFeatureCount> ensemble_page_features(const std::vector<uint32_t>& words,
                                                                     const std::vector<double>& x,
                                                                     const std::vector<double>& prob,
                                                                     const EnsemblePageDoc* own) {
  constexpr size_t D = kEnsembleFeatureCount;
  static const size_t agreement = ensemble_feature_index("agreement"),
                      complexity = ensemble_feature_index("complexity");
  static const std::array<size_t, kPageMembers.size()> vote = [] {
    std::array<size_t, kPageMembers.size()> v{};
    for (size_t j = 0; j < kPageMembers.size(); ++j) v[j] = ensemble_feature_index(std::string("vote_") + kPageMembers[j]);
    return v;
  }();
  const size_t n = rows_of(words, x, prob);
  double total = 0, trees = 0, unsure = 0, agree = 0;
  for (size_t k = 0; k < n; ++k) {
    const double w = words[k];
    if (w == 0) continue;
    total += w;
    trees += prob[k] >= 0.5 ? w : 0;
    unsure += w * std::min(prob[k], 1 - prob[k]);
    agree += w * x[k * D + agreement];
  }
  std::array<double, kEnsemblePageFeatureCount> f{};
  f[0] = ratio(trees, total);
  f[1] = ratio(unsure, total);
  f[2] = ratio(agree, total);
  f[3] = n > 0 ? x[complexity] : 0.0;  // the same on every row
  f[4] = std::log1p(total);
  for (size_t j = 0; j < kPageMembers.size(); ++j)
    ensemble_page_member_features(words, x, prob, vote[j], &f[kPageCommon + j * kEnsemblePagePerMemberFeatureCount]);
  if (own) ensemble_page_doc_features(words, x, prob, *own, &f[kEnsemblePageMemberFeatureCount]);
  return f;
}

std::array<double, kEnsemblePageFeatureCount> ensemble_page_features(Context& ctx, const std::vector<double>& x,
                                                                     const std::vector<double>& prob, bool own) {
  if (!own) return ensemble_page_features(ctx.text_words(), x, prob, nullptr);
  const EnsemblePageDoc pd = ensemble_page_doc(ctx.doc());
  return ensemble_page_features(ctx.text_words(), x, prob, &pd);
}

}  // namespace wce
