// Reading benchmark datasets: JSONL files (gzipped or not) in the format of
// ../shared/datasets, and folders of pages (<page>/source.html + gold.txt).
#pragma once
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "wce/run.hpp"

namespace wce::io {

struct Page {
  std::string id, dataset, lang, url;
  std::string html;     // UTF-8 when `html_is_utf8`, else raw bytes to sniff
  bool html_is_utf8 = true;
  std::string gold;     // the annotated main text, paragraphs on lines
  // WCXB records (meta.page_type, meta.with / meta.without): the page's
  // type and the snippets a good extraction must / must not contain.
  std::string page_type;
  std::vector<std::string> with, without;
};

// The page as the run layer takes it: a record's html is decoded text
// (charset "utf-8"), a page folder's source.html raw bytes to sniff.
inline PageSource page_source(const Page& p) {
  return PageSource{p.html, p.html_is_utf8 ? std::string_view("utf-8") : std::string_view(), p.lang};
}

struct DatasetProblem {
  std::string where;  // file:line
  std::string what;
};

// Which record fields must be present: bench needs both, `eval` reads gold
// without html, `extract --jsonl` reads pages without gold text.
enum class Need { HtmlAndText, Text, Html };

// Calls `on_page` for every good record; malformed ones go to `problems`.
// Throws std::runtime_error when the path cannot be read at all.
void read_dataset(const std::string& path, const std::function<void(Page&&)>& on_page,
                  std::vector<DatasetProblem>& problems, Need need = Need::HtmlAndText);

// Calls `on_object` for every line of a JSONL file (gzipped or not) that is a
// JSON object; other non-empty lines go to `problems` as file:line.
void for_each_json_line(const std::string& path,
                        const std::function<void(const nlohmann::json&, const std::string& where)>& on_object,
                        std::vector<DatasetProblem>& problems);

// [{"where", "what"}] for JSON reports.
nlohmann::json problems_json(const std::vector<DatasetProblem>& problems);

// Reads a whole file (or stdin for "-"); throws std::runtime_error.
std::string read_file(const std::string& path);

}  // namespace wce::io
