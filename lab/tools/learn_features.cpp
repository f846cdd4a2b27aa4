// Dumps the inputs of a learned extractor, one JSON line per page, for the
// training code (lab/learn/*.py), so that training and the C++ inference
// see the same features:
//
//   learn_features --model boilernet|dragnet|web2text [--labels LABELED.jsonl.gz | --align] [--scores FILE.wcem]
//                  DATA.jsonl.gz... > features.jsonl
//
// Per page: {"id", "dataset", "split": {meta fields named *split*},
// "blocks": [{"tags": [...], "words": [...]}], "labels": [0|1 per block]
// (only with --labels: the annotators' node labels of Google-Trends-2017, a
// text node is content when its nearest ancestor carrying __label has a
// label other than "comment", see ../shared/datasets/README.md; with --align:
// wce::align_gold of the record's gold text, the labels of every other set,
// and "gold_coverage": the share of gold tokens the alignment matched),
// "scores": [...] (only with --scores: the C++ forward pass with those weights,
// for the parity check of lab/learn/check_parity.py)}.
// web2text: "blocks": [{"x": block features}], "edges": [[edge features] per
// pair of neighbouring blocks]; with --scores, "scores" are the Viterbi labels
// and "unary" / "pairwise" the CNNs' softmax outputs (2 and 4 per row);
// --scores-only leaves the features out (for scoring whole datasets).
#include <cstdio>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "io/dataset.hpp"
#include "wce/train.hpp"

