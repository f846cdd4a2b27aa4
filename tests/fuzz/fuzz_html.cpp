// Harness (a): raw page bytes, as a file on disk would give them.
#include "check.hpp"
#include "targets.hpp"

namespace wce::fuzz {

int html_target(const uint8_t* data, size_t size) {
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  Document doc = parse_html(bytes);  // empty charset: sniffed (BOM, <meta>, fallback)
  check_document(doc);
  run_every_extractor(doc);
  complexity_features(doc);
  return 0;
}

}  // namespace wce::fuzz
