#include "sweep/gaussian_process.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <stdexcept>
#include <utility>

namespace aiperf {
namespace {

constexpr double kLengthscales[] = {0.03, 0.06, 0.1, 0.15, 0.25, 0.4, 0.6, 1.0, 1.6, 2.5};
constexpr double kNoiseRatios[] = {1e-6, 1e-4, 1e-3, 1e-2, 0.03, 0.1, 0.3};
constexpr double kJitter = 1e-10;  // keeps K̃ positive definite in floating point

double matern52(std::span<const double> a, std::span<const double> b, const std::vector<double>& lengthscales) {
  double r2 = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    double d = (a[i] - b[i]) / lengthscales[i];
    r2 += d * d;
  }
  double s = std::sqrt(5 * r2);  // √5·r
  return (1 + s + s * s / 3) * std::exp(-s);
}

// In-place Cholesky of the lower triangle of a row-major n×n matrix; false if not positive definite.
bool cholesky(std::vector<double>& a, size_t n) {
  for (size_t j = 0; j < n; ++j) {
    double diag = a[j * n + j];
    for (size_t k = 0; k < j; ++k) diag -= a[j * n + k] * a[j * n + k];
    if (!(diag > 0)) return false;
    double ljj = std::sqrt(diag);
    a[j * n + j] = ljj;
    for (size_t i = j + 1; i < n; ++i) {
      double v = a[i * n + j];
      for (size_t k = 0; k < j; ++k) v -= a[i * n + k] * a[j * n + k];
      a[i * n + j] = v / ljj;
    }
  }
  return true;
}

// Solves L z = b in place.
void forward_substitute(const std::vector<double>& l, size_t n, std::vector<double>& b) {
  for (size_t i = 0; i < n; ++i) {
    double v = b[i];
    for (size_t k = 0; k < i; ++k) v -= l[i * n + k] * b[k];
    b[i] = v / l[i * n + i];
  }
}

// Solves Lᵀ z = b in place.
void backward_substitute(const std::vector<double>& l, size_t n, std::vector<double>& b) {
  for (size_t i = n; i-- > 0;) {
    double v = b[i];
    for (size_t k = i + 1; k < n; ++k) v -= l[k * n + i] * b[k];
    b[i] = v / l[i * n + i];
  }
}

}  // namespace

bool GaussianProcess::factorise() {
  const size_t n = x_.size();
  chol_.assign(n * n, 0.0);
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = 0; j < i; ++j) chol_[i * n + j] = matern52(x_[i], x_[j], hyper_.lengthscales);
    chol_[i * n + i] = 1 + hyper_.noise_ratio + kJitter;
  }
  if (!cholesky(chol_, n)) return false;
  alpha_ = y_;
  forward_substitute(chol_, n, alpha_);
  backward_substitute(chol_, n, alpha_);
  double quad = 0, log_det = 0;
  for (size_t i = 0; i < n; ++i) {
    quad += y_[i] * alpha_[i];
    log_det += 2 * std::log(chol_[i * n + i]);
  }
  if (profile_signal_) hyper_.signal_variance = std::max(quad / double(n), 1e-10);
  const double sf2 = hyper_.signal_variance;
  lml_ = -0.5 * quad / sf2 - 0.5 * (log_det + double(n) * std::log(sf2)) -
         0.5 * double(n) * std::log(2 * std::numbers::pi);
  return true;
}

GaussianProcess GaussianProcess::fit_with(std::vector<std::vector<double>> x, std::vector<double> y,
                                          Hyperparameters hyper) {
  if (x.empty() || x.size() != y.size())
    throw std::invalid_argument("gaussian process: one y per x, at least one point");
  const size_t d = x.front().size();
  if (d == 0) throw std::invalid_argument("gaussian process: points need at least one dimension");
  for (const auto& row : x) {
    if (row.size() != d) throw std::invalid_argument("gaussian process: points of different dimensions");
  }
  for (double v : y) {
    if (!std::isfinite(v)) throw std::invalid_argument("gaussian process: non-finite observation");
  }
  if (hyper.lengthscales.size() != d) throw std::invalid_argument("gaussian process: one lengthscale per dimension");
  GaussianProcess gp;
  gp.x_ = std::move(x);
  double mean = 0;
  for (double v : y) mean += v;
  mean /= double(y.size());
  double var = 0;
  for (double v : y) var += (v - mean) * (v - mean);
  double sd = std::sqrt(var / double(y.size()));
  gp.y_mean_ = mean;
  gp.y_sd_ = sd > 1e-12 * std::max(1.0, std::abs(mean)) ? sd : 1.0;
  gp.y_ = std::move(y);
  for (double& v : gp.y_) v = (v - gp.y_mean_) / gp.y_sd_;
  gp.hyper_ = std::move(hyper);
  gp.profile_signal_ = false;
  if (!gp.factorise()) throw std::runtime_error("gaussian process: kernel matrix is not positive definite");
  return gp;
}

GaussianProcess GaussianProcess::fit(std::vector<std::vector<double>> x, std::vector<double> y) {
  const size_t d = x.empty() ? 0 : x.front().size();
  GaussianProcess gp = fit_with(std::move(x), std::move(y), Hyperparameters{std::vector<double>(d, 0.25), 1.0, 1e-6});
  bool constant = true;
  for (double v : gp.y_) constant = constant && std::abs(v) < 1e-12;
  if (constant) return gp;  // nothing to learn ℓ from: keep the defaults (see the header)

  gp.profile_signal_ = true;
  Hyperparameters best = gp.hyper_;
  double best_lml = -std::numeric_limits<double>::infinity();
  auto consider = [&](Hyperparameters h) {
    gp.hyper_ = std::move(h);
    if (gp.factorise() && gp.lml_ > best_lml) {
      best_lml = gp.lml_;
      best = gp.hyper_;
    }
  };
  for (double l : kLengthscales) {
    for (double rho : kNoiseRatios) consider(Hyperparameters{std::vector<double>(d, l), 1.0, rho});
  }
  if (d > 1) {
    for (int sweep = 0; sweep < 2; ++sweep) {
      for (size_t i = 0; i < d; ++i) {
        Hyperparameters start = best;
        for (double l : kLengthscales) {
          Hyperparameters h = start;
          h.lengthscales[i] = l;
          consider(std::move(h));
        }
      }
      Hyperparameters start = best;
      for (double rho : kNoiseRatios) {
        Hyperparameters h = start;
        h.noise_ratio = rho;
        consider(std::move(h));
      }
    }
  }
  gp.hyper_ = best;
  if (!gp.factorise()) throw std::runtime_error("gaussian process: kernel matrix is not positive definite");
  return gp;
}

GaussianProcess::Prediction GaussianProcess::predict(std::span<const double> x) const {
  if (x.size() != x_.front().size()) throw std::invalid_argument("gaussian process: point of the wrong dimension");
  const size_t n = x_.size();
  std::vector<double> k(n);
  for (size_t i = 0; i < n; ++i) k[i] = matern52(x, x_[i], hyper_.lengthscales);
  double mean = 0;
  for (size_t i = 0; i < n; ++i) mean += k[i] * alpha_[i];
  forward_substitute(chol_, n, k);
  double explained = 0;
  for (double v : k) explained += v * v;
  double var = hyper_.signal_variance * std::max(0.0, 1 - explained);
  return {y_mean_ + y_sd_ * mean, y_sd_ * std::sqrt(var)};
}

}  // namespace aiperf
