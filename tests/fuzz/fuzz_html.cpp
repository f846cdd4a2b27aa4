// Harness (a): raw page bytes, as a file on disk would give them. `html`
// runs every registered extractor on each page (the order the extension uses,
// one shared Context); `html_pick` lets the first bytes choose one or two
// (check.hpp, run_picked): many more pages per CPU second. Both also read the
// page's metadata (extract_metadata) and check its fields.
#include <optional>
#include <string>

#include "check.hpp"
#include "targets.hpp"

namespace wce::fuzz {
namespace {

// The page as the front ends take it; input refused as not text (binary_kind)
// still goes through the parser, which must cope with any bytes.
std::optional<PageRun> parse_page(const uint8_t* data, size_t size) {
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  try {
    PageRun run = PageRun::parse({bytes, {}, {}});  // empty charset: sniffed (BOM, <meta>, fallback)
    check_document(run.doc());
    return run;
  } catch (const NotHtmlError& e) {
    if (binary_kind(bytes).empty() || std::string(e.what()).rfind("not HTML (looks like ", 0) != 0)
      broken("NotHtmlError for input binary_kind calls text: " + std::string(e.what()));
    check_document(parse_html(bytes));
    return std::nullopt;
  }
}

}  // namespace

int html_target(const uint8_t* data, size_t size) {
  std::optional<PageRun> run = parse_page(data, size);
  if (!run) return 0;
  run_every_extractor(*run);
  complexity_features(run->doc());
  check_metadata(run->doc());
  structure_and_metadata(*run, *find_extractor("all_text"));
  return 0;
}

int html_pick_target(const uint8_t* data, size_t size) {
  Picked p = split_pick(data, size);
  std::optional<PageRun> run = parse_page(p.data, p.size);
  if (run) {
    run_picked(*run, p.pick);
    check_metadata(run->doc());
  }
  return 0;
}

}  // namespace wce::fuzz
