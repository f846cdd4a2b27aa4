// Applies the learned ensemble's block completion (wce::ensemble_complete)
// to per-row probabilities of a lab/tools/ensemble_dump prefix, so that
// lab/learn/ensemble.py can measure it on out-of-fold probabilities with
// the C++ rules themselves (no Python copy to keep in step).
// Input: P.pages.tsv and P.rows.f32 (which page and text node each row is),
// IN.f32 (float32, one P(content) per row), the datasets the dump read.
// Output: OUT.f32 (float32 per row, the completed P); the count of changed
// rows on stderr.
// --rouge R.tsv (pages with a gold text): per page, ROUGE-LSum F1 against the
// gold (wce::rouge_lsum, the `wce bench` measure) of the text rendered from
// the input labels (P >= 0.5), from the completed labels, and from each
// --rouge-members member's vote column of the dump (what the ensemble outputs
// when its page stage takes that member), so that ensemble.py can train the
// page stage on the real measure instead of the token proxy (issue 9).
// Usage: ensemble_complete_rows --data P --in IN.f32 --out OUT.f32
//          [--rouge R.tsv --rouge-members a,b]
//          [--share S] [--no-blocks] [--no-runs] [--run-blocks N] [--run-words W]
//          [--run-links L] [--run-any] [--lead-headings] [--run-structured] [--no-run-structured]
//          [--groups] [--group-share G] DATA.jsonl.gz...
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

#include "io/dataset.hpp"
#include "wce/train.hpp"

