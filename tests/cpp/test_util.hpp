// Shared helper of the extractor tests: parse a page, run one registered
// extractor, check the label count and render the kept text in the
// extractor's own render style, as the CLI and WASM do.
#pragma once
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "wce/wce.hpp"

namespace wce::test {

// A file's bytes ("" when it cannot be read: the comparison then fails).
inline std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline std::string extract_with(const std::string& name, const std::string& html) {
  const Extractor* e = find_extractor(name);
  EXPECT_NE(e, nullptr) << name;
  if (!e) return {};
  ExtractorRun x = PageRun::parse({html, "utf-8", {}}).run(*e);
  EXPECT_TRUE(x.ok()) << name << ": " << x.error;
  return x.text;
}

// One row of a data-driven extractor test: a page and the text expected.
struct PageCase {
  const char* what;
  std::string html, expected;
};

// A text with the white space around it taken off (a text node as a test names it).
inline std::string trimmed(std::string_view s) {
  const size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string_view::npos) return "";
  return std::string(s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1));
}

inline bool has(const std::string& out, const std::string& marker) {
  return out.find(marker) != std::string::npos;
}

// A rule test: markers that must be in the output and markers that must not.
struct MarkerCase {
  std::string name, html;
  std::vector<std::string> kept, dropped;
};

inline void expect_markers(const std::string& out, const MarkerCase& c) {
  for (const auto& m : c.kept) EXPECT_TRUE(has(out, m)) << c.name << ": " << m << " missing in\n" << out;
  for (const auto& m : c.dropped) EXPECT_FALSE(has(out, m)) << c.name << ": " << m << " kept in\n" << out;
}

// A rule test on a page body: `body` placed in <body> of a page titled `title`.
struct BodyCase {
  const char* name;
  std::string body;
  std::vector<std::string> kept, dropped;
};

inline void expect_body_markers(const std::string& extractor, const std::string& title, const BodyCase& c) {
  std::string out = extract_with(extractor, "<html><head><title>" + title + "</title></head><body>" + c.body +
                                                "</body></html>");
  expect_markers(out, {c.name, c.body, c.kept, c.dropped});
}

}  // namespace wce::test
