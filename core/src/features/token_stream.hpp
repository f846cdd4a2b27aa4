// The tag/word token sequence of a Document (internal header).
//
// The token-based extractors (BTE, DSC, CCB) were defined on the source as a
// sequence of tag and word tokens. To make both input paths (Gumbo and the
// live-DOM encoding) agree, the sequence is derived from the Document instead:
// each element is one opening tag token at its place in document order and,
// unless it is a void element, one closing tag token after its subtree; each
// text node contributes its words (whitespace-separated tokens).
#pragma once
#include <cstdint>
#include <vector>

#include "wce/document.hpp"

namespace wce {

// HTML void elements (no closing tag), as far as the Tag enum knows them.
bool is_void_element(Tag t);

// One run of equal tokens: a tag (count 1) or the words of one text node
// (count = its word count, 0 for whitespace-only text).
struct TokenRun {
  enum Kind : uint8_t { Open, Close, Words };
  Kind kind;
  uint32_t count;  // tokens in the run
  uint32_t node;   // the element (Open/Close) or the text node (Words)
  bool is_tag() const { return kind != Words; }
};

// The runs in document order. text_words: Context::text_words().
std::vector<TokenRun> token_stream(const Document& doc, const std::vector<uint32_t>& text_words);

}  // namespace wce
