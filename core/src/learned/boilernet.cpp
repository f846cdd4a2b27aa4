// BoilerNet (Leonhardt, Anand, Khosla 2020, "Boilerplate Removal using a
// Neural Sequence Labeling Model"): the page as the sequence of its leaf text
// blocks in DOM order; each block a sparse vector of tag-path counts (the k
// most frequent tags, one out-of-vocabulary slot) and word counts (the l most
// frequent words, one OOV slot); a dense projection, two bidirectional LSTM
// layers and a sigmoid per block. Sizes and vocabularies come from the model
// file (core/models/boilernet.wcem, made by scripts/train.sh boilernet).
#include <algorithm>
#include <memory>
#include <string>
#include <unordered_map>

#include "extractors/extractor_util.hpp"
#include "extractors/registry_list.hpp"
#include "nn/activations.hpp"
#include "nn/dense.hpp"
#include "nn/gemm.hpp"
#include "nn/lstm.hpp"
#include "nn/model_file.hpp"
#include "wce/learned.hpp"

namespace wce {
namespace learned {
namespace {

// Pages with more blocks run in independent windows of this many blocks, so
// that memory stays bounded on huge pages (training used windows of 512;
// the largest Google-Trends-2017 page has 3,959 blocks, so the figures of the
// manifest are whole-page ones).
constexpr size_t kWindowBlocks = 4096;

// Word tokens: maximal runs of ASCII letters/digits or non-ASCII bytes
// (UTF-8 letters of other scripts), ASCII lowercased.
void split_words(std::string_view text, std::vector<std::string>& out) {
  std::string cur;
  for (unsigned char c : text) {
    bool word = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80;
    if (word) {
      cur += static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
    } else if (!cur.empty()) {
      out.push_back(std::move(cur));
      cur.clear();
    }
  }
  if (!cur.empty()) out.push_back(std::move(cur));
}

bool has_non_space(std::string_view s) {
  for (unsigned char c : s)
    if (!(c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f')) return true;
  return false;
}

struct BoilerNetModel {
  nn::ModelFile file;
  std::unordered_map<std::string, uint32_t> tag_index, word_index;
  uint32_t tag_oov = 0, word_oov = 0;
  const nn::Tensor *dense_w, *dense_b, *out_w, *out_b;
  nn::BiLstm layers[2];
  nn::PackedMatrix out;

  explicit BoilerNetModel(nn::ModelFile f) : file(std::move(f)) {
    auto tags = file.lines("tag_vocab"), words = file.lines("word_vocab");
    for (uint32_t i = 0; i < tags.size(); ++i) tag_index.emplace(tags[i], i);
    tag_oov = static_cast<uint32_t>(tags.size());
    for (uint32_t i = 0; i < words.size(); ++i) word_index.emplace(words[i], tag_oov + 1 + i);
    word_oov = tag_oov + 1 + static_cast<uint32_t>(words.size());
    const size_t d = word_oov + 1;
    const size_t m = file.config_int("dense"), h = file.config_int("hidden");
    dense_w = &file.tensor("dense.w", {d, m});
    dense_b = &file.tensor("dense.b", {m});
    for (int l = 0; l < 2; ++l) {
      const size_t in = l == 0 ? m : 2 * h;
      nn::LstmWeights dir_weights[2];
      for (int dir = 0; dir < 2; ++dir) {
        std::string p = "l" + std::to_string(l + 1) + (dir == 0 ? ".fwd." : ".bwd.");
        dir_weights[dir] = {&file.tensor(p + "w_ih", {in, 4 * h}), &file.tensor(p + "w_hh", {h, 4 * h}),
                            &file.tensor(p + "b", {4 * h})};
      }
      layers[l] = nn::pack_bilstm(dir_weights[0], dir_weights[1]);
    }
    out_w = &file.tensor("out.w", {2 * h, 1});
    out_b = &file.tensor("out.b", {1});
    out = nn::pack(out_w->data.data(), 2 * h, 1, out_b->data.data());
  }

  std::vector<float> scores(const std::vector<TokenBlock>& blocks) const {
    if (blocks.empty()) return {};
    std::vector<nn::SparseRow> rows(blocks.size());
    for (size_t b = 0; b < blocks.size(); ++b) {
      nn::SparseRow& row = rows[b];
      auto add = [&row](uint32_t col) { row.emplace_back(col, 1.0f); };
      for (const auto& t : blocks[b].tags) {
        auto it = tag_index.find(t);
        add(it == tag_index.end() ? tag_oov : it->second);
      }
      for (const auto& w : blocks[b].words) {
        auto it = word_index.find(w);
        add(it == word_index.end() ? word_oov : it->second);
      }
      // Counts per column, in column order (the same sums on every platform).
      std::sort(row.begin(), row.end());
      size_t k = 0;
      for (size_t i = 0; i < row.size(); ++i) {
        if (k && row[k - 1].first == row[i].first) row[k - 1].second += 1.0f;
        else row[k++] = row[i];
      }
      row.resize(k);
    }
    const size_t H = layers[0].H;
    std::vector<float> out_scores(rows.size()), z, h1, h2;
    for (size_t start = 0; start < rows.size(); start += kWindowBlocks) {
      const size_t T = std::min(rows.size(), start + kWindowBlocks) - start;
      std::vector<nn::SparseRow> window(rows.begin() + start, rows.begin() + start + T);
      nn::Tensor x = nn::dense_sparse(window, *dense_w, *dense_b);
      h1.resize(T * 2 * H);
      h2.resize(T * 2 * H);
      nn::bilstm(layers[0], x.data.data(), T, z, h1.data());
      nn::bilstm(layers[1], h1.data(), T, z, h2.data());
      nn::gemm(h2.data(), T, 2 * H, out, nn::Init::Bias, out_scores.data() + start, 1);
    }
    nn::sigmoid_n(out_scores.data(), out_scores.size());
    return out_scores;
  }
};

const BoilerNetModel& builtin_model() { return nn::cached_embedded_model<BoilerNetModel>("boilernet"); }

}  // namespace

std::vector<TokenBlock> boilernet_blocks(const Document& doc) {
  std::vector<TokenBlock> blocks;
  for (uint32_t t = 0; t < doc.text_nodes.size(); ++t) {
    uint32_t node = doc.text_nodes[t];
    if (!has_non_space(doc.text(node))) continue;
    TokenBlock b;
    b.text_index = t;
    for (uint32_t p = doc.nodes[node].parent; p != kNone && p != 0; p = doc.nodes[p].parent)
      b.tags.emplace_back(doc.nodes[p].tag == Tag::Unknown ? std::string_view("?") : tag_name(doc.nodes[p].tag));
    split_words(doc.text(node), b.words);
    blocks.push_back(std::move(b));
  }
  return blocks;
}

std::vector<float> boilernet_scores(const Document& doc, std::string_view model_bytes) {
  if (model_bytes.empty()) return builtin_model().scores(boilernet_blocks(doc));
  BoilerNetModel m(nn::ModelFile::parse(model_bytes, "boilernet"));
  return m.scores(boilernet_blocks(doc));
}

}  // namespace learned

std::unique_ptr<Extractor> make_boilernet() {
  return make_extractor(
      {"boilernet", Family::Learned,
       "Leonhardt, Anand, Khosla 2020: Boilerplate Removal using a Neural Sequence Labeling Model",
       "Tag-path and word counts per leaf text block, dense projection, two BiLSTM layers, sigmoid per "
       "block; trained here on Google-Trends-2017 (core/models/boilernet.manifest.json)."},
      [](Context& ctx) {
        const Document& doc = ctx.doc();
        Labels labels(doc.text_nodes.size(), 0.0f);
        auto blocks = learned::boilernet_blocks(doc);
        auto scores = learned::builtin_model().scores(blocks);
        for (size_t b = 0; b < blocks.size(); ++b) labels[blocks[b].text_index] = scores[b];
        return labels;
      });
}

}  // namespace wce
