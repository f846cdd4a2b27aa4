// The help texts of help.hpp, one per command.
#include "help.hpp"

#include "wce/wce.hpp"

namespace wce::cli {
namespace {

struct CommandHelp {
  const char* name;
  const char* text;
};

const CommandHelp kCommands[] = {
    {"extract", R"(  wce extract [--extractor NAME] [--format text|markdown|html|json] [--url URL]
              [--charset LABEL] [LIMITS] FILE|-
      Prints the main content of an HTML file (raw bytes; charset sniffed:
      BOM, <meta>, UTF-8 validity, then a guess from the text bytes;
      --charset LABEL overrides it) as text, Markdown (GFM) or cleaned HTML.
      --format json prints the page's metadata and text: {"title", "author",
      "date", "modified", "site", "lang", "description", "url", "image",
      "page_type", "page_type_probability", "text", "extractor", "charset"
      (the one the bytes were read with), "labels"}; --markdown and --html
      add those renderings. --url URL: where the page came from (relative
      URLs resolved against it; the page type's URL features).
      Input that is not text (an image, an archive, a PDF: by its signature,
      or mostly control bytes) is refused with exit 1: not HTML (looks like PNG).
  wce extract --jsonl [--extractor NAME] [--format text|markdown|html|json] [--threads N] [--quiet] FILE|-
      Batch mode: reads dataset records ({"id", "html", "url"?, "lang"?} per
      line, gzip ok) and prints the metadata, "id", "extractor", "text" and
      "ms" per line (ms: parse+extract+metadata+render); --format markdown or
      html adds that rendering, --format json (or --labels) adds "labels",
      one per text node.
      A record's "lang" is the page's stated language (justext takes its stop list).
      Pages run on N threads; the lines keep the input order. Malformed lines
      and pages that are refused are reported and skipped; the counts go to
      stderr at the end.
  wce extract --warc [--extractor NAME] [--format ...] [--charset LABEL] [--quiet] FILE|-
      Web archives: the HTML response records of a .warc or .warc.gz file
      (gzip per record or whole file), streamed in constant memory; prints
      {"id": WARC-Record-ID, "url": WARC-Target-URI, "canonical": the page's
      canonical URL (else the record's), the other metadata, "extractor",
      "charset", "text", "ms"} per record. Charset: the HTTP header's, else sniffed. Corrupt and
      truncated records are reported with their offset and skipped, and reading
      goes on at the next gzip member or WARC record; the counts go to stderr
      at the end (records = extracted + not HTML + too large + corrupt + truncated).
    --markdown, --html    add the Markdown / cleaned HTML rendering to JSON output
    --links, --images     Markdown keeps links [text](href) / images ![alt](src)
    --labels              add "labels" to JSON output
    --no-metadata         JSON output without the metadata and page type (faster batches)
    --extractor, -e NAME  a registered extractor (default ensemble; see `wce list`)
    --charset LABEL       decode raw bytes with this charset: any label of the
                          WHATWG Encoding Standard (utf-8, utf-16le, iso-8859-1,
                          windows-1250, koi8-r, shift_jis, euc-jp, iso-2022-jp,
                          gbk, gb18030, big5, euc-kr, ...)
    --quiet, -q           no progress, and no summary on stderr unless a record
                          was skipped or lost (problems are always reported)
    --threads, -j N       --jsonl: worker threads (default 0: every core); the
                          output is the same as with 1, in the same order, and
                          at most 4*N pages are held in memory at once
    In batch mode (--jsonl, --warc) a page past a limit or the time budget is
    reported on stderr and skipped (exit 1); a single FILE past one exits 1.
)"},
    {"bench", R"(  wce bench --data PATH... [--extractors a,b|all] [REPORT OPTIONS] [LIMITS] [--threads N]
            [--no-progress] [--quiet]
      Runs extractors over datasets (JSONL, gzipped or not, or folders of
      <page>/source.html + gold.txt) and prints the scores per dataset.
      The time budget covers the parse plus one extractor's run; a page past
      it (or past a limit) is reported and skipped for that extractor.
      A progress bar goes to stderr when it is a terminal (--no-progress or
      --quiet: never).
    --threads, -j N       pages on N worker threads (default 0: every core);
                          the scores are the same as with 1. The times are
                          each page's own, so with N threads sharing cores and
                          memory they can be higher: compare times taken with
                          the same N
)"},
    {"eval", R"(  wce eval PRED.jsonl GOLD... [--name LABEL] [REPORT OPTIONS]
      Scores outputs made elsewhere: PRED lines are {"id": ..., "text": ...}
      (optional "ms"), ids as in the gold dataset; gold pages without a
      prediction count as empty output; missing, unknown and duplicate ids
      and malformed lines are reported.
)"},
    {"list", R"(  wce list [--names]
      Lists the registered extractors: name, family, description, reference
      and, for those that use other extractors' labels, what they need.
      --names   one name per line, nothing else
)"},
};

// The page limits of extract and bench (wce/html.hpp, ParseOptions).
const char* kLimitOptions = R"(    LIMITS (extract, bench; a page past one is rejected with its reason):
      --max-input-mb N      page size (default 128; 0 = no limit)
      --max-nodes N         elements + text nodes (default 10000000)
      --max-text-mb N       decoded text and kept attribute values (default 128)
      --page-timeout-ms MS  time budget per page in batch mode and bench (default
                            0 = none; checked between stages and inside the long loops)
)";

// The options bench and eval share.
const char* kReportOptions = R"(    REPORT OPTIONS (bench, eval):
      --measures LIST|all   rouge (default), chars, word_lcs, bag, set, cleaneval,
                            voc, occ, kl, cosine, euclidean, near_empty,
                            word_f1 (WCXB's: lowercased \w+ tokens, bag overlap);
                            block: per-text-node P/R/F1 against gold node
                            labels aligned from the gold text (eval aligns
                            the predicted text too; needs records with html);
                            snippets_with, snippets_without: the share of a
                            WCXB record's meta.with / meta.without snippets
                            found in the output (1 for a page without them)
      --by dataset|complexity|language|page_type   groups of the table (default
                            dataset; page_type: WCXB's meta.page_type)
      --format table|tsv|json            standard output (default table)
      --out FILE            the table as JSON (FILE.json) or TSV
      --pages-out FILE      one row per page and measure: TSV, JSON (.json)
                            or JSON lines (.jsonl)
)";

const char* kExitCodes =
    "Exit codes: 0 every input record extracted; 1 a record skipped or lost (each one reported on\n"
    "stderr); 2 bad usage or an input that cannot be opened.\n";

}  // namespace

void print_usage(std::ostream& out) {
  out << "wce " WCE_VERSION " - web main-content extraction\n\nusage:\n";
  for (const auto& c : kCommands) out << c.text;
  out << kLimitOptions << kReportOptions << "  wce --version | --help\n  wce COMMAND --help\n\n" << kExitCodes;
}

bool print_command_help(const std::string& command, std::ostream& out) {
  for (const auto& c : kCommands) {
    if (command != c.name) continue;
    out << "usage:\n" << c.text;
    if (command == "extract" || command == "bench") out << kLimitOptions;
    if (command == "bench" || command == "eval") out << kReportOptions;
    out << "\n" << kExitCodes;
    return true;
  }
  return false;
}

bool asks_for_help(const std::vector<std::string>& args) {
  for (const auto& a : args)
    if (a == "--help" || a == "-h") return true;
  return false;
}

}  // namespace wce::cli
