// Per-document shared features, computed once on first use and reused by
// every extractor of a run.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "wce/document.hpp"

namespace wce {

struct NodeCounts {
  std::vector<uint32_t> words;       // words in the subtree (text node: its own)
  std::vector<uint32_t> link_words;  // of those, words inside <a href>
  std::vector<uint32_t> chars;       // non-whitespace characters in the subtree
};

class Context {
 public:
  explicit Context(const Document& doc) : doc_(doc) {}
  const Document& doc() const { return doc_; }
  // Word counts of each text node (whitespace separated tokens).
  const std::vector<uint32_t>& text_words();
  // Subtree sums over all nodes.
  const NodeCounts& counts();

 private:
  const Document& doc_;
  std::unique_ptr<std::vector<uint32_t>> text_words_;
  std::unique_ptr<NodeCounts> counts_;
};

// Whitespace-separated token count of UTF-8 text (ASCII and Unicode spaces).
uint32_t count_words(std::string_view text);

}  // namespace wce
