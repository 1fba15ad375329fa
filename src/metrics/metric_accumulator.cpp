#include "metrics/metric_accumulator.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>
#include <string>

#include "metrics/sorted_samples.h"
#include "metrics/statistics.h"
#include "metrics/time_units.h"

namespace aiperf {
namespace {

// A one-value metric, from its base value to its display unit.
MetricResult scaled_single_value(MetricId id, double base_value) {
  MetricResult r = labelled_result(id);
  r.avg = base_value / metric_info(id).display_divisor;
  return r;
}

template <class Ascending>
std::optional<MetricResult> distribution(MetricId id, const Ascending& sorted) {
  std::optional<DistributionStats> s = describe_ascending(sorted);
  if (!s) return std::nullopt;
  return labelled_distribution(id, *s);
}

// adj_<tag> (§2.4): every failed request is one +inf sample, so a run that fails requests
// cannot look fast. Nearest-rank percentiles (an interpolation towards +inf would be +inf);
// avg and sum are +inf, std is undefined. Needs one finite sample, so only metrics this run
// actually measured get a twin.
// `sorted` = the metric's finite samples, ascending; the errors' +inf samples follow them.
template <class Ascending>
std::optional<MetricResult> error_adjusted(MetricId id, const Ascending& sorted, int64_t errors) {
  if (sorted.empty()) return std::nullopt;
  constexpr double kInf = std::numeric_limits<double>::infinity();
  const size_t n = sorted.size() + size_t(errors);
  // percentile_nearest() over sorted + errors x inf, without building that array.
  constexpr size_t kRanks = 1 + kPercentiles.size();  // min, then one per percentile
  std::array<size_t, kRanks> ranks{0};
  for (size_t i = 0; i < kPercentiles.size(); ++i)
    ranks[1 + i] = std::min(size_t(std::nearbyint(kPercentiles[i] / 100.0 * double(n - 1))), sorted.size() - 1);
  std::array<double, kRanks> at{};
  sorted.values_at(ranks, at);
  auto nearest = [&](size_t p) {
    const size_t i = size_t(std::nearbyint(kPercentiles[p] / 100.0 * double(n - 1)));
    return i < sorted.size() ? at[1 + p] : kInf;
  };

  const MetricInfo& info = metric_info(id);
  const double d = info.display_divisor;
  MetricResult r;
  r.tag = std::string("adj_") + info.tag;
  r.header = std::string(info.header) + " (error-adjusted)";
  r.unit = info.unit;
  r.console = false;
  r.distribution = true;
  r.count = int64_t(n);
  r.sum = kInf;
  r.avg = kInf;
  r.min = at[0] / d;
  r.max = kInf;
  std::optional<double>* slots[] = {&r.p1, &r.p5, &r.p10, &r.p25, &r.p50,
                                    &r.p75, &r.p90, &r.p95, &r.p99};
  for (size_t i = 0; i < kPercentiles.size(); ++i) *slots[i] = nearest(i) / d;
  return r;
}

}  // namespace

void MetricAccumulator::add_samples(const RecordMetrics& m) {
  const size_t budget = spill_.settings().samples_in_memory;
  for (size_t i = 0; i < kRecordMetricCount; ++i) {
    if (!m.value[i]) continue;
    samples_[i].push_back(*m.value[i]);
    if (samples_[i].in_memory() >= budget) samples_[i].spill(spill_.file());
  }
  MetricSamples& itl = samples_[size_t(MetricId::inter_chunk_latency)];
  itl.append(m.inter_chunk_latency);
  if (itl.in_memory() >= budget) itl.spill(spill_.file());
}

void MetricAccumulator::add_interval(const SweepInterval& r) {
  intervals_.push_back(r);
  if (intervals_.in_memory() >= spill_.settings().intervals_in_memory) intervals_.spill(spill_.file());
}

void MetricAccumulator::add_counts(const RecordMetrics& m) {
  cancelled_ += m.cancelled;
  if (m.osl_mismatch) {
    ++osl_judged_;
    osl_mismatched_ += *m.osl_mismatch;
  }
  if (m.usage_discrepancy) {
    ++usage_judged_;
    usage_discrepant_ += *m.usage_discrepancy;
  }
}

void MetricAccumulator::add_valid(const RecordMetrics& m, int64_t request_start_wall_ns,
                                  int64_t request_end_wall_ns) {
  ++valid_;
  if (request_end_wall_ns > request_start_wall_ns) {
    SweepInterval r{request_start_wall_ns, 0, request_end_wall_ns, 0, 0};
    if (const auto& ttft = m[MetricId::time_to_first_token]) r.first_token_ns = request_start_wall_ns + std::llround(*ttft);
    if (const auto& osl = m[MetricId::output_sequence_length]) r.decode_tokens = std::max(*osl - 1, 0.0);
    r.prefill_tokens = m[MetricId::input_sequence_length].value_or(0);
    add_interval(r);
  }
  streamed_ += m.streamed;
  good_ += m.good;  // error records are never good
  sessions_completed_ += m.session_completed;
  add_samples(m);
  add_counts(m);
  min_request_wall_ns_ = std::min(min_request_wall_ns_.value_or(request_start_wall_ns),
                                  request_start_wall_ns);
  // Latencies are whole nanoseconds held in a double, so the round trip is exact.
  int64_t response = request_start_wall_ns + std::llround(m[MetricId::request_latency].value_or(0));
  max_response_wall_ns_ = std::max(max_response_wall_ns_.value_or(response), response);
}

void MetricAccumulator::add_error(const RecordMetrics& m, int64_t request_start_wall_ns,
                                  int64_t request_end_wall_ns) {
  ++errors_;
  // A failed request still held a slot from its send to its failure.
  if (request_start_wall_ns != 0 && request_end_wall_ns > request_start_wall_ns)
    add_interval({request_start_wall_ns, 0, request_end_wall_ns, 0, 0});
  add_samples(m);
  add_counts(m);
}

std::vector<MetricResult> MetricAccumulator::summarize(std::optional<int64_t> rate_window_ns) {
  std::vector<MetricResult> out;
  std::array<std::optional<double>, kMetricCount> v;  // aggregate values, base units
  auto total_of = [this](MetricId id) -> std::optional<double> {
    const auto& s = samples_[size_t(id)];
    if (s.empty()) return std::nullopt;  // derived from a metric no record had: absent
    return s.arrival_sum();
  };

  auto results_of = [&](MetricId id, const auto& sorted) {  // shared by both results
    if (auto r = distribution(id, sorted)) out.push_back(std::move(*r));
    if ((metric_info(id).flags & kErrorAdjusted) && errors_ > 0)
      if (auto adj = error_adjusted(id, sorted, errors_)) out.push_back(std::move(*adj));
  };
  SampleSorter sorter;  // its buffers go before the sweep line needs memory of its own
  for (size_t i = 0; i < kRecordMetricCount; ++i) {
    MetricSamples& s = samples_[i];
    if (s.empty()) continue;
    if (s.spilled()) results_of(MetricId(i), s.merged(spill_.file()));
    else results_of(MetricId(i), sorter.sorted_or_counted(s.in_memory_samples()));
  }
  sorter = SampleSorter();

  const int64_t total = valid_ + errors_;
  if (valid_ > 0) v[size_t(MetricId::request_count)] = double(valid_);
  if (errors_ > 0) v[size_t(MetricId::error_request_count)] = double(errors_);
  if (cancelled_ > 0) v[size_t(MetricId::cancelled_request_count)] = double(cancelled_);
  if (streamed_ > 0) v[size_t(MetricId::streamed_request_count)] = double(streamed_);
  v[size_t(MetricId::completed_request_count)] = double(total);
  if (total > 0) v[size_t(MetricId::request_error_rate)] = 100.0 * double(errors_) / double(total);
  if (osl_judged_ > 0) v[size_t(MetricId::osl_mismatch_count)] = double(osl_mismatched_);
  if (usage_judged_ > 0) v[size_t(MetricId::usage_discrepancy_count)] = double(usage_discrepant_);
  if (goodput_) {
    v[size_t(MetricId::good_request_count)] = double(good_);
    v[size_t(MetricId::good_request_fraction)] = total > 0 ? double(good_) / double(total) : 0.0;
  }
  v[size_t(MetricId::total_isl)] = total_of(MetricId::input_sequence_length);
  v[size_t(MetricId::total_output_tokens)] = total_of(MetricId::output_token_count);
  v[size_t(MetricId::total_reasoning_tokens)] = total_of(MetricId::reasoning_token_count);
  v[size_t(MetricId::total_osl)] = total_of(MetricId::output_sequence_length);
  v[size_t(MetricId::total_error_isl)] = total_of(MetricId::error_isl);
  v[size_t(MetricId::total_usage_prompt_tokens)] = total_of(MetricId::usage_prompt_tokens);
  v[size_t(MetricId::total_usage_completion_tokens)] = total_of(MetricId::usage_completion_tokens);
  v[size_t(MetricId::total_usage_total_tokens)] = total_of(MetricId::usage_total_tokens);
  v[size_t(MetricId::total_usage_reasoning_tokens)] = total_of(MetricId::usage_reasoning_tokens);
  v[size_t(MetricId::total_usage_prompt_cache_read_tokens)] =
      total_of(MetricId::usage_prompt_cache_read_tokens);
  {
    const auto& read = v[size_t(MetricId::total_usage_prompt_cache_read_tokens)];
    const auto& prompt = v[size_t(MetricId::total_usage_prompt_tokens)];
    if (read && prompt && *prompt > 0)
      v[size_t(MetricId::overall_usage_prompt_cache_read_pct)] = *read / *prompt * 100.0;
  }

  if (min_request_wall_ns_ && max_response_wall_ns_) {
    v[size_t(MetricId::min_request_timestamp)] = double(*min_request_wall_ns_);
    v[size_t(MetricId::max_response_timestamp)] = double(*max_response_wall_ns_);
    // Integer subtraction first: the wall stamps are ~1.7e18 and would lose ns in a double.
    const int64_t duration_ns = *max_response_wall_ns_ - *min_request_wall_ns_;
    if (duration_ns > 0) v[size_t(MetricId::benchmark_duration)] = double(duration_ns);
    const int64_t window_ns = rate_window_ns.value_or(duration_ns);
    if (window_ns > 0) {
      const double secs = double(window_ns) / kNsPerSec;
      v[size_t(MetricId::request_throughput)] = double(valid_) / secs;
      if (goodput_) v[size_t(MetricId::goodput)] = double(good_) / secs;
      const auto& isl = v[size_t(MetricId::total_isl)];
      const auto& osl = v[size_t(MetricId::total_osl)];
      if (osl) v[size_t(MetricId::output_token_throughput)] = *osl / secs;
      if (isl) v[size_t(MetricId::input_token_throughput)] = *isl / secs;
      if (isl && osl) v[size_t(MetricId::total_token_throughput)] = (*isl + *osl) / secs;
    }
  }

  add_session_and_thinking_values(v, rate_window_ns);
  add_spec_decode_values(v);
  for (size_t i = kRecordMetricCount; i < kMetricCount; ++i)
    if (v[i]) out.push_back(scaled_single_value(MetricId(i), *v[i]));
  for (MetricResult& r : intervals_.metrics(spill_)) out.push_back(std::move(r));
  return out;
}

void MetricAccumulator::add_session_and_thinking_values(
    std::array<std::optional<double>, kMetricCount>& v, std::optional<int64_t> rate_window_ns) const {
  if (sessions_) {
    v[size_t(MetricId::session_count)] = double(sessions_completed_);
    const auto& duration = v[size_t(MetricId::benchmark_duration)];
    const double window_ns = rate_window_ns ? double(*rate_window_ns) : duration.value_or(0);
    if (window_ns > 0)  // sessions per hour: a session lasts minutes, so per second reads as ~0
      v[size_t(MetricId::session_throughput)] = double(sessions_completed_) / (window_ns / kNsPerSec) * 3600.0;
  }
  // EXPERIMENTAL: only when its per-record twin was computed (dev mode) and is defined.
  const auto& reasoning = v[size_t(MetricId::total_reasoning_tokens)];
  const auto& output = v[size_t(MetricId::total_output_tokens)];
  if (!samples_[size_t(MetricId::thinking_efficiency)].empty() && reasoning && output && *output > 0)
    v[size_t(MetricId::overall_thinking_efficiency)] = *reasoning / *output;
}

// Token-weighted over the run: Σ over the records that carried the counts, so a long request weighs
// more than in the mean of the per-record ratios.
void MetricAccumulator::add_spec_decode_values(std::array<std::optional<double>, kMetricCount>& v) const {
  auto sum_of = [this](MetricId id) -> std::optional<double> {
    const MetricSamples& s = samples_[size_t(id)];
    if (s.empty()) return std::nullopt;
    return s.arrival_sum();  // arrival order
  };
  const std::optional<double> steps = sum_of(MetricId::spec_decode_steps);
  const std::optional<double> accepted = sum_of(MetricId::spec_decode_accepted_draft_tokens);
  const std::optional<double> drafts = sum_of(MetricId::spec_decode_draft_tokens);
  v[size_t(MetricId::total_spec_decode_steps)] = steps;
  v[size_t(MetricId::total_accepted_draft_tokens)] = accepted;
  v[size_t(MetricId::total_draft_tokens)] = drafts;
  if (steps) {
    // Requests that ended before a first step: no acceptance length of their own.
    v[size_t(MetricId::spec_decode_zero_step_requests)] = double(samples_[size_t(MetricId::spec_decode_steps)].zeros());
  }
  if (steps && accepted && *steps > 0)
    v[size_t(MetricId::spec_decode_token_weighted_acceptance_length)] = 1.0 + *accepted / *steps;
  if (accepted && drafts && *drafts > 0)
    v[size_t(MetricId::spec_decode_overall_draft_acceptance_rate)] = *accepted / *drafts * 100.0;
}

}  // namespace aiperf
