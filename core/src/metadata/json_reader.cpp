// The tolerant JSON reader (json_reader.hpp): recursive descent up to
// max_depth, an iterative skip below it, so that neither a 10,000-deep
// nesting nor a 10 MB block costs more than one linear scan.
#include "metadata/json_reader.hpp"
#include "document/unicode.hpp"

#include <cstdint>

namespace wce::metadata {

const JsonValue* JsonValue::get(std::string_view key) const {
  for (const auto& m : members)
    if (m.first == key) return &m.second;
  return nullptr;
}

namespace {


int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

class Reader {
 public:
  Reader(std::string_view s, const JsonLimits& l) : s_(s.substr(0, l.max_bytes)), limits_(l) {}

  std::vector<JsonValue> all() {
    std::vector<JsonValue> out;
    while (!full()) {
      // Anything before the next container is junk (comments, CDATA, "var x =").
      while (pos_ < s_.size() && s_[pos_] != '{' && s_[pos_] != '[') ++pos_;
      if (pos_ >= s_.size()) break;
      size_t before = pos_;
      out.push_back(value(0));
      if (pos_ == before) ++pos_;  // always move on
    }
    return out;
  }

 private:
  bool full() const { return values_ >= limits_.max_values; }
  bool at_end() const { return pos_ >= s_.size(); }

  void skip_space() {
    while (pos_ < s_.size()) {
      char c = s_[pos_];
      if (c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f') {
        ++pos_;
      } else if (s_.compare(pos_, 4, "<!--") == 0) {
        pos_ += 4;
      } else if (s_.compare(pos_, 3, "-->") == 0) {
        pos_ += 3;
      } else if (s_.compare(pos_, 9, "<![CDATA[") == 0) {
        pos_ += 9;
      } else if (s_.compare(pos_, 3, "]]>") == 0) {
        pos_ += 3;
      } else if (s_.compare(pos_, 2, "//") == 0) {
        while (pos_ < s_.size() && s_[pos_] != '\n') ++pos_;
      } else if (s_.compare(pos_, 2, "/*") == 0) {
        size_t e = s_.find("*/", pos_ + 2);
        pos_ = e == std::string_view::npos ? s_.size() : e + 2;
      } else {
        break;
      }
    }
  }

  // Skips one container without recursion (strings honoured); used below max_depth.
  void skip_container() {
    size_t depth = 0;
    while (pos_ < s_.size()) {
      char c = s_[pos_++];
      if (c == '"' || c == '\'') {
        skip_string(c);
      } else if (c == '{' || c == '[') {
        ++depth;
      } else if (c == '}' || c == ']') {
        if (depth <= 1) return;
        --depth;
      }
    }
  }

  void skip_string(char quote) {
    while (pos_ < s_.size()) {
      char c = s_[pos_++];
      if (c == '\\') ++pos_;
      else if (c == quote) return;
    }
  }

  std::string string(char quote) {
    ++pos_;  // opening quote
    std::string out;
    while (pos_ < s_.size()) {
      char c = s_[pos_++];
      if (c == quote) return out;
      if (c == '\n' || c == '\r' || c == '\t') { out += ' '; continue; }
      if (c != '\\' || pos_ >= s_.size()) { out += c; continue; }
      char e = s_[pos_++];
      switch (e) {
        case 'n': case 'r': case 't': case 'f': case 'b': out += ' '; break;
        case 'u': {
          uint32_t cp = 0;
          if (!hex4(cp)) { out += 'u'; break; }
          if (cp >= 0xD800 && cp < 0xDC00 && s_.compare(pos_, 2, "\\u") == 0) {
            size_t save = pos_;
            pos_ += 2;
            uint32_t lo = 0;
            if (hex4(lo) && lo >= 0xDC00 && lo < 0xE000) cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            else pos_ = save;
          }
          if (cp >= 0xD800 && cp < 0xE000) cp = 0xFFFD;  // lone surrogate
          unicode::append(out, cp);
          break;
        }
        default: out += e;  // \" \\ \/ and invalid escapes keep the character
      }
    }
    return out;  // unterminated: what there was
  }

  bool hex4(uint32_t& cp) {
    if (pos_ + 4 > s_.size()) return false;
    cp = 0;
    for (int k = 0; k < 4; ++k) {
      int d = hex_digit(s_[pos_ + k]);
      if (d < 0) return false;
      cp = cp * 16 + static_cast<uint32_t>(d);
    }
    pos_ += 4;
    return true;
  }

  // A bare word: a number, true/false/null, or an unquoted key or value.
  std::string bare() {
    size_t b = pos_;
    while (pos_ < s_.size()) {
      char c = s_[pos_];
      if (c == ',' || c == ':' || c == '}' || c == ']' || c == '{' || c == '[' || c == '"' || c == '\'' ||
          c == ' ' || c == '\n' || c == '\r' || c == '\t')
        break;
      ++pos_;
    }
    return std::string(s_.substr(b, pos_ - b));
  }

  JsonValue value(size_t depth) {
    JsonValue v;
    skip_space();
    if (at_end() || full()) return v;
    ++values_;
    char c = s_[pos_];
    if (c == '{' || c == '[') {
      if (depth >= limits_.max_depth) {
        skip_container();
        return v;  // null: too deep to keep
      }
      ++pos_;
      if (c == '{') object(v, depth);
      else array(v, depth);
      return v;
    }
    if (c == '"' || c == '\'') {
      v.kind = JsonValue::Kind::String;
      v.text = string(c);
      return v;
    }
    std::string w = bare();
    if (w.empty()) {
      ++pos_;  // a stray character: drop it
      return v;
    }
    if (w == "null") return v;
    if (w == "true" || w == "false") v.kind = JsonValue::Kind::Bool;
    else if ((w[0] >= '0' && w[0] <= '9') || w[0] == '-' || w[0] == '+' || w[0] == '.') v.kind = JsonValue::Kind::Number;
    else v.kind = JsonValue::Kind::String;
    v.text = std::move(w);
    return v;
  }

  void object(JsonValue& v, size_t depth) {
    v.kind = JsonValue::Kind::Object;
    while (true) {
      skip_space();
      if (at_end() || full()) return;
      char c = s_[pos_];
      if (c == '}') { ++pos_; return; }
      if (c == ',') { ++pos_; continue; }  // trailing or doubled commas
      if (c == ']') { ++pos_; return; }     // mismatched close: end here
      size_t before = pos_;
      std::string key = (c == '"' || c == '\'') ? string(c) : bare();
      skip_space();
      if (!at_end() && s_[pos_] == ':') ++pos_;
      JsonValue member = value(depth + 1);
      if (pos_ == before) ++pos_;
      v.members.emplace_back(std::move(key), std::move(member));
    }
  }

  void array(JsonValue& v, size_t depth) {
    v.kind = JsonValue::Kind::Array;
    while (true) {
      skip_space();
      if (at_end() || full()) return;
      char c = s_[pos_];
      if (c == ']') { ++pos_; return; }
      if (c == ',') { ++pos_; continue; }
      if (c == '}') { ++pos_; return; }
      size_t before = pos_;
      JsonValue item = value(depth + 1);
      if (pos_ == before) ++pos_;
      v.items.push_back(std::move(item));
    }
  }

  std::string_view s_;
  JsonLimits limits_;
  size_t pos_ = 0;
  size_t values_ = 0;
};

}  // namespace

std::vector<JsonValue> read_json_values(std::string_view text, const JsonLimits& limits) {
  return Reader(text, limits).all();
}

}  // namespace wce::metadata
