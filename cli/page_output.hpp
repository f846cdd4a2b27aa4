// What `wce extract` writes for an extracted page beyond its text: the
// output options and the JSON fields every mode shares (one page, --jsonl,
// --warc); the callers add their own (id, extractor, charset, ms).
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "page_outcome.hpp"
#include "wce/wce.hpp"

namespace wce::cli {

struct OutputOptions {
  // One page: what is printed (json: the object below). Batch modes: lines
  // are always JSON; markdown / html add that key.
  std::string format = "text";
  bool markdown = false, html = false;  // --markdown / --html: add the key to JSON
  bool labels = false;                  // add "labels" (one score per text node)
  bool metadata = true;                 // --no-metadata: text only (no metadata, no page type)
  MarkupOptions markup;                 // --links, --images (Markdown)
  bool json() const { return format == "json"; }
};

// Checks the format name ("text", "markdown", "html", "json") and folds a
// batch mode's --format markdown|html into the keys to add; throws
// std::invalid_argument naming the valid ones.
void check_output_options(OutputOptions& o, bool batch);

// The metadata fields (title ... page_type, page_type_probability), "text",
// and "markdown" / "html" / "labels" when asked. `url`: where the page came
// from; its key is `url_key` ("url" = the canonical URL, or `url` when the
// page names none). Throws what PageRun::metadata throws (PageLimitError past
// the page's time budget).
nlohmann::json page_json(PageRun& page, const ExtractorRun& x, std::string_view url, const OutputOptions& o,
                         const char* url_key = "url");

// One parsed page through `ex` to its JSON (page_json, plus "extractor";
// none when `json` is false: the caller renders the run), or the outcome that
// says why not (a failed extractor, a limit).
struct PageResult {
  Outcome outcome = Outcome::Extracted;
  std::string why;
  nlohmann::json json;
  ExtractorRun run;
};
PageResult extract_page(ParsedPage& page, const Extractor& ex, std::string_view url, const OutputOptions& o,
                        const char* url_key = "url", bool json = true);

}  // namespace wce::cli
