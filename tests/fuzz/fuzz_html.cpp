// Harness (a): raw page bytes, as a file on disk would give them.
#include "check.hpp"
#include "targets.hpp"

namespace wce::fuzz {

int html_target(const uint8_t* data, size_t size) {
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  PageRun run = PageRun::parse({bytes, {}, {}});  // empty charset: sniffed (BOM, <meta>, fallback)
  check_document(run.doc());
  run_every_extractor(run);
  complexity_features(run.doc());
  return 0;
}

}  // namespace wce::fuzz
