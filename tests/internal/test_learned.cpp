// The inference runtime of the learned extractors (core/src/nn) and the
// extractors' behaviour on bad input and bad weights.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <algorithm>
#include <sstream>
#include <random>
#include <string>
#include <vector>

#include "nn/activations.hpp"
#include "nn/conv1d.hpp"
#include "nn/dense.hpp"
#include "nn/gemm.hpp"
#include "nn/lstm.hpp"
#include "nn/model_file.hpp"
#include "wce/train.hpp"

using namespace wce;

namespace {

nn::Tensor make(std::vector<size_t> shape, std::vector<float> data) {
  nn::Tensor t;
  t.shape = std::move(shape);
  t.data = std::move(data);
  return t;
}

// A .wcem file in memory (float32 entries and text entries).
struct WcemWriter {
  std::string bytes = "WCEM";
  uint32_t count = 0;
  void u32(uint32_t v) { for (int i = 0; i < 4; ++i) bytes += static_cast<char>(v >> (8 * i)); }
  void head(const std::string& name, uint8_t dtype, std::vector<uint32_t> dims) {
    bytes += static_cast<char>(name.size()); bytes += '\0';
    bytes += name;
    bytes += static_cast<char>(dtype); bytes += static_cast<char>(dims.size());
    for (auto d : dims) u32(d);
    ++count;
  }
  void f32(const std::string& name, std::vector<uint32_t> dims, const std::vector<float>& v) {
    head(name, 1, dims);
    for (float f : v) { uint32_t u; std::memcpy(&u, &f, 4); u32(u); }
  }
  void text(const std::string& name, const std::string& s) { head(name, 3, {static_cast<uint32_t>(s.size())}); bytes += s; }
  std::string finish() const {
    std::string out = "WCEM";
    for (int i = 0; i < 4; ++i) out += static_cast<char>(1 >> (8 * i));
    for (int i = 0; i < 4; ++i) out += static_cast<char>(count >> (8 * i));
    return out + bytes.substr(4);
  }
};

TEST(NnRuntime, DenseComputesXWPlusB) {
  auto x = make({2, 3}, {1, 2, 3, 0, -1, 0.5f});
  auto w = make({3, 2}, {1, 0, 0, 1, 1, 1});
  auto b = make({2}, {0.5f, -1});
  auto y = nn::dense(x, w, b);
  std::vector<float> expected = {1 + 3 + 0.5f, 2 + 3 - 1, 0.5f + 0.5f, -1 + 0.5f - 1};
  ASSERT_EQ(y.data.size(), 4u);
  for (size_t i = 0; i < 4; ++i) EXPECT_FLOAT_EQ(y.data[i], expected[i]);
  auto ys = nn::dense_sparse({{{0, 1.0f}, {1, 2.0f}, {2, 3.0f}}, {{1, -1.0f}, {2, 0.5f}, {99, 7.0f}}}, w, b);
  EXPECT_EQ(ys.data, y.data);  // column 99 is out of range and ignored
}

TEST(NnRuntime, LstmOneUnitByHand) {
  // H = 1, in = 1: z = x*wi + h*wh + b per gate (i, f, g, o).
  auto w_ih = make({1, 4}, {0.5f, -0.5f, 1.0f, 0.25f});
  auto w_hh = make({1, 4}, {0.1f, 0.2f, -0.3f, 0.4f});
  auto b = make({4}, {0.0f, 1.0f, 0.0f, 0.0f});
  nn::LstmWeights w{&w_ih, &w_hh, &b};
  auto x = make({2, 1}, {1.0f, -2.0f});
  double h = 0, c = 0;
  std::vector<double> expect;
  for (double xt : {1.0, -2.0}) {
    auto s = [](double v) { return 1 / (1 + std::exp(-v)); };
    double i = s(0.5 * xt + 0.1 * h), f = s(-0.5 * xt + 0.2 * h + 1), g = std::tanh(xt - 0.3 * h),
           o = s(0.25 * xt + 0.4 * h);
    c = f * c + i * g;
    h = o * std::tanh(c);
    expect.push_back(h);
  }
  auto y = nn::lstm(x, w, false);
  EXPECT_NEAR(y.data[0], expect[0], 1e-6);
  EXPECT_NEAR(y.data[1], expect[1], 1e-6);
  // Reversed: the last step is computed first, outputs stay in sequence order.
  auto r = nn::lstm(make({2, 1}, {-2.0f, 1.0f}), w, true);
  EXPECT_NEAR(r.data[1], expect[0], 1e-6);
  EXPECT_NEAR(r.data[0], expect[1], 1e-6);
  auto bi = nn::bilstm(x, w, w);
  EXPECT_EQ(bi.cols(), 2u);
  EXPECT_NEAR(bi.data[0], expect[0], 1e-6);
}

TEST(NnRuntime, Conv1dSamePadding) {
  // k = 3, in = 1, out = 1, kernel (1, 2, 3): y[t] = x[t-1] + 2 x[t] + 3 x[t+1].
  auto w = make({3, 1, 1}, {1, 2, 3});
  auto b = make({1}, {0});
  auto y = nn::conv1d(make({3, 1}, {1, 10, 100}), w, b);
  EXPECT_FLOAT_EQ(y.data[0], 2 + 30);
  EXPECT_FLOAT_EQ(y.data[1], 1 + 20 + 300);
  EXPECT_FLOAT_EQ(y.data[2], 10 + 200);
}

// The packed product against a plain double-precision sum, for shapes that
// hit every case of the blocking (row blocks and single rows, whole and
// partial panels, the four-panel single-row path), with and without bias,
// accumulate and ReLU, on every path this CPU has; weights that are half
// floats exactly also take the half-float single-row path.
TEST(NnRuntime, GemmMatchesPlainSum) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> u(-1, 1);
  std::vector<nn::GemmIsa> isas = {nn::GemmIsa::Base};
  if (nn::gemm_isa() != nn::GemmIsa::Base) isas.push_back(nn::gemm_isa());
  for (size_t rows : {1, 2, 3, 4, 5, 9})
    for (size_t k : {1, 7, 64})
      for (size_t n : {1, 16, 50, 256})
        for (bool halfable : {false, true}) {
          std::vector<float> x(rows * k), w(k * n), b(n), y0(rows * n);
          for (auto& v : x) v = u(rng);
          // Multiples of 1/64 in [-1, 1] are half floats exactly.
          for (auto& v : w) v = halfable ? std::round(u(rng) * 64) / 64 : u(rng);
          for (auto& v : b) v = u(rng);
          for (auto& v : y0) v = u(rng);
          const nn::PackedMatrix p = nn::pack(w.data(), k, n, b.data());
          if (halfable) EXPECT_EQ(p.half.size(), p.w.size());
          for (auto isa : isas)
            for (int mode = 0; mode < 3; ++mode) {  // bias, bias + relu, accumulate
              std::vector<float> y = y0;
              nn::gemm_with(isa, x.data(), rows, k, p, mode == 2 ? nn::Init::Accumulate : nn::Init::Bias, y.data(), n,
                            mode == 1);
              for (size_t r = 0; r < rows; ++r)
                for (size_t c = 0; c < n; ++c) {
                  double want = mode == 2 ? y0[r * n + c] : b[c];
                  for (size_t j = 0; j < k; ++j) want += double(x[r * k + j]) * w[j * n + c];
                  if (mode == 1) want = std::max(want, 0.0);
                  ASSERT_NEAR(y[r * n + c], want, 1e-5) << "rows " << rows << " k " << k << " n " << n << " mode "
                                                        << mode << " isa " << int(isa);
                }
            }
        }
}

