// `wce extract --warc`: see warc_cmd.hpp.
#include "warc_cmd.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <nlohmann/json.hpp>

#include "io/warc.hpp"
#include "page_outcome.hpp"
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
  auto place = [&](uint64_t offset) { return name + ": offset " + std::to_string(offset); };
  auto report = [&](const io::WarcProblem& p) { std::cerr << "wce: " << place(p.offset) << ": " << p.what << "\n"; };
  io::WarcReader reader(in, report);
  const bool progress = opt.progress && !opt.quiet && isatty(fileno(stderr));
  auto last_draw = std::chrono::steady_clock::now();
  Tally pages;  // what became of the HTML responses the reader returned

  io::WarcResponse rec;
  const std::string& ex_name = opt.extractor->info().name;
  while (reader.next(rec)) {
    auto t0 = std::chrono::steady_clock::now();
    ParseOptions limits = opt.limits;
    limits.deadline = Deadline::after_ms(opt.page_timeout_ms, t0);
    ParsedPage page = parse_page({rec.body, page_charset(rec, opt.charset), {}}, limits);
    PageResult r = extract_page(page, *opt.extractor, rec.url, opt.output, "canonical");
    pages.add(r.outcome);
    if (r.outcome != Outcome::Extracted) {
      std::cerr << problem_line(place(rec.offset), rec.id, r.outcome, r.why, ex_name);
      continue;
    }
    nlohmann::json& out = r.json;
    out["id"] = rec.id;
    out["url"] = rec.url;
    out["charset"] = page.run->charset();
    out["ms"] = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    std::cout << out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    if (progress && t0 - last_draw > std::chrono::milliseconds(200)) {
      last_draw = t0;
      std::fprintf(stderr, "\r%zu records, %zu pages extracted ", reader.counts().records, pages[Outcome::Extracted]);
      std::fflush(stderr);
    }
  }
  if (progress) std::fprintf(stderr, "\r%60s\r", "");
  if (in != stdin) std::fclose(in);
  std::cout.flush();

  // Every record: the reader's categories, the HTML ones split by what the page gave.
  const io::WarcCounts& c = reader.counts();
  Tally all = pages;
  all.add(Outcome::Other, c.not_html);
  all.add(Outcome::TooLarge, c.too_large);
  all.add(Outcome::Corrupt, c.corrupt);
  all.add(Outcome::Truncated, c.truncated);
  if (!opt.quiet || all.exit_code() != 0) std::cerr << "wce: " << name << ": " << all.summary() << "\n";
  return all.exit_code();
}

}  // namespace wce::cli
