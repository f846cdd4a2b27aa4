// Labels -> GitHub-flavoured Markdown, from the events of markup_walk. The
// rules and fallbacks are in docs/markdown.md; in short:
//   - a leaf block's inline content is buffered as tokens, then normalised
//     (spaces moved out of emphasis, empty emphasis dropped, touching
//     emphasis of one kind merged) and written with its text escaped;
//     emphasis whose delimiters CommonMark would not read as such (the
//     flanking rules) is left out rather than shown as stray asterisks;
//   - block quotes and list items are containers: each line gets their
//     prefixes ("> ", the item's marker, then its indentation);
//   - tables are buffered whole: a pipe table needs its column count first.
#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "document/unicode.hpp"
#include "output/markup_walk.hpp"
#include "wce/render.hpp"

namespace wce {
namespace {

using markup::Block;
using markup::BlockInfo;
using markup::Inline;

constexpr size_t kMaxColumns = 1000;  // a pipe table's width; later cells join the last column

bool is_ascii_punct(unsigned char c) {
  return (c >= 0x21 && c <= 0x2F) || (c >= 0x3A && c <= 0x40) || (c >= 0x5B && c <= 0x60) || (c >= 0x7B && c <= 0x7E);
}
bool is_ws(unsigned char c) { return c == ' ' || c == '\n' || c == '\t' || c == 0; }

// CommonMark's "Unicode punctuation" (general categories P and S) for the
// flanking rules, by the blocks where such characters live; letters and
// digits of every script are outside them.
bool is_unicode_punct(uint32_t c) {
  if (c < 0x80) return is_ascii_punct(static_cast<unsigned char>(c));
  return (c >= 0xA1 && c <= 0xBF && c != 0xAA && c != 0xB2 && c != 0xB3 && c != 0xB5 && c != 0xB9 && c != 0xBA &&
          !(c >= 0xBC && c <= 0xBE)) ||
         c == 0xD7 || c == 0xF7 || (c >= 0x2010 && c <= 0x2027) || (c >= 0x2030 && c <= 0x205E) ||
         (c >= 0x20A0 && c <= 0x20CF) || (c >= 0x2190 && c <= 0x2BFF) || (c >= 0x2E00 && c <= 0x2E7F) ||
         (c >= 0x3001 && c <= 0x3003) || (c >= 0x3008 && c <= 0x3020) || c == 0x30FB ||
         (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF01 && c <= 0xFF0F) || (c >= 0xFF1A && c <= 0xFF20) ||
         (c >= 0xFF3B && c <= 0xFF40) || (c >= 0xFF5B && c <= 0xFF65) || (c >= 0x1F000 && c <= 0x1FAFF);
}

uint32_t first_code_point(std::string_view s) {
  size_t i = 0;
  return s.empty() ? ' ' : unicode::next(s, i);
}

uint32_t last_code_point(std::string_view s) {
  if (s.empty()) return ' ';
  size_t b = s.size() - 1;
  while (b > 0 && s.size() - b < 4 && (static_cast<unsigned char>(s[b]) & 0xC0) == 0x80) --b;
  size_t i = b;
  return unicode::next(s, i);
}
// Letters, digits and any non-ASCII byte (words of other scripts).
bool is_wordish(unsigned char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80;
}

// The bytes that may need a backslash (escape_text decides by their
// neighbours); every other byte is copied as it is, in runs.
constexpr std::array<bool, 256> kEscapeCandidates = [] {
  std::array<bool, 256> a{};
  for (const char* c = "\\`*[]<>|~_#&-+="; *c; ++c) a[static_cast<unsigned char>(*c)] = true;
  return a;
}();

// Text escaped so that CommonMark reads it as text. `line_start`: the text
// begins a line, where list, heading, quote and setext markers are read.
std::string escape_text(std::string_view s, bool line_start) {
  std::string out;
  out.reserve(s.size() + 8);
  size_t marker_dot = std::string::npos;  // "12." or "12)" at a line start: escape the dot
  if (line_start) {
    size_t j = 0;
    while (j < s.size() && s[j] >= '0' && s[j] <= '9') ++j;
    if (j > 0 && j < s.size() && (s[j] == '.' || s[j] == ')')) marker_dot = j;
  }
  for (size_t k = 0; k < s.size(); ++k) {
    const size_t run = k;
    while (k < s.size() && !kEscapeCandidates[static_cast<unsigned char>(s[k])] && k != marker_dot) ++k;
    out.append(s.data() + run, k - run);
    if (k == s.size()) break;
    const unsigned char c = static_cast<unsigned char>(s[k]);
    const unsigned char prev = k > 0 ? static_cast<unsigned char>(s[k - 1]) : 0;
    const unsigned char next = k + 1 < s.size() ? static_cast<unsigned char>(s[k + 1]) : 0;
    bool esc = false;
    switch (c) {
      case '\\': case '`': case '*': case '[': case ']': case '<': case '>': case '|': case '~':
        esc = true;
        break;
      case '_': esc = !(is_wordish(prev) && is_wordish(next)); break;  // intraword _ is no emphasis
      case '#': esc = k == 0 || prev == ' '; break;  // a heading marker, or a closing sequence after a space
      case '&': esc = (next >= 'a' && next <= 'z') || (next >= 'A' && next <= 'Z') || next == '#'; break;
      case '-': case '+': case '=': esc = line_start && k == 0; break;
      default: break;
    }
    if (k == marker_dot) esc = true;
    if (esc) out += '\\';
    out += static_cast<char>(c);
  }
  return out;
}

// Alt text on one line: white space runs become one space, none at the ends.
std::string one_line(std::string_view s) {
  std::string out;
  bool gap = false;
  for (char c : s) {
    if (is_ws(static_cast<unsigned char>(c)) || c == '\r' || c == '\f' || c == '\v') {
      gap = !out.empty();
      continue;
    }
    if (gap) out += ' ';
    gap = false;
    out += c;
  }
  return out;
}

// A URL inside ( ): white space, parentheses, angle brackets, backslashes,
// controls and | (a cell separator in tables, even inside a URL)
// percent-encoded.
std::string escape_url(std::string_view u) {
  static const char kHex[] = "0123456789ABCDEF";
  std::string out;
  size_t b = 0, e = u.size();
  while (b < e && is_ws(static_cast<unsigned char>(u[b]))) ++b;
  while (e > b && is_ws(static_cast<unsigned char>(u[e - 1]))) --e;
  for (size_t i = b; i < e; ++i) {
    unsigned char c = static_cast<unsigned char>(u[i]);
    if (c <= 0x20 || c == 0x7F || c == '(' || c == ')' || c == '<' || c == '>' || c == '\\' || c == '|') {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

// `code` as a code span: a fence of more backticks than any run inside.
std::string code_span(std::string_view code, bool in_table) {
  size_t longest = 0, run = 0;
  for (char c : code) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  std::string fence(longest + 1, '`');
  bool pad = code.front() == '`' || code.back() == '`';
  std::string out = fence;
  if (pad) out += ' ';
  for (char c : code) {
    if (in_table && c == '|') out += '\\';  // GFM splits cells before reading code spans
    out += c;
  }
  if (pad) out += ' ';
  out += fence;
  return out;
}

enum class Mode { Paragraph, Heading, Cell };

// The inline content of one leaf block.
class InlineBuffer {
 public:
  void text(std::string_view s) {
    if (code_depth_ > 0) {
      code_ += s;
      return;
    }
    if (pending_space_ && !toks_.empty() && toks_.back().kind == K::Text) {
      // A space between two texts stays inside one Text token: far fewer
      // tokens than one per word.
      toks_.back().a += ' ';
      pending_space_ = false;
    }
    settle_space();
    if (!toks_.empty() && toks_.back().kind == K::Text) toks_.back().a += s;
    else toks_.push_back({K::Text, Inline::Em, std::string(s), {}});
  }
  void space() {
    if (code_depth_ > 0) {
      if (code_.empty() || code_.back() != ' ') code_ += ' ';
      return;
    }
    pending_space_ = true;
  }
  void line_break() {
    if (code_depth_ > 0) {
      space();
      return;
    }
    settle_space();
    toks_.push_back({K::Break, Inline::Em, {}, {}});
  }
  void open(Inline kind, std::string_view href) {
    if (kind != Inline::Code) settle_space();
    if (kind == Inline::Code) {
      if (code_depth_++ == 0) code_.clear();
    } else if (kind == Inline::Link) {
      hrefs_.emplace_back(href);
      toks_.push_back({K::LinkOpen, kind, {}, {}});
    } else {
      toks_.push_back({K::Open, kind, {}, {}});
    }
  }
  void close(Inline kind) {
    if (kind == Inline::Code) {
      if (code_depth_ == 0 || --code_depth_ > 0) return;
      size_t b = 0, e = code_.size();
      while (b < e && code_[b] == ' ') ++b;
      while (e > b && code_[e - 1] == ' ') --e;
      if (b > 0) pending_space_ = true;
      settle_space();
      if (e > b) toks_.push_back({K::Code, kind, code_.substr(b, e - b), {}});
      if (e < code_.size()) pending_space_ = true;
    } else if (kind == Inline::Link) {
      std::string href;
      if (!hrefs_.empty()) {
        href = std::move(hrefs_.back());
        hrefs_.pop_back();
      }
      settle_space();
      toks_.push_back({K::LinkClose, kind, std::move(href), {}});
    } else {
      settle_space();
      toks_.push_back({K::Close, kind, {}, {}});
    }
  }
  void image(std::string_view src, std::string_view alt) {
    settle_space();
    toks_.push_back({K::Image, Inline::Em, std::string(src), std::string(alt)});
  }
  bool empty() const { return toks_.empty(); }
  void clear() {
    toks_.clear();
    hrefs_.clear();
    code_.clear();
    code_depth_ = 0;
    pending_space_ = false;
  }

  std::string render(Mode mode) {
    pending_space_ = false;  // a space at the end is dropped
    bool line_start = mode == Mode::Paragraph;  // a heading's text follows "# ", a cell's "| "
    // Plain text, the most common block: one Text token among gaps, which
    // normalise() would trim away; what the passes below make of one Text
    // token (no emphasis, code or links to mend), without them.
    size_t text = SIZE_MAX;
    bool plain = true;
    for (size_t i = 0; i < toks_.size() && plain; ++i) {
      if (is_gap(toks_[i])) continue;
      if (toks_[i].kind == K::Text && text == SIZE_MAX) text = i;
      else plain = false;
    }
    if (plain) {
      std::string out = text == SIZE_MAX ? std::string() : escape_text(toks_[text].a, line_start);
      toks_.clear();
      if (mode == Mode::Paragraph) escape_split_list_markers(out);
      return out;
    }
    std::vector<Tok> v = normalise();
    toks_.clear();
    if (v.empty()) return {};
    // Each token's Markdown.
    std::vector<std::string> piece(v.size());
    for (size_t i = 0; i < v.size(); ++i) {
      Tok& t = v[i];
      switch (t.kind) {
        case K::Text: piece[i] = escape_text(t.a, line_start); line_start = false; break;
        case K::Space: piece[i] = " "; break;
        case K::Break:
          piece[i] = mode == Mode::Paragraph ? "\\\n" : mode == Mode::Cell ? "<br>" : " ";
          line_start = mode == Mode::Paragraph;
          break;
        case K::Open: case K::Close: piece[i] = t.inl == Inline::Strong ? "**" : "*"; break;
        case K::Code: piece[i] = code_span(t.a, mode == Mode::Cell); line_start = false; break;
        case K::LinkOpen: piece[i] = "["; line_start = false; break;
        case K::LinkClose: piece[i] = "](" + escape_url(t.a) + ")"; break;
        case K::Image:
          piece[i] = "![" + escape_text(one_line(t.b), false) + "](" + escape_url(t.a) + ")";
          line_start = false;
          break;
      }
    }
    drop_unreadable_emphasis(v, piece);
    // Code spans that touch ("`a``b`" would read as one run of two
    // backticks) become one span.
    for (size_t i = 0, last_code = SIZE_MAX; i < v.size(); ++i) {
      if (piece[i].empty()) continue;
      if (v[i].kind != K::Code) {
        last_code = SIZE_MAX;
        continue;
      }
      if (last_code == SIZE_MAX) {
        last_code = i;
        continue;
      }
      v[last_code].a += v[i].a;
      piece[last_code] = code_span(v[last_code].a, mode == Mode::Cell);
      piece[i].clear();
    }
    // Text ending in "!" before a link would make "![": an image.
    for (size_t i = 1; i < v.size(); ++i) {
      if (v[i].kind != K::LinkOpen) continue;
      size_t p = i;
      while (p > 0 && piece[p - 1].empty()) --p;
      if (p == 0 || v[p - 1].kind != K::Text || piece[p - 1].back() != '!') continue;
      std::string& t = piece[p - 1];
      size_t backslashes = 0;
      while (backslashes + 1 < t.size() && t[t.size() - 2 - backslashes] == '\\') ++backslashes;
      if (backslashes % 2 == 0) t.insert(t.size() - 1, 1, '\\');
    }
    std::string out;
    for (const std::string& p : piece) out += p;
    if (mode == Mode::Paragraph) escape_split_list_markers(out);
    return out;
  }

 private:
  enum class K : uint8_t { Text, Space, Break, Open, Close, Code, LinkOpen, LinkClose, Image };
  struct Tok {
    K kind;
    Inline inl;
    std::string a, b;  // Text, Code: the text; LinkClose: href; Image: src, alt
  };

  // "11" and "." in two text runs ("11<b>.</b>" whose emphasis was left
  // out) still make a list marker at a line start: escape the dot there.
  static void escape_split_list_markers(std::string& out) {
    for (size_t line = 0; line < out.size();) {
      size_t j = line;
      while (j < out.size() && out[j] >= '0' && out[j] <= '9') ++j;
      if (j > line && j < out.size() && (out[j] == '.' || out[j] == ')')) out.insert(j, 1, '\\');
      size_t nl = out.find('\n', line);
      if (nl == std::string::npos) break;
      line = nl + 1;
    }
  }

  static bool is_gap(const Tok& t) { return t.kind == K::Space || t.kind == K::Break; }
  static bool is_opening(const Tok& t) { return t.kind == K::Open || t.kind == K::LinkOpen; }

  // Spaces collapsed, trimmed and moved out of emphasis and links; empty
  // emphasis and links dropped; emphasis of one kind that touches merged.
  std::vector<Tok> normalise() {
    std::vector<Tok> v;
    v.reserve(toks_.size());
    auto push_gap = [&](Tok t) {
      if (t.kind == K::Space) {
        size_t k = v.size();
        while (k > 0 && is_opening(v[k - 1])) --k;  // before the opening markers
        if (k == 0 || is_gap(v[k - 1])) return;
        if (k == v.size()) v.push_back(std::move(t));
        else v.insert(v.begin() + static_cast<long>(k), std::move(t));
      } else {
        while (!v.empty() && v.back().kind == K::Space) v.pop_back();
        if (v.empty() || v.back().kind == K::Break) return;
        v.push_back(std::move(t));
      }
    };
    for (Tok& t : toks_) {
      switch (t.kind) {
        case K::Space: case K::Break: push_gap(std::move(t)); break;
        case K::Close: case K::LinkClose: {
          std::vector<Tok> gaps;
          while (!v.empty() && is_gap(v.back())) {
            gaps.push_back(std::move(v.back()));
            v.pop_back();
          }
          bool empty_pair = !v.empty() && ((t.kind == K::Close && v.back().kind == K::Open && v.back().inl == t.inl) ||
                                           (t.kind == K::LinkClose && v.back().kind == K::LinkOpen));
          if (empty_pair) v.pop_back();
          else v.push_back(std::move(t));
          for (size_t g = gaps.size(); g-- > 0;) push_gap(std::move(gaps[g]));
          break;
        }
        case K::Open:
          if (!v.empty() && v.back().kind == K::Close && v.back().inl == t.inl) {
            v.pop_back();  // "*a**b*" would not read as two emphases: one "*ab*"
            break;
          }
          if (v.size() >= 2 && v.back().kind == K::Space && v[v.size() - 2].kind == K::Close &&
              v[v.size() - 2].inl == t.inl) {
            v.erase(v.end() - 2);
            break;
          }
          v.push_back(std::move(t));
          break;
        default: v.push_back(std::move(t)); break;
      }
    }
    while (!v.empty() && is_gap(v.back())) v.pop_back();
    return v;
  }

  // CommonMark reads a run of '*' as opening emphasis when it is
  // left-flanking, as closing when right-flanking (spec 6.2); pairs whose
  // run is not are left out, so the text does not show stray asterisks.
  static void drop_unreadable_emphasis(const std::vector<Tok>& v, std::vector<std::string>& piece) {
    if (std::none_of(v.begin(), v.end(), [](const Tok& t) { return t.kind == K::Open || t.kind == K::Close; }))
      return;  // no emphasis: nothing to drop
    std::vector<size_t> partner(v.size(), SIZE_MAX), stack;
    for (size_t i = 0; i < v.size(); ++i) {
      if (v[i].kind == K::Open) stack.push_back(i);
      else if (v[i].kind == K::Close && !stack.empty()) {
        partner[i] = stack.back();
        partner[stack.back()] = i;
        stack.pop_back();
      }
    }
    std::vector<uint8_t> dead(v.size(), 0);
    for (size_t i : stack) dead[i] = 1;  // unmatched (not expected)
    auto marker = [&](size_t i) { return v[i].kind == K::Open || v[i].kind == K::Close; };
    for (size_t i = 0; i < v.size();) {
      if (!marker(i)) { ++i; continue; }
      size_t j = i;
      while (j < v.size() && marker(j)) ++j;
      uint32_t before = i > 0 ? last_code_point(piece[i - 1]) : ' ';
      uint32_t after = j < v.size() ? first_code_point(piece[j]) : ' ';
      auto ws = [](uint32_t c) { return c == ' ' || c == '\n' || c == '\t' || unicode::is_space(c); };
      bool left = !ws(after) && (!is_unicode_punct(after) || ws(before) || is_unicode_punct(before));
      bool right = !ws(before) && (!is_unicode_punct(before) || ws(after) || is_unicode_punct(after));
      for (size_t k = i; k < j; ++k) {
        bool ok = v[k].kind == K::Open ? left : right;
        if (!ok || partner[k] == SIZE_MAX) {
          dead[k] = 1;
          if (partner[k] != SIZE_MAX) dead[partner[k]] = 1;
        }
      }
      i = j;
    }
    for (size_t i = 0; i < v.size(); ++i)
      if (dead[i]) piece[i].clear();
  }

  // A pending space becomes a Space token before anything but text.
  void settle_space() {
    if (!pending_space_) return;
    pending_space_ = false;
    toks_.push_back({K::Space, Inline::Em, {}, {}});
  }

  std::vector<Tok> toks_;
  std::vector<std::string> hrefs_;
  std::string code_;
  int code_depth_ = 0;
  bool pending_space_ = false;
};

class MarkdownWriter : public markup::Sink {
 public:
  std::string take() {
    flush_paragraph();
    if (!out_.empty() && out_.back() != '\n') out_ += '\n';
    return std::move(out_);
  }

  void open_block(const BlockInfo& b) override {
    if (b.kind != Block::Cell && b.kind != Block::Row) flush_paragraph();
    switch (b.kind) {
      case Block::List: {
        char mark = b.ordered ? '.' : '-';
        if (last_list_.end == out_.size() && last_list_.depth == containers_.size() && last_list_.ordered == b.ordered &&
            last_list_.mark == mark)
          mark = b.ordered ? ')' : '*';  // a list right after another: a new list, not more items
        lists_.push_back({b.ordered, mark, 1, 0});
        break;
      }
      case Block::Item: {
        std::string marker = "- ";
        bool interrupts = true;  // CommonMark: "- " or "1. " may follow a paragraph line, "2. " not
        if (!lists_.empty()) {
          List& l = lists_.back();
          interrupts = !l.ordered || l.next == 1;
          marker = l.ordered ? std::to_string(l.next++) + l.mark + " " : std::string(1, l.mark) + " ";
        }
        bool first = lists_.empty() || lists_.back().items++ == 0;
        containers_.push_back({false, marker, std::string(marker.size(), ' '), false, first, interrupts});
        break;
      }
      case Block::Quote: containers_.push_back({true, "> ", "> ", false, false, false}); break;
      case Block::Code: code_.clear(); break;
      case Block::Table: tables_.emplace_back(); break;
      case Block::Row:
        if (!tables_.empty()) tables_.back().rows.emplace_back();
        break;
      case Block::Cell: buf_.clear(); break;
      default: break;
    }
    kinds_.push_back(b);
  }

  void close_block(const BlockInfo& b) override {
    switch (b.kind) {
      case Block::Heading: {
        std::string s = buf_.render(Mode::Heading);
        if (!s.empty()) write_block(std::string(static_cast<size_t>(b.level), '#') + " " + s);
        break;
      }
      case Block::Caption:
        // Before the table, or after it when the page has it after rows.
        if (!tables_.empty() && !tables_.back().rows.empty()) {
          std::string c = buf_.render(Mode::Paragraph);
          if (!c.empty()) tables_.back().after.push_back(std::move(c));
        } else {
          flush_paragraph();
        }
        break;
      case Block::Paragraph: case Block::Figcaption: flush_paragraph(); break;
      case Block::List:
        flush_paragraph();
        if (!lists_.empty()) {
          last_list_ = {out_.size(), containers_.size(), lists_.back().ordered, lists_.back().mark};
          lists_.pop_back();
        }
        break;
      case Block::Item: case Block::Quote:
        flush_paragraph();
        if (!containers_.empty()) containers_.pop_back();
        break;
      case Block::Code: write_code(b.lang); break;
      case Block::Cell:
        if (!tables_.empty() && !tables_.back().rows.empty())
          tables_.back().rows.back().push_back({buf_.render(Mode::Cell), b.colspan, b.rowspan});
        buf_.clear();
        break;
      case Block::Table:
        if (!tables_.empty()) {
          write_table(tables_.back());
          for (const std::string& c : tables_.back().after) write_block(c);
          tables_.pop_back();
        }
        break;
      default: flush_paragraph(); break;
    }
    if (!kinds_.empty()) kinds_.pop_back();
  }

  void boundary() override {
    switch (context()) {
      case Ctx::Code: code_ += '\n'; break;
      case Ctx::Heading: buf_.space(); break;
      case Ctx::Leaf: buf_.line_break(); break;
      case Ctx::TableFrame: break;
      case Ctx::Flow: flush_paragraph(); break;
    }
  }
  void line_break() override {
    switch (context()) {
      case Ctx::Code: code_ += '\n'; break;
      case Ctx::Heading: buf_.space(); break;
      case Ctx::TableFrame: break;
      default: buf_.line_break(); break;
    }
  }
  void text(std::string_view s) override {
    Ctx c = context();
    if (c == Ctx::Code) code_ += s;
    else if (c != Ctx::TableFrame) buf_.text(s);
  }
  void space() override {
    Ctx c = context();
    if (c == Ctx::Code) {
      if (!code_.empty() && code_.back() != ' ' && code_.back() != '\n' && code_.back() != '\t') code_ += ' ';
    } else if (c != Ctx::TableFrame) {
      buf_.space();
    }
  }
  void open_inline(Inline kind, std::string_view href) override {
    if (context() != Ctx::TableFrame) buf_.open(kind, href);
  }
  void close_inline(Inline kind) override {
    if (context() != Ctx::TableFrame) buf_.close(kind);
  }
  void image(std::string_view src, std::string_view alt) override {
    if (context() != Ctx::TableFrame) buf_.image(src, alt);
  }

 private:
  enum class Ctx { Flow, Heading, Leaf, Code, TableFrame };
  struct Container {
    bool quote;
    std::string marker, indent;
    bool used;         // a line is written (an item's marker is written)
    bool first_item;   // the first item of its list (or the first after text directly in the list)
    bool interrupts;   // its marker may follow a paragraph line
  };
  struct List {
    bool ordered;
    char mark;
    int next;   // the next item's number
    int items;  // items opened so far
  };
  struct Cell {
    std::string text;
    uint32_t colspan, rowspan;
  };
  struct Table {
    std::vector<std::vector<Cell>> rows;
    std::vector<std::string> after;  // captions that follow rows
  };
  struct LastList {
    size_t end = SIZE_MAX, depth = 0;
    bool ordered = false;
    char mark = 0;
  };

  Ctx context() const {
    if (kinds_.empty()) return Ctx::Flow;
    switch (kinds_.back().kind) {
      case Block::Heading: return Ctx::Heading;
      case Block::Paragraph: case Block::Caption: case Block::Figcaption: case Block::Cell: return Ctx::Leaf;
      case Block::Code: return Ctx::Code;
      case Block::Table: case Block::Row: return Ctx::TableFrame;
      default: return Ctx::Flow;
    }
  }

  void flush_paragraph() {
    if (buf_.empty()) return;
    std::string s = buf_.render(Mode::Paragraph);
    if (!s.empty()) write_block(s);
  }

  // One line with the containers' prefixes. A blank line carries only the
  // prefixes of containers that have written a line already (a quote that
  // opens after it starts on the next line).
  void write_line(std::string_view line) {
    std::string prefix;
    for (Container& c : containers_) {
      if (line.empty() && !c.used) break;
      if (c.quote) prefix += c.marker;
      else prefix += c.used ? c.indent : c.marker;
      c.used = true;
    }
    out_ += prefix;
    out_ += line;
    while (line.empty() && !out_.empty() && out_.back() == ' ') out_.pop_back();
    out_ += '\n';
  }

  // A block's lines, after a blank line, except in tight lists: no blank
  // line before an item's first block, unless the item is the first of a
  // list that follows other content at its level (a list after a paragraph,
  // a table or another list); a list nested in an item follows the item's
  // text directly when its marker may follow a paragraph line.
  void write_block(std::string_view text) {
    bool blank = !out_.empty();
    for (size_t k = 0; k < containers_.size(); ++k) {
      const Container& c = containers_[k];
      if (c.quote || c.used) continue;
      bool nested_in_item = k > 0 && !containers_[k - 1].quote;
      blank = blank && c.first_item && !(nested_in_item && c.interrupts);
      break;
    }
    if (blank) write_line("");
    // Text directly in a list, outside its items, ends the Markdown list:
    // the next item starts a list of its own, after a blank line.
    // (Every list up to the closest item: a list directly in a list ends both.)
    size_t list = lists_.size();
    for (size_t k = kinds_.size(); k-- > 0 && kinds_[k].kind != Block::Item;)
      if (kinds_[k].kind == Block::List && list > 0) lists_[--list].items = 0;
    size_t b = 0;
    while (b <= text.size()) {
      size_t e = text.find('\n', b);
      if (e == std::string_view::npos) e = text.size();
      write_line(text.substr(b, e - b));
      b = e + 1;
    }
  }

  void write_code(std::string_view lang) {
    // No leading or trailing blank lines; trailing spaces of lines kept.
    size_t b = 0, e = code_.size();
    while (b < e && code_[b] == '\n') ++b;
    while (e > b && (code_[e - 1] == '\n' || code_[e - 1] == ' ' || code_[e - 1] == '\t')) --e;
    std::string_view body(code_.data() + b, e - b);
    if (body.empty()) return;
    size_t longest = 0, run = 0;
    for (char c : body) {
      run = c == '`' ? run + 1 : 0;
      longest = std::max(longest, run);
    }
    std::string fence(std::max<size_t>(3, longest + 1), '`');
    write_block(fence + std::string(lang) + "\n" + std::string(body) + "\n" + fence);
  }

  // A pipe table: the first row is the header; a cell spanning columns is
  // followed by blank cells, one spanning rows leaves blank cells below it,
  // so that the columns stay aligned and no text is repeated.
  void write_table(const Table& t) {
    if (t.rows.empty()) return;
    std::vector<std::vector<std::string>> grid;
    std::vector<uint32_t> covered;  // per column: rows still covered from above
    for (const auto& row : t.rows) {
      std::vector<std::string> line;
      size_t col = 0;
      auto skip_covered = [&]() {
        while (col < covered.size() && covered[col] > 0) {
          --covered[col++];
          line.emplace_back();
        }
      };
      for (const Cell& c : row) {
        skip_covered();
        if (col >= kMaxColumns) {
          std::string& last = line.back();
          if (!c.text.empty()) last += (last.empty() ? "" : " ") + c.text;
          continue;
        }
        size_t span = std::min<size_t>(c.colspan, kMaxColumns - col);
        if (covered.size() < col + span) covered.resize(col + span, 0);
        line.push_back(c.text);
        for (size_t k = 1; k < span; ++k) line.emplace_back();
        for (size_t k = 0; k < span; ++k) covered[col + k] = c.rowspan - 1;
        col += span;
      }
      for (; col < covered.size(); ++col) {
        if (covered[col] > 0) --covered[col];
        line.emplace_back();
      }
      grid.push_back(std::move(line));
    }
    size_t width = 1;
    for (const auto& l : grid) width = std::max(width, l.size());
    std::string text;
    auto add_row = [&](const std::vector<std::string>& cells) {
      text += '|';
      for (size_t k = 0; k < width; ++k) {
        text += ' ';
        if (k < cells.size()) text += cells[k];
        text += " |";
      }
      text += '\n';
    };
    add_row(grid[0]);
    text += '|';
    for (size_t k = 0; k < width; ++k) text += " --- |";
    text += '\n';
    for (size_t r = 1; r < grid.size(); ++r) add_row(grid[r]);
    text.pop_back();
    write_block(text);
  }

  std::string out_, code_;
  InlineBuffer buf_;
  std::vector<BlockInfo> kinds_;
  std::vector<Container> containers_;
  std::vector<List> lists_;
  std::vector<Table> tables_;
  LastList last_list_;
};

}  // namespace

std::string render_markdown(const Document& doc, const Labels& labels, const MarkupOptions& options,
                            float threshold) {
  MarkdownWriter w;
  markup::walk(doc, labels, threshold, {options.links, options.images, options.base_url}, w);
  return w.take();
}

}  // namespace wce
