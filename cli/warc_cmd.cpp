// `wce extract --warc`: see warc_cmd.hpp.
#include "warc_cmd.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>

#include "io/warc.hpp"
#include "wce/wce.hpp"

namespace wce::cli {
namespace {

// The charset of one page: --charset if given; else a BOM (the bytes decide,
// as in a browser), else the HTTP header's charset if we decode it, else ""
// (parse_html sniffs: <meta> prescan, then UTF-8 validity).
std::string page_charset(const io::WarcResponse& r, const std::string& forced) {
  if (!forced.empty()) return forced;
  const std::string& b = r.body;
  bool bom = b.compare(0, 3, "\xEF\xBB\xBF") == 0 || b.compare(0, 2, "\xFF\xFE") == 0 || b.compare(0, 2, "\xFE\xFF") == 0;
  if (bom || r.http_charset.empty()) return "";
  return charset_for_label(r.http_charset);
}

}  // namespace

int run_warc_extract(const WarcExtractOptions& opt) {
  std::FILE* in = opt.file == "-" ? stdin : std::fopen(opt.file.c_str(), "rb");
  if (!in) {
    std::cerr << "wce: cannot open " << opt.file << ": " << std::strerror(errno) << "\n";
    return 2;
  }
  const std::string name = opt.file == "-" ? "stdin" : opt.file;
  bool failed = false;
  auto report = [&](const io::WarcProblem& p) {
    std::cerr << "wce: " << name << ": offset " << p.offset << ": " << p.what << "\n";
  };
  io::WarcReader reader(in, report);
  const bool progress = opt.progress && !opt.quiet && isatty(fileno(stderr));
  auto last_draw = std::chrono::steady_clock::now();
  size_t errors = 0, skipped = 0;

  io::WarcResponse rec;
  const std::string& ex_name = opt.extractor->info().name;
  while (reader.next(rec)) {
    auto t0 = std::chrono::steady_clock::now();
    ParseOptions limits = opt.limits;
    limits.deadline = Deadline::after_ms(opt.page_timeout_ms, t0);
    std::optional<PageRun> run;
    try {
      run.emplace(PageRun::parse({rec.body, page_charset(rec, opt.charset), {}}, limits));
    } catch (const PageLimitError& e) {
      ++skipped;
      std::cerr << "wce: " << name << ": offset " << rec.offset << ": skipped " << rec.id << ": " << e.what() << "\n";
      continue;
    }
    ExtractorRun x = run->run(*opt.extractor);
    if (!x.ok()) {
      if (!x.limit.empty()) {
        ++skipped;
        std::cerr << "wce: " << name << ": offset " << rec.offset << ": skipped " << rec.id << ": " << x.error << "\n";
        continue;
      }
      ++errors;
      std::cerr << "wce: " << name << ": offset " << rec.offset << ": extractor " << ex_name << " failed on "
                << rec.id << ": " << x.error << "\n";
      continue;
    }
    const double ms = run->parse_ms() + x.extract_ms + x.render_ms;
    nlohmann::json out = {{"id", rec.id},   {"url", rec.url}, {"extractor", ex_name},
                          {"charset", run->charset()}, {"text", x.text}, {"ms", ms}};
    std::cout << out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    if (progress && t0 - last_draw > std::chrono::milliseconds(200)) {
      last_draw = t0;
      std::fprintf(stderr, "\r%zu records, %zu pages extracted ", reader.counts().records, reader.counts().html);
      std::fflush(stderr);
    }
  }
  if (progress) std::fprintf(stderr, "\r%60s\r", "");
  if (in != stdin) std::fclose(in);
  std::cout.flush();

  const io::WarcCounts& c = reader.counts();
  failed = c.bad > 0 || errors > 0 || skipped > 0;
  if (!opt.quiet || failed)
    std::cerr << "wce: " << name << ": " << c.records << " records (" << c.responses << " responses): "
              << c.html - errors - skipped << " pages extracted, " << c.not_html << " not HTML, " << c.too_large
              << " too large, " << c.bad << " corrupt or truncated" << (errors ? ", " : "")
              << (errors ? std::to_string(errors) + " extractor failures" : "")
              << (skipped ? ", " + std::to_string(skipped) + " past a limit" : "") << "\n";
  return failed ? 1 : 0;
}

}  // namespace wce::cli
