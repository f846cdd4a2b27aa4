#include "report.hpp"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>

namespace wce::io {
namespace {

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

nlohmann::json number(double v) { return std::isnan(v) ? nlohmann::json(nullptr) : nlohmann::json(v); }

nlohmann::json summary_json(const Summary& s) {
  return {{"mean", number(s.mean)}, {"median", number(s.median)}, {"q1", number(s.q1)},
          {"q3", number(s.q3)}, {"stdev", number(s.stdev)}};
}

// A TSV cell: the number with the stream's default 6 significant digits, or
// empty for NaN.
std::string cell(double v) {
  if (std::isnan(v)) return "";
  std::ostringstream s;
  s << v;
  return s.str();
}

std::string dump(const nlohmann::json& j, int indent = -1) {
  return j.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace

GroupBy parse_group_by(const std::string& s) {
  if (s == "dataset") return GroupBy::Dataset;
  if (s == "complexity") return GroupBy::Complexity;
  if (s == "language") return GroupBy::Language;
  if (s == "page_type") return GroupBy::PageType;
  throw std::invalid_argument("--by must be dataset, complexity, language or page_type");
}

Format parse_format(const std::string& s) {
  if (s == "table") return Format::Table;
  if (s == "tsv") return Format::Tsv;
  if (s == "json") return Format::Json;
  throw std::invalid_argument("--format must be table, tsv or json");
}

void print_table(std::ostream& out, const std::vector<Row>& rows, GroupBy by, bool tsv, bool with_time) {
  std::vector<std::string> head = {"extractor", group_by_name(by), "pages", "P mean", "P median",
                                   "R mean", "R median", "F1 mean", "F1 median"};
  if (with_time) head.push_back("ms/page");
  for (const char* h : {"F1 q1", "F1 q3", "F1 stdev"}) head.push_back(h);
  if (with_time) head.push_back("ms/kB");
  head.push_back("measure");

  if (tsv) {
    for (size_t i = 0; i < head.size(); ++i) out << head[i] << (i + 1 < head.size() ? '\t' : '\n');
    for (const Row& r : rows) {
      auto pr = [&](double v) { return r.prf ? cell(v) : std::string(); };
      out << r.extractor << '\t' << r.group << '\t' << r.pages << '\t' << pr(r.p.mean) << '\t'
          << pr(r.p.median) << '\t' << pr(r.r.mean) << '\t' << pr(r.r.median) << '\t' << cell(r.f.mean)
          << '\t' << cell(r.f.median);
      if (with_time) out << '\t' << cell(r.ms_per_page);
      out << '\t' << cell(r.f.q1) << '\t' << cell(r.f.q3) << '\t' << cell(r.f.stdev);
      if (with_time) out << '\t' << cell(r.ms_per_kb);
      out << '\t' << r.measure << '\n';
    }
    return;
  }
  // Fixed width: numbers with 3 decimals (times with 2), "-" for what does
  // not apply or is unknown.
  auto num = [](double v, int decimals, int width) {
    char buf[64];
    if (std::isnan(v)) std::snprintf(buf, sizeof buf, " %*s", width, "-");
    else std::snprintf(buf, sizeof buf, " %*.*f", width, decimals, v);
    return std::string(buf);
  };
  char buf[256];
  std::snprintf(buf, sizeof buf, "%-18s %-22s %6s", head[0].c_str(), head[1].c_str(), head[2].c_str());
  out << buf;
  for (size_t i = 3; i + 1 < head.size(); ++i) {
    std::snprintf(buf, sizeof buf, " %*s", static_cast<int>(std::max<size_t>(head[i].size(), 7)), head[i].c_str());
    out << buf;
  }
  out << ' ' << head.back() << '\n';
  for (const Row& r : rows) {
    std::snprintf(buf, sizeof buf, "%-18s %-22s %6zu", r.extractor.c_str(), r.group.c_str(), r.pages);
    out << buf;
    double nan = std::nan("");
    std::vector<std::pair<double, int>> cells = {
        {r.prf ? r.p.mean : nan, 3}, {r.prf ? r.p.median : nan, 3}, {r.prf ? r.r.mean : nan, 3},
        {r.prf ? r.r.median : nan, 3}, {r.f.mean, 3}, {r.f.median, 3}};
    if (with_time) cells.push_back({r.ms_per_page, 2});
    for (double v : {r.f.q1, r.f.q3, r.f.stdev}) cells.push_back({v, 3});
    if (with_time) cells.push_back({r.ms_per_kb, 3});
    for (size_t i = 0; i < cells.size(); ++i)
      out << num(cells[i].first, cells[i].second, static_cast<int>(std::max<size_t>(head[i + 3].size(), 7)));
    out << ' ' << r.measure << '\n';
  }
}

nlohmann::json table_json(const std::vector<Row>& rows, const ReportOptions& opt, const nlohmann::json& extra) {
  nlohmann::json j = nlohmann::json::object();
  j["by"] = group_by_name(opt.by);
  j["measures"] = nlohmann::json::array();
  for (const MeasureSpec& m : opt.measures) j["measures"].push_back(m.name);
  nlohmann::json list = nlohmann::json::array();
  for (const Row& r : rows) {
    nlohmann::json row = {{"extractor", r.extractor}, {"group", r.group}, {group_by_name(opt.by), r.group},
                          {"measure", r.measure}, {"pages", r.pages}};
    if (r.prf) {
      row["precision"] = summary_json(r.p);
      row["recall"] = summary_json(r.r);
      row["f1"] = summary_json(r.f);
    } else {
      row["value"] = summary_json(r.f);
    }
    row["ms_per_page"] = number(r.ms_per_page);
    row["ms_per_kb"] = number(r.ms_per_kb);
    list.push_back(std::move(row));
  }
  j["rows"] = std::move(list);
  for (const auto& [key, value] : extra.items()) j[key] = value;
  return j;
}

bool write_report(const std::vector<Row>& rows, const ReportOptions& opt, bool with_time,
                  const nlohmann::json& extra, const std::vector<std::string>& notes) {
  switch (opt.format) {
    case Format::Table:
      print_table(std::cout, rows, opt.by, false, with_time);
      for (const std::string& n : notes) std::cout << n << "\n";
      break;
    case Format::Tsv: print_table(std::cout, rows, opt.by, true, with_time); break;
    case Format::Json: std::cout << dump(table_json(rows, opt, extra), 1) << "\n"; break;
  }
  std::cout.flush();
  if (opt.out.empty()) return true;
  std::ofstream out(opt.out);
  if (!out) { std::cerr << "wce: cannot write " << opt.out << "\n"; return false; }
  if (ends_with(opt.out, ".json")) out << dump(table_json(rows, opt, extra), 1) << "\n";
  else print_table(out, rows, opt.by, true, with_time);
  return static_cast<bool>(out);
}

bool write_pages(const std::string& path, const std::vector<PageResult>& pages,
                 const std::vector<MeasureSpec>& specs, const ComplexityLevels& levels) {
  std::ofstream out(path);
  if (!out) { std::cerr << "wce: cannot write " << path << "\n"; return false; }
  const bool array = ends_with(path, ".json"), lines = ends_with(path, ".jsonl");
  if (!array && !lines)
    out << "id\tdataset\textractor\tprecision\trecall\tf1\tms\tmeasure\tvalue\tlang\tkb\tcomplexity\tlevel\tpage_type\n";
  if (array) out << "[";
  bool first = true;
  for (const PageResult& p : pages) {
    std::string level = std::isnan(p.complexity) ? "" : group_of(p, GroupBy::Complexity, levels);
    double kb = p.kb > 0 ? p.kb : std::nan("");
    for (size_t m = 0; m < specs.size(); ++m) {
      const Score& s = p.scores[m];
      double nan = std::nan("");
      double pr = specs[m].prf ? s.p : nan, rc = specs[m].prf ? s.r : nan, f1 = specs[m].prf ? s.f : nan;
      if (array || lines) {
        nlohmann::json j = {{"id", p.id}, {"dataset", p.dataset}, {"extractor", p.extractor},
                            {"precision", number(pr)}, {"recall", number(rc)}, {"f1", number(f1)},
                            {"ms", number(p.ms)}, {"measure", specs[m].name}, {"value", number(s.f)},
                            {"lang", p.lang.empty() ? nlohmann::json(nullptr) : nlohmann::json(p.lang)},
                            {"kb", number(kb)}, {"complexity", number(p.complexity)},
                            {"level", level.empty() ? nlohmann::json(nullptr) : nlohmann::json(level)},
                            {"page_type", p.page_type.empty() ? nlohmann::json(nullptr) : nlohmann::json(p.page_type)}};
        if (array) out << (first ? "\n" : ",\n");
        out << dump(j);
        if (lines) out << "\n";
      } else {
        out << p.id << '\t' << p.dataset << '\t' << p.extractor << '\t' << cell(pr) << '\t' << cell(rc)
            << '\t' << cell(f1) << '\t' << cell(p.ms) << '\t' << specs[m].name << '\t' << cell(s.f)
            << '\t' << p.lang << '\t' << cell(kb) << '\t' << cell(p.complexity) << '\t' << level << '\t'
            << p.page_type << '\n';
      }
      first = false;
    }
  }
  if (array) out << (first ? "]\n" : "\n]\n");
  out.flush();
  if (!out) { std::cerr << "wce: cannot write " << path << "\n"; return false; }
  return true;
}

}  // namespace wce::io
