// Labels -> cleaned HTML, from the events of markup_walk: the elements h1-h6,
// p, ul, ol, li, blockquote, pre, code, table, caption, tr, th, td, figure,
// figcaption, em, strong, a, img and br, with no attributes but href, src,
// alt, colspan and rowspan (the last two so that a table's columns stay
// aligned). A fragment (no <html> or <body>), well formed: every element is
// closed, text and attribute values are escaped.
//
// Kept text directly in the page flow, a block quote or a figure goes in a
// <p>, in a list without an item in an <li>; inside an item, cell, heading or
// paragraph the lines that render_text would break become <br>.
#include <string>
#include <vector>

#include "document/unicode.hpp"
#include "output/markup_walk.hpp"
#include "wce/render.hpp"

namespace wce {
namespace {

std::string hex(uint32_t v) {
  static const char kHex[] = "0123456789ABCDEF";
  std::string h;
  do {
    h.insert(h.begin(), kHex[v & 15]);
    v >>= 4;
  } while (v);
  return h;
}

using markup::Block;
using markup::BlockInfo;
using markup::Inline;

// Text and attribute values escaped. Characters that an HTML parser would
// not give back as they are (C0 controls but tab, line feed, form feed and
// carriage return; DEL; noncharacters: the parser makes them U+FFFD) are
// written as character references, which it keeps. The C1 controls a
// reference maps to windows-1252 characters stay raw (read as U+FFFD).
void escape_into(std::string& out, std::string_view s, bool attribute) {
  static const char kHex[] = "0123456789ABCDEF";
  for (size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      ++i;
      switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"':
          if (attribute) out += "&quot;";
          else out += '"';
          break;
        default:
          if ((c < 0x20 && c != '\t' && c != '\n' && c != '\f' && c != '\r') || c == 0x7F) {
            out += "&#x";
            out += kHex[c >> 4];
            out += kHex[c & 15];
            out += ';';
          } else {
            out += static_cast<char>(c);
          }
      }
      continue;
    }
    size_t start = i;
    uint32_t cp = unicode::next(s, i);
    // C1 controls: only those a reference gives back (the others are read as
    // windows-1252 characters, and raw ones as U+FFFD: no way to keep them).
    bool c1_kept = cp == 0x81 || cp == 0x8D || cp == 0x8F || cp == 0x90 || cp == 0x9D;
    if ((cp >= 0xFDD0 && cp <= 0xFDEF) || (cp & 0xFFFE) == 0xFFFE || c1_kept) out += "&#x" + hex(cp) + ";";
    else out.append(s.data() + start, i - start);
  }
}

const char* block_tag(const BlockInfo& b) {
  static const char* const kHeadings[] = {"h1", "h2", "h3", "h4", "h5", "h6"};
  switch (b.kind) {
    case Block::Heading: return kHeadings[(b.level >= 1 && b.level <= 6 ? b.level : 1) - 1];
    case Block::Paragraph: return "p";
    case Block::List: return b.ordered ? "ol" : "ul";
    case Block::Item: return "li";
    case Block::Quote: return "blockquote";
    case Block::Code: return "pre";
    case Block::Table: return "table";
    case Block::Row: return "tr";
    case Block::Cell: return b.header ? "th" : "td";
    case Block::Caption: return "caption";
    case Block::Figure: return "figure";
    case Block::Figcaption: return "figcaption";
  }
  return "div";
}

const char* inline_tag(Inline k) {
  switch (k) {
    case Inline::Em: return "em";
    case Inline::Strong: return "strong";
    case Inline::Code: return "code";
    case Inline::Link: return "a";
  }
  return "span";
}

class HtmlWriter : public markup::Sink {
 public:
  HtmlWriter() { frames_.push_back({Kind::Flow, false, false, false}); }

  std::string take() {
    close_implicit();
    return std::move(out_);
  }

  void open_block(const BlockInfo& b) override {
    close_implicit();
    frames_.back().pending_br = false;
    pending_space_ = false;
    out_ += '<';
    out_ += block_tag(b);
    if (b.kind == Block::Cell) {
      if (b.colspan > 1) out_ += " colspan=\"" + std::to_string(b.colspan) + "\"";
      if (b.rowspan > 1) out_ += " rowspan=\"" + std::to_string(b.rowspan) + "\"";
    }
    out_ += '>';
    if (b.kind == Block::Code) out_ += "<code>";
    frames_.push_back({kind_of(b.kind), false, false, false});
  }

