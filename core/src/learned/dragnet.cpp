// Dragnet (Peters & Lecocq 2013, "Content Extraction Using Diverse Feature
// Sets", WWW'13 companion; public code dragnet-org/dragnet): a per-block
// classifier over three feature sets,
//   - Kohlschütter et al. 2010 shallow text features: link density and text
//     density of the block and of its two neighbours;
//   - Weninger et al. 2010 (CETR) tag ratios: the block's text-to-tag ratio,
//     Gaussian-smoothed over the block sequence, and the absolute smoothed
//     derivative (log1p-scaled);
//   - CSS tokens: presence of the most frequent id/class tokens of the block's
//     enclosing elements (the vocabulary is learned from the training pages
//     and stored in the model);
// standardised and fed to logistic regression (the paper's model; the later
// dragnet 2.x releases moved to extra trees, see core/models/README.md).
// Blocks are our text blocks (Context::blocks, Boilerpipe-style), not
// Dragnet's lxml blockifier. The extractor (our addition) keeps the best run
// of blocks when the model keeps almost no text (nonempty_guard.cpp).
#include <cmath>
#include <memory>
#include <set>
#include <string>
#include <unordered_map>

#include "extractors/extractor_util.hpp"
#include "extractors/registry_list.hpp"
#include "nn/activations.hpp"
#include "nn/model_file.hpp"
#include "wce/train/learned.hpp"

namespace wce {
namespace learned {

const char* const kDragnetFeatureNames[] = {
    "link_density", "text_density", "prev_link_density", "prev_text_density",
    "next_link_density", "next_text_density", "tag_ratio_smoothed", "tag_ratio_derivative"};

namespace {

// Kohlschütter's text density: words per line, lines wrapped at 80 characters;
// a block of one (partial) line counts its words (boilerpipe's rule).
constexpr double kWrapChars = 80;
// CETR smoothing: Gaussian with sigma 1 block, radius 3 (Weninger et al. use
// sigma = 1 over lines).
constexpr int kSmoothRadius = 3;
constexpr double kSmoothSigma = 1.0;

std::vector<double> smooth(const std::vector<double>& v) {
  std::vector<double> out(v.size(), 0.0);
  for (size_t i = 0; i < v.size(); ++i) {
    double s = 0, w = 0;
    for (int d = -kSmoothRadius; d <= kSmoothRadius; ++d) {
      long j = static_cast<long>(i) + d;
      if (j < 0 || j >= static_cast<long>(v.size())) continue;
      double k = std::exp(-0.5 * d * d / (kSmoothSigma * kSmoothSigma));
      s += k * v[j];
      w += k;
    }
    out[i] = s / w;
  }
  return out;
}

void add_tokens(std::string_view attr, std::set<std::string>& out) {
  std::string cur;
  for (unsigned char c : attr) {
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c >= 0x80) cur += static_cast<char>(c);
    else if (c >= 'A' && c <= 'Z') cur += static_cast<char>(c + 32);
    else if (!cur.empty()) { out.insert(cur); cur.clear(); }
  }
  if (!cur.empty()) out.insert(cur);
}

struct DragnetModel {
  nn::ModelFile file;
  std::unordered_map<std::string, uint32_t> css_index;
  const nn::Tensor *mean, *stdev, *w, *b;

  explicit DragnetModel(nn::ModelFile f) : file(std::move(f)) {
    auto css = file.lines("css_vocab");
    for (uint32_t i = 0; i < css.size(); ++i) css_index.emplace(css[i], i);
    const size_t F = kDragnetFeatureCount + css.size();
    mean = &file.tensor("mean", {F});
    stdev = &file.tensor("std", {F});
    w = &file.tensor("w", {F, 1});
    b = &file.tensor("b", {1});
  }