// Weights stored as float16 include subnormals (|w| < 2^-14: m 2^-24); they
// are half floats exactly, so the matrix keeps its half-float copy, and the
// single-row product over it is exact here (x = 2^20: every term m / 16,
// every sum exact in float).
TEST(NnRuntime, GemmHalfPathTakesSubnormalHalves) {
  std::mt19937 rng(11);
  std::uniform_int_distribution<int> m(1, 1023), small(1, 15), sign(0, 1), kind(0, 3);
  const size_t k = 64, n = 256;
  std::vector<float> w(k * n), x(k, 1048576.0f);
  for (auto& v : w) {
    // Mostly subnormal, some normal (small, so that the sums stay within 20 bits).
    const float mag = kind(rng) ? std::ldexp(float(m(rng)), -24) : std::ldexp(float(small(rng)), -14);
    v = sign(rng) ? -mag : mag;
  }
  const nn::PackedMatrix p = nn::pack(w.data(), k, n);
  ASSERT_EQ(p.half.size(), p.w.size());
  // Not half floats: below the smallest subnormal, or more than 10 bits of mantissa.
  for (float bad : {std::ldexp(1.0f, -25), std::ldexp(3.0f, -25), 1.0f + std::ldexp(1.0f, -11)}) {
    std::vector<float> w2 = w;
    w2[5] = bad;
    EXPECT_TRUE(nn::pack(w2.data(), k, n).half.empty()) << bad;
  }
  std::vector<float> y(n, 0.0f);
  nn::gemm(x.data(), 1, k, p, nn::Init::Accumulate, y.data(), n);
  for (size_t c = 0; c < n; ++c) {
    double want = 0;
    for (size_t j = 0; j < k; ++j) want += double(x[j]) * w[j * n + c];
    ASSERT_EQ(y[c], want) << c;
  }
}

