#include "publish/otlp_run_metrics.h"

#include <algorithm>
#include <map>
#include <set>
#include <span>

#include "publish/gen_ai_attributes.h"
#include "publish/record_rows.h"

namespace aiperf {
namespace {

// The record metrics behind the GenAI instruments; every other one becomes aiperf.<tag>.
constexpr std::string_view kLatencyTag = "request_latency", kTtftTag = "time_to_first_token",
                           kItlTag = "inter_token_latency", kIslTag = "input_sequence_length",
                           kOslTag = "output_sequence_length";

std::optional<double> to_seconds(double value, std::string_view unit) {
  if (unit == "ms") return value / 1e3;
  if (unit == "us") return value / 1e6;
  if (unit == "ns") return value / 1e9;
  if (unit == "s" || unit == "sec") return value;
  return std::nullopt;
}

// One instrument's histogram points, one per distinct attribute set (keyed by the values that
// vary per request: error.type and gen_ai.token.type).
class HistogramFamily {
 public:
  HistogramFamily(std::string name, std::string description, std::string unit, std::span<const double> bounds)
      : metric_{std::move(name), std::move(description), std::move(unit), OtlpInstrument::histogram, {}, {}},
        bounds_(bounds) {}

  void add(const OtlpAttributes& base, const std::string& error_type, std::string_view token_type, double value) {
    const std::string key = error_type + '\n' + std::string(token_type);
    auto [it, inserted] = index_.try_emplace(key, metric_.histogram_points.size());
    if (inserted) {
      OtlpAttributes attributes = base;
      if (!token_type.empty()) attributes.push_back({"gen_ai.token.type", std::string(token_type)});
      if (!error_type.empty()) attributes.push_back({"error.type", error_type});
      metric_.histogram_points.push_back({std::move(attributes), ExplicitHistogram(bounds_)});
    }
    metric_.histogram_points[it->second].histogram.add(value);
  }
  OtlpMetric take() { return std::move(metric_); }
  bool empty() const { return metric_.histogram_points.empty(); }

