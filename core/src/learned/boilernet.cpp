// BoilerNet (Leonhardt, Anand, Khosla 2020, "Boilerplate Removal using a
// Neural Sequence Labeling Model"): the page as the sequence of its leaf text
// blocks in DOM order; each block a sparse vector of tag-path counts (the k
// most frequent tags, one out-of-vocabulary slot) and word counts (the l most
// frequent words, one OOV slot); a dense projection, two bidirectional LSTM
// layers and a sigmoid per block. Sizes and vocabularies come from the model
// file. Two models ship: `boilernet`, the paper's configuration (dense 256
// ReLU, BiLSTM 256, trained on Google-Trends-2017 train: core/models/
// boilernet.wcem, lab/train.sh boilernet), and `boilernet_small` (dense 64
// linear, BiLSTM 64, trained on Google-Trends-2017 train plus extra news
// pages: core/models/boilernet_small.wcem, lab/train.sh boilernet_small),
// about ten times cheaper per page. The extractors (our addition) keep the
// best run of blocks when the model keeps almost no text (nonempty_guard.cpp).
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
#include "wce/train/learned.hpp"

namespace wce {
namespace learned {
namespace {

// Pages with more blocks run in independent windows of this many blocks, so
// that memory stays bounded on huge pages (training used windows of 512;
// the largest Google-Trends-2017 page has 3,959 blocks, so the figures of the
// manifest are whole-page ones).
constexpr size_t kWindowBlocks = 4096;

// Word tokens: maximal runs of ASCII letters/digits or non-ASCII bytes
// (UTF-8 letters of other scripts), ASCII lowercased; f(word) per token, the
// word built in `buf` (reused, so no allocation per word).
template <class F>
void for_each_word(std::string_view text, std::string& buf, F&& f) {
  buf.clear();
  for (unsigned char c : text) {
    bool word = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80;
    if (word) {
      buf += static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
    } else if (!buf.empty()) {
      f(static_cast<const std::string&>(buf));
      buf.clear();
    }
  }
  if (!buf.empty()) f(static_cast<const std::string&>(buf));
  buf.clear();
}

// An ancestor's name in the tag paths ("?" for elements we do not name).
std::string_view block_tag_name(Tag t) { return t == Tag::Unknown ? std::string_view("?") : tag_name(t); }

bool has_non_space(std::string_view s) {
  for (unsigned char c : s)
    if (!(c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f')) return true;
  return false;
}

// The blocks: the text nodes with non-whitespace text, in document order;
// f(t, node, text) per block (t: index into Document::text_nodes). The one
// definition behind boilernet_blocks, the encoding straight from the
// document and boilernet_block_chars, so that their blocks cannot differ.
template <class F>
void for_each_block(const Document& doc, F&& f) {
  for (uint32_t t = 0; t < doc.text_nodes.size(); ++t) {
    const uint32_t node = doc.text_nodes[t];
    const std::string_view text = doc.text(node);
    if (has_non_space(text)) f(t, node, text);
  }
}

// A page's blocks as sparse input rows (compressed: block b's (column, count)
// pairs are entries[start[b] .. start[b + 1]), in column order).
struct SparseBlocks {
  std::vector<std::pair<uint32_t, float>> entries;
  std::vector<uint32_t> start{0};
  std::vector<uint32_t> text_index;  // per block: index into Document::text_nodes
  size_t size() const { return text_index.size(); }
};

struct BoilerNetModel {
  nn::ModelFile file;
  std::unordered_map<std::string, uint32_t> tag_index, word_index;
  uint32_t tag_oov = 0, word_oov = 0;
  std::vector<uint32_t> tag_column;  // per Tag value: its input column (tag_oov when out of the vocabulary)
  size_t inputs = 0;
  // A linear dense projection (relu absent from the config) folds into the
  // first layer's input projection: row c = dense.w[c] W_ih (both directions,
  // 8H wide), bias = dense.b W_ih + b_ih. A block then costs (its nonzeros x
  // 8H) additions instead of (nonzeros x dense + dense x 8H) multiply-adds.
  // With relu=1 (the released code's projection) nothing folds: `fold` holds
  // dense.w itself (dense wide) and the first layer's input projection runs as
  // a product over the projected blocks.
  bool relu = false;
  size_t fold_width = 0;
  std::vector<float> fold, fold_bias;
  nn::BiLstm layers[2];
  nn::PackedMatrix out;

  explicit BoilerNetModel(nn::ModelFile f) : file(std::move(f)) {
    auto tags = file.lines("tag_vocab"), words = file.lines("word_vocab");
    for (uint32_t i = 0; i < tags.size(); ++i) tag_index.emplace(tags[i], i);
    tag_oov = static_cast<uint32_t>(tags.size());
    for (uint32_t i = 0; i < words.size(); ++i) word_index.emplace(words[i], tag_oov + 1 + i);
    word_oov = tag_oov + 1 + static_cast<uint32_t>(words.size());
    tag_column.resize(static_cast<size_t>(Tag::Count));
    for (size_t t = 0; t < tag_column.size(); ++t) tag_column[t] = tag_col(block_tag_name(static_cast<Tag>(t)));
    inputs = word_oov + 1;
    const size_t m = file.config_int("dense"), h = file.config_int("hidden");
    const nn::Tensor& dense_w = file.tensor("dense.w", {inputs, m});
    const nn::Tensor& dense_b = file.tensor("dense.b", {m});
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
    relu = file.has_config("relu") && file.config_int("relu") != 0;
    if (relu) {
      fold_width = m;
      fold = dense_w.data;
      fold_bias = dense_b.data;
    } else {
      fold_width = 8 * h;
      fold.assign(inputs * fold_width, 0.0f);
      nn::gemm(dense_w.data.data(), inputs, m, layers[0].ih, nn::Init::Accumulate, fold.data(), fold_width);
      fold_bias.resize(fold_width);
      nn::gemm(dense_b.data.data(), 1, m, layers[0].ih, nn::Init::Bias, fold_bias.data(), fold_width);
    }
    const nn::Tensor& out_w = file.tensor("out.w", {2 * h, 1});
    const nn::Tensor& out_b = file.tensor("out.b", {1});
    out = nn::pack(out_w.data.data(), 2 * h, 1, out_b.data.data());
  }

  uint32_t tag_col(std::string_view name) const {
    auto it = tag_index.find(std::string(name));
    return it == tag_index.end() ? tag_oov : it->second;
  }
  uint32_t word_col(const std::string& word) const {
    auto it = word_index.find(word);
    return it == word_index.end() ? word_oov : it->second;
  }

  // Counts per column, in column order (the same sums on every platform), of
  // the entries added since `from`; closes the block.
  static void close_block(SparseBlocks& rows, size_t from, uint32_t text_index) {
    auto& e = rows.entries;
    std::sort(e.begin() + from, e.end());
    size_t k = from;
    for (size_t i = from; i < e.size(); ++i) {
      if (k > from && e[k - 1].first == e[i].first) e[k - 1].second += 1.0f;
      else e[k++] = e[i];
    }
    e.resize(k);
    rows.start.push_back(static_cast<uint32_t>(k));
    rows.text_index.push_back(text_index);
  }

  // The rows of boilernet_blocks() (the training features, as strings).
  SparseBlocks encode(const std::vector<TokenBlock>& blocks) const {
    SparseBlocks rows;
    for (const auto& b : blocks) {
      const size_t from = rows.entries.size();
      for (const auto& t : b.tags) rows.entries.emplace_back(tag_col(t), 1.0f);
      for (const auto& w : b.words) rows.entries.emplace_back(word_col(w), 1.0f);
      close_block(rows, from, b.text_index);
    }
    return rows;
  }

  // The same rows straight from the document: tag columns by Tag value, words
  // looked up from one reused buffer (no strings per block or word).
  SparseBlocks encode(const Document& doc) const {
    SparseBlocks rows;
    std::string word;
    for_each_block(doc, [&](uint32_t t, uint32_t node, std::string_view text) {
      const size_t from = rows.entries.size();
      for (uint32_t p = doc.nodes[node].parent; p != kNone && p != 0; p = doc.nodes[p].parent) {
        const size_t tag = static_cast<size_t>(doc.nodes[p].tag);
        rows.entries.emplace_back(tag < tag_column.size() ? tag_column[tag] : tag_oov, 1.0f);
      }
      for_each_word(text, word, [&](const std::string& w) { rows.entries.emplace_back(word_col(w), 1.0f); });
      close_block(rows, from, t);
    });
    return rows;
  }

  std::vector<float> scores(const SparseBlocks& rows) const {
    const size_t n = rows.size();
    if (n == 0) return {};
    const size_t H = layers[0].H, G = 8 * H, F = fold_width;
    std::vector<float> out_scores(n), z, h1, h2, x;
    for (size_t start = 0; start < n; start += kWindowBlocks) {
      const size_t T = std::min(n, start + kWindowBlocks) - start;
      // The sparse rows times `fold`: the first layer's input projection
      // (folded), or the dense projection (relu).
      float* rows_out = relu ? (x.resize(T * F), x.data()) : (z.resize(T * G), z.data());
      for (size_t t = 0; t < T; ++t) {
        float* xt = rows_out + t * F;
        std::copy(fold_bias.begin(), fold_bias.end(), xt);
        const uint32_t b = rows.start[start + t], e = rows.start[start + t + 1];
        nn::sparse_accumulate(rows.entries.data() + b, e - b, fold.data(), inputs, F, xt);
      }
      if (relu) {
        for (float& v : x) v = std::max(v, 0.0f);
        z.resize(T * G);
        nn::gemm(x.data(), T, F, layers[0].ih, nn::Init::Bias, z.data(), G);
      }
      h1.resize(T * 2 * H);
      h2.resize(T * 2 * H);
      nn::bilstm_steps(layers[0], z.data(), T, h1.data());
      nn::bilstm(layers[1], h1.data(), T, z, h2.data());
      nn::gemm(h2.data(), T, 2 * H, out, nn::Init::Bias, out_scores.data() + start, 1);
    }
    nn::sigmoid_n(out_scores.data(), out_scores.size());
    return out_scores;
  }
};

const BoilerNetModel& builtin_model(const std::string& name) {
  return nn::cached_embedded_model<BoilerNetModel>(name);
}

// The extractor over the compiled-in weights `model` (core/models/<model>.wcem).
std::unique_ptr<Extractor> make_boilernet_extractor(ExtractorInfo info, std::string model) {
  return make_extractor(std::move(info), [model](Context& ctx) {
    const Document& doc = ctx.doc();
    Labels labels(doc.text_nodes.size(), 0.0f);
    const BoilerNetModel& m = builtin_model(model);
    const auto rows = m.encode(doc);
    auto scores = m.scores(rows);
    guard_nonempty_scores(scores, boilernet_block_chars(ctx));  // nonempty_guard.cpp
    for (size_t b = 0; b < rows.size(); ++b) labels[rows.text_index[b]] = scores[b];
    return labels;
  });
}

}  // namespace

std::vector<TokenBlock> boilernet_blocks(const Document& doc) {
  std::vector<TokenBlock> blocks;
  for_each_block(doc, [&](uint32_t t, uint32_t node, std::string_view text) {
    TokenBlock b;
    b.text_index = t;
    for (uint32_t p = doc.nodes[node].parent; p != kNone && p != 0; p = doc.nodes[p].parent)
      b.tags.emplace_back(block_tag_name(doc.nodes[p].tag));
    std::string buf;
    for_each_word(text, buf, [&b](const std::string& w) { b.words.push_back(w); });
    blocks.push_back(std::move(b));
  });
  return blocks;
}

std::vector<uint32_t> boilernet_block_chars(Context& ctx) {
  const auto& chars = ctx.counts().chars;  // per node
  std::vector<uint32_t> out;
  for_each_block(ctx.doc(), [&](uint32_t, uint32_t node, std::string_view) { out.push_back(chars[node]); });
  return out;
}

std::vector<float> boilernet_scores(const Document& doc, std::string_view model_bytes) {
  // From the string features (the path of the training dump), so that a test
  // can hold the extractor's direct encoding against it.
  if (model_bytes.empty()) {
    const BoilerNetModel& m = builtin_model("boilernet");
    return m.scores(m.encode(boilernet_blocks(doc)));
  }
  BoilerNetModel m(nn::ModelFile::parse(model_bytes, "boilernet"));
  return m.scores(m.encode(boilernet_blocks(doc)));
}

}  // namespace learned

std::unique_ptr<Extractor> make_boilernet() {
  return learned::make_boilernet_extractor(
      {"boilernet", Family::Learned,
       "Leonhardt, Anand, Khosla 2020: Boilerplate Removal using a Neural Sequence Labeling Model",
       "The paper's configuration: tag-path and word counts per leaf text block, dense 256 ReLU, two BiLSTM "
       "layers of 256, sigmoid per block; trained here on Google-Trends-2017 train (core/models/"
       "boilernet.manifest.json). Slow: about 40 ms per page natively (CPU median on Google-Trends-2017 "
       "test pages, parse excluded), ten times boilernet_small; native only (not in the WebAssembly module). When almost no text is kept, the best run of blocks "
       "is kept too."},
      "boilernet");
}

std::unique_ptr<Extractor> make_boilernet_small() {
  return learned::make_boilernet_extractor(
      {"boilernet_small", Family::Learned,
       "Leonhardt, Anand, Khosla 2020: Boilerplate Removal using a Neural Sequence Labeling Model",
       "BoilerNet at a small size: tag-path and word counts per leaf text block, dense 64 linear, two BiLSTM "
       "layers of 64, sigmoid per block; trained here on Google-Trends-2017 train and extra news pages "
       "(core/models/boilernet_small.manifest.json). About 4 ms per page natively (CPU median on "
       "Google-Trends-2017 test pages, parse excluded). When almost no text "
       "is kept, the best run of blocks is kept too."},
      "boilernet_small");
}

}  // namespace wce