TEST(NnRuntime, VectorActivationsMatchLibm) {
  std::vector<float> xs;
  for (float v = -100; v <= 100; v += 0.037f) xs.push_back(v);
  std::vector<float> s = xs, t = xs;
  nn::sigmoid_n(s.data(), s.size());
  nn::tanh_n(t.data(), t.size());
  for (size_t i = 0; i < xs.size(); ++i) {
    ASSERT_NEAR(s[i], 1.0 / (1.0 + std::exp(-double(xs[i]))), 2e-7) << xs[i];
    ASSERT_NEAR(t[i], std::tanh(double(xs[i])), 3e-7) << xs[i];
  }
}

// The fused LSTM cell gives the bits of the separate activations and the
// scalar formulas (one vector width's tail included: H = 13).
TEST(NnRuntime, LstmCellEqualsSeparateActivations) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> u(-6.0f, 6.0f);
  for (size_t H : {1u, 13u, 64u}) {
    std::vector<float> z(4 * H), c(H), h(H);
    for (float& v : z) v = u(rng);
    for (float& v : c) v = u(rng);
    std::vector<float> ref_z = z, ref_c = c, ref_h(H);
    nn::sigmoid_n(ref_z.data(), 2 * H);
    nn::tanh_n(ref_z.data() + 2 * H, H);
    nn::sigmoid_n(ref_z.data() + 3 * H, H);
    for (size_t j = 0; j < H; ++j) ref_c[j] = ref_z[H + j] * ref_c[j] + ref_z[j] * ref_z[2 * H + j];
    ref_h = ref_c;
    nn::tanh_n(ref_h.data(), H);
    for (size_t j = 0; j < H; ++j) ref_h[j] = ref_z[3 * H + j] * ref_h[j];
    nn::lstm_cell(z.data(), c.data(), h.data(), H);
    for (size_t j = 0; j < H; ++j) {
      ASSERT_EQ(c[j], ref_c[j]) << H << " " << j;
      ASSERT_EQ(h[j], ref_h[j]) << H << " " << j;
    }
  }
}

TEST(NnRuntime, Activations) {
  EXPECT_FLOAT_EQ(nn::sigmoid(0), 0.5f);
  EXPECT_NEAR(nn::sigmoid(-1000), 0.0f, 1e-30);
  EXPECT_NEAR(nn::sigmoid(1000), 1.0f, 1e-6);
  auto t = make({1, 3}, {1, 2, 3});
  nn::softmax_rows(t);
  EXPECT_NEAR(t.data[0] + t.data[1] + t.data[2], 1.0, 1e-6);
  EXPECT_GT(t.data[2], t.data[1]);
}

