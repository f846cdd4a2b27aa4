// A small tolerant JSON reader for JSON-LD blocks (json_reader.cpp).
// Pages write JSON-LD by hand and by template: trailing commas, raw newlines
// in strings, HTML comments or CDATA around the block, several objects in a
// row, a block cut short. The reader keeps whatever it could read and never
// fails; its limits (depth, values, bytes) bound time and memory on any input.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace wce::metadata {

struct JsonValue {
  enum class Kind { Null, Bool, Number, String, Array, Object } kind = Kind::Null;
  std::string text;                                    // String, Number (as written), Bool ("true"/"false")
  std::vector<JsonValue> items;                        // Array
  std::vector<std::pair<std::string, JsonValue>> members;  // Object, in source order

  bool is_object() const { return kind == Kind::Object; }
  bool is_array() const { return kind == Kind::Array; }
  bool is_string() const { return kind == Kind::String; }
  // The member's value, or nullptr (first match; keys compared exactly).
  const JsonValue* get(std::string_view key) const;
};

struct JsonLimits {
  size_t max_depth = 40;        // deeper containers are skipped (read without recursion)
  size_t max_values = 20000;    // values kept per block; the rest of the block is skipped
  size_t max_bytes = 4u << 20;  // only the first 4 MB of a block are read
};

// Every top-level value of the block, in order (usually one object or array).
std::vector<JsonValue> read_json_values(std::string_view text, const JsonLimits& limits = {});

// JSON-LD helpers (json_ld.cpp), shared by the metadata and the page type:
// an object's schema.org types ("@type" or "type", a string or an array of
// them, "https://schema.org/" or "schema:" prefixes dropped) ...
std::vector<std::string> json_ld_types(const JsonValue& object);
// ... and every object of a value, itself first, then its members' and
// items' objects in source order (top level, arrays, @graph, nested values),
// at most max_objects in all.
void json_ld_objects(const JsonValue& value, std::vector<const JsonValue*>& objects, size_t max_objects);

}  // namespace wce::metadata
