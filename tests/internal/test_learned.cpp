// The inference runtime of the learned extractors (core/src/nn) and the
// extractors' behaviour on bad input and bad weights.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "nn/activations.hpp"
#include "nn/conv1d.hpp"
#include "nn/dense.hpp"
#include "nn/lstm.hpp"
#include "nn/model_file.hpp"
#include "wce/wce.hpp"

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
    EXPECT_NE(std::string(e.what()).find("scripts/train.sh"), std::string::npos) << e.what();
  }
}

TEST(Learned, CorruptWeightsThrowNotCrash) {
  Document d = parse_html("<p>Some text here.</p>", "utf-8");
  Context ctx(d);
  EXPECT_THROW(learned::boilernet_scores(d, "WCEM garbage"), std::runtime_error);
  EXPECT_THROW(learned::dragnet_scores(ctx, "not a model"), std::runtime_error);
}

// The compiled-in models: one label in [0,1] per text node on odd pages.
TEST(Learned, RegisteredModelsLabelEveryTextNode) {
  const std::vector<std::string> pages = {
      "", "<html><body></body></html>", "<p>   </p>", "<p>One short block.</p>",
      "<div>" + std::string(2000, 'x') + "</div>",
      "<article><h1>Title</h1><p>The council approved the new budget on Tuesday after a long debate.</p>"
      "<p>Second paragraph of the story with more words.</p></article><footer><a href=/>Home</a></footer>",
  };
  for (const char* name : {"boilernet", "dragnet"}) {
    const Extractor* ex = find_extractor(name);
    ASSERT_NE(ex, nullptr) << name;
    EXPECT_EQ(ex->info().family, wce::Family::Learned);
    if (nn::embedded_model(name).empty()) GTEST_SKIP() << name << " weights not built in";
    for (const auto& html : pages) {
      Document d = parse_html(html, "utf-8");
      Context ctx(d);
      Labels l = ex->run(ctx);
      ASSERT_EQ(l.size(), d.text_nodes.size()) << name;
      for (float v : l) EXPECT_TRUE(v >= 0 && v <= 1) << name;
    }
  }
}

}  // namespace