TEST(ModelFile, ReadsFloat32TextAndConfig) {
  WcemWriter w;
  w.f32("w", {2, 1}, {1.5f, -2.0f});
  w.text("config", "hidden=4\nrate=0.5\n");
  w.text("vocab", "a\nb\nc");
  auto m = nn::ModelFile::parse(w.finish(), "t");
  EXPECT_EQ(m.tensor("w", {2, 1}).data, (std::vector<float>{1.5f, -2.0f}));
  EXPECT_EQ(m.config_int("hidden"), 4);
  EXPECT_DOUBLE_EQ(m.config_double("rate"), 0.5);
  EXPECT_EQ(m.lines("vocab"), (std::vector<std::string>{"a", "b", "c"}));
}

TEST(ModelFile, BadWeightsGiveClearErrors) {
  WcemWriter w;
  w.f32("w", {2, 1}, {1.5f, -2.0f});
  const std::string good = w.finish();
  struct Case { const char* what; std::string bytes; const char* message; };
  std::vector<Case> cases = {
      {"empty", "", "no weights"},
      {"bad magic", "XXXX" + good.substr(4), "bad magic"},
      {"truncated", good.substr(0, good.size() - 3), "truncated"},
      {"trailing bytes", good + "x", "trailing"},
      {"random bytes", std::string("WCEM\x01\0\0\0\xff\xff\xff\xff", 12), "truncated"},
  };
  for (const auto& c : cases) {
    try {
      nn::ModelFile::parse(c.bytes, "t");
      ADD_FAILURE() << c.what << ": no error";
    } catch (const nn::ModelError& e) {
      EXPECT_NE(std::string(e.what()).find(c.message), std::string::npos) << c.what << ": " << e.what();
    }
  }
  auto m = nn::ModelFile::parse(good, "t");
  EXPECT_THROW(m.tensor("w", {1, 2}), nn::ModelError);   // wrong shape
  EXPECT_THROW(m.tensor("v", {2, 1}), nn::ModelError);   // missing tensor
  EXPECT_THROW(m.config_int("hidden"), nn::ModelError);  // no config
}

TEST(ModelFile, MissingEmbeddedModelSaysHowToMakeIt) {
  try {
    nn::load_embedded_model("no_such_model");
    ADD_FAILURE() << "no error";
  } catch (const nn::ModelError& e) {
    EXPECT_NE(std::string(e.what()).find("lab/train.sh"), std::string::npos) << e.what();
  }
}

