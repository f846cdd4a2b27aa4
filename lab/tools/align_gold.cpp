// How well align_gold() turns each record's gold text into node labels:
//   * per dataset: gold coverage (share of gold tokens matched to a text
//     node), pages below 0.8, the ROUGE-LSum F1 of the text rendered from the
//     aligned labels against the gold (what a perfect node classifier trained
//     on these labels could reach), approximate windows, time per page;
//   * label ambiguity: nodes whose matched share is strictly between 0 and 1
//     (partly matched), between 0.25 and 0.75 (near the 0.5 cut), and the
//     block F1 of the labels at the 0.5 cut against the labels at 0.25 and
//     at 0.75 (how much the cut alone moves a block-level figure);
//   * with --labels (../shared/datasets/labels/google-trends-2017.labeled.jsonl.gz):
//     agreement of the aligned labels with the annotators' node labels. A
//     text node is human content when its nearest element with a __label
//     attribute has any label but "comment" (the datasets README). The page
//     is parsed from `labeled_html` (same tree as `html`: the attribute
//     changes nothing else), and each element's start tag is read at its
//     source offset (Document::src_begin) to find the attribute.
// Usage: align_gold --data DIR [--labels FILE] [--limit N] [--json FILE]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "io/dataset.hpp"
#include "wce/wce.hpp"

namespace {

struct DatasetStats {
  std::vector<double> coverage, oracle_f1, ms;
  size_t low = 0, approximate = 0, nodes = 0, gold_nodes = 0;
  size_t partial = 0, near_cut = 0;
  wce::BlockCounts vs_low, vs_high;  // labels at 0.5 (prediction) vs at 0.25 / 0.75 (truth)
};

// Labels of the nodes at another share cut (same nodes, same tokens).
wce::GoldAlignment at_cut(const wce::GoldAlignment& g, float cut) {
  wce::GoldAlignment out = g;
  for (size_t k = 0; k < out.labels.size(); ++k)
    out.labels[k] = g.node_tokens[k] > 0 && g.node_share[k] >= cut ? 1.0f : 0.0f;
  return out;
}

void add(wce::BlockCounts& to, const wce::BlockCounts& c) {
  to.tp += c.tp, to.fp += c.fp, to.fn += c.fn, to.tn += c.tn;
}

// Value of the __label attribute in the start tag at `at`, or "" when none.
std::string label_at(const std::string& html, uint32_t at) {
  if (at >= html.size() || html[at] != '<') return {};
  size_t end = html.find('>', at);
  if (end == std::string::npos) return {};
  std::string_view tag(html.data() + at, end - at);
  size_t k = tag.find(" __label=\"");
  if (k == std::string_view::npos) return {};
  k += 10;
  size_t q = tag.find('"', k);
  return q == std::string_view::npos ? std::string() : std::string(tag.substr(k, q - k));
}

// Human labels per text node (1 content, 0 not), and whether every labelled
// start tag was found at its source offset.
wce::Labels human_labels(const wce::Document& d, const std::string& html, size_t& misplaced) {
  std::vector<int8_t> node_label(d.size(), -1);  // -1 no __label in ancestry, 0 comment, 1 content
  for (uint32_t i = 1; i < d.size(); ++i) {
    const wce::Node& n = d.nodes[i];
    int8_t inherited = n.parent == wce::kNone ? -1 : node_label[n.parent];
    if (n.kind != wce::NodeKind::Element) {
      node_label[i] = inherited;
      continue;
    }
    std::string l = n.src_begin == wce::kNone ? std::string() : label_at(html, n.src_begin);
    if (n.src_begin != wce::kNone && (n.src_begin >= html.size() || html[n.src_begin] != '<'))
      ++misplaced;
    node_label[i] = l.empty() ? inherited : (l == "comment" ? 0 : 1);
  }
  wce::Labels out(d.text_nodes.size(), 0.0f);
  for (size_t k = 0; k < d.text_nodes.size(); ++k) out[k] = node_label[d.text_nodes[k]] == 1;
  return out;
}

double mean(const std::vector<double>& v) {
  double s = 0;
  for (double x : v) s += x;
  return v.empty() ? 0 : s / v.size();
}

}  // namespace

