// "Models are current": a fingerprint of what every shipped model reads, on a
// fixed sample of pages, so that a change to a feature or to a member
// extractor cannot silently leave a model trained on inputs it no longer
// gets. The fingerprints live in core/models/inputs.json, written by the
// training commands (lab/train.sh calls `model_inputs --write` after a model
// changes) and checked by the CTest `models_current`.
//
//   build/native/model_inputs --check core/models/inputs.json [--datasets DIR]
//   build/native/model_inputs --write core/models/inputs.json [--datasets DIR]
//
// Per model, over the sample (the demo pages, and the first kPagesPerFile
// records of each dataset file the JSON names, when DIR holds them):
//   * labels: per member extractor of the learned ensemble, an FNV-1a hash of
//     its kept / dropped bit per text node (exact);
//   * tokens: an FNV-1a hash of the model's discrete inputs (BoilerNet's tag
//     paths and words, Dragnet's id/class tokens; exact);
//   * sums: per feature column, the sum over the sample's rows (compared with
//     a relative tolerance, so that another compiler's last bit does not count).
// --check exits 1 naming each stale model and its retrain command.
#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "io/dataset.hpp"
#include "wce/train.hpp"
#include "wce/train/fnv1a.hpp"

namespace {

using nlohmann::json;

// 4 pages per file let a change of readability's class weight through on the
// dataset pages (lab/results/issue31-audit.md); 25 catch it.
constexpr size_t kPagesPerFile = 25;
constexpr double kRelativeTolerance = 1e-6;
const std::vector<std::string> kDemoPages = {"blog-with-comments", "documentation-page", "forum-thread",
                                             "minimal-page",       "news-article",       "product-page"};

// A hash of bytes and of NUL-terminated strings, printed as 16 hex digits.
struct Fnv : wce::Fnv1a {
  void str(const std::string& s) {
    bytes(s.data(), s.size());
    bytes("\0", 1);
  }
  std::string hex() const {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(value));
    return buf;
  }
};

// What one model reads, accumulated over the sample.
struct Inputs {
  std::map<std::string, Fnv> labels;  // member -> hash of its bits
  Fnv tokens;
  std::vector<double> sums;
  size_t rows = 0;
  void add_row(const double* x, size_t n) {
    if (sums.empty()) sums.assign(n, 0.0);
    for (size_t i = 0; i < n; ++i) sums[i] += x[i];
    ++rows;
  }
  json to_json() const {
    json j = {{"rows", rows}, {"sums", sums}};
    if (!labels.empty()) {
      json l = json::object();
      for (const auto& [m, h] : labels) l[m] = h.hex();
      j["labels"] = l;
    }
    j["tokens"] = tokens.hex();
    return j;
  }
};

struct Model {
  const char* name;
  const char* retrain;  // the command that makes it again
  std::function<void(wce::PageRun&, const wce::io::Page&, Inputs&)> read;
};

// BoilerNet's blocks: tag paths and words (learned::boilernet_blocks).
void read_boilernet_blocks(wce::PageRun& run, const wce::io::Page&, Inputs& in) {
  for (const auto& b : wce::learned::boilernet_blocks(run.doc())) {
    in.tokens.bytes(&b.text_index, sizeof b.text_index);
    for (const auto& t : b.tags) in.tokens.str(t);
    in.tokens.str("|");
    for (const auto& w : b.words) in.tokens.str(w);
    const double counts[2] = {static_cast<double>(b.tags.size()), static_cast<double>(b.words.size())};
    in.add_row(counts, 2);
  }
}

