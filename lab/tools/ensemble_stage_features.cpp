// The learned ensemble's second-stage and page-stage features of the rows of
// a lab/tools/ensemble_dump prefix, from given per-row probabilities (the
// first stage's out-of-fold P(content) in lab/learn/ensemble.py), computed by
// the core's own functions (wce::ensemble_context_features,
// wce::ensemble_page_features): the training reads exactly what the runtime
// computes, with no second definition in Python.
//
// Reads P.columns, P.pages.tsv, P.rows.f32 (words and node features per row,
// as float32), P.groups.i32, P.anc.i32 (every element ancestor of each row,
// from its parent up: the tree rebuilt per page keeps the elements above
// worded text nodes and those text nodes, which gives the runtime's subtree
// sums bit for bit), P.region.i32 and P.pagedoc.f32.
// Output (float64, row-major):
//   --context OUT  per row, kEnsembleContextFeatureCount (ensemble_context_feature_names)
//   --page OUT     per page, kEnsemblePageFeatureCount (ensemble_page_feature_names), then with
//                  --page-extra-members a,b: kEnsemblePagePerMemberFeatureCount more per member
// --check: PROB is the dump's P.prob1.f64 (ensemble_dump --stage-check) and
// the features must equal, bit for bit, the runtime's from the Context
// (P.context.f64, P.page.f64); exit 1 when one differs.
// Usage: ensemble_stage_features --data P --prob PROB.f64 [--context OUT.f64] [--page OUT.f64]
//          [--page-extra-members a,b]
//        ensemble_stage_features --data P --check
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "wce/train.hpp"

namespace {

constexpr size_t D = wce::kEnsembleFeatureCount;
constexpr size_t G = wce::kEnsembleGroupCount;
constexpr size_t C = wce::kEnsembleContextFeatureCount;
constexpr size_t kLead = 6;  // row columns before the node features: page, node, words, align, matched, gold

[[noreturn]] void fail(const std::string& what) { throw std::runtime_error(what); }

template <class T>
std::vector<T> read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) fail("cannot read " + path);
  const std::streamsize bytes = in.tellg();
  if (bytes % static_cast<std::streamsize>(sizeof(T)) != 0) fail(path + ": size is not a whole number of values");
  std::vector<T> v(static_cast<size_t>(bytes) / sizeof(T));
  in.seekg(0);
  in.read(reinterpret_cast<char*>(v.data()), bytes);
  if (!in) fail("cannot read " + path);
  return v;
}

void write_all(const std::string& path, const std::vector<double>& v) {
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(v.data()), static_cast<std::streamsize>(v.size() * sizeof(double)));
  if (!out) fail("cannot write " + path);
}

// The dump's files, whole.
struct Dump {
  size_t pages = 0, rows = 0;
  std::vector<float> row;       // rows x (kLead + D)
  std::vector<int32_t> groups;  // rows x G
  std::vector<int32_t> anc;     // (row, element) pairs, by row
  std::vector<int32_t> region;  // per row
  std::vector<float> pagedoc;   // pages x 2
  std::vector<size_t> first;    // per page + 1: its first row
};

Dump read_dump(const std::string& prefix) {
  Dump d;
  {
    std::ifstream c(prefix + ".columns");
    if (!c) fail("cannot read " + prefix + ".columns");
    std::vector<std::string> cols;
    for (std::string line; std::getline(c, line);)
      if (!line.empty()) cols.push_back(line);
    const auto& names = wce::ensemble_feature_names();
    bool same = cols.size() == kLead + D;
    for (size_t j = 0; same && j < D; ++j) same = cols[kLead + j] == names[j];
    if (!same)
      fail(prefix + ".columns: not the node features of this build (wce::ensemble_feature_names): "
                    "dump again (WCE_REDUMP=1 bash lab/train.sh ensemble)");
  }
  {
    std::ifstream t(prefix + ".pages.tsv");
    if (!t) fail("cannot read " + prefix + ".pages.tsv");
    std::string line;
    std::getline(t, line);
    while (std::getline(t, line))
      if (!line.empty()) ++d.pages;
  }
  d.row = read_all<float>(prefix + ".rows.f32");
  if (d.row.size() % (kLead + D) != 0) fail(prefix + ".rows.f32: not whole rows");
  d.rows = d.row.size() / (kLead + D);
  d.groups = read_all<int32_t>(prefix + ".groups.i32");
  d.anc = read_all<int32_t>(prefix + ".anc.i32");
  d.region = read_all<int32_t>(prefix + ".region.i32");
  d.pagedoc = read_all<float>(prefix + ".pagedoc.f32");
  if (d.groups.size() != d.rows * G || d.region.size() != d.rows || d.pagedoc.size() != d.pages * 2 ||
      d.anc.size() % 2 != 0)
    fail(prefix + ": the per-row files do not match P.rows.f32 (" + std::to_string(d.rows) + " rows, " +
         std::to_string(d.pages) + " pages)");
  d.first.assign(d.pages + 1, d.rows);
  size_t r = 0;
  for (size_t p = 0; p < d.pages; ++p) {
    d.first[p] = r;
    while (r < d.rows && d.row[r * (kLead + D)] == static_cast<float>(p)) ++r;
  }
  if (r != d.rows) fail(prefix + ".rows.f32: rows not in page order at row " + std::to_string(r));
  return d;
}