  void close_block(const BlockInfo& b) override {
    close_implicit();
    if (b.kind == Block::Code) out_ += "</code>";
    out_ += "</";
    out_ += block_tag(b);
    out_ += ">\n";
    if (frames_.size() > 1) frames_.pop_back();
    frames_.back().pending_br = false;
    pending_space_ = false;
  }

  void boundary() override {
    Frame& f = frames_.back();
    switch (f.kind) {
      case Kind::Code: out_ += '\n'; break;
      case Kind::Flow: case Kind::List: close_implicit(); break;
      case Kind::TableFrame: break;
      case Kind::Inline:
        if (f.wrote) f.pending_br = true;
        pending_space_ = false;
        break;
    }
  }
  void line_break() override {
    Frame& f = frames_.back();
    if (f.kind == Kind::Code) out_ += '\n';
    else if (f.kind != Kind::TableFrame && begin_inline()) out_ += "<br>";
  }
  void text(std::string_view s) override {
    if (frames_.back().kind == Kind::Code) {
      escape_into(out_, s, false);
      return;
    }
    if (!begin_inline()) return;
    write_space();
    escape_into(out_, s, false);
  }
  void space() override {
    Kind k = frames_.back().kind;
    if (k == Kind::Code) out_ += ' ';
    else pending_space_ = true;
  }
  void open_inline(Inline kind, std::string_view href) override {
    if (!begin_inline()) return;
    write_space();
    out_ += '<';
    out_ += inline_tag(kind);
    if (kind == Inline::Link) {
      out_ += " href=\"";
      escape_into(out_, href, true);
      out_ += '"';
    }
    out_ += '>';
    open_inlines_.push_back(kind);
  }
  void close_inline(Inline kind) override {
    // Only what this writer opened (not in a table frame, say) is closed.
    if (open_inlines_.empty() || open_inlines_.back() != kind) return;
    open_inlines_.pop_back();
    out_ += "</";
    out_ += inline_tag(kind);
    out_ += '>';
  }
  void image(std::string_view src, std::string_view alt) override {
    if (!begin_inline()) return;
    write_space();
    out_ += "<img src=\"";
    escape_into(out_, src, true);
    out_ += "\" alt=\"";
    escape_into(out_, alt, true);
    out_ += "\">";
  }

 private:
  // Flow: inline content goes in an implicit <p>; List: in an implicit <li>;
  // Inline: written as it is; Code: verbatim; TableFrame: none expected.
  enum class Kind { Flow, List, Inline, Code, TableFrame };
  struct Frame {
    Kind kind;
    bool implicit_open;  // the implicit <p> / <li> is open
    bool wrote;          // inline content written in this frame
    bool pending_br;     // a line break before the next inline content
  };

  static Kind kind_of(Block b) {
    switch (b) {
      case Block::Quote: case Block::Figure: return Kind::Flow;
      case Block::List: return Kind::List;
      case Block::Code: return Kind::Code;
      case Block::Table: case Block::Row: return Kind::TableFrame;
      default: return Kind::Inline;
    }
  }

  // Makes the frame ready for inline content; false where none may go.
  bool begin_inline() {
    Frame& f = frames_.back();
    if (f.kind == Kind::TableFrame || f.kind == Kind::Code) return false;
    if ((f.kind == Kind::Flow || f.kind == Kind::List) && !f.implicit_open) {
      out_ += f.kind == Kind::Flow ? "<p>" : "<li>";
      f.implicit_open = true;
      pending_space_ = false;
    }
    if (f.pending_br) {
      out_ += "<br>";
      f.pending_br = false;
      pending_space_ = false;
    }
    f.wrote = true;
    return true;
  }
  void write_space() {
    if (pending_space_) out_ += ' ';
    pending_space_ = false;
  }
  void close_implicit() {
    Frame& f = frames_.back();
    if (!f.implicit_open) return;
    while (!open_inlines_.empty()) {  // not expected: the walk closes inline elements first
      out_ += "</";
      out_ += inline_tag(open_inlines_.back());
      out_ += '>';
      open_inlines_.pop_back();
    }
    out_ += f.kind == Kind::Flow ? "</p>\n" : "</li>\n";
    f.implicit_open = false;
    pending_space_ = false;
  }

  std::string out_;
  std::vector<Frame> frames_;
  std::vector<Inline> open_inlines_;
  bool pending_space_ = false;
};

}  // namespace

std::string render_html(const Document& doc, const Labels& labels, const MarkupOptions& options,
                        float threshold) {
  // HTML keeps links and images always (links / images are for Markdown; base_url for both).
  HtmlWriter w;
  markup::walk(doc, labels, threshold, {true, true, options.base_url}, w);
  return w.take();
}

}  // namespace wce
