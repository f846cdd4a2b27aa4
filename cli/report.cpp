#include "report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

namespace wce::cli {
namespace {

Row make_row(const std::string& ex, const std::string& ds, const Scores& s) {
  return {ex, ds, s.f.size(), summarize(s.p), summarize(s.r), summarize(s.f), summarize(s.ms)};
}

// Macro average over datasets: the mean of their means and of their medians.
Row macro_row(const std::string& ex, const std::vector<Row>& per_dataset) {
  Row m{ex, "(macro)", 0, {}, {}, {}, {}};
  const double n = static_cast<double>(per_dataset.size());
  for (const Row& r : per_dataset) {
    m.pages += r.pages;
    for (auto [dst, src] : {std::pair{&m.p, &r.p}, {&m.r, &r.r}, {&m.f, &r.f}, {&m.ms, &r.ms}}) {
      dst->mean += src->mean / n;
      dst->median += src->median / n;
    }
  }
  return m;
}

void remember(std::vector<std::string>& order, const std::string& s) {
  if (std::find(order.begin(), order.end(), s) == order.end()) order.push_back(s);
}

}  // namespace

void Report::add(const std::string& extractor, const std::string& dataset, const PRF& s, double ms) {
  remember(extractors_, extractor);
  remember(datasets_, dataset);
  scores_[{extractor, dataset}].add(s, ms);
}

std::vector<Row> Report::rows() const {
  std::vector<Row> rows;
  for (const auto& ex : extractors_) {
    std::vector<Row> per;
    Scores all;
    for (const auto& ds : datasets_) {
      auto it = scores_.find({ex, ds});
      if (it == scores_.end()) continue;
      const Scores& s = it->second;
      per.push_back(make_row(ex, ds, s));
      for (size_t i = 0; i < s.f.size(); ++i) all.add({s.p[i], s.r[i], s.f[i]}, s.ms[i]);
    }
    rows.insert(rows.end(), per.begin(), per.end());
    if (per.size() > 1) {
      rows.push_back(macro_row(ex, per));
      rows.push_back(make_row(ex, "(micro)", all));
    }
  }
  return rows;
}

void print_table(std::ostream& out, const std::vector<Row>& rows, bool tsv, bool with_time) {
  const char* head[] = {"extractor", "dataset", "pages", "P mean", "P median", "R mean",
                        "R median", "F1 mean", "F1 median", "ms/page"};
  const int cols = with_time ? 10 : 9;
  if (tsv) {
    for (int i = 0; i < cols; ++i) out << head[i] << (i < cols - 1 ? '\t' : '\n');
    for (const Row& r : rows) {
      out << r.extractor << '\t' << r.dataset << '\t' << r.pages << '\t' << r.p.mean << '\t'
          << r.p.median << '\t' << r.r.mean << '\t' << r.r.median << '\t' << r.f.mean << '\t'
          << r.f.median;
      if (with_time) out << '\t' << r.ms.mean;
      out << '\n';
    }
    return;
  }
  char line[256];
  std::snprintf(line, sizeof line, "%-18s %-22s %6s %7s %8s %7s %8s %7s %9s", head[0], head[1],
                head[2], head[3], head[4], head[5], head[6], head[7], head[8]);
  out << line;
  if (with_time) { std::snprintf(line, sizeof line, " %8s", head[9]); out << line; }
  out << '\n';
  for (const Row& r : rows) {
    std::snprintf(line, sizeof line, "%-18s %-22s %6zu %7.3f %8.3f %7.3f %8.3f %7.3f %9.3f",
                  r.extractor.c_str(), r.dataset.c_str(), r.pages, r.p.mean, r.p.median, r.r.mean,
                  r.r.median, r.f.mean, r.f.median);
    out << line;
    if (with_time) { std::snprintf(line, sizeof line, " %8.2f", r.ms.mean); out << line; }
    out << '\n';
  }
}

void print_json(std::ostream& out, const std::vector<Row>& rows) {
  using nlohmann::json;
  // NaN (no finite value) becomes null, as JSON has no NaN.
  auto num = [](double v) { return std::isfinite(v) ? json(v) : json(nullptr); };
  auto stats = [&](const Summary& s, bool quartiles) {
    return json{{"mean", num(s.mean)}, {"median", num(s.median)},
                {"q1", quartiles ? num(s.q1) : json(nullptr)},
                {"q3", quartiles ? num(s.q3) : json(nullptr)},
                {"stdev", quartiles ? num(s.stdev) : json(nullptr)}};
  };
  json list = json::array();
  for (const Row& r : rows) {
    const bool q = r.dataset != "(macro)";
    list.push_back({{"extractor", r.extractor}, {"dataset", r.dataset}, {"pages", r.pages},
                    {"precision", stats(r.p, q)}, {"recall", stats(r.r, q)},
                    {"f1", stats(r.f, q)}, {"ms", stats(r.ms, q)}});
  }
  json doc = {{"measure", "ROUGE-LSum"}, {"rows", list}};
  out << doc.dump(1, ' ', false, json::error_handler_t::replace) << '\n';
}

}  // namespace wce::cli
