// Test helper: one registered extractor on an HTML string (Gumbo path), its
// labels rendered in the extractor's own style, as the CLI and WASM do.
#pragma once
#include <gtest/gtest.h>

#include <string>

#include "wce/wce.hpp"

namespace wce::test {

inline std::string run_extractor(const std::string& name, const std::string& html) {
  const Extractor* e = find_extractor(name);
  EXPECT_NE(e, nullptr) << name;
  if (!e) return {};
  Document d = parse_html(html, "utf-8");
  Context ctx(d);
  Labels l = e->run(ctx);
  EXPECT_EQ(l.size(), d.text_nodes.size());
  return render_text(d, l, e->info().render);
}

struct Case {
  const char* what;
  std::string html, expected;
};

}  // namespace wce::test
