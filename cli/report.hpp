// Per-page scores aggregated into the benchmark table (shared by `bench` and `eval`).
#pragma once
#include <map>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "wce/eval.hpp"

namespace wce::cli {

struct Scores {
  std::vector<double> p, r, f, ms;
  void add(const PRF& s, double t) { p.push_back(s.precision); r.push_back(s.recall); f.push_back(s.f1); ms.push_back(t); }
};

struct Row {
  std::string extractor, dataset;
  size_t pages = 0;
  Summary p, r, f, ms;
};

// Scores keyed by (extractor, dataset), plus the order in which they appeared.
class Report {
 public:
  void add(const std::string& extractor, const std::string& dataset, const PRF& s, double ms);
  // Rows per extractor and dataset; with several datasets also (macro) and (micro).
  std::vector<Row> rows() const;

 private:
  std::map<std::pair<std::string, std::string>, Scores> scores_;
  std::vector<std::string> extractors_, datasets_;
};

// The table for people (fixed-width) or as TSV; `with_time` adds ms/page.
void print_table(std::ostream& out, const std::vector<Row>& rows, bool tsv, bool with_time = true);

// The table as JSON with every digit (doubles round-trip), for tools and the
// benchmark page's test: {"measure": "ROUGE-LSum", "rows": [{extractor,
// dataset, pages, precision, recall, f1, ms}]}, each measure {mean, median,
// q1, q3, stdev}; (macro) rows have mean and median only (q1, q3, stdev null).
void print_json(std::ostream& out, const std::vector<Row>& rows);

}  // namespace wce::cli