int main(int argc, char** argv) {
  std::string data, in, out, rouge_out, rouge_members;
  wce::EnsembleCompletion opt = wce::ensemble_completion_defaults();
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const bool more = i + 1 < argc;
    if (a == "--data" && more) data = argv[++i];
    else if (a == "--in" && more) in = argv[++i];
    else if (a == "--out" && more) out = argv[++i];
    else if (a == "--rouge" && more) rouge_out = argv[++i];
    else if (a == "--rouge-members" && more) rouge_members = argv[++i];
    else if (a == "--share" && more) opt.block_share = std::stod(argv[++i]);
    else if (a == "--run-blocks" && more) opt.run_max_blocks = std::stoul(argv[++i]);
    else if (a == "--run-words" && more) opt.run_max_words = std::stod(argv[++i]);
    else if (a == "--run-links" && more) opt.run_max_link_density = std::stod(argv[++i]);
    else if (a == "--no-blocks") opt.blocks = false;
    else if (a == "--no-runs") opt.runs = false;
    else if (a == "--run-any") opt.run_any = true;
    else if (a == "--lead-headings") opt.lead_headings = true;
    else if (a == "--run-structured") opt.run_structured = true;
    else if (a == "--no-run-structured") opt.run_structured = false;  // the default is on
    else if (a == "--groups") opt.groups = true;  // rule 3 (off by default)
    else if (a == "--group-share" && more) opt.group_share = std::stod(argv[++i]);
    else files.push_back(a);
  }
  if (data.empty() || in.empty() || out.empty() || files.empty()) {
    std::cerr << "usage: ensemble_complete_rows --data P --in IN.f32 --out OUT.f32 [options] DATA.jsonl.gz...\n";
    return 2;
  }
  // Pages of the dump: dataset/id -> page index.
  std::ifstream tsv(data + ".pages.tsv");
  std::string line;
  std::getline(tsv, line);
  std::unordered_map<std::string, size_t> page_of;
  while (std::getline(tsv, line)) {
    std::istringstream f(line);
    std::string page, dataset, id;
    std::getline(f, page, '\t');
    std::getline(f, dataset, '\t');
    std::getline(f, id, '\t');
    page_of[dataset + "/" + id] = std::stoul(page);
  }
  size_t columns = 0;
  std::unordered_map<std::string, size_t> column_of;
  {
    std::ifstream c(data + ".columns");
    while (std::getline(c, line))
      if (!line.empty()) column_of[line] = columns++;
  }
  std::vector<std::string> member_names;  // --rouge-members: their vote columns in the rows
  std::vector<size_t> member_cols;
  {
    std::istringstream f(rouge_members);
    std::string m;
    while (std::getline(f, m, ','))
      if (!m.empty()) {
        const auto c = column_of.find("vote_" + m);
        if (c == column_of.end()) {
          std::cerr << "ensemble_complete_rows: no column vote_" << m << "\n";
          return 2;
        }
        member_names.push_back(m);
        member_cols.push_back(c->second);
      }
  }
  std::ofstream rouge;
  if (!rouge_out.empty()) {
    rouge.open(rouge_out);
    rouge << "page\ttrees\tcompleted";
    for (const std::string& m : member_names) rouge << "\t" << m;
    rouge << "\n";
  }
  auto read_f32 = [](const std::string& path) {
    std::ifstream f(path, std::ios::binary | std::ios::ate);
    if (!f) throw std::runtime_error("cannot read " + path);
    std::vector<float> v(static_cast<size_t>(f.tellg()) / sizeof(float));
    f.seekg(0);
    f.read(reinterpret_cast<char*>(v.data()), static_cast<std::streamsize>(v.size() * sizeof(float)));
    return v;
  };
  const std::vector<float> rows = read_f32(data + ".rows.f32");
  std::vector<float> prob = read_f32(in);
  const size_t n_rows = columns ? rows.size() / columns : 0;
  if (prob.size() != n_rows) {
    std::cerr << "ensemble_complete_rows: " << in << " has " << prob.size() << " values, the dump " << n_rows
              << " rows\n";
    return 2;
  }
  std::vector<std::vector<size_t>> rows_of(page_of.size());  // per page: its rows
  for (size_t r = 0; r < n_rows; ++r) {
    const size_t p = static_cast<size_t>(rows[r * columns]);
    if (p < rows_of.size()) rows_of[p].push_back(r);
  }
  std::vector<wce::io::DatasetProblem> problems;
  size_t done = 0, changed = 0;
  for (const std::string& file : files) {
    wce::io::read_dataset(file, [&](wce::io::Page&& pg) {
      const auto it = page_of.find(pg.dataset + "/" + pg.id);
      if (it == page_of.end()) return;
      wce::PageRun run = wce::PageRun::parse(wce::io::page_source(pg));
      const size_t n = run.doc().text_nodes.size();
      std::vector<double> p(n, 0.0);
      for (size_t r : rows_of[it->second]) {
        const size_t k = static_cast<size_t>(rows[r * columns + 1]);
        if (k < n) p[k] = prob[r];
      }
      // Labels from a per-row column (rows without words stay 0, as in
      // wce::ensemble_probabilities), rendered and scored against the gold.
      auto score = [&](auto value) {
        wce::Labels l(n, 0.0f);
        for (size_t r : rows_of[it->second]) {
          const size_t k = static_cast<size_t>(rows[r * columns + 1]);
          if (k < n) l[k] = value(r, k) >= 0.5 ? 1.0f : 0.0f;
        }
        return wce::rouge_lsum(wce::render_text(run.doc(), l), pg.gold).f1;
      };
      if (rouge.is_open()) {
        rouge << it->second << "\t" << score([&](size_t, size_t k) { return p[k]; });
      }
      changed += wce::ensemble_complete(run.context(), p, opt);
      if (rouge.is_open()) {
        rouge << "\t" << score([&](size_t, size_t k) { return p[k]; });
        for (size_t c : member_cols) rouge << "\t" << score([&](size_t r, size_t) { return rows[r * columns + c]; });
        rouge << "\n";
      }
      for (size_t r : rows_of[it->second]) {
        const size_t k = static_cast<size_t>(rows[r * columns + 1]);
        if (k < n) prob[r] = static_cast<float>(p[k]);
      }
      ++done;
    }, problems, rouge_out.empty() ? wce::io::Need::Html : wce::io::Need::HtmlAndText);  // without --rouge no gold
                                                                                          // is needed: snippet-only pages too
  }
  std::ofstream o(out, std::ios::binary);
  o.write(reinterpret_cast<const char*>(prob.data()), static_cast<std::streamsize>(prob.size() * sizeof(float)));
  std::cerr << "ensemble_complete_rows: " << done << " of " << page_of.size() << " pages, " << changed
            << " rows completed\n";
  return done == page_of.size() ? 0 : 1;
}
