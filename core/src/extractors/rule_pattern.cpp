// The rule-pattern matcher (rule_pattern.hpp): a recursive-descent parser to
// a small syntax tree, Thompson's construction to a program of byte, split
// and jump instructions, and a Pike VM that advances the set of live
// instructions one subject byte at a time (Thompson 1968; Cox, "Regular
// Expression Matching: the Virtual Machine Approach", 2009).
#include "extractors/rule_pattern.hpp"

#include <memory>
#include <stdexcept>
#include <string>

namespace wce {
namespace {

using ByteSet = std::array<uint64_t, 4>;

void add(ByteSet& s, unsigned char c) { s[c >> 6] |= uint64_t{1} << (c & 63); }
bool has(const ByteSet& s, unsigned char c) { return (s[c >> 6] >> (c & 63)) & 1; }

// ECMAScript \s, \d, \w in the "C" locale.
bool add_class_escape(ByteSet& s, char e) {
  switch (e) {
    case 's':
      for (char c : std::string_view(" \t\n\v\f\r")) add(s, static_cast<unsigned char>(c));
      return true;
    case 'd':
      for (int c = '0'; c <= '9'; ++c) add(s, static_cast<unsigned char>(c));
      return true;
    case 'w':
      for (int c = 0; c < 256; ++c)
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')
          add(s, static_cast<unsigned char>(c));
      return true;
    default:
      return false;
  }
}

struct Node {
  enum Kind { Set, Cat, Alt, Opt, Star, Plus, Begin, End } kind;
  ByteSet set{};
  std::vector<std::unique_ptr<Node>> kids;
};
using NodePtr = std::unique_ptr<Node>;

NodePtr make(Node::Kind k) {
  NodePtr n(new Node{k, {}, {}});
  return n;
}

class Parser {
 public:
  Parser(std::string_view p, bool icase) : p_(p), icase_(icase) {}

  NodePtr parse() {
    NodePtr n = alternation();
    if (i_ != p_.size()) fail("unexpected ')'");
    return n;
  }

 private:
  [[noreturn]] void fail(const char* what) const {
    throw std::invalid_argument("rule pattern: " + std::string(what) + " at " + std::to_string(i_) +
                                " in " + std::string(p_));
  }
  bool more() const { return i_ < p_.size(); }
  char peek() const { return p_[i_]; }

  NodePtr alternation() {
    NodePtr first = sequence();
    if (!more() || peek() != '|') return first;
    NodePtr alt = make(Node::Alt);
    alt->kids.push_back(std::move(first));
    while (more() && peek() == '|') {
      ++i_;
      alt->kids.push_back(sequence());
    }
    return alt;
  }

  NodePtr sequence() {
    NodePtr cat = make(Node::Cat);
    while (more() && peek() != '|' && peek() != ')') {
      NodePtr a = atom();
      while (more() && (peek() == '?' || peek() == '*' || peek() == '+')) {
        char q = p_[i_++];
        if (more() && peek() == '?') ++i_;  // lazy: same yes/no answer
        NodePtr r = make(q == '?' ? Node::Opt : q == '*' ? Node::Star : Node::Plus);
        r->kids.push_back(std::move(a));
        a = std::move(r);
      }
      cat->kids.push_back(std::move(a));
    }
    return cat;
  }

  NodePtr literal(unsigned char c) {
    NodePtr n = make(Node::Set);
    add(n->set, c);
    if (icase_ && c >= 'a' && c <= 'z') add(n->set, static_cast<unsigned char>(c - 'a' + 'A'));
    if (icase_ && c >= 'A' && c <= 'Z') add(n->set, static_cast<unsigned char>(c - 'A' + 'a'));
    return n;
  }

  NodePtr atom() {
    const char c = p_[i_++];
    switch (c) {
      case '(': {
        if (i_ + 1 >= p_.size() || p_[i_] != '?' || p_[i_ + 1] != ':') fail("only (?:...) groups");
        i_ += 2;
        NodePtr inner = alternation();
        if (!more() || peek() != ')') fail("missing ')'");
        ++i_;
        return inner;
      }
      case '[': return byte_set();
      case '^': return make(Node::Begin);
      case '$': return make(Node::End);
      case '.': {
        NodePtr n = make(Node::Set);
        for (int b = 0; b < 256; ++b)
          if (b != '\n' && b != '\r') add(n->set, static_cast<unsigned char>(b));
        return n;
      }
      case '*': case '+': case '?': case '{': case '}': case ']': fail("misplaced operator");
      case '\\': {
        if (!more()) fail("trailing backslash");
        const char e = p_[i_++];
        NodePtr n = make(Node::Set);
        if (add_class_escape(n->set, e)) return n;
        if ((e >= 'a' && e <= 'z') || (e >= 'A' && e <= 'Z') || (e >= '0' && e <= '9'))
          fail("unsupported escape");
        return literal(static_cast<unsigned char>(e));
      }
      default: return literal(static_cast<unsigned char>(c));
    }
  }

