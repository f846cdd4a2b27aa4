// Goose: per-element statistics (stop words, links) and the candidate
// scoring of content.py calculate_best_node.
#include "extractors/goose/goose.hpp"

namespace wce::goose {

// Element children and text runs of `x`, in order: calls run(stats) for each
// text run and elem(child) for each element child.
template <class RunFn, class ElemFn>
void for_children(const VTree& t, uint32_t x, RunCounter& rc, RunFn run, ElemFn elem) {
  for (uint32_t c = t.v[x].first; c != kNone;) {
    if (!t.v[c].is_text) { elem(c); c = t.v[c].next; continue; }
    for (; c != kNone && t.v[c].is_text; c = t.v[c].next) rc.feed(t.v[c].content);
    run(rc.finish());
  }
}

Stats compute_stats(const VTree& t, const std::vector<uint32_t>& order, const stopwords::StopList& stop) {
  const size_t n = t.v.size();
  Stats s;
  for (auto* v : {&s.stop, &s.words, &s.chars, &s.runs, &s.first, &s.last, &s.links, &s.link_excess})
    v->assign(n, 0);
  RunCounter rc(stop);
  for (size_t k = order.size(); k-- > 0;) {
    uint32_t x = order[k];
    if (t.v[x].is_text) continue;
    s.links[x] = t.v[x].ghost_links;
    auto take_first_last = [&](uint32_t f, uint32_t l) {
      if (f == 0) return;
      if (s.first[x] == 0) s.first[x] = f;
      s.last[x] = l;
    };
    for_children(
        t, x, rc,
        [&](const RunStats& r) {
          s.stop[x] += r.stop;
          s.words[x] += r.words;
          s.chars[x] += r.chars;
          s.runs[x] += r.chars > 0;
          take_first_last(r.first, r.last);
        },
        [&](uint32_t c) {
          s.stop[x] += s.stop[c];
          s.words[x] += s.words[c];
          s.chars[x] += s.chars[c];
          s.runs[x] += s.runs[c];
          take_first_last(s.first[c], s.last[c]);
          s.links[x] += s.links[c] + (t.v[c].tag == Tag::A);
          s.link_excess[x] += s.link_excess[c] + (t.v[c].tag == Tag::A && s.words[c] > 1 ? s.words[c] - 1 : 0);
        });
  }
  return s;
}

// content.py calculate_best_node.
Scoring best_node(const VTree& t, const std::vector<uint32_t>& order, const Stats& s) {
  const size_t n = t.v.size();
  Scoring sc;
  sc.score.assign(n, 0);
  sc.touched.assign(n, 0);
  // Candidates: per root, all p, then all pre, then all td (the root itself excluded).
  std::vector<uint32_t> nodes;
  for (size_t k = 0; k < order.size();) {
    const uint32_t r = order[k++];  // a root; its tree follows it in `order`
    std::vector<uint32_t> by_tag[3];  // p, pre, td
    for (; k < order.size() && t.v[order[k]].parent != kNone; ++k) {
      uint32_t x = order[k];
      if (t.v[x].is_text) continue;
      Tag tag = t.v[x].tag;
      int slot = tag == Tag::P ? 0 : tag == Tag::Pre ? 1 : tag == Tag::Td ? 2 : -1;
      if (slot >= 0) by_tag[slot].push_back(x);
    }
    (void)r;
    for (const auto& list : by_tag)
      for (uint32_t x : list)
        if (s.stop[x] > kMinCandidateStopwords && !high_link_density(s, x)) nodes.push_back(x);
  }
  if (nodes.empty()) return sc;

  // Previous <p> sibling of every element (is_boostable), in linear time.
  std::vector<uint32_t> prev_p(n, kNone);
  for (uint32_t x : order) {
    if (t.v[x].is_text) continue;
    uint32_t last = kNone;
    for (uint32_t c = t.v[x].first; c != kNone; c = t.v[c].next) {
      if (t.v[c].is_text) continue;
      prev_p[c] = last;
      if (t.v[c].tag == Tag::P) last = c;
    }
  }
  auto boostable = [&](uint32_t x) {
    uint32_t steps = 0;
    for (uint32_t p = prev_p[x]; p != kNone; p = prev_p[p]) {
      if (steps >= kBoostMaxStepsAway) return false;
      if (s.stop[p] > kBoostMinStopwords) return true;
      ++steps;
    }
    return false;
  };

  const size_t count = nodes.size();
  const double bottom = static_cast<double>(count) * kNegativeScoringShare;
  double starting_boost = 1.0;
  std::vector<uint32_t> cand_index(n, kNone);
  for (size_t i = 0; i < count; ++i) {
    uint32_t x = nodes[i];
    cand_index[x] = static_cast<uint32_t>(i);
    double boost = 0.0;
    if (boostable(x)) {
      boost = (1.0 / starting_boost) * kBoostBase;
      starting_boost += 1.0;
    }
    if (count > kNegativeScoringMinNodes && static_cast<double>(count - i) <= bottom) {
      double booster = bottom - static_cast<double>(count - i);
      boost = -(booster * booster);
      if (std::fabs(boost) > kNegativeScoreCap) boost = kNegativeScoreCapBoost;
    }
    const int64_t upscore = static_cast<int64_t>(std::trunc(s.stop[x] + boost));
    // Every ancestor gets upscore * 1.5 / (level + 0.5), truncated. The
    // weights fall with the level, so once an addition truncates to 0 all
    // further ones do: the walk stops there (the attribute is set all the
    // way up, recorded in `touched` below), or at kMaxScoreLevels.
    double level = 1.0;
    for (uint32_t p = t.v[x].parent; p != kNone && level <= kMaxScoreLevels; p = t.v[p].parent, level += 1.0) {
      int64_t add = static_cast<int64_t>(std::trunc(static_cast<double>(upscore) * (1.5 / (level + 0.5))));
      if (add == 0) break;
      sc.score[p] += add;
    }
  }
  // Touched ancestors, and the order parent_nodes lists them in: by the
  // first candidate below them, then from the parent upwards.
  std::vector<uint32_t> first_cand(n, kNone), depth(n, 0);
  for (uint32_t x : order)
    if (t.v[x].parent != kNone) depth[x] = depth[t.v[x].parent] + 1;
  for (size_t k = order.size(); k-- > 0;) {
    uint32_t x = order[k], p = t.v[x].parent;
    if (p == kNone) continue;
    uint32_t c = std::min(first_cand[x], cand_index[x]);
    if (c != kNone) {
      sc.touched[p] = 1;
      first_cand[p] = std::min(first_cand[p], c);
    }
  }
  int64_t best = 0;
  for (uint32_t x : order) {
    if (!sc.touched[x] || sc.score[x] <= 0) continue;
    bool better = sc.score[x] > best ||
                  (sc.score[x] == best &&
                   (first_cand[x] < first_cand[sc.top] ||
                    (first_cand[x] == first_cand[sc.top] && depth[x] > depth[sc.top])));
    if (better) {
      best = sc.score[x];
      sc.top = x;
    }
  }
  if (sc.top == kNone) sc.top = t.v[nodes[0]].parent;
  return sc;
}


}  // namespace wce::goose
