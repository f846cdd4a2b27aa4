// Rendering Labels back to text: block elements break lines, inline elements
// add no spaces the source did not have, whitespace collapses as in a browser.
#pragma once
#include <string>
#include <string_view>

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
// Structured output of the same labels: the words are render_text's words
// (the same text nodes), with the structure of their elements around them.
struct MarkupOptions {
  bool links = false;   // Markdown: [text](href); HTML always keeps href
  bool images = false;  // Markdown: ![alt](src) for images inside kept content; HTML always keeps them
  // The page's address: relative href and src are made absolute against it
  // ("" = written as the page has them).
  std::string base_url;
};
// GitHub-flavoured Markdown: headings, paragraphs, nested lists, pipe tables,
// fenced code (with the language the page names), block quotes, emphasis.
std::string render_markdown(const Document& doc, const Labels& labels, const MarkupOptions& options = {},
                            float threshold = kContentThreshold);
// Cleaned HTML with the same structure: no scripts, styles or attributes but
// href, src and alt.
std::string render_html(const Document& doc, const Labels& labels, const MarkupOptions& options = {},
                        float threshold = kContentThreshold);
// The output formats every front end offers (wce extract --format, Python's
// output=, npm's {format}).
enum class OutputFormat { Text, Markdown, Html };
// "text", "markdown" or "html"; throws std::invalid_argument naming them.
OutputFormat parse_output_format(std::string_view name);
// Labels in a format: render_text in `style`, render_markdown or render_html.
std::string render(const Document& doc, const Labels& labels, OutputFormat format, RenderStyle style,
                   const MarkupOptions& options = {});
// Text of all text nodes.
std::string render_all_text(const Document& doc);

}  // namespace wce
