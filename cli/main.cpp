// wce: the command-line front end of the core.
#include <cctype>
#include <chrono>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <optional>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench.hpp"
#include "io/dataset.hpp"
#include "eval_cmd.hpp"
#include "help.hpp"
#include "ordered_pool.hpp"
#include "page_outcome.hpp"
#include "page_output.hpp"
#include "warc_cmd.hpp"
#include "wce/wce.hpp"

namespace {

[[noreturn]] void fail(const std::string& msg) {
  std::cerr << "wce: " << msg << "\n";
  std::exit(2);
}

std::vector<std::string> split_commas(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  for (std::string item; std::getline(ss, item, ',');)
    if (!item.empty()) out.push_back(item);
  return out;
}

// The options shared by bench and eval; false if `a` is not one of them.
bool report_option(const std::string& a, const std::function<std::string()>& value,
                   wce::io::ReportOptions& opt) {
  try {
    if (a == "--measures" || a == "-m") opt.measures = wce::parse_measures(value());
    else if (a == "--by") opt.by = wce::io::parse_group_by(value());
    else if (a == "--format" || a == "-f") opt.format = wce::io::parse_format(value());
    else if (a == "--out") opt.out = value();
    else if (a == "--pages-out") opt.pages_out = value();
    else return false;
  } catch (const std::invalid_argument& e) {
    fail(e.what());
  }
  return true;
}

double number_or_fail(const std::string& option, const std::string& v) {
  try {
    size_t used = 0;
    double d = std::stod(v, &used);
    if (used == v.size() && d >= 0) return d;
  } catch (const std::exception&) {
  }
  fail(option + " needs a number >= 0, got '" + v + "'");
}

// The limit options shared by extract and bench; false if `a` is not one.
bool limit_option(const std::string& a, const std::function<std::string()>& value, wce::ParseOptions& limits,
                  double& page_timeout_ms) {
  constexpr double kMB = 1 << 20;
  if (a == "--max-input-mb") limits.max_input_bytes = static_cast<uint64_t>(number_or_fail(a, value()) * kMB);
  else if (a == "--max-nodes") limits.max_nodes = static_cast<uint64_t>(number_or_fail(a, value()));
  else if (a == "--max-text-mb") limits.max_text_bytes = static_cast<uint64_t>(number_or_fail(a, value()) * kMB);
  else if (a == "--page-timeout-ms") page_timeout_ms = number_or_fail(a, value());
  else return false;
  return true;
}

const wce::Extractor& extractor_or_fail(const std::string& name) {
  try {
    return wce::require_extractor(name);  // the message the WASM and Python APIs give too
  } catch (const std::invalid_argument& e) {
    fail(e.what());
  }
}

// The charset a --charset label names, or exit 2 with the labels we decode.
std::string charset_or_fail(const std::string& label) {
  try {
    return wce::require_charset(label);
  } catch (const std::invalid_argument& e) {
    fail(std::string("--charset: ") + e.what());
  }
}

// The result of one page of `extract --jsonl`: its output line, or what failed.
struct JsonlLine {
  std::string line;   // with the newline; empty when the page was not extracted
  wce::cli::Outcome outcome = wce::cli::Outcome::Extracted;
  std::string error;  // the stderr message
};

// `extract --jsonl`: one output line per record, in input order, the pages
// extracted on `threads` worker threads (ordered_pool.hpp).
int extract_jsonl(const std::string& file, const wce::Extractor& ex, const wce::cli::OutputOptions& output,
                  unsigned threads, const wce::ParseOptions& limits, double page_timeout_ms, bool quiet) {
  using wce::cli::Outcome;
  const std::string& name = ex.info().name;
  std::vector<wce::io::DatasetProblem> problems;
  wce::cli::Tally tally;
  auto work = [&](wce::io::Page& p) {
    // The time budget covers the parse, the extractor, the metadata and the rendering.
    const auto t0 = std::chrono::steady_clock::now();
    wce::ParseOptions page_limits = limits;
    page_limits.deadline = wce::Deadline::after_ms(page_timeout_ms, t0);
    wce::cli::ParsedPage page = wce::cli::parse_page(wce::io::page_source(p), page_limits);
    wce::cli::PageResult r = wce::cli::extract_page(page, ex, p.url, output);
    if (r.outcome != Outcome::Extracted)
      return JsonlLine{"", r.outcome, wce::cli::problem_line("", p.id, r.outcome, r.why, name)};
    r.json["id"] = p.id;
    r.json["ms"] = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    return JsonlLine{r.json.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n", r.outcome, ""};
  };
  auto sink = [&](JsonlLine&& l) {
    tally.add(l.outcome);
    std::cerr << l.error;
    std::cout << l.line;
  };
  try {
    wce::cli::OrderedPool<wce::io::Page, JsonlLine> pool(threads, work, sink);
    wce::io::read_dataset(file, [&](wce::io::Page&& p) { pool.submit(std::move(p)); },
                          problems, wce::io::Need::Html);
    pool.finish();
  } catch (const std::exception& e) {
    fail(e.what());
  }
  for (const auto& p : problems) std::cerr << "wce: skipped " << p.where << ": " << p.what << "\n";
  tally.add(Outcome::Corrupt, problems.size());
  std::cout.flush();
  if (!quiet || tally.exit_code() != 0)
    std::cerr << "wce: " << (file == "-" ? "stdin" : file) << ": " << tally.summary() << "\n";
  return tally.exit_code();
}

// --threads N: a positive count, or 0 for every core.
unsigned threads_or_fail(const std::string& v) {
  char* end = nullptr;
  errno = 0;
  unsigned long n = std::strtoul(v.c_str(), &end, 10);
  if (v.empty() || !std::isdigit(static_cast<unsigned char>(v[0])) || *end || errno || n > 1024)
    fail("--threads must be a number from 0 (every core) to 1024");
  return wce::cli::resolve_threads(static_cast<unsigned>(n));
}

int cmd_extract(const std::vector<std::string>& args) {
  std::string name = wce::kDefaultExtractor, file, charset, url;
  wce::cli::OutputOptions output;
  bool jsonl = false, warc = false, quiet = false, threads_given = false;
  unsigned threads = wce::cli::resolve_threads(0);
  wce::ParseOptions limits;
  double page_timeout_ms = 0;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= args.size()) fail(a + " needs a value");
      return args[++i];
    };
    if (a == "--extractor" || a == "-e") name = value();
    else if (a == "--format" || a == "-f") output.format = value();
    else if (a == "--markdown") output.markdown = true;
    else if (a == "--html") output.html = true;
    else if (a == "--labels") output.labels = true;
    else if (a == "--no-metadata") output.metadata = false;
    else if (a == "--links") output.markup.links = true;
    else if (a == "--images") output.markup.images = true;
    else if (a == "--url") url = value();
    else if (a == "--jsonl") jsonl = true;
    else if (a == "--warc") warc = true;
    else if (a == "--charset") charset = charset_or_fail(value());
    else if (a == "--quiet" || a == "-q") quiet = true;
    else if (limit_option(a, value, limits, page_timeout_ms)) continue;
    else if (a == "--threads" || a == "-j") { threads = threads_or_fail(value()); threads_given = true; }
    else if (a == "-" || a[0] != '-') { if (!file.empty()) fail("extract takes one input"); file = a; }
    else fail("unknown option " + a);
  }
  if (file.empty()) fail("extract needs a FILE or - for standard input");
  try {
    wce::cli::check_output_options(output, jsonl || warc);
  } catch (const std::invalid_argument& e) {
    fail(e.what());
  }
  const wce::Extractor& ex = extractor_or_fail(name);
  if (jsonl && warc) fail("--jsonl and --warc exclude each other");
  if (threads_given && !jsonl) fail("--threads is for --jsonl");
  if (jsonl && !charset.empty()) fail("--charset is for raw bytes (FILE, -, --warc); --jsonl records hold decoded text");
  if (!url.empty() && (jsonl || warc)) fail("--url is for one page (records carry their own url)");
  if (warc) return wce::cli::run_warc_extract({file, &ex, charset, quiet, true, limits, page_timeout_ms, output});

  if (page_timeout_ms > 0 && !jsonl && !warc) fail("--page-timeout-ms is for batch mode (--jsonl, --warc) and bench");
  if (jsonl) return extract_jsonl(file, ex, output, threads, limits, page_timeout_ms, quiet);

  std::string bytes;
  try {
    bytes = wce::io::read_file(file);
  } catch (const std::exception& e) {
    fail(e.what());
  }
  // One page: the batch's error path; a page that is refused or fails exits 1.
  const std::string where = file == "-" ? "stdin" : file;
  wce::cli::ParsedPage page = wce::cli::parse_page({bytes, charset, {}}, limits);
  wce::cli::PageResult r = wce::cli::extract_page(page, ex, url, output, "url", output.json());
  if (r.outcome != wce::cli::Outcome::Extracted) {
    std::cerr << wce::cli::problem_line(where, "", r.outcome, r.why, name);
    return 1;
  }
  if (!output.json()) {
    wce::MarkupOptions markup = output.markup;
    markup.base_url = url;  // --url: links and images made absolute
    const std::string out = page.run->render(r.run, wce::parse_output_format(output.format), markup);
    std::cout << out;
    if (!out.empty() && out.back() != '\n') std::cout << "\n";
    return 0;
  }
  r.json["charset"] = page.run->charset();
  r.json["labels"] = r.run.labels;
  std::cout << r.json.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
  return 0;
}

