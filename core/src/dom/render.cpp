// Labels -> text. Whitespace collapses as in a browser (runs of white space
// become one space, none at line starts), block elements break lines, <pre>
// keeps its line breaks. Lines never come out empty.
#include <vector>

#include "dom/unicode.hpp"
#include "wce/render.hpp"

namespace wce {
namespace {

class TextWriter {
 public:
  void block_break() { pending_newline_ = true; }
  // Dropped text between kept text still separates words.
  void word_break() { pending_space_ = true; }
  void add(std::string_view s, bool pre) {
    for (size_t i = 0; i < s.size();) {
      size_t start = i;
      uint32_t cp = unicode::next(s, i);
      if (pre && cp == '\n') { pending_newline_ = true; continue; }
      if (unicode::is_space(cp) || cp == 0) { pending_space_ = true; continue; }
      if (!out_.empty()) {
        if (pending_newline_) out_ += '\n';
        else if (pending_space_) out_ += ' ';
      }
      pending_newline_ = pending_space_ = false;
      if (cp == unicode::kReplacement && i - start != 3) unicode::append(out_, cp);
      else out_.append(s.data() + start, i - start);
    }
  }
  std::string take() { return std::move(out_); }

 private:
  std::string out_;
  bool pending_space_ = false, pending_newline_ = false;
};

template <class Keep>
std::string render(const Document& doc, Keep keep) {
  TextWriter w;
  std::vector<uint32_t> open;  // open block / pre elements, innermost last
  int in_pre = 0;
  auto close_until = [&](uint32_t depth) {
    while (!open.empty() && doc.nodes[open.back()].depth >= depth) {
      const Node& n = doc.nodes[open.back()];
      if (n.tag == Tag::Pre) --in_pre;
      if (is_block(n.tag)) w.block_break();
      open.pop_back();
    }
  };
  for (uint32_t i = 1; i < doc.size(); ++i) {
    const Node& n = doc.nodes[i];
    close_until(n.depth);
    if (n.kind == NodeKind::Text) {
      if (keep(n.text_index)) w.add(doc.str(n.text), in_pre > 0);
      else if (n.text.len > 0) w.word_break();
      continue;
    }
    if (is_block(n.tag) || n.tag == Tag::Pre) {
      if (is_block(n.tag)) w.block_break();
      if (n.tag == Tag::Pre) ++in_pre;
      open.push_back(i);
    }
  }
  return w.take();
}

}  // namespace

std::string render_text(const Document& doc, const Labels& labels, float threshold) {
  return render(doc, [&](uint32_t t) { return t < labels.size() && labels[t] >= threshold; });
}

std::string render_all_text(const Document& doc) {
  return render(doc, [](uint32_t) { return true; });
}

}  // namespace wce
