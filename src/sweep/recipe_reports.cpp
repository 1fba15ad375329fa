#include "sweep/recipe_reports.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace aiperf {
namespace {

using Json = nlohmann::ordered_json;

std::optional<double> parameter(const SweepCell& cell, const std::string& name) {
  for (const auto& [k, v] : cell.parameters)
    if (k == name) {
      char* end = nullptr;
      const double d = std::strtod(v.c_str(), &end);
      if (end != v.c_str() && *end == '\0') return d;
    }
  return std::nullopt;
}

// Swept values print as written: a whole number as an integer (concurrency 8, not 8.0).
Json value_or_null(const std::optional<double>& v) {
  if (!v) return nullptr;
  if (std::floor(*v) == *v && std::fabs(*v) < 9e15) return int64_t(*v);
  return *v;
}

// Solves A·x = b (n x n, Gaussian elimination with partial pivoting); false when singular.
bool solve(std::vector<std::vector<double>> a, std::vector<double> b, std::vector<double>& x) {
  const size_t n = b.size();
  for (size_t col = 0; col < n; ++col) {
    size_t pivot = col;
    for (size_t r = col + 1; r < n; ++r)
      if (std::fabs(a[r][col]) > std::fabs(a[pivot][col])) pivot = r;
    if (std::fabs(a[pivot][col]) < 1e-300) return false;
    std::swap(a[col], a[pivot]);
    std::swap(b[col], b[pivot]);
    for (size_t r = col + 1; r < n; ++r) {
      const double f = a[r][col] / a[col][col];
      for (size_t c = col; c < n; ++c) a[r][c] -= f * a[col][c];
      b[r] -= f * b[col];
    }
  }
  x.assign(n, 0);
  for (size_t i = n; i-- > 0;) {
    double s = b[i];
    for (size_t c = i + 1; c < n; ++c) s -= a[i][c] * x[c];
    x[i] = s / a[i][i];
  }
  return true;
}

}  // namespace

std::optional<PolynomialFit> fit_polynomial(const std::vector<double>& x, const std::vector<double>& y, int degree) {
  const size_t k = size_t(degree) + 1;
  if (x.size() != y.size() || x.size() < k) return std::nullopt;
  // Normal equations on x scaled to [0, 1]-ish, for conditioning; coefficients scaled back.
  double scale = 0;
  for (double v : x) scale = std::max(scale, std::fabs(v));
  if (scale == 0) scale = 1;
  std::vector<std::vector<double>> ata(k, std::vector<double>(k, 0));
  std::vector<double> aty(k, 0);
  for (size_t i = 0; i < x.size(); ++i) {
    std::vector<double> row(k, 1);
    for (size_t p = 1; p < k; ++p) row[p] = row[p - 1] * (x[i] / scale);
    for (size_t r = 0; r < k; ++r) {
      aty[r] += row[r] * y[i];
      for (size_t c = 0; c < k; ++c) ata[r][c] += row[r] * row[c];
    }
  }
  std::vector<double> beta;
  if (!solve(ata, aty, beta)) return std::nullopt;
  PolynomialFit fit;
  for (size_t p = 0; p < k; ++p) fit.coefficients.push_back(beta[p] / std::pow(scale, double(p)));
  double mean = 0;
  for (double v : y) mean += v;
  mean /= double(y.size());
  double ss_res = 0, ss_tot = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    double pred = 0;
    for (size_t p = k; p-- > 0;) pred = pred * x[i] + fit.coefficients[p];
    ss_res += (y[i] - pred) * (y[i] - pred);
    ss_tot += (y[i] - mean) * (y[i] - mean);
  }
  fit.r_squared = ss_tot == 0 ? 1.0 : 1.0 - ss_res / ss_tot;
  return fit;
}

Json degradation_knee(const SweepAggregateInput& sweep, const RecipeOptions& o) {
  const std::string key = o.degradation_metric + "_" + o.degradation_stat;
  Json points = Json::array();
  std::optional<std::pair<double, double>> baseline, knee;
  for (const SweepCell& c : sweep.cells) {
    const std::optional<double> x = parameter(c, "concurrency"), y = cell_mean(c, key);
    points.push_back({{"concurrency", value_or_null(x)}, {"value", value_or_null(y)}});
    if (!x || !y) continue;
    if (!baseline) baseline = std::make_pair(*x, *y);
    else if (!knee && *y > baseline->second * (1 + o.degradation_threshold)) knee = std::make_pair(*x, *y);
  }
  Json out = {{"metric_tag", o.degradation_metric},
              {"stat", o.degradation_stat},
              {"threshold", o.degradation_threshold},
              {"baseline", baseline ? Json{{"concurrency", value_or_null(baseline->first)}, {"value", baseline->second}}
                                    : Json(nullptr)},
              {"knee", knee ? Json{{"concurrency", value_or_null(knee->first)}, {"value", knee->second},
                                   {"ratio_to_baseline", knee->second / baseline->second}}
                            : Json(nullptr)},
              {"points", points}};
  return out;
}

