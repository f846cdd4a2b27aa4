// Replays the fuzz corpora that live in the repository through the fuzz
// targets themselves (tests/fuzz/targets.hpp): the hand-made seeds and every
// crash input of tests/fuzz/regressions/<target>/. A target aborts on a broken
// invariant and the sanitizer build (scripts/test.sh --sanitize) stops on any
// memory error or undefined behaviour, so each finding stays fixed.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "../fuzz/check.hpp"
#include "../fuzz/targets.hpp"

namespace fs = std::filesystem;

namespace {

struct Target {
  const char* name;
  int (*run)(const uint8_t*, size_t);
  // The seeds of another target, replayed once behind each choice of the pick
  // harnesses (check.hpp: every extractor alone, then the complexity features).
  const char* seeds_of = nullptr;
};

const Target kTargets[] = {
    {"html", wce::fuzz::html_target},
    {"html_pick", wce::fuzz::html_pick_target, "html"},
    {"flat_dom", wce::fuzz::flat_dom_target},
    {"flat_dom_pick", wce::fuzz::flat_dom_pick_target, "flat_dom"},
    {"measures", wce::fuzz::measures_target},
    {"dataset", wce::fuzz::dataset_target},
    {"warc", wce::fuzz::warc_target},
    {"warc_diff", wce::fuzz::warc_diff_target},
    {"charset", wce::fuzz::charset_target},
};

std::string read_bytes(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

std::vector<fs::path> inputs(const std::string& folder) {
  std::vector<fs::path> out;
  fs::path dir = fs::path(WCE_SOURCE_DIR) / "tests" / "fuzz" / folder;
  if (!fs::is_directory(dir)) return out;
  for (const auto& e : fs::directory_iterator(dir)) {
    std::string name = e.path().filename().string();
    if (e.is_regular_file() && name != ".keep" && name != "README.md") out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

class FuzzReplay : public ::testing::TestWithParam<Target> {};

int run_bytes(const Target& t, const std::string& bytes) {
  return t.run(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
}

TEST_P(FuzzReplay, SeedsAndRegressions) {
  const Target& t = GetParam();
  std::vector<fs::path> files = inputs(std::string("seeds/") + (t.seeds_of ? t.seeds_of : t.name));
  EXPECT_FALSE(files.empty()) << "no seeds for " << t.name;
  if (t.seeds_of) {
    // Choice bytes (c, 0xFF): choice c alone (0xFF is past kSecondBelow).
    size_t choices = wce::fuzz::pick_choices();
    static_assert(wce::fuzz::kPickBytes == 2 && wce::fuzz::kSecondBelow <= 0xFF);
    for (const fs::path& p : files) {
      std::string page = read_bytes(p);
      for (size_t c = 0; c < choices; ++c) {
        SCOPED_TRACE(p.string() + " behind choice " + std::to_string(c));
        EXPECT_EQ(run_bytes(t, std::string{static_cast<char>(c), '\xFF'} + page), 0);
      }
    }
    files.clear();
  }
  for (const fs::path& p : inputs(std::string("regressions/") + t.name)) files.push_back(p);
  for (const fs::path& p : files) {
    SCOPED_TRACE(p.string());
    EXPECT_EQ(run_bytes(t, read_bytes(p)), 0);
  }
}

INSTANTIATE_TEST_SUITE_P(Targets, FuzzReplay, ::testing::ValuesIn(kTargets),
                         [](const ::testing::TestParamInfo<Target>& i) { return std::string(i.param.name); });

}  // namespace
