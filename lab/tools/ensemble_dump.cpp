// Writes the learned ensemble's training rows once, so that the model can be
// chosen and trained (lab/learn/ensemble.py) without re-running the
// members: for every page of the chosen split (wce::ensemble_training_page,
// the fixed 30 % split by FNV-1a of dataset/id), one PageRun; each member runs
// once on its Context (timed, rendered, ROUGE-LSum F1 against the gold), then
// wce::ensemble_features reads the cached labels; the gold node labels come
// from wce::align_gold.
// Output, for the prefix P:
//   P.pages.tsv  one line per page: page, dataset, id, bucket, parse_ms,
//                gold_tokens, page_tokens, matched_tokens, then per member
//                f1_<name> and ms_<name>
//   P.rows.f32   float32, row-major, one row per text node with words:
//                page, node, words, align_tokens, matched_tokens, gold,
//                then the kEnsembleFeatureCount features
//   P.columns    the row column names, one a line
//   P.members    the members run (--members, default every candidate of
//                wce::ensemble_members()), one a line
//   P.groups.i32 int32, per row: wce::ensemble_context_groups (its block,
//                then the holding elements from the block's container up;
//                -1 for none), kEnsembleGroupCount a row
//   P.anc.i32    int32 pairs (row, element): every element ancestor of the
//                row's text node, from its parent up, so that
//                lab/tools/ensemble_stage_features can rebuild the tree the
//                second stage's features sum over
//   P.region.i32 int32, per row: wce::ensemble_page_doc region bits
//                (article 1, main 2, itemprop=articleBody 4)
//   P.pagedoc.f32 float32, per page: <article> and <h1> element counts
//   with --stage-check, what the runtime computes from its Context, for
//   `ensemble_stage_features --check` (the same from the files above):
//   P.prob1.f64  float64, per row: the compiled-in first stage's P(content)
//   P.context.f64 float64, per row: wce::ensemble_context_features of that P,
//                kEnsembleContextFeatureCount a row
//   P.page.f64   float64, per page: wce::ensemble_page_features of that P and
//                the node features as P.rows.f32 holds them (float32),
//                kEnsemblePageFeatureCount a page
//   P.rdmargin.f32 float32, per page: Readability's best and second-best
//                candidate scores (an experiment of ensemble.py, issue 9)
//   P.text.jsonl with --node-text: per row, the text node's text as a JSON
//                string (lab/learn/snippet_labels.py labels the rows of
//                snippet-only pages from it)
// --split all: every page of the files (WCXB dev enters the training whole,
// its cross-validation folds grouped by domain in lab/learn/ensemble.py).
// --split webeval-half0 / webeval-half1: the pages of a snippet-only set
// (lab/webeval, no gold text) whose FNV-1a 64 of the page id is even / odd,
// as lab/webeval/halves.py splits it; their gold columns are empty.
// Usage: ensemble_dump [--split train|test|all|webeval-half0|webeval-half1] [--members a,b,...]
//          [--pages-per-dataset N] [--node-text] [--stage-check] --out P DATA.jsonl.gz...
// DATA may also be a folder of pages (<page>/source.html + gold.txt, e.g. demo/).
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "bench/lib/page_sample.hpp"
#include "extractors/readability/readability.hpp"
#include "io/dataset.hpp"
#include "wce/train.hpp"
#include "wce/train/fnv1a.hpp"