  NodePtr byte_set() {
    NodePtr n = make(Node::Set);
    bool negate = more() && peek() == '^';
    if (negate) ++i_;
    bool first = true;
    while (more() && (peek() != ']' || first)) {
      first = false;
      unsigned char lo = static_cast<unsigned char>(p_[i_++]);
      if (lo == '\\') {
        if (!more()) fail("trailing backslash");
        const char e = p_[i_++];
        if (add_class_escape(n->set, e)) continue;
        if ((e >= 'a' && e <= 'z') || (e >= 'A' && e <= 'Z') || (e >= '0' && e <= '9'))
          fail("unsupported escape");
        lo = static_cast<unsigned char>(e);
      }
      unsigned char hi = lo;
      if (i_ + 1 < p_.size() && peek() == '-' && p_[i_ + 1] != ']') {
        ++i_;
        hi = static_cast<unsigned char>(p_[i_++]);
        if (hi == '\\') fail("escape as a range end");
        if (hi < lo) fail("reversed range");
      }
      for (unsigned b = lo; b <= hi; ++b) {
        NodePtr l = literal(static_cast<unsigned char>(b));
        for (size_t k = 0; k < 4; ++k) n->set[k] |= l->set[k];
      }
    }
    if (!more()) fail("missing ']'");
    ++i_;
    if (negate)
      for (uint64_t& w : n->set) w = ~w;
    return n;
  }

  std::string_view p_;
  bool icase_;
  size_t i_ = 0;
};

}  // namespace

// Thompson's construction: appends the instructions of a tree to a program.
class RulePatternCompiler {
 public:
  explicit RulePatternCompiler(RulePattern& p) : p_(p) {}

  void emit(const Node& n) {
    using Op = RulePattern::Op;
    switch (n.kind) {
      case Node::Set:
        p_.sets_.push_back(n.set);
        push({Op::Byte, static_cast<uint16_t>(p_.sets_.size() - 1), 0, 0});
        break;
      case Node::Cat:
        for (const NodePtr& k : n.kids) emit(*k);
        break;
      case Node::Alt: {
        // split L1, next; L1: kid; jump end; next: split ... ; last kid; end:
        std::vector<uint32_t> jumps;
        for (size_t k = 0; k < n.kids.size(); ++k) {
          if (k + 1 < n.kids.size()) {
            const uint32_t split = push({Op::Split, 0, 0, 0});
            p_.prog_[split].x = here();
            emit(*n.kids[k]);
            jumps.push_back(push({Op::Jump, 0, 0, 0}));
            p_.prog_[split].y = here();
          } else {
            emit(*n.kids[k]);
          }
        }
        for (uint32_t j : jumps) p_.prog_[j].x = here();
        break;
      }
      case Node::Opt: {
        const uint32_t split = push({Op::Split, 0, 0, 0});
        p_.prog_[split].x = here();
        emit(*n.kids[0]);
        p_.prog_[split].y = here();
        break;
      }
      case Node::Star: {
        const uint32_t split = push({Op::Split, 0, 0, 0});
        p_.prog_[split].x = here();
        emit(*n.kids[0]);
        push({Op::Jump, 0, split, 0});
        p_.prog_[split].y = here();
        break;
      }
      case Node::Plus: {
        const uint32_t start = here();
        emit(*n.kids[0]);
        push({Op::Split, 0, start, 0});
        p_.prog_.back().y = here();
        break;
      }
      case Node::Begin: push({Op::Begin, 0, 0, 0}); break;
      case Node::End: push({Op::End, 0, 0, 0}); break;
    }
  }

 private:
  uint32_t here() const { return static_cast<uint32_t>(p_.prog_.size()); }
  uint32_t push(RulePattern::Inst i) {
    p_.prog_.push_back(i);
    return here() - 1;
  }
  RulePattern& p_;
};

RulePattern::RulePattern(std::string_view pattern, bool ignore_case) {
  NodePtr tree = Parser(pattern, ignore_case).parse();
  RulePatternCompiler c(*this);
  c.emit(*tree);
  prog_.push_back({Op::Match, 0, 0, 0});
  if (sets_.size() > 0xFFFF) throw std::invalid_argument("rule pattern: too long");
}

bool RulePattern::search(std::string_view s) const {
  // Live instructions before byte i, as a list plus a generation mark per
  // instruction (an instruction is added at most once per step).
  const size_t n = prog_.size();
  std::vector<uint32_t> cur, next, stack;
  std::vector<size_t> mark(n, SIZE_MAX);
  cur.reserve(n);
  next.reserve(n);
  // Adds pc and what it reaches without consuming a byte, at position `pos`;
  // true when Match is reached.
  auto add_thread = [&](std::vector<uint32_t>& list, uint32_t pc, size_t pos, size_t gen) {
    stack.clear();
    stack.push_back(pc);
    while (!stack.empty()) {
      uint32_t k = stack.back();
      stack.pop_back();
      if (mark[k] == gen) continue;
      mark[k] = gen;
      const Inst& in = prog_[k];
      switch (in.op) {
        case Op::Byte: list.push_back(k); break;
        case Op::Split:
          stack.push_back(in.y);
          stack.push_back(in.x);
          break;
        case Op::Jump: stack.push_back(in.x); break;
        case Op::Begin:
          if (pos == 0) stack.push_back(k + 1);
          break;
        case Op::End:
          if (pos == s.size()) stack.push_back(k + 1);
          break;
        case Op::Match: return true;
      }
    }
    return false;
  };
  if (add_thread(cur, 0, 0, 0)) return true;
  for (size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    const size_t gen = i + 1;
    next.clear();
    for (uint32_t k : cur)
      if (has(sets_[prog_[k].set], c) && add_thread(next, k + 1, i + 1, gen)) return true;
    // A match may also start after byte i (search, not a full match).
    if (add_thread(next, 0, i + 1, gen)) return true;
    cur.swap(next);
  }
  return false;
}

}  // namespace wce
