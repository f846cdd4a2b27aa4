// Helpers shared by the extractor implementations (internal header).
#pragma once
#include <array>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "wce/extractor.hpp"

namespace wce {

// An Extractor defined by its info and a labelling function.
template <class Fn>
class FunctionExtractor final : public Extractor {
 public:
  FunctionExtractor(ExtractorInfo info, Fn fn) : info_(std::move(info)), fn_(std::move(fn)) {}
  const ExtractorInfo& info() const override { return info_; }
  Labels run(Context& ctx) const override { return fn_(ctx); }

 private:
  ExtractorInfo info_;
  Fn fn_;
};

// ASCII lower case (class, id and attribute values for case-insensitive rules).
inline std::string to_ascii_lower(std::string_view s) {
  std::string r(s);
  for (char& c : r)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return r;
}

template <class Fn>
std::unique_ptr<Extractor> make_extractor(ExtractorInfo info, Fn fn) {
  return std::make_unique<FunctionExtractor<Fn>>(std::move(info), std::move(fn));
}

// A set of tags, for rule lists kept as data at the top of an extractor.
class TagSet {
 public:
  TagSet(std::initializer_list<Tag> tags) {
    for (Tag t : tags) has_[static_cast<size_t>(t)] = true;
  }
  bool operator()(Tag t) const { return has_[static_cast<size_t>(t)]; }

 private:
  std::array<bool, static_cast<size_t>(Tag::Count)> has_{};
};

// 1 for every text node, 0 for those below an element for which
// drop(node index) is true: one forward pass (parents precede children).
template <class Drop>
Labels drop_subtrees(const Document& doc, Drop drop) {
  std::vector<uint8_t> dropped(doc.size(), 0);
  Labels labels(doc.text_nodes.size(), 1.0f);
  for (uint32_t i = 1; i < doc.size(); ++i) {
    const Node& nd = doc.nodes[i];
    dropped[i] = dropped[nd.parent] || (nd.kind == NodeKind::Element && drop(i));
    if (nd.kind == NodeKind::Text && dropped[i]) labels[nd.text_index] = 0.0f;
  }
  return labels;
}

}  // namespace wce
