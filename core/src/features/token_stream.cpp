#include "features/token_stream.hpp"

namespace wce {

bool is_void_element(Tag t) {
  switch (t) {
    case Tag::Area: case Tag::Base: case Tag::Br: case Tag::Col: case Tag::Embed: case Tag::Hr:
    case Tag::Img: case Tag::Input: case Tag::Link: case Tag::Meta: case Tag::Param:
    case Tag::Source: case Tag::Track: case Tag::Wbr:
      return true;
    default:
      return false;
  }
}

std::vector<TokenRun> token_stream(const Document& doc, const std::vector<uint32_t>& text_words) {
  std::vector<TokenRun> runs;
  runs.reserve(doc.size() * 2);
  std::vector<uint32_t> open;  // elements awaiting their closing tag (no recursion)
  auto close_until = [&](uint32_t depth) {
    while (!open.empty() && doc.nodes[open.back()].depth >= depth) {
      runs.push_back({TokenRun::Close, 1, open.back()});
      open.pop_back();
    }
  };
  for (uint32_t i = 1; i < doc.size(); ++i) {
    const Node& n = doc.nodes[i];
    close_until(n.depth);
    if (n.kind == NodeKind::Text) {
      runs.push_back({TokenRun::Words, text_words[n.text_index], i});
    } else {
      runs.push_back({TokenRun::Open, 1, i});
      if (!is_void_element(n.tag)) open.push_back(i);
    }
  }
  close_until(0);
  return runs;
}

}  // namespace wce
