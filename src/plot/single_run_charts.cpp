#include "plot/single_run_charts.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <numeric>
#include <stdexcept>

#include "plot/dispersed_throughput.h"
#include "plot/gpu_telemetry.h"
#include "plot/number_text.h"
#include "plot/rolling_percentile.h"

namespace aiperf::plot {
namespace {

constexpr std::size_t kRollingPoints = 2000;
constexpr std::size_t kThroughputBuckets = 400;

// Requests in start order (the table is in completion order).
std::vector<std::size_t> start_order(const RequestTable& r) {
  std::vector<std::size_t> order(r.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return r.start_ns[a] < r.start_ns[b]; });
  return order;
}

int64_t first_start(const RequestTable& r) {
  int64_t t0 = 0;
  for (std::size_t i = 0; i < r.size(); ++i)
    if (r.start_ns[i] != 0 && (t0 == 0 || r.start_ns[i] < t0)) t0 = r.start_ns[i];
  return t0;
}

std::size_t count_failed(const RequestTable& r) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < r.size(); ++i) n += r.failed(i) ? 1 : 0;
  return n;
}

// One valid request per point: x = start (s since the first start), y = the metric; plus the
// rolling p50/p90/p99 of the same values in start order.
Chart over_time(const RequestTable& r, const std::vector<std::size_t>& order, int64_t t0,
                const std::vector<double>& values, const char* name, const char* title, const char* axis) {
  Chart c;
  c.name = name;
  c.title = title;
  c.x = {.title = "Time since the first request", .unit = "s"};
  c.y = {.title = axis, .unit = "ms"};
  Series dots{.name = "requests", .kind = SeriesKind::points};
  std::vector<double> in_order;
  std::vector<std::size_t> in_order_request;
  for (std::size_t i : order) {
    if (r.failed(i) || std::isnan(values[i]) || r.start_ns[i] == 0) continue;
    dots.x.push_back(seconds_since(r.start_ns[i], t0));
    dots.y.push_back(values[i]);
    dots.request.push_back(i);
    in_order.push_back(values[i]);
    in_order_request.push_back(i);
  }
  if (dots.x.empty()) return c;
  const std::size_t window = rolling_window_for(in_order.size());
  c.series.push_back(std::move(dots));
  int colour = 1;
  for (double q : {50.0, 90.0, 99.0}) {
    Series line{.name = "p" + format_number(q) + " of the last " + format_count(window) + " requests",
                .kind = SeriesKind::line, .colour = colour++};
    for (const RollingPoint& p : rolling_percentile(in_order, window, q, kRollingPoints)) {
      line.x.push_back(seconds_since(r.start_ns[in_order_request[p.index]], t0));
      line.y.push_back(p.value);
    }
    c.series.push_back(std::move(line));
  }
  if (std::size_t failed = count_failed(r))
    c.notes.push_back(format_count(failed) + " failed requests are not drawn (they have no " + axis + ")");
  return c;
}

Chart throughput_over_time(const RequestTable& r, int64_t t0) {
  Chart c;
  c.name = "dispersed_throughput_over_time";
  c.title = "Output token throughput over time";
  c.subtitle = "Each request's tokens spread evenly over its decode";
  c.x = {.title = "Time since the first request", .unit = "s"};
  c.y = {.title = "Output token throughput", .unit = "tokens/sec"};
  const ThroughputCurve curve = dispersed_throughput(r, t0, kThroughputBuckets);
  if (curve.t_s.empty()) return c;
  c.series.push_back({.name = "", .kind = SeriesKind::area, .x = curve.t_s, .y = curve.tokens_per_s});
  c.notes.push_back("Averaged over " + format_number(curve.bucket_s * 1e3) + " ms buckets; area = " +
                    format_count(std::size_t(std::llround(curve.tokens))) + " output tokens");
  return c;
}

