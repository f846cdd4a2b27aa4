#include "page_output.hpp"

#include <stdexcept>

namespace wce::cli {

void check_output_options(OutputOptions& o, bool batch) {
  if (o.format != "json") {
    try {
      parse_output_format(o.format);
    } catch (const std::invalid_argument&) {
      throw std::invalid_argument("--format must be text, markdown, html or json");
    }
  }
  if (batch) {
    // Lines are JSON anyway: --format json (as before) adds the labels,
    // markdown / html add that rendering beside the text.
    if (o.format == "json") o.labels = true;
    if (o.format == "markdown") o.markdown = true;
    if (o.format == "html") o.html = true;
  }
}

nlohmann::json page_json(PageRun& page, const ExtractorRun& x, std::string_view url, const OutputOptions& o,
                         const char* url_key) {
  nlohmann::json out = nlohmann::json::object();
  if (o.metadata) {
    const Metadata m = page.metadata(url);
    for (const auto& [key, value] : metadata_fields(m)) out[std::string(key) == "url" ? url_key : key] = *value;
    out["page_type_probability"] = m.page_type_probability;
  }
  out["text"] = page.render(x, OutputFormat::Text);
  MarkupOptions markup = o.markup;
  markup.base_url = std::string(url);  // links and images absolute, as the metadata's URLs
  if (o.markdown) out["markdown"] = page.render(x, OutputFormat::Markdown, markup);
  if (o.html) out["html"] = page.render(x, OutputFormat::Html, markup);
  if (o.labels) out["labels"] = x.labels;
  return out;
}

PageResult extract_page(ParsedPage& page, const Extractor& ex, std::string_view url, const OutputOptions& o,
                        const char* url_key, bool json) {
  PageResult r;
  r.outcome = page.outcome;
  r.why = page.why;
  if (!page.run) return r;
  r.run = page.run->run(ex);
  r.outcome = outcome_of(r.run);
  r.why = r.run.error;
  if (r.outcome != Outcome::Extracted || !json) return r;
  try {
    r.json = page_json(*page.run, r.run, url, o, url_key);
    r.json["extractor"] = ex.info().name;
  } catch (const PageLimitError& e) {  // the page's time budget ran out in the metadata
    r.outcome = Outcome::TooLarge;
    r.why = e.what();
  } catch (const std::exception& e) {
    r.outcome = Outcome::Failed;
    r.why = e.what();
  }
  return r;
}

}  // namespace wce::cli
