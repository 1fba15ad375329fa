#include "metrics/adaptive_scale.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <string>

#include "common/edit_distance.h"
#include "config/profile_config.h"
#include "metrics/statistics.h"

namespace aiperf {
namespace {

// A relative margin at or above this uses the whole max_step_multiplier: a window using half
// its SLA budget or less is far from the limit.
constexpr double kFullStepMargin = 0.5;

bool compare(double value, WindowSlaOp op, double threshold) {
  switch (op) {
    case WindowSlaOp::lt: return value < threshold;
    case WindowSlaOp::le: return value <= threshold;
    case WindowSlaOp::gt: return value > threshold;
    case WindowSlaOp::ge: return value >= threshold;
  }
  return false;
}

double margin_of(double observed, WindowSlaOp op, double threshold) {
  return op == WindowSlaOp::lt || op == WindowSlaOp::le ? threshold - observed : observed - threshold;
}

// "p99" -> 99; nullopt for avg, min, max.
std::optional<double> percentile_of(std::string_view stat) {
  if (stat.size() < 2 || stat[0] != 'p') return std::nullopt;
  double q = 0;
  auto [end, ec] = std::from_chars(stat.data() + 1, stat.data() + stat.size(), q);
  if (ec != std::errc() || end != stat.data() + stat.size()) return std::nullopt;
  return q;
}

std::optional<double> stat_of(std::vector<double>& samples, std::string_view stat) {
  if (samples.empty()) return std::nullopt;
  if (stat == "avg") {
    double sum = 0;
    for (double v : samples) sum += v;
    return sum / double(samples.size());
  }
  std::sort(samples.begin(), samples.end());
  if (stat == "min") return samples.front();
  if (stat == "max") return samples.back();
  if (std::optional<double> q = percentile_of(stat)) return percentile_linear(samples, *q);
  return std::nullopt;
}

[[noreturn]] void refuse(const WindowSlaFilter& f, const std::string& why) {
  throw ConfigError("phases.profiling.sla '" + f.text + "': " + why);
}

}  // namespace

const char* adaptive_action_name(AdaptiveAction a) {
  switch (a) {
    case AdaptiveAction::raise: return "raise";
    case AdaptiveAction::hold_max: return "hold_max";
    case AdaptiveAction::fall_back: return "fall_back";
    case AdaptiveAction::stop: return "stop";
    case AdaptiveAction::hold: return "hold";
  }
  return "";
}

// ---- the rules ------------------------------------------------------------------------------

RampUntilFail::RampUntilFail(const AdaptiveScaleSettings& settings) : s_(settings), value_(settings.min) {}

double RampUntilFail::next_value(double value, double relative_margin) const {
  double next = value;
  if (s_.step_policy == AdaptiveStepPolicy::fixed_percent_step) {
    next = value * (1 + s_.step_percent / 100);
  } else {
    const double r = std::isnan(relative_margin) ? 0 : std::clamp(relative_margin, 0.0, kFullStepMargin);
    next = value + s_.base_step * (1 + (s_.max_step_multiplier - 1) * r / kFullStepMargin);
  }
  if (s_.integer()) next = std::floor(next + 0.5);
  return std::min(s_.max, std::max(next, value + 1));
}

AdaptiveDecision RampUntilFail::decide(bool passed, double relative_margin, int64_t now_ns) {
  AdaptiveDecision d;
  const int64_t sustain_ns = int64_t(std::llround(s_.sustain_duration_s * 1e9));
  if (holding()) {
    d.next_value = value_;
    d.stop_at_ns = stop_at_ns_;
    return d;
  }
  if (passed) {
    last_passing_ = value_;
    if (value_ >= s_.max) {
      d.action = AdaptiveAction::hold_max;
      stop_at_ns_ = now_ns + sustain_ns;
      stop_reason_ = "max_reached";
    } else {
      d.action = AdaptiveAction::raise;
      value_ = next_value(value_, relative_margin);
    }
  } else {
    first_failing_ = value_;
    if (last_passing_) {
      d.action = AdaptiveAction::fall_back;
      value_ = *last_passing_;
      stop_at_ns_ = now_ns + sustain_ns;
      stop_reason_ = "sla_failed";
    } else {
      d.action = AdaptiveAction::stop;
      stop_at_ns_ = std::max<int64_t>(1, now_ns);
      stop_reason_ = "no_passing_value";
    }
  }
  d.next_value = value_;
  d.stop_at_ns = stop_at_ns_;
  return d;
}

double binding_relative_margin(std::span<const WindowFilterVerdict> verdicts, std::span<const WindowSlaFilter> filters) {
  double least = std::numeric_limits<double>::infinity();
  for (size_t i = 0; i < verdicts.size() && i < filters.size(); ++i) {
    if (!verdicts[i].margin) return 0;
    if (filters[i].threshold != 0) least = std::min(least, *verdicts[i].margin / std::fabs(filters[i].threshold));
  }
  return least;
}

// ---- windows --------------------------------------------------------------------------------

AdaptiveScaleController::AdaptiveScaleController(const AdaptiveScaleSettings& settings, bool streaming)
    : policy_(settings) {
  std::vector<std::string> tags;
  for (size_t i = 0; i < kMetricCount; ++i) tags.emplace_back(metric_info(MetricId(i)).tag);
  for (const WindowSlaFilter& f : settings.sla) {
    const std::optional<MetricId> id = metric_by_tag(f.metric_tag);
    if (!id) {
      const std::string near = nearest_name(f.metric_tag, tags, 3);
      refuse(f, "unknown metric '" + f.metric_tag + "'" + (near.empty() ? "" : " (did you mean '" + near + "'?)"));
    }
    const MetricInfo& info = metric_info(*id);
    Filter filter;
    filter.unit = info.unit;
    if (*id == MetricId::request_error_rate) filter.aggregate = Aggregate::error_rate;
    else if (*id == MetricId::request_throughput) filter.aggregate = Aggregate::request_throughput;
    else if (*id == MetricId::output_token_throughput) filter.aggregate = Aggregate::output_token_throughput;
    if (filter.aggregate != Aggregate::none) {
      if (f.stat != "avg") refuse(f, f.metric_tag + " is one value per window: use stat avg");
    } else if (!is_record_metric(*id) || *id == MetricId::inter_chunk_latency || *id == MetricId::error_isl) {
      refuse(f, f.metric_tag +
                    " cannot be judged per window (per-request metrics, request_error_rate, request_throughput and "
                    "output_token_throughput can)");
    } else {
      if ((info.flags & kStreamingOnly) && !streaming) refuse(f, f.metric_tag + " needs endpoint.streaming: true");
      filter.metric = *id;
      filter.divisor = info.display_divisor;
    }
    filters_.push_back(std::move(filter));
  }
}

std::optional<AdaptiveWindowReport> AdaptiveScaleController::add(int64_t start_ns, int64_t end_ns, bool failed,
                                                                  const RecordMetrics& m, int64_t now_ns) {
  if (policy_.holding() && now_ns >= policy_.stop_at_ns()) return std::nullopt;  // done: sending has stopped
  // A request that failed before it was sent counts where it ended.
  const int64_t sent_ns = start_ns != 0 ? start_ns : end_ns != 0 ? end_ns : now_ns;
  const bool first = next_index_ == 0;  // window 0 opens at its earliest send
  if (first && (open_ns_ == 0 || sent_ns < open_ns_)) open_ns_ = sent_ns;
  if (first || sent_ns >= open_ns_) {
    ++completed_;
    if (failed) {
      ++failed_;
    } else {
      for (Filter& f : filters_)
        if (f.metric)
          if (const std::optional<double>& v = m[*f.metric]) f.samples.push_back(*v / f.divisor);
      if (const std::optional<double>& osl = m[MetricId::output_sequence_length]) output_tokens_ += *osl;
    }
  }
  const int64_t period_ns = int64_t(std::llround(policy_.settings().assessment_period_s * 1e9));
  if (now_ns < open_ns_ + period_ns) return std::nullopt;
  if (completed_ < policy_.settings().min_completed_requests) {
    extended_ = true;
    return std::nullopt;
  }
  return judge(now_ns);
}

WindowFilterVerdict AdaptiveScaleController::verdict(size_t i, double seconds) {
  const WindowSlaFilter& sla = policy_.settings().sla[i];
  Filter& f = filters_[i];
  WindowFilterVerdict v;
  switch (f.aggregate) {
    case Aggregate::none: v.observed = stat_of(f.samples, sla.stat); break;
    case Aggregate::error_rate: v.observed = 100.0 * double(failed_) / double(completed_); break;
    case Aggregate::request_throughput: v.observed = double(completed_) / seconds; break;
    case Aggregate::output_token_throughput: v.observed = output_tokens_ / seconds; break;
  }
  if (v.observed && std::isfinite(*v.observed)) {
    v.passed = compare(*v.observed, sla.op, sla.threshold);
    v.margin = margin_of(*v.observed, sla.op, sla.threshold);
  } else {
    v.observed.reset();
  }
  return v;
}

AdaptiveWindowReport AdaptiveScaleController::judge(int64_t now_ns) {
  AdaptiveWindowReport r;
  r.index = next_index_++;
  r.open_ns = open_ns_;
  r.close_ns = now_ns;
  r.extended = extended_;
  r.value = policy_.value();
  r.completed = completed_;
  r.failed = failed_;
  const double seconds = double(std::max<int64_t>(1, now_ns - open_ns_)) / 1e9;
  r.passed = true;
  for (size_t i = 0; i < filters_.size(); ++i) {
    r.filters.push_back(verdict(i, seconds));
    r.passed = r.passed && r.filters.back().passed;
  }
  const bool was_holding = policy_.holding();
  r.decision = policy_.decide(r.passed, binding_relative_margin(r.filters, policy_.settings().sla), now_ns);
  if (was_holding && !r.passed) ++hold_windows_failed_;
  // The next window: requests sent from now on, under the value just decided.
  open_ns_ = now_ns;
  completed_ = failed_ = 0;
  output_tokens_ = 0;
  extended_ = false;
  for (Filter& f : filters_) f.samples.clear();
  return r;
}

}  // namespace aiperf
