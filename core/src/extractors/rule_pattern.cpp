// The rule-pattern matcher (rule_pattern.hpp): a recursive-descent parser to
// a small syntax tree; the top-level alternatives that are finite literal
// sets expanded into literals of one Aho-Corasick automaton (Aho & Corasick,
// "Efficient string matching", 1975); the others compiled by Thompson's
// construction to byte, split and jump instructions for a Pike VM that
// advances the set of live instructions one subject byte at a time
// (Thompson 1968; Cox, "Regular Expression Matching: the Virtual Machine
// Approach", 2009), run only when the automaton saw a literal they require
// (the prefilter idea of RE2 and Hyperscan).
#include "extractors/rule_pattern.hpp"

#include <algorithm>
#include <deque>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

namespace wce {
namespace {

// Tunables. An alternative expands into at most this many literals (else it
// goes to the VM); a byte set expands when it has at most this many members
// once ASCII case is folded (\s has six).
constexpr size_t kMaxLiteralsPerAlternative = 32;
constexpr size_t kMaxSetMembers = 8;
// A guard literal this long is selective enough to prefer fewer literals.
constexpr size_t kGoodGuardLength = 3;

using ByteSet = std::array<uint64_t, 4>;

void add(ByteSet& s, unsigned char c) { s[c >> 6] |= uint64_t{1} << (c & 63); }
bool has(const ByteSet& s, unsigned char c) { return (s[c >> 6] >> (c & 63)) & 1; }
unsigned char fold(unsigned char c) { return (c >= 'A' && c <= 'Z') ? static_cast<unsigned char>(c + 32) : c; }
bool word_byte(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

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
        if (word_byte(static_cast<unsigned char>(c))) add(s, static_cast<unsigned char>(c));
      return true;
    default:
      return false;
  }
}

// A literal: the bytes one match of a finite alternative consumes, with its anchors.
struct Literal {
  std::string bytes, fold;  // fold[k] == 1: bytes[k] (lower case) matches both cases
  bool begin = false, end = false;
};
using Literals = std::vector<Literal>;

struct Node {
  enum Kind { Set, Cat, Alt, Opt, Star, Plus, Begin, End, WordBoundary } kind;
  ByteSet set{};
  std::vector<std::unique_ptr<Node>> kids;
  // expand()'s answer, computed once per node (required() asks again).
  mutable bool expanded = false;
  mutable std::optional<Literals> literals;
};
using NodePtr = std::unique_ptr<Node>;

NodePtr make(Node::Kind k) {
  NodePtr n(new Node{k, {}, {}, false, std::nullopt});
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

  int hex_digit(char c) const {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    fail("bad \\x escape");
  }
  // After "\x": two hex digits.
  unsigned char hex_byte() {
    if (i_ + 2 > p_.size()) fail("bad \\x escape");
    const int v = hex_digit(p_[i_]) * 16 + hex_digit(p_[i_ + 1]);
    i_ += 2;
    return static_cast<unsigned char>(v);
  }

  NodePtr atom() {
    const char c = p_[i_++];
    switch (c) {
      case '(': {
        if (i_ + 1 >= p_.size() || p_[i_] != '?') fail("only (?:...) and (?i:...) groups");
        const bool icase_group = p_[i_ + 1] == 'i';
        if (icase_group ? (i_ + 2 >= p_.size() || p_[i_ + 2] != ':') : p_[i_ + 1] != ':')
          fail("only (?:...) and (?i:...) groups");
        i_ += icase_group ? 3 : 2;
        const bool outer = icase_;
        icase_ = icase_ || icase_group;
        NodePtr inner = alternation();
        icase_ = outer;
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
        if (e == 'b') return make(Node::WordBoundary);
        if (e == 'x') return literal(hex_byte());
        NodePtr n = make(Node::Set);
        if (add_class_escape(n->set, e)) return n;
        if ((e >= 'a' && e <= 'z') || (e >= 'A' && e <= 'Z') || (e >= '0' && e <= '9'))
          fail("unsupported escape");
        return literal(static_cast<unsigned char>(e));
      }
      default: return literal(static_cast<unsigned char>(c));
    }
  }

  // One member of a byte set: a byte, or a class escape added to `set`
  // (then false).
  bool set_member(ByteSet& set, unsigned char& out) {
    unsigned char c = static_cast<unsigned char>(p_[i_++]);
    if (c != '\\') {
      out = c;
      return true;
    }
    if (!more()) fail("trailing backslash");
    const char e = p_[i_++];
    if (add_class_escape(set, e)) return false;
    if (e == 'x') {
      out = hex_byte();
      return true;
    }
    if ((e >= 'a' && e <= 'z') || (e >= 'A' && e <= 'Z') || (e >= '0' && e <= '9')) fail("unsupported escape");
    out = static_cast<unsigned char>(e);
    return true;
  }

  NodePtr byte_set() {
    NodePtr n = make(Node::Set);
    bool negate = more() && peek() == '^';
    if (negate) ++i_;
    bool first = true;
    while (more() && (peek() != ']' || first)) {
      first = false;
      unsigned char lo = 0;
      if (!set_member(n->set, lo)) continue;
      unsigned char hi = lo;
      if (i_ + 1 < p_.size() && peek() == '-' && p_[i_ + 1] != ']') {
        ++i_;
        ByteSet dummy{};
        if (!set_member(dummy, hi)) fail("class as a range end");
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

// ---------------------------------------------------------------------------
// Literal expansion: the finite set of (anchored) strings a sub-tree matches.


// A set as literals of one byte each: members grouped by ASCII case; a
// letter with both cases is one case-folded literal.
std::optional<Literals> expand_set(const ByteSet& set) {
  int members = 0;
  for (uint64_t w : set) members += __builtin_popcountll(w);
  if (members > static_cast<int>(2 * kMaxSetMembers)) return std::nullopt;
  Literals out;
  for (int word = 0; word < 4; ++word)
    for (uint64_t w = set[word]; w != 0; w &= w - 1) {
      const unsigned char c = static_cast<unsigned char>(word * 64 + __builtin_ctzll(w));
      const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
      const unsigned char other = static_cast<unsigned char>(c ^ 0x20);
      if (letter && has(set, other)) {
        if (c >= 'a') continue;  // the pair is emitted once, at its capital
        out.push_back({std::string(1, static_cast<char>(fold(c))), std::string(1, '\1'), false, false});
      } else {
        out.push_back({std::string(1, static_cast<char>(c)), std::string(1, '\0'), false, false});
      }
      if (out.size() > kMaxSetMembers) return std::nullopt;
    }
  return out;
}

// a then b, or nothing when the anchors make the sequence impossible (^
// after a consumed byte, a consumed byte after $).
std::optional<Literal> concat(const Literal& a, const Literal& b) {
  if (b.begin && !a.bytes.empty()) return std::nullopt;
  if (a.end && !b.bytes.empty()) return std::nullopt;
  return Literal{a.bytes + b.bytes, a.fold + b.fold, a.begin || b.begin, a.end || b.end};
}

// Every a then every b (what concat allows).
Literals product(const Literals& as, const Literals& bs) {
  if (bs.size() == 1 && !bs[0].begin && !bs[0].end) {  // the common case: one more byte
    Literals out;
    out.reserve(as.size());
    for (const Literal& a : as)
      if (!a.end || bs[0].bytes.empty()) out.push_back({a.bytes + bs[0].bytes, a.fold + bs[0].fold, a.begin, a.end});
    return out;
  }
  Literals out;
  for (const Literal& a : as)
    for (const Literal& b : bs)
      if (std::optional<Literal> c = concat(a, b)) out.push_back(std::move(*c));
  return out;
}

std::optional<Literals> expand_node(const Node& n);

const std::optional<Literals>& expand(const Node& n) {
  if (!n.expanded) {
    n.literals = expand_node(n);
    n.expanded = true;
  }
  return n.literals;
}

std::optional<Literals> expand_node(const Node& n) {
  switch (n.kind) {
    case Node::Set: return expand_set(n.set);
    case Node::Begin: return Literals{Literal{"", "", true, false}};
    case Node::End: return Literals{Literal{"", "", false, true}};
    case Node::Cat: {
      Literals acc{Literal{}};
      for (const NodePtr& k : n.kids) {
        const std::optional<Literals>& e = expand(*k);
        if (!e || acc.size() * e->size() > kMaxLiteralsPerAlternative) return std::nullopt;
        Literals next = product(acc, *e);
        if (next.size() > kMaxLiteralsPerAlternative) return std::nullopt;
        acc = std::move(next);
      }
      return acc;
    }
    case Node::Alt: {
      Literals all;
      for (const NodePtr& k : n.kids) {
        const std::optional<Literals>& e = expand(*k);
        if (!e) return std::nullopt;
        all.insert(all.end(), e->begin(), e->end());
        if (all.size() > kMaxLiteralsPerAlternative) return std::nullopt;
      }
      return all;
    }
    case Node::Opt: {
      std::optional<Literals> e = expand(*n.kids[0]);
      if (!e) return std::nullopt;
      e->push_back(Literal{});
      return e;
    }
    case Node::Star: case Node::Plus: case Node::WordBoundary: return std::nullopt;
  }
  return std::nullopt;
}

// Folded strings one of which every match of `n` contains, or nothing.
using Required = std::vector<std::string>;

// The better guard: with strings of 3 bytes or more, the fewest strings
// (a small automaton, rare hits); else the longest shortest string.
bool better(const Required& a, const Required& b) {
  auto shortest = [](const Required& r) {
    size_t m = SIZE_MAX;
    for (const std::string& s : r) m = std::min(m, s.size());
    return m;
  };
  const size_t sa = shortest(a), sb = shortest(b);
  const bool la = sa >= kGoodGuardLength, lb = sb >= kGoodGuardLength;
  if (la != lb) return la;
  if (la) return a.size() != b.size() ? a.size() < b.size() : sa > sb;
  return sa != sb ? sa > sb : a.size() < b.size();
}

std::optional<Required> as_required(const Literals& ls) {
  Required r;
  for (const Literal& l : ls) {
    if (l.bytes.empty()) return std::nullopt;
    r.push_back(l.bytes);  // case-folded positions are lower case already
    for (char& c : r.back()) c = static_cast<char>(fold(static_cast<unsigned char>(c)));
  }
  return r;
}

std::optional<Required> required(const Node& n) {
  if (const std::optional<Literals>& e = expand(n)) return as_required(*e);
  switch (n.kind) {
    case Node::Plus: return required(*n.kids[0]);
    case Node::Alt: {
      Required all;
      for (const NodePtr& k : n.kids) {
        std::optional<Required> r = required(*k);
        if (!r) return std::nullopt;
        all.insert(all.end(), r->begin(), r->end());
      }
      return all;
    }
    case Node::Cat: {
      // Candidates: each maximal run of expandable kids, each maximal run
      // of plain strings (kids of one unanchored literal), and the guard of
      // each other kid.
      std::optional<Required> best;
      auto offer = [&](std::optional<Required> r) {
        if (r && (!best || better(*r, *best))) best = std::move(r);
      };
      Literals run{Literal{}};
      auto close_run = [&] {
        offer(as_required(run));
        run = Literals{Literal{}};
      };
      std::string plain;
      auto close_plain = [&] {
        if (!plain.empty()) offer(Required{plain});
        plain.clear();
      };
      for (const NodePtr& k : n.kids) {
        const std::optional<Literals>& e = expand(*k);
        if (e && e->size() == 1 && !(*e)[0].begin && !(*e)[0].end) {
          for (char c : (*e)[0].bytes) plain += static_cast<char>(fold(static_cast<unsigned char>(c)));
        } else {
          close_plain();
        }
        if (!e) {
          close_run();
          offer(required(*k));
          continue;
        }
        if (run.size() * e->size() > kMaxLiteralsPerAlternative) {
          close_run();
          run = *e;
        } else {
          run = product(run, *e);
        }
      }
      close_plain();
      close_run();
      return best;
    }
    default: return std::nullopt;
  }
}

// The top-level alternatives (through single-alternative groups).
void alternatives(const Node& n, std::vector<const Node*>& out) {
  if (n.kind == Node::Alt) {
    for (const NodePtr& k : n.kids) alternatives(*k, out);
  } else if (n.kind == Node::Cat && n.kids.size() == 1 && n.kids[0]->kind == Node::Alt) {
    alternatives(*n.kids[0], out);
  } else {
    out.push_back(&n);
  }
}

}  // namespace

// Thompson's construction (appends the instructions of a tree to the
// program) and the Aho-Corasick automaton of the literals.
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
        std::vector<const Node*> kids;
        for (const NodePtr& k : n.kids) kids.push_back(k.get());
        emit_alternation(kids);
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
      case Node::WordBoundary: push({Op::WordBoundary, 0, 0, 0}); break;
    }
  }

  // split L1, next; L1: kid; jump end; next: split ... ; last kid; end:
  void emit_alternation(const std::vector<const Node*>& kids) {
    using Op = RulePattern::Op;
    std::vector<uint32_t> jumps;
    for (size_t k = 0; k < kids.size(); ++k) {
      if (k + 1 < kids.size()) {
        const uint32_t split = push({Op::Split, 0, 0, 0});
        p_.prog_[split].x = here();
        emit(*kids[k]);
        jumps.push_back(push({Op::Jump, 0, 0, 0}));
        p_.prog_[split].y = here();
      } else {
        emit(*kids[k]);
      }
    }
    for (uint32_t j : jumps) p_.prog_[j].x = here();
  }

  void add_literal(const Literal& l, bool prefilter) {
    p_.lits_.push_back({static_cast<uint32_t>(p_.lit_bytes_.size()), static_cast<uint32_t>(l.bytes.size()),
                        l.begin, l.end, prefilter});
    p_.lit_bytes_ += l.bytes;
    p_.lit_fold_ += l.fold;
  }

  void build_automaton() {
    // Classes: the folded bytes the literals use; every other byte is 0.
    p_.cls_.fill(0);
    uint32_t ncls = 1;
    for (char ch : p_.lit_bytes_) {
      const unsigned char c = fold(static_cast<unsigned char>(ch));
      if (p_.cls_[c] == 0) {
        p_.cls_[c] = static_cast<uint8_t>(ncls);
        if (c >= 'a' && c <= 'z') p_.cls_[c - 32] = static_cast<uint8_t>(ncls);
        ++ncls;
      }
    }
    p_.ncls_ = ncls;
    // Trie (goto function; 0 = none, as the root is never a target).
    std::vector<uint32_t> go(ncls, 0);
    std::vector<std::vector<uint32_t>> outs(1);
    for (uint32_t li = 0; li < p_.lits_.size(); ++li) {
      const RulePattern::Lit& l = p_.lits_[li];
      uint32_t s = 0;
      for (uint32_t k = 0; k < l.len; ++k) {
        const uint32_t c = p_.cls_[static_cast<unsigned char>(p_.lit_bytes_[l.off + k])];
        if (go[s * ncls + c] == 0) {
          go[s * ncls + c] = static_cast<uint32_t>(outs.size());
          outs.emplace_back();
          go.resize(outs.size() * ncls, 0);
        }
        s = go[s * ncls + c];
      }
      outs[s].push_back(li);
    }
    const size_t states = outs.size();
    if (states > 0xFFFF) throw std::invalid_argument("rule pattern: too many literals");
    // Breadth-first: failure links, the full transition table, and each
    // state's output extended by its failure state's.
    p_.delta_.assign(states * ncls, 0);
    std::vector<uint32_t> failure(states, 0);
    std::deque<uint32_t> queue;
    for (uint32_t c = 0; c < ncls; ++c)
      if (uint32_t v = go[c]) {
        p_.delta_[c] = static_cast<uint16_t>(v);
        queue.push_back(v);
      }
    while (!queue.empty()) {
      const uint32_t u = queue.front();
      queue.pop_front();
      for (uint32_t c = 0; c < ncls; ++c) {
        const uint32_t v = go[u * ncls + c];
        if (v == 0) {
          p_.delta_[u * ncls + c] = p_.delta_[failure[u] * ncls + c];
          continue;
        }
        failure[v] = p_.delta_[failure[u] * ncls + c];
        outs[v].insert(outs[v].end(), outs[failure[v]].begin(), outs[failure[v]].end());
        p_.delta_[u * ncls + c] = static_cast<uint16_t>(v);
        queue.push_back(v);
      }
    }
    p_.out_begin_.assign(1, 0);
    for (const std::vector<uint32_t>& o : outs) {
      p_.out_.insert(p_.out_.end(), o.begin(), o.end());
      p_.out_begin_.push_back(static_cast<uint32_t>(p_.out_.size()));
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

RulePattern::RulePattern(std::string_view pattern, bool ignore_case, bool literal_prefilter) {
  NodePtr tree = Parser(pattern, ignore_case).parse();
  RulePatternCompiler c(*this);
  std::vector<const Node*> alts, on_vm;
  alternatives(*tree, alts);
  std::vector<Literals> exact;
  std::vector<Required> guards;
  for (const Node* a : alts) {
    std::optional<Literals> e = literal_prefilter ? expand(*a) : std::nullopt;
    if (e) {
      exact.push_back(std::move(*e));
      continue;
    }
    on_vm.push_back(a);
    std::optional<Required> r = literal_prefilter ? required(*a) : std::nullopt;
    if (r) guards.push_back(std::move(*r));
    else vm_always_ = true;
  }
  for (const Literals& ls : exact)
    for (const Literal& l : ls) {
      if (!l.bytes.empty()) c.add_literal(l, false);
      else if (l.begin && l.end) empty_if_empty_ = true;
      else empty_always_ = true;
    }
  if (!vm_always_)
    for (const Required& r : guards)
      for (const std::string& s : r) c.add_literal(Literal{s, std::string(s.size(), '\1'), false, false}, true);
  if (!lits_.empty()) c.build_automaton();
  has_vm_ = !on_vm.empty();
  // One case-sensitive literal and nothing else (a "class contains x"
  // test): std::string_view::find (memchr-driven) beats the automaton.
  if (!has_vm_ && !empty_always_ && !empty_if_empty_ && lits_.size() == 1 && !lits_[0].begin &&
      !lits_[0].end && !lits_[0].prefilter &&
      lit_fold_.find('\1', lits_[0].off) >= lits_[0].off + lits_[0].len) {
    plain_ = lit_bytes_.substr(lits_[0].off, lits_[0].len);
    plain_only_ = true;
  }
  if (has_vm_) {
    c.emit_alternation(on_vm);
    prog_.push_back({Op::Match, 0, 0, 0});
    if (sets_.size() > 0xFFFF) throw std::invalid_argument("rule pattern: too long");
  }
}

bool RulePattern::search(std::string_view s) const {
  if (plain_only_) return s.find(plain_) != std::string_view::npos;
  if (empty_always_ || (empty_if_empty_ && s.empty())) return true;
  bool run_vm = has_vm_ && vm_always_;
  if (!lits_.empty()) {
    uint32_t state = 0;
    const size_t n = s.size();
    for (size_t i = 0; i < n; ++i) {
      state = delta_[state * ncls_ + cls_[static_cast<unsigned char>(s[i])]];
      for (uint32_t k = out_begin_[state]; k < out_begin_[state + 1]; ++k) {
        const Lit& l = lits_[out_[k]];
        if (l.prefilter) {
          run_vm = true;
          continue;
        }
        const size_t start = i + 1 - l.len;
        if ((l.begin && start != 0) || (l.end && i + 1 != n)) continue;
        // The automaton compared folded bytes: check the case-sensitive ones.
        bool ok = true;
        for (uint32_t j = 0; j < l.len && ok; ++j)
          ok = lit_fold_[l.off + j] || s[start + j] == lit_bytes_[l.off + j];
        if (ok) return true;
      }
    }
  }
  return run_vm && vm_search(s);
}

bool RulePattern::vm_search(std::string_view s) const {
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
        case Op::WordBoundary: {
          const bool before = pos > 0 && word_byte(static_cast<unsigned char>(s[pos - 1]));
          const bool after = pos < s.size() && word_byte(static_cast<unsigned char>(s[pos]));
          if (before != after) stack.push_back(k + 1);
          break;
        }
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
