// Web2Text (Vogels, Ganea, Eickhoff 2018, "Web2Text: Deep Structured
// Boilerplate Removal", section 3): the page as the sequence of the leaves of
// its Collapsed DOM (web2text_features.cpp); two convolutional networks over
// that sequence, one giving unary potentials p_i(boilerplate), p_i(content)
// per block, one giving pairwise potentials p_i(l_i -> l_i+1) per pair of
// neighbouring blocks (softmax over 2 and 4 values); the labelling that
// maximises
//   sum_i log p_i(l_i) + lambda * sum_i log p_i(l_i -> l_i+1)
// found by the Viterbi algorithm (section 3.5; lambda, the weight of the
// pairwise term, is the released code's test_structured default 0.1 unless
// the model file says otherwise). Layer widths and kernel sizes come from the
// model file (core/models/web2text.wcem, made by lab/train.sh web2text).
#include <algorithm>
#include <cmath>
#include <memory>
#include <string>

#include "extractors/extractor_util.hpp"
#include "extractors/registry_list.hpp"
#include "nn/activations.hpp"
#include "nn/conv1d.hpp"
#include "nn/model_file.hpp"
#include "wce/train/learned.hpp"

namespace wce {
namespace learned {
namespace {

// log of a probability, bounded so that a zero never gives -inf.
constexpr double kMinProbability = 1e-30;
// Long pages run through the CNNs in windows of this many rows, each widened
// by the networks' receptive radius on both sides, so that memory stays
// bounded and the outputs equal those of one pass over the whole page.
constexpr size_t kWindowRows = 4096;

// One CNN: standardisation of its input features, then convolutions ("same"
// zero padding) with ReLU between them and a softmax after the last. The
// weights are packed once (nn::Conv1d); each layer writes its output into a
// buffer with the zero rows the next layer's kernel reads past the ends.
struct Cnn {
  const nn::Tensor *mean = nullptr, *stdev = nullptr;
  std::vector<nn::Conv1d> layers;

  Cnn(const nn::ModelFile& f, const std::string& name, size_t features) {
    mean = &f.tensor(name + ".mean", {features});
    stdev = &f.tensor(name + ".std", {features});
    auto widths = f.lines(name + "_widths"), kernels = f.lines(name + "_kernels");
    if (widths.empty() || widths.size() != kernels.size())
      throw nn::ModelError(f.name() + ": " + name + "_widths and " + name + "_kernels differ in length");
    size_t in = features;
    for (size_t l = 0; l < widths.size(); ++l) {
      size_t out = 0, k = 0;
      try {
        out = std::stoul(widths[l]);
        k = std::stoul(kernels[l]);
      } catch (const std::exception&) {
        throw nn::ModelError(f.name() + ": bad " + name + " layer size '" + widths[l] + "'/'" + kernels[l] + "'");
      }
      if (k % 2 == 0 || out == 0) throw nn::ModelError(f.name() + ": " + name + " kernels must be odd, widths > 0");
      const std::string p = name + ".conv" + std::to_string(l + 1);
      layers.push_back(nn::pack_conv1d(f.tensor(p + ".w", {k, in, out}), f.tensor(p + ".b", {out})));
      in = out;
    }
  }
  size_t outputs() const { return layers.back().out; }
  // Rows on each side that influence one output: the sum of the kernels' radii.
  size_t radius() const {
    size_t r = 0;
    for (const auto& c : layers) r += c.half();
    return r;
  }

  // Softmax outputs for rows [begin, end) of `rows` (count rows of features).
  std::vector<float> forward_rows(const std::vector<float>& rows, size_t begin, size_t end) const {
    const size_t F = mean->data.size(), T = end - begin;
    size_t pad = layers[0].half();
    std::vector<float> x((T + 2 * pad) * F, 0.0f), y;
    for (size_t r = begin; r < end; ++r) {
      float* xr = x.data() + (r - begin + pad) * F;
      for (size_t i = 0; i < F; ++i) xr[i] = (rows[r * F + i] - mean->data[i]) / stdev->data[i];
    }
    for (size_t l = 0; l < layers.size(); ++l) {
      const bool last = l + 1 == layers.size();
      const size_t next_pad = last ? 0 : layers[l + 1].half(), out = layers[l].out;
      y.assign((T + 2 * next_pad) * out, 0.0f);
      nn::conv1d(layers[l], x.data(), T, y.data() + next_pad * out, out, !last);
      std::swap(x, y);
    }
    nn::Tensor t;
    t.shape = {T, outputs()};
    t.data = std::move(x);
    nn::softmax_rows(t);
    return std::move(t.data);
  }

