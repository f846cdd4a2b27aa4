// Tensors of the inference runtime: row-major float32 arrays with a shape.
// A sequence of T vectors of width D is a Tensor of shape {T, D}.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

namespace wce::nn {

struct Tensor {
  std::vector<size_t> shape;
  std::vector<float> data;

  Tensor() = default;
  Tensor(size_t rows, size_t cols) : shape{rows, cols}, data(rows * cols, 0.0f) {}
  size_t rows() const { return shape.empty() ? 0 : shape[0]; }
  size_t cols() const { return shape.size() < 2 ? 1 : data.size() / (shape[0] ? shape[0] : 1); }
  float* row(size_t r) { return data.data() + r * cols(); }
  const float* row(size_t r) const { return data.data() + r * cols(); }
};

// "3x4" for error messages.
std::string shape_string(const std::vector<size_t>& shape);

}  // namespace wce::nn
