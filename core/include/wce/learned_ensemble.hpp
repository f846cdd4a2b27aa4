// Our node-level learned ensemble (extractor "ensemble", family "ensemble"):
// a logistic regression per text node over the labels of a fixed member set,
// cheap Context features and the page-complexity estimate (routing: the
// estimate enters alone and multiplied with each member's vote, so the model
// can trust members differently on simple and complex pages).
// Weights: core/models/ensemble_logreg.inc, made by bench/ensemble_train.cpp.
#pragma once
#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "wce/complexity.hpp"
#include "wce/context.hpp"

namespace wce {

constexpr size_t kEnsembleMemberCount = 8;
// Member registry names, in feature order.
const std::array<const char*, kEnsembleMemberCount>& ensemble_members();

constexpr size_t kEnsembleFeatureCount = 31;
const std::array<const char*, kEnsembleFeatureCount>& ensemble_feature_names();

// How the ensemble gets a member's labels: ctx.labels(name) (run once per
// page and cached) unless tests swap in another source.
using EnsembleMemberFn = std::function<Labels(Context&, const std::string& name)>;

// Row-major features, kEnsembleFeatureCount per text node. A member that
// throws or returns a wrong number of labels counts as voting 0 for every
// node (and `failed`, when given, counts it).
std::vector<double> ensemble_features(Context& ctx, const EnsembleMemberFn& get = {}, size_t* failed = nullptr);

// P(content) per text node: the "ensemble" extractor's labels.
Labels ensemble_probabilities(Context& ctx, const EnsembleMemberFn& get = {});

// The compiled-in model and its provenance.
struct EnsembleModelInfo {
  const char* const* feature_names;  // kEnsembleFeatureCount names, in model order
  LogisticModel model;
  const char* trained_on;
};
const EnsembleModelInfo& ensemble_model();

// The fixed train/test split of the ensemble's training (bench/ensemble_train):
// a page is a training page when FNV-1a 64 of "dataset/id" falls in the first
// kEnsembleTrainPercent of 100 buckets. Per page, so stratified by dataset in
// expectation and independent of file order.
constexpr unsigned kEnsembleTrainPercent = 30;
bool ensemble_training_page(std::string_view dataset, std::string_view id);

}  // namespace wce