int main(int argc, char** argv) {
  std::string out, split = "train", member_names;
  size_t per_dataset = 0;
  bool node_text = false, stage_check = false;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--out" && i + 1 < argc) out = argv[++i];
    else if (a == "--split" && i + 1 < argc) split = argv[++i];
    else if (a == "--members" && i + 1 < argc) member_names = argv[++i];
    else if (a == "--pages-per-dataset" && i + 1 < argc) per_dataset = std::stoul(argv[++i]);
    else if (a == "--node-text") node_text = true;
    else if (a == "--stage-check") stage_check = true;
    else files.push_back(a);
  }
  const bool web = split == "webeval-half0" || split == "webeval-half1";
  if (out.empty() || files.empty() || (split != "train" && split != "test" && split != "all" && !web)) {
    std::cerr << "usage: ensemble_dump [--split train|test|all|webeval-half0|webeval-half1] [--members a,b,...] "
                 "[--pages-per-dataset N] [--node-text] [--stage-check] --out PREFIX DATA.jsonl.gz...\n";
    return 2;
  }
  constexpr size_t D = wce::kEnsembleFeatureCount;
  wce::EnsembleMemberSet use;
  use.fill(true);
  if (!member_names.empty()) use = wce::parse_ensemble_members(member_names);
  std::vector<const char*> members;
  for (size_t m = 0; m < wce::kEnsembleMemberCount; ++m)
    if (use[m]) members.push_back(wce::ensemble_members()[m]);
  std::ofstream pages_tsv(out + ".pages.tsv"), rows(out + ".rows.f32", std::ios::binary), cols(out + ".columns"),
      member_list(out + ".members"), groups_out(out + ".groups.i32", std::ios::binary),
      anc_out(out + ".anc.i32", std::ios::binary), region_out(out + ".region.i32", std::ios::binary),
      pagedoc_out(out + ".pagedoc.f32", std::ios::binary), margin_out(out + ".rdmargin.f32", std::ios::binary);
  std::ofstream text_out, prob_out, context_out, page_out;
  if (node_text) text_out.open(out + ".text.jsonl");
  if (stage_check) {
    prob_out.open(out + ".prob1.f64", std::ios::binary);
    context_out.open(out + ".context.f64", std::ios::binary);
    page_out.open(out + ".page.f64", std::ios::binary);
  }
  auto put = [](std::ofstream& o, int32_t v) { o.write(reinterpret_cast<const char*>(&v), sizeof v); };
  auto putf = [](std::ofstream& o, double d) {
    const float v = static_cast<float>(d);
    o.write(reinterpret_cast<const char*>(&v), sizeof v);
  };
  auto putd = [](std::ofstream& o, double v) { o.write(reinterpret_cast<const char*>(&v), sizeof v); };
  for (const char* m : members) member_list << m << "\n";
  pages_tsv << "page\tdataset\tid\tbucket\tparse_ms\tgold_tokens\tpage_tokens\tmatched_tokens";
  for (const char* m : members) pages_tsv << "\tf1_" << m << "\tms_" << m;
  pages_tsv << "\n";
  for (const char* c : {"page", "node", "words", "align_tokens", "matched_tokens", "gold"}) cols << c << "\n";
  for (const char* c : wce::ensemble_feature_names()) cols << c << "\n";
  std::vector<wce::io::DatasetProblem> problems;
  size_t page_index = 0, row_count = 0;
  std::vector<float> row(6 + D);
  for (const std::string& f : files) {
    std::vector<wce::io::Page> chosen;
    wce::io::read_dataset(f, [&](wce::io::Page&& p) {
      const bool take = split == "all" ? true
                        : web ? wce::fnv1a(p.id) % 2 == (split == "webeval-half1" ? 1u : 0u)
                              : wce::ensemble_training_page(p.dataset, p.id) == (split == "train");
      if (take) chosen.push_back(std::move(p));
    }, problems, web ? wce::io::Need::Html : wce::io::Need::HtmlAndText);
    wce::bench::spread_sample(chosen, per_dataset);
    for (const wce::io::Page& p : chosen) {
      wce::PageRun run = wce::PageRun::parse(wce::io::page_source(p));
      const wce::GoldAlignment gold = wce::align_gold(run.doc(), p.gold);
      pages_tsv << page_index << "\t" << p.dataset << "\t" << p.id << "\t" << wce::ensemble_page_bucket(p.dataset, p.id)
                << "\t" << run.parse_ms() << "\t" << gold.gold_tokens << "\t" << gold.page_tokens << "\t"
                << gold.matched_tokens;
      for (const char* m : members) {
        wce::ExtractorRun x = run.run(wce::require_extractor(m), /*render=*/true);
        pages_tsv << "\t" << (x.ok() ? wce::rouge_lsum(x.text, p.gold).f1 : 0.0) << "\t" << x.extract_ms;
      }
      pages_tsv << "\n";
      const std::vector<double> fx = wce::ensemble_features(run.context(), {}, nullptr, &use);
      const auto& words = run.context().text_words();
      const std::vector<uint32_t> groups = wce::ensemble_context_groups(run.context());
      const wce::Document& doc = run.doc();
      const wce::EnsemblePageDoc pd = wce::ensemble_page_doc(doc);
      putf(pagedoc_out, pd.articles);
      putf(pagedoc_out, pd.h1);
      wce::readability::Readability rd(doc);  // again, for its candidate scores (the run layer keeps labels only)
      rd.run();
      putf(margin_out, rd.top_score());
      putf(margin_out, rd.second_score());
      std::vector<double> p1, cf;
      if (stage_check) {
        p1.assign(words.size(), 0.0);
        for (size_t k = 0; k < words.size(); ++k)
          if (words[k] > 0) p1[k] = wce::ensemble_model().model.probability(&fx[k * D]);
        cf = wce::ensemble_context_features(run.context(), p1);
        std::vector<double> fx32(fx.size());  // the node features as the rows carry them
        for (size_t i = 0; i < fx.size(); ++i) fx32[i] = static_cast<float>(fx[i]);
        for (double v : wce::ensemble_page_features(run.context(), fx32, p1)) putd(page_out, v);
      }
      for (size_t k = 0; k < words.size(); ++k) {
        if (words[k] == 0) continue;  // no text: its label changes nothing
        row[0] = static_cast<float>(page_index);
        row[1] = static_cast<float>(k);
        row[2] = static_cast<float>(words[k]);
        row[3] = static_cast<float>(gold.node_tokens[k]);
        row[4] = gold.node_share[k] * static_cast<float>(gold.node_tokens[k]);
        row[5] = gold.labels[k];
        for (size_t j = 0; j < D; ++j) row[6 + j] = static_cast<float>(fx[k * D + j]);
        if (node_text)  // invalid UTF-8 replaced (U+FFFD), not thrown
          text_out << nlohmann::json(std::string(doc.text(doc.text_nodes[k]))).dump(-1, ' ', false,
                                                                                    nlohmann::json::error_handler_t::replace)
                   << "\n";
        rows.write(reinterpret_cast<const char*>(row.data()), static_cast<std::streamsize>(row.size() * sizeof(float)));
        for (size_t g = 0; g < wce::kEnsembleGroupCount; ++g) {
          const uint32_t v = groups[k * wce::kEnsembleGroupCount + g];
          put(groups_out, v == wce::kNone ? -1 : static_cast<int32_t>(v));
        }
        if (stage_check) {
          putd(prob_out, p1[k]);
          for (size_t j = 0; j < wce::kEnsembleContextFeatureCount; ++j)
            putd(context_out, cf[k * wce::kEnsembleContextFeatureCount + j]);
        }
        put(region_out, pd.region[k]);
        for (uint32_t a = doc.nodes[doc.text_nodes[k]].parent; a != wce::kNone; a = doc.nodes[a].parent) {
          put(anc_out, static_cast<int32_t>(row_count));
          put(anc_out, static_cast<int32_t>(a));
        }
        ++row_count;
      }
      ++page_index;
      std::cerr << "\r" << p.dataset << " " << page_index << " pages, " << row_count << " rows" << std::flush;
    }
    std::cerr << "\n";
  }
  for (const auto& pr : problems) std::cerr << "dataset problem: " << pr.where << ": " << pr.what << "\n";
  return 0;
}
