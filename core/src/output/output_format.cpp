// The output formats by name, one list for every front end.
#include <stdexcept>
#include <string>

#include "wce/render.hpp"

namespace wce {

OutputFormat parse_output_format(std::string_view name) {
  if (name == "text") return OutputFormat::Text;
  if (name == "markdown") return OutputFormat::Markdown;
  if (name == "html") return OutputFormat::Html;
  throw std::invalid_argument("unknown format \"" + std::string(name) + "\" (valid: text, markdown, html)");
}

std::string render(const Document& doc, const Labels& labels, OutputFormat format, RenderStyle style,
                   const MarkupOptions& options) {
  switch (format) {
    case OutputFormat::Markdown: return render_markdown(doc, labels, options);
    case OutputFormat::Html: return render_html(doc, labels, options);
    case OutputFormat::Text: break;
  }
  return render_text(doc, labels, style);
}

}  // namespace wce
