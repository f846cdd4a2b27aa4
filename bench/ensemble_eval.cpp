// Evaluates the learned ensemble on the TEST split only (pages for which
// wce::ensemble_training_page is false): ROUGE-LSum F1 of "ensemble", of
// each candidate member (wce::ensemble_members(), used by the model or not)
// and, with --votes, of vote_best / vote_best_weighted, per dataset (mean and
// median) and macro over datasets; and the ensemble's time on top of the
// parse. One PageRun per page: "ensemble" runs first on the shared Context,
// so its extract_ms includes every member it needs (each runs once); the
// members and votes then read the cached labels.
// Usage: ensemble_eval [--split test|validation] [--votes] [--pages-per-dataset N] [--json FILE] DATA.jsonl.gz...
//   --pages-per-dataset: at most N test pages per dataset, every k-th by id.
//   --split validation: the training split's validation buckets instead
//   (kEnsembleValidationFrom..), for a model fitted without them (model
//   choice; never a result).
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "bench/lib/page_sample.hpp"
#include "io/dataset.hpp"
#include "wce/train.hpp"

// Whether the compiled-in model uses member `name` (kModelMembers).
static bool model_member(const std::string& name) {
  const auto& names = wce::ensemble_members();
  for (size_t i = 0; i < names.size(); ++i)
    if (name == names[i]) return wce::ensemble_used_members()[i];
  return false;
}

