// DOM Distiller: the article pipeline on blocks (the ArticleExtractor filter
// chain: Block::atoms = Text indices).
#pragma once
#include "extractors/domdistiller/converter.hpp"

namespace wce::domdistiller {

// ---------------------------------------------------------------------------
// The article pipeline on blocks (Block::atoms = Text indices).

struct Pipeline {
  const Document& doc;
  const Facts& f;
  std::vector<Text>& texts;
  Blocks bs;

  uint32_t first_word_node(const Block& b) const { return texts[b.atoms.front()].first_word_node; }
  // TextBlock.LastNonWhitespaceTextNode reads the *first* Text (as in the Go port).
  uint32_t last_word_node(const Block& b) const { return texts[b.atoms.front()].last_word_node; }
  bool contains(uint32_t a, uint32_t x) const { return a != kNone && x != kNone && a <= x && x < f.end[a]; }
  const std::vector<std::pair<uint32_t, uint32_t>>& moved;  // Converter::moved, by node
  uint32_t parent(uint32_t i) const {
    if (i == kNone) return kNone;
    if (doc.is_text(i) && !moved.empty()) {
      auto it = std::lower_bound(moved.begin(), moved.end(), std::make_pair(i, 0u));
      if (it != moved.end() && it->first == i) return it->second;
    }
    return doc.nodes[i].parent;
  }

  // webdoc/document.go CreateTextDocument: consecutive runs of one group.
  void build_blocks(const std::vector<Element>& elements) {
    bs.clear();
    int prev_group = 0;
    bool have = false;
    for (const Element& e : elements) {
      if (!e.is_text) continue;
      const Text& t = texts[e.index];
      if (!have || t.group != prev_group) {
        Block b;
        b.tag_level = t.tag_level;
        b.offset_start = b.offset_end = t.offset;
        b.labels = t.labels;
        b.atoms.push_back(e.index);
        b.words = t.words;
        b.anchor_words = t.anchor_words;
        b.init_densities();
        bs.push_back(std::move(b));
        prev_group = t.group;
        have = true;
        continue;
      }
      Block& b = bs.back();
      b.atoms.push_back(e.index);
      b.words += t.words;
      b.anchor_words += t.anchor_words;
      b.labels |= t.labels;
      b.offset_end = t.offset;
      b.init_densities();
    }
  }

  std::string block_text(const Block& b) const {
    std::string s;
    for (uint32_t a : b.atoms) s += texts[a].text;
    return s;
  }

  // english/TerminatingBlocksFinder: marks strictly not content.
  void terminating_blocks() {
    for (Block& b : bs) {
      if (b.words > kTerminatingMaxWords) continue;
      std::string full = block_text(b);
      std::string_view text = trim_space(full);
      bool end = false;
      if (char_count(text) >= kTerminatingMinChars) end = bp::matches_terminating_patterns(text);
      else if (b.link_density == 1.0f) end = text == "Comment";
      else end = text == "Shares";
      if (end) b.labels |= kStrictlyNotContent;
    }
  }

  // heuristic/DocumentTitleMatch.
  void title_match(const std::vector<std::string>& potential) {
    if (potential.empty()) return;
    auto known = [&](const std::string& s) {
      return std::find(potential.begin(), potential.end(), s) != potential.end();
    };
    for (Block& b : bs) {
      std::string t = normalize_title(block_text(b));
      if (known(t)) {
        b.labels |= bp::kLabelTitle;
        continue;
      }
      std::string stripped;
      for (char c : t)
        if (kTitleStripChars.find(c) == std::string_view::npos) stripped += c;
      if (known(std::string(trim_space(stripped)))) b.labels |= bp::kLabelTitle;
    }
  }

  static std::string normalize_title(std::string_view s) {
    std::string r;
    for (size_t i = 0; i < s.size();) {
      uint32_t cp = unicode::next(s, i);
      if (cp == 0xA0) cp = ' ';
      if (cp == '\'') continue;
      unicode::append(r, cp);
    }
    return to_lower(trim_space(r));
  }

  // simple/LabelToBoilerplate(StrictlyNotContent).
  void label_to_boilerplate() {
    for (Block& b : bs)
      if (b.labels & kStrictlyNotContent) b.content = false;
  }

