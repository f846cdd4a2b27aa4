// Golden tests: tests/golden/<extractor>/<case>/source.html + expected.txt, and
// pages shared by several extractors: tests/golden/shared/<case>/source.html +
// expected-<extractor>.txt.
// The extractor's rendered text must equal expected.txt (trailing newlines
// ignored). To add a case, write both files; to review a change, diff them.
#include <gtest/gtest.h>

#include <filesystem>

#include "test_util.hpp"
#include "wce/wce.hpp"

namespace fs = std::filesystem;

namespace {

constexpr const char* kSharedDir = "shared";

std::string chomp(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.pop_back();
  return s;
}

}  // namespace

// One golden comparison: the extractor's rendered text must equal the file.
void check_case(const std::string& extractor, const fs::path& source, const fs::path& expected) {
  SCOPED_TRACE(expected.string());
  const wce::Extractor* ex = wce::find_extractor(extractor);
  ASSERT_NE(ex, nullptr) << expected << ": no extractor named " << extractor;
  const std::string html = wce::test::read_file(source);
  wce::ExtractorRun x = wce::PageRun::parse({html, {}, {}}).run(*ex);
  ASSERT_TRUE(x.ok()) << x.error;
  EXPECT_EQ(chomp(x.text), chomp(wce::test::read_file(expected)));
}

TEST(Golden, EveryCaseMatches) {
  fs::path root = fs::path(WCE_SOURCE_DIR) / "tests" / "golden";
  ASSERT_TRUE(fs::is_directory(root)) << root;
  int cases = 0;
  for (const auto& top : fs::directory_iterator(root)) {
    if (!top.is_directory()) continue;
    std::string name = top.path().filename().string();
    for (const auto& case_dir : fs::directory_iterator(top.path())) {
      if (!case_dir.is_directory()) continue;
      fs::path src = case_dir.path() / "source.html";
      ASSERT_TRUE(fs::exists(src)) << case_dir.path() << " needs source.html";
      if (name == kSharedDir) {
        // shared/<case>/source.html + expected-<extractor>.txt, one per extractor
        int here = 0;
        for (const auto& f : fs::directory_iterator(case_dir.path())) {
          std::string file = f.path().filename().string();
          if (file.rfind("expected-", 0) != 0 || f.path().extension() != ".txt") continue;
          check_case(file.substr(9, file.size() - 9 - 4), src, f.path());
          ++here, ++cases;
        }
        EXPECT_GT(here, 0) << case_dir.path() << " has no expected-<extractor>.txt";
      } else {
        fs::path exp = case_dir.path() / "expected.txt";
        ASSERT_TRUE(fs::exists(exp)) << case_dir.path() << " needs expected.txt";
        check_case(name, src, exp);
        ++cases;
      }
    }
  }
  EXPECT_GT(cases, 0);
  std::cout << "[ golden   ] " << cases << " cases\n";
}
