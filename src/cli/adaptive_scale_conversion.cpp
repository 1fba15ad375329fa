// Adaptive scale (cli-and-load.md §5.7): the YAML-only options phases.profiling.adaptive_scale
// and phases.profiling.sla, checked and resolved into LoadSettings::adaptive_scale.
#include <cmath>
#include <set>

#include <nlohmann/json.hpp>

#include "cli/profile_converter.h"
#include "cli/yaml_config.h"
#include "common/log.h"
#include "config/enum_names.h"
#include "sweep/sla_filter.h"

namespace aiperf {
namespace {

constexpr const char* kBlock = "phases.profiling.adaptive_scale";
constexpr const char* kSla = "phases.profiling.sla";

using Json = nlohmann::ordered_json;

// Reads one mapping of the block, refusing keys it does not know.
class BlockReader {
 public:
  BlockReader(std::string where, const Json& object, std::set<std::string> keys)
      : where_(std::move(where)), object_(object) {
    if (!object.is_object()) fail("expected a mapping");
    for (const auto& [key, value] : object.items())
      if (!keys.contains(key)) {
        std::string known;
        for (const std::string& k : keys) (known.empty() ? known : known += ", ") += k;
        fail("unknown key '" + key + "' (valid keys: " + known + ")");
      }
  }

  [[noreturn]] void fail(const std::string& what) const { throw ConfigError(where_ + ": " + what); }
  std::string where(const std::string& key) const { return where_ + "." + key; }
  const Json* find(const std::string& key) const {
    auto it = object_.find(key);
    return it == object_.end() || it->is_null() ? nullptr : &*it;
  }

  double number(const std::string& key, double fallback) const {
    const Json* v = find(key);
    if (!v) return fallback;
    if (!v->is_number()) throw ConfigError(where(key) + ": expected a number (got " + v->dump() + ")");
    return v->get<double>();
  }
  // Seconds, or a number with s, m or h (docs/config.md, durations).
  double seconds(const std::string& key, double fallback) const {
    const Json* v = find(key);
    if (!v) return fallback;
    if (v->is_number()) return v->get<double>();
    std::optional<std::string> text = v->is_string() ? yaml_duration_seconds(v->get<std::string>()) : std::nullopt;
    if (!text || *text == "inf" || *text == "infinity")
      throw ConfigError(where(key) + ": '" + (v->is_string() ? v->get<std::string>() : v->dump()) +
                        "' is not a duration (seconds, or a number with s, m or h)");
    return parse_float_flag(where(key), *text);
  }
  std::string text(const std::string& key, const std::string& fallback) const {
    const Json* v = find(key);
    if (!v) return fallback;
    if (!v->is_string()) throw ConfigError(where(key) + ": expected a name (got " + v->dump() + ")");
    return v->get<std::string>();
  }

