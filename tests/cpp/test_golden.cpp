// Golden tests: tests/golden/<extractor>/<case>/source.html + expected.txt.
// The extractor's rendered text must equal expected.txt (trailing newlines
// ignored). To add a case, write both files; to review a change, diff them.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "wce/wce.hpp"

namespace fs = std::filesystem;

namespace {

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string chomp(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.pop_back();
  return s;
}

}  // namespace

TEST(Golden, EveryCaseMatches) {
  fs::path root = fs::path(WCE_SOURCE_DIR) / "tests" / "golden";
  ASSERT_TRUE(fs::is_directory(root)) << root;
  int cases = 0;
  for (const auto& ex_dir : fs::directory_iterator(root)) {
    if (!ex_dir.is_directory()) continue;
    std::string name = ex_dir.path().filename().string();
    const wce::Extractor* ex = wce::find_extractor(name);
    ASSERT_NE(ex, nullptr) << "tests/golden/" << name << ": no such extractor";
    for (const auto& case_dir : fs::directory_iterator(ex_dir.path())) {
      if (!case_dir.is_directory()) continue;
      SCOPED_TRACE(case_dir.path().string());
      fs::path src = case_dir.path() / "source.html", exp = case_dir.path() / "expected.txt";
      ASSERT_TRUE(fs::exists(src) && fs::exists(exp)) << "needs source.html and expected.txt";
      wce::Document doc = wce::parse_html(slurp(src));
      wce::Context ctx(doc);
      EXPECT_EQ(chomp(wce::render_text(doc, ex->run(ctx))), chomp(slurp(exp)));
      ++cases;
    }
  }
  EXPECT_GT(cases, 0);
  std::cout << "[ golden   ] " << cases << " cases\n";
}
