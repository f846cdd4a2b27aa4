// The parts of extract_metadata (wce/metadata.hpp), one file each:
//   scan.cpp       the one walk over the Document that collects what the sources read
//   json_ld.cpp    JSON-LD (schema.org) blocks, through json_reader.cpp
//   meta_tags.cpp  OpenGraph, Dublin Core and the other <meta> names
//   microdata.cpp  itemprop values
//   byline.cpp     visible bylines, <time> and dated elements; author clean-up
//   dates.cpp      date strings in many formats -> ISO 8601
//   title.cpp      the title without the site name, checked against the <h1>
//   metadata.cpp   the order of trust that assembles them
#pragma once
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "wce/document.hpp"
#include "wce/metadata.hpp"

namespace wce::metadata {

struct MetaTag {
  std::string key;  // name or property, lowercased and trimmed
  std::string_view content;
};

// What one walk over the Document collects.
struct PageScan {
  std::vector<MetaTag> metas;           // <meta name|property content>, in order
  std::vector<std::string_view> json_ld;  // <script type=application/ld+json> texts
  std::string title;                    // the first <title>'s text
  std::vector<uint32_t> h1;             // visible <h1> elements (the first few)
  std::string lang;                     // <html lang>
  std::string canonical;                // <link rel=canonical href>
  std::string link_author;              // <link rel=author> is a URL: not kept as a name
  std::vector<uint32_t> itemprop;       // elements with an itemprop
  std::vector<uint8_t> itemprop_others;  // for each: inside comments, related posts, asides (1) or not (0)
  std::vector<uint32_t> bylines;        // visible elements that look like bylines
  std::vector<uint32_t> times;          // visible <time> elements
  std::vector<uint32_t> dated;          // visible elements whose class or id names a date
  std::vector<uint32_t> by_texts;       // short text nodes starting with "By "
};

PageScan scan_page(const Document& doc);
// The element's text, white space collapsed, at most max_bytes (cut at a UTF-8 boundary).
std::string element_text(const Document& doc, uint32_t node, size_t max_bytes = 400);
// White space collapsed and trimmed.
std::string collapse_space(std::string_view s);
// HTML entities that JSON-LD and meta values sometimes carry (&amp; &quot; &#39; &#x27; ...).
std::string decode_entities(std::string_view s);

Metadata from_json_ld(const PageScan& scan);
struct MetaTagSources {
  Metadata open_graph, dublin_core, names;
};
// lang: the page's language (<html lang>), for numeric dates.
MetaTagSources from_meta_tags(const PageScan& scan, std::string_view lang);
Metadata from_microdata(const Document& doc, const PageScan& scan, std::string_view lang);
// Visible bylines, then <time datetime>, then dated elements' text.
Metadata from_visible(const Document& doc, const PageScan& scan, std::string_view lang);

// A date in one of the formats of dates.cpp -> "YYYY-MM-DD" (with "THH:MM[:SS][zone]"
// when the text is ISO 8601 with a time); "" when no plausible date is found.
// lang (BCP 47) decides day/month order for all-numeric dates with '/'.
std::string parse_date(std::string_view text, std::string_view lang = {});
// A month's name or abbreviation in one of the languages of dates.cpp (ASCII case ignored).
bool is_month_name(std::string_view word);
// A date found in a URL path (/2024/03/05/ or /2024-03-05-), or "".
std::string date_from_url(std::string_view url);

// One author or a list ("A, B and C", arrays joined by "; ") -> names joined by "; ",
// without "By", roles, dates or URLs; "" when nothing name-like is left.
std::string clean_author(std::string_view raw);
// Stricter, for names read from the page's visible text: two to four words, each
// capitalised (particles such as "de", "van" aside), none of them a UI word.
bool looks_like_visible_name(std::string_view name);
// The names of a "; "-joined list that do not name the site (names_the_site).
std::string without_site_names(std::string_view names, std::string_view site, std::string_view page_url);
// The text names the site: its site name or its URL's host ("Splunk Blog" on splunk.com).
bool names_the_site(std::string_view text, std::string_view site, std::string_view page_url);

// A site name written as a machine name: one token of ASCII capitals, digits or
// '_' longer than an acronym ("INQUIRERDOTNET"; "BBC" and "NASA" are names).
bool is_machine_name(std::string_view site);
// The <title>'s last part after a separator when it is short enough to be the
// site's name ("Storm hits | Inquirer News" -> "Inquirer News"), else "".
std::string title_site_part(std::string_view title);

// The title without the site name's prefix or suffix, cross-checked with the <h1>s.
std::string clean_title(std::string_view candidate, const Document& doc, const PageScan& scan,
                        std::string_view site, std::string_view page_url);

}  // namespace wce::metadata
