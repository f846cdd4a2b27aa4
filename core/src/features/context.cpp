#include "wce/context.hpp"

#include <algorithm>
#include <stdexcept>

#include "document/ascii_swar.hpp"
#include "document/unicode.hpp"
#include "wce/extractor.hpp"

namespace wce {

namespace {

// Words (whitespace-separated tokens) and non-whitespace characters of UTF-8
// text, in one pass that decodes only non-ASCII bytes (counts() needs both:
// one pass over each text instead of two, each decoding every byte).
struct TextCount {
  uint32_t words = 0, chars = 0;
};
TextCount count_text(std::string_view text) {
  TextCount c;
  bool in_word = false;
  for (size_t i = 0; i < text.size();) {
    if (i + 8 <= text.size()) {  // eight ASCII bytes at once
      const uint64_t w = swar::load8(text.data() + i);
      if (swar::ascii(w)) {
        const uint64_t word = ~swar::space(w) & swar::kHigh;
        c.words += swar::count(swar::starts(word, in_word));
        c.chars += swar::count(word);
        in_word = swar::last_in(word);
        i += 8;
        continue;
      }
    }
    const unsigned char b = static_cast<unsigned char>(text[i]);
    bool space;
    if (b < 0x80) {
      space = b == ' ' || (b >= 0x09 && b <= 0x0D);  // unicode::is_space on ASCII
      ++i;
    } else {
      space = unicode::is_space(unicode::next(text, i));
    }
    c.words += !space && !in_word;
    c.chars += !space;
    in_word = !space;
  }
  return c;
}

}  // namespace

uint32_t count_words(std::string_view text) { return count_text(text).words; }

const std::vector<uint32_t>& Context::text_words() {
  if (!text_words_) {
    deadline_.check("shared features");
    auto words = std::make_unique<std::vector<uint32_t>>();
    words->reserve(doc_.text_nodes.size());
    text_chars_.clear();
    text_chars_.reserve(doc_.text_nodes.size());
    for (uint32_t n : doc_.text_nodes) {
      const TextCount c = count_text(doc_.text(n));
      words->push_back(c.words);
      text_chars_.push_back(c.chars);
    }
    text_words_ = std::move(words);
  }
  return *text_words_;
}

const NodeCounts& Context::counts() {
  if (counts_) return *counts_;
  deadline_.check("shared features");
  const auto& tw = text_words();
  const size_t n = doc_.size();
  auto c = std::make_unique<NodeCounts>();
  c->words.assign(n, 0);
  c->link_words.assign(n, 0);
  c->chars.assign(n, 0);
  // Forward pass: is the node inside a link? (parents precede children)
  std::vector<uint8_t> in_link(n, 0);
  for (uint32_t i = 1; i < n; ++i) {
    const Node& nd = doc_.nodes[i];
    in_link[i] = (nd.flags & kHasHref) || (nd.parent != kNone && in_link[nd.parent]);
  }
  // Backward pass: subtree sums (children follow their parents).
  for (uint32_t i = static_cast<uint32_t>(n); i-- > 1;) {
    const Node& nd = doc_.nodes[i];
    if (nd.kind == NodeKind::Text) {
      c->words[i] = tw[nd.text_index];
      if (in_link[i]) c->link_words[i] = c->words[i];
      c->chars[i] = text_chars_[nd.text_index];
    }
    if (nd.parent != kNone) {
      c->words[nd.parent] += c->words[i];
      c->link_words[nd.parent] += c->link_words[i];
      c->chars[nd.parent] += c->chars[i];
    }
  }
  counts_ = std::move(c);
  return *counts_;
}

const Labels& Context::labels(const std::string& name) {
  if (running_.empty())
    throw std::logic_error("Context::labels(\"" + name + "\") is for a running extractor's declared members; "
                           "front ends and tools pass the Extractor (wce::require_extractor)");
  const Extractor* ex = running_.back()->member(name);
  if (!ex)
    throw std::logic_error("extractor \"" + running_.back()->info().name + "\" asks for \"" + name +
                           "\", which its ExtractorInfo::needs does not declare");
  return labels(*ex);
}

const Labels& Context::labels(const Extractor& ex) {
  for (const auto& [e, l] : labels_)
    if (e == &ex) return *l;
  if (std::find(running_.begin(), running_.end(), &ex) != running_.end())
    throw std::logic_error("extractor \"" + ex.info().name + "\" needs its own labels");
  if (!running_.empty() && !running_.back()->member(ex.info().name))
    throw std::logic_error("extractor \"" + running_.back()->info().name + "\" asks for \"" + ex.info().name +
                           "\", which its ExtractorInfo::needs does not declare");
  deadline_.check(ex.info().name.c_str());  // before each member an ensemble asks for
  running_.push_back(&ex);
  Labels l;
  try {
    l = ex.run(*this);
  } catch (...) {
    running_.pop_back();
    throw;
  }
  running_.pop_back();
  if (l.size() != doc_.text_nodes.size())
    throw std::logic_error("extractor \"" + ex.info().name + "\" returned " + std::to_string(l.size()) +
                           " labels for " + std::to_string(doc_.text_nodes.size()) + " text nodes");
  labels_.emplace_back(&ex, std::make_unique<Labels>(std::move(l)));
  return *labels_.back().second;
}

}  // namespace wce
