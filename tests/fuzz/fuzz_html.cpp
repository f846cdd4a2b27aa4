// Harness (a): raw page bytes, as a file on disk would give them. `html`
// runs every registered extractor on each page (the order the extension uses,
// one shared Context); `html_pick` lets the first bytes choose one or two
// (check.hpp, run_picked): many more pages per CPU second.
#include "check.hpp"
#include "targets.hpp"

namespace wce::fuzz {
namespace {

PageRun parse_page(const uint8_t* data, size_t size) {
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  PageRun run = PageRun::parse({bytes, {}, {}});  // empty charset: sniffed (BOM, <meta>, fallback)
  check_document(run.doc());
  return run;
}

}  // namespace

int html_target(const uint8_t* data, size_t size) {
  PageRun run = parse_page(data, size);
  run_every_extractor(run);
  complexity_features(run.doc());
  return 0;
}

int html_pick_target(const uint8_t* data, size_t size) {
  Picked p = split_pick(data, size);
  PageRun run = parse_page(p.data, p.size);
  run_picked(run, p.pick);
  return 0;
}

}  // namespace wce::fuzz
