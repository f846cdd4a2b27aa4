// wce: the command-line front end of the core.
#include <chrono>
#include <cstring>
#include <functional>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench.hpp"
#include "dataset.hpp"
#include "eval_cmd.hpp"
#include "wce/wce.hpp"

namespace {

const char* kUsage = R"(wce )" WCE_VERSION R"( - web main-content extraction

usage:
  wce extract [--extractor NAME] [--format text|json] FILE|-
      Prints the main content of an HTML file (raw bytes; charset sniffed).
  wce extract --jsonl [--extractor NAME] [--page-timeout-ms MS] FILE|-
      Batch mode: reads dataset records ({"id", "html", ...} per line, gzip ok)
      and prints {"id", "extractor", "text", "ms"} per line (ms: parse+extract+render).
      A record's "lang" is the page's stated language (justext takes its stop list).
      A page past a limit or the time budget is reported on stderr and skipped.
  wce bench --data PATH... [--extractors a,b|all] [REPORT OPTIONS] [--no-progress]
            [--page-timeout-ms MS]
      Runs extractors over datasets (JSONL, gzipped or not, or folders of
      <page>/source.html + gold.txt) and prints the scores per dataset.
      The time budget covers the parse plus one extractor's run; a page past
      it (or past a limit) is reported and skipped for that extractor.
    LIMITS (extract and bench; a page past one is rejected with its reason):
      --max-input-mb N      page size (default 128; 0 = no limit)
      --max-nodes N         elements + text nodes (default 10000000)
      --max-text-mb N       decoded text and kept attribute values (default 128)
      --page-timeout-ms MS  time budget per page in batch mode (default 0 = none;
                            checked between stages and inside the long loops)
  wce eval PRED.jsonl GOLD... [--name LABEL] [REPORT OPTIONS]
      Scores outputs made elsewhere: PRED lines are {"id": ..., "text": ...}
      (optional "ms"), ids as in the gold dataset; gold pages without a
      prediction count as empty output; missing, unknown and duplicate ids
      and malformed lines are reported.
    REPORT OPTIONS:
      --measures LIST|all   rouge (default), chars, word_lcs, bag, set, cleaneval,
                            voc, occ, kl, cosine, euclidean, near_empty
      --by dataset|complexity|language   groups of the table (default dataset)
      --format table|tsv|json            standard output (default table)
      --out FILE            the table as JSON (FILE.json) or TSV
      --pages-out FILE      one row per page and measure: TSV, JSON (.json)
                            or JSON lines (.jsonl)
  wce list
      Lists the registered extractors.
  wce --version | --help

Exit codes: 0 ok, 1 some pages failed, 2 bad usage or unreadable input.
)";

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
                   wce::cli::ReportOptions& opt) {
  try {
    if (a == "--measures" || a == "-m") opt.measures = wce::cli::parse_measures(value());
    else if (a == "--by") opt.by = wce::cli::parse_group_by(value());
    else if (a == "--format" || a == "-f") opt.format = wce::cli::parse_format(value());
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
  const wce::Extractor* e = wce::find_extractor(name);
  if (!e) fail("unknown extractor '" + name + "' (see `wce list`)");
  return *e;
}

int cmd_extract(const std::vector<std::string>& args) {
  std::string name = "bte", format = "text", file;
  bool jsonl = false;
  wce::ParseOptions limits;
  double page_timeout_ms = 0;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= args.size()) fail(a + " needs a value");
      return args[++i];
    };
    if (a == "--extractor" || a == "-e") name = value();
    else if (a == "--format" || a == "-f") format = value();
    else if (a == "--jsonl") jsonl = true;
    else if (limit_option(a, value, limits, page_timeout_ms)) continue;
    else if (a == "-" || a[0] != '-') { if (!file.empty()) fail("extract takes one input"); file = a; }
    else fail("unknown option " + a);
  }
  if (file.empty()) fail("extract needs a FILE or - for standard input");
  if (format != "text" && format != "json") fail("--format must be text or json");
  const wce::Extractor& ex = extractor_or_fail(name);

  if (page_timeout_ms > 0 && !jsonl) fail("--page-timeout-ms is for batch mode (--jsonl) and bench");
  if (jsonl) {
    std::vector<wce::cli::DatasetProblem> problems;
    size_t skipped = 0;
    try {
      wce::cli::read_dataset(file, [&](wce::cli::Page&& p) {
        auto t0 = std::chrono::steady_clock::now();
        try {
          wce::ParseOptions page_limits = limits;
          page_limits.deadline = wce::Deadline::after_ms(page_timeout_ms, t0);
          wce::Document doc = wce::parse_html(p.html, "utf-8", page_limits);
          wce::Context ctx(doc);
          ctx.set_language_hint(p.lang);
          ctx.set_deadline(page_limits.deadline);
          wce::Labels labels = ex.run(ctx);
          page_limits.deadline.check(name.c_str());
          std::string text = wce::render_text(doc, labels, ex.info().render);
          double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
          nlohmann::json out = {{"id", p.id}, {"extractor", name}, {"text", text}, {"ms", ms}};
          std::cout << out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
        } catch (const wce::PageLimitError& e) {
          ++skipped;
          std::cerr << "wce: skipped " << p.id << ": " << e.what() << "\n";
        }
      }, problems, wce::cli::Need::Html);
    } catch (const std::exception& e) {
      fail(e.what());
    }
    for (const auto& p : problems) std::cerr << "wce: skipped " << p.where << ": " << p.what << "\n";
    return skipped ? 1 : 0;
  }

  std::string bytes;
  try {
    bytes = wce::cli::read_file(file);
  } catch (const std::exception& e) {
    fail(e.what());
  }
  wce::Document doc;
  try {
    doc = wce::parse_html(bytes, {}, limits);
  } catch (const wce::PageLimitError& e) {
    fail(file + ": " + e.what());
  }
  wce::Context ctx(doc);
  wce::Labels labels = ex.run(ctx);
  std::string text = wce::render_text(doc, labels, ex.info().render);
  if (format == "text") {
    std::cout << text;
    if (!text.empty()) std::cout << "\n";
  } else {
    nlohmann::json out = {{"extractor", name}, {"text", text}, {"labels", labels}};
    std::cout << out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
  }
  return 0;
}

int cmd_bench(const std::vector<std::string>& args) {
  wce::cli::BenchOptions opt;
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
    } else if (a == "--no-progress") opt.progress = false;
    else if (limit_option(a, value, opt.limits, opt.page_timeout_ms)) continue;
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

int cmd_list() {
  for (const auto& e : wce::extractors()) {
    const auto& i = e->info();
    std::printf("%-12s %-10s %s\n%-12s %-10s (%s)\n", i.name.c_str(), i.family.c_str(),
                i.description.c_str(), "", "", i.reference.c_str());
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    std::cout << kUsage;
    return args.empty() ? 2 : 0;
  }
  if (args[0] == "--version") { std::cout << "wce " WCE_VERSION "\n"; return 0; }
  std::string cmd = args[0];
  args.erase(args.begin());
  if (cmd == "extract") return cmd_extract(args);
  if (cmd == "bench") return cmd_bench(args);
  if (cmd == "eval") return cmd_eval(args);
  if (cmd == "list") return cmd_list();
  fail("unknown command '" + cmd + "' (try wce --help)");
}
