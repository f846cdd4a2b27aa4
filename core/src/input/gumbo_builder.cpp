// Raw HTML -> Document through Gumbo 0.10.1, iteratively (no recursion), so
// that arbitrarily deep nesting cannot overflow the stack, also in WASM.
#include <gumbo.h>

#include <strings.h>

#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <cstring>
#include <string>
#include <vector>

#include "document/attributes.hpp"
#include "document/builder.hpp"
#include "input/parse_html.hpp"
#include "wce/html.hpp"

namespace wce {
namespace {

// The attributes the Document keeps, read in one pass over the element's
// attributes (nine gumbo_get_attribute calls, each a strcasecmp walk, were
// most of the builder's own time). The first of duplicate names wins, as in
// gumbo_get_attribute.
struct ElementAttributes {
  const char* hidden = nullptr;
  const char* href = nullptr;
  const char* rel = nullptr;
  const char* aria_hidden = nullptr;
  const char* style = nullptr;
  const char* id = nullptr;
  const char* cls = nullptr;
  const char* role = nullptr;
  const char* itemprop = nullptr;
  // Kept for metadata and structured output (Document::attributes).
  const char* src = nullptr;
  const char* data_src = nullptr;
  const char* alt = nullptr;
  const char* title = nullptr;
  const char* name = nullptr;
  const char* property = nullptr;
  const char* content = nullptr;
  const char* lang = nullptr;
  const char* datetime = nullptr;
  const char* colspan = nullptr;
  const char* rowspan = nullptr;
  const char* itemtype = nullptr;
  const char* type = nullptr;
};

bool name_is(const char* name, const char* want) { return strcasecmp(name, want) == 0; }

ElementAttributes read_attributes(const GumboElement& el) {
  ElementAttributes r;
  for (unsigned k = 0; k < el.attributes.length; ++k) {
    const auto* a = static_cast<const GumboAttribute*>(el.attributes.data[k]);
    const char* n = a->name;
    const char** slot = nullptr;
    switch (n[0] | 0x20) {  // dispatch on the first letter, lowercased
      case 'h': slot = name_is(n, "href") ? &r.href : name_is(n, "hidden") ? &r.hidden : nullptr; break;
      case 'r': slot = name_is(n, "rel") ? &r.rel : name_is(n, "role") ? &r.role
                     : name_is(n, "rowspan") ? &r.rowspan : nullptr; break;
      case 'a': slot = name_is(n, "aria-hidden") ? &r.aria_hidden : name_is(n, "alt") ? &r.alt : nullptr; break;
      case 's': slot = name_is(n, "style") ? &r.style : name_is(n, "src") ? &r.src : nullptr; break;
      case 'i': slot = name_is(n, "id") ? &r.id : name_is(n, "itemprop") ? &r.itemprop
                     : name_is(n, "itemtype") ? &r.itemtype : nullptr; break;
      case 'c': slot = name_is(n, "class") ? &r.cls : name_is(n, "content") ? &r.content
                     : name_is(n, "colspan") ? &r.colspan : nullptr; break;
      case 't': slot = name_is(n, "title") ? &r.title : name_is(n, "type") ? &r.type : nullptr; break;
      case 'n': slot = name_is(n, "name") ? &r.name : nullptr; break;
      case 'p': slot = name_is(n, "property") ? &r.property : nullptr; break;
      case 'l': slot = name_is(n, "lang") ? &r.lang : nullptr; break;
      case 'd': slot = name_is(n, "datetime") ? &r.datetime : name_is(n, "data-src") ? &r.data_src : nullptr; break;
      default: break;
    }
    if (slot && !*slot) *slot = a->value;
  }
  return r;
}

std::string_view value(const char* v) { return v ? std::string_view(v) : std::string_view(); }

// The JSON text of a <script type="application/ld+json">: its text children.
std::string script_text(const GumboElement& el) {
  std::string text;
  for (unsigned k = 0; k < el.children.length; ++k) {
    const auto* c = static_cast<const GumboNode*>(el.children.data[k]);
    if (c->type == GUMBO_NODE_TEXT || c->type == GUMBO_NODE_WHITESPACE || c->type == GUMBO_NODE_CDATA)
      text += c->v.text.text;
  }
  return text;
}

// The kept values of an element (document/attributes.hpp keep_attributes);
// the script text only for JSON-LD, where it is kept.
KeptValues kept_values(const ElementAttributes& a, const GumboElement& el, Tag tag, std::string& script) {
  KeptValues v;
  v.href = value(a.href);
  v.title = value(a.title);
  v.rel = value(a.rel);
  v.src = value(a.src);
  v.data_src = value(a.data_src);
  v.has_data_src = a.data_src != nullptr;
  v.alt = value(a.alt);
  v.name = value(a.name);
  v.property = value(a.property);
  v.content = value(a.content);
  v.lang = value(a.lang);
  v.datetime = value(a.datetime);
  v.colspan = value(a.colspan);
  v.rowspan = value(a.rowspan);
  v.itemtype = value(a.itemtype);
  v.type = value(a.type);
  if (tag == Tag::Script && is_json_ld_type(v.type)) {
    script = script_text(el);
    v.script_text = script;
  }
  return v;
}

// Our Tag for each of Gumbo's known tags, looked up by name once.
const std::vector<Tag>& gumbo_tag_table() {
  static const std::vector<Tag> table = [] {
    std::vector<Tag> t(GUMBO_TAG_UNKNOWN);
    for (int g = 0; g < GUMBO_TAG_UNKNOWN; ++g)
      t[g] = tag_from_name(gumbo_normalized_tagname(static_cast<GumboTag>(g)));
    return t;
  }();
  return table;
}

Tag element_tag(const GumboElement& el) {
  if (el.tag >= 0 && el.tag < GUMBO_TAG_UNKNOWN) return gumbo_tag_table()[el.tag];
  // Unknown to Gumbo (e.g. newer HTML tags): look the written name up ourselves,
  // so that both builders map tags by name alike.
  GumboStringPiece piece = el.original_tag;
  gumbo_tag_from_original_text(&piece);
  std::string name(piece.data ? piece.data : "", piece.data ? piece.length : 0);
  for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return tag_from_name(name);
}

// Gumbo's allocations for one parse come from large blocks released together
// when the parse is done: no malloc/free per node, string and vector, and no
// walk over the Gumbo tree to free it (gumbo_destroy_output recurses once per
// level, which a 100,000-deep page would turn into a stack overflow). Freed
// memory is not reused; Gumbo frees little before the end (grown buffers).
class Arena {
 public:
  // max_bytes: 0 = no cap; past it take() throws PageLimitError (below).
  explicit Arena(uint64_t max_bytes) : cap_(max_bytes ? max_bytes : UINT64_MAX) {}
  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;
  ~Arena() {
    for (void* b : blocks_) std::free(b);
  }
  // The common case inline (it is called for every tag, name, value and
  // node; in WASM it is inlined into Gumbo, see wce_gumbo_arena_allocate).
  void* take(size_t n) {
    n = (n + kAlign - 1) & ~(kAlign - 1);
    taken_ += n;
    if (n <= left_ && taken_ <= cap_) {
      void* p = cur_;
      cur_ += n;
      left_ -= n;
      return p;
    }
    return take_slow(n);
  }