  // heuristic/SimilarSiblingContentExpansion: the canonical node of a block is
  // the highest ancestor of its first word node that contains neither the
  // previous block's last word node nor the next block's first; a
  // non-content block becomes content when its canonical node is a sibling
  // of a content block's (within max_block_distance blocks).
  void similar_sibling_expansion(const SiblingExpansion& cfg) {
    const int n = static_cast<int>(bs.size());
    if (n < 2) return;
    std::vector<uint32_t> rep(n);
    for (int i = 0; i < n; ++i) {
      uint32_t next = i + 1 < n ? first_word_node(bs[i + 1]) : kNone;
      uint32_t prev = i > 0 ? last_word_node(bs[i - 1]) : kNone;
      uint32_t cur = first_word_node(bs[i]);
      uint32_t p = parent(cur);
      while (p != kNone && !contains(p, prev) && !contains(p, next)) {
        cur = p;
        p = parent(cur);
      }
      rep[i] = cur;
    }
    auto similar = [&](int a, int b) {
      uint32_t l = rep[a], r = rep[b];
      if (!cfg.allow_mixed_tags) {
        const Node& ln = doc.nodes[l];
        const Node& rn = doc.nodes[r];
        if (ln.kind != rn.kind) return false;
        if (ln.kind == NodeKind::Element && ln.tag != rn.tag) return false;
      }
      return parent(l) == parent(r);
    };
    auto expand_from = [&](const Block& b) {
      return b.content && !(b.labels & kStrictlyNotContent) && !(b.labels & bp::kLabelTitle);
    };
    auto expand_to = [&](const Block& b) {
      return static_cast<double>(b.link_density) <= cfg.max_link_density && !b.content &&
             !(b.labels & kStrictlyNotContent) && !(b.labels & bp::kLabelTitle);
    };
    std::vector<int> good(n), bad(n);
    int good_begin = 0, good_end = 0, bad_begin = 0, bad_end = 0;
    for (int i = 0; i < n; ++i) {
      // AllowCrossTitles is false: a title block clears both candidate sets.
      if (bs[i].labels & bp::kLabelTitle) {
        good_begin = good_end;
        bad_begin = bad_end;
        continue;
      }
      if (expand_from(bs[i])) {
        good[good_end++] = i;
        for (int j = bad_begin; j < bad_end; ++j) {
          int b = bad[j];
          if (i - b > cfg.max_block_distance) {
            if (j == bad_begin) ++bad_begin;
            continue;
          }
          if (similar(i, b)) {
            bs[b].content = true;
            bad[j] = bad[bad_begin];
            ++bad_begin;
          }
        }
      } else if (expand_to(bs[i])) {
        int j = good_begin;
        for (; j < good_end; ++j) {
          int g = good[j];
          if (i - g > cfg.max_block_distance) {
            if (j == good_begin) ++good_begin;
            continue;
          }
          if (similar(i, g)) {
            bs[i].content = true;
            good[j] = good[good_begin];
            ++good_begin;
            break;
          }
        }
        if (j == good_end) bad[bad_end++] = i;
        else good[good_end++] = i;
      }
    }
  }

  // heuristic/HeadingFusion: a heading merges into the content block after it.
  void heading_fusion() {
    if (bs.size() < 2) return;
    Blocks out;
    out.reserve(bs.size());
    out.push_back(std::move(bs[0]));
    for (size_t i = 1; i < bs.size(); ++i) {
      Block& prev = out.back();
      Block& cur = bs[i];
      bool skip = !(prev.labels & kHeading) ||
                  ((prev.labels | cur.labels) & kStrictlyNotContent) ||
                  ((prev.labels | cur.labels) & bp::kLabelTitle);
      if (!skip && cur.content) {
        bool heading_was_content = prev.content;
        prev.merge_next(cur);
        prev.labels &= static_cast<uint16_t>(~kHeading);
        if (!heading_was_content) prev.labels |= kBoilerplateHeadingFused;
        continue;
      }
      if (!skip && prev.content) prev.content = false;
      out.push_back(std::move(cur));
    }
    bs = std::move(out);
  }

