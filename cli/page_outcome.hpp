// The one per-page error path of the CLI (extract FILE, --jsonl, --warc,
// bench): what became of an input record, the message that says so, the
// counts of a batch and the exit code they give (docs/cli.md, "Exit codes").
#pragma once
#include <cstddef>
#include <optional>
#include <string>

#include "wce/run.hpp"

namespace wce::cli {

// What became of one input record. Every record of a batch is in exactly one.
enum class Outcome {
  Extracted,
  NotHtml,    // not an HTML page: binary input (NotHtmlError), another media type (WARC)
  TooLarge,   // past a limit: a size, the node count, the time budget, memory
  Corrupt,    // a malformed record (a bad JSON line, a damaged WARC record)
  Truncated,  // the file ends inside the record
  Failed,     // the extractor threw or miscounted its labels
  Other,      // not a page by its own header (a WARC request, warcinfo, an image response):
              // counted with NotHtml, but not reported and not a loss
};

// A page parsed, or why not (outcome NotHtml or TooLarge, `why` the message).
struct ParsedPage {
  std::optional<PageRun> run;
  Outcome outcome = Outcome::Extracted;
  std::string why;
};
ParsedPage parse_page(const PageSource& page, const ParseOptions& limits);

// Extracted, TooLarge (past a limit: time or memory) or Failed.
Outcome outcome_of(const ExtractorRun& x);

// The stderr line (with "wce: " and the newline) for a record that was not
// extracted: "wce: PLACE: skipped ID: WHY" for NotHtml and TooLarge,
// "wce: PLACE: ID: extractor NAME failed: WHY" for Failed. `place` is
// "FILE: offset N" (WARC) or "" (batch of records with ids); `extractor` is
// named for skips only when given (bench runs several); an empty `id` (one
// FILE) gives "wce: PLACE: WHY".
std::string problem_line(const std::string& place, const std::string& id, Outcome outcome, const std::string& why,
                         const std::string& extractor = "", bool name_extractor = false);

// The counts of a batch, and the one rule for its exit code.
struct Tally {
  size_t count[7] = {};
  void add(Outcome o, size_t n = 1) { count[static_cast<int>(o)] += n; }
  size_t operator[](Outcome o) const { return count[static_cast<int>(o)]; }
  size_t records() const;
  // 0 when every record was extracted (or is Other), 1 when any was skipped
  // or lost (each reported on stderr). Usage errors exit 2 before any record is read.
  int exit_code() const { return records() == (*this)[Outcome::Extracted] + (*this)[Outcome::Other] ? 0 : 1; }
  // "N records: E extracted, X not HTML, T too large, C corrupt, U truncated"
  // (X: NotHtml + Other; ", F extractor failures" when there are any).
  std::string summary() const;
};

}  // namespace wce::cli