// A small BoilerNet in memory against the plain forward pass (the training
// code's: counts -> dense [-> ReLU] -> two BiLSTM -> dense -> sigmoid), with
// the projection linear (folded at load) and ReLU (relu=1, not folded).
TEST(Learned, BoilernetProjectionLinearAndRelu) {
  const std::vector<std::string> tags = {"p", "div"}, words = {"alpha", "beta", "gamma"};
  const size_t in = tags.size() + words.size() + 2, m = 3, H = 2;
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  auto rnd = [&](size_t n) {
    std::vector<float> v(n);
    for (float& x : v) x = u(rng);
    return v;
  };
  std::map<std::string, nn::Tensor> w;
  w["dense.w"] = make({in, m}, rnd(in * m));
  w["dense.b"] = make({m}, rnd(m));
  for (int l = 1; l <= 2; ++l)
    for (const char* dir : {"fwd", "bwd"}) {
      const std::string p = "l" + std::to_string(l) + "." + dir + ".";
      const size_t inp = l == 1 ? m : 2 * H;
      w[p + "w_ih"] = make({inp, 4 * H}, rnd(inp * 4 * H));
      w[p + "w_hh"] = make({H, 4 * H}, rnd(H * 4 * H));
      w[p + "b"] = make({4 * H}, rnd(4 * H));
    }
  w["out.w"] = make({2 * H, 1}, rnd(2 * H));
  w["out.b"] = make({1}, rnd(1));
  Document d = parse_html(
      "<div><p>Alpha beta beta</p><p>gamma delta</p><span>beta</span><div>x alpha</div></div>", "utf-8");
  const auto blocks = learned::boilernet_blocks(d);
  ASSERT_EQ(blocks.size(), 4u);
  for (bool relu : {false, true}) {
    WcemWriter f;
    for (const auto& [name, t] : w) f.f32(name, {t.shape.begin(), t.shape.end()}, t.data);
    std::string config = "tags=2\nwords=3\ndense=3\nhidden=2\n";
    if (relu) config += "relu=1\n";
    f.text("config", config);
    f.text("tag_vocab", "p\ndiv");
    f.text("word_vocab", "alpha\nbeta\ngamma");
    const auto got = learned::boilernet_scores(d, f.finish());
    // The plain forward pass.
    nn::Tensor x(blocks.size(), m);
    for (size_t b = 0; b < blocks.size(); ++b) {
      std::vector<float> counts(in, 0.0f);
      for (const auto& t : blocks[b].tags) {
        auto it = std::find(tags.begin(), tags.end(), t);
        counts[it == tags.end() ? tags.size() : it - tags.begin()] += 1;
      }
      for (const auto& t : blocks[b].words) {
        auto it = std::find(words.begin(), words.end(), t);
        counts[it == words.end() ? in - 1 : tags.size() + 1 + (it - words.begin())] += 1;
      }
      for (size_t o = 0; o < m; ++o) {
        double v = w["dense.b"].data[o];
        for (size_t c = 0; c < in; ++c) v += counts[c] * w["dense.w"].data[c * m + o];
        x.row(b)[o] = relu ? std::max(0.0, v) : v;
      }
    }
    for (int l = 1; l <= 2; ++l) {
      const std::string p = "l" + std::to_string(l) + ".";
      x = nn::bilstm(x, {&w[p + "fwd.w_ih"], &w[p + "fwd.w_hh"], &w[p + "fwd.b"]},
                     {&w[p + "bwd.w_ih"], &w[p + "bwd.w_hh"], &w[p + "bwd.b"]});
    }
    const auto y = nn::dense(x, w["out.w"], w["out.b"]);
    ASSERT_EQ(got.size(), blocks.size());
    for (size_t b = 0; b < blocks.size(); ++b) EXPECT_NEAR(got[b], nn::sigmoid(y.data[b]), 1e-6) << relu << " " << b;
  }
  // The ReLU is applied: the two configurations differ on this input.
  WcemWriter lin, rel;
  for (const auto& [name, t] : w) {
    lin.f32(name, {t.shape.begin(), t.shape.end()}, t.data);
    rel.f32(name, {t.shape.begin(), t.shape.end()}, t.data);
  }
  for (auto* f : {&lin, &rel}) {
    f->text("config", std::string("tags=2\nwords=3\ndense=3\nhidden=2\n") + (f == &rel ? "relu=1\n" : ""));
    f->text("tag_vocab", "p\ndiv");
    f->text("word_vocab", "alpha\nbeta\ngamma");
  }
  EXPECT_NE(learned::boilernet_scores(d, lin.finish()), learned::boilernet_scores(d, rel.finish()));
}

TEST(Learned, CorruptWeightsThrowNotCrash) {
  Document d = parse_html("<p>Some text here.</p>", "utf-8");
  Context ctx(d);
  EXPECT_THROW(learned::boilernet_scores(d, "WCEM garbage"), std::runtime_error);
  EXPECT_THROW(learned::dragnet_scores(ctx, "not a model"), std::runtime_error);
  EXPECT_THROW(learned::web2text_run(learned::web2text_features(ctx), "WCEM\x01"), std::runtime_error);
}

// Collapsed DOM (Vogels et al. 2018, Figure 2): li > a > #text chains merge,
// so the two links are siblings under the <ul> (tree distance 2, same parent),
// while the paragraph and the first link are not.
TEST(Web2Text, CollapsedDomTreeFeatures) {
  Document d = parse_html(
      "<body><div><p>A first paragraph, with words.</p> <ul><li><a href=/x>One link</a></li>"
      "<li><a href=/y>Two link</a></li></ul></div></body>", "utf-8");
  Context ctx(d);
  auto f = learned::web2text_features(ctx);
  ASSERT_EQ(f.text_index.size(), 3u);  // the whitespace text node is no block
  ASSERT_EQ(f.block.size(), 3 * learned::kWeb2TextBlockFeatures);
  ASSERT_EQ(f.edge.size(), 2 * learned::kWeb2TextEdgeFeatures);
  const float* para_link = f.edge.data();
  const float* link_link = f.edge.data() + learned::kWeb2TextEdgeFeatures;
  EXPECT_EQ(link_link[0], 1.0f);   // tree distance 2
  EXPECT_EQ(link_link[4], 1.0f);   // same CDOM parent
  EXPECT_EQ(link_link[9], 1.0f);   // same tag path (li > a)
  EXPECT_EQ(para_link[0], 0.0f);
  EXPECT_EQ(para_link[1], 1.0f);   // p up to (document..div), down to ul, down to li>a: distance 3
  // Leaf stats: link density 0 for the paragraph, 1 for the links; the
  // paragraph ends with a period.
  EXPECT_EQ(f.block[7], 0.0f);
  EXPECT_EQ(f.block[learned::kWeb2TextBlockFeatures + 7], 1.0f);
  EXPECT_EQ(f.block[8], 1.0f);
}

