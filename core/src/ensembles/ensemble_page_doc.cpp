// The learned ensemble's page stage, the page's own features: the members'
// outputs alone hardly tell apart the pages where the trees lose to
// readability (lab/results/ensemble-2026-11-26b.md), so the stage also
// reads what the page says about itself. A page that marks its article
// (<article>, <main>, itemprop=articleBody) and keeps its words in a few long
// <p> nodes is the page readability was made for; a page of many short, linked
// nodes, or of many <article> teasers, is a listing. All of it comes from the
// shared Context (one pre-order pass over the Document, no re-parse) and the
// node features the first stage already has (in_a, in_p, the votes).
// The features themselves read plain arrays (wce/train/ensemble_model.hpp),
// which lab/tools/ensemble_stage_features fills from the training dump.
#include <algorithm>
#include <cmath>

#include "extractors/extractor_util.hpp"
#include "wce/train/ensemble_model.hpp"

namespace wce {
namespace {

// Tunables.
constexpr uint32_t kLongNodeWords = 25;  // a text node of this many words is prose, not a link or a label
constexpr double kH1Cap = 5;             // h1_count is clipped here (a page with many is a listing either way)

const std::array<const char*, kEnsemblePageDocFeatureCount> kNames = {
    "article_share", "main_share", "body_share", "log_articles", "h1_count", "link_share", "p_share",
    "log_text_nodes", "long_node_share", "trees_in_region", "readability_in_region", "readability_only_share",
    "prob_readability_only", "readability_resiliparse_jaccard"};

}  // namespace

const std::array<const char*, kEnsemblePageDocFeatureCount>& ensemble_page_doc_feature_names() { return kNames; }

EnsemblePageDoc ensemble_page_doc(const Document& doc) {
  EnsemblePageDoc r;
  r.region.assign(doc.text_nodes.size(), 0);
  // Pre-order arena: a parent comes before its children, so one pass
  // inherits the region bits downwards.
  std::vector<uint8_t> bits(doc.nodes.size(), 0);
  for (size_t i = 0; i < doc.nodes.size(); ++i) {
    const Node& nd = doc.nodes[i];
    uint8_t b = nd.parent != kNone && nd.parent < i ? bits[nd.parent] : 0;
    if (nd.kind == NodeKind::Element) {
      if (nd.tag == Tag::Article) b |= kRegionArticle, ++r.articles;
      if (nd.tag == Tag::H1) ++r.h1;
      if (nd.tag == Tag::Main || doc.str(nd.role) == "main") b |= kRegionMain;
      if (nd.itemprop.len && to_ascii_lower(doc.str(nd.itemprop)).find("articlebody") != std::string::npos)
        b |= kRegionBody;
    } else if (nd.text_index != kNone && nd.text_index < r.region.size()) {
      r.region[nd.text_index] = b;
    }
    bits[i] = b;
  }
  return r;
}

void ensemble_page_doc_features(const std::vector<uint32_t>& words, const std::vector<double>& x,
                                const std::vector<double>& prob, const EnsemblePageDoc& pd, double* out) {
  constexpr size_t D = kEnsembleFeatureCount;
  static const size_t in_a = ensemble_feature_index("in_a"), in_p = ensemble_feature_index("in_p"),
                      rd = ensemble_feature_index("vote_readability"), rs = ensemble_feature_index("vote_resiliparse"),
                      cetd = ensemble_feature_index("vote_cetd");
  const size_t n = std::min({words.size(), prob.size(), x.size() / D, pd.region.size()});
  double total = 0, article = 0, main = 0, body = 0, link = 0, para = 0, nodes = 0, long_words = 0;
  double trees = 0, trees_in = 0, rd_kept = 0, rd_in = 0, rd_only = 0, rd_only_p = 0, rd_rs_both = 0,
         rd_rs_either = 0;
  for (size_t k = 0; k < n; ++k) {
    const double w = words[k];
    if (w == 0) continue;
    const double* row = &x[k * D];
    const uint8_t reg = pd.region[k];
    total += w;
    nodes += 1;
    if (reg & kRegionArticle) article += w;
    if (reg & kRegionMain) main += w;
    if (reg & kRegionBody) body += w;
    if (row[in_a] >= 0.5) link += w;
    if (row[in_p] >= 0.5) para += w;
    if (words[k] >= kLongNodeWords) long_words += w;
    const bool t = prob[k] >= 0.5, r = row[rd] >= 0.5, s = row[rs] >= 0.5, c = row[cetd] >= 0.5;
    if (t) trees += w, trees_in += reg ? w : 0;
    if (r) rd_kept += w, rd_in += reg ? w : 0;
    if (r && !s && !c) rd_only += w, rd_only_p += w * prob[k];
    if (r && s) rd_rs_both += w;
    if (r || s) rd_rs_either += w;
  }
  auto ratio = [](double a, double b) { return b > 0 ? a / b : 0.0; };
  out[0] = ratio(article, total);
  out[1] = ratio(main, total);
  out[2] = ratio(body, total);
  out[3] = std::log1p(pd.articles);
  out[4] = std::min(kH1Cap, static_cast<double>(pd.h1));
  out[5] = ratio(link, total);
  out[6] = ratio(para, total);
  out[7] = std::log1p(nodes);
  out[8] = ratio(long_words, total);
  out[9] = ratio(trees_in, trees);
  out[10] = ratio(rd_in, rd_kept);
  out[11] = ratio(rd_only, total);
  out[12] = ratio(rd_only_p, rd_only);
  out[13] = rd_rs_either > 0 ? rd_rs_both / rd_rs_either : 1.0;
}

}  // namespace wce
