// A page's metadata from one pass over its Document: JSON-LD, OpenGraph,
// Dublin Core, <meta> names, microdata, then visible bylines and <time>.
// The order of trust and the date formats: core/src/metadata/ (docs/metadata.md).
#pragma once
#include <array>
#include <string>
#include <string_view>
#include <utility>

#include "wce/document.hpp"

namespace wce {

struct Metadata {
  std::string title;        // without the site name's prefix or suffix
  std::string author;       // several authors joined by "; "
  std::string date;         // published, ISO 8601 (YYYY-MM-DD, or with the time when known)
  std::string modified;     // last modified, ISO 8601
  std::string site;         // site name
  std::string lang;         // BCP 47 tag as the page gives it (e.g. "en", "de-CH")
  std::string description;
  std::string url;          // canonical URL (absolute when page_url is given)
  std::string image;        // lead image URL (absolute when page_url is given)
  // Filled by PageRun::metadata (the page-type classifier, wce/page_type.hpp);
  // empty and 0 from extract_metadata alone.
  std::string page_type;
  double page_type_probability = 0;
};

// The string fields by their output names (JSON keys in the CLI, Python,
// npm), in output order: title, author, date, modified, site, lang,
// description, url, image, page_type.
std::array<std::pair<const char*, const std::string*>, 10> metadata_fields(const Metadata& m);

// page_url: where the page was fetched from, to resolve relative URLs ("" = leave them).
Metadata extract_metadata(const Document& doc, std::string_view page_url = {});

}  // namespace wce