const std::vector<Model>& models() {
  static const std::vector<Model> all = {
      {"ensemble", "bash lab/train.sh ensemble",
       [](wce::PageRun& run, const wce::io::Page&, Inputs& in) {
         wce::Context& ctx = run.context();
         const auto& members = wce::ensemble_members();
         const wce::EnsembleMemberSet& use = wce::ensemble_used_members();
         for (size_t m = 0; m < members.size(); ++m) {
           if (!use[m]) continue;
           const wce::Labels& l = ctx.labels(wce::require_extractor(members[m]));
           Fnv& h = in.labels[members[m]];
           for (float v : l) h.bytes(v >= wce::kContentThreshold ? "1" : "0", 1);
         }
         const std::vector<double> x = wce::ensemble_features(ctx, {}, nullptr, &use);
         const size_t d = wce::kEnsembleFeatureCount;
         for (size_t r = 0; r + d <= x.size(); r += d) in.add_row(&x[r], d);
       }},
      // Both BoilerNet sizes read the same blocks (each retrained by its own command).
      {"boilernet", "bash lab/train.sh boilernet", read_boilernet_blocks},
      {"boilernet_small", "bash lab/train.sh boilernet_small", read_boilernet_blocks},
      {"dragnet", "bash lab/train.sh dragnet",
       [](wce::PageRun& run, const wce::io::Page&, Inputs& in) {
         for (const auto& b : wce::learned::dragnet_blocks(run.context())) {
           double x[wce::learned::kDragnetFeatureCount];
           for (size_t i = 0; i < wce::learned::kDragnetFeatureCount; ++i) x[i] = b.x[i];
           in.add_row(x, wce::learned::kDragnetFeatureCount);
           for (const auto& c : b.css) in.tokens.str(c);
           in.tokens.str("|");
         }
       }},
      {"web2text", "bash lab/train.sh web2text",
       [](wce::PageRun& run, const wce::io::Page&, Inputs& in) {
         const wce::learned::Web2TextFeatures f = wce::learned::web2text_features(run.context());
         const size_t bd = wce::learned::kWeb2TextBlockFeatures, ed = wce::learned::kWeb2TextEdgeFeatures;
         std::vector<double> row(bd + ed, 0.0);
         for (size_t b = 0; b < f.text_index.size(); ++b) {
           for (size_t i = 0; i < bd; ++i) row[i] = f.block[b * bd + i];
           for (size_t i = 0; i < ed; ++i) row[bd + i] = b + 1 < f.text_index.size() ? f.edge[b * ed + i] : 0.0;
           in.add_row(row.data(), row.size());
           in.tokens.bytes(&f.text_index[b], sizeof f.text_index[b]);
         }
       }},
      {"page_type", "bash lab/train.sh page_type",
       [](wce::PageRun& run, const wce::io::Page& page, Inputs& in) {
         const std::vector<double> x = wce::page_type_features(run.context(), page.url);
         in.add_row(x.data(), x.size());
       }},
      // The listing gate reads the same features as the ensemble reads the page: no URL, no structured data.
      {"listing_gate", "bash lab/train.sh listing_gate",
       [](wce::PageRun& run, const wce::io::Page&, Inputs& in) {
         const std::vector<double> x = wce::page_type_features(run.context(), {}, false);
         in.add_row(x.data(), x.size());
       }},
      {"complexity", "build/native/complexity_train (lab/tools/complexity.md)",
       [](wce::PageRun& run, const wce::io::Page&, Inputs& in) {
         const wce::ComplexityFeatures f = wce::complexity_features(run.doc());
         in.add_row(f.values.data(), f.values.size());
       }},
  };
  return all;
}

struct StopReading {};

// The sample's pages, in a fixed order: the demo pages, then the first
// kPagesPerFile records of each named dataset file present in `dir`.
void for_each_sample_page(const std::string& root, const std::string& dir, const std::vector<std::string>& files,
                          const std::function<void(const std::string& part, wce::io::Page&&)>& on_page,
                          std::vector<std::string>& missing) {
  for (const std::string& d : kDemoPages) {
    wce::io::Page p;
    p.id = "demo-" + d;
    p.html = wce::io::read_file(root + "/demo/" + d + "/source.html");
    p.html_is_utf8 = false;
    on_page("demo", std::move(p));
  }
  for (const std::string& f : files) {
    const std::string path = dir + "/" + f;
    if (!std::ifstream(path)) {
      missing.push_back(f);
      continue;
    }
    std::vector<wce::io::DatasetProblem> problems;
    size_t n = 0;
    try {
      wce::io::read_dataset(path, [&](wce::io::Page&& p) {
        on_page("datasets", std::move(p));
        if (++n == kPagesPerFile) throw StopReading{};
      }, problems, wce::io::Need::Html);
    } catch (const StopReading&) {
    }
  }
}

// {"demo": {model: inputs}, "datasets": {model: inputs}}
json fingerprints(const std::string& root, const std::string& dir, const std::vector<std::string>& files,
                  std::vector<std::string>& missing) {
  std::map<std::string, std::map<std::string, Inputs>> acc;
  for_each_sample_page(root, dir, files, [&](const std::string& part, wce::io::Page&& p) {
    for (const Model& m : models()) {
      wce::PageRun run = wce::PageRun::parse(wce::io::page_source(p));  // a fresh Context per model
      m.read(run, p, acc[part][m.name]);
    }
  }, missing);
  json out = json::object();
  for (const auto& [part, per_model] : acc)
    for (const auto& [name, in] : per_model) out[part][name] = in.to_json();
  return out;
}

