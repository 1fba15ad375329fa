#include "app/study_run.h"

#include <unistd.h>

#include <iostream>
#include <map>

#include "app/study_trials.h"
#include "app/sweep_table.h"
#include "app/trial_process.h"
#include "cluster/shard_environment.h"
#include "common/log.h"
#include "export/pretty_json.h"
#include "sweep/confidence_aggregate.h"
#include "sweep/convergence.h"
#include "sweep/recipe_reports.h"
#include "sweep/sla_filter.h"
#include "sweep/study_layout.h"
#include "sweep/sweep_aggregate.h"

namespace aiperf {

namespace fs = std::filesystem;

namespace {

constexpr const char* kAggregateJson = "profile_export_aiperf_aggregate.json";
constexpr const char* kAggregateCsv = "profile_export_aiperf_aggregate.csv";
constexpr const char* kCollatedJson = "profile_export_aiperf_collated.json";
constexpr const char* kSweepJson = "profile_export_aiperf_sweep.json";
constexpr const char* kSweepCsv = "profile_export_aiperf_sweep.csv";

class SweepRunner {
 public:
  explicit SweepRunner(const Study& study) : study_(study), settings_(study.settings) {
    shape_.sweep = study.is_sweep();
    shape_.num_runs = settings_.multi_run.num_runs;
    shape_.order = settings_.sweep.order;
    show_table_ = settings_.sweep.show_table && isatty(STDOUT_FILENO) && shape_.sweep;
    if (settings_.multi_run.convergence) checks_.emplace(*settings_.multi_run.convergence);
  }

  int run() {
    base_ = study_base_dir(study_);
    const size_t n = study_.variations.size();
    const int m = shape_.num_runs;
    std::cout << (shape_.sweep ? "Sweep (" + study_.sweep_type + "): " + std::to_string(n) + " variation(s)" : std::string("Multi-run"))
              << (m > 1 ? " x " + std::to_string(m) + " trial(s)" + (checks_ ? " at most" : "") : "") << ", "
              << (shape_.order == SweepOrder::repeated ? "repeated" : "independent") << " order; artifacts in "
              << base_.string() << std::endl;
    done_.assign(n, false);
    records_.assign(n, {});
    if (shape_.order == SweepOrder::repeated) {
      for (int t = 1; t <= m && !stopped_; ++t)
        for (size_t v = 0; v < n && !stopped_; ++v) run_one(v, t);
    } else {
      for (size_t v = 0; v < n && !stopped_; ++v)
        for (int t = 1; t <= m && !stopped_ && !done_[v]; ++t) run_one(v, t);
    }
    return finish();
  }

 private:
  void run_one(size_t v, int t) {
    if (started_ > 0) {
      // Between variations the sweep's cooldown, between trials of one variation the run cooldown.
      const bool same_variation = last_variation_ == v;
      const double pause = same_variation ? settings_.multi_run.cooldown_seconds : settings_.sweep.cooldown_seconds;
      if (pause > 0 && !study_cooldown(pause)) {
        stop("interrupted");
        return;
      }
    }
    const StudyVariation& var = study_.variations[v];
    std::optional<uint64_t> seed = variation_seed(study_, v);
    const std::string label = trial_label(shape_, t);
    if (seed && settings_.multi_run.vary_seed_per_trial) seed = per_trial_seed(*seed, var.name.empty() ? "run" : var.name, t);
    const bool skip_warmup = t > 1 && settings_.multi_run.disable_warmup_after_first;
    const fs::path dir = trial_dir(base_, shape_, var.name, t);
    std::cout << "\n== " << (var.name.empty() ? "" : var.name + ", ") << "trial " << t << "/" << shape_.num_runs
              << (seed ? " (seed " + std::to_string(*seed) + ")" : "") << ": " << dir.string() << std::endl;
    ++started_;
    last_variation_ = v;
    TrialRecord r = run_trial(var.config, dir, seed, skip_warmup);
    r.variation = v;
    r.trial = t;
    r.label = label;
    if (!r.ok()) {
      ++failed_;
      log(LogLevel::error, "trial " + label + (var.name.empty() ? "" : " of " + var.name) + " failed: " + r.error);
    }
    records_[v].push_back(std::move(r));
    print_progress();
    if (records_[v].back().interrupted) {
      stop("interrupted");
      return;
    }
    if (settings_.sweep.max_failed_trials && failed_ >= *settings_.sweep.max_failed_trials) {
      stop(std::to_string(failed_) + " trial(s) failed (sweep.max_failed_trials " +
           std::to_string(*settings_.sweep.max_failed_trials) + ")");
      return;
    }
    check_convergence(v);
  }

  void stop(const std::string& reason) {
    stopped_ = true;
    incomplete_reason_ = reason;
  }