Chart timeline(const RequestTable& r, const std::vector<std::size_t>& order, int64_t t0) {
  Chart c;
  c.name = "ttft_timeline";
  c.title = "Request timeline";
  c.subtitle = "One line per request, from its start to its last byte; the prefill part (to the first token) marked";
  c.x = {.title = "Time since the first request", .unit = "s"};
  c.y = {.title = "Request (in start order)", .unit = "", .whole_numbers = true};
  std::vector<std::size_t> drawn;
  for (std::size_t i : order)
    if (r.start_ns[i] != 0 && r.end_ns[i] != 0) drawn.push_back(i);
  const std::size_t total = drawn.size();
  if (total == 0) return c;
  const std::size_t step = (total + kTimelineMaxRequests - 1) / kTimelineMaxRequests;
  Series prefill{.name = "prefill (start → first token)", .kind = SeriesKind::segments, .colour = 5};
  Series decode{.name = "decode (first token → end)", .kind = SeriesKind::segments, .colour = 4};
  Series failed{.name = "failed", .kind = SeriesKind::segments, .colour = 6};
  for (std::size_t k = 0; k < total; k += step) {
    const std::size_t i = drawn[k];
    const double row = double(k + 1);
    const double start = seconds_since(r.start_ns[i], t0), end = seconds_since(r.end_ns[i], t0);
    if (r.failed(i)) {
      failed.x.push_back(start), failed.x_end.push_back(end), failed.y.push_back(row), failed.request.push_back(i);
      continue;
    }
    const double first = std::isnan(r.ttft_ms[i]) ? start : std::min(end, start + r.ttft_ms[i] / 1e3);
    if (!std::isnan(r.ttft_ms[i]))
      prefill.x.push_back(start), prefill.x_end.push_back(first), prefill.y.push_back(row), prefill.request.push_back(i);
    decode.x.push_back(first), decode.x_end.push_back(end), decode.y.push_back(row), decode.request.push_back(i);
  }
  for (Series* s : {&decode, &prefill, &failed})
    if (!s->x.empty()) c.series.push_back(std::move(*s));
  if (step > 1)
    c.notes.push_back("One request in " + format_count(step) + " drawn (" + format_count(total) + " in all)");
  return c;
}

// Bars of one metric's per-slice average from profile_export_aiperf_timeslices.json.
Chart timeslice_bars(const nlohmann::json& slices, const char* name, const char* title, const std::string& tag,
                     const char* axis) {
  Chart c;
  c.name = name;
  c.title = title;
  c.x = {.title = "Time since the first slice", .unit = "s"};
  Series bars{.name = "", .kind = SeriesKind::bars};
  std::optional<int64_t> origin;
  std::string unit;
  for (const auto& s : slices) {
    if (!s.contains("start_ns") || !s.contains("end_ns")) continue;
    const int64_t start = s["start_ns"].get<int64_t>(), end = s["end_ns"].get<int64_t>();
    if (!origin) origin = start;
    auto m = s.find(tag);
    if (m == s.end() || !m->is_object() || !m->contains("avg") || !(*m)["avg"].is_number()) continue;
    unit = m->value("unit", "");
    const double from = seconds_since(start, *origin), length = seconds_since(end, start);
    if (!std::isfinite(from) || !(length > 0)) continue;  // a corrupt slice
    bars.x.push_back(from + length / 2);
    bars.y.push_back((*m)["avg"].get<double>());
    bars.width = std::max(bars.width, length * 0.9);
  }
  c.y = {.title = axis, .unit = unit};
  if (!bars.x.empty()) c.series.push_back(std::move(bars));
  return c;
}

