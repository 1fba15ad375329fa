#include "sweep/bayesian_planner.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <span>
#include <stdexcept>
#include <utility>

#include "sweep/gaussian_process.h"

namespace aiperf {
namespace {

constexpr int kInitialTries = 1000;  // Sobol points tried for one new initial probe
constexpr int kRefined = 5;          // candidates refined by the compass search
constexpr double kFirstStep = 1.0 / 16, kLastStep = 1.0 / 1024;
constexpr int kMaxMoves = 200;  // per refined candidate
constexpr double kNegInf = -std::numeric_limits<double>::infinity();

double log_normal_pdf(double z) { return -0.5 * z * z - 0.5 * std::log(2 * std::numbers::pi); }

// log Φ(z); below −10 from the asymptotic series of the Mills ratio (erfc underflows).
double log_normal_cdf(double z) {
  if (z > -10) return std::log(0.5 * std::erfc(-z / std::numbers::sqrt2));
  const double t2 = z * z;
  return log_normal_pdf(z) - std::log(-z) + std::log(1 - 1 / t2 + 3 / (t2 * t2) - 15 / (t2 * t2 * t2));
}

// log(φ(z) + zΦ(z)): the expected improvement of N(z, 1) over 0, the core of EI.
double log_expected_improvement(double z) {
  if (z > -10) {
    double h = std::exp(log_normal_pdf(z)) + z * 0.5 * std::erfc(-z / std::numbers::sqrt2);
    if (h > 0) return std::log(h);
  }
  const double t2 = z * z;
  return log_normal_pdf(z) + std::log(1 / t2 - 3 / (t2 * t2) + 15 / (t2 * t2 * t2) - 105 / (t2 * t2 * t2 * t2));
}

// A different, reproducible candidate set per iteration.
uint64_t candidate_seed(uint64_t seed, size_t iteration) {
  uint64_t z = seed + 0x9E3779B97F4A7C15ULL * (uint64_t(iteration) + 1);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

}  // namespace

BayesianPlanner::BayesianPlanner(const PlannerSettings& s)
    : dims_(s.dims),
      filter_count_(s.filters.size()),
      sign_(s.direction.value_or(SearchDirection::maximize) == SearchDirection::maximize ? 1.0 : -1.0),
      max_iterations_(s.max_iterations),
      initial_points_(s.initial_points),
      patience_(s.improvement_patience),
      plateau_window_(s.plateau_window),
      plateau_threshold_(s.plateau_threshold),
      seed_(s.seed),
      initial_sequence_(int(s.dims.size()), s.seed) {}

std::optional<std::vector<double>> BayesianPlanner::next() {
  if (!reason_.empty()) return std::nullopt;
  if (pending_) return pending_;
  if (int(history_.size()) >= max_iterations_) {
    finish("max_iterations");
    return std::nullopt;
  }
  std::optional<std::vector<double>> point;
  if (int(history_.size()) < initial_points_) point = initial_point();
  if (!point) point = acquisition_point();
  if (!point) {
    finish("search_space_exhausted");
    return std::nullopt;
  }
  pending_ = std::move(point);
  return pending_;
}

void BayesianPlanner::observe(const ProbeResult& r) {
  if (!pending_) throw std::logic_error("BayesianPlanner::observe without a pending point");
  Observation o{*pending_, to_unit_cube(*pending_, dims_), std::nullopt, r.feasible, r.margins};
  if (r.objective && std::isfinite(*r.objective)) o.objective = r.objective;
  o.margins.resize(filter_count_);
  pending_.reset();
  history_.push_back(std::move(o));
  const Observation& last = history_.back();

  bool improved = false;
  if (last.feasible && last.objective && (!best_ || sign_ * *last.objective > sign_ * best_->objective)) {
    best_ = Best{last.point, *last.objective, int(history_.size()) - 1};
    improved = true;
  }
  if (improved) {
    since_improvement_ = 0;
  } else if (best_) {
    ++since_improvement_;
  }
  if (best_ && since_improvement_ >= patience_) {
    finish("improvement_patience");
    return;
  }

  std::vector<double> objectives;
  for (const Observation& h : history_) {
    if (h.objective) objectives.push_back(*h.objective);
  }
  if (plateau_window_ >= 2 && int(objectives.size()) >= plateau_window_) {
    auto window = std::span(objectives).last(size_t(plateau_window_));
    double mean = 0;
    for (double v : window) mean += v;
    mean /= double(window.size());
    double var = 0;
    for (double v : window) var += (v - mean) * (v - mean);
    double sd = std::sqrt(var / double(window.size() - 1));
    if (std::abs(mean) >= 1e-9 && sd / std::abs(mean) < plateau_threshold_) {
      finish("plateau");
      return;
    }
  }
  if (int(history_.size()) >= max_iterations_) finish("max_iterations");
}

std::optional<std::vector<double>> BayesianPlanner::initial_point() {
  for (int i = 0; i < kInitialTries; ++i) {
    std::vector<double> point = from_unit_cube(initial_sequence_.next(), dims_);
    if (!probed(point)) return point;
  }
  return std::nullopt;
}

std::vector<double> BayesianPlanner::snap(const std::vector<double>& unit) const { return from_unit_cube(unit, dims_); }

bool BayesianPlanner::probed(const std::vector<double>& point) const {
  auto same = [&](const std::vector<double>& other) {
    for (size_t i = 0; i < dims_.size(); ++i) {
      double tolerance = dims_[i].kind == SearchKind::integer ? 0.0 : 1e-9 * std::max(1.0, dims_[i].hi - dims_[i].lo);
      if (std::abs(point[i] - other[i]) > tolerance) return false;
    }
    return true;
  };
  return std::any_of(history_.begin(), history_.end(), [&](const Observation& o) { return same(o.point); });
}

std::optional<std::vector<double>> BayesianPlanner::acquisition_point() {
  const size_t d = dims_.size();
  // Surrogates.
  std::optional<GaussianProcess> objective_gp;
  std::vector<GaussianProcess> constraint_gps;
  {
    std::vector<std::vector<double>> x;
    std::vector<double> y;
    for (const Observation& o : history_) {
      if (!o.objective) continue;
      x.push_back(o.unit);
      y.push_back(sign_ * *o.objective);  // maximise s·objective
    }
    if (!x.empty()) objective_gp = GaussianProcess::fit(std::move(x), std::move(y));
  }
  if (!history_.empty()) {
    std::vector<std::vector<double>> x;
    for (const Observation& o : history_) x.push_back(o.unit);
    for (size_t j = 0; j < filter_count_; ++j) {
      std::optional<double> worst, best;
      for (const Observation& o : history_) {
        if (const auto& m = o.margins[j]; m && std::isfinite(*m)) {
          worst = worst ? std::min(*worst, *m) : *m;
          best = best ? std::max(*best, *m) : *m;
        }
      }
      const double imputed = worst ? *worst - 0.1 * (*best - *worst) : -1.0;
      std::vector<double> y;
      for (const Observation& o : history_) {
        const auto& m = o.margins[j];
        y.push_back(m && std::isfinite(*m) ? *m : imputed);
      }
      constraint_gps.push_back(GaussianProcess::fit(x, std::move(y)));
    }
  }
  const std::optional<double> incumbent = best_ ? std::optional(sign_ * best_->objective) : std::nullopt;

  // log of EI × probability of feasibility at a snapped unit point.
  auto log_acquisition = [&](const std::vector<double>& unit) {
    double score = 0;
    for (const GaussianProcess& gp : constraint_gps) {
      auto p = gp.predict(unit);
      score += log_normal_cdf(p.mean / std::max(p.stddev, 1e-12));
    }
    if (objective_gp && incumbent) {
      auto p = objective_gp->predict(unit);
      if (p.stddev > 1e-12) {
        score += std::log(p.stddev) + log_expected_improvement((p.mean - *incumbent) / p.stddev);
      } else {
        score += p.mean > *incumbent ? std::log(p.mean - *incumbent) : kNegInf;
      }
    }
    return score;
  };
  auto snapped_unit = [&](const std::vector<double>& unit) { return to_unit_cube(snap(unit), dims_); };

  struct Candidate {
    double score;
    std::vector<double> unit;  // snapped
  };
  std::vector<Candidate> candidates;
  SobolSequence sequence(int(d), candidate_seed(seed_, history_.size()));
  const int count = 1024 + 256 * int(d);
  for (int i = 0; i < count; ++i) {
    std::vector<double> unit = snapped_unit(sequence.next());
    double score = log_acquisition(unit);
    candidates.push_back({score, std::move(unit)});
  }
  auto by_score = [](const Candidate& a, const Candidate& b) { return a.score > b.score; };
  std::stable_sort(candidates.begin(), candidates.end(), by_score);

  // Compass search from the best few.
  std::vector<Candidate> refined;
  for (size_t c = 0; c < candidates.size() && int(refined.size()) < kRefined; ++c) {
    Candidate current = candidates[c];
    if (current.score == kNegInf) break;
    int moves = 0;
    for (double step = kFirstStep; step >= kLastStep && moves < kMaxMoves;) {
      bool moved = false;
      for (size_t i = 0; i < d; ++i) {
        for (double direction : {-1.0, 1.0}) {
          std::vector<double> trial = current.unit;
          trial[i] = std::clamp(trial[i] + direction * step, 0.0, std::nextafter(1.0, 0.0));
          trial = snapped_unit(trial);
          double score = log_acquisition(trial);
          if (score > current.score) {
            current = {score, std::move(trial)};
            moved = true;
            ++moves;
          }
        }
      }
      if (!moved) step /= 2;
    }
    refined.push_back(std::move(current));
  }
  candidates.insert(candidates.begin(), refined.begin(), refined.end());
  std::stable_sort(candidates.begin(), candidates.end(), by_score);

  for (const Candidate& c : candidates) {
    std::vector<double> point = snap(c.unit);
    if (!probed(point)) return point;
  }
  return std::nullopt;
}

void BayesianPlanner::finish(const char* reason) {
  if (reason_.empty()) reason_ = reason;
}

}  // namespace aiperf