 private:
  std::string where_;
  const Json& object_;
};

// 8, not 8.0; 0.5 as 0.5.
std::string number_text(double v) {
  return v == std::floor(v) && std::fabs(v) < 1e15 ? std::to_string(int64_t(v)) : number_text(v);
}

template <class E>
E choice(const BlockReader& block, const std::string& key, const std::string& text) {
  if (std::optional<E> v = enum_by_name<E>(text)) return *v;
  std::string known;
  for (const EnumName<E>& n : names_of(E{})) (known.empty() ? known : known += ", ") += n.name;
  throw ConfigError(block.where(key) + ": unknown value '" + text + "' (choose from " + known + ")");
}

WindowSlaFilter window_filter(const SlaFilter& f) {
  WindowSlaFilter w;
  w.metric_tag = f.metric_tag;
  w.stat = f.stat;
  switch (f.op) {
    case SlaOp::lt: w.op = WindowSlaOp::lt; break;
    case SlaOp::le: w.op = WindowSlaOp::le; break;
    case SlaOp::gt: w.op = WindowSlaOp::gt; break;
    case SlaOp::ge: w.op = WindowSlaOp::ge; break;
  }
  w.threshold = f.threshold;
  w.text = sla_filter_text(f);
  return w;
}

// One filter: "tag:stat:op:threshold" or {metric, stat, op, threshold} (the --search-sla grammar).
WindowSlaFilter sla_filter(const std::string& where, const std::string& value) {
  if (value.empty() || value.front() != '{') return window_filter(parse_sla_filter(value, where));
  const Json j = Json::parse(value, nullptr, false);
  const BlockReader f(where, j, {"metric", "stat", "op", "threshold"});
  if (!f.find("metric") || !f.find("threshold")) f.fail("a filter needs metric and threshold (stat avg and op le by default)");
  const Json& threshold = *f.find("threshold");
  if (!threshold.is_number()) throw ConfigError(f.where("threshold") + ": expected a number (got " + threshold.dump() + ")");
  const std::string text = f.text("metric", "") + ":" + f.text("stat", "avg") + ":" + f.text("op", "le") + ":" + threshold.dump();
  return window_filter(parse_sla_filter(text, where));
}

}  // namespace

bool ProfileConverter::adaptive_rate(const ProfileConfig& c) const {
  return c.adaptive_scale && c.adaptive_scale->variable == AdaptiveVariable::request_rate;
}

void ProfileConverter::convert_adaptive_scale(ProfileConfig& c, const RawFlags& r) const {
  std::vector<WindowSlaFilter> filters;
  for (const std::string& value : r.phase_sla) filters.push_back(sla_filter(name(kSla), value));
  if (!given(kBlock)) {
    if (!filters.empty())
      throw ConfigError(name(kSla) + ": the phase's SLA filters judge adaptive_scale windows; add adaptive_scale");
    return;
  }
  const Json j = Json::parse(r.adaptive_scale, nullptr, false);
  const BlockReader block(name(kBlock), j,
                          {"enabled", "control", "assessment_period", "min_completed_requests", "sustain_duration", "strategy"});
  if (const Json* enabled = block.find("enabled"); enabled && !enabled->is_boolean())
    block.fail("enabled: expected true or false");
  if (const Json* enabled = block.find("enabled"); enabled && !enabled->get<bool>()) {
    if (!filters.empty()) log_warning(name(kSla) + ": ignored, adaptive_scale is not enabled");
    return;
  }

  AdaptiveScaleSettings a;
  const Json* control_json = block.find("control");
  if (!control_json) block.fail("needs control: {variable, min, max}");
  const BlockReader control(block.where("control"), *control_json, {"variable", "min", "max"});
  if (!control.find("variable")) control.fail("needs variable (concurrency, prefill_concurrency or request_rate)");
  a.variable = choice<AdaptiveVariable>(control, "variable", control.text("variable", ""));
  if (a.variable == AdaptiveVariable::users)
    throw ConfigError(control.where("variable") +
                      ": users is not supported yet by aiperf-cpp (adaptive scale moves concurrency, "
                      "prefill_concurrency or request_rate)");
  if (!control.find("max")) control.fail("needs max");
  a.min = control.number("min", 1);
  a.max = control.number("max", 0);
  if (a.integer()) {
    for (const char* key : {"min", "max"}) {
      const double v = key == std::string("min") ? a.min : a.max;
      if (v != std::floor(v) || v < 1)
        throw ConfigError(control.where(key) + " must be a whole number >= 1 (got " + number_text(v) + ")");
    }
  } else if (a.min <= 0) {
    throw ConfigError(control.where("min") + " must be > 0 (got " + number_text(a.min) + ")");
  }
  if (a.max < a.min)
    throw ConfigError(control.where("max") + " " + number_text(a.max) + " is below control.min " + number_text(a.min));

  a.assessment_period_s = block.seconds("assessment_period", 30);
  require_greater_than(block.where("assessment_period"), a.assessment_period_s, 0);
  const double min_requests = block.number("min_completed_requests", 10);
  if (min_requests != std::floor(min_requests) || min_requests < 1)
    throw ConfigError(block.where("min_completed_requests") + " must be a whole number >= 1 (got " +
                      number_text(min_requests) + ")");
  a.min_completed_requests = int64_t(min_requests);
  a.sustain_duration_s = block.seconds("sustain_duration", a.assessment_period_s);
  require_at_least(block.where("sustain_duration"), a.sustain_duration_s, 0.0);

  if (const Json* strategy_json = block.find("strategy")) {
    const BlockReader strategy(block.where("strategy"), *strategy_json,
                               {"type", "step_policy", "step_percent", "base_step", "max_step_multiplier"});
    if (const std::string type = strategy.text("type", "ramp_until_fail"); type != "ramp_until_fail")
      throw ConfigError(strategy.where("type") + ": '" + type + "' is not supported (ramp_until_fail only)");
    a.step_policy = choice<AdaptiveStepPolicy>(strategy, "step_policy", strategy.text("step_policy", "sla_margin"));
    a.step_percent = strategy.number("step_percent", a.step_percent);
    require_greater_than(strategy.where("step_percent"), a.step_percent, 0);
    a.base_step = strategy.number("base_step", a.base_step);
    require_greater_than(strategy.where("base_step"), a.base_step, 0);
    a.max_step_multiplier = strategy.number("max_step_multiplier", a.max_step_multiplier);
    require_at_least(strategy.where("max_step_multiplier"), a.max_step_multiplier, 1.0);
  } else {
    a.step_policy = AdaptiveStepPolicy::sla_margin;
  }
  if (filters.empty()) throw ConfigError(block.where("enabled") + " needs at least one filter in " + std::string(kSla));
  a.sla = std::move(filters);
  c.adaptive_scale = std::move(a);
}

// After the load options: the variable's own options are the controller's, and the phase must
// be of the variable's kind.
void ProfileConverter::apply_adaptive_scale(ProfileConfig& c) const {
  if (!c.adaptive_scale) return;
  const AdaptiveScaleSettings& a = *c.adaptive_scale;
  const std::string where = name(kBlock);
  if (c.user_centric_mode() || c.fixed_schedule)
    throw ConfigError(where + ": adaptive scale needs a concurrency or rate phase, not " +
                      (c.fixed_schedule ? "a fixed schedule" : "user_centric"));
  if (a.variable == AdaptiveVariable::concurrency) {
    if (c.rate_mode())
      throw ConfigError(where + ": control.variable concurrency needs a concurrency phase (type: concurrency)");
    if (given("--concurrency"))
      throw ConfigError(name("--concurrency") + " cannot be combined with adaptive_scale on concurrency (it starts at control.min)");
    if (given("--concurrency-ramp-duration"))
      throw ConfigError(name("--concurrency-ramp-duration") +
                        " cannot be combined with adaptive_scale on concurrency (both move the same variable)");
    c.concurrency = int64_t(a.min);
  } else if (a.variable == AdaptiveVariable::prefill_concurrency) {
    if (!c.streaming)
      throw ConfigError(where + ": control.variable prefill_concurrency needs endpoint.streaming: true");
    for (const char* flag : {"--prefill-concurrency", "--prefill-concurrency-ramp-duration"})
      if (given(flag))
        throw ConfigError(name(flag) + " cannot be combined with adaptive_scale on prefill_concurrency (it starts at "
                          "control.min)");
    // A prefill slot beyond the sessions a closed loop keeps would never be taken.
    const std::optional<int64_t> cap = c.rate_mode() ? c.concurrency : std::optional<int64_t>(c.effective_concurrency());
    if (cap && a.max > double(*cap))
      throw ConfigError(where + ": control.max " + number_text(a.max) + " must be <= the phase's concurrency " +
                        std::to_string(*cap));
    c.prefill_concurrency = int64_t(a.min);
  } else {
    if (given("--request-rate"))
      throw ConfigError(name("--request-rate") + " cannot be combined with adaptive_scale on request_rate (it starts at control.min)");
    if (!c.request_rate_series.empty())
      throw ConfigError(name("--request-rate-series") + " cannot be combined with adaptive_scale on request_rate");
    if (given("--request-rate-ramp-duration"))
      throw ConfigError(name("--request-rate-ramp-duration") +
                        " cannot be combined with adaptive_scale on request_rate (both move the same variable)");
    if (!given("--arrival-pattern") && !given("--arrival-smoothness"))
      throw ConfigError(where + ": control.variable request_rate needs a rate phase (type: poisson, constant or gamma)");
    c.request_rate = a.min;
  }
}

}  // namespace aiperf
