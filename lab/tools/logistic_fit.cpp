// Logistic regression fit (see logistic_fit.hpp): standardisation, then
// Newton's method on the L2-penalised log loss, Cholesky for each step.
#include "lab/tools/logistic_fit.hpp"

#include <cmath>
#include <stdexcept>

namespace wce::bench {
namespace {

double sigmoid(double z) {
  if (z >= 0) return 1.0 / (1.0 + std::exp(-z));
  double e = std::exp(z);
  return e / (1.0 + e);
}

// log(1 + exp(z)), without overflow.
double softplus(double z) { return z > 0 ? z + std::log1p(std::exp(-z)) : std::log1p(std::exp(z)); }

// Solves the symmetric positive definite system a * out = b (n x n, row-major)
// by Cholesky decomposition; false when a is not positive definite.
bool solve_spd(std::vector<double> a, std::vector<double> b, size_t n, std::vector<double>& out) {
  for (size_t j = 0; j < n; ++j) {
    double d = a[j * n + j];
    for (size_t k = 0; k < j; ++k) d -= a[j * n + k] * a[j * n + k];
    if (!(d > 0)) return false;
    d = std::sqrt(d);
    a[j * n + j] = d;
    for (size_t i = j + 1; i < n; ++i) {
      double v = a[i * n + j];
      for (size_t k = 0; k < j; ++k) v -= a[i * n + k] * a[j * n + k];
      a[i * n + j] = v / d;
    }
  }
  for (size_t i = 0; i < n; ++i) {  // L y = b
    double v = b[i];
    for (size_t k = 0; k < i; ++k) v -= a[i * n + k] * b[k];
    b[i] = v / a[i * n + i];
  }
  for (size_t i = n; i-- > 0;) {  // L^T x = y
    double v = b[i];
    for (size_t k = i + 1; k < n; ++k) v -= a[k * n + i] * b[k];
    b[i] = v / a[i * n + i];
  }
  out = std::move(b);
  return true;
}

}  // namespace

LogisticModel fit_logistic(const std::vector<double>& x, size_t dims, const std::vector<int>& y,
                           double l2, int max_iterations) {
  if (dims == 0 || x.size() != y.size() * dims)
    throw std::invalid_argument("fit_logistic: x must hold y.size() rows of dims values");
  const size_t n = y.size();
  LogisticModel m;
  m.mean.assign(dims, 0.0);
  m.stdev.assign(dims, 1.0);
  m.weight.assign(dims, 0.0);
  if (n == 0) return m;
  for (size_t j = 0; j < dims; ++j) {
    double sum = 0;
    for (size_t i = 0; i < n; ++i) sum += x[i * dims + j];
    double mean = sum / static_cast<double>(n);
    double sq = 0;
    for (size_t i = 0; i < n; ++i) sq += (x[i * dims + j] - mean) * (x[i * dims + j] - mean);
    double sd = std::sqrt(sq / static_cast<double>(n));
    m.mean[j] = mean;
    m.stdev[j] = sd > 0 ? sd : 1.0;
  }
  // Design matrix with a leading 1 for the intercept.
  const size_t p = dims + 1;
  std::vector<double> z(n * p);
  for (size_t i = 0; i < n; ++i) {
    z[i * p] = 1.0;
    for (size_t j = 0; j < dims; ++j) z[i * p + 1 + j] = (x[i * dims + j] - m.mean[j]) / m.stdev[j];
  }
  auto objective = [&](const std::vector<double>& beta) {
    double loss = 0;
    for (size_t i = 0; i < n; ++i) {
      double eta = 0;
      for (size_t j = 0; j < p; ++j) eta += z[i * p + j] * beta[j];
      loss += softplus(eta) - (y[i] ? eta : 0.0);
    }
    for (size_t j = 1; j < p; ++j) loss += 0.5 * l2 * beta[j] * beta[j];
    return loss;
  };
  std::vector<double> beta(p, 0.0), grad(p), hess(p * p), step;
  double loss = objective(beta);
  for (int it = 0; it < max_iterations; ++it) {
    std::fill(grad.begin(), grad.end(), 0.0);
    std::fill(hess.begin(), hess.end(), 0.0);
    for (size_t i = 0; i < n; ++i) {
      const double* zi = &z[i * p];
      double eta = 0;
      for (size_t j = 0; j < p; ++j) eta += zi[j] * beta[j];
      double pr = sigmoid(eta);
      double r = pr - (y[i] ? 1.0 : 0.0), w = pr * (1.0 - pr);
      for (size_t j = 0; j < p; ++j) {
        grad[j] += r * zi[j];
        for (size_t k = 0; k <= j; ++k) hess[j * p + k] += w * zi[j] * zi[k];
      }
    }
    for (size_t j = 0; j < p; ++j)
      for (size_t k = 0; k < j; ++k) hess[k * p + j] = hess[j * p + k];
    for (size_t j = 1; j < p; ++j) {
      grad[j] += l2 * beta[j];
      hess[j * p + j] += l2;
    }
    hess[0] += 1e-12;  // all points saturated: keep the intercept row definite
    if (!solve_spd(hess, grad, p, step)) break;
    // Damped Newton: halve the step until the objective does not increase.
    std::vector<double> next(p);
    double next_loss = loss, t = 1.0;
    for (int half = 0; half < 30; ++half, t *= 0.5) {
      for (size_t j = 0; j < p; ++j) next[j] = beta[j] - t * step[j];
      next_loss = objective(next);
      if (next_loss <= loss) break;
    }
    if (!(next_loss <= loss)) break;
    double change = 0;
    for (size_t j = 0; j < p; ++j) change = std::max(change, std::fabs(next[j] - beta[j]));
    beta = next;
    loss = next_loss;
    if (change < 1e-10) break;
  }
  m.intercept = beta[0];
  for (size_t j = 0; j < dims; ++j) m.weight[j] = beta[j + 1];
  return m;
}

}  // namespace wce::bench
