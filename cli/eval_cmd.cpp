#include "eval_cmd.hpp"

#include <iostream>
#include <unordered_map>
#include <unordered_set>

#include "io/dataset.hpp"
#include "io/report.hpp"
#include "wce/wce.hpp"

namespace wce::cli {
namespace {

// How many ids a report lists (stderr and JSON); the count is always given.
constexpr size_t kIdsListed = 10;

struct IdList {
  size_t count = 0;
  std::vector<std::string> first;
  void add(const std::string& id) {
    if (first.size() < kIdsListed) first.push_back(id);
    ++count;
  }
  std::string joined() const {
    std::string s;
    for (const auto& id : first) s += (s.empty() ? "" : ", ") + id;
    if (count > first.size()) s += ", ...";
    return s;
  }
  nlohmann::json json() const { return {{"count", count}, {"first_ids", first}}; }
};

struct Prediction {
  std::string text;
  double ms = std::nan("");
  bool used = false;
};

}  // namespace

int run_eval(const EvalOptions& opt) {
  const io::ReportOptions& rep = opt.report;
  const bool need_complexity = rep.by == GroupBy::Complexity || !rep.pages_out.empty();
  std::unordered_map<std::string, Prediction> pred;
  std::vector<std::string> pred_order;  // for the unknown-id report
  std::vector<io::DatasetProblem> pred_problems, gold_problems;
  std::vector<PageResult> results;
  std::unordered_set<std::string> gold_ids;
  size_t duplicates = 0;
  IdList missing, unknown;
  try {
    io::for_each_json_line(opt.predictions, [&](const nlohmann::json& j, const std::string& where) {
      auto id = j.find("id");
      auto text = j.find("text");
      auto ms = j.find("ms");
      if (id == j.end() || !id->is_string()) { pred_problems.push_back({where, "missing string field \"id\""}); return; }
      if (text == j.end() || !(text->is_string() || text->is_null())) {
        pred_problems.push_back({where, "missing string field \"text\""});
        return;
      }
      Prediction p;
      if (text->is_string()) p.text = text->get<std::string>();
      if (ms != j.end() && ms->is_number()) p.ms = ms->get<double>();
      auto [it, fresh] = pred.emplace(id->get<std::string>(), std::move(p));
      if (!fresh) {
        ++duplicates;
        pred_problems.push_back({where, "duplicate id " + it->first + " (first one kept)"});
      } else {
        pred_order.push_back(it->first);
      }
    }, pred_problems);
    for (const auto& g : opt.gold) {
      io::read_dataset(g, [&](io::Page&& page) {
        gold_ids.insert(page.id);
        auto it = pred.find(page.id);
        PageResult r;
        r.id = page.id;
        r.dataset = page.dataset;
        r.lang = page.lang;
        r.page_type = page.page_type;
        r.extractor = opt.name;
        if (!page.html.empty()) {
          r.kb = static_cast<double>(page.html.size()) / 1000.0;
          if (need_complexity) {
            try {
              r.complexity = complexity_score(PageRun::parse(io::page_source(page)).doc(), page.gold);
            } catch (const std::exception& e) {  // past a limit or not HTML: scored all the same, without a complexity
              std::cerr << "wce: " << page.id << ": no complexity: " << e.what() << "\n";
            }
          }
        }
        const std::string predicted = it == pred.end() ? std::string() : it->second.text;
        if (it == pred.end()) {
          missing.add(page.id);
        } else {
          it->second.used = true;
          r.ms = it->second.ms;
        }
        r.scores = score_page(predicted, page.gold, page.lang, rep.measures, PageSnippets{page.with, page.without});
        if (wants_block(rep.measures)) {
          // eval has texts, not node labels: both the gold and the predicted
          // text are aligned with the page, and their node labels compared.
          if (page.html.empty())
            throw std::runtime_error("the block measure needs gold records with html (" + page.id + ")");
          PageRun run = PageRun::parse(io::page_source(page));
          const Document& doc = run.doc();
          GoldAlignment gold_nodes = align_gold(doc, page.gold);
          const Labels pred_nodes = align_gold(doc, predicted).labels;
          set_block_score(r.scores, rep.measures, block_prf(block_counts(pred_nodes, gold_nodes)));
        }
        results.push_back(std::move(r));
      }, gold_problems, io::Need::Text);
    }
  } catch (const std::exception& e) {
    std::cerr << "wce: " << e.what() << "\n";
    return 2;
  }
  for (const std::string& id : pred_order)
    if (!gold_ids.count(id)) unknown.add(id);

  for (const auto& p : pred_problems) std::cerr << "wce: skipped " << p.where << ": " << p.what << "\n";
  for (const auto& p : gold_problems) std::cerr << "wce: skipped " << p.where << ": " << p.what << "\n";
  std::vector<std::string> notes;
  if (missing.count) {
    std::cerr << "wce: no prediction for " << missing.count << " gold page(s), scored as empty output: "
              << missing.joined() << "\n";
    notes.push_back(std::to_string(missing.count) + " gold page(s) had no prediction and were scored as empty output");
  }
  if (unknown.count) {
    std::cerr << "wce: " << unknown.count << " prediction id(s) not in the gold data, ignored: " << unknown.joined() << "\n";
    notes.push_back(std::to_string(unknown.count) + " prediction(s) had an id not in the gold data and were ignored");
  }
  if (!pred_problems.empty())
    notes.push_back(std::to_string(pred_problems.size()) + " prediction line(s) skipped (listed on stderr)");
  if (!gold_problems.empty())
    notes.push_back(std::to_string(gold_problems.size()) + " malformed gold record(s) skipped (listed on stderr)");

  // Times only when the predictions carry them (`wce extract --jsonl` does).
  bool timed = false;
  for (const PageResult& r : results) timed = timed || !std::isnan(r.ms);
  ComplexityLevels levels = complexity_levels(results);
  std::vector<Row> rows = aggregate(results, rep.measures, rep.by, levels);
  nlohmann::json extra = {{"command", "eval"},
                          {"missing", missing.json()},
                          {"unknown", unknown.json()},
                          {"duplicates", duplicates},
                          {"prediction_problems", io::problems_json(pred_problems)},
                          {"problems", io::problems_json(gold_problems)}};
  if (rep.by == GroupBy::Complexity) extra["complexity_levels"] = {{"q1", levels.q1}, {"q3", levels.q3}};
  if (!io::write_report(rows, rep, timed, extra, notes)) return 2;
  if (!rep.pages_out.empty() && !io::write_pages(rep.pages_out, results, rep.measures, levels)) return 2;
  return 0;
}

}  // namespace wce::cli