int cmd_bench(const std::vector<std::string>& args) {
  wce::cli::BenchOptions opt;
  opt.threads = wce::cli::resolve_threads(0);
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= args.size()) fail(a + " needs a value");
      return args[++i];
    };
    if (report_option(a, value, opt.report)) continue;
    if (a == "--data") {
      opt.data.push_back(value());
      while (i + 1 < args.size() && args[i + 1][0] != '-') opt.data.push_back(args[++i]);
    } else if (a == "--extractors" || a == "-e") {
      std::string v = value();
      if (v != "all") opt.extractors = split_commas(v);
    } else if (a == "--no-progress" || a == "--quiet" || a == "-q") opt.progress = false;
    else if (limit_option(a, value, opt.limits, opt.page_timeout_ms)) continue;
    else if (a == "--threads" || a == "-j") opt.threads = threads_or_fail(value());
    else fail("unknown option " + a);
  }
  if (opt.data.empty()) fail("bench needs --data PATH");
  return wce::cli::run_bench(opt);
}

int cmd_eval(const std::vector<std::string>& args) {
  wce::cli::EvalOptions opt;
  std::vector<std::string> files;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= args.size()) fail(a + " needs a value");
      return args[++i];
    };
    if (a == "--name") opt.name = value();
    else if (report_option(a, value, opt.report)) continue;
    else if (a == "-" || a[0] != '-') files.push_back(a);
    else fail("unknown option " + a);
  }
  if (files.size() < 2) fail("eval needs PRED.jsonl and at least one GOLD dataset");
  opt.predictions = files[0];
  opt.gold.assign(files.begin() + 1, files.end());
  return wce::cli::run_eval(opt);
}

