// Shared by the rule tests of single extractors: run one extractor on a page
// and check that marker strings are kept or dropped in its rendered text.
#pragma once
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "wce/wce.hpp"

namespace wce::testing {

// The extractor's rendered main content of `html` (labels checked for size).
inline std::string run_extractor(const std::string& name, const std::string& html) {
  const Extractor* e = find_extractor(name);
  EXPECT_NE(e, nullptr) << name;
  if (!e) return {};
  Document d = parse_html(html, "utf-8");
  Context ctx(d);
  Labels l = e->run(ctx);
  EXPECT_EQ(l.size(), d.text_nodes.size()) << name;
  return render_text(d, l);
}

inline bool has(const std::string& out, const std::string& marker) {
  return out.find(marker) != std::string::npos;
}

// A case: markers that must be in the output and markers that must not.
struct MarkerCase {
  std::string name, html;
  std::vector<std::string> kept, dropped;
};

inline void expect_markers(const std::string& out, const MarkerCase& c) {
  for (const auto& m : c.kept) EXPECT_TRUE(has(out, m)) << c.name << ": " << m << " missing in\n" << out;
  for (const auto& m : c.dropped) EXPECT_FALSE(has(out, m)) << c.name << ": " << m << " kept in\n" << out;
}

}  // namespace wce::testing
