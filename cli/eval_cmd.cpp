#include "eval_cmd.hpp"

#include <fstream>
#include <iostream>
#include <unordered_map>

#include "dataset.hpp"
#include "report.hpp"
#include "wce/wce.hpp"

namespace wce::cli {

int run_eval(const EvalOptions& opt) {
  std::unordered_map<std::string, std::string> pred;
  std::vector<DatasetProblem> problems;
  Report report;
  size_t missing = 0, duplicates = 0;
  std::ofstream pages_out;
  if (!opt.pages_tsv.empty()) {
    pages_out.open(opt.pages_tsv);
    if (!pages_out) { std::cerr << "wce: cannot write " << opt.pages_tsv << "\n"; return 2; }
    pages_out << "id\tdataset\textractor\tprecision\trecall\tf1\n";
  }
  try {
    for_each_json_line(opt.predictions, [&](const nlohmann::json& j, const std::string& where) {
      auto id = j.find("id");
      auto text = j.find("text");
      if (id == j.end() || !id->is_string()) { problems.push_back({where, "missing string field \"id\""}); return; }
      if (text == j.end() || !(text->is_string() || text->is_null())) {
        problems.push_back({where, "missing string field \"text\""});
        return;
      }
      auto [it, fresh] = pred.emplace(id->get<std::string>(), text->is_string() ? text->get<std::string>() : "");
      if (!fresh) { ++duplicates; problems.push_back({where, "duplicate id " + it->first + " (first one kept)"}); }
    }, problems);
    for (const auto& g : opt.gold) {
      read_dataset(g, [&](Page&& page) {
        auto it = pred.find(page.id);
        if (it == pred.end()) {
          ++missing;
          std::cerr << "wce: no prediction for " << page.id << " (scored as empty output)\n";
        }
        PRF s = rouge_lsum(it == pred.end() ? std::string() : it->second, page.gold);
        report.add(opt.name, page.dataset, s, 0);
        if (pages_out)
          pages_out << page.id << '\t' << page.dataset << '\t' << opt.name << '\t' << s.precision
                    << '\t' << s.recall << '\t' << s.f1 << '\n';
      }, problems, Need::Text);
    }
  } catch (const std::exception& e) {
    std::cerr << "wce: " << e.what() << "\n";
    return 2;
  }
  for (const auto& p : problems) std::cerr << "wce: skipped " << p.where << ": " << p.what << "\n";
  auto rows = report.rows();
  print_table(std::cout, rows, false, /*with_time=*/false);
  if (missing) std::cout << missing << " gold page(s) had no prediction and were scored as empty output\n";
  if (!opt.out_tsv.empty()) {
    std::ofstream out(opt.out_tsv);
    if (!out) { std::cerr << "wce: cannot write " << opt.out_tsv << "\n"; return 2; }
    print_table(out, rows, true, false);
  }
  return 0;
}

}  // namespace wce::cli