TEST(Web2Text, PagesWithoutBlocks) {
  for (const char* html : {"", "<html><body></body></html>", "<p>  \n </p><div><br></div>"}) {
    Document d = parse_html(html, "utf-8");
    Context ctx(d);
    auto f = learned::web2text_features(ctx);
    EXPECT_TRUE(f.text_index.empty() && f.block.empty() && f.edge.empty()) << html;
  }
}

// Viterbi over hand-made potentials: lambda 0 gives the unary argmax; a strong
// pairwise preference for staying in one label overrides a weak unary one.
TEST(Web2Text, ViterbiCombinesUnaryAndPairwise) {
  std::vector<float> unary = {0.2f, 0.8f, 0.6f, 0.4f, 0.1f, 0.9f};  // content, boilerplate (weak), content
  std::vector<float> stay = {0.01f, 0.48f, 0.02f, 0.49f, 0.01f, 0.01f, 0.01f, 0.97f};
  EXPECT_EQ(learned::web2text_viterbi(unary, stay, 3, 0.0), (std::vector<uint8_t>{1, 0, 1}));
  EXPECT_EQ(learned::web2text_viterbi(unary, stay, 3, 1.0), (std::vector<uint8_t>{1, 1, 1}));
  EXPECT_EQ(learned::web2text_viterbi({0.3f, 0.7f}, {}, 1, 0.1), (std::vector<uint8_t>{1}));
  EXPECT_TRUE(learned::web2text_viterbi({}, {}, 0, 0.1).empty());
}

// The guard against an (almost) empty labelling, case by case: labels in,
// content probabilities, characters per block, labels out, whether it fired.
TEST(Learned, GuardNonemptyKeepsTheBestRun) {
  struct Case {
    const char* why;
    std::vector<uint8_t> labels;
    std::vector<float> p;
    std::vector<uint32_t> chars;
    std::vector<uint8_t> want;
    bool fired;
  };
  const std::vector<Case> cases = {
      {"no blocks: stays empty", {}, {}, {}, {}, false},
      {"enough text kept: untouched", {0, 1, 0}, {0.1f, 0.9f, 0.2f}, {50, 120, 50}, {0, 1, 0}, false},
      {"nothing kept: the run of likely blocks, a short separator inside it",
       {0, 0, 0, 0, 0},
       {0.05f, 0.30f, 0.02f, 0.40f, 0.01f},
       {40, 200, 3, 150, 60},
       {0, 1, 1, 1, 0},
       true},
      {"nothing kept: a long unlikely block splits two runs, the one with more likely text wins",
       {0, 0, 0, 0, 0},
       {0.30f, 0.02f, 0.20f, 0.25f, 0.05f},
       {100, 500, 300, 200, 10},
       {0, 0, 1, 1, 0},
       true},
      {"almost nothing kept (under 100 characters): the run is added", {1, 0, 0}, {0.6f, 0.1f, 0.45f},
       {20, 80, 400}, {1, 0, 1}, true},
      {"all probabilities zero: the first block, never empty", {0, 0}, {0.0f, 0.0f}, {30, 30}, {1, 0}, true},
      {"sizes differ: left alone", {0, 0}, {0.5f}, {30, 30}, {0, 0}, false},
  };
  for (const auto& c : cases) {
    auto labels = c.labels;
    EXPECT_EQ(learned::guard_nonempty(labels, c.p, c.chars), c.fired) << c.why;
    EXPECT_EQ(labels, c.want) << c.why;
  }
  // Probabilities (BoilerNet, Dragnet): the run is raised to the threshold, the rest unchanged.
  std::vector<float> scores = {0.05f, 0.30f, 0.02f, 0.40f, 0.01f};
  EXPECT_TRUE(learned::guard_nonempty_scores(scores, {40, 200, 3, 150, 60}));
  EXPECT_EQ(scores, (std::vector<float>{0.05f, 0.5f, 0.5f, 0.5f, 0.01f}));
  scores = {0.9f, 0.1f};
  EXPECT_FALSE(learned::guard_nonempty_scores(scores, {500, 20}));
  EXPECT_EQ(scores, (std::vector<float>{0.9f, 0.1f}));
}

