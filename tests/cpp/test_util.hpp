// Shared helper of the extractor tests: parse a page, run one registered
// extractor, check the label count and render the kept text in the
// extractor's own render style, as the CLI and WASM do.
#pragma once
#include <gtest/gtest.h>

#include <string>

#include "wce/wce.hpp"

namespace wce::test {

inline std::string extract_with(const std::string& name, const std::string& html) {
  const Extractor* e = find_extractor(name);
  EXPECT_NE(e, nullptr) << name;
  if (!e) return {};
  Document d = parse_html(html, "utf-8");
  Context ctx(d);
  Labels l = e->run(ctx);
  EXPECT_EQ(l.size(), d.text_nodes.size()) << name;
  return render_text(d, l, e->info().render);
}

// One row of a data-driven extractor test: a page and the text expected.
struct PageCase {
  const char* what;
  std::string html, expected;
};

}  // namespace wce::test
