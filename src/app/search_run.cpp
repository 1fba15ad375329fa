// The "find the limit" search (cli-and-load.md §5.6): a planner picks each point, every point is
// --num-profile-runs trials of the base benchmark with the point patched in, and
// search_history.json is rewritten after every iteration, so an interrupted search keeps
// everything it learnt.
#include <cmath>
#include <fstream>
#include <iostream>

#include "app/study_run.h"
#include "app/study_trials.h"
#include "app/trial_process.h"
#include "common/log.h"
#include "export/pretty_json.h"
#include "sweep/search_planner.h"
#include "sweep/sla_filter.h"
#include "sweep/study_layout.h"

namespace aiperf {

namespace fs = std::filesystem;

namespace {

using Json = nlohmann::ordered_json;

const char* direction_name(const std::optional<SearchDirection>& d) {
  if (!d) return nullptr;
  return *d == SearchDirection::maximize ? "maximize" : "minimize";
}

Json point_json(const SearchSettings& se, const std::vector<double>& point) {
  Json out = Json::object();
  for (size_t i = 0; i < se.space.size() && i < point.size(); ++i) {
    if (se.space[i].kind == SearchKind::integer) out[se.space[i].path] = std::llround(point[i]);
    else out[se.space[i].path] = point[i];
  }
  return out;
}

Json optional_number(const std::optional<double>& v) { return v && std::isfinite(*v) ? Json(*v) : Json(nullptr); }

// max-goodput-under-slo's SLA: the fraction of requests meeting every SLO, goodput / throughput.
void add_slo_attainment(nlohmann::json& summary) {
  const std::optional<double> good = summary_stat(summary, "goodput", "avg");
  const std::optional<double> all = summary_stat(summary, "request_throughput", "avg");
  if (good && all && *all > 0) summary["slo_attainment"] = {{"unit", "fraction"}, {"avg", *good / *all}};
}

class SearchRunner {
 public:
  // `filters`: the SLA (a tier's, or the study's); `base`: where it writes ("" = the study's directory).
  SearchRunner(const Study& study, std::vector<SlaFilter> filters, fs::path base)
      : study_(study), se_(*study.settings.search), filters_(std::move(filters)), base_(std::move(base)) {
    shape_.search = true;
    shape_.num_runs = study.settings.multi_run.num_runs;
  }

  int run() {
    PlannerSettings ps;
    ps.name = se_.planner;
    ps.dims = se_.space;
    ps.filters = filters_;
    ps.direction = se_.direction;
    ps.max_iterations = se_.max_iterations;
    ps.initial_points = se_.initial_points;
    seed_ = variation_seed(study_, 0);
    ps.seed = se_.seed ? se_.seed : seed_.value_or(0);
    // A verdict latches after two agreeing trials when each probe runs two or more; with one
    // trial per probe it latches at once (docs/sweeps.md).
    ps.stability_trials = std::min(2, shape_.num_runs);
    planner_ = make_search_planner(ps);
    if (base_.empty()) base_ = study_base_dir(study_);
    fs::create_directories(base_);
    std::cout << "Search (" << se_.planner << (se_.recipe.empty() ? "" : ", recipe " + se_.recipe) << ") over";
    for (const SearchDimension& d : se_.space) std::cout << " " << d.path << " [" << d.lo << ", " << d.hi << "]";
    std::cout << ", at most " << se_.max_iterations << " iteration(s) of " << shape_.num_runs
              << " trial(s); artifacts in " << base_.string() << std::endl;
    std::string reason;
    for (int iteration = 1;; ++iteration) {
      if (iteration > se_.max_iterations) {
        reason = "max_iterations";
        break;
      }
      const std::optional<std::vector<double>> point = planner_->next();
      if (!point) break;
      if (!probe(iteration, *point)) {
        reason = "interrupted";
        break;
      }
      write_history(reason);
    }
    if (reason.empty()) reason = planner_->convergence_reason();
    write_history(reason);
    report(reason);
    if (reason == "interrupted") {
      log(LogLevel::error, "the search was interrupted; search_history.json holds every finished iteration");
      return 130;
    }
    return failed_ > 0 && results_.empty() ? 1 : 0;
  }

