// The run layer: how every front end (the CLI, the WASM module, the tests and
// the benchmark drivers) turns a page into labels and text. One place parses
// (with the charset rule), makes the Context with the page's stated language,
// runs extractors on it, checks their labels, times parse, extract and render
// apart, and renders.
#pragma once
#include <chrono>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "wce/context.hpp"
#include "wce/document.hpp"
#include "wce/extractor.hpp"
#include "wce/html.hpp"
#include "wce/metadata.hpp"
#include "wce/render.hpp"

namespace wce {

// A page as bytes. `charset` "" sniffs (sniff_charset: BOM, <meta>, UTF-8
// validity, a guess: raw bytes of a file or of standard input); "utf-8" for text that is already
// decoded (dataset records, JS strings), so that a stale <meta charset> is
// ignored. `lang` is the page's stated language ("" when unknown), given to
// the extractors as Context::language_hint().
struct PageSource {
  std::string_view html;
  std::string_view charset;
  std::string_view lang;
};

// One extractor's result on a page.
struct ExtractorRun {
  const Extractor* extractor = nullptr;
  Labels labels;      // one per text node; empty when failed
  std::string text;   // render_text in the extractor's style; empty when failed or not rendered
  double extract_ms = 0;  // the extractor's run, with the shared features it computed first
  double render_ms = 0;
  std::string error;  // non-empty: what went wrong (the extractor threw or miscounted)
  std::string limit;  // non-empty: the error is a PageLimitError, this limit ("time", ...),
                      // or "memory" (std::bad_alloc)
  bool ok() const { return error.empty(); }
};

// One page: its Document, built once and kept with the Context of its
// extractors (members run once and are cached, see Context::labels).
class PageRun {
 public:
  // Builds the Document; throws NotHtmlError for bytes that are not text
  // (binary_kind, html.hpp), else what the builder throws (std::invalid_argument
  // for a malformed flat DOM, PageLimitError for a page past a limit of
  // `limits`, wce/limits.hpp). The time budget `limits.deadline` then also
  // holds for the extractors: see run().
  static PageRun parse(const PageSource& page, const ParseOptions& limits = {});
  static PageRun decode(const FlatDom& flat, std::string_view lang, const ParseOptions& limits = {});

  const Document& doc() const { return *doc_; }
  Context& context() { return *ctx_; }
  double parse_ms() const { return parse_ms_; }  // parse or decode
  // The charset the page's bytes were read with: PageSource::charset when
  // given, else the sniffed one ("utf-8", "windows-1252", ...); "utf-8" after
  // decode(). Callers name it (wce extract --format json) without sniffing again.
  const std::string& charset() const { return charset_; }

  // Runs `ex` (on the shared Context, or on a Context of its own when `fresh`,
  // so that its time includes every shared feature it uses: the benchmark's
  // per-extractor times) and renders its labels when `render`. Never throws
  // for a failing extractor: the result says what went wrong. With a time
  // budget, the shared Context keeps the parse's deadline (the page's budget
  // covers the parse and every extractor run on it); a `fresh` run gets a
  // deadline of its own, as if the parse had just finished (parse plus this
  // extractor). Past it, the result's `limit` is "time".
  ExtractorRun run(const Extractor& ex, bool render = true, bool fresh = false);

  // The page's metadata (extract_metadata; its lang, when the page states
  // none, the PageSource's; its url, when the page names no canonical one,
  // `url`) with its page type (classify_page_type on the
  // shared Context); `url`: where the page came
  // from, to resolve relative URLs and for the classifier's URL features.
  Metadata metadata(std::string_view url = {});
  // A successful run's labels in `format` (Text: the run's own text when rendered).
  std::string render(const ExtractorRun& x, OutputFormat format, const MarkupOptions& options = {}) const;

 private:
  PageRun() = default;
  void finish_build(std::chrono::steady_clock::time_point t0, std::string_view lang, const ParseOptions& limits);
  std::unique_ptr<Document> doc_;
  std::unique_ptr<Context> ctx_;
  std::string lang_;
  std::string charset_;
  double parse_ms_ = 0;
  double budget_ms_ = 0;  // limits.deadline's budget, 0 = none
};

// The registered extractor `name`; throws std::invalid_argument naming the
// valid ones when there is none.
const Extractor& require_extractor(const std::string& name);

}  // namespace wce
