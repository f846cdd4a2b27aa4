// Per-document shared features, computed once on first use and reused by
// every extractor of a run.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "wce/document.hpp"
#include "wce/limits.hpp"

namespace wce {

struct NodeCounts {
  std::vector<uint32_t> words;       // words in the subtree (text node: its own)
  std::vector<uint32_t> link_words;  // of those, words inside <a href>
  std::vector<uint32_t> chars;       // non-whitespace characters in the subtree
};

// A text block in the sense of Boilerpipe and jusText: the text between two
// block-level boundaries (entering or leaving a block element, as rendering
// breaks lines there), with at least one word.
struct TextBlock {
  uint32_t text_begin = 0, text_end = 0;  // text-node indices [begin, end)
  uint32_t container = 0;   // node index of the nearest block-level ancestor (0 = root)
  uint32_t words = 0;       // whitespace-separated tokens
  uint32_t link_words = 0;  // of those, inside <a href>
  uint32_t chars = 0;       // non-whitespace characters
};

struct TextBlocks {
  std::vector<TextBlock> blocks;          // in document order
  std::vector<uint32_t> block_of_text;    // per text node: its block, or kNone (whitespace outside blocks)
};

class Extractor;
using Labels = std::vector<float>;

class Context {
 public:
  explicit Context(const Document& doc) : doc_(doc) {}
  const Document& doc() const { return doc_; }
  // Word counts of each text node (whitespace separated tokens).
  const std::vector<uint32_t>& text_words();
  // Subtree sums over all nodes.
  const NodeCounts& counts();
  // Text blocks (features/text_blocks.cpp).
  const TextBlocks& blocks();
  // ISO 639-1 code of the stopwords-iso list with the most stop-word hits in
  // the page's text, or "" below the minimum (features/stopwords.cpp).
  const std::string& language();
  // The page's language as its source states it (a dataset record's "lang",
  // e.g. "pl" or "zh-CN"), "" when not known. Not checked and not used by
  // language(): an extractor that takes a stated language (justext, as the
  // original is called with the list of the page's language) reads it here.
  void set_language_hint(std::string_view code);
  const std::string& language_hint() const { return language_hint_; }
  // The page's time budget (limits.hpp): the shared features check it before
  // they are computed, labels() before each extractor it runs.
  void set_deadline(const Deadline& d) { deadline_ = d; }
  const Deadline& deadline() const { return deadline_; }

  // The labels of a registered extractor on this document, run on this
  // Context the first time and cached: an extractor that uses another's
  // result (trafilatura's fallbacks, the ensembles' members) asks here, so
  // that every member runs once per page. labels(name) resolves the name
  // among the running extractor's declared members (ExtractorInfo::needs),
  // never in the registry. Throws std::logic_error when no extractor runs
  // (labels(name)), when a running extractor asks for an undeclared one,
  // when the extractor returns a wrong number of labels or asks (directly or
  // not) for its own labels; whatever the extractor throws passes through
  // and nothing is cached.
  const Labels& labels(const std::string& name);
  const Labels& labels(const Extractor& ex);

  // A value a layer above the features computes once per document and
  // several callers share (the page type's document features: the
  // ensemble's column and the metadata's classification). `key` is the
  // address of a static object of that layer, so the features layer needs
  // to know nothing of it; `make()` runs the first time; if it throws,
  // nothing is kept.
  template <class T, class Make>
  const T& memo(const void* key, Make make) {
    for (const auto& m : memo_)
      if (m.first == key) return *static_cast<const T*>(m.second.get());
    std::shared_ptr<void> value = std::make_shared<T>(make());
    memo_.emplace_back(key, value);
    return *static_cast<const T*>(value.get());
  }

 private:
  const Document& doc_;
  std::unique_ptr<std::vector<uint32_t>> text_words_;
  std::vector<uint32_t> text_chars_;  // per text node: non-whitespace characters (with text_words_)
  std::unique_ptr<NodeCounts> counts_;
  std::unique_ptr<TextBlocks> blocks_;
  std::unique_ptr<std::string> language_;
  std::string language_hint_;
  Deadline deadline_;
  // Extractors run on this Context, in the order they finished (a handful
  // per page: a linear search is the fastest lookup). `running_` holds those
  // still running, to catch an extractor that needs its own result.
  std::vector<std::pair<const Extractor*, std::unique_ptr<Labels>>> labels_;
  std::vector<const Extractor*> running_;
  std::vector<std::pair<const void*, std::shared_ptr<void>>> memo_;  // memo(): a handful per page
};

// Whitespace-separated token count of UTF-8 text (ASCII and Unicode spaces).
uint32_t count_words(std::string_view text);

}  // namespace wce
