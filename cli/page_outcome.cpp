// The per-page error path of page_outcome.hpp.
#include "page_outcome.hpp"

namespace wce::cli {

ParsedPage parse_page(const PageSource& page, const ParseOptions& limits) {
  ParsedPage out;
  try {
    out.run.emplace(PageRun::parse(page, limits));
  } catch (const NotHtmlError& e) {
    out.outcome = Outcome::NotHtml;
    out.why = e.what();
  } catch (const PageLimitError& e) {
    out.outcome = Outcome::TooLarge;
    out.why = e.what();
  }
  return out;
}

Outcome outcome_of(const ExtractorRun& x) {
  if (x.ok()) return Outcome::Extracted;
  return x.limit.empty() ? Outcome::Failed : Outcome::TooLarge;
}

std::string problem_line(const std::string& place, const std::string& id, Outcome outcome, const std::string& why,
                         const std::string& extractor, bool name_extractor) {
  std::string line = "wce: " + (place.empty() ? "" : place + ": ");
  if (id.empty()) {
    if (outcome == Outcome::Failed) line += "extractor " + extractor + " failed: ";
  } else if (outcome == Outcome::Failed) {
    line += id + ": extractor " + extractor + " failed: ";
  } else {
    line += "skipped " + id + (name_extractor ? " (extractor " + extractor + ")" : "") + ": ";
  }
  return line + why + "\n";
}

size_t Tally::records() const {
  size_t n = 0;
  for (size_t c : count) n += c;
  return n;
}

std::string Tally::summary() const {
  std::string s = std::to_string(records()) + " records: " + std::to_string((*this)[Outcome::Extracted]) +
                  " extracted, " + std::to_string((*this)[Outcome::NotHtml] + (*this)[Outcome::Other]) + " not HTML, " +
                  std::to_string((*this)[Outcome::TooLarge]) + " too large, " +
                  std::to_string((*this)[Outcome::Corrupt]) + " corrupt, " +
                  std::to_string((*this)[Outcome::Truncated]) + " truncated";
  if ((*this)[Outcome::Failed]) s += ", " + std::to_string((*this)[Outcome::Failed]) + " extractor failures";
  return s;
}

}  // namespace wce::cli
