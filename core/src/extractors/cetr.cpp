// CETR, Content Extraction via Tag Ratios (Weninger, Hsu, Han, WWW 2010), the
// 2D k-means variant (CETR-KM 2D).
//
// The page is cut into units (the paper: lines of the HTML source); each unit
// has a text-to-tag ratio
//   TR = (non-tag characters) / (tags), or the character count when the unit
//        has no tag (the paper counts a tag-less line as having one tag).
// The ratio histogram is smoothed with a Gaussian (sigma = 1, the paper), and
// a second feature captures how sharply the smoothed ratio changes after the
// unit: G_k = | mean(T'_{k+1} .. T'_{k+alpha}) - T'_k |, alpha = 3 (the paper).
// Units are clustered in the 2D space (T', G) by k-means with k = 3 (the
// paper), one centroid held at the origin: the units of the origin's cluster
// are boilerplate, all others content.
//
// Two unit definitions are registered:
//   cetr        one unit per text block (Context::blocks()): its characters,
//               and the tags around and inside it (the opening tags before
//               its first text go to it, the closing tags after its last text
//               go to it). The same on both input paths, and it works on
//               minified pages whose source is a single line.
//   cetr_lines  one unit per line, as in the paper. The Document keeps no
//               source text (the live-DOM path has none), but the line breaks
//               survive in its text nodes (whitespace between tags included),
//               so lines are rebuilt from the tag token sequence
//               (features/token_stream.hpp) cut at every newline in the text.
//               A newline inside a tag's attributes is lost; a page with no
//               newlines is one line and so all content or nothing (we do not
//               re-wrap such pages: the Document has no tag source lengths).
// Both count characters without whitespace and ignore script / style (the
// paper removes script, style and comments before computing ratios). The
// paper initialises k-means randomly; we use a deterministic farthest-first
// start so that results are reproducible.
#include <algorithm>
#include <cmath>
#include <vector>

#include "document/unicode.hpp"
#include "extractors/extractor_util.hpp"
#include "extractors/registry_list.hpp"
#include "features/token_stream.hpp"

