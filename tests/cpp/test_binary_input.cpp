// Input that is not text is refused (wce/html.hpp binary_kind, NotHtmlError
// from PageRun::parse): one row per kind of input, and every page of the
// repository (demo, golden, charsets) is text.
#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "wce/wce.hpp"

namespace {

std::string bytes_of(std::initializer_list<int> b) {
  std::string s;
  for (int c : b) s += static_cast<char>(c);
  return s;
}

std::string controls(size_t n) {  // C0 controls that text does not use, cycled
  std::string s;
  const char kinds[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 14, 15, 16, 31};
  for (size_t i = 0; i < n; ++i) s += kinds[i % sizeof kinds];
  return s;
}

struct Case {
  const char* name;
  std::string bytes;
  const char* charset;
  const char* kind;  // "" : text
};

const std::string kTail(64, 'x');

const Case kCases[] = {
    {"png", "\x89PNG\r\n\x1a\n" + kTail, "", "PNG"},
    {"jpeg", bytes_of({0xFF, 0xD8, 0xFF, 0xE0}) + kTail, "", "JPEG"},
    {"gif", "GIF89a" + kTail, "", "GIF"},
    {"webp", "RIFF" + bytes_of({1, 2, 3, 4}) + "WEBPVP8 " + kTail, "", "WebP"},
    {"riff without webp", "RIFF" + std::string("abcd") + "WAVE" + kTail, "", ""},
    {"pdf", "%PDF-1.7\n" + kTail, "", "PDF"},
    {"zip", "PK" + bytes_of({3, 4}) + kTail, "", "ZIP"},
    {"gzip", bytes_of({0x1F, 0x8B, 0x08, 0}) + kTail, "", "gzip"},
    {"bzip2", "BZh91AY&SY" + kTail, "", "bzip2"},
    {"BZh text", "BZh is not bzip2 <p>text</p>", "", ""},
    {"xz", bytes_of({0xFD, '7', 'z', 'X', 'Z', 0}) + kTail, "", "xz"},
    {"tar", std::string(257, 'a') + "ustar" + kTail, "", "tar"},
    {"woff2", "wOF2" + kTail, "", "WOFF2"},
    {"elf", bytes_of({0x7F, 'E', 'L', 'F'}) + kTail, "", "ELF executable"},
    {"wasm", bytes_of({0, 'a', 's', 'm'}) + kTail, "", "WebAssembly"},
    {"mp4", bytes_of({0, 0, 0, 0x20}) + "ftypisom" + kTail, "", "MP4"},
    {"sqlite", std::string("SQLite format 3", 15) + '\0' + kTail, "", "SQLite"},
    {"control bytes", controls(200) + "<p>hi</p>", "", "binary data: 96% control bytes"},
    {"a tenth is still text", controls(10) + std::string(90, 'a'), "", ""},
    {"just over a tenth", controls(11) + std::string(89, 'a'), "", "binary data: 11% control bytes"},
    {"html", "<!DOCTYPE html><html><body><p>Hello</p></body></html>", "", ""},
    {"empty", "", "", ""},
    {"legacy bytes", bytes_of({0xE4, 0xF6, 0xFC, 0xDF, 0x80, 0x9F}) + "<p>windows-1252</p>", "", ""},
    {"iso-2022-jp escapes", "\x1b$B$3$s$K$A$O\x1b(B <p>x</p>", "", ""},
    {"utf-16le bom", bytes_of({0xFF, 0xFE, '<', 0, 'p', 0, '>', 0, 'h', 0, 'i', 0}), "", ""},
    {"utf-16be by label", bytes_of({0, '<', 0, 'p', 0, '>', 0, 'h', 0, 'i'}), "utf-16be", ""},
    {"utf-16le without bom or label",
     bytes_of({'<', 0, 'p', 0, '>', 0, 'h', 0, 'e', 0, 'l', 0, 'l', 0, 'o', 0, ' ', 0, 'w', 0, 'o', 0, 'r', 0}), "", ""},
    {"nul bytes everywhere", std::string(100, '\0'), "", "binary data: 100% control bytes"},
};

class BinaryInput : public ::testing::TestWithParam<Case> {};

TEST_P(BinaryInput, KindAndRefusal) {
  const Case& c = GetParam();
  EXPECT_EQ(wce::binary_kind(c.bytes, c.charset), c.kind);
  if (*c.kind) {
    try {
      wce::PageRun::parse({c.bytes, c.charset, {}});
      ADD_FAILURE() << "not refused";
    } catch (const wce::NotHtmlError& e) {
      EXPECT_EQ(std::string(e.what()), std::string("not HTML (looks like ") + c.kind + ")");
      EXPECT_EQ(e.kind(), c.kind);
    }
  } else {
    EXPECT_NO_THROW(wce::PageRun::parse({c.bytes, c.charset, {}}));
  }
}

INSTANTIATE_TEST_SUITE_P(Cases, BinaryInput, ::testing::ValuesIn(kCases), [](const auto& info) {
  std::string n = info.param.name;
  for (char& ch : n)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return n;
});

TEST(BinaryInput, EveryPageOfTheRepositoryIsText) {
  namespace fs = std::filesystem;
  size_t pages = 0;
  for (const char* dir : {"demo", "tests/golden", "tests/charsets"}) {
    for (const auto& e : fs::recursive_directory_iterator(fs::path(WCE_SOURCE_DIR) / dir)) {
      if (!e.is_regular_file() || e.path().extension() != ".html") continue;
      std::ifstream in(e.path(), std::ios::binary);
      std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      EXPECT_EQ(wce::binary_kind(bytes), "") << e.path();
      ++pages;
    }
  }
  EXPECT_GT(pages, 20u);
}

}  // namespace