int main(int argc, char** argv) {
  std::string data, labels_path, json_path;
  size_t limit = SIZE_MAX;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--data" && i + 1 < argc) data = argv[++i];
    else if (a == "--labels" && i + 1 < argc) labels_path = argv[++i];
    else if (a == "--limit" && i + 1 < argc) limit = std::stoul(argv[++i]);
    else if (a == "--json" && i + 1 < argc) json_path = argv[++i];
    else {
      std::fprintf(stderr, "usage: align_gold --data DIR [--labels FILE] [--limit N] [--json FILE]\n");
      return 2;
    }
  }
  if (data.empty() && labels_path.empty()) {
    std::fprintf(stderr, "align_gold: give --data and/or --labels\n");
    return 2;
  }
  using Clock = std::chrono::steady_clock;
  nlohmann::json report;
  std::vector<wce::io::DatasetProblem> problems;

  if (!data.empty()) {
    std::vector<std::string> files;
    for (const auto& e : std::filesystem::directory_iterator(data))
    {
      const std::string f = e.path().string();
      if (f.size() > 9 && f.compare(f.size() - 9, 9, ".jsonl.gz") == 0) files.push_back(f);
    }
    std::sort(files.begin(), files.end());
    std::map<std::string, DatasetStats> stats;
    for (const std::string& f : files) {
      size_t n = 0;
      wce::io::read_dataset(f, [&](wce::io::Page&& p) {
        if (n++ >= limit) return;
        auto t0 = Clock::now();
        wce::Document d = wce::parse_html(p.html, "utf-8");
        wce::GoldAlignment g = wce::align_gold(d, p.gold);
        double ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
        DatasetStats& s = stats[p.dataset];
        s.coverage.push_back(g.gold_coverage);
        s.ms.push_back(ms);
        s.low += g.gold_coverage < 0.8;
        s.approximate += g.approximate_windows > 0;
        for (size_t k = 0; k < g.labels.size(); ++k)
          if (g.node_tokens[k] > 0) {
            ++s.nodes, s.gold_nodes += g.labels[k] >= 0.5f;
            s.partial += g.node_share[k] > 0 && g.node_share[k] < 1;
            s.near_cut += g.node_share[k] >= 0.25f && g.node_share[k] <= 0.75f;
          }
        add(s.vs_low, wce::block_counts(g.labels, at_cut(g, 0.25f)));
        add(s.vs_high, wce::block_counts(g.labels, at_cut(g, 0.75f)));
        s.oracle_f1.push_back(wce::rouge_lsum(wce::render_text(d, g.labels), p.gold).f1);
      }, problems);
    }
    std::printf("| dataset | pages | coverage mean | coverage median | pages < 0.8 | oracle ROUGE-LSum F1 mean | oracle median | gold nodes / nodes | pages with approx. windows | ms/page (parse + align) |\n");
    std::printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    std::vector<double> macro_cov, macro_cov_med, macro_f1, macro_f1_med;
    for (auto& [name, s] : stats) {
      wce::Summary c = wce::summarize(s.coverage), f = wce::summarize(s.oracle_f1);
      macro_cov.push_back(c.mean), macro_cov_med.push_back(c.median);
      macro_f1.push_back(f.mean), macro_f1_med.push_back(f.median);
      std::printf("| %s | %zu | %.3f | %.3f | %zu | %.3f | %.3f | %.3f | %zu | %.1f |\n", name.c_str(),
                  s.coverage.size(), c.mean, c.median, s.low, f.mean, f.median,
                  s.nodes ? double(s.gold_nodes) / s.nodes : 0.0, s.approximate, mean(s.ms));
      report["datasets"][name] = {{"pages", s.coverage.size()}, {"coverage_mean", c.mean},
                                  {"coverage_median", c.median}, {"pages_below_0.8", s.low},
                                  {"oracle_f1_mean", f.mean}, {"oracle_f1_median", f.median},
                                  {"approximate_pages", s.approximate}, {"ms_per_page", mean(s.ms)}};
    }
    std::printf("| (macro) | | %.3f | %.3f | | %.3f | %.3f | | | |\n", mean(macro_cov), mean(macro_cov_med),
                mean(macro_f1), mean(macro_f1_med));
    std::printf("\nLabel ambiguity (nodes with alignment tokens; block F1 of the labels at share >= 0.5 against those at 0.25 / 0.75, all pages pooled)\n");
    std::printf("| dataset | nodes | partly matched (0 < share < 1) | share in [0.25, 0.75] | block F1 vs cut 0.25 | block F1 vs cut 0.75 |\n");
    std::printf("|---|---:|---:|---:|---:|---:|\n");
    for (auto& [name, s] : stats) {
      double lo = wce::block_prf(s.vs_low).f1, hi = wce::block_prf(s.vs_high).f1;
      std::printf("| %s | %zu | %zu (%.1f %%) | %zu (%.1f %%) | %.4f | %.4f |\n", name.c_str(), s.nodes, s.partial,
                  s.nodes ? 100.0 * s.partial / s.nodes : 0.0, s.near_cut, s.nodes ? 100.0 * s.near_cut / s.nodes : 0.0,
                  lo, hi);
      report["datasets"][name]["nodes"] = s.nodes;
      report["datasets"][name]["partly_matched_nodes"] = s.partial;
      report["datasets"][name]["nodes_share_0.25_0.75"] = s.near_cut;
      report["datasets"][name]["block_f1_vs_cut_0.25"] = lo;
      report["datasets"][name]["block_f1_vs_cut_0.75"] = hi;
    }
  }

  if (!labels_path.empty()) {
    // Gold texts by id, from the dataset file next to the labels.
    std::map<std::string, std::string> gold;
    std::string gold_file = data.empty() ? std::string() : data + "/google-trends-2017.jsonl.gz";
    if (!gold_file.empty())
      wce::io::read_dataset(gold_file, [&](wce::io::Page&& p) { gold[p.id] = std::move(p.gold); }, problems);
    wce::BlockCounts total;
    std::vector<double> page_f1;
    size_t pages = 0, misplaced = 0, unmatched = 0;
    wce::io::for_each_json_line(labels_path, [&](const nlohmann::json& j, const std::string&) {
      if (pages >= limit) return;
      std::string id = j.value("id", ""), html = j.value("labeled_html", "");
      auto it = gold.find(id);
      if (it == gold.end()) { ++unmatched; return; }
      ++pages;
      wce::Document d = wce::parse_html(html, "utf-8");
      wce::GoldAlignment g = wce::align_gold(d, it->second);
      wce::Labels human = human_labels(d, html, misplaced);
      // Aligned labels as the prediction, human labels as the truth, over
      // the nodes with alignment tokens.
      wce::GoldAlignment truth = g;
      truth.labels = human;
      wce::BlockCounts c = wce::block_counts(g.labels, truth);
      total.tp += c.tp, total.fp += c.fp, total.fn += c.fn, total.tn += c.tn;
      page_f1.push_back(wce::block_prf(c).f1);
    }, problems);
    wce::PRF prf = wce::block_prf(total);
    wce::Summary s = wce::summarize(page_f1);
    std::printf("\nGoogle-Trends-2017: aligned vs human node labels, %zu pages (%zu ids without gold, %zu start tags not at their offset)\n",
                pages, unmatched, misplaced);
    std::printf("| nodes (with tokens) | human content | aligned content | precision | recall | F1 | accuracy | per-page F1 mean | median |\n");
    std::printf("|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    std::printf("| %zu | %zu | %zu | %.4f | %.4f | %.4f | %.4f | %.4f | %.4f |\n",
                total.tp + total.fp + total.fn + total.tn, total.tp + total.fn, total.tp + total.fp,
                prf.precision, prf.recall, prf.f1, wce::block_accuracy(total), s.mean, s.median);
    report["google_trends_human"] = {{"pages", pages}, {"tp", total.tp}, {"fp", total.fp},
                                     {"fn", total.fn}, {"tn", total.tn}, {"precision", prf.precision},
                                     {"recall", prf.recall}, {"f1", prf.f1},
                                     {"accuracy", wce::block_accuracy(total)},
                                     {"page_f1_mean", s.mean}, {"page_f1_median", s.median}};
  }
  for (const auto& p : problems) std::fprintf(stderr, "%s: %s\n", p.where.c_str(), p.what.c_str());
  if (!json_path.empty()) std::ofstream(json_path) << report.dump(2) << "\n";
  return 0;
}
