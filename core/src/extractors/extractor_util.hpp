// Helpers shared by the extractor implementations (internal header).
#pragma once
#include <string>
#include <string_view>
#include <utility>

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

}  // namespace wce