static int run(int argc, char** argv) {
  std::string json_path, split = "test";
  bool votes = false, bad_option = false;
  size_t per_dataset = 0;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--json" && i + 1 < argc) json_path = argv[++i];
    else if (a == "--pages-per-dataset" && i + 1 < argc) per_dataset = std::stoul(argv[++i]);
    else if (a == "--split" && i + 1 < argc) split = argv[++i];
    else if (a == "--votes") votes = true;
    else if (a.rfind("--", 0) == 0) bad_option = true;
    else files.push_back(a);
  }
  if (bad_option || files.empty() || (split != "test" && split != "validation")) {
    std::cerr << "usage: ensemble_eval [--split test|validation] [--votes] [--pages-per-dataset N] [--json FILE] DATA.jsonl.gz...\n";
    return 2;
  }
  std::vector<std::string> systems = {"ensemble"};
  for (const char* m : wce::ensemble_members()) systems.push_back(m);
  if (votes) {  // slow: bte and boilerpipe are not ensemble members
    systems.push_back("vote_best");
    systems.push_back("vote_best_weighted");
  }
  // f1[dataset][system] per page; times per page.
  std::map<std::string, std::map<std::string, std::vector<double>>> f1;
  std::map<std::string, std::vector<double>> parse_ms, ens_ms;
  std::vector<wce::io::DatasetProblem> problems;
  for (const std::string& f : files) {
    std::vector<wce::io::Page> chosen;
    wce::io::read_dataset(f, [&](wce::io::Page&& p) {
      const unsigned b = wce::ensemble_page_bucket(p.dataset, p.id);
      const bool take = split == "test" ? !wce::ensemble_training_page(p.dataset, p.id)
                                        : b >= wce::kEnsembleValidationFrom && b < wce::kEnsembleTrainPercent;
      if (take) chosen.push_back(std::move(p));
    }, problems);
    wce::bench::spread_sample(chosen, per_dataset);
    for (const wce::io::Page& p : chosen) {
      wce::PageRun run = wce::PageRun::parse(wce::io::page_source(p));
      parse_ms[p.dataset].push_back(run.parse_ms());
      for (const std::string& s : systems) {
        wce::ExtractorRun x = run.run(wce::require_extractor(s), /*render=*/true);
        if (s == "ensemble") ens_ms[p.dataset].push_back(x.extract_ms);
        // A failed system scores 0 on the page (none fail on the datasets).
        f1[p.dataset][s].push_back(x.ok() ? wce::rouge_lsum(x.text, p.gold).f1 : 0.0);
      }
      std::cerr << "\r" << p.dataset << " " << f1[p.dataset]["ensemble"].size() << std::flush;
    }
    std::cerr << "\n";
  }
  nlohmann::json rep;
  std::map<std::string, std::vector<double>> macro_mean, macro_median;
  std::printf("ROUGE-LSum F1 on the %s split, mean (median)\n\n| dataset | pages |", split.c_str());
  for (const auto& s : systems) std::printf(" %s |", s.c_str());
  // Two comparisons: against every candidate member, and against the members
  // the shipped model actually uses (wce::ensemble_used_members()), which is
  // what "its best member" means for this model.
  std::printf(" best member | ensemble - best member | best model member | ensemble - best model member |\n|---|--:|");
  for (size_t i = 0; i < systems.size() + 4; ++i) std::printf("--:|");
  std::printf("\n");
  for (auto& [ds, by] : f1) {
    std::printf("| %s | %zu |", ds.c_str(), by["ensemble"].size());
    double best = -1, best_used = -1;
    std::string best_name, best_used_name;
    for (const auto& s : systems) {
      wce::Summary sm = wce::summarize(by[s]);
      macro_mean[s].push_back(sm.mean);
      macro_median[s].push_back(sm.median);
      rep["datasets"][ds][s] = {{"mean", sm.mean}, {"median", sm.median}, {"pages", by[s].size()}};
      std::printf(" %.3f (%.3f) |", sm.mean, sm.median);
      bool member = s != "ensemble" && s.rfind("vote_", 0) != 0;
      if (member && sm.mean > best) best = sm.mean, best_name = s;
      if (member && model_member(s) && sm.mean > best_used) best_used = sm.mean, best_used_name = s;
    }
    double e = wce::summarize(by["ensemble"]).mean;
    std::printf(" %s | %+.3f | %s | %+.3f |\n", best_name.c_str(), e - best, best_used_name.c_str(), e - best_used);
    rep["datasets"][ds]["best_member"] = best_name;
    rep["datasets"][ds]["best_model_member"] = best_used_name;
  }
  std::printf("| **macro** | |");
  for (const auto& s : systems) {
    double mm = wce::summarize(macro_mean[s]).mean, md = wce::summarize(macro_median[s]).mean;
    rep["macro"][s] = {{"mean", mm}, {"median", md}};
    std::printf(" **%.3f** (%.3f) |", mm, md);
  }
  std::printf(" | | | |\n\ntime per page (ms, mean / median): parse vs ensemble on top (all members included)\n");
  std::vector<double> all_parse, all_ens;
  for (auto& [ds, v] : parse_ms) {
    wce::Summary a = wce::summarize(v), b = wce::summarize(ens_ms[ds]);
    std::printf("  %-22s parse %.2f / %.2f   ensemble %.2f / %.2f   ratio of means %.2f\n", ds.c_str(), a.mean,
                a.median, b.mean, b.median, b.mean / std::max(a.mean, 1e-9));
    all_parse.insert(all_parse.end(), v.begin(), v.end());
    all_ens.insert(all_ens.end(), ens_ms[ds].begin(), ens_ms[ds].end());
    rep["time_ms"][ds] = {{"parse_mean", a.mean}, {"ensemble_mean", b.mean}};
  }
  wce::Summary a = wce::summarize(all_parse), b = wce::summarize(all_ens);
  std::printf("  %-22s parse %.2f / %.2f   ensemble %.2f / %.2f   ratio of means %.2f\n", "all pages", a.mean,
              a.median, b.mean, b.median, b.mean / std::max(a.mean, 1e-9));
  rep["time_ms"]["all"] = {{"parse_mean", a.mean}, {"ensemble_mean", b.mean}};
  rep["model"] = wce::ensemble_model().trained_on;
  if (!json_path.empty()) std::ofstream(json_path) << rep.dump(1) << "\n";
  return 0;
}

// A bad option value or an unreadable file is a message and exit 2, not an abort.
int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "ensemble_eval: " << e.what() << "\n";
    return 2;
  }
}