// With the compiled-in model, a page with text never comes out empty; a page
// without blocks stays empty, unguarded.
TEST(Web2Text, PagesWithTextNeverComeOutEmpty) {
  if (nn::embedded_model("web2text").empty()) GTEST_SKIP() << "web2text weights not built in";
  const std::vector<std::string> pages = {
      "<nav><a href=/>Home</a> | <a href=/a>About</a> | <a href=/c>Contact</a></nav>",
      "<p>Ok.</p>",
      "<header><a href=/>Shop</a></header><h1>Espresso beans, 1 kg</h1><p>Dark roast.</p><p>12,90 EUR</p>"
      "<footer>&copy; 2024 Example GmbH</footer>",
      "<article><h1>Title</h1><p>The council approved the new budget on Tuesday after a long debate.</p>"
      "<p>Second paragraph of the story with more words.</p></article><footer><a href=/>Home</a></footer>",
      "<html><body></body></html>",
  };
  for (const auto& html : pages) {
    Document d = parse_html(html, "utf-8");
    Context ctx(d);
    auto f = learned::web2text_features(ctx);
    auto out = learned::web2text_run(f);
    ASSERT_EQ(out.labels.size(), f.text_index.size()) << html;
    ASSERT_EQ(f.chars.size(), f.text_index.size()) << html;
    if (f.text_index.empty()) {
      EXPECT_FALSE(out.guarded) << html;
      continue;
    }
    uint64_t kept = 0;
    for (size_t b = 0; b < out.labels.size(); ++b) kept += out.labels[b] ? f.chars[b] : 0;
    EXPECT_GT(kept, 0u) << html;
    EXPECT_TRUE(out.guarded || kept >= 100) << html;  // unguarded output keeps at least the trigger's 100
    // The guard on its own output changes nothing (what it adds is its best run).
    std::vector<float> content;
    for (size_t b = 0; b < f.text_index.size(); ++b) content.push_back(out.unary[2 * b + 1]);
    auto again = out.labels;
    learned::guard_nonempty(again, content, f.chars);
    EXPECT_EQ(again, out.labels) << html;
  }
}

// The compiled-in models: one label in [0,1] per text node on odd pages, and
// some content on every page with text.
TEST(Learned, RegisteredModelsLabelEveryTextNode) {
  const std::vector<std::string> pages = {
      "", "<html><body></body></html>", "<p>   </p>", "<p>One short block.</p>",
      "<div>" + std::string(2000, 'x') + "</div>",
      "<article><h1>Title</h1><p>The council approved the new budget on Tuesday after a long debate.</p>"
      "<p>Second paragraph of the story with more words.</p></article><footer><a href=/>Home</a></footer>",
  };
  for (const char* name : {"boilernet", "boilernet_small", "dragnet", "web2text"}) {
    const Extractor* ex = find_extractor(name);
    if (!ex && nn::embedded_model(name).empty()) continue;  // left out of this build (boilernet in WASM)
    ASSERT_NE(ex, nullptr) << name;
    EXPECT_EQ(ex->info().family, wce::Family::Learned);
    if (nn::embedded_model(name).empty()) GTEST_SKIP() << name << " weights not built in";
    for (const auto& html : pages) {
      Document d = parse_html(html, "utf-8");
      Context ctx(d);
      Labels l = ex->run(ctx);
      ASSERT_EQ(l.size(), d.text_nodes.size()) << name;
      for (float v : l) EXPECT_TRUE(v >= 0 && v <= 1) << name;
      // Never empty when the page has text (guard_nonempty).
      if (ctx.counts().chars[0] > 0)
        EXPECT_TRUE(std::any_of(l.begin(), l.end(), [](float v) { return v >= kContentThreshold; })) << name << html;
    }
  }
}