 private:
  OtlpMetric metric_;
  std::span<const double> bounds_;
  std::map<std::string, size_t> index_;
};

struct RunTotals {
  bool per_request = true;  // false: from the summary, which knows no sessions or cancellations
  int64_t requests = 0, failed = 0, cancelled = 0;
  std::set<int64_t> sessions, cancelled_sessions;
  int64_t first_start_ns = 0, last_end_ns = 0;
};

OtlpAttributes gen_ai_base(const FinishedRun& run, const OtelSettings& settings) {
  OtlpAttributes base{{"gen_ai.operation.name", gen_ai_operation_name(run.endpoint_type)}};
  const std::string provider = !settings.gen_ai_provider.empty() ? settings.gen_ai_provider
                               : run.urls.empty()                ? "_OTHER"
                                                                 : gen_ai_provider_from_url(run.urls.front());
  base.push_back({"gen_ai.provider.name", provider});
  // The per-request lines do not name their model: with several models, no single one is true.
  if (run.models.size() == 1) base.push_back({"gen_ai.request.model", run.models.front()});
  return base;
}

OtlpAttributes resource_attributes(const FinishedRun& run, const OtelSettings& settings) {
  OtlpAttributes resource{{"service.name", std::string("aiperf")},
                          {"service.version", run.aiperf_version},
                          {"aiperf.benchmark_id", run.benchmark_id}};
  for (const auto& [key, value] : settings.resource_attributes) {
    auto same = std::find_if(resource.begin(), resource.end(), [&](const OtlpAttribute& a) { return a.key == key; });
    if (same != resource.end())
      same->value = value;  // the user's value wins, service.name included
    else
      resource.push_back({key, value});
  }
  return resource;
}

OtlpMetric number_metric(std::string name, std::string description, std::string unit, OtlpInstrument instrument,
                         std::variant<int64_t, double> value) {
  OtlpMetric m{std::move(name), std::move(description), std::move(unit), instrument, {}, {}};
  m.number_points.push_back({{}, value});
  return m;
}

// §10.1's timing instruments, those the exports can tell; the run is over, so nothing is in flight.
void add_timing_metrics(const FinishedRun& run, const RunTotals& t, std::vector<OtlpMetric>& out) {
  const int64_t completed = t.requests - t.cancelled;
  const int64_t sessions = int64_t(t.sessions.size()), cancelled_sessions = int64_t(t.cancelled_sessions.size());
  using I = OtlpInstrument;
  out.push_back(number_metric("aiperf.timing.requests.sent", "Requests sent in the profiling phase", "{request}",
                              I::counter, t.requests));
  out.push_back(number_metric("aiperf.timing.requests.completed", "Requests that ended with a reply or an error",
                              "{request}", I::counter, completed));
  out.push_back(number_metric("aiperf.timing.requests.errors", "Requests that failed (cancelled ones excluded)",
                              "{request}", I::counter, t.failed - t.cancelled));
  if (t.per_request) {
    out.push_back(number_metric("aiperf.timing.requests.cancelled", "Requests cancelled before their reply ended",
                                "{request}", I::counter, t.cancelled));
    out.push_back(number_metric("aiperf.timing.requests.in_flight", "Requests in flight when the run ended",
                                "{request}", I::up_down_counter, int64_t(0)));
    out.push_back(number_metric("aiperf.timing.sessions.sent", "Sessions (conversations) started", "{session}",
                                I::counter, sessions));
    out.push_back(number_metric("aiperf.timing.sessions.completed", "Sessions with no cancelled turn", "{session}",
                                I::counter, sessions - cancelled_sessions));
    out.push_back(number_metric("aiperf.timing.sessions.cancelled", "Sessions with a cancelled turn", "{session}",
                                I::counter, cancelled_sessions));
    out.push_back(number_metric("aiperf.timing.sessions.in_flight", "Sessions in flight when the run ended",
                                "{session}", I::up_down_counter, int64_t(0)));
    out.push_back(number_metric("aiperf.timing.turns_total", "Turns (requests) of all sessions", "{turn}", I::counter,
                                t.requests));
  }
  out.push_back(number_metric("aiperf.timing.phase.was_cancelled", "1 when the profiling phase was cut short", "1",
                              I::gauge, int64_t(run.was_cancelled ? 1 : 0)));
  const SummaryMetric* duration = run.find("benchmark_duration");
  if (duration && duration->stat("avg"))
    out.push_back(number_metric("aiperf.timing.phase.elapsed_sec", "Length of the profiling phase", "s", I::gauge,
                                *duration->stat("avg")));
}

// Without per-request lines (--export-level summary) the totals come from the summary.
RunTotals totals_from_summary(const FinishedRun& run) {
  RunTotals t;
  t.per_request = false;
  auto avg = [&](std::string_view tag) {
    const SummaryMetric* m = run.find(tag);
    return m && m->stat("avg") ? int64_t(*m->stat("avg")) : int64_t(0);
  };
  t.failed = avg("error_request_count");
  t.requests = avg("request_count") + t.failed;
  return t;
}

}  // namespace

OtlpExport build_run_metrics(const FinishedRun& run, const OtelSettings& settings) {
  OtlpExport out;
  out.resource = resource_attributes(run, settings);
  out.scope_name = "aiperf";
  out.scope_version = run.aiperf_version;

  const OtlpAttributes base = gen_ai_base(run, settings);
  HistogramFamily duration("gen_ai.client.operation.duration", "GenAI operation duration", "s", kGenAiDurationBounds);
  HistogramFamily ttfc("gen_ai.client.operation.time_to_first_chunk", "Time to receive the first chunk", "s",
                       kGenAiDurationBounds);
  HistogramFamily tpoc("gen_ai.client.operation.time_per_output_chunk",
                       "Time per output chunk after the first (the request's inter-token latency)", "s",
                       kGenAiDurationBounds);
  HistogramFamily tokens("gen_ai.client.token.usage", "Input and output tokens per request", "{token}",
                         kGenAiTokenBounds);
  std::vector<HistogramFamily> others;
  std::map<std::string, size_t, std::less<>> other_index;

  RunTotals totals;
  auto visit = [&](const RecordRow& row) {
    ++totals.requests;
    totals.failed += row.failed ? 1 : 0;
    totals.cancelled += row.cancelled ? 1 : 0;
    totals.sessions.insert(row.session_num);
    if (row.cancelled) totals.cancelled_sessions.insert(row.session_num);
    if (row.start_ns && (!totals.first_start_ns || row.start_ns < totals.first_start_ns))
      totals.first_start_ns = row.start_ns;
    totals.last_end_ns = std::max(totals.last_end_ns, std::max(row.end_ns, row.start_ns));
    if (!settings.stream_metrics) return;

    const std::string error = row.failed ? gen_ai_error_type(row.error_code, row.error_type, row.cancelled) : "";
    std::optional<double> seconds;
    for (const RecordValue& v : row.values) {
      if (v.tag == kLatencyTag) seconds = to_seconds(v.value, v.unit);
      if (row.failed) continue;  // a failed request's partial timings would skew the distributions
      if (v.tag == kTtftTag) {
        if (auto s = to_seconds(v.value, v.unit)) ttfc.add(base, "", "", *s);
      } else if (v.tag == kItlTag) {
        if (auto s = to_seconds(v.value, v.unit)) tpoc.add(base, "", "", *s);
      } else if (v.tag == kIslTag) {
        tokens.add(base, "", "input", v.value);
      } else if (v.tag == kOslTag) {
        tokens.add(base, "", "output", v.value);
      }
    }
    // A failed request's duration counts (with error.type), as the convention asks.
    if (!seconds && row.failed && row.start_ns && row.end_ns > row.start_ns)
      seconds = (row.end_ns - row.start_ns) / 1e9;
    if (seconds) duration.add(base, error, "", *seconds);

    for (const RecordValue& v : row.values) {
      if (v.tag == kLatencyTag || v.tag == kTtftTag || v.tag == kItlTag || v.tag == kIslTag || v.tag == kOslTag)
        continue;
      auto it = other_index.find(v.tag);
      if (it == other_index.end()) {
        it = other_index.emplace(std::string(v.tag), others.size()).first;
        others.emplace_back("aiperf." + std::string(v.tag), "aiperf record metric " + std::string(v.tag),
                            std::string(v.unit), kOtelDefaultBounds);
      }
      others[it->second].add(base, error, "", v.value);
    }
  };
  if (!run.records_file.empty())
    for_each_record(run.records_file, visit);
  else
    totals = totals_from_summary(run);

  for (HistogramFamily* f : {&duration, &ttfc, &tpoc, &tokens})
    if (!f->empty()) out.metrics.push_back(f->take());
  for (HistogramFamily& f : others) out.metrics.push_back(f.take());
  if (settings.stream_timing) add_timing_metrics(run, totals, out.metrics);

  out.start_unix_ns = totals.first_start_ns;
  out.end_unix_ns = std::max(totals.last_end_ns, totals.first_start_ns);
  if (const SummaryMetric* first = run.find("min_request_timestamp"); !out.start_unix_ns && first)
    out.start_unix_ns = int64_t(first->stat("avg").value_or(0));
  if (const SummaryMetric* last = run.find("max_response_timestamp"); !totals.last_end_ns && last)
    out.end_unix_ns = int64_t(last->stat("avg").value_or(0));
  return out;
}

}  // namespace aiperf
