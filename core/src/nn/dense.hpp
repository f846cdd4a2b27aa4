// Fully connected layer: y = x W + b, W stored [in, out] (the layout of the
// training code, x @ W), so the inner loop runs over contiguous outputs.
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "nn/tensor.hpp"

namespace wce::nn {

// x: {T, in}; w: {in, out}; b: {out} -> {T, out} (packs w on each call: for
// a model's layers, pack once and use gemm.hpp).
Tensor dense(const Tensor& x, const Tensor& w, const Tensor& b);

// One row of sparse input: (column, value) pairs.
using SparseRow = std::vector<std::pair<uint32_t, float>>;
// rows: T sparse rows over `in` = w.rows() columns -> {T, out}. Columns out of
// range are ignored (they cannot occur with a consistent vocabulary).
Tensor dense_sparse(const std::vector<SparseRow>& rows, const Tensor& w, const Tensor& b);

// y[o] += sum over the n (column, value) pairs, in their order, of value * w[column][o]
// for o < width (w: rows of `width` floats, `w_rows` of them; columns out of
// range are ignored). One output row of a sparse product, vectorised.
void sparse_accumulate(const std::pair<uint32_t, float>* row, size_t n, const float* w, size_t w_rows, size_t width,
                       float* y);


}  // namespace wce::nn
