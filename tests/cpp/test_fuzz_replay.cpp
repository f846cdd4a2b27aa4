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

#include "../fuzz/targets.hpp"

namespace fs = std::filesystem;

namespace {

struct Target {
  const char* name;
  int (*run)(const uint8_t*, size_t);
};

const Target kTargets[] = {
    {"html", wce::fuzz::html_target},
    {"flat_dom", wce::fuzz::flat_dom_target},
    {"measures", wce::fuzz::measures_target},
    {"dataset", wce::fuzz::dataset_target},
};

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

TEST_P(FuzzReplay, SeedsAndRegressions) {
  const Target& t = GetParam();
  std::vector<fs::path> files = inputs(std::string("seeds/") + t.name);
  EXPECT_FALSE(files.empty()) << "no seeds for " << t.name;
  for (const fs::path& p : inputs(std::string("regressions/") + t.name)) files.push_back(p);
  for (const fs::path& p : files) {
    SCOPED_TRACE(p.string());
    std::ifstream in(p, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_EQ(t.run(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()), 0);
  }
}

INSTANTIATE_TEST_SUITE_P(Targets, FuzzReplay, ::testing::ValuesIn(kTargets),
                         [](const ::testing::TestParamInfo<Target>& i) { return std::string(i.param.name); });

}  // namespace