namespace wce {
namespace {

// Gaussian smoothing of the ratio histogram: sigma = 1 (Weninger et al.),
// truncated at 3 sigma.
constexpr double kSigma = 1.0;
constexpr int kRadius = 3;
// Look-ahead of the derivative feature (alpha = 3, Weninger et al.).
constexpr int kAlpha = 3;
// k-means: k = 3 clusters (Weninger et al.), one of them fixed at the origin.
constexpr int kClusters = 3;
constexpr int kMaxIterations = 100;

struct Unit {
  uint64_t chars = 0;
  uint64_t tags = 0;
};

std::vector<double> smooth(const std::vector<double>& v) {
  const long n = static_cast<long>(v.size());
  std::vector<double> w(2 * kRadius + 1);
  for (int d = -kRadius; d <= kRadius; ++d) w[d + kRadius] = std::exp(-(d * d) / (2 * kSigma * kSigma));
  std::vector<double> out(v.size());
  for (long i = 0; i < n; ++i) {
    double sum = 0.0, norm = 0.0;
    for (long j = std::max(0L, i - kRadius); j <= std::min(n - 1, i + kRadius); ++j) {
      sum += w[j - i + kRadius] * v[j];
      norm += w[j - i + kRadius];
    }
    out[i] = sum / norm;
  }
  return out;
}

// CETR-KM 2D over the units: true = content.
std::vector<uint8_t> cetr_cluster(const std::vector<Unit>& units) {
  const size_t n = units.size();
  std::vector<uint8_t> content(n, 0);
  if (n == 0) return content;
  std::vector<double> ratio(n);
  for (size_t i = 0; i < n; ++i)
    ratio[i] = static_cast<double>(units[i].chars) / static_cast<double>(std::max<uint64_t>(1, units[i].tags));
  const std::vector<double> x = smooth(ratio);
  std::vector<double> y(n, 0.0);
  for (size_t i = 0; i < n; ++i) {
    size_t end = std::min(n, i + 1 + kAlpha);
    if (end == i + 1) break;  // the last unit has no successor: G = 0
    double sum = 0.0;
    for (size_t j = i + 1; j < end; ++j) sum += x[j];
    y[i] = std::fabs(sum / (end - i - 1) - x[i]);
  }

  // Centroid 0 stays at the origin; the others start farthest-first.
  struct P { double x, y; };
  std::vector<P> c(kClusters, P{0.0, 0.0});
  auto d2 = [&](size_t i, const P& p) { return (x[i] - p.x) * (x[i] - p.x) + (y[i] - p.y) * (y[i] - p.y); };
  for (int k = 1; k < kClusters; ++k) {
    double best = -1.0;
    size_t arg = 0;
    for (size_t i = 0; i < n; ++i) {
      double nearest = d2(i, c[0]);
      for (int j = 1; j < k; ++j) nearest = std::min(nearest, d2(i, c[j]));
      if (nearest > best) { best = nearest; arg = i; }
    }
    c[k] = {x[arg], y[arg]};
  }
  std::vector<int> assign(n, -1);
  for (int it = 0; it < kMaxIterations; ++it) {
    bool changed = false;
    for (size_t i = 0; i < n; ++i) {
      int a = 0;
      double best = d2(i, c[0]);  // ties go to the origin
      for (int k = 1; k < kClusters; ++k) {
        double d = d2(i, c[k]);
        if (d < best) { best = d; a = k; }
      }
      if (a != assign[i]) { assign[i] = a; changed = true; }
    }
    if (!changed) break;
    for (int k = 1; k < kClusters; ++k) {
      double sx = 0.0, sy = 0.0;
      size_t m = 0;
      for (size_t i = 0; i < n; ++i)
        if (assign[i] == k) { sx += x[i]; sy += y[i]; ++m; }
      if (m > 0) c[k] = {sx / m, sy / m};
    }
  }
  for (size_t i = 0; i < n; ++i) content[i] = assign[i] != 0;
  return content;
}

// Tag tokens that count: not those of script / style / noscript / template.
bool counts_as_tag(const Document& doc, const TokenRun& r) {
  return r.is_tag() && !is_non_content(doc.nodes[r.node].tag);
}

Labels cetr_blocks(Context& ctx) {
  const Document& doc = ctx.doc();
  const TextBlocks& tb = ctx.blocks();
  Labels labels(doc.text_nodes.size(), 0.0f);
  if (tb.blocks.empty()) return labels;
  std::vector<Unit> units(tb.blocks.size());
  for (size_t b = 0; b < tb.blocks.size(); ++b) units[b].chars = tb.blocks[b].chars;

  // Opening tags wait for the next block's text; closing tags go to the last
  // block seen (or, before any block, also to the next one).
  uint64_t pending = 0;
  uint32_t last = kNone;
  for (const TokenRun& r : token_stream(doc, ctx.text_words())) {
    if (r.kind == TokenRun::Words) {
      if (r.count == 0) continue;
      uint32_t b = tb.block_of_text[doc.nodes[r.node].text_index];
      if (b == kNone) continue;
      units[b].tags += pending;
      pending = 0;
      last = b;
    } else if (counts_as_tag(doc, r)) {
      if (r.kind == TokenRun::Close && last != kNone) units[last].tags += 1;
      else pending += 1;
    }
  }
  if (last != kNone) units[last].tags += pending;

  const std::vector<uint8_t> content = cetr_cluster(units);
  for (uint32_t t = 0; t < doc.text_nodes.size(); ++t) {
    uint32_t b = tb.block_of_text[t];
    if (b != kNone && content[b]) labels[t] = 1.0f;
  }
  return labels;
}

Labels cetr_lines(Context& ctx) {
  const Document& doc = ctx.doc();
  const auto& counts = ctx.counts();
  Labels labels(doc.text_nodes.size(), 0.0f);
  std::vector<Unit> lines(1);
  // (line, text node, characters): which text is on which line.
  struct Piece { uint32_t line, text; uint32_t chars; };
  std::vector<Piece> pieces;
  for (const TokenRun& r : token_stream(doc, ctx.text_words())) {
    if (r.kind != TokenRun::Words) {
      if (counts_as_tag(doc, r)) lines.back().tags += 1;
      continue;
    }
    const uint32_t t = doc.nodes[r.node].text_index;
    if (doc.nodes[doc.nodes[r.node].parent].kind == NodeKind::Element &&
        is_non_content(doc.nodes[doc.nodes[r.node].parent].tag))
      continue;
    std::string_view s = doc.text(r.node);
    uint32_t run = 0;
    auto flush = [&] {
      if (run > 0) pieces.push_back({static_cast<uint32_t>(lines.size() - 1), t, run});
      run = 0;
    };
    for (size_t i = 0; i < s.size();) {
      uint32_t cp = unicode::next(s, i);
      if (cp == '\n') {
        flush();
        lines.emplace_back();
      } else if (!unicode::is_space(cp)) {
        ++lines.back().chars;
        ++run;
      }
    }
    flush();
  }
  // Empty lines (no text, no tag) are dropped, as in the paper.
  std::vector<uint32_t> index(lines.size(), kNone);
  std::vector<Unit> kept;
  for (size_t l = 0; l < lines.size(); ++l)
    if (lines[l].chars > 0 || lines[l].tags > 0) {
      index[l] = static_cast<uint32_t>(kept.size());
      kept.push_back(lines[l]);
    }
  const std::vector<uint8_t> content = cetr_cluster(kept);
  // A text node is content when at least half of its characters are on content lines.
  std::vector<uint32_t> in_content(doc.text_nodes.size(), 0);
  for (const Piece& p : pieces)
    if (index[p.line] != kNone && content[index[p.line]]) in_content[p.text] += p.chars;
  for (uint32_t t = 0; t < doc.text_nodes.size(); ++t) {
    uint32_t total = counts.chars[doc.text_nodes[t]];
    if (total > 0 && 2 * in_content[t] >= total) labels[t] = 1.0f;
  }
  return labels;
}

}  // namespace

std::unique_ptr<Extractor> make_cetr() {
  return make_extractor(
      {"cetr", Family::Heuristic, "Weninger, Hsu, Han 2010: CETR - Content Extraction via Tag Ratios (WWW)",
       "CETR-KM 2D on text blocks: smoothed text-to-tag ratio and its derivative, k-means (k=3) with the "
       "origin cluster as boilerplate."},
      cetr_blocks);
}

std::unique_ptr<Extractor> make_cetr_lines() {
  return make_extractor(
      {"cetr_lines", Family::Heuristic, "Weninger, Hsu, Han 2010: CETR - Content Extraction via Tag Ratios (WWW)",
       "CETR-KM 2D on source lines rebuilt from the document's text line breaks."},
      cetr_lines);
}

}  // namespace wce