 private:
  // Runs one point's trials; false when the study was asked to stop.
  bool probe(int iteration, const std::vector<double>& point) {
    if (iteration > 1 && study_.settings.sweep.cooldown_seconds > 0 && !study_cooldown(study_.settings.sweep.cooldown_seconds))
      return false;
    const ProfileConfig config = study_.config_at(point);
    std::vector<nlohmann::json> summaries;
    std::vector<std::string> dirs;
    for (int t = 1; t <= shape_.num_runs; ++t) {
      if (t > 1 && study_.settings.multi_run.cooldown_seconds > 0 &&
          !study_cooldown(study_.settings.multi_run.cooldown_seconds))
        return false;
      std::optional<uint64_t> seed = seed_;
      if (seed && study_.settings.multi_run.vary_seed_per_trial) seed = per_trial_seed(*seed, numbered("search_iter", iteration), t);
      const fs::path dir = trial_dir(base_, shape_, "", t, iteration);
      std::cout << "\n== search iteration " << iteration << ", " << point_json(se_, point).dump() << ", trial " << t << "/"
                << shape_.num_runs << ": " << dir.string() << std::endl;
      TrialRecord r = run_trial(config, dir, seed, t > 1 && study_.settings.multi_run.disable_warmup_after_first);
      dirs.push_back(dir.string());
      if (r.ok()) {
        if (se_.recipe == "max-goodput-under-slo") add_slo_attainment(*r.summary);
        summaries.push_back(std::move(*r.summary));
      } else {
        ++failed_;
        log(LogLevel::error, "search iteration " + std::to_string(iteration) + " trial " + std::to_string(t) + " failed: " + r.error);
      }
      if (r.interrupted) return false;
    }
    std::optional<MetricStat> objective;
    if (!se_.metric.empty()) objective = MetricStat{se_.metric, se_.stat};
    ProbeResult result = probe_from_summaries(point, summaries, filters_, objective);
    planner_->observe(result);
    Json entry = {{"iteration_idx", iteration},
                  {"variation_values", point_json(se_, point)},
                  {"objective_value", optional_number(result.objective)},
                  {"feasible", result.feasible},
                  {"non_monotonic_warning", planner_->last_non_monotonic()},
                  {"successful_trials", result.successful_trials},
                  {"passing_trials", result.passing_trials}};
    Json observed = Json::object();
    for (size_t f = 0; f < filters_.size(); ++f)
      observed[sla_filter_text(filters_[f])] = optional_number(result.observed[f]);
    if (!filters_.empty()) entry["observed"] = observed;
    entry["artifact_dirs"] = dirs;
    history_.push_back(entry);
    std::cout << "search iteration " << iteration << ": " << point_json(se_, point).dump() << " -> "
              << (result.successful_trials == 0 ? "no successful trial" : result.feasible ? "feasible" : "infeasible");
    for (size_t f = 0; f < filters_.size(); ++f)
      if (result.observed[f]) std::cout << ", " << filters_[f].metric_tag << " " << filters_[f].stat
                                        << " " << *result.observed[f];
    if (result.objective) std::cout << ", " << se_.metric << " " << se_.stat << " " << *result.objective;
    std::cout << std::endl;
    results_.push_back(std::move(result));
    return true;
  }

  // The best iteration: among feasible ones (every one when there are no filters), the best
  // objective; without an objective, the feasible point farthest up the first dimension.
  std::optional<size_t> best() const {
    std::optional<size_t> at;
    for (size_t i = 0; i < results_.size(); ++i) {
      const ProbeResult& r = results_[i];
      if (!r.feasible) continue;
      if (!at) {
        at = i;
        continue;
      }
      const ProbeResult& b = results_[*at];
      if (se_.direction && r.objective && b.objective) {
        if (*se_.direction == SearchDirection::maximize ? *r.objective > *b.objective : *r.objective < *b.objective) at = i;
      } else if (!r.point.empty() && !b.point.empty() && r.point[0] > b.point[0]) {
        at = i;
      }
    }
    return at;
  }

  void write_history(const std::string& reason) {
    Json space = Json::array();
    for (const SearchDimension& d : se_.space)
      space.push_back({{"path", d.path},
                       {"lo", d.kind == SearchKind::integer ? Json(std::llround(d.lo)) : Json(d.lo)},
                       {"hi", d.kind == SearchKind::integer ? Json(std::llround(d.hi)) : Json(d.hi)},
                       {"kind", d.kind == SearchKind::integer ? "int" : "real"}});
    Json filters = Json::array();
    for (const SlaFilter& f : filters_) filters.push_back(sla_filter_text(f));
    Json objective = nullptr;
    if (!se_.metric.empty())
      objective = {{"metric", se_.metric}, {"stat", se_.stat}, {"direction", direction_name(se_.direction) ? Json(direction_name(se_.direction)) : Json(nullptr)}};
    Json doc = {{"schema_version", "1.0"},
                {"aiperf_version", AIPERF_VERSION},
                {"config",
                 {{"planner", se_.planner},
                  {"recipe", se_.recipe.empty() ? Json(nullptr) : Json(se_.recipe)},
                  {"objective", objective},
                  {"space", space},
                  {"sla_filters", filters},
                  {"max_iterations", se_.max_iterations},
                  {"num_profile_runs", shape_.num_runs}}},
                {"iterations", history_}};
    if (const std::optional<size_t> b = best()) {
      doc["best"] = {{"iteration_idx", *b + 1},
                     {"variation_values", point_json(se_, results_[*b].point)},
                     {"objective_value", optional_number(results_[*b].objective)}};
      doc["best_trials"] = history_[*b]["artifact_dirs"];
    } else {
      doc["best"] = nullptr;
      doc["best_trials"] = Json::array();
    }
    doc["convergence_reason"] = reason.empty() ? Json(nullptr) : Json(reason);
    if (se_.space.size() == 1) {
      Json summary = boundary_summary(se_.space[0], filters_, results_);
      if (se_.planner != "grid") {  // grid's extras are sla_breach.json, written on their own
        const Json extras = planner_->boundary_extras();  // kept: items() refers into it
        for (const auto& [k, v] : extras.items()) summary[k] = v;
      }
      doc["boundary_summary"] = summary;
    }
    write_text_file(base_ / "search_history.json", pretty_json_text(doc) + "\n");
    if (se_.planner == "grid" && !reason.empty())
      write_text_file(base_ / "sweep_aggregate" / "sla_breach.json", pretty_json_text(Json(planner_->boundary_extras())) + "\n");
  }

