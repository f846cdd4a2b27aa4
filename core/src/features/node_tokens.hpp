// Tokens of a page's text-node stream, each knowing the text nodes it comes
// from (internal header). Used by the gold alignment (eval/align.cpp) and the
// token votes (core/src/ensembles/vote.cpp).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "wce/document.hpp"

namespace wce {

enum class TokenRule : uint8_t {
  // Maximal runs of non-whitespace (tokenize_words()), bytes as given: the
  // all-text conversion split at white space, as the votes of Bevendorff et
  // al. 2023 use it.
  Whitespace,
  // Whitespace tokens, cut further: ASCII punctuation and the quotes, dashes
  // and guillemets of is_alignment_punct() are tokens of their own, as is
  // every character of a script written without spaces (is_unspaced_script);
  // ASCII letters are folded to lower case. For the gold alignment.
  Alignment,
};

struct NodeToken {
  std::string text;
  uint32_t node_first = 0, node_last = 0;  // text-node indices the token touches
};

// The page's text nodes read as one stream in document order: a block
// boundary (two nodes of different text blocks, or a <br> or block element
// between them) ends a token, an inline boundary does not, as rendering
// does ("<b>foo</b>bar" is one token "foobar" touching both nodes).
std::vector<NodeToken> node_tokens(const Document& doc, TokenRule rule);

// Tokens of plain text by the same rule; with `line_of_token`, the index of
// the line ('\n'-separated) each token comes from (a token never spans lines).
std::vector<std::string> text_tokens(std::string_view text, TokenRule rule,
                                     std::vector<uint32_t>* line_of_token = nullptr);

}  // namespace wce
