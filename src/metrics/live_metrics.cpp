#include "metrics/live_metrics.h"

#include <algorithm>

#include "common/clock.h"

namespace aiperf {

namespace {

MetricResult live_single_value(MetricId id, double value) {
  MetricResult m = labelled_result(id);
  m.avg = value;
  m.has_count_and_sum = false;
  return m;
}

}  // namespace

LiveMetrics::LiveMetrics(int64_t interval_ns) : interval_ns_(interval_ns) {}

void LiveMetrics::add(const RawRecord& raw, std::string_view, const RecordMetrics& metrics,
                      const std::optional<ErrorDetails>& error) {
  if (raw.phase != BenchmarkPhase::profiling) return;
  if (error) {
    ++errors_;
  } else {
    ++valid_;
    if (valid_ == 1 || raw.start_ns < first_start_ns_) first_start_ns_ = raw.start_ns;
    last_end_ns_ = std::max(last_end_ns_, raw.end_ns);
    for (size_t i = 0; i < kRecordMetricCount; ++i) {
      const std::optional<double>& v = metrics.value[i];
      if (!v || !metric_info(MetricId(i)).console) continue;
      if (!sketches_[i]) sketches_[i].emplace();
      sketches_[i]->add(*v);
    }
    if (const auto& osl = metrics[MetricId::output_sequence_length]) output_tokens_ += *osl;
  }
  if (interval_ns_ <= 0) return;
  const int64_t now = mono_ns();
  if (now < next_due_ns_) return;
  next_due_ns_ = now + interval_ns_;
  publish(now);
}

void LiveMetrics::publish(int64_t now_mono_ns) {
  auto snapshot = std::make_shared<const LiveMetricsSnapshot>(compute(now_mono_ns));
  std::lock_guard lock(mutex_);
  latest_ = std::move(snapshot);
}

std::shared_ptr<const LiveMetricsSnapshot> LiveMetrics::latest() const {
  std::lock_guard lock(mutex_);
  return latest_;
}

LiveMetricsSnapshot LiveMetrics::compute(int64_t now_mono_ns) const {
  LiveMetricsSnapshot s;
  s.taken_mono_ns = now_mono_ns;
  s.summary.valid_count = valid_;
  s.summary.error_count = errors_;
  for (size_t i = 0; i < kRecordMetricCount; ++i) {
    if (!sketches_[i] || sketches_[i]->count() == 0) continue;
    const RelativeHistogram& h = *sketches_[i];
    const double d = metric_info(MetricId(i)).display_divisor;
    MetricResult m = labelled_result(MetricId(i));
    m.distribution = true;
    m.count = h.count();
    m.avg = h.mean() / d;
    m.sum = h.mean() * double(h.count()) / d;
    m.min = h.min() / d;
    m.max = h.max() / d;
    m.std = h.population_std() / d;
    m.p50 = h.percentile(50) / d;
    m.p90 = h.percentile(90) / d;
    m.p99 = h.percentile(99) / d;
    s.summary.metrics.push_back(std::move(m));
  }
  // The throughputs over the valid records' own span, as the final table's (benchmark_duration).
  const double span_s = valid_ > 0 ? double(last_end_ns_ - first_start_ns_) / 1e9 : 0.0;
  s.span_s = span_s;
  if (valid_ > 0 && span_s > 0) {
    s.summary.metrics.push_back(live_single_value(MetricId::request_throughput, double(valid_) / span_s));
    if (sketches_[size_t(MetricId::output_sequence_length)])
      s.summary.metrics.push_back(live_single_value(MetricId::output_token_throughput, output_tokens_ / span_s));
  }
  if (valid_ > 0) s.summary.metrics.push_back(live_single_value(MetricId::request_count, double(valid_)));
  return s;
}

}  // namespace aiperf