// One page's second-stage inputs from the dump: its rows (worded text nodes)
// and the tree of the elements above them. A tree node's place in pre-order
// follows from its first row: an element comes before the first row below
// it, its ancestors before it (lower Document index), and a row after the
// elements whose first row it is.
wce::EnsembleContextInputs context_inputs(const Dump& d, size_t page, size_t& anc_pos) {
  const size_t lo = d.first[page], n = d.first[page + 1] - lo;
  wce::EnsembleContextInputs in;
  in.words.resize(n);
  for (size_t k = 0; k < n; ++k) in.words[k] = static_cast<uint32_t>(d.row[(lo + k) * (kLead + D) + 2]);
  struct Element {
    size_t first_row;
    int32_t parent;  // Document index, -1: none
  };
  std::map<int32_t, Element> elements;            // by Document index
  std::vector<int32_t> text_parent(n, -1);         // Document index
  for (size_t k = 0; k < n; ++k) {
    int32_t below = -1;  // the previous element of the chain (the chain runs upwards)
    for (; anc_pos + 1 < d.anc.size() && static_cast<size_t>(d.anc[anc_pos]) == lo + k; anc_pos += 2) {
      const int32_t e = d.anc[anc_pos + 1];
      if (below < 0) text_parent[k] = e;
      else {
        Element& b = elements.at(below);
        if (b.parent >= 0 && b.parent != e) fail("P.anc.i32: element " + std::to_string(below) + " has two parents");
        b.parent = e;
      }
      elements.emplace(e, Element{k, -1});  // kept if seen before: its first row is lower
      below = e;
    }
  }
  if (anc_pos < d.anc.size() && static_cast<size_t>(d.anc[anc_pos]) < d.first[page + 1])
    fail("P.anc.i32: pairs not in row order");
  // Pre-order: per row, the elements whose first row it is (Document order), then the row.
  std::vector<std::vector<int32_t>> starting(n);
  for (const auto& [e, el] : elements) starting[el.first_row].push_back(e);  // map: ascending index
  std::map<int32_t, uint32_t> id;
  in.text_node.resize(n);
  uint32_t next = 0;
  for (size_t k = 0; k < n; ++k) {
    for (int32_t e : starting[k]) id[e] = next++;
    in.text_node[k] = next++;
  }
  in.parent.assign(next, wce::kNone);
  for (const auto& [e, el] : elements)
    if (el.parent >= 0) in.parent[id.at(e)] = id.at(el.parent);
  for (size_t k = 0; k < n; ++k)
    if (text_parent[k] >= 0) in.parent[in.text_node[k]] = id.at(text_parent[k]);
  in.subtree_words.assign(next, 0);
  for (size_t k = 0; k < n; ++k) in.subtree_words[in.text_node[k]] = in.words[k];
  for (size_t i = next; i-- > 0;) {
    if (in.parent[i] == wce::kNone) continue;
    if (in.parent[i] >= i) fail("P.anc.i32: the ancestors of page " + std::to_string(page) + " are not a tree");
    in.subtree_words[in.parent[i]] += in.subtree_words[i];
  }
  // Blocks as they are; holding elements as tree nodes.
  in.groups.assign(n * G, wce::kNone);
  for (size_t k = 0; k < n; ++k) {
    const int32_t* g = &d.groups[(lo + k) * G];
    if (g[0] >= 0) in.groups[k * G] = static_cast<uint32_t>(g[0]), in.blocks = std::max<size_t>(in.blocks, g[0] + 1);
    for (size_t level = 1; level < G && g[level] >= 0; ++level) {
      const auto it = id.find(g[level]);
      if (it == id.end()) fail("P.groups.i32: a holding element of row " + std::to_string(lo + k) + " is not its ancestor");
      in.groups[k * G + level] = it->second;
    }
  }
  return in;
}

// One page's node features (as double, from the float32 rows) and its own regions and counts.
std::vector<double> node_features(const Dump& d, size_t page) {
  const size_t lo = d.first[page], n = d.first[page + 1] - lo;
  std::vector<double> x(n * D);
  for (size_t k = 0; k < n; ++k)
    for (size_t j = 0; j < D; ++j) x[k * D + j] = d.row[(lo + k) * (kLead + D) + kLead + j];
  return x;
}

wce::EnsemblePageDoc page_doc(const Dump& d, size_t page) {
  wce::EnsemblePageDoc own;
  for (size_t r = d.first[page]; r < d.first[page + 1]; ++r) own.region.push_back(static_cast<uint8_t>(d.region[r]));
  own.articles = static_cast<uint32_t>(d.pagedoc[page * 2]);
  own.h1 = static_cast<uint32_t>(d.pagedoc[page * 2 + 1]);
  return own;
}

