// Output of `wce bench` and `wce eval`: the aggregate table (fixed-width,
// TSV or JSON) and the per-page rows (TSV or JSON).
#pragma once
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "wce/aggregate.hpp"

namespace wce::io {

enum class Format { Table, Tsv, Json };

struct ReportOptions {
  std::vector<MeasureSpec> measures{{"rouge_lsum", true}};
  GroupBy by = GroupBy::Dataset;
  Format format = Format::Table;  // standard output
  std::string out;        // the table as JSON (*.json) or TSV (anything else)
  std::string pages_out;  // per-page rows: JSON array (*.json), JSON lines (*.jsonl) or TSV
};

// Parses the values of --by and --format; throw std::invalid_argument.
GroupBy parse_group_by(const std::string& s);
Format parse_format(const std::string& s);

// The table. Columns: extractor, <group by>, pages, P mean, P median, R mean,
// R median, F1 mean, F1 median, ms/page (with_time), then F1 q1, F1 q3,
// F1 stdev, ms/kB (with_time), measure. The first ten are the table of
// earlier versions (the web page's end-to-end test compares with them).
// Single-value measures leave the P and R cells empty ("-" in the table) and
// put their value's statistics in the F1 cells.
void print_table(std::ostream& out, const std::vector<Row>& rows, GroupBy by, bool tsv, bool with_time);

// {"by", "measures", "rows": [{extractor, group, <by>: group, measure,
// pages, precision, recall, f1 | value: {mean, median, q1, q3, stdev},
// ms_per_page, ms_per_kb}], ...extra}. NaN becomes null.
nlohmann::json table_json(const std::vector<Row>& rows, const ReportOptions& opt, const nlohmann::json& extra);

// Writes the table to standard output in opt.format (with `notes`, lines for
// people, after a fixed-width table only) and to opt.out. Returns false
// (message on stderr) when opt.out cannot be written.
bool write_report(const std::vector<Row>& rows, const ReportOptions& opt, bool with_time,
                  const nlohmann::json& extra, const std::vector<std::string>& notes);

// One row per page and measure. TSV columns: id, dataset, extractor,
// precision, recall, f1, ms, measure, value, lang, kb, complexity, level
// (empty cells for what is unknown or does not apply; value = F1 for P/R/F1
// measures); JSON objects with the same keys (null for those cells).
// Returns false (message on stderr) when the file cannot be written.
bool write_pages(const std::string& path, const std::vector<PageResult>& pages,
                 const std::vector<MeasureSpec>& specs, const ComplexityLevels& levels);

// The table as JSON with every digit (doubles round-trip), for tools and the
// benchmark page's test: {"measure": "ROUGE-LSum", "rows": [{extractor,
// dataset, pages, precision, recall, f1, ms}]}, each measure {mean, median,
// q1, q3, stdev}; (macro) rows have mean and median only (q1, q3, stdev null).
void print_json(std::ostream& out, const std::vector<Row>& rows);

}  // namespace wce::io