Json prefill_curve(const SweepAggregateInput& sweep) {
  std::vector<double> xs, ys;
  Json points = Json::array();
  for (const SweepCell& c : sweep.cells) {
    const std::optional<double> x = parameter(c, "isl"), y = cell_mean(c, "time_to_first_token_avg");
    points.push_back({{"isl", value_or_null(x)}, {"time_to_first_token_avg_ms", value_or_null(y)},
                      {"time_to_first_token_p99_ms", value_or_null(cell_mean(c, "time_to_first_token_p99"))}});
    if (x && y) xs.push_back(*x), ys.push_back(*y);
  }
  Json fit = nullptr;
  if (std::optional<PolynomialFit> line = fit_polynomial(xs, ys, 1)) {
    std::optional<PolynomialFit> chosen = line;
    std::string model = "linear";
    if (line->r_squared < 0.85)
      if (std::optional<PolynomialFit> quad = fit_polynomial(xs, ys, 2)) chosen = quad, model = "quadratic";
    fit = {{"model", model}, {"coefficients", chosen->coefficients}, {"r_squared", chosen->r_squared}};
    if (model == "linear" && line->coefficients[1] > 0) {
      fit["ms_per_prompt_token"] = line->coefficients[1];
      fit["prefill_tokens_per_second"] = 1000.0 / line->coefficients[1];
    }
  }
  return {{"x", "isl"}, {"y", "time_to_first_token_avg (ms)"}, {"points", points}, {"fit", fit}};
}

Json decode_itl_surface(const SweepAggregateInput& sweep) {
  Json points = Json::array();
  for (const SweepCell& c : sweep.cells)
    points.push_back({{"concurrency", value_or_null(parameter(c, "concurrency"))},
                      {"osl", value_or_null(parameter(c, "osl"))},
                      {"inter_token_latency_avg_ms", value_or_null(cell_mean(c, "inter_token_latency_avg"))},
                      {"inter_token_latency_p99_ms", value_or_null(cell_mean(c, "inter_token_latency_p99"))},
                      {"output_token_throughput", value_or_null(cell_mean(c, "output_token_throughput_avg"))}});
  return {{"axes", {"concurrency", "osl"}}, {"points", points}};
}

Json pareto_sweep(const SweepAggregateInput& sweep) {
  Json shapes = Json::array();
  std::vector<std::pair<double, double>> seen;
  for (const SweepCell& c : sweep.cells) {
    const std::optional<double> isl = parameter(c, "isl"), osl = parameter(c, "osl");
    if (!isl || !osl) continue;
    const std::pair<double, double> shape{*isl, *osl};
    if (std::find(seen.begin(), seen.end(), shape) != seen.end()) continue;
    seen.push_back(shape);
    std::vector<const SweepCell*> cells;
    std::vector<std::pair<std::optional<double>, std::optional<double>>> objectives;
    for (const SweepCell& d : sweep.cells)
      if (parameter(d, "isl") == isl && parameter(d, "osl") == osl) {
        cells.push_back(&d);
        const std::optional<double> per_user = cell_mean(d, "output_token_throughput_per_user_avg");
        // pareto_optimal minimises its second objective: per-user throughput enters negated.
        objectives.emplace_back(cell_mean(d, "output_token_throughput_avg"),
                                per_user ? std::optional<double>(-*per_user) : std::nullopt);
      }
    Json points = Json::array(), front = Json::array();
    for (const SweepCell* d : cells)
      points.push_back({{"concurrency", value_or_null(parameter(*d, "concurrency"))},
                        {"output_token_throughput", value_or_null(cell_mean(*d, "output_token_throughput_avg"))},
                        {"output_token_throughput_per_user",
                         value_or_null(cell_mean(*d, "output_token_throughput_per_user_avg"))},
                        {"time_to_first_token_p99_ms", value_or_null(cell_mean(*d, "time_to_first_token_p99"))}});
    for (size_t i : pareto_optimal(objectives)) front.push_back(value_or_null(parameter(*cells[i], "concurrency")));
    shapes.push_back({{"isl", value_or_null(isl)}, {"osl", value_or_null(osl)}, {"points", points},
                      {"pareto_concurrencies", front}});
  }
  return {{"objectives", {{"maximize", "output_token_throughput"}, {"maximize_per_user", "output_token_throughput_per_user"}}},
          {"shapes", shapes}};
}

std::optional<RecipeReport> recipe_report(const std::string& recipe, const SweepAggregateInput& sweep,
                                          const RecipeOptions& options) {
  RecipeReport r;
  if (recipe == "concurrency-ramp") r = {"degradation_knee.json", degradation_knee(sweep, options)};
  else if (recipe == "prefill-ttft-curve") r = {"prefill_curve.json", prefill_curve(sweep)};
  else if (recipe == "decode-itl-curve") r = {"decode_itl_surface.json", decode_itl_surface(sweep)};
  else if (recipe == "pareto-sweep") r = {"pareto_sweep.json", pareto_sweep(sweep)};
  else return std::nullopt;
  r.document["recipe"] = recipe;
  return r;
}

}  // namespace aiperf
