// The extension's flat encoding of a live DOM -> Document (see html.hpp and
// wasm/dom_encoder.js). Lengths are in UTF-16 code units; the strings arrive
// as UTF-8, so we walk them code point by code point.
#include <cctype>
#include <iterator>
#include <stdexcept>
#include <string>

#include "document/attributes.hpp"
#include "document/builder.hpp"
#include "document/unicode.hpp"
#include "wce/html.hpp"

namespace wce {
namespace {

enum : uint32_t {
  kKindElement = 1, kKindText = 2, kFlatHiddenAttr = 1, kFlatHrefAttr = 2, kFlatJavascriptHref = 4,
  kFlatRelAuthor = 8, kFlatRelNavigation = 16
};
constexpr int kStrings = FlatDom::kStride - 2;

class StringReader {
 public:
  explicit StringReader(std::string_view s) : s_(s) {}
  // The next `units` UTF-16 code units as a UTF-8 view.
  std::string_view take(uint32_t units) {
    size_t start = pos_;
    while (units > 0) {
      if (pos_ >= s_.size()) throw std::invalid_argument("flat DOM: strings shorter than the lengths say");
      uint32_t cp = unicode::next(s_, pos_);
      units -= cp >= 0x10000 ? (units >= 2 ? 2 : 1) : 1;
    }
    return s_.substr(start, pos_ - start);
  }
  bool done() const { return pos_ == s_.size(); }

