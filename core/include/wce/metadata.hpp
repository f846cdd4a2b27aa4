// A page's metadata from one pass over its Document: JSON-LD, OpenGraph,
// Dublin Core, <meta> names, microdata, then visible bylines and <time>.
// The order of trust and the date formats: core/src/metadata/ (docs/metadata.md).
#pragma once
#include <string>
#include <string_view>

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
};

// page_url: where the page was fetched from, to resolve relative URLs ("" = leave them).
Metadata extract_metadata(const Document& doc, std::string_view page_url = {});

}  // namespace wce