  void check_convergence(size_t v) {
    if (!checks_) return;
    const ConvergenceSettings& c = *settings_.multi_run.convergence;
    std::vector<std::optional<double>> values;
    std::vector<std::vector<double>> samples;
    for (const TrialRecord& r : records_[v]) {
      if (!r.ok()) continue;
      values.push_back(summary_stat(*r.summary, c.metric, convergence_stat_name(c.stat)));
      if (c.mode == ConvergenceMode::distribution)
        samples.push_back(per_request_values(r.dir, study_.variations[v].config, c.metric));
    }
    const ConvergenceVerdict verdict =
        checks_->converged(values, c.mode == ConvergenceMode::distribution ? &samples : nullptr);
    log_info("convergence of " + (study_.variations[v].name.empty() ? std::string("the run") : study_.variations[v].name) +
             ": " + verdict.reason);
    if (verdict.converged) {
      done_[v] = true;
      std::cout << "Converged after " << values.size() << " trial(s): " << verdict.reason << std::endl;
    }
  }

  void print_progress() {
    if (!show_table_) return;
    std::vector<SweepTableRow> rows;
    for (size_t v = 0; v < records_.size(); ++v)
      for (const TrialRecord& r : records_[v])
        rows.push_back({study_.variations[v].name, std::to_string(r.trial) + "/" + std::to_string(shape_.num_runs), &r,
                        verdict(v, &r)});
    std::cout << "\n" << sweep_table(rows, !settings_.sla_filters.empty()) << std::flush;
  }

  std::string verdict(size_t, const TrialRecord* r) const {
    if (settings_.sla_filters.empty() || !r->ok()) return "";
    const TrialStats stats = summary_stats(*r->summary);
    for (const SlaFilter& f : settings_.sla_filters)
      if (!sla_passes(f, stats)) return "fail";
    return "pass";
  }

  // The confidence aggregate of variation v (several trials); nullopt when fewer than two succeeded.
  std::optional<ConfidenceAggregate> aggregate_variation(size_t v) {
    ConfidenceAggregateInput in;
    in.confidence_level = settings_.multi_run.confidence_level;
    for (const TrialRecord& r : records_[v]) {
      if (r.ok()) in.successful.push_back({r.label, *r.summary});
      else in.failed.push_back({r.label, r.error});
    }
    in.incomplete = stopped_;
    in.incomplete_reason = incomplete_reason_;
    try {
      return aggregate_confidence(in);
    } catch (const InsufficientRunsError& e) {
      log(LogLevel::error, (study_.variations[v].name.empty() ? "" : study_.variations[v].name + ": ") + e.what());
      insufficient_ = true;
      return std::nullopt;
    }
  }

  void write_aggregate(const ConfidenceAggregate& a, const fs::path& dir) {
    write_text_file(dir / kAggregateJson, pretty_json_text(confidence_aggregate_json(a)) + "\n");
    write_text_file(dir / kAggregateCsv, confidence_aggregate_csv(a));
    std::cout << "Aggregate: " << (dir / kAggregateJson).string() << std::endl;
  }

  // With adaptive convergence and per-request exports: every trial's per-request values of the
  // convergence metric, side by side (docs/sweeps.md).
  void write_collated(size_t v, const fs::path& dir) {
    const ConvergenceSettings& c = *settings_.multi_run.convergence;
    const ProfileConfig& config = study_.variations[v].config;
    if (config.export_level == ExportLevel::summary) return;
    nlohmann::ordered_json trials = nlohmann::ordered_json::array();
    for (const TrialRecord& r : records_[v])
      if (r.ok()) trials.push_back({{"label", r.label}, {"values", per_request_values(r.dir, config, c.metric)}});
    nlohmann::ordered_json doc = {{"schema_version", "1.0"},
                                  {"aggregation_type", "collated"},
                                  {"metric", c.metric},
                                  {"converged", bool(done_[v])},
                                  {"trials", trials}};
    write_text_file(dir / kCollatedJson, pretty_json_text(doc) + "\n");
  }

  nlohmann::ordered_json cell_metrics(size_t v, const std::optional<ConfidenceAggregate>& a) const {
    nlohmann::ordered_json out = nlohmann::ordered_json::object();
    if (a) {
      const nlohmann::ordered_json doc = confidence_aggregate_json(*a);
      return doc["metrics"];
    }
    for (const TrialRecord& r : records_[v]) {
      if (!r.ok()) continue;
      for (const auto& [tag, m] : r.summary->items()) {
        if (!m.is_object() || !m.contains("unit")) continue;
        for (const auto& [stat, value] : m.items())
          if (stat != "unit" && value.is_number())
            out[tag + "_" + stat] = {{"mean", value}, {"unit", m["unit"]}};
      }
      break;  // one trial: its values are the means
    }
    return out;
  }