int cmd_list(const std::vector<std::string>& args) {
  bool names_only = false;
  for (const std::string& a : args) {
    if (a == "--names") names_only = true;
    else fail("unknown option " + a + " (wce list [--names])");
  }
  for (const auto& e : wce::extractors()) {
    const auto& i = e->info();
    if (names_only) {
      std::printf("%s\n", i.name.c_str());
      continue;
    }
    std::printf("%-12s %-10s %s\n%-12s %-10s (%s)\n", i.name.c_str(), wce::family_name(i.family),
                i.description.c_str(), "", "", i.reference.c_str());
    if (!i.needs.empty()) {
      std::string needs;
      for (const std::string& n : i.needs) needs += (needs.empty() ? "" : ", ") + n;
      std::printf("%-12s %-10s needs: %s\n", "", "", needs.c_str());
    }
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    wce::cli::print_usage(std::cout);
    return args.empty() ? 2 : 0;
  }
  if (args[0] == "--version") { std::cout << "wce " WCE_VERSION "\n"; return 0; }
  std::string cmd = args[0];
  args.erase(args.begin());
  if (wce::cli::asks_for_help(args) && wce::cli::print_command_help(cmd, std::cout)) return 0;
  if (cmd == "extract") return cmd_extract(args);
  if (cmd == "bench") return cmd_bench(args);
  if (cmd == "eval") return cmd_eval(args);
  if (cmd == "list") return cmd_list(args);
  fail("unknown command '" + cmd + "' (try wce --help)");
}