void add_timeslice_charts(const RunArtifacts& run, std::vector<Chart>& charts) {
  if (run.timeslices_json.empty()) return;
  std::ifstream in(run.timeslices_json);
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(run.timeslices_json.string() + ": not JSON (" + e.what() + ")");
  }
  const nlohmann::json& slices = doc.contains("timeslices") ? doc["timeslices"] : nlohmann::json::array();
  struct Spec {
    const char *name, *title, *tag, *axis;
  };
  for (const Spec& s : {Spec{"timeslices_ttft", "Time to first token per timeslice (average)", "time_to_first_token", "Time to first token"},
                        Spec{"timeslices_itl", "Inter-token latency per timeslice (average)", "inter_token_latency", "Inter-token latency"},
                        Spec{"timeslices_throughput", "Output token throughput per timeslice", "output_token_throughput", "Output token throughput"},
                        Spec{"timeslices_latency", "Request latency per timeslice (average)", "request_latency", "Request latency"}}) {
    Chart c = timeslice_bars(slices, s.name, s.title, s.tag, s.axis);
    if (!c.series.empty()) charts.push_back(std::move(c));
  }
}

// GPU utilisation per GPU (left) with the dispersed output throughput (right), over the requests'
// span; only with GPU telemetry. AMD's GFX activity stands in when no NVIDIA sample exists.
Chart gpu_utilization_chart(const RunArtifacts& run, const RequestTable& r, int64_t t0) {
  Chart c;
  c.name = "gpu_utilization_and_throughput_over_time";
  c.title = "GPU utilization and output token throughput over time";
  c.x = {.title = "Time since the first request", .unit = "s"};
  const GpuUtilization u = read_gpu_utilization(run.gpu_telemetry_jsonl, t0);
  const bool amd = u.metric == "amd_gfx_activity";
  c.y = {.title = amd ? "GFX activity" : "GPU utilization", .unit = "%", .min = 0.0, .max = 100.0};
  if (amd) c.subtitle = "AMD GFX activity (amd_gfx_activity): not comparable with NVIDIA GPU utilization";
  const ThroughputCurve curve = dispersed_throughput(r, t0, kThroughputBuckets);
  // 1 µs of slack: a sample taken as the last request ended must not fall out to rounding.
  const double end = curve.t_s.empty() ? 0 : curve.t_s.back() + curve.bucket_s / 2 + 1e-6;
  int colour = 0;
  for (const GpuUtilization::Gpu& g : u.gpus) {
    Series s{.name = g.name, .kind = SeriesKind::line, .colour = colour++};
    for (std::size_t i = 0; i < g.t_s.size(); ++i)
      if (g.t_s[i] >= 0 && g.t_s[i] <= end) s.x.push_back(g.t_s[i]), s.y.push_back(g.percent[i]);
    if (!s.x.empty()) c.series.push_back(std::move(s));
  }
  if (c.series.empty() || curve.t_s.empty()) return {};
  c.y2 = Axis{.title = "Output token throughput", .unit = "tokens/sec", .min = 0.0};
  c.series.push_back({.name = "output tokens/sec (dispersed)", .kind = SeriesKind::line, .x = curve.t_s,
                      .y = curve.tokens_per_s, .colour = colour, .dashed = true, .secondary_y = true});
  return c;
}

}  // namespace

std::vector<Chart> single_run_charts(const RunArtifacts& run) {
  std::vector<Chart> charts;
  if (run.requests) {
    const RequestTable& r = *run.requests;
    const std::vector<std::size_t> order = start_order(r);
    const int64_t t0 = first_start(r);
    for (Chart c : {over_time(r, order, t0, r.ttft_ms, "ttft_over_time", "Time to first token over time", "Time to first token"),
                    over_time(r, order, t0, r.itl_ms, "itl_over_time", "Inter-token latency over time", "Inter-token latency"),
                    over_time(r, order, t0, r.latency_ms, "latency_over_time", "Request latency over time", "Request latency"),
                    throughput_over_time(r, t0), timeline(r, order, t0)})
      if (!c.series.empty()) charts.push_back(std::move(c));
  }
  add_timeslice_charts(run, charts);
  if (run.requests && !run.gpu_telemetry_jsonl.empty()) {
    Chart c = gpu_utilization_chart(run, *run.requests, first_start(*run.requests));
    if (!c.series.empty()) charts.push_back(std::move(c));
  }
  return charts;
}

}  // namespace aiperf::plot
