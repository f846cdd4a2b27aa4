// Trains and evaluates the page-complexity estimate of Bevendorff et al. 2023
// (section 3.3) and writes the model the core compiles in
// (core/models/complexity_logreg.inc). See lab/tools/complexity.md.
//
//   build/dev-complexity/complexity_train --out core/models/complexity_logreg.inc \
//       ../shared/datasets/*.jsonl.gz
//
// Per page: complexity_score (gold) and complexity_features (no gold), from
// the same Document. Split: within each dataset, pages sorted by FNV-1a 64 of
// (salt, id); the first round(25 %) are training pages (stratified by dataset,
// independent of file order). Classes: complexity > the median of the training
// pages. Model: wce::bench::fit_logistic (standardisation + L2 Newton/IRLS, l2 = 1 as
// scikit-learn's default C = 1). Reported on the other 75 %: accuracy overall
// and per dataset, against two majority-class baselines (the training split's
// majority class overall, and each dataset's own training majority), and the
// accuracy of the compiled-in model on the same split (equal to the trained
// one once the written .inc is built in).
#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "lab/tools/logistic_fit.hpp"
#include "io/dataset.hpp"
#include "wce/train.hpp"
#include "wce/train/fnv1a.hpp"

using Clock = std::chrono::steady_clock;
constexpr size_t kF = wce::kComplexityFeatureCount;

