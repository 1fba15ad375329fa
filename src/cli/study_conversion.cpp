// §3.17's flags and the YAML `multi_run:` section to StudySettings (cli-and-load.md §5.2-§5.6).
#include <algorithm>
#include <cmath>
#include <set>

#include "cli/number_flags.h"
#include "common/edit_distance.h"
#include "cli/option_table.h"
#include "cli/study_builder.h"
#include "config/profile_config.h"
#include "sweep/sla_filter.h"

namespace aiperf {
namespace {

bool given(const OptionSources& sources, const char* flag) { return sources.contains(find_profile_option(flag)); }

std::string typed(const OptionSources& sources, const char* flag) {
  auto it = sources.find(find_profile_option(flag));
  return it == sources.end() ? flag : it->second.spelled;
}

double fraction_open(const OptionSources& s, const char* flag, const std::string& text) {
  const double v = parse_float_flag(typed(s, flag), text);
  if (!(v > 0 && v < 1)) throw ConfigError(typed(s, flag) + " must be between 0 and 1 (exclusive), got " + text);
  return v;
}

std::string yaml_where(const YamlConfig& y, const YamlNode& node, const std::string& path) {
  return yaml_location(y.file, node.mark) + ": " + path;
}

// The file's `multi_run:` section; flags typed on the command line are applied afterwards.
void apply_yaml_multi_run(const YamlConfig& y, MultiRunSettings& m, std::optional<ConvergenceSettings>& conv,
                          std::optional<double>& threshold) {
  if (!y.multi_run.is_map()) return;
  for (const YamlEntry& e : y.multi_run.entries) {
    const std::string where = yaml_where(y, e.value, "multi_run." + e.key);
    const std::string& v = e.value.scalar;
    if (e.key == "num_runs") m.num_runs = int(parse_int_flag(where, v));
    else if (e.key == "cooldown_seconds") m.cooldown_seconds = parse_float_flag(where, v);
    else if (e.key == "confidence_level") m.confidence_level = parse_float_flag(where, v);
    else if (e.key == "set_consistent_seed" || e.key == "vary_seed_per_trial" || e.key == "disable_warmup_after_first") {
      const std::optional<bool> b = yaml_bool(e.value);
      if (!b) throw ConfigError(where + ": expected true or false, got '" + v + "'");
      (e.key == "set_consistent_seed" ? m.set_consistent_seed
       : e.key == "vary_seed_per_trial" ? m.vary_seed_per_trial
                                        : m.disable_warmup_after_first) = *b;
    } else if (e.key == "convergence") {
      if (!e.value.is_map()) throw ConfigError(where + ": expected a mapping (metric, stat, mode, threshold, min_runs)");
      ConvergenceSettings c;
      c.min_runs = 2;  // the YAML default (the command line's is min(3, runs))
      for (const YamlEntry& k : e.value.entries) {
        const std::string w = yaml_where(y, k.value, "multi_run.convergence." + k.key);
        if (k.key == "metric") c.metric = k.value.scalar;
        else if (k.key == "stat") c.stat = parse_convergence_stat(k.value.scalar, w);
        else if (k.key == "mode") c.mode = parse_convergence_mode(k.value.scalar, w);
        else if (k.key == "threshold") threshold = parse_float_flag(w, k.value.scalar);
        else if (k.key == "min_runs") c.min_runs = int(parse_int_flag(w, k.value.scalar));
        else throw ConfigError(w + ": unknown key (metric, stat, mode, threshold, min_runs)");
      }
      if (!c.metric.empty()) conv = c;
    } else {
      const std::vector<std::string> keys = {"num_runs",           "cooldown_seconds",    "confidence_level",
                                             "set_consistent_seed", "vary_seed_per_trial", "disable_warmup_after_first",
                                             "convergence"};
      const std::string near = nearest_name(e.key, keys, 3);
      throw ConfigError(yaml_location(y.file, e.key_mark) + ": multi_run: unknown key '" + e.key + "'" +
                        (near.empty() ? "" : " (did you mean '" + near + "'?)") +
                        "; valid keys: num_runs, cooldown_seconds, confidence_level, set_consistent_seed, "
                        "vary_seed_per_trial, disable_warmup_after_first, convergence");
    }
  }
}

const char* const kSearchStats[] = {"avg", "p50", "p90", "p95", "p99"};

template <size_t N>
void require_choice(const std::string& where, const std::string& value, const char* const (&choices)[N]) {
  for (const char* c : choices)
    if (value == c) return;
  std::string list;
  for (const char* c : choices) (list.empty() ? list : list += ", ") += c;
  throw ConfigError(where + ": '" + value + "' is not one of " + list);
}

SearchDimension parse_search_dimension(const std::string& flag, const std::string& text) {
  // path:lo,hi[:int|real]
  const size_t colon = text.find(':');
  if (colon == std::string::npos || colon == 0)
    throw ConfigError(flag + " '" + text + "': expected PATH:LO,HI[:int|real], e.g. phases.profiling.concurrency:1,1000:int");
  SearchDimension d;
  d.path = text.substr(0, colon);
  std::string rest = text.substr(colon + 1);
  if (const size_t kind = rest.find(':'); kind != std::string::npos) {
    const std::string k = rest.substr(kind + 1);
    if (k == "int") d.kind = SearchKind::integer;
    else if (k != "real") throw ConfigError(flag + " '" + text + "': the kind must be int or real, got '" + k + "'");
    rest.resize(kind);
  }
  const size_t comma = rest.find(',');
  if (comma == std::string::npos)
    throw ConfigError(flag + " '" + text + "': the range needs both bounds, LO,HI (e.g. " + d.path + ":1,1000)");
  d.lo = parse_float_flag(flag + " " + d.path + " lower bound", rest.substr(0, comma));
  d.hi = parse_float_flag(flag + " " + d.path + " upper bound", rest.substr(comma + 1));
  if (!(d.lo < d.hi)) throw ConfigError(flag + " '" + text + "': the lower bound must be below the upper bound");
  return d;
}

void add_sugar_slas(const RawFlags& r, const OptionSources& s, std::vector<SlaFilter>& out) {
  auto ms = [&](const char* flag, const std::string& text) {
    const double v = parse_float_flag(typed(s, flag), text);
    require_greater_than(typed(s, flag), v, 0);
    return v;
  };
  if (given(s, "--itl-sla-ms") && given(s, "--tpot-sla-ms"))
    throw ConfigError(typed(s, "--itl-sla-ms") + " and " + typed(s, "--tpot-sla-ms") +
                      " set the same SLA (inter_token_latency p95); give one of them");
  if (given(s, "--ttft-sla-ms")) out.push_back({"time_to_first_token", "p95", SlaOp::lt, ms("--ttft-sla-ms", r.ttft_sla_ms)});
  if (given(s, "--itl-sla-ms")) out.push_back({"inter_token_latency", "p95", SlaOp::lt, ms("--itl-sla-ms", r.itl_sla_ms)});
  if (given(s, "--tpot-sla-ms")) out.push_back({"inter_token_latency", "p95", SlaOp::lt, ms("--tpot-sla-ms", r.tpot_sla_ms)});
  if (given(s, "--e2e-sla-ms")) out.push_back({"request_latency", "p99", SlaOp::lt, ms("--e2e-sla-ms", r.e2e_sla_ms)});
  if (given(s, "--error-rate-sla"))  // a fraction on the command line, percent points in the metric
    out.push_back({"request_error_rate", "avg", SlaOp::lt, 100.0 * fraction_open(s, "--error-rate-sla", r.error_rate_sla)});
}

}  // namespace

StudySettings convert_study_settings(const RawFlags& r, const OptionSources& s, const YamlConfig* yaml) {
  StudySettings st;
  MultiRunSettings& m = st.multi_run;
  std::optional<ConvergenceSettings> conv;
  std::optional<double> threshold;
  if (yaml) apply_yaml_multi_run(*yaml, m, conv, threshold);
  if (given(s, "--num-profile-runs")) m.num_runs = int(parse_int_flag(typed(s, "--num-profile-runs"), r.num_profile_runs));
  if (m.num_runs < 1 || m.num_runs > 10)
    throw ConfigError(typed(s, "--num-profile-runs") + " must be between 1 and 10, got " + std::to_string(m.num_runs));
  if (given(s, "--profile-run-cooldown-seconds"))
    m.cooldown_seconds = parse_float_flag(typed(s, "--profile-run-cooldown-seconds"), r.profile_run_cooldown);
  require_at_least(typed(s, "--profile-run-cooldown-seconds"), m.cooldown_seconds, 0.0);
  if (given(s, "--confidence-level")) m.confidence_level = fraction_open(s, "--confidence-level", r.confidence_level);
  if (!(m.confidence_level > 0 && m.confidence_level < 1))
    throw ConfigError("--confidence-level must be between 0 and 1 (exclusive)");
  if (given(s, "--profile-run-disable-warmup-after-first"))
    m.disable_warmup_after_first = r.profile_run_disable_warmup_after_first;
  if (given(s, "--set-consistent-seed")) m.set_consistent_seed = r.set_consistent_seed;
  if (given(s, "--vary-seed-per-trial")) m.vary_seed_per_trial = r.vary_seed_per_trial;

  // Adaptive convergence (§5.5).
  if (given(s, "--convergence-metric")) {
    if (!conv) conv.emplace();
    conv->metric = r.convergence_metric;
    conv->min_runs = cli_convergence_min_runs(m.num_runs);
  }
  const bool conv_detail = given(s, "--convergence-stat") || given(s, "--convergence-mode") ||
                           given(s, "--convergence-threshold");
  if (!conv && conv_detail)
    throw ConfigError("--convergence-stat, --convergence-mode and --convergence-threshold need --convergence-metric");
  if (conv) {
    if (conv->metric.empty()) throw ConfigError(typed(s, "--convergence-metric") + " needs a metric tag");
    if (m.num_runs < 2)
      throw ConfigError(typed(s, "--convergence-metric") + " needs --num-profile-runs 2 or more (the most trials to run)");
    if (given(s, "--convergence-stat")) conv->stat = parse_convergence_stat(r.convergence_stat, typed(s, "--convergence-stat"));
    if (given(s, "--convergence-mode")) conv->mode = parse_convergence_mode(r.convergence_mode, typed(s, "--convergence-mode"));
    if (given(s, "--convergence-threshold")) threshold = parse_float_flag(typed(s, "--convergence-threshold"), r.convergence_threshold);
    conv->threshold = threshold.value_or(default_convergence_threshold(conv->mode));
    if (!(*conv->threshold > 0 && *conv->threshold < 1))
      throw ConfigError(typed(s, "--convergence-threshold") + " must be between 0 and 1 (exclusive)");
    conv->min_runs = std::clamp(conv->min_runs, 2, m.num_runs);
    conv->confidence_level = m.confidence_level;
    m.convergence = conv;
  }

  SweepRunSettings& sw = st.sweep;
  if (given(s, "--parameter-sweep-cooldown-seconds"))
    sw.cooldown_seconds = parse_float_flag(typed(s, "--parameter-sweep-cooldown-seconds"), r.parameter_sweep_cooldown);
  require_at_least(typed(s, "--parameter-sweep-cooldown-seconds"), sw.cooldown_seconds, 0.0);
  if (given(s, "--parameter-sweep-same-seed")) sw.same_seed = r.parameter_sweep_same_seed;
  if (given(s, "--parameter-sweep-mode")) {
    if (r.parameter_sweep_mode == "independent") sw.order = SweepOrder::independent;
    else if (r.parameter_sweep_mode != "repeated")
      throw ConfigError(typed(s, "--parameter-sweep-mode") + ": '" + r.parameter_sweep_mode +
                        "' is not one of repeated, independent");
  }
  sw.show_table = !r.no_sweep_table;
  if (yaml && yaml->no_sweep_table) sw.show_table = false;
  if (m.convergence) sw.order = SweepOrder::independent;  // §5.5: trials of one cell run together

  for (const std::string& text : r.search_sla) st.sla_filters.push_back(parse_sla_filter(text, typed(s, "--search-sla")));
  add_sugar_slas(r, s, st.sla_filters);
  std::set<std::string> labels;
  for (const std::string& text : r.search_sla_tiers) {
    const std::string flag = typed(s, "--search-sla-tier");
    const size_t colon = text.find(':');
    if (colon == std::string::npos || colon == 0)
      throw ConfigError(flag + " '" + text + "': expected LABEL:FILTER[,FILTER...], e.g. gold:time_to_first_token:p99:le:200");
    SlaTier tier{text.substr(0, colon), {}};
    if (tier.label.find_first_of("/\\<>\"|?* .") != std::string::npos)
      throw ConfigError(flag + " '" + text + "': the label names a directory; use letters, digits, - and _");
    if (!labels.insert(tier.label).second) throw ConfigError(flag + ": the label '" + tier.label + "' is used twice");
    for (size_t start = colon + 1;;) {
      const size_t comma = text.find(',', start);
      tier.filters.push_back(parse_sla_filter(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start), flag));
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
    st.sla_tiers.push_back(std::move(tier));
  }
  if (!st.sla_tiers.empty()) {
    if (st.sla_tiers.size() < 2 || st.sla_tiers.size() > 10)
      throw ConfigError(typed(s, "--search-sla-tier") + ": give 2 to 10 tiers (got " + std::to_string(st.sla_tiers.size()) + ")");
    if (!st.sla_filters.empty())
      throw ConfigError(typed(s, "--search-sla-tier") + " sets each tier's SLA filters: it cannot be combined with "
                        "--search-sla or an --*-sla-ms / --error-rate-sla");
  }
  return st;
}

SearchSettings convert_search_flags(const RawFlags& r, const OptionSources& s) {
  SearchSettings se;
  for (const std::string& text : r.search_space) se.space.push_back(parse_search_dimension(typed(s, "--search-space"), text));
  se.metric = r.search_metric;
  if (given(s, "--search-stat")) se.stat = r.search_stat;
  require_choice(typed(s, "--search-stat"), se.stat, kSearchStats);
  if (given(s, "--search-direction")) {
    if (r.search_direction == "maximize") se.direction = SearchDirection::maximize;
    else if (r.search_direction == "minimize") se.direction = SearchDirection::minimize;
    else throw ConfigError(typed(s, "--search-direction") + ": '" + r.search_direction + "' is not one of maximize, minimize");
  }
  if (given(s, "--search-max-iterations")) {
    se.max_iterations = int(parse_int_flag(typed(s, "--search-max-iterations"), r.search_max_iterations));
    if (se.max_iterations < 2 || se.max_iterations > 200)
      throw ConfigError(typed(s, "--search-max-iterations") + " must be between 2 and 200");
  }
  if (given(s, "--search-initial-points")) {
    se.initial_points = int(parse_int_flag(typed(s, "--search-initial-points"), r.search_initial_points));
    require_at_least(typed(s, "--search-initial-points"), int64_t(se.initial_points), 1);
  }
  if (given(s, "--search-random-seed")) se.seed = parse_uint_flag(typed(s, "--search-random-seed"), r.search_random_seed);
  if (given(s, "--search-planner")) se.planner = r.search_planner;
  if (given(s, "--search-percentile-pooling")) {
    if (r.search_percentile_pooling == "pooled") se.pooled_percentiles = true;
    else if (r.search_percentile_pooling != "mean")
      throw ConfigError(typed(s, "--search-percentile-pooling") + ": '" + r.search_percentile_pooling +
                        "' is not one of mean, pooled");
  }
  if (given(s, "--optuna-terminator") && r.optuna_terminator != "none")
    throw ConfigError(typed(s, "--optuna-terminator") + " " + r.optuna_terminator +
                      " is not supported by aiperf-cpp's Bayesian planner (it stops on patience and plateau)");
  return se;
}

}  // namespace aiperf