// Compares computed features with the runtime's; prints the worst difference per column.
bool same(const char* what, const std::vector<double>& got, const std::vector<double>& want, size_t width,
          const char* const* names) {
  if (got.size() != want.size()) {
    std::cerr << what << ": " << got.size() << " values, the runtime's file has " << want.size() << "\n";
    return false;
  }
  size_t differ = 0;
  std::vector<double> worst(width, 0.0);
  for (size_t i = 0; i < got.size(); ++i)
    if (std::memcmp(&got[i], &want[i], sizeof(double)) != 0) {
      ++differ;
      worst[i % width] = std::max(worst[i % width], std::fabs(got[i] - want[i]));
    }
  std::cout << what << ": " << got.size() / std::max<size_t>(width, 1) << " rows, " << differ
            << " values differ from the runtime's\n";
  for (size_t j = 0; j < width; ++j)
    if (worst[j] > 0 || differ) std::cout << "  " << names[j] << " max |diff| " << worst[j] << "\n";
  return differ == 0;
}

int run(int argc, char** argv) {
  std::string data, prob_path, context_out, page_out, extra;
  bool check = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const bool more = i + 1 < argc;
    if (a == "--data" && more) data = argv[++i];
    else if (a == "--prob" && more) prob_path = argv[++i];
    else if (a == "--context" && more) context_out = argv[++i];
    else if (a == "--page" && more) page_out = argv[++i];
    else if (a == "--page-extra-members" && more) extra = argv[++i];
    else if (a == "--check") check = true;
    else {
      std::cerr << "ensemble_stage_features: unknown argument '" << a << "'\n";
      return 2;
    }
  }
  if (data.empty() || (check ? !prob_path.empty() || !context_out.empty() || !page_out.empty()
                             : prob_path.empty() || (context_out.empty() && page_out.empty()))) {
    std::cerr << "usage: ensemble_stage_features --data P --prob PROB.f64 [--context OUT.f64] [--page OUT.f64] "
                 "[--page-extra-members a,b]\n       ensemble_stage_features --data P --check\n";
    return 2;
  }
  std::vector<size_t> extra_votes;
  for (std::istringstream s(extra); std::getline(s, extra, ',');)
    if (!extra.empty()) extra_votes.push_back(wce::ensemble_feature_index("vote_" + extra));
  const Dump d = read_dump(data);
  const std::vector<double> prob = read_all<double>(check ? data + ".prob1.f64" : prob_path);
  if (prob.size() != d.rows)
    fail((check ? data + ".prob1.f64" : prob_path) + ": " + std::to_string(prob.size()) + " probabilities for " +
         std::to_string(d.rows) + " rows");
  const bool want_context = check || !context_out.empty(), want_page = check || !page_out.empty();
  const size_t page_width = wce::kEnsemblePageFeatureCount + wce::kEnsemblePagePerMemberFeatureCount * extra_votes.size();
  std::vector<double> context, page;
  if (want_context) context.reserve(d.rows * C);
  if (want_page) page.reserve(d.pages * page_width);
  size_t anc_pos = 0;
  for (size_t p = 0; p < d.pages; ++p) {
    const std::vector<double> pp(prob.begin() + static_cast<std::ptrdiff_t>(d.first[p]),
                                 prob.begin() + static_cast<std::ptrdiff_t>(d.first[p + 1]));
    const wce::EnsembleContextInputs in = context_inputs(d, p, anc_pos);
    if (want_context) {
      const std::vector<double> f = wce::ensemble_context_features(in, pp);
      context.insert(context.end(), f.begin(), f.end());
    }
    if (want_page) {
      const std::vector<double> x = node_features(d, p);
      const wce::EnsemblePageDoc own = page_doc(d, p);
      const auto f = wce::ensemble_page_features(in.words, x, pp, &own);
      page.insert(page.end(), f.begin(), f.end());
      for (size_t v : extra_votes) {
        double g[wce::kEnsemblePagePerMemberFeatureCount];
        wce::ensemble_page_member_features(in.words, x, pp, v, g);
        page.insert(page.end(), g, g + wce::kEnsemblePagePerMemberFeatureCount);
      }
    }
  }
  if (check) {
    const bool c = same("context features", context, read_all<double>(data + ".context.f64"), C,
                        wce::ensemble_context_feature_names().data());
    const bool g = same("page features", page, read_all<double>(data + ".page.f64"), wce::kEnsemblePageFeatureCount,
                        wce::ensemble_page_feature_names().data());
    std::cout << (c && g ? "the dump's features equal the runtime's" : "MISMATCH with the runtime's features") << "\n";
    return c && g ? 0 : 1;
  }
  if (!context_out.empty()) write_all(context_out, context);
  if (!page_out.empty()) write_all(page_out, page);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "ensemble_stage_features: " << e.what() << "\n";
    return 1;
  }
}
