// The weight format of the learned extractors (".wcem"), little-endian:
//   "WCEM" | u32 version (1) | u32 entry count | entries
//   entry: u16 name length | name | u8 dtype (1 float32, 2 float16, 3 text)
//          | u8 rank | u32 dims[rank] | data
//   float32/float16: prod(dims) values; text: dims = {byte count}, UTF-8
//   (vocabularies are one item per line, configurations key=value lines).
// Written by lab/learn/export.py; the models are compiled into the core
// from core/models/*.wcem (see core/models/README.md).
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "nn/tensor.hpp"

namespace wce::nn {

// Thrown for missing, truncated or inconsistent weights; what() says which.
struct ModelError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class ModelFile {
 public:
  // Parses the bytes; throws ModelError (never reads out of bounds).
  static ModelFile parse(std::string_view bytes, const std::string& model_name);

  // A float tensor with exactly this shape; throws ModelError otherwise.
  const Tensor& tensor(const std::string& name, const std::vector<size_t>& shape) const;
  bool has(const std::string& name) const { return tensors_.count(name) > 0; }
  // A text entry split into lines (vocabularies); throws when absent.
  std::vector<std::string> lines(const std::string& name) const;
  // An integer from the "config" text entry (key=value lines).
  long config_int(const std::string& key) const;
  double config_double(const std::string& key) const;
  bool has_config(const std::string& key) const { return config_.count(key) > 0; }
  const std::string& name() const { return name_; }

 private:
  std::string name_;
  std::map<std::string, Tensor> tensors_;
  std::map<std::string, std::string> texts_;
  std::map<std::string, std::string> config_;
};

// The bytes of a model compiled into the core (core/models/<name>.wcem), or
// an empty view when the build has none (generated/models_data.cpp).
std::string_view embedded_model(std::string_view name);

// Loads an embedded model; throws ModelError with a hint when missing.
ModelFile load_embedded_model(const std::string& name);

// A model built from the embedded weights `name` (Model(ModelFile)), parsed
// once per process and name (thread-safe: two models of one type, e.g.
// boilernet and boilernet_small, get one entry each); a load error is kept
// and rethrown on every use, so that each page reports it.
template <class Model>
const Model& cached_embedded_model(const std::string& name) {
  struct Entry {
    std::once_flag once;
    std::unique_ptr<Model> model;
    std::string error;
  };
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<Entry>> entries;
  Entry* entry;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto& slot = entries[name];
    if (!slot) slot = std::make_unique<Entry>();
    entry = slot.get();  // stable: entries are never erased
  }
  std::call_once(entry->once, [&] {
    try {
      entry->model = std::make_unique<Model>(load_embedded_model(name));
    } catch (const std::exception& e) {
      entry->error = e.what();
    }
  });
  if (!entry->model) throw ModelError(entry->error);
  return *entry->model;
}

}  // namespace wce::nn
