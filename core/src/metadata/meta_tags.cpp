// <meta name|property content> -> Metadata, one per source: OpenGraph (og:,
// article:, book:), Dublin Core (dc., dcterms.) and the other names (plain,
// Twitter cards, Parse.ly, Sailthru, Highwire citation_). Within a source the
// first tag of the page wins. The names are data (kMetaNames).
#include <algorithm>
#include <string>
#include <string_view>
#include <unordered_map>

#include "metadata/parts.hpp"

namespace wce::metadata {
namespace {

// As clean_author: more names than this are not a byline's.
constexpr long kMaxAuthors = 8;

enum class Field { Title, Author, Date, Modified, Site, Description, Image, Url, Lang };

const struct { const char* key; Field field; } kMetaNames[] = {
    // Titles
    {"og:title", Field::Title}, {"dc.title", Field::Title}, {"dcterms.title", Field::Title},
    {"twitter:title", Field::Title}, {"parsely-title", Field::Title}, {"sailthru.title", Field::Title},
    {"citation_title", Field::Title}, {"headline", Field::Title}, {"title", Field::Title},
    // Authors (URL values, as article:author often is, are dropped by clean_author)
    {"article:author", Field::Author}, {"og:article:author", Field::Author}, {"book:author", Field::Author},
    {"dc.creator", Field::Author}, {"dcterms.creator", Field::Author}, {"author", Field::Author},
    {"parsely-author", Field::Author}, {"sailthru.author", Field::Author}, {"byl", Field::Author},
    {"citation_author", Field::Author}, {"article.author", Field::Author}, {"authors", Field::Author},
    {"dc.creator.name", Field::Author},
    // Publication dates
    {"article:published_time", Field::Date}, {"og:published_time", Field::Date},
    {"og:article:published_time", Field::Date}, {"article:published", Field::Date},
    {"book:release_date", Field::Date}, {"dc.date", Field::Date}, {"dc.date.issued", Field::Date},
    {"dc.date.created", Field::Date}, {"dcterms.date", Field::Date}, {"dcterms.issued", Field::Date},
    {"dcterms.created", Field::Date}, {"publish-date", Field::Date}, {"publish_date", Field::Date},
    {"publishdate", Field::Date}, {"pubdate", Field::Date}, {"publication_date", Field::Date},
    {"date", Field::Date}, {"datepublished", Field::Date}, {"sailthru.date", Field::Date},
    {"parsely-pub-date", Field::Date}, {"citation_publication_date", Field::Date},
    {"citation_date", Field::Date}, {"article.published", Field::Date}, {"article_date_original", Field::Date},
    {"original-publish-date", Field::Date}, {"displaydate", Field::Date}, {"release_date", Field::Date},
    {"created", Field::Date}, {"published-date", Field::Date}, {"published_date", Field::Date},
    {"publication-date", Field::Date}, {"pub_date", Field::Date}, {"datecreated", Field::Date},
    {"published_time", Field::Date}, {"publish_time", Field::Date},
    // Modification dates
    {"article:modified_time", Field::Modified}, {"og:updated_time", Field::Modified},
    {"article:modified", Field::Modified}, {"dcterms.modified", Field::Modified},
    {"dc.date.modified", Field::Modified}, {"last-modified", Field::Modified}, {"lastmod", Field::Modified},
    {"datemodified", Field::Modified}, {"modified-date", Field::Modified}, {"modified_time", Field::Modified},
    {"modified-time", Field::Modified},
    // Site names
    {"og:site_name", Field::Site}, {"dc.publisher", Field::Site}, {"dcterms.publisher", Field::Site},
    {"application-name", Field::Site}, {"apple-mobile-web-app-title", Field::Site},
    // Descriptions
    {"og:description", Field::Description}, {"dc.description", Field::Description},
    {"dcterms.description", Field::Description}, {"dcterms.abstract", Field::Description},
    {"description", Field::Description}, {"twitter:description", Field::Description},
    // Images
    {"og:image", Field::Image}, {"og:image:url", Field::Image}, {"og:image:secure_url", Field::Image},
    {"twitter:image", Field::Image}, {"twitter:image:src", Field::Image}, {"thumbnail", Field::Image},
    // URLs
    {"og:url", Field::Url},
    // Languages
    {"og:locale", Field::Lang}, {"dc.language", Field::Lang}, {"dcterms.language", Field::Lang},
    {"language", Field::Lang}, {"content-language", Field::Lang},
};

// The field a (canonical) key names, or nullptr: one hash lookup per tag
// instead of a comparison with every name of the list.
const Field* field_of(std::string_view key) {
  static const std::unordered_map<std::string_view, const Field*> fields = [] {
    std::unordered_map<std::string_view, const Field*> m;
    for (const auto& e : kMetaNames) m[e.key] = &e.field;  // a later entry wins, as the list's last match did
    return m;
  }();
  const auto it = fields.find(key);
  return it == fields.end() ? nullptr : it->second;
}

enum class Source { OpenGraph, DublinCore, Names };

Source source_of(const std::string& key) {
  if (key.compare(0, 3, "og:") == 0 || key.compare(0, 8, "article:") == 0 || key.compare(0, 5, "book:") == 0)
    return Source::OpenGraph;
  if (key.compare(0, 3, "dc.") == 0 || key.compare(0, 3, "dc:") == 0 || key.compare(0, 8, "dcterms.") == 0 ||
      key.compare(0, 8, "dcterms:") == 0)
    return Source::DublinCore;
  return Source::Names;
}

// dc:title and dcterms:title are written both ways.
std::string canonical_key(std::string key) {
  if (key.compare(0, 3, "dc:") == 0) key[2] = '.';
  if (key.compare(0, 8, "dcterms:") == 0) key[7] = '.';
  return key;
}

void set_once(std::string& slot, std::string value) {
  if (slot.empty()) slot = std::move(value);
}

// "Roy, Aniruddha" -> "Aniruddha Roy": the "Last, First" form of the
// bibliographic names (citation_author, dc.creator), when the part before the
// comma is one word (a surname), so that "Jane Doe, John Roe" stays a list.
std::string first_name_first(const std::string& key, std::string value) {
  if (key != "citation_author" && key != "dc.creator" && key != "dcterms.creator") return value;
  size_t comma = value.find(',');
  if (comma == std::string::npos || value.find(',', comma + 1) != std::string::npos) return value;
  std::string last = collapse_space(value.substr(0, comma)), first = collapse_space(value.substr(comma + 1));
  if (last.empty() || first.empty() || last.find(' ') != std::string::npos) return value;
  return first + " " + last;
}

}  // namespace

MetaTagSources from_meta_tags(const PageScan& scan, std::string_view lang) {
  MetaTagSources out;
  // The key that gave each source its author: the same key repeated is a list
  // of authors (one citation_author or dc.creator tag per author).
  std::string author_key[3];
  for (const MetaTag& tag : scan.metas) {
    std::string key = canonical_key(tag.key);
    const Field* field = field_of(key);
    if (!field) continue;
    Source src = source_of(key);
    Metadata& m = src == Source::OpenGraph ? out.open_graph : src == Source::DublinCore ? out.dublin_core : out.names;
    std::string value = collapse_space(decode_entities(tag.content));
    if (value.empty()) continue;
    switch (*field) {
      case Field::Title: set_once(m.title, value); break;
      case Field::Author: {
        std::string name = clean_author(first_name_first(key, value));
        std::string& from = author_key[static_cast<int>(src)];
        if (m.author.empty()) {
          m.author = name;
          if (!name.empty()) from = key;
        } else if (key == from && !name.empty() && m.author.find(name) == std::string::npos &&
                   std::count(m.author.begin(), m.author.end(), ';') + 1 < kMaxAuthors) {
          m.author += "; " + name;
        }
        break;
      }
      case Field::Date: set_once(m.date, parse_date(value, lang)); break;
      case Field::Modified: set_once(m.modified, parse_date(value, lang)); break;
      case Field::Site: set_once(m.site, value); break;
      case Field::Description: set_once(m.description, value); break;
      case Field::Image: set_once(m.image, value); break;
      case Field::Url: set_once(m.url, value); break;
      case Field::Lang:
        for (char& c : value)
          if (c == '_') c = '-';  // og:locale writes en_US
        set_once(m.lang, value);
        break;
    }
  }
  return out;
}

}  // namespace wce::metadata