 private:
  static constexpr size_t kBlock = 256 * 1024;  // bytes per block
  static constexpr size_t kAlign = alignof(std::max_align_t);
  // Over the cap, or a new block (n is rounded and counted already).
  [[gnu::noinline]] void* take_slow(size_t n) {
    if (taken_ > cap_)
      throw PageLimitError("nodes", "page over the nodes limit: the parse tree outgrew " +
                                        std::to_string(cap_ >> 20) + " MB, the memory of the node limit");
    if (n > kBlock / 4) return fresh(n);  // large: a block of its own
    cur_ = static_cast<char*>(fresh(kBlock));
    left_ = kBlock;
    void* p = cur_;
    cur_ += n;
    left_ -= n;
    return p;
  }
  // Out of memory: Gumbo does not check for null, so we throw; the blocks
  // taken so far are freed by ~Arena as the exception unwinds parse_html.
  void* fresh(size_t n) {
    blocks_.push_back(nullptr);  // first, so that a taken block is never lost
    void* b = std::malloc(n);
    if (!b) throw std::bad_alloc();
    blocks_.back() = b;
    return b;
  }
  std::vector<void*> blocks_;
  char* cur_ = nullptr;
  size_t left_ = 0;
  uint64_t cap_, taken_ = 0;
};

// Gumbo's tree is built before we can count its nodes, and one '<' can make
// many of them (a paragraph re-opens every active formatting element), so
// the node limit also caps the arena: kTreeBytesPerNode per allowed node plus
// kTreeBytesPerInputByte per input byte (text copies). Measured natively on
// 10 MB of <i>x</i>: 342 bytes of peak memory per node, everything included.
constexpr uint64_t kTreeBytesPerNode = 400;
constexpr uint64_t kTreeBytesPerInputByte = 4;


// True when a text node's previous sibling in Gumbo's tree is text too.
bool follows_text(const GumboNode* n) {
  const GumboNode* parent = n->parent;
  if (!parent || n->index_within_parent == 0) return false;
  const GumboVector& siblings =
      parent->type == GUMBO_NODE_DOCUMENT ? parent->v.document.children : parent->v.element.children;
  if (n->index_within_parent > siblings.length) return false;
  const auto* before = static_cast<const GumboNode*>(siblings.data[n->index_within_parent - 1]);
  return before->type == GUMBO_NODE_TEXT || before->type == GUMBO_NODE_WHITESPACE ||
         before->type == GUMBO_NODE_CDATA;
}

}  // namespace

// Gumbo's allocator and deallocator for the Arena. Gumbo's util.c is patched
// (gumbo_patches/13-direct-arena-calls.patch) to call these directly when they are the
// options' functions, instead of through the pointers: a direct call can be
// inlined (WASM links the core and Gumbo with LTO), an indirect one cannot.
extern "C" void* wce_gumbo_arena_allocate(void* arena, size_t n) { return static_cast<Arena*>(arena)->take(n); }
extern "C" void wce_gumbo_arena_release(void*, void*) {}

namespace {

// The no-script fallback (parse_html below): its markup is read as the page's
// content when its text is more than the rest of the page's and at least
// kNoscriptFallbackMinBytes (one or two "enable JavaScript" lines are not a
// page's content). Bytes of UTF-8 text, white-space-only text not counted.
constexpr size_t kNoscriptFallbackMinBytes = 200;

bool noscript_fallback_kept(size_t noscript_bytes, size_t other_bytes) {
  return noscript_bytes >= kNoscriptFallbackMinBytes && noscript_bytes > other_bytes;
}

// Bytes of the text inside the elements of these <noscript> elements (their
// markup, as a browser without scripts parses it; text right inside a
// <noscript> and the content of script, style, template, nested noscript and
// iframe not counted: an <iframe /> in a no-script fallback, a tag manager's
// pixel, reads the rest of the page as its raw text).
size_t noscript_markup_text_bytes(const std::vector<const GumboNode*>& noscripts) {
  size_t bytes = 0;
  std::vector<const GumboNode*> stack;
  for (const GumboNode* ns : noscripts) {
    const GumboVector& kids = ns->v.element.children;
    for (size_t k = 0; k < kids.length; ++k) {
      const auto* c = static_cast<const GumboNode*>(kids.data[k]);
      if (c->type == GUMBO_NODE_ELEMENT) stack.push_back(c);
    }
    while (!stack.empty()) {
      const GumboNode* n = stack.back();
      stack.pop_back();
      if (n->type == GUMBO_NODE_TEXT || n->type == GUMBO_NODE_CDATA) {
        bytes += std::strlen(n->v.text.text);
      } else if (n->type == GUMBO_NODE_ELEMENT) {
        const Tag tag = element_tag(n->v.element);
        if (is_non_content(tag) || tag == Tag::Iframe) continue;
        const GumboVector& ch = n->v.element.children;
        for (size_t k = 0; k < ch.length; ++k) stack.push_back(static_cast<const GumboNode*>(ch.data[k]));
      }
    }
  }
  return bytes;
}

// What the first build tells the fallback rule: the <noscript> elements met,
// and the bytes of the text kept (white-space-only nodes not counted).
struct NoscriptCensus {
  std::vector<const GumboNode*> noscripts;
  size_t text_bytes = 0;
};

// Builds the Document from Gumbo's tree. The content of <noscript> is left
// out unless keep_noscript; `census`, when given, is filled.
Document build_document(GumboOutput* out, const ParseOptions& opt, size_t pool_bytes, bool keep_noscript,
                        NoscriptCensus* census) {
  Document doc;
  doc.pool.reserve(pool_bytes);
  builder::add_node(doc, kNone, NodeKind::Element, Tag::Document);

  struct Item { GumboNode* node; uint32_t parent; bool keep; };
  std::vector<Item> stack;
  stack.push_back({out->document, kNone, true});
  // The limits are checked every kCheckEvery nodes: past a limit by at most
  // that many nodes and their strings.
  constexpr size_t kCheckEvery = 4096;
  size_t until_check = kCheckEvery;
  while (!stack.empty()) {
    if (--until_check == 0) {
      until_check = kCheckEvery;
      check_limit("nodes", doc.nodes.size(), opt.max_nodes);
      check_limit("text_bytes", doc.pool.size(), opt.max_text_bytes);
      opt.deadline.check("parse");
    }
    Item it = stack.back();
    stack.pop_back();
    GumboNode* n = it.node;
    const GumboVector* children = nullptr;
    uint32_t self = it.parent;
    bool keep_children = it.keep;
    switch (n->type) {
      case GUMBO_NODE_DOCUMENT:
        self = 0;
        children = &n->v.document.children;
        break;
      case GUMBO_NODE_ELEMENT:
      case GUMBO_NODE_TEMPLATE: {
        const GumboElement& el = n->v.element;
        children = &el.children;
        if (!it.keep) break;
        Tag tag = element_tag(el);
        self = builder::add_node(doc, it.parent, NodeKind::Element, tag);
        Node& node = doc.nodes[self];
        const ElementAttributes a = read_attributes(el);
        RawAttributes raw;
        raw.hidden = a.hidden != nullptr;
        raw.has_href = a.href != nullptr;
        raw.javascript_href = a.href && value(a.href).substr(0, 11) == "javascript:";
        raw.rel = rel_flags(value(a.rel));
        raw.aria_hidden = value(a.aria_hidden);
        raw.style = value(a.style);
        node.flags = node_flags(tag, raw);
        node.id = builder::add_string(doc, value(a.id));
        node.cls = builder::add_string(doc, value(a.cls));
        node.role = builder::add_string(doc, value(a.role));
        node.itemprop = builder::add_string(doc, value(a.itemprop));
        node.src_begin = static_cast<uint32_t>(el.start_pos.offset);
        node.src_end = static_cast<uint32_t>(el.end_pos.offset);
        std::string script;
        keep_attributes(doc, self, tag, kept_values(a, el, tag, script));
        keep_children = !is_non_content(tag) || (tag == Tag::Noscript && keep_noscript);
        if (census && tag == Tag::Noscript) census->noscripts.push_back(n);
        break;
      }
      case GUMBO_NODE_TEXT:
      case GUMBO_NODE_CDATA:
      case GUMBO_NODE_WHITESPACE: {
        if (!it.keep) break;
        // Text right inside a kept <noscript> is a bare "enable JavaScript"
        // line, not the fallback's markup: dropped (noscript_fallback_kept).
        if (keep_noscript && it.parent != kNone && doc.nodes[it.parent].tag == Tag::Noscript) break;
        const GumboText& t = n->v.text;
        const size_t len = std::strlen(t.text);
        if (census && n->type != GUMBO_NODE_WHITESPACE) census->text_bytes += len;
        const uint32_t end = static_cast<uint32_t>(t.start_pos.offset + t.original_text.length);
        // Adjacent text siblings become one text node, as in a browser's DOM
        // (Gumbo leaves some apart, e.g. around an ignored end tag in a table).
        // Only when Gumbo's previous sibling is text: not across a comment,
        // which the DOM keeps between them but the Document drops.
        const uint32_t prev = doc.nodes[it.parent].last_child;
        if (follows_text(n) && prev != kNone && prev + 1 == doc.nodes.size() &&
            doc.nodes[prev].kind == NodeKind::Text &&
            doc.nodes[prev].text.off + doc.nodes[prev].text.len == doc.pool.size()) {
          doc.pool.append(t.text, len);
          doc.nodes[prev].text.len += static_cast<uint32_t>(len);
          doc.nodes[prev].src_end = end;
          break;
        }
        uint32_t idx = builder::add_node(doc, it.parent, NodeKind::Text, Tag::Unknown);
        doc.nodes[idx].text = builder::add_string(doc, std::string_view(t.text, len));
        doc.nodes[idx].src_begin = static_cast<uint32_t>(t.start_pos.offset);
        doc.nodes[idx].src_end = end;
        break;
      }
      case GUMBO_NODE_COMMENT:
        break;
    }
    if (children)
      for (size_t k = children->length; k-- > 0;)
        stack.push_back({static_cast<GumboNode*>(children->data[k]), self, keep_children});
  }
  // The Gumbo tree is released with the arena.
  check_limit("nodes", doc.nodes.size(), opt.max_nodes);
  check_limit("text_bytes", doc.pool.size(), opt.max_text_bytes);
  builder::finish(doc);
  return doc;
}

}  // namespace

Document parse_html(std::string_view bytes, std::string_view charset, const ParseOptions& opt) {
  std::string used;
  return parse_html(bytes, charset, opt, used);
}

Document parse_html(std::string_view bytes, std::string_view charset, const ParseOptions& opt,
                    std::string& charset_used) {
  check_limit("input_bytes", bytes.size(), opt.max_input_bytes);
  opt.deadline.check("parse");
  charset_used = charset.empty() ? sniff_charset(bytes) : std::string(charset);
  const std::string& cs = charset_used;
  std::string utf8 = to_utf8(bytes, cs);
  repair_unclosed_title(utf8);

  Arena arena(opt.max_nodes ? opt.max_nodes * kTreeBytesPerNode + bytes.size() * kTreeBytesPerInputByte : 0);
  GumboOptions options = kGumboDefaultOptions;
  options.max_errors = 0;  // we do not use parse errors; don't store them
  options.allocator = &wce_gumbo_arena_allocate;
  options.deallocator = &wce_gumbo_arena_release;
  options.userdata = &arena;
  GumboOutput* out = gumbo_parse_with_options(&options, utf8.data(), utf8.size());
  opt.deadline.check("parse");

  NoscriptCensus census;
  Document doc = build_document(out, opt, utf8.size() / 2, false, &census);
  // A page whose text is mostly in its no-script fallback (a forum that
  // renders its posts with scripts and serves them in <noscript> for
  // crawlers) is read as a browser without scripts shows it: built again with
  // that markup kept. A browser with scripts, where the extension runs, shows
  // what the scripts render instead (wasm/dom_encoder.js never reads inside
  // <noscript>).
  if (!census.noscripts.empty() &&
      noscript_fallback_kept(noscript_markup_text_bytes(census.noscripts), census.text_bytes)) {
    opt.deadline.check("parse");
    doc = build_document(out, opt, utf8.size() / 2, true, nullptr);
  }
  return doc;
}

}  // namespace wce