  std::vector<float> forward(const std::vector<float>& rows, size_t count) const {
    if (count <= kWindowRows) return forward_rows(rows, 0, count);
    const size_t R = radius(), C = outputs();
    std::vector<float> out;
    out.reserve(count * C);
    for (size_t s = 0; s < count; s += kWindowRows) {
      const size_t e = std::min(count, s + kWindowRows), lo = s > R ? s - R : 0, hi = std::min(count, e + R);
      std::vector<float> y = forward_rows(rows, lo, hi);
      out.insert(out.end(), y.begin() + (s - lo) * C, y.begin() + (e - lo) * C);
    }
    return out;
  }
};

struct Web2TextModel {
  nn::ModelFile file;
  Cnn unary, pair;
  double lambda;

  explicit Web2TextModel(nn::ModelFile f)
      : file(std::move(f)),
        unary(file, "unary", kWeb2TextBlockFeatures),
        pair(file, "pair", kWeb2TextEdgeFeatures),
        lambda(file.config_double("lambda")) {
    if (unary.outputs() != 2 || pair.outputs() != 4)
      throw nn::ModelError(file.name() + ": the unary network must end in 2 outputs, the pairwise one in 4");
  }

  Web2TextOutput run(const Web2TextFeatures& feat) const {
    Web2TextOutput out;
    const size_t n = feat.text_index.size();
    if (n == 0) return out;
    out.unary = unary.forward(feat.block, n);
    if (n > 1) out.pairwise = pair.forward(feat.edge, n - 1);
    out.labels = web2text_viterbi(out.unary, out.pairwise, n, lambda);
    if (feat.chars.size() == n) {
      std::vector<float> content(n);
      for (size_t b = 0; b < n; ++b) content[b] = out.unary[2 * b + 1];
      out.guarded = guard_nonempty(out.labels, content, feat.chars);
    }
    return out;
  }
};

double log_p(float p) { return std::log(std::max<double>(p, kMinProbability)); }

}  // namespace

// Most likely labelling (ties: boilerplate first, the earlier choice kept).
std::vector<uint8_t> web2text_viterbi(const std::vector<float>& unary, const std::vector<float>& pairwise, size_t n,
                             double lambda) {
  std::vector<uint8_t> labels(n, 0);
  if (n == 0) return labels;
  std::vector<uint8_t> back(2 * n, 0);
  double score[2] = {log_p(unary[0]), log_p(unary[1])};
  for (size_t i = 1; i < n; ++i) {
    double next[2];
    for (int m = 0; m < 2; ++m) {
      double best = -1e300;
      for (int l = 0; l < 2; ++l) {
        double s = score[l] + lambda * log_p(pairwise[(i - 1) * 4 + 2 * l + m]);
        if (s > best) {
          best = s;
          back[2 * i + m] = static_cast<uint8_t>(l);
        }
      }
      next[m] = best + log_p(unary[2 * i + m]);
    }
    score[0] = next[0];
    score[1] = next[1];
  }
  labels[n - 1] = score[1] > score[0] ? 1 : 0;
  for (size_t i = n - 1; i > 0; --i) labels[i - 1] = back[2 * i + labels[i]];
  return labels;
}

namespace {
const Web2TextModel& builtin_model() { return nn::cached_embedded_model<Web2TextModel>("web2text"); }
}  // namespace

Web2TextOutput web2text_run(const Web2TextFeatures& features, std::string_view model_bytes) {
  if (model_bytes.empty()) return builtin_model().run(features);
  Web2TextModel m(nn::ModelFile::parse(model_bytes, "web2text"));
  return m.run(features);
}

}  // namespace learned

std::unique_ptr<Extractor> make_web2text() {
  return make_extractor(
      {"web2text", Family::Learned,
       "Vogels, Ganea, Eickhoff 2018: Web2Text: Deep Structured Boilerplate Removal",
       "Leaves of the Collapsed DOM as blocks; block and tree features of the node, parent and grandparent; "
       "unary and pairwise CNNs; Viterbi decoding; trained here on CleanEval (core/models/web2text.manifest.json); "
       "when almost no text is kept, the best run of blocks is kept too."},
      [](Context& ctx) {
        Labels labels(ctx.doc().text_nodes.size(), 0.0f);
        const learned::Web2TextModel& model = learned::builtin_model();  // a load error throws for every page
        auto features = learned::web2text_features(ctx);
        auto out = model.run(features);
        for (size_t b = 0; b < out.labels.size(); ++b) labels[features.text_index[b]] = out.labels[b];
        return labels;
      });
}

}  // namespace wce