namespace {

double secs(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

struct Row {
  std::string id, dataset;
  double score = 0;        // the training target (--match)
  double score_other = 0;  // the other ComplexityMatch, for the record
  std::array<double, kF> x{};
  uint32_t elements = 0, words = 0;
  double p_compiled = 0;  // estimate_complexity with the compiled-in model
};

// train[i]: row i is a training page. Rows are grouped by dataset.
std::vector<bool> split(const std::vector<Row>& rows, uint64_t salt, double share) {
  std::map<std::string, std::vector<size_t>> by_ds;
  for (size_t i = 0; i < rows.size(); ++i) by_ds[rows[i].dataset].push_back(i);
  std::vector<bool> train(rows.size(), false);
  for (auto& [ds, idx] : by_ds) {
    std::vector<std::pair<uint64_t, size_t>> keyed;
    for (size_t i : idx) keyed.push_back({wce::Fnv1a().u64(salt).str(rows[i].id).value, i});
    std::sort(keyed.begin(), keyed.end(), [&](const auto& a, const auto& b) {
      return a.first != b.first ? a.first < b.first : rows[a.second].id < rows[b.second].id;
    });
    size_t n_train = static_cast<size_t>(std::llround(share * static_cast<double>(keyed.size())));
    for (size_t k = 0; k < n_train; ++k) train[keyed[k].second] = true;
  }
  return train;
}

struct Fit {
  std::vector<bool> train;
  double median = 0;
  std::vector<int> label;  // per row: score > median
  wce::LogisticModel model;
  std::vector<double> p;  // per row
};

Fit fit(const std::vector<Row>& rows, uint64_t salt, double share, double l2) {
  Fit f;
  f.train = split(rows, salt, share);
  std::vector<double> train_scores;
  for (size_t i = 0; i < rows.size(); ++i)
    if (f.train[i]) train_scores.push_back(rows[i].score);
  f.median = wce::summarize(train_scores).median;
  f.label.resize(rows.size());
  std::vector<double> x;
  std::vector<int> y;
  for (size_t i = 0; i < rows.size(); ++i) {
    f.label[i] = rows[i].score > f.median ? 1 : 0;
    if (!f.train[i]) continue;
    x.insert(x.end(), rows[i].x.begin(), rows[i].x.end());
    y.push_back(f.label[i]);
  }
  f.model = wce::bench::fit_logistic(x, kF, y, l2);
  f.p.resize(rows.size());
  for (size_t i = 0; i < rows.size(); ++i) f.p[i] = f.model.probability(rows[i].x.data());
  return f;
}

struct Counts {
  size_t n = 0, correct = 0, tp = 0, fp = 0, fn = 0, tn = 0;
  void add(int truth, int pred) {
    ++n;
    correct += truth == pred;
    if (truth && pred) ++tp;
    else if (!truth && pred) ++fp;
    else if (truth && !pred) ++fn;
    else ++tn;
  }
  double acc() const { return n ? static_cast<double>(correct) / n : 0; }
  double f1() const { return tp ? 2.0 * tp / (2.0 * tp + fp + fn) : 0; }
  double mcc() const {
    double d = std::sqrt(double(tp + fp) * double(tp + fn) * double(tn + fp) * double(tn + fn));
    return d > 0 ? (double(tp) * tn - double(fp) * fn) / d : 0;
  }
};

struct Eval {
  Counts model, base_global, base_dataset, compiled;
  std::map<std::string, Counts> ds_model, ds_global, ds_dataset, ds_compiled;
  std::map<std::string, size_t> ds_train, ds_test, ds_test_above;
  int global_majority = 0;
};

Eval evaluate(const std::vector<Row>& rows, const Fit& f) {
  Eval e;
  size_t train_above = 0, train_n = 0;
  std::map<std::string, std::array<size_t, 2>> ds_train_classes;
  for (size_t i = 0; i < rows.size(); ++i) {
    if (!f.train[i]) continue;
    ++train_n;
    train_above += f.label[i];
    ++ds_train_classes[rows[i].dataset][f.label[i]];
    ++e.ds_train[rows[i].dataset];
  }
  e.global_majority = 2 * train_above > train_n ? 1 : 0;
  for (size_t i = 0; i < rows.size(); ++i) {
    if (f.train[i]) continue;
    const std::string& ds = rows[i].dataset;
    int truth = f.label[i];
    int pred = f.p[i] >= 0.5 ? 1 : 0;
    auto& c = ds_train_classes[ds];
    int ds_major = c[1] > c[0] ? 1 : 0;
    int compiled = rows[i].p_compiled >= 0.5 ? 1 : 0;
    e.model.add(truth, pred);
    e.base_global.add(truth, e.global_majority);
    e.base_dataset.add(truth, ds_major);
    e.compiled.add(truth, compiled);
    e.ds_model[ds].add(truth, pred);
    e.ds_global[ds].add(truth, e.global_majority);
    e.ds_dataset[ds].add(truth, ds_major);
    e.ds_compiled[ds].add(truth, compiled);
    ++e.ds_test[ds];
    e.ds_test_above[ds] += truth;
  }
  return e;
}

std::string fmt(const char* f, double v) {
  char b[64];
  std::snprintf(b, sizeof b, f, v);
  return b;
}

std::string g17(double v) {
  char b[64];
  std::snprintf(b, sizeof b, "%.17g", v);
  return b;
}

std::string base_name(const std::string& p) {
  size_t s = p.find_last_of('/');
  return s == std::string::npos ? p : p.substr(s + 1);
}

int usage() {
  std::fprintf(stderr,
               "usage: complexity_train [--out FILE.inc] [--pages-csv FILE] [--match multiset|count]\n"
               "                        [--l2 X] [--train-share X] [--salts N] [--threads N]\n"
               "                        DATASET.jsonl[.gz]...\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::string out_inc, pages_csv;
  wce::ComplexityMatch match = wce::ComplexityMatch::Multiset;
  double l2 = 1.0, share = 0.25;
  int salts = 5;
  unsigned threads = std::max(1u, std::min(2u, std::thread::hardware_concurrency()));
  std::vector<std::string> data;
  std::string command = "complexity_train";
  for (int i = 1; i < argc; ++i) command += std::string(" ") + argv[i];
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) { std::fprintf(stderr, "%s needs a value\n", a.c_str()); std::exit(2); }
      return argv[++i];
    };
    if (a == "--out") out_inc = value();
    else if (a == "--pages-csv") pages_csv = value();
    else if (a == "--match") {
      std::string m = value();
      if (m == "multiset") match = wce::ComplexityMatch::Multiset;
      else if (m == "count") match = wce::ComplexityMatch::TokenCount;
      else return usage();
    } else if (a == "--l2") l2 = std::atof(value().c_str());
    else if (a == "--train-share") share = std::atof(value().c_str());
    else if (a == "--salts") salts = std::max(1, std::atoi(value().c_str()));
    else if (a == "--threads") threads = std::max(1, std::atoi(value().c_str()));
    else if (a.rfind("--", 0) == 0) return usage();
    else data.push_back(a);
  }
  if (data.empty()) return usage();
  const wce::ComplexityMatch other =
      match == wce::ComplexityMatch::Multiset ? wce::ComplexityMatch::TokenCount : wce::ComplexityMatch::Multiset;

