#include "sweep/gaussian_process.h"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <vector>

namespace aiperf {
namespace {

TEST(GaussianProcess, TwoPointPosteriorByHand) {
  // x = 0, 1; y = 0, 2 → standardised ŷ = −1, +1 (mean 1, sd 1). ℓ = 1, σ_f² = 1, ρ ≈ 0.
  // Matérn-5/2 at r: (1 + √5r + 5r²/3) e^{−√5r}; c = k(0, 1), k* = k(0.5, ·) = k(r = ½) for both.
  // Mean at ½: k*ᵀK⁻¹ŷ = 0 by symmetry → 1 in original units.
  // Variance at ½: 1 − k*ᵀK⁻¹k* = 1 − 2k*²/(1 + c).
  auto matern = [](double r) {
    double s = std::sqrt(5.0) * r;
    return (1 + s + s * s / 3) * std::exp(-s);
  };
  const double c = matern(1), k = matern(0.5);
  auto gp = GaussianProcess::fit_with({{0.0}, {1.0}}, {0.0, 2.0}, {{1.0}, 1.0, 1e-12});
  auto mid = gp.predict(std::vector<double>{0.5});
  EXPECT_NEAR(mid.mean, 1.0, 1e-9);
  EXPECT_NEAR(mid.stddev, std::sqrt(1 - 2 * k * k / (1 + c)), 1e-6);
  // At a training point the posterior is the observation, with (almost) no variance.
  auto at0 = gp.predict(std::vector<double>{0.0});
  EXPECT_NEAR(at0.mean, 0.0, 1e-6);
  EXPECT_NEAR(at0.stddev, 0.0, 1e-4);
  // Far away it returns to the prior: the data mean, σ_f·sd.
  auto far = gp.predict(std::vector<double>{40.0});
  EXPECT_NEAR(far.mean, 1.0, 1e-9);
  EXPECT_NEAR(far.stddev, 1.0, 1e-9);
}

TEST(GaussianProcess, FitInterpolatesASmoothFunction) {
  std::vector<std::vector<double>> x;
  std::vector<double> y;
  for (int i = 0; i <= 10; ++i) {
    x.push_back({i / 10.0});
    y.push_back(std::sin(3 * i / 10.0) * 50 + 200);
  }
  auto gp = GaussianProcess::fit(x, y);
  for (double t = 0.05; t < 1; t += 0.1) {
    auto p = gp.predict(std::vector<double>{t});
    EXPECT_NEAR(p.mean, std::sin(3 * t) * 50 + 200, 0.5) << t;
    EXPECT_LT(p.stddev, 1.0) << t;
  }
  EXPECT_GT(gp.predict(std::vector<double>{3.0}).stddev, 10.0);  // outside the data: uncertain
  EXPECT_TRUE(std::isfinite(gp.log_marginal_likelihood()));
}

TEST(GaussianProcess, LengthscaleFollowsTheData) {
  std::vector<std::vector<double>> x;
  std::vector<double> smooth, rough;
  for (int i = 0; i < 16; ++i) {
    double t = i / 15.0;
    x.push_back({t});
    smooth.push_back(2 * t);
    rough.push_back(std::sin(40 * t));
  }
  double smooth_l = GaussianProcess::fit(x, smooth).hyperparameters().lengthscales[0];
  double rough_l = GaussianProcess::fit(x, rough).hyperparameters().lengthscales[0];
  EXPECT_GT(smooth_l, rough_l);
  EXPECT_GE(smooth_l, 0.6);
  EXPECT_LE(rough_l, 0.1);
}

TEST(GaussianProcess, ArdFindsTheIrrelevantDimension) {
  std::vector<std::vector<double>> x;
  std::vector<double> y;
  for (int i = 0; i < 6; ++i) {
    for (int j = 0; j < 6; ++j) {
      x.push_back({i / 5.0, j / 5.0});
      y.push_back(std::sin(6 * i / 5.0));  // depends on the first coordinate only
    }
  }
  auto h = GaussianProcess::fit(x, y).hyperparameters();
  EXPECT_GT(h.lengthscales[1], 2 * h.lengthscales[0]);
}

TEST(GaussianProcess, ConstantDataPredictsTheConstant) {
  auto gp = GaussianProcess::fit({{0.1}, {0.5}, {0.9}}, {600, 600, 600});
  EXPECT_NEAR(gp.predict(std::vector<double>{0.3}).mean, 600, 1e-9);
  EXPECT_GT(gp.predict(std::vector<double>{0.3}).stddev, 0.0);
  EXPECT_EQ(GaussianProcess::fit({{0.2}}, {5}).size(), 1u);
}

TEST(GaussianProcess, DuplicatePointsAndBadInput) {
  auto gp = GaussianProcess::fit({{0.5}, {0.5}, {0.1}}, {1, 3, 0});
  EXPECT_NEAR(gp.predict(std::vector<double>{0.5}).mean, 2, 0.3);  // the replicates' mean
  EXPECT_THROW(GaussianProcess::fit({}, {}), std::invalid_argument);
  EXPECT_THROW(GaussianProcess::fit({{0.1}, {0.2, 0.3}}, {1, 2}), std::invalid_argument);
  EXPECT_THROW(GaussianProcess::fit({{0.1}}, {NAN}), std::invalid_argument);
  EXPECT_THROW(gp.predict(std::vector<double>{0.1, 0.2}), std::invalid_argument);
}

}  // namespace
}  // namespace aiperf