  void report(const std::string& reason) const {
    std::cout << "\nSearch finished (" << reason << ") after " << results_.size() << " iteration(s): "
              << (base_ / "search_history.json").string() << std::endl;
    if (se_.space.size() == 1) {
      const Json summary = boundary_summary(se_.space[0], filters_, results_);
      const Json& fmax = summary["feasible_max"];
      const Json& imin = summary["infeasible_min"];
      std::cout << "Limit: " << se_.space[0].path << " "
                << (fmax.is_object() ? fmax["value"].dump() : std::string("none feasible in range"))
                << (imin.is_object() ? " (first failure at " + imin["value"].dump() + ")" : std::string(" (no failure in range)"))
                << std::endl;
    }
    if (const std::optional<size_t> b = best(); b && results_[*b].objective)
      std::cout << "Best: " << point_json(se_, results_[*b].point).dump() << ", " << se_.metric << " " << se_.stat << " "
                << *results_[*b].objective << std::endl;
  }

  const Study& study_;
  const SearchSettings& se_;
  const std::vector<SlaFilter> filters_;
  StudyShape shape_;
  fs::path base_;

 public:
  const fs::path& base() const { return base_; }

 private:
  std::optional<uint64_t> seed_;
  std::unique_ptr<SearchPlanner> planner_;
  std::vector<ProbeResult> results_;
  Json history_ = Json::array();
  int failed_ = 0;
};

// --search-sla-tier: one search per tier, each in <base>/<label>/ with its own search_history.json,
// and <base>/search_tiers.json side by side (our layout; upstream's is not documented). Points
// are probed anew for each tier.
int run_tiers(const Study& study) {
  const fs::path base = study_base_dir(study);
  Json tiers = Json::array();
  int code = 0;
  for (const SlaTier& tier : study.settings.sla_tiers) {
    std::cout << "\n=== tier " << tier.label << std::endl;
    code = std::max(code, SearchRunner(study, tier.filters, base / tier.label).run());
    const Json history = Json::parse(std::ifstream(base / tier.label / "search_history.json"));
    Json filters = Json::array();
    for (const SlaFilter& f : tier.filters) filters.push_back(sla_filter_text(f));
    Json entry = {{"label", tier.label}, {"sla_filters", filters},
                  {"iterations", history["iterations"].size()},
                  {"convergence_reason", history["convergence_reason"]}, {"best", history["best"]}};
    if (history.contains("boundary_summary")) entry["boundary_summary"] = history["boundary_summary"];
    tiers.push_back(entry);
    write_text_file(base / "search_tiers.json",
                    pretty_json_text(Json{{"schema_version", "1.0"}, {"aiperf_version", AIPERF_VERSION}, {"tiers", tiers}}) + "\n");
    if (code == 130) break;
  }
  code = plot_study(study, base, code);
  std::cout << "\nTiers:";
  for (const Json& t : tiers) {
    const Json* b = t.contains("boundary_summary") ? &t["boundary_summary"] : nullptr;
    std::cout << " " << t["label"].get<std::string>() << " "
              << (b && (*b)["feasible_max"].is_object() ? (*b)["feasible_max"]["value"].dump() : std::string("none"));
  }
  std::cout << " (" << (base / "search_tiers.json").string() << ")" << std::endl;
  return code;
}

}  // namespace

int run_search(const Study& study) {
  if (!study.settings.sla_tiers.empty()) return run_tiers(study);
  SearchRunner runner(study, study.settings.sla_filters, {});
  const int code = runner.run();
  return plot_study(study, runner.base(), code);
}

}  // namespace aiperf
