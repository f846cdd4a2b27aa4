// Segmentation into text blocks, shared by the block-based extractors.
// A boundary is the start or end of a block-level element (document/tags.cpp), the
// same places where rendering breaks lines, so one block is one output line.
#include <vector>

#include "wce/context.hpp"

namespace wce {

const TextBlocks& Context::blocks() {
  if (blocks_) return *blocks_;
  const auto& counts = this->counts();
  deadline_.check("shared features");
  auto tb = std::make_unique<TextBlocks>();
  tb->block_of_text.assign(doc_.text_nodes.size(), kNone);

  std::vector<uint32_t> open_blocks = {0};  // block-level ancestors of the current node
  TextBlock cur;
  bool have = false;  // cur holds at least one text node
  uint32_t pending_ws_begin = kNone;  // whitespace-only text nodes before the first word
  auto flush = [&] {
    if (have && cur.words > 0) {
      uint32_t id = static_cast<uint32_t>(tb->blocks.size());
      for (uint32_t t = cur.text_begin; t < cur.text_end; ++t) tb->block_of_text[t] = id;
      tb->blocks.push_back(cur);
    }
    have = false;
    pending_ws_begin = kNone;
  };
  for (uint32_t i = 1; i < doc_.size(); ++i) {
    const Node& n = doc_.nodes[i];
    while (open_blocks.size() > 1 && doc_.nodes[open_blocks.back()].depth >= n.depth) {
      open_blocks.pop_back();
      flush();
    }
    if (n.kind == NodeKind::Element) {
      if (is_block(n.tag)) {
        flush();
        open_blocks.push_back(i);
      }
      continue;
    }
    uint32_t words = counts.words[i];
    if (!have) {
      if (words == 0) {
        if (pending_ws_begin == kNone) pending_ws_begin = n.text_index;
        continue;
      }
      cur = TextBlock{};
      cur.text_begin = pending_ws_begin != kNone ? pending_ws_begin : n.text_index;
      cur.container = open_blocks.back();
      have = true;
    }
    cur.text_end = n.text_index + 1;
    cur.words += words;
    cur.link_words += counts.link_words[i];
    cur.chars += counts.chars[i];
  }
  flush();
  blocks_ = std::move(tb);
  return *blocks_;
}

}  // namespace wce
