// Rendering Labels back to text: block elements break lines, inline elements
// add no spaces the source did not have, whitespace collapses as in a browser.
#pragma once
#include <string>

#include "wce/document.hpp"
#include "wce/extractor.hpp"

namespace wce {

// Text of the text nodes labelled >= threshold, one block per line.
std::string render_text(const Document& doc, const Labels& labels,
                        float threshold = kContentThreshold);
// The same in a given style; extractors' output is rendered with
// render_text(doc, labels, extractor.info().render) everywhere (CLI, bench,
// WASM, golden tests).
std::string render_text(const Document& doc, const Labels& labels, RenderStyle style,
                        float threshold = kContentThreshold);
// Text of all text nodes.
std::string render_all_text(const Document& doc);

}  // namespace wce
