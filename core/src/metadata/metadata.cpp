// extract_metadata (wce/metadata.hpp): one scan of the Document, then every
// field from the first source that has it, in this order of trust:
//   JSON-LD, OpenGraph, Dublin Core, other <meta> names, microdata, visible
//   bylines / <time> / dated elements,
// with these exceptions, each for a reason:
//   lang   <html lang> first: the page states it for itself, the rest are copies;
//   url    <link rel=canonical> first: the standard place for it;
//   title  when no source has one, the <title>, then the first <h1>; the
//          result is cleaned of the site name (title.cpp);
//   date   when no source has one, a date in the URL's path;
//   site   a machine name ("INQUIRERDOTNET") only when no source, nor the
//          <title>'s site part, names the site in words.
#include <initializer_list>
#include <string>

#include "document/resolve_url.hpp"
#include "metadata/parts.hpp"
#include "wce/metadata.hpp"

namespace wce {
namespace {

using metadata::PageScan;

std::string first(std::initializer_list<const std::string*> values) {
  for (const std::string* v : values)
    if (!v->empty()) return *v;
  return {};
}

}  // namespace

Metadata extract_metadata(const Document& doc, std::string_view page_url) {
  PageScan scan = metadata::scan_page(doc);
  Metadata ld = metadata::from_json_ld(scan);
  metadata::MetaTagSources tags = metadata::from_meta_tags(scan, scan.lang);
  const Metadata& og = tags.open_graph;
  const Metadata& dc = tags.dublin_core;
  const Metadata& names = tags.names;
  Metadata micro = metadata::from_microdata(doc, scan, scan.lang);

  Metadata m;
  m.lang = first({&scan.lang, &ld.lang, &og.lang, &dc.lang, &names.lang, &micro.lang});
  Metadata vis = metadata::from_visible(doc, scan, m.lang);
  auto pick = [&](std::string Metadata::*f) {
    return first({&(ld.*f), &(og.*f), &(dc.*f), &(names.*f), &(micro.*f), &(vis.*f)});
  };
  // The site's name as the site writes it: a machine name ("INQUIRERDOTNET",
  // an og:site_name some CMSs fill with an internal key) gives way to the next
  // source's name, else to the <title>'s site part ("Story | Inquirer News"),
  // and stays only when nothing better is there.
  for (const Metadata* s : std::initializer_list<const Metadata*>{&ld, &og, &dc, &names, &micro, &vis}) {
    if (s->site.empty()) continue;
    if (m.site.empty()) m.site = s->site;
    if (!metadata::is_machine_name(s->site)) {
      m.site = s->site;
      break;
    }
  }
  if (metadata::is_machine_name(m.site)) {
    std::string part = metadata::title_site_part(scan.title);
    if (!part.empty()) m.site = part;
  }
  m.author = pick(&Metadata::author);
  // The site's own name in the author slot (the publisher: "Cleveland Clinic",
  // "Rapid7" on rapid7.com): dropped from a list of people, and replaced by the
  // page's visible byline when that names someone else. Alone, it stays: a
  // company blog's posts are often signed by the company.
  std::string_view site_url = page_url.empty() ? std::string_view(scan.canonical) : page_url;
  std::string people = metadata::without_site_names(m.author, m.site, site_url);
  if (!people.empty()) m.author = people;
  else if (!m.author.empty() && !metadata::without_site_names(vis.author, m.site, site_url).empty()) m.author = vis.author;
  m.date = pick(&Metadata::date);
  m.modified = pick(&Metadata::modified);
  m.description = pick(&Metadata::description);
  if (m.description.size() > 2000) m.description.resize(2000);
  m.image = resolve_url(pick(&Metadata::image), page_url);
  std::string url = first({&scan.canonical, &og.url, &ld.url, &dc.url, &names.url});
  m.url = resolve_url(url, page_url);

  std::string title = pick(&Metadata::title);
  if (title.empty()) title = scan.title;
  if (title.empty() && !scan.h1.empty()) title = metadata::element_text(doc, scan.h1.front(), 400);
  m.title = metadata::clean_title(title, doc, scan, m.site, page_url.empty() ? std::string_view(m.url) : page_url);

  if (m.date.empty()) m.date = metadata::date_from_url(page_url.empty() ? std::string_view(m.url) : page_url);
  return m;
}

}  // namespace wce