 private:
  std::string_view s_;
  size_t pos_ = 0;
};

// kFlatAttributes' index -> its field.
void set_kept(KeptValues& v, uint32_t attribute, std::string_view value) {
  std::string_view* const fields[] = {&v.href,     &v.title,   &v.rel,     &v.src,      &v.data_src, &v.alt,
                                      &v.name,     &v.property, &v.content, &v.lang,    &v.datetime, &v.colspan,
                                      &v.rowspan,  &v.itemtype, &v.type,   &v.script_text};
  static_assert(std::size(fields) == std::size(kFlatAttributes), "one field per flat attribute");
  *fields[attribute] = value;
  if (attribute == 4) v.has_data_src = true;
}

}  // namespace

Document decode_flat_dom(const FlatDom& flat, const ParseOptions& opt) {
  constexpr uint32_t S = FlatDom::kStride;
  if (flat.node_words % S != 0) throw std::invalid_argument("flat DOM: node array length is not a multiple of the stride");
  const size_t count = flat.node_words / S;
  // All limits before any allocation: the sizes are known up front.
  constexpr uint32_t A = FlatDom::kAttrStride;
  if (flat.attr_words % A != 0) throw std::invalid_argument("flat DOM: attribute array length is not a multiple of 3");
  if (flat.attr_words > 0 && !flat.attrs) throw std::invalid_argument("flat DOM: attribute array missing");
  const size_t attr_count = flat.attr_words / A;
  check_limit("input_bytes",
              uint64_t{4} * (flat.node_words + flat.attr_words) + flat.strings.size() + flat.attr_strings.size(),
              opt.max_input_bytes);
  check_limit("nodes", count + 1, opt.max_nodes);
  check_limit("text_bytes", flat.strings.size(), opt.max_text_bytes);
  opt.deadline.check("decode");
  Document doc;
  doc.nodes.reserve(count + 1);
  doc.pool.reserve(flat.strings.size());
  builder::add_node(doc, kNone, NodeKind::Element, Tag::Document);
  StringReader reader(flat.strings), attr_reader(flat.attr_strings);
  size_t next_attr = 0;  // the next attribute triple to read
  // Flat node k becomes Document node map[k]; kNone where it was dropped
  // (inside script/style/noscript/template, exactly as parse_html drops it).
  std::vector<uint32_t> map(count, kNone);
  std::vector<uint8_t> dropped(count, 0), is_text(count, 0);
  // Flat indices of the elements on the path to the current node: in document
  // order a node's parent is the previous node or one of its ancestors.
  std::vector<uint32_t> open;
  for (size_t k = 0; k < count; ++k) {
    if ((k & 4095) == 4095) opt.deadline.check("decode");
    const uint32_t* w = flat.nodes + k * S;
    uint32_t kind = w[0] & 0xFF, raw_flags = (w[0] >> 8) & 0xFF, parent = w[1];
    if (kind != kKindElement && kind != kKindText) throw std::invalid_argument("flat DOM: bad node kind");
    if (parent != kNone && parent >= k) throw std::invalid_argument("flat DOM: parent must precede its child");
    if (parent != kNone && is_text[parent]) throw std::invalid_argument("flat DOM: a text node cannot be a parent");
    while (!open.empty() && open.back() != parent) open.pop_back();
    if (parent != kNone && open.empty())
      throw std::invalid_argument("flat DOM: nodes are not in document order (parent closed before its child)");
    if (kind == kKindElement) open.push_back(static_cast<uint32_t>(k));
    else is_text[k] = 1;
    std::string_view strs[kStrings];  // tag, id, class, role, itemprop, aria-hidden, style, text
    for (int s = 0; s < kStrings; ++s) strs[s] = reader.take(w[2 + s]);
    // This node's attribute values (elements only; read even when dropped).
    KeptValues kept;
    for (; next_attr < attr_count && flat.attrs[next_attr * A] <= k; ++next_attr) {
      const uint32_t* a = flat.attrs + next_attr * A;
      if (a[0] != k) throw std::invalid_argument("flat DOM: attributes are not in node order");
      if (kind != kKindElement) throw std::invalid_argument("flat DOM: a text node has no attributes");
      if (a[1] >= std::size(kFlatAttributes)) throw std::invalid_argument("flat DOM: unknown attribute");
      set_kept(kept, a[1], attr_reader.take(a[2]));
    }
    bool drop = parent != kNone && dropped[parent];
    uint32_t doc_parent = parent == kNone ? 0 : map[parent];
    if (drop || doc_parent == kNone) { dropped[k] = 1; continue; }
    if (kind == kKindText) {
      uint32_t idx = builder::add_node(doc, doc_parent, NodeKind::Text, Tag::Unknown);
      doc.nodes[idx].text = builder::add_string(doc, strs[7]);
      map[k] = idx;
      continue;
    }
    std::string name(strs[0]);
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    Tag tag = tag_from_name(name);
    uint32_t idx = builder::add_node(doc, doc_parent, NodeKind::Element, tag);
    Node& n = doc.nodes[idx];
    RawAttributes raw;
    raw.hidden = raw_flags & kFlatHiddenAttr;
    raw.has_href = raw_flags & kFlatHrefAttr;
    raw.javascript_href = raw_flags & kFlatJavascriptHref;
    raw.rel = (raw_flags & kFlatRelAuthor ? kRelAuthor : 0) | (raw_flags & kFlatRelNavigation ? kRelNavigation : 0);
    raw.aria_hidden = strs[5];
    raw.style = strs[6];
    n.flags = node_flags(tag, raw);
    n.id = builder::add_string(doc, strs[1]);
    n.cls = builder::add_string(doc, strs[2]);
    n.role = builder::add_string(doc, strs[3]);
    n.itemprop = builder::add_string(doc, strs[4]);
    keep_attributes(doc, idx, tag, kept);
    map[k] = idx;
    if (is_non_content(tag)) dropped[k] = 1;  // its children are dropped, itself kept
  }
  if (!reader.done()) throw std::invalid_argument("flat DOM: strings longer than the lengths say");
  if (next_attr != attr_count) throw std::invalid_argument("flat DOM: attributes of no node (index past the nodes)");
  if (!attr_reader.done()) throw std::invalid_argument("flat DOM: attribute strings longer than the lengths say");
  builder::finish(doc);
  return doc;
}

}  // namespace wce
