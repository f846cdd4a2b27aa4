// The page-type classifier's structured-data features: what the page says
// about itself in the attributes the Document keeps beside its nodes
// (Document::attributes): JSON-LD @type values, microdata itemtype, og:type,
// product / article <meta> properties, the generator <meta> (the platform:
// forum engine, documentation generator, shop, site builder),
// <link rel=next/prev>, and <a href> paths that look like articles' (slugs,
// dates: a listing links to many).
//
// Every value is 0 when the Document keeps no attributes (the extension's
// flat DOM): the model is trained on every page with these features zeroed
// as well (lab/learn/page_type.py), so it serves both. Their names start
// with "sd_".
#pragma once
#include <string>
#include <vector>

#include "wce/document.hpp"

namespace wce {

const std::vector<std::string>& page_type_structured_names();
// Appends page_type_structured_names().size() values to x.
void append_page_type_structured(const Document& doc, std::vector<double>& x);

}  // namespace wce
