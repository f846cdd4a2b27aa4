// `wce extract --warc FILE|-`: the HTML response records of a web archive
// (io/warc.hpp) through one extractor, as JSON lines.
#pragma once
#include "page_output.hpp"
#include <string>

#include "wce/extractor.hpp"
#include "wce/html.hpp"

namespace wce::cli {

struct WarcExtractOptions {
  std::string file;            // .warc or .warc.gz (detected by content), "-" for standard input
  const Extractor* extractor;  // registered extractor
  std::string charset;         // "" : HTTP header charset, then sniffing; else this one for every page
  bool quiet = false;          // no summary line on stderr (problems are still reported)
  bool progress = true;        // a counter on stderr when it is a terminal
  ParseOptions limits;         // page limits; a page past one is reported and skipped
  double page_timeout_ms = 0;  // time budget per page (parse + extract + render), 0 = none
  OutputOptions output;        // markdown / html / labels keys (page_output.hpp)
};

// Writes {"id", "url", "extractor", "charset", the metadata ("canonical" for
// its url), "text", "ms"} per HTML response
// to stdout; problems as "wce: FILE: offset N: ..." (N: the record's offset)
// and a summary of the counts to stderr. Returns the exit code of
// page_outcome.hpp's Tally (0: every record extracted; 1: any skipped or lost),
// 2 if the file cannot be opened.
int run_warc_extract(const WarcExtractOptions& opt);

}  // namespace wce::cli