  // heuristic/BlockProximityFusion: a content block merges into the last
  // content block kept before it when at most one run lies between them,
  // unless their labels differ in kind. As in the Go loop, a block that may
  // not merge does not become the new "previous" block.
  void proximity_fusion(bool post_filtering) {
    if (bs.size() < 2) return;
    Blocks out;
    out.reserve(bs.size());
    out.push_back(std::move(bs[0]));
    size_t prev = 0;
    for (size_t i = 1; i < bs.size(); ++i) {
      Block& b = bs[i];
      Block& p = out[prev];
      if (!b.content || !p.content || b.offset_start - p.offset_end - 1 > 1) {
        out.push_back(std::move(b));
        prev = out.size() - 1;
        continue;
      }
      bool ok = post_filtering ? p.tag_level == b.tag_level : !(b.labels & kBoilerplateHeadingFused);
      if ((p.labels ^ b.labels) & (kStrictlyNotContent | bp::kLabelTitle)) ok = false;
      if (ok) p.merge_next(b);
      else out.push_back(std::move(b));
    }
    bs = std::move(out);
  }

  // heuristic/KeepLargestBlock(expandToSiblings): Boilerpipe's filter, plus
  // the "very likely content" label and the expansion to earlier and later
  // blocks whose word nodes share the grandparent.
  void keep_largest_block() {
    if (bs.size() < 2) return;
    bp::keep_largest_block(bs);
    int largest = -1;
    for (size_t i = 0; i < bs.size(); ++i)
      if (bs[i].content) largest = static_cast<int>(i);
    if (largest < 0) return;
    bs[largest].labels |= kVeryLikelyContent;
    auto pe = [&](uint32_t node) { return parent(node); };
    uint32_t first = pe(first_word_node(bs[largest]));
    for (int i = largest - 1; i >= 0; --i) {
      if (parent(first) == parent(pe(last_word_node(bs[i])))) {
        bs[i].content = true;
        first = pe(first_word_node(bs[i]));
      }
    }
    uint32_t last = pe(last_word_node(bs[largest]));
    for (size_t i = largest + 1; i < bs.size(); ++i) {
      if (parent(last) == parent(pe(first_word_node(bs[i])))) {
        bs[i].content = true;
        last = pe(last_word_node(bs[i]));
      }
    }
  }

  // heuristic/LargeBlockAroundTagLevelToContent.
  void large_block_around_level() {
    int level = -1;
    for (const Block& b : bs)
      if (b.content && (b.labels & kVeryLikelyContent)) {
        level = b.tag_level;
        break;
      }
    if (level == -1) return;
    for (Block& b : bs)
      if (!b.content && b.words >= kLargeBlockMinWords && std::abs(b.tag_level - level) <= 1)
        b.content = true;
  }

  // heuristic/ListAtEnd: link-free list items nested below the main content.
  void list_at_end() {
    constexpr int kNoLevel = 0x7FFF;  // math.MaxInt16
    int level = kNoLevel;
    for (Block& b : bs) {
      if (b.content && (b.labels & kVeryLikelyContent)) {
        level = b.tag_level;
      } else if (b.tag_level > level && (b.labels & bp::kLabelMightBeContent) && (b.labels & kLi) &&
                 b.link_density == 0.0f) {
        b.content = true;
      } else {
        level = kNoLevel;
      }
    }
  }

  // extractor/article.go.
  int run(const std::vector<Element>& elements, const std::vector<std::string>& titles) {
    build_blocks(elements);
    terminating_blocks();
    title_match(titles);
    bp::num_words_rules_classifier(bs);
    label_to_boilerplate();
    similar_sibling_expansion(kSiblingExpansion1);
    similar_sibling_expansion(kSiblingExpansion2);
    heading_fusion();
    proximity_fusion(false);
    bp::boilerplate_block_filter(bs);
    proximity_fusion(true);
    keep_largest_block();
    bp::expand_title_to_content(bs);
    large_block_around_level();
    list_at_end();
    int words = 0;
    for (const Block& b : bs)
      if (b.content) words += b.words;
    return words;
  }
};

}  // namespace wce::domdistiller