// The boilernet extractor encodes blocks straight from the document (tag
// columns by Tag value, words from one buffer) and folds the dense projection
// into the first LSTM layer; boilernet_scores() goes through the string
// features of the training dump. Same rows, same arithmetic (and the same
// guard after it): equal scores, on
// the demo pages and on odd markup (unknown tags, non-ASCII words, digits).
TEST(Learned, BoilernetDirectEncodingEqualsTrainingFeatures) {
  std::vector<std::string> pages = {
      "<x-widget><p>Zwölf Boxkämpfer jagen Viktor quer über den Sylter Deich 2024.</p></x-widget>",
      "<table><tr><td>cell ONE<td>Cell two, THE end</table><custom>?? !!</custom>",
  };
  for (const auto& entry : std::filesystem::directory_iterator(std::string(WCE_SOURCE_DIR) + "/demo")) {
    std::ifstream in(entry.path() / "source.html", std::ios::binary);
    if (!in) continue;
    std::stringstream ss;
    ss << in.rdbuf();
    pages.push_back(ss.str());
  }
  ASSERT_GE(pages.size(), 5u);
  // Both sizes: the paper's (boilernet, ReLU projection) and the small one
  // (boilernet_small, linear projection folded into the first layer).
  for (const char* name : {"boilernet", "boilernet_small"}) {
    const Extractor* ex = find_extractor(name);
    ASSERT_NE(ex, nullptr) << name;
    const std::string_view weights = nn::embedded_model(name);
    ASSERT_FALSE(weights.empty()) << name << " weights not built in";
    for (const auto& html : pages) {
      Document d = parse_html(html, "utf-8");
      Context ctx(d);
      const Labels labels = ex->run(ctx);
      const auto blocks = learned::boilernet_blocks(d);
      auto scores = learned::boilernet_scores(d, weights);
      ASSERT_EQ(blocks.size(), scores.size());
      ASSERT_FALSE(blocks.empty());
      std::vector<uint32_t> chars;  // the extractor applies the guard on top (nonempty_guard.cpp)
      for (const auto& b : blocks) chars.push_back(ctx.counts().chars[d.text_nodes[b.text_index]]);
      learned::guard_nonempty_scores(scores, chars);
      for (size_t b = 0; b < blocks.size(); ++b) EXPECT_EQ(labels[blocks[b].text_index], scores[b]) << name << " " << b;
    }
  }
}

// The two BoilerNet sizes are two models, not one model cached under two
// names: on a page with text they give different scores, and each gives the
// same scores on every run (determinism, and the per-name model cache).
TEST(Learned, BoilernetSizesAreDistinctAndDeterministic) {
  const Extractor* paper = find_extractor("boilernet");
  const Extractor* small = find_extractor("boilernet_small");
  ASSERT_NE(paper, nullptr);
  ASSERT_NE(small, nullptr);
  const std::string html =
      "<html><body><nav><a href=/>Home</a> <a href=/news>News</a></nav><article><h1>Council votes on the budget</h1>"
      "<p>The council approved the new budget on Tuesday after a long debate about schools and roads.</p>"
      "<p>Opponents said the plan raises taxes; supporters said it repairs bridges that are decades old.</p>"
      "</article><footer>Copyright 2026 <a href=/about>About us</a></footer></body></html>";
  Document d = parse_html(html, "utf-8");
  std::vector<Labels> first;
  for (int round = 0; round < 3; ++round) {
    Context ctx(d);
    const Labels a = paper->run(ctx), b = small->run(ctx);
    EXPECT_NE(a, b);
    if (round == 0) {
      first = {a, b};
    } else {
      EXPECT_EQ(a, first[0]);
      EXPECT_EQ(b, first[1]);
    }
  }
  EXPECT_EQ(nn::load_embedded_model("boilernet").config_int("hidden"), 256);
  EXPECT_EQ(nn::load_embedded_model("boilernet_small").config_int("hidden"), 64);
}

}  // namespace
