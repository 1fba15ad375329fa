#include "app/study_trials.h"

#include "app/plot_command.h"
#include "cluster/shard_environment.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "app/plot_command.h"
#include "app/profile_run.h"
#include "app/trial_process.h"
#include "common/edit_distance.h"
#include "common/log.h"
#include "common/sigv4.h"
#include "export/artifact_layout.h"
#include "metrics/metric_catalogue.h"

namespace aiperf {

namespace fs = std::filesystem;

namespace {

// The last line a failed trial logged: its error (logs/aiperf.log ends with it, docs/outputs.md).
std::string last_log_line(const fs::path& dir) {
  std::ifstream in(dir / kLogFile);
  std::string line, last;
  while (std::getline(in, line))
    if (!line.empty()) last = line;
  return last;
}

std::vector<std::string> metric_tags() {
  std::vector<std::string> tags;
  for (size_t i = 0; i < kMetricCount; ++i) tags.push_back(metric_info(MetricId(i)).tag);
  return tags;
}

void check_tag(const std::string& option, const std::string& tag) {
  if (tag == "slo_attainment" || metric_by_tag(tag)) return;
  const std::string near = nearest_name(tag, metric_tags(), 3);
  throw ConfigError(option + ": '" + tag + "' is not a metric" + (near.empty() ? "" : " (did you mean " + near + "?)") +
                    "; `aiperf plugins` and docs/metrics.md list the metric tags");
}

std::string sweep_stimulus(const Study& study) {
  if (study.settings.search) {
    std::string out = "search";
    for (const SearchDimension& d : study.settings.search->space) out += "_" + d.path.substr(d.path.rfind('.') + 1);
    return out;
  }
  if (!study.recipe.empty()) return study.recipe;
  if (study.sweep_type == "scenarios") return "scenarios";
  if (!study.is_sweep()) return "";
  std::string out;
  for (const std::string& d : study.dimensions) {
    std::string part = d + "_sweep";
    std::vector<std::string> seen;
    for (const StudyVariation& v : study.variations)
      for (const auto& [k, value] : v.parameters)
        if (k == d && std::find(seen.begin(), seen.end(), value) == seen.end()) seen.push_back(value);
    if (seen.size() <= 8)
      for (const std::string& s : seen) part += "_" + s;
    else
      part += "_" + seen.front() + "_to_" + seen.back();
    (out.empty() ? out : out += "-") += part;
  }
  return out;
}

bool holds_study(const fs::path& dir) {
  for (const char* name : {"profile_runs", "aggregate", "sweep_aggregate", "search_history.json", kSummaryJsonFile})
    if (fs::exists(dir / name)) return true;
  return false;
}

// The tokenizers trials run with, loaded once in the parent (app/profile_run.h): a trial is forked
// with it already built, as it would be built at its own start, and never used before the fork.
const RunTokenizer& study_tokenizer(const ProfileConfig& config) {
  static std::vector<std::unique_ptr<RunTokenizer>> loaded;
  const TokenizerRequest request = run_tokenizer_request(config);
  for (const auto& t : loaded)
    if (t->request == request) return *t;
  loaded.push_back(std::make_unique<RunTokenizer>(load_run_tokenizer(config)));
  return *loaded.back();
}

}  // namespace

void write_text_file(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  const fs::path partial = fs::path(path) += ".partial";
  {
    std::ofstream out(partial, std::ios::binary | std::ios::trunc);
    out << text;
    if (!out.flush()) throw std::runtime_error("writing " + path.string() + " failed");
  }
  fs::rename(partial, path);
}

TrialRecord run_trial(ProfileConfig config, const fs::path& dir, std::optional<uint64_t> seed, bool skip_warmup) {
  TrialRecord r;
  r.dir = dir;
  fs::create_directories(dir);
  config.artifact_root = dir.string();
  config.artifact_dir_given = true;
  if (seed) config.random_seed = seed;
  config.auto_plot = false;  // the study plots once, after its last trial
  // Upstream forces simple progress for multi-run: a dashboard per trial process would take the
  // terminal over the study's own output (docs/ui.md).
  if (config.ui_type == UiType::dashboard) config.ui_type = UiType::simple;
  if (skip_warmup) {
    config.warmup_request_count.reset();
    config.warmup_duration.reset();
  }
  const TrialExit exit = run_trial_process(config, &study_tokenizer(config));
  r.exit_code = exit.exit_code;
  r.interrupted = exit.interrupted;
  // A sharded study (docs/cluster.md): each shard reads its own share of the cell; the whole
  // cell is `aiperf merge <cell>/shard-*`, which the Slurm script and `kube results` run.
  const ShardIdentity shard = resolve_shard_identity(config, process_environment());
  const fs::path summary_path = (shard.sharded() ? dir / shard_directory_name(shard.index) : dir) /
                                artifact_names(config).summary_json;
  if (exit.exit_code == 0 || exit.exit_code == 3) {  // 3: measured, but the client was the bottleneck
    std::ifstream in(summary_path);
    try {
      nlohmann::json summary = nlohmann::json::parse(in);
      if (summary.value("was_cancelled", false)) r.error = "the trial was cancelled before it finished";
      else r.summary = std::move(summary);
    } catch (const std::exception& e) {
      r.error = "its summary " + summary_path.string() + " could not be read: " + e.what();
    }
  } else {
    const std::string last = last_log_line(dir);
    r.error = exit.interrupted ? "interrupted" : "exit status " + std::to_string(exit.exit_code) +
                                                    (last.empty() ? "" : ": " + last);
  }
  return r;
}

int plot_study(const Study& study, const fs::path& base, int code) {
  const ProfileConfig& config = study.variations.front().config;
  if (!config.auto_plot || base.empty()) return code;
  const bool plotted = auto_plot(base, config.plot_required);
  return !plotted && config.plot_required && code == 0 ? 1 : code;
}

fs::path study_base_dir(const Study& study) {
  const ProfileConfig& base = study.variations.front().config;
  const fs::path root(base.artifact_root);
  if (base.artifact_dir_given) {
    if (holds_study(root))
      throw ConfigError("--artifact-dir " + root.string() +
                        " already holds a run or a study; pass a new directory or omit --artifact-dir to get an "
                        "auto-named one");
    fs::create_directories(root);
    return root;
  }
  std::string name = auto_artifact_dir_name(base);
  const std::string stimulus = sweep_stimulus(study);
  if (!stimulus.empty()) name = name.substr(0, name.size() - stimulus_name(base).size()) + stimulus;
  for (int attempt = 1;; ++attempt) {
    const fs::path dir = root / (attempt == 1 ? name : name + "-" + std::to_string(attempt));
    if (fs::exists(dir) && !fs::is_empty(dir)) continue;
    fs::create_directories(dir);
    return dir;
  }
}

std::optional<uint64_t> variation_seed(const Study& study, size_t index) {
  const ProfileConfig& base = study.variations.front().config;
  std::optional<uint64_t> seed = base.random_seed;
  if (!seed && study.settings.multi_run.set_consistent_seed) seed = 42;
  if (!seed || study.settings.sweep.same_seed || !study.is_sweep()) return seed;
  return *seed + index;
}

uint64_t per_trial_seed(uint64_t seed, const std::string& label, int trial) {
  const Sha256Digest d = sha256(std::to_string(seed) + ":" + label + ":trial:" + std::to_string(trial));
  return (uint64_t(d[0]) << 24) | (uint64_t(d[1]) << 16) | (uint64_t(d[2]) << 8) | uint64_t(d[3]);
}

void check_study_metrics(const Study& study) {
  for (const SlaFilter& f : study.settings.sla_filters) check_tag("--search-sla " + f.metric_tag, f.metric_tag);
  if (const auto& c = study.settings.multi_run.convergence) check_tag("--convergence-metric", c->metric);
  if (const auto& s = study.settings.search; s && !s->metric.empty()) check_tag("--search-metric", s->metric);
}

std::vector<double> per_request_values(const fs::path& trial_dir, const ProfileConfig& config, const std::string& tag) {
  std::vector<double> out;
  std::ifstream in(trial_dir / artifact_names(config).records);
  std::string line;
  while (std::getline(in, line)) {
    const nlohmann::json record = nlohmann::json::parse(line, nullptr, false);
    if (record.is_discarded()) continue;
    const auto meta = record.find("metadata");
    if (meta != record.end() && meta->value("benchmark_phase", "profiling") != "profiling") continue;
    const auto metrics = record.find("metrics");
    if (metrics == record.end()) continue;
    const auto m = metrics->find(tag);
    if (m != metrics->end() && m->is_object() && (*m)["value"].is_number()) out.push_back((*m)["value"].get<double>());
  }
  return out;
}

}  // namespace aiperf