  std::vector<float> scores(const std::vector<DragnetBlock>& blocks) const {
    const size_t F = mean->data.size();
    std::vector<float> out;
    out.reserve(blocks.size());
    std::vector<float> x(F);
    for (const auto& blk : blocks) {
      std::fill(x.begin(), x.end(), 0.0f);
      for (size_t i = 0; i < kDragnetFeatureCount; ++i) x[i] = blk.x[i];
      for (const auto& t : blk.css)
        if (auto it = css_index.find(t); it != css_index.end()) x[kDragnetFeatureCount + it->second] = 1.0f;
      float z = b->data[0];
      for (size_t i = 0; i < F; ++i) z += (x[i] - mean->data[i]) / stdev->data[i] * w->data[i];
      out.push_back(nn::sigmoid(z));
    }
    return out;
  }
};

const DragnetModel& builtin_model() { return nn::cached_embedded_model<DragnetModel>("dragnet"); }

}  // namespace

std::vector<DragnetBlock> dragnet_blocks(Context& ctx) {
  const Document& doc = ctx.doc();
  const auto& blocks = ctx.blocks().blocks;
  const size_t n = blocks.size();
  std::vector<double> ld(n), td(n), ratio(n);
  uint32_t prev_end_node = 0;  // tags are counted from the previous block's last text node
  for (size_t i = 0; i < n; ++i) {
    const TextBlock& b = blocks[i];
    ld[i] = b.words ? static_cast<double>(b.link_words) / b.words : 0.0;
    double lines = std::floor(b.chars / kWrapChars);
    td[i] = lines >= 1 ? b.words / lines : b.words;
    uint32_t last = doc.text_nodes[b.text_end - 1];
    uint32_t tags = 0;
    for (uint32_t k = prev_end_node + 1; k <= last && k < doc.size(); ++k)
      tags += doc.nodes[k].kind == NodeKind::Element;
    prev_end_node = last;
    ratio[i] = static_cast<double>(b.chars) / std::max<uint32_t>(tags, 1);
  }
  std::vector<double> sm = smooth(ratio), deriv(n, 0.0);
  for (size_t i = 0; i + 1 < n; ++i) deriv[i] = std::fabs(sm[i + 1] - sm[i]);
  deriv = smooth(deriv);
  std::vector<DragnetBlock> out(n);
  for (size_t i = 0; i < n; ++i) {
    float* x = out[i].x;
    x[0] = static_cast<float>(ld[i]);
    x[1] = static_cast<float>(td[i]);
    x[2] = static_cast<float>(i > 0 ? ld[i - 1] : 0.0);
    x[3] = static_cast<float>(i > 0 ? td[i - 1] : 0.0);
    x[4] = static_cast<float>(i + 1 < n ? ld[i + 1] : 0.0);
    x[5] = static_cast<float>(i + 1 < n ? td[i + 1] : 0.0);
    x[6] = static_cast<float>(std::log1p(sm[i]));
    x[7] = static_cast<float>(std::log1p(deriv[i]));
    std::set<std::string> css;
    for (uint32_t p = blocks[i].container; p != kNone && p != 0; p = doc.nodes[p].parent) {
      add_tokens(doc.str(doc.nodes[p].id), css);
      add_tokens(doc.str(doc.nodes[p].cls), css);
    }
    out[i].css.assign(css.begin(), css.end());
  }
  return out;
}

std::vector<uint32_t> dragnet_block_chars(Context& ctx) {
  const auto& blocks = ctx.blocks().blocks;  // each block already sums its text nodes' characters
  std::vector<uint32_t> chars(blocks.size());
  for (size_t i = 0; i < blocks.size(); ++i) chars[i] = blocks[i].chars;
  return chars;
}

std::vector<float> dragnet_scores(Context& ctx, std::string_view model_bytes) {
  if (model_bytes.empty()) return builtin_model().scores(dragnet_blocks(ctx));
  DragnetModel m(nn::ModelFile::parse(model_bytes, "dragnet"));
  return m.scores(dragnet_blocks(ctx));
}

}  // namespace learned

std::unique_ptr<Extractor> make_dragnet() {
  return make_extractor(
      {"dragnet", Family::Learned, "Peters, Lecocq 2013: Content Extraction Using Diverse Feature Sets (Dragnet)",
       "Per text block: Kohlschütter link/text density (block and neighbours), CETR smoothed tag ratio and "
       "derivative, id/class tokens; logistic regression trained here on Dragnet's training split; when almost no "
       "text is kept, the best run of blocks is kept too."},
      [](Context& ctx) {
        const Document& doc = ctx.doc();
        Labels labels(doc.text_nodes.size(), 0.0f);
        const auto& blocks = ctx.blocks().blocks;
        auto scores = learned::builtin_model().scores(learned::dragnet_blocks(ctx));
        learned::guard_nonempty_scores(scores, learned::dragnet_block_chars(ctx));  // nonempty_guard.cpp
        for (size_t i = 0; i < blocks.size(); ++i)
          for (uint32_t t = blocks[i].text_begin; t < blocks[i].text_end; ++t) labels[t] = scores[i];
        return labels;
      });
}

}  // namespace wce