// Differences between a recorded and a recomputed fingerprint of one model.
std::vector<std::string> differences(const json& want, const json& got) {
  std::vector<std::string> out;
  if (want.value("rows", -1) != got.value("rows", -2))
    out.push_back("rows " + want.value("rows", json()).dump() + " -> " + got.value("rows", json()).dump());
  if (want.value("tokens", "") != got.value("tokens", "")) out.push_back("discrete inputs (tokens) changed");
  const json wl = want.value("labels", json::object()), gl = got.value("labels", json::object());
  for (const auto& [m, h] : wl.items())
    if (!gl.contains(m) || gl[m] != h) out.push_back("the labels of member " + m + " changed");
  for (const auto& [m, h] : gl.items())
    if (!wl.contains(m)) out.push_back("new member " + m);
  const json ws = want.value("sums", json::array()), gs = got.value("sums", json::array());
  if (ws.size() != gs.size()) {
    out.push_back("feature count " + std::to_string(ws.size()) + " -> " + std::to_string(gs.size()));
    return out;
  }
  for (size_t i = 0; i < ws.size(); ++i) {
    const double a = ws[i].get<double>(), b = gs[i].get<double>();
    if (std::fabs(a - b) > kRelativeTolerance * std::max(1.0, std::max(std::fabs(a), std::fabs(b)))) {
      out.push_back("feature " + std::to_string(i) + ": sum " + std::to_string(a) + " -> " + std::to_string(b));
      if (out.size() > 6) break;
    }
  }
  return out;
}

int usage() {
  std::cerr << "usage: model_inputs --check|--write core/models/inputs.json [--datasets DIR] [--root REPO]\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::string mode, path, dir = "../shared/datasets", root = ".";
  if (const char* env = std::getenv("WCE_DATASETS_DIR")) dir = env;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
    if (a == "--check" || a == "--write") {
      mode = a;
      path = value();
    } else if (a == "--datasets") dir = value();
    else if (a == "--root") root = value();
    else return usage();
  }
  if (mode.empty() || path.empty()) return usage();
  try {
    std::vector<std::string> files;
    json recorded;
    if (mode == "--check") {
      recorded = json::parse(wce::io::read_file(path));
      files = recorded.at("sample").at("dataset_files").get<std::vector<std::string>>();
    } else {
      files = {"big9.jsonl.gz",           "cleaneval.jsonl.gz",   "cleanportaleval.jsonl.gz",
               "daniel.jsonl.gz",         "dragnet.jsonl.gz",     "google-trends-2017.jsonl.gz",
               "htmltotext-benchmark.jsonl.gz", "l3s-gn1.jsonl.gz", "readability.jsonl.gz",
               "wcxb-dev.jsonl.gz"};
    }
    std::vector<std::string> missing;
    const json got = fingerprints(root, dir, files, missing);
    if (mode == "--write") {
      if (!missing.empty()) {
        std::cerr << "model_inputs: " << dir << " lacks " << missing.front() << ": the fingerprint needs every file\n";
        return 1;
      }
      json out = {{"what", "the inputs every shipped model reads on a fixed sample (lab/tools/model_inputs.cpp)"},
                  {"sample", {{"demo_pages", kDemoPages}, {"dataset_files", files}, {"pages_per_file", kPagesPerFile}}},
                  {"retrain", json::object()}};
      for (const Model& m : models()) out["retrain"][m.name] = m.retrain;
      out["demo"] = got.at("demo");
      out["datasets"] = got.at("datasets");
      std::ofstream(path) << out.dump(1) << "\n";
      std::cout << "model_inputs: wrote " << path << "\n";
      return 0;
    }
    int stale = 0;
    for (const char* part : {"demo", "datasets"}) {
      if (std::string(part) == "datasets" && !missing.empty()) {
        std::cout << "model_inputs: " << dir << " lacks " << missing.size()
                  << " dataset file(s): checked the demo pages only\n";
        continue;
      }
      for (const Model& m : models()) {
        const auto diff = differences(recorded.at(part).at(m.name), got.at(part).at(m.name));
        if (diff.empty()) continue;
        ++stale;
        std::cout << "STALE model " << m.name << " (" << part << " sample):";
        for (const auto& d : diff) std::cout << "\n    " << d;
        std::cout << "\n  retrain: " << m.retrain << ", then build/native/model_inputs --write " << path << "\n";
      }
    }
    if (stale) return 1;
    std::cout << "model_inputs: every model's inputs are as recorded (" << models().size() << " models)\n";
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "model_inputs: " << e.what() << "\n";
    return 2;
  }
}