  int finish() {
    const bool multi = shape_.num_runs > 1;
    SweepAggregateInput sweep;
    sweep.sweep_type = study_.sweep_type;
    sweep.dimensions = study_.dimensions;
    sweep.num_trials_per_value = shape_.num_runs;
    sweep.sweep_mode = shape_.order == SweepOrder::repeated ? "repeated" : "independent";
    sweep.confidence_level = settings_.multi_run.confidence_level;
    sweep.sla_filters = settings_.sla_filters;
    sweep.incomplete_reason = incomplete_reason_;
    for (size_t v = 0; v < study_.variations.size(); ++v) {
      const StudyVariation& var = study_.variations[v];
      std::optional<ConfidenceAggregate> a;
      if (multi && !records_[v].empty()) {
        a = aggregate_variation(v);
        const fs::path dir = shape_.sweep ? variation_aggregate_dir(base_, shape_, var.name) : multi_run_aggregate_dir(base_);
        if (a) write_aggregate(*a, dir);
        if (settings_.multi_run.convergence) write_collated(v, dir);
      }
      if (!shape_.sweep || records_[v].empty()) continue;  // a stopped sweep lists what ran
      SweepCell cell;
      cell.name = var.name;
      cell.parameters = var.parameters;
      std::vector<nlohmann::json> summaries;
      for (const TrialRecord& r : records_[v]) {
        if (r.ok()) summaries.push_back(*r.summary);
        (r.ok() ? cell.successful_trials : cell.failed_trials)++;
      }
      cell.metrics = cell_metrics(v, a);
      if (!settings_.sla_filters.empty())
        cell.feasible = probe_from_summaries({}, summaries, settings_.sla_filters, std::nullopt).feasible;
      sweep.cells.push_back(std::move(cell));
    }
    if (shape_.sweep) {
      fs::path dir = sweep_aggregate_dir(base_, shape_);
      // Sharded (docs/cluster.md): this shard's share only, beside the others', never over them;
      // `aiperf merge` writes the whole sweep's aggregate.
      if (const ShardIdentity shard = resolve_shard_identity(study_.variations.front().config, process_environment());
          shard.sharded())
        dir = dir.parent_path() / (dir.filename().string() + "_" + shard_directory_name(shard.index));
      write_text_file(dir / kSweepJson, pretty_json_text(sweep_aggregate_json(sweep)) + "\n");
      write_text_file(dir / kSweepCsv, sweep_aggregate_csv(sweep));
      if (std::optional<RecipeReport> report = recipe_report(study_.recipe, sweep, study_.recipe_options)) {
        write_text_file(dir / report->file_name, pretty_json_text(report->document) + "\n");
        std::cout << study_.recipe << ": " << (dir / report->file_name).string() << std::endl;
      }
      std::cout << "\nSweep aggregate: " << (dir / kSweepJson).string() << std::endl;
    }
    // On a terminal the live table already shows every cell; elsewhere it is printed once, here.
    if (!show_table_ && shape_.sweep && settings_.sweep.show_table) {
      std::vector<SweepTableRow> rows;
      for (size_t v = 0; v < records_.size(); ++v)
        for (const TrialRecord& r : records_[v])
          rows.push_back({study_.variations[v].name, std::to_string(r.trial) + "/" + std::to_string(shape_.num_runs), &r,
                          verdict(v, &r)});
      std::cout << "\n" << sweep_table(rows, !settings_.sla_filters.empty());
    }
    if (stopped_) {
      log(LogLevel::error, "the study stopped early (" + incomplete_reason_ +
                               "); what finished is written and its aggregates are marked incomplete");
      return incomplete_reason_ == "interrupted" ? 130 : 1;
    }
    if (failed_ > 0 || insufficient_) return 1;
    return 0;
  }

  const Study& study_;
  const StudySettings& settings_;
  StudyShape shape_;
  fs::path base_;

 public:
  const fs::path& base() const { return base_; }

 private:
  bool show_table_ = false;
  std::optional<ConvergenceCheck> checks_;
  std::vector<std::vector<TrialRecord>> records_;
  std::vector<bool> done_;
  bool stopped_ = false;
  std::string incomplete_reason_;
  int started_ = 0;
  int failed_ = 0;
  bool insufficient_ = false;
  size_t last_variation_ = size_t(-1);
};

}  // namespace

int run_study(const Study& study) {
  const ProfileConfig& base = study.variations.front().config;
  if (base.ui_type_given && base.ui_type == UiType::dashboard)
    throw ConfigError("--ui-type dashboard is not available for sweeps, searches and --num-profile-runs > 1 (each "
                      "trial is a process of its own, shown with simple progress); use --ui-type simple or none");
  set_log_levels(base.log_level_given() ? base.effective_log_level() : LogLevel::warning, base.effective_log_level());
  check_study_metrics(study);
  install_study_signal_handlers();
  if (study.settings.search) return run_search(study);
  SweepRunner runner(study);
  const int code = runner.run();
  return plot_study(study, runner.base(), code);
}

}  // namespace aiperf
