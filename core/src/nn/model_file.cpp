#include "nn/model_file.hpp"

#include <cmath>
#include <cstring>
#include <sstream>

namespace wce::nn {

namespace {

constexpr uint32_t kVersion = 1;
constexpr size_t kMaxRank = 4;
constexpr size_t kMaxElements = size_t{64} << 20;  // far above any model here

// IEEE 754 binary16 -> binary32 (subnormals, infinities and NaN included).
float half_to_float(uint16_t h) {
  uint32_t sign = (h >> 15) & 1u, exp = (h >> 10) & 0x1Fu, mant = h & 0x3FFu;
  float v;
  if (exp == 0) v = std::ldexp(static_cast<float>(mant), -24);
  else if (exp == 31) v = mant ? NAN : INFINITY;
  else v = std::ldexp(static_cast<float>(mant | 0x400u), static_cast<int>(exp) - 25);
  return sign ? -v : v;
}

class Reader {
 public:
  Reader(std::string_view b, const std::string& model) : b_(b), model_(model) {}
  void need(size_t n) const {
    if (b_.size() - pos_ < n)
      throw ModelError("model '" + model_ + "': weights truncated at byte " + std::to_string(pos_));
  }
  uint32_t u32() { need(4); uint32_t v = 0; for (int i = 0; i < 4; ++i) v |= uint32_t(uint8_t(b_[pos_ + i])) << (8 * i); pos_ += 4; return v; }
  uint16_t u16() { need(2); uint16_t v = uint16_t(uint8_t(b_[pos_]) | uint8_t(b_[pos_ + 1]) << 8); pos_ += 2; return v; }
  uint8_t u8() { need(1); return uint8_t(b_[pos_++]); }
  std::string_view bytes(size_t n) { need(n); auto s = b_.substr(pos_, n); pos_ += n; return s; }
  bool done() const { return pos_ == b_.size(); }

 private:
  std::string_view b_;
  size_t pos_ = 0;
  const std::string& model_;
};

}  // namespace

std::string shape_string(const std::vector<size_t>& shape) {
  std::string s;
  for (size_t i = 0; i < shape.size(); ++i) s += (i ? "x" : "") + std::to_string(shape[i]);
  return s.empty() ? "scalar" : s;
}

ModelFile ModelFile::parse(std::string_view bytes, const std::string& model_name) {
  ModelFile m;
  m.name_ = model_name;
  auto fail = [&](const std::string& why) { throw ModelError("model '" + model_name + "': " + why); };
  if (bytes.empty()) fail("no weights (empty model data)");
  Reader r(bytes, model_name);
  if (bytes.size() < 4 || bytes.substr(0, 4) != "WCEM") fail("not a .wcem weight file (bad magic)");
  r.bytes(4);
  if (uint32_t v = r.u32(); v != kVersion) fail("unsupported weight format version " + std::to_string(v));
  uint32_t count = r.u32();
  for (uint32_t e = 0; e < count; ++e) {
    std::string name(r.bytes(r.u16()));
    uint8_t dtype = r.u8(), rank = r.u8();
    if (rank > kMaxRank) fail("entry '" + name + "' has rank " + std::to_string(rank));
    std::vector<size_t> shape;
    size_t n = 1;
    for (uint8_t i = 0; i < rank; ++i) {
      shape.push_back(r.u32());
      n *= shape.back();
      if (n > kMaxElements) fail("entry '" + name + "' is too large");
    }
    if (m.tensors_.count(name) || m.texts_.count(name)) fail("duplicate entry '" + name + "'");
    if (dtype == 1 || dtype == 2) {
      Tensor t;
      t.shape = shape;
      t.data.resize(n);
      std::string_view raw = r.bytes(n * (dtype == 1 ? 4 : 2));
      for (size_t i = 0; i < n; ++i) {
        if (dtype == 1) {
          uint32_t u = 0;
          for (int k = 0; k < 4; ++k) u |= uint32_t(uint8_t(raw[4 * i + k])) << (8 * k);
          std::memcpy(&t.data[i], &u, 4);
        } else {
          t.data[i] = half_to_float(uint16_t(uint8_t(raw[2 * i]) | uint8_t(raw[2 * i + 1]) << 8));
        }
        if (!std::isfinite(t.data[i])) fail("entry '" + name + "' holds a non-finite value");
      }
      m.tensors_.emplace(name, std::move(t));
    } else if (dtype == 3) {
      if (rank != 1) fail("text entry '" + name + "' must have rank 1");
      m.texts_.emplace(name, std::string(r.bytes(n)));
    } else {
      fail("entry '" + name + "' has unknown dtype " + std::to_string(dtype));
    }
  }
  if (!r.done()) fail("trailing bytes after the last entry");
  if (auto it = m.texts_.find("config"); it != m.texts_.end()) {
    std::istringstream in(it->second);
    for (std::string line; std::getline(in, line);) {
      auto eq = line.find('=');
      if (eq != std::string::npos) m.config_[line.substr(0, eq)] = line.substr(eq + 1);
    }
  }
  return m;
}

const Tensor& ModelFile::tensor(const std::string& name, const std::vector<size_t>& shape) const {
  auto it = tensors_.find(name);
  if (it == tensors_.end()) throw ModelError("model '" + name_ + "': weights lack tensor '" + name + "'");
  if (it->second.shape != shape)
    throw ModelError("model '" + name_ + "': tensor '" + name + "' is " + shape_string(it->second.shape) +
                     ", expected " + shape_string(shape));
  return it->second;
}

std::vector<std::string> ModelFile::lines(const std::string& name) const {
  auto it = texts_.find(name);
  if (it == texts_.end()) throw ModelError("model '" + name_ + "': weights lack text entry '" + name + "'");
  std::vector<std::string> out;
  std::istringstream in(it->second);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

long ModelFile::config_int(const std::string& key) const {
  auto it = config_.find(key);
  if (it == config_.end()) throw ModelError("model '" + name_ + "': config lacks '" + key + "'");
  char* end = nullptr;
  long v = std::strtol(it->second.c_str(), &end, 10);
  if (end == it->second.c_str() || *end) throw ModelError("model '" + name_ + "': config '" + key + "' is not an integer");
  return v;
}

double ModelFile::config_double(const std::string& key) const {
  auto it = config_.find(key);
  if (it == config_.end()) throw ModelError("model '" + name_ + "': config lacks '" + key + "'");
  char* end = nullptr;
  double v = std::strtod(it->second.c_str(), &end);
  if (end == it->second.c_str() || *end) throw ModelError("model '" + name_ + "': config '" + key + "' is not a number");
  return v;
}

ModelFile load_embedded_model(const std::string& name) {
  std::string_view bytes = embedded_model(name);
  if (bytes.empty())
    throw ModelError("model '" + name + "' is not built in (core/models/" + name +
                     ".wcem missing at build time; make it with: bash lab/train.sh " + name + ")");
  return ModelFile::parse(bytes, name);
}

}  // namespace wce::nn
