// Tokens of the text-node stream and of plain text (see node_tokens.hpp).
#include "features/node_tokens.hpp"

#include "document/unicode.hpp"
#include "wce/context.hpp"
#include "wce/eval.hpp"

namespace wce {
namespace {

bool is_ascii_punct(uint32_t cp) {
  return (cp >= '!' && cp <= '/') || (cp >= ':' && cp <= '@') || (cp >= '[' && cp <= '`') ||
         (cp >= '{' && cp <= '~');
}

// Quotes, dashes, ellipsis, guillemets, inverted marks: tokens of their own
// like ASCII punctuation, so that "“Yes,”" and "“ Yes , ”" agree.
bool is_other_punct(uint32_t cp) {
  return (cp >= 0x2010 && cp <= 0x2027) || cp == 0xAB || cp == 0xBB || cp == 0xA1 || cp == 0xBF;
}

// Accumulates characters into tokens; emit(std::string&&) is called for each.
class Tokenizer {
 public:
  explicit Tokenizer(TokenRule rule) : rule_(rule) {}
  bool pending() const { return !word_.empty(); }

  template <class Emit>
  void feed(std::string_view s, Emit&& emit) {
    for (size_t i = 0; i < s.size();) {
      size_t at = i;
      uint32_t cp = unicode::next(s, i);
      if (unicode::is_invisible(cp)) continue;  // as the renderer: "Werk&shy;zeug" is "Werkzeug"
      if (unicode::is_space(cp)) {
        boundary(emit);
      } else if (rule_ == TokenRule::Whitespace) {
        word_.append(s.substr(at, i - at));
      } else if (is_ascii_punct(cp) || is_other_punct(cp) || is_unspaced_script(cp)) {
        boundary(emit);
        word_.assign(s.substr(at, i - at));
        boundary(emit);
      } else if (cp >= 'A' && cp <= 'Z') {
        word_ += static_cast<char>(cp - 'A' + 'a');
      } else {
        word_.append(s.substr(at, i - at));
      }
    }
  }

  template <class Emit>
  void boundary(Emit&& emit) {
    if (word_.empty()) return;
    emit(std::move(word_));
    word_.clear();
  }

 private:
  TokenRule rule_;
  std::string word_;
};

// cut[k]: a token cannot continue from text node k-1 into k.
std::vector<bool> node_boundaries(const Document& doc) {
  const size_t n = doc.text_nodes.size();
  std::vector<bool> out(n, true);
  if (n == 0) return out;
  Context ctx(doc);
  const TextBlocks& blocks = ctx.blocks();
  for (size_t k = 1; k < n; ++k) {
    bool cut = blocks.block_of_text[k] != blocks.block_of_text[k - 1];
    for (uint32_t i = doc.text_nodes[k - 1] + 1; !cut && i < doc.text_nodes[k]; ++i) {
      const Node& node = doc.nodes[i];
      cut = node.kind == NodeKind::Element && (node.tag == Tag::Br || is_block(node.tag));
    }
    out[k] = cut;
  }
  return out;
}

}  // namespace

std::vector<NodeToken> node_tokens(const Document& doc, TokenRule rule) {
  std::vector<NodeToken> out;
  const std::vector<bool> cut = node_boundaries(doc);
  Tokenizer tok(rule);
  uint32_t start = 0, cur = 0;  // node where the pending token started, current node
  auto emit = [&](std::string&& s) {
    out.push_back({std::move(s), start, cur});
    start = cur;
  };
  for (uint32_t k = 0; k < doc.text_nodes.size(); ++k) {
    if (cut[k]) tok.boundary(emit);
    cur = k;
    if (!tok.pending()) start = k;
    tok.feed(doc.text(doc.text_nodes[k]), emit);
  }
  tok.boundary(emit);
  return out;
}

std::vector<std::string> text_tokens(std::string_view text, TokenRule rule,
                                     std::vector<uint32_t>* line_of_token) {
  std::vector<std::string> out;
  Tokenizer tok(rule);
  uint32_t line = 0;
  auto emit = [&](std::string&& s) {
    out.push_back(std::move(s));
    if (line_of_token) line_of_token->push_back(line);
  };
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    tok.feed(text.substr(start, end - start), emit);
    tok.boundary(emit);
    ++line;
    start = end + 1;
  }
  return out;
}

}  // namespace wce