namespace {

using nlohmann::json;

// Per text node: 1 when its nearest ancestor element whose start tag (in the
// labeled source) carries __label="..." has a label other than "comment".
std::vector<int> human_labels(const wce::Document& doc, const std::string& src) {
  const size_t n = doc.size();
  std::vector<int> state(n, -1);  // -1 no label seen, 0 comment, 1 content
  for (uint32_t i = 1; i < n; ++i) {
    const wce::Node& nd = doc.nodes[i];
    state[i] = nd.parent == wce::kNone ? -1 : state[nd.parent];
    if (nd.kind != wce::NodeKind::Element || nd.src_begin == wce::kNone || nd.src_begin >= src.size()) continue;
    if (src[nd.src_begin] != '<') continue;
    size_t end = src.find('>', nd.src_begin);
    if (end == std::string::npos) continue;
    std::string_view tag(src.data() + nd.src_begin, end - nd.src_begin);
    std::string_view name = wce::tag_name(nd.tag);
    // The start tag must be this element's own (implied elements have none).
    if (!name.empty() && (tag.size() < name.size() + 1 || tag.substr(1, name.size()).find_first_not_of(
                                                                "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") != std::string_view::npos))
      continue;
    size_t at = tag.find("__label=\"");
    if (at == std::string_view::npos) continue;
    size_t vb = at + 9, ve = tag.find('"', vb);
    std::string_view label = tag.substr(vb, ve == std::string_view::npos ? std::string_view::npos : ve - vb);
    state[i] = label == "comment" ? 0 : 1;
  }
  std::vector<int> out(doc.text_nodes.size(), 0);
  for (size_t t = 0; t < out.size(); ++t) out[t] = state[doc.text_nodes[t]] == 1;
  return out;
}

int usage() {
  std::cerr << "usage: learn_features --model boilernet|dragnet|web2text [--labels LABELED.jsonl.gz | --align] [--scores FILE.wcem [--scores-only]] DATA.jsonl.gz...\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::string model, labels_path, scores_path;
  bool align = false, scores_only = false;
  std::vector<std::string> inputs;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
    if (a == "--model") model = value();
    else if (a == "--labels") labels_path = value();
    else if (a == "--scores") scores_path = value();
    else if (a == "--align") align = true;
    else if (a == "--scores-only") scores_only = true;
    else inputs.push_back(a);
  }
  if ((model != "boilernet" && model != "dragnet" && model != "web2text") || inputs.empty()) return usage();
  if (model != "boilernet" && !labels_path.empty()) return usage();
  try {
    std::vector<wce::io::DatasetProblem> problems;
    std::map<std::string, std::string> labeled;
    if (!labels_path.empty())
      wce::io::for_each_json_line(labels_path, [&](const json& j, const std::string&) {
        labeled[j.value("id", "")] = j.value("labeled_html", "");
      }, problems);
    std::string weights = scores_path.empty() ? "" : wce::io::read_file(scores_path);
    for (const auto& path : inputs) {
      wce::io::for_each_json_line(path, [&](const json& rec, const std::string& where) {
        std::string id = rec.value("id", "");
        std::string html = rec.value("html", "");
        bool have_labels = false;
        if (!labels_path.empty()) {
          auto it = labeled.find(id);
          if (it == labeled.end()) {
            std::cerr << where << ": no labeled_html for " << id << ", skipped\n";
            return;
          }
          html = it->second;  // same tree as `html`, plus the __label attributes
          have_labels = true;
        }
        wce::repair_unclosed_title(html);  // so that source offsets are into `html`
        wce::Document doc = wce::parse_html(html, "utf-8");
        json out = {{"id", id}, {"dataset", rec.value("dataset", "")}};
        json split = json::object();
        if (rec.contains("meta") && rec["meta"].is_object())
          for (auto& [k, v] : rec["meta"].items())
            if (k.find("split") != std::string::npos) split[k] = v;
        out["split"] = split;
        std::vector<int> node_labels;
        if (have_labels) {
          node_labels = human_labels(doc, html);
        } else if (align) {
          auto gold = wce::align_gold(doc, rec.value("text", ""));
          for (float v : gold.labels) node_labels.push_back(v >= 0.5f);
          out["gold_coverage"] = gold.gold_coverage;  // label quality (share of gold tokens aligned)
        }
        json jb = json::array(), jl = json::array();
        if (model == "boilernet") {
          auto blocks = wce::learned::boilernet_blocks(doc);
          for (const auto& b : blocks) {
            jb.push_back({{"tags", b.tags}, {"words", b.words}});
            if (!node_labels.empty()) jl.push_back(node_labels[b.text_index]);
          }
          if (!weights.empty()) {
            auto scores = wce::learned::boilernet_scores(doc, weights);
            out["scores"] = scores;
            // The extractor's scores after the guard (score_blocks.py --guarded), when it fires.
            wce::Context ctx(doc);
            if (wce::learned::guard_nonempty_scores(scores, wce::learned::boilernet_block_chars(ctx)))
              out["guarded_scores"] = scores;
          }
        } else if (model == "web2text") {
          wce::Context ctx(doc);
          auto feat = wce::learned::web2text_features(ctx);
          const size_t B = feat.text_index.size(), F = wce::learned::kWeb2TextBlockFeatures,
                       E = wce::learned::kWeb2TextEdgeFeatures;
          json je = json::array();
          for (size_t b = 0; b < B; ++b) {
            if (!scores_only)
              jb.push_back({{"x", std::vector<float>(feat.block.begin() + b * F, feat.block.begin() + (b + 1) * F)}});
            if (b + 1 < B && !scores_only) je.push_back(std::vector<float>(feat.edge.begin() + b * E, feat.edge.begin() + (b + 1) * E));
            if (!node_labels.empty()) jl.push_back(node_labels[feat.text_index[b]]);
          }
          out["edges"] = std::move(je);
          if (!weights.empty()) {
            auto res = wce::learned::web2text_run(feat, weights);
            out["scores"] = std::vector<float>(res.labels.begin(), res.labels.end());
            out["unary"] = res.unary;
            out["pairwise"] = res.pairwise;
            out["chars"] = feat.chars;        // for the guard's check (check_parity.py)
            out["guarded"] = res.guarded;     // the labels include guard_nonempty's run
          }
        } else {
          // A block is content when at least half of its words are in text
          // nodes labelled content.
          wce::Context ctx(doc);
          auto blocks = wce::learned::dragnet_blocks(ctx);
          const auto& tb = ctx.blocks().blocks;
          const auto& words = ctx.text_words();
          for (size_t i = 0; i < blocks.size(); ++i) {
            jb.push_back({{"x", std::vector<float>(blocks[i].x, blocks[i].x + wce::learned::kDragnetFeatureCount)},
                          {"css", blocks[i].css}});
            if (node_labels.empty()) continue;
            uint64_t in = 0, all = 0;
            for (uint32_t t = tb[i].text_begin; t < tb[i].text_end; ++t) {
              all += words[t];
              if (node_labels[t]) in += words[t];
            }
            jl.push_back(all > 0 && 2 * in >= all);
          }
          if (!weights.empty()) {
            auto scores = wce::learned::dragnet_scores(ctx, weights);
            out["scores"] = scores;
            if (wce::learned::guard_nonempty_scores(scores, wce::learned::dragnet_block_chars(ctx)))
              out["guarded_scores"] = scores;  // as the extractor (score_blocks.py --guarded)
          }
        }
        out["blocks"] = std::move(jb);
        if (!node_labels.empty()) out["labels"] = std::move(jl);
        std::cout << out.dump(-1, ' ', false, json::error_handler_t::replace) << '\n';
      }, problems);
    }
    for (const auto& p : problems) std::cerr << p.where << ": " << p.what << '\n';
  } catch (const std::exception& e) {
    std::cerr << "learn_features: " << e.what() << '\n';
    return 2;
  }
  return 0;
}