  // --- Pages -> rows (parse, score, features), `threads` workers per file.
  auto t_start = Clock::now();
  std::vector<Row> rows;
  std::vector<wce::io::DatasetProblem> problems;
  double parse_s = 0, score_s = 0, feature_s = 0, estimate_s = 0, html_mb = 0;
  std::mutex mu;
  std::vector<std::string> data_desc;
  for (const auto& path : data) {
    std::vector<wce::io::Page> pages;
    wce::io::read_dataset(path, [&](wce::io::Page&& p) { pages.push_back(std::move(p)); }, problems);
    data_desc.push_back(base_name(path) + " (" + std::to_string(pages.size()) + " pages)");
    size_t base = rows.size();
    rows.resize(base + pages.size());
    std::atomic<size_t> next{0};
    auto work = [&]() {
      double ps = 0, ss = 0, fs = 0, es = 0, mb = 0;
      for (size_t k; (k = next++) < pages.size();) {
        const wce::io::Page& p = pages[k];
        Row& r = rows[base + k];
        r.id = p.id;
        r.dataset = p.dataset;
        mb += p.html.size() / 1e6;
        auto t0 = Clock::now();
        wce::Document doc = wce::parse_html(p.html, p.html_is_utf8 ? "utf-8" : "");
        auto t1 = Clock::now();
        r.score = wce::complexity_score(doc, p.gold, match);
        r.score_other = wce::complexity_score(doc, p.gold, other);
        auto t2 = Clock::now();
        wce::ComplexityFeatures f = wce::complexity_features(doc);
        auto t3 = Clock::now();
        r.p_compiled = wce::estimate_complexity(doc).p_above_median;
        auto t4 = Clock::now();
        r.x = f.values;
        r.elements = f.elements;
        r.words = f.words;
        ps += secs(t0, t1); ss += secs(t1, t2) / 2; fs += secs(t2, t3); es += secs(t3, t4);
      }
      std::lock_guard<std::mutex> lock(mu);
      parse_s += ps; score_s += ss; feature_s += fs; estimate_s += es; html_mb += mb;
    };
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; ++t) pool.emplace_back(work);
    for (auto& t : pool) t.join();
    std::fprintf(stderr, "%s: %zu pages\n", path.c_str(), pages.size());
  }
  // Deterministic order whatever the file order: dataset, then id.
  std::sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
    return a.dataset != b.dataset ? a.dataset < b.dataset : a.id < b.id;
  });
  auto t_loaded = Clock::now();

  // --- Fit (salt 0 is the written model; other salts show the split variance).
  Fit f0 = fit(rows, 0, share, l2);
  Eval e0 = evaluate(rows, f0);
  std::vector<double> salt_acc, salt_base;
  for (int s = 0; s < salts; ++s) {
    Fit fs = s == 0 ? f0 : fit(rows, static_cast<uint64_t>(s), share, l2);
    Eval es = s == 0 ? e0 : evaluate(rows, fs);
    salt_acc.push_back(es.model.acc());
    salt_base.push_back(es.base_dataset.acc());
  }
  auto t_fit = Clock::now();

  // --- Report.
  std::ostringstream rep;
  const char* match_name = match == wce::ComplexityMatch::Multiset ? "multiset" : "count";
  size_t n_train = 0;
  for (bool b : f0.train) n_train += b;
  rep << "pages: " << rows.size() << " (train " << n_train << ", test " << rows.size() - n_train
      << "), target: complexity (" << match_name << ") > training median " << fmt("%.4f", f0.median)
      << ", l2 " << l2 << "\n\n";
  rep << "| dataset | pages | train | test | test above | model acc | baseline global | baseline dataset "
         "| compiled-in acc |\n|---|--:|--:|--:|--:|--:|--:|--:|--:|\n";
  for (const auto& [ds, c] : e0.ds_model) {
    rep << "| " << ds << " | " << e0.ds_train[ds] + e0.ds_test[ds] << " | " << e0.ds_train[ds] << " | "
        << e0.ds_test[ds] << " | " << fmt("%.0f %%", 100.0 * e0.ds_test_above[ds] / e0.ds_test[ds]) << " | "
        << fmt("%.3f", c.acc()) << " | " << fmt("%.3f", e0.ds_global[ds].acc()) << " | "
        << fmt("%.3f", e0.ds_dataset[ds].acc()) << " | " << fmt("%.3f", e0.ds_compiled[ds].acc()) << " |\n";
  }
  rep << "| **all** | " << rows.size() << " | " << n_train << " | " << e0.model.n << " | "
      << fmt("%.0f %%", 100.0 * (e0.model.tp + e0.model.fn) / std::max<size_t>(e0.model.n, 1)) << " | **"
      << fmt("%.3f", e0.model.acc()) << "** | " << fmt("%.3f", e0.base_global.acc()) << " | "
      << fmt("%.3f", e0.base_dataset.acc()) << " | " << fmt("%.3f", e0.compiled.acc()) << " |\n\n";
  rep << "held-out: accuracy " << fmt("%.3f", e0.model.acc()) << ", F1(above) " << fmt("%.3f", e0.model.f1())
      << ", MCC " << fmt("%.3f", e0.model.mcc()) << "; baseline global majority ("
      << (e0.global_majority ? "above" : "below") << ") " << fmt("%.3f", e0.base_global.acc())
      << ", per-dataset majority " << fmt("%.3f", e0.base_dataset.acc()) << "\n";
  {
    wce::Summary sa = wce::summarize(salt_acc), sb = wce::summarize(salt_base);
    double lo = *std::min_element(salt_acc.begin(), salt_acc.end());
    double hi = *std::max_element(salt_acc.begin(), salt_acc.end());
    rep << "over " << salts << " split salts: accuracy mean " << fmt("%.3f", sa.mean) << " (min "
        << fmt("%.3f", lo) << ", max " << fmt("%.3f", hi) << "), per-dataset majority baseline mean "
        << fmt("%.3f", sb.mean) << "\n";
  }
  const auto& cm = wce::complexity_model();
  rep << "compiled-in model (" << cm.trained_on << "): accuracy on this split " << fmt("%.3f", e0.compiled.acc())
      << "\n\nweights (standardised features):\n";
  const auto& names = wce::complexity_feature_names();
  for (size_t j = 0; j < kF; ++j)
    rep << "  " << names[j] << std::string(16 - std::string(names[j]).size(), ' ') << fmt("%+.4f", f0.model.weight[j])
        << "   mean " << fmt("%.5f", f0.model.mean[j]) << "  sd " << fmt("%.5f", f0.model.stdev[j]) << "\n";
  rep << "  (intercept)     " << fmt("%+.4f", f0.model.intercept) << "\n\n";

  // Levels (paper Table 1): quartiles over all pages.
  std::vector<double> all_scores;
  for (const Row& r : rows) all_scores.push_back(r.score);
  wce::ComplexityLevels lv = wce::levels_from_scores(all_scores);
  rep << "levels over all pages: q1 " << fmt("%.4f", lv.q1) << ", median "
      << fmt("%.4f", wce::summarize(all_scores).median) << ", q3 " << fmt("%.4f", lv.q3) << "\n\n";
  rep << "| dataset | median c (" << match_name << ") | median c (" << (match_name[0] == 'm' ? "count" : "multiset")
      << ") | low | medium | high |\n|---|--:|--:|--:|--:|--:|\n";
  {
    std::map<std::string, std::vector<double>> sc, so;
    std::map<std::string, std::array<size_t, 3>> lvl;
    for (const Row& r : rows) {
      sc[r.dataset].push_back(r.score);
      so[r.dataset].push_back(r.score_other);
      ++lvl[r.dataset][static_cast<size_t>(wce::complexity_level(r.score, lv))];
    }
    std::array<size_t, 3> tot{};
    for (const auto& [ds, v] : sc) {
      auto& l = lvl[ds];
      double n = static_cast<double>(v.size());
      rep << "| " << ds << " | " << fmt("%.3f", wce::summarize(v).median) << " | "
          << fmt("%.3f", wce::summarize(so[ds]).median);
      for (size_t k = 0; k < 3; ++k) {
        rep << " | " << l[k] << fmt(" (%.0f %%)", 100.0 * l[k] / n);
        tot[k] += l[k];
      }
      rep << " |\n";
    }
    rep << "| all | | | " << tot[0] << " | " << tot[1] << " | " << tot[2] << " |\n\n";
  }
  size_t n = std::max<size_t>(rows.size(), 1);
  rep << "time: " << fmt("%.1f", secs(t_start, t_fit)) << " s wall (" << threads << " threads; fits "
      << fmt("%.2f", secs(t_loaded, t_fit)) << " s for " << salts << " salts); per page (CPU): parse "
      << fmt("%.2f", 1000 * parse_s / n) << " ms, complexity_score " << fmt("%.2f", 1000 * score_s / n)
      << " ms, complexity_features " << fmt("%.2f", 1000 * feature_s / n) << " ms, estimate_complexity "
      << fmt("%.2f", 1000 * estimate_s / n) << " ms; " << fmt("%.0f", html_mb) << " MB HTML\n";
  if (!problems.empty()) rep << problems.size() << " malformed records skipped\n";
  std::fputs(rep.str().c_str(), stdout);

  if (!pages_csv.empty()) {
    std::ofstream out(pages_csv);
    out << "id,dataset,split,complexity,complexity_other,level,elements,words";
    for (const char* nm : names) out << ',' << nm;
    out << ",p_trained,p_compiled\n";
    for (size_t i = 0; i < rows.size(); ++i) {
      const Row& r = rows[i];
      out << r.id << ',' << r.dataset << ',' << (f0.train[i] ? "train" : "test") << ',' << g17(r.score) << ','
          << g17(r.score_other) << ',' << wce::complexity_level_name(wce::complexity_level(r.score, lv)) << ','
          << r.elements << ',' << r.words;
      for (double v : r.x) out << ',' << g17(v);
      out << ',' << g17(f0.p[i]) << ',' << g17(r.p_compiled) << '\n';
    }
  }

  if (!out_inc.empty()) {
    char date[64];
    std::time_t now = std::time(nullptr);
    std::strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", std::gmtime(&now));
    std::ostringstream inc;
    inc << "// Page-complexity estimate (Bevendorff et al. 2023, section 3.3): logistic\n"
           "// regression on standardised features, P(complexity > median). Generated by\n"
           "// lab/tools/complexity_train.cpp; do not edit. #included by core/src/features/complexity.cpp.\n//\n"
        << "// command: " << command << "\n// date:    " << date << "\n// data:    ";
    for (size_t k = 0; k < data_desc.size(); ++k)
      inc << (k ? (k % 3 == 0 ? ",\n//          " : ", ") : "") << data_desc[k];
    inc << "\n//          (../shared/datasets; sha256 in its manifest.json)\n"
        << "// split:   per dataset, pages sorted by FNV-1a 64 of the id, first " << fmt("%.0f %%", 100 * share)
        << " train: " << n_train << " train / " << rows.size() - n_train << " test pages\n"
        << "// target:  complexity_score (" << match_name << ") > " << fmt("%.6f", f0.median)
        << " (training median); l2 = " << l2 << "\n"
        << "// held-out accuracy " << fmt("%.3f", e0.model.acc()) << " (F1 " << fmt("%.3f", e0.model.f1())
        << ", MCC " << fmt("%.3f", e0.model.mcc()) << "); majority baselines: global "
        << fmt("%.3f", e0.base_global.acc()) << ", per dataset " << fmt("%.3f", e0.base_dataset.acc()) << "\n"
        << "// per dataset (accuracy / per-dataset majority baseline):\n";
    for (const auto& [ds, c] : e0.ds_model)
      inc << "//   " << ds << std::string(22 - std::min<size_t>(ds.size(), 21), ' ') << fmt("%.3f", c.acc()) << " / "
          << fmt("%.3f", e0.ds_dataset[ds].acc()) << "  (" << c.n << " test pages)\n";
    inc << "\nconstexpr const char* kModelFeatureNames[] = {";
    for (size_t j = 0; j < kF; ++j) inc << (j ? ", " : "") << '"' << names[j] << '"';
    auto arr = [&](const char* name, const std::vector<double>& v) {
      inc << "};\nconstexpr double " << name << "[] = {\n";
      for (size_t j = 0; j < v.size(); ++j) inc << "    " << g17(v[j]) << ",  // " << names[j] << "\n";
    };
    arr("kModelMean", f0.model.mean);
    arr("kModelStdev", f0.model.stdev);
    arr("kModelWeight", f0.model.weight);
    inc << "};\nconstexpr double kModelIntercept = " << g17(f0.model.intercept) << ";\n"
        << "constexpr double kModelMedianComplexity = " << g17(f0.median) << ";\n"
        << "constexpr double kModelHeldoutAccuracy = " << g17(e0.model.acc()) << ";\n"
        << "constexpr const char* kModelTrainedOn = \"" << n_train << " pages of " << data.size()
        << " datasets, " << date << ", complexity " << match_name << ", held-out accuracy "
        << fmt("%.3f", e0.model.acc()) << "\";\n";
    std::ofstream out(out_inc);
    out << inc.str();
    if (!out) { std::fprintf(stderr, "cannot write %s\n", out_inc.c_str()); return 1; }
    std::fprintf(stderr, "wrote %s\n", out_inc.c_str());
  }
  return 0;
}
