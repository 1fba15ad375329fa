#pragma once
// A Gaussian-process regression surrogate for the bayesian planner: inputs in the unit cube
// [0, 1]^d, one scalar output, exact inference by Cholesky factorisation (n is at most a few
// hundred probes, so O(n³) per fit is milliseconds).
//
// Model. Outputs are standardised (ŷ = (y − mean) / sd); the prior is a Matérn-5/2 kernel with
// one lengthscale per dimension (ARD),
//   k(x, x') = σ_f² (1 + √5 r + 5r²/3) exp(−√5 r),   r² = Σ_i ((x_i − x'_i) / ℓ_i)²,
// plus white noise σ_n² = ρ·σ_f² on the diagonal. Matérn-5/2 rather than the squared exponential
// because benchmark responses are only twice differentiable at best (knees, saturation).
//
// Hyperparameters maximise the log marginal likelihood. σ_f² has a closed-form maximiser for
// fixed (ℓ, ρ), σ_f² = ŷᵀK̃⁻¹ŷ / n with K̃ the kernel matrix at σ_f² = 1, so the search is over
// (ℓ, ρ) only: first an isotropic grid (ℓ from 0.03 to 2.5, ρ from 1e-6 to 0.3), then two
// coordinate sweeps that move one dimension's ℓ (and then ρ) at a time over the same grids.
// A grid rather than gradient ascent: deterministic, no local-optimum surprises, cheap enough.
// Constant outputs (sd ≈ 0) carry no information about ℓ: the fit then keeps ℓ = 0.25, σ_f² = 1,
// ρ = 1e-6, so the posterior mean is the constant and the variance grows away from the data.
#include <cstddef>
#include <span>
#include <vector>

namespace aiperf {

class GaussianProcess {
 public:
  struct Hyperparameters {
    std::vector<double> lengthscales;  // per dimension, in unit-cube units
    double signal_variance = 1;        // σ_f², standardised units
    double noise_ratio = 1e-6;         // ρ = σ_n² / σ_f²
  };
  struct Prediction {
    double mean;    // posterior mean of the latent function, original units
    double stddev;  // its posterior standard deviation (noise excluded), original units
  };

  // x: n ≥ 1 rows of equal dimension d ≥ 1; y: n finite values. Throws std::invalid_argument.
  static GaussianProcess fit(std::vector<std::vector<double>> x, std::vector<double> y);
  // The same with fixed hyperparameters (signal_variance in standardised units).
  static GaussianProcess fit_with(std::vector<std::vector<double>> x, std::vector<double> y, Hyperparameters hyper);

  Prediction predict(std::span<const double> x) const;
  // Of the standardised data under the chosen hyperparameters.
  double log_marginal_likelihood() const { return lml_; }
  const Hyperparameters& hyperparameters() const { return hyper_; }
  size_t size() const { return x_.size(); }

 private:
  GaussianProcess() = default;
  bool factorise();  // K̃ = LLᵀ, α = K̃⁻¹ŷ, σ_f² and the LML; false when not positive definite

  std::vector<std::vector<double>> x_;
  std::vector<double> y_;  // standardised
  double y_mean_ = 0, y_sd_ = 1;
  Hyperparameters hyper_;
  bool profile_signal_ = true;  // σ_f² from the data (false: as given)
  std::vector<double> chol_;    // lower triangle of L, row-major n×n
  std::vector<double> alpha_;   // K̃⁻¹ŷ
  double lml_ = 0;
};

}  // namespace aiperf
