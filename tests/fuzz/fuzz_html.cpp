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

// The metadata of any page: bounded fields, dates in ISO 8601 form or none.
void check_metadata(const Document& doc) {
  Metadata m = extract_metadata(doc, "https://example.org/a/page");
  if (m.title.size() > 2000) broken("metadata: title of " + std::to_string(m.title.size()) + " bytes");
  if (m.description.size() > 2000) broken("metadata: description of " + std::to_string(m.description.size()) + " bytes");
  for (const std::string* d : {&m.date, &m.modified}) {
    if (d->empty()) continue;
    bool iso = d->size() >= 10 && (*d)[4] == '-' && (*d)[7] == '-';
    for (size_t i : {0, 1, 2, 3, 5, 6, 8, 9}) iso = iso && d->size() > i && (*d)[i] >= '0' && (*d)[i] <= '9';
    int year = iso ? std::stoi(d->substr(0, 4)) : 0;
    if (!iso || year < 1900 || year > 2100) broken("metadata: date '" + *d + "'");
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
