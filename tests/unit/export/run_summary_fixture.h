#pragma once
// Hand-built run results shared by the export tests.
#include <string>

#include "config/profile_config.h"
#include "export/exporter.h"
#include "metrics/metric_result.h"

namespace aiperf::testing {

inline MetricResult distribution(std::string tag, std::string header, std::string unit, int order, double avg) {
  MetricResult m;
  m.tag = std::move(tag);
  m.header = std::move(header);
  m.unit = std::move(unit);
  m.display_order = order;
  m.distribution = true;
  m.avg = avg;
  m.min = avg - 10;
  m.max = avg + 10;
  m.p1 = avg - 9;
  m.p5 = avg - 8;
  m.p10 = avg - 7;
  m.p25 = avg - 5;
  m.p50 = avg;
  m.p75 = avg + 5;
  m.p90 = avg + 7;
  m.p95 = avg + 8;
  m.p99 = avg + 9;
  m.std = 1.5;
  m.count = 4;
  m.sum = avg * 4;
  return m;
}

inline MetricResult aggregate(std::string tag, std::string header, std::string unit, int order, double avg) {
  MetricResult m;
  m.tag = std::move(tag);
  m.header = std::move(header);
  m.unit = std::move(unit);
  m.display_order = order;
  m.avg = avg;
  return m;
}

// A streaming chat run: four requests, one error kind.
inline RunSummary sample_summary() {
  RunSummary s;
  s.metrics.push_back(distribution("request_latency", "Request Latency", "ms", 300, 812.55));
  s.metrics.push_back(distribution("time_to_first_token", "Time to First Token", "ms", 100, 41.07));
  MetricResult osl = distribution("output_sequence_length", "Output Sequence Length", "tokens", 600, 250);
  osl.integer_samples = true;
  s.metrics.push_back(osl);
  s.metrics.push_back(distribution("output_token_throughput_per_user", "Output Token Throughput Per User",
                                   "tokens/sec/user", 500, 329.1));
  s.metrics.push_back(aggregate("request_throughput", "Request Throughput", "requests/sec", 900, 12.31));
  s.metrics.push_back(aggregate("request_count", "Request Count", "requests", 1100, 4));
  s.metrics.push_back(aggregate("output_token_throughput", "Output Token Throughput", "tokens/sec", 800, 3077.3));
  MetricResult duration = aggregate("benchmark_duration", "Benchmark Duration", "sec", -1, 20.31);
  duration.console = false;
  s.metrics.push_back(duration);
  s.metrics.push_back(aggregate("request_error_rate", "Request Error Rate", "%", 1080, 20.0));
  s.errors.push_back({ErrorDetails{500, "Internal Server Error", "boom"}, 1234});
  s.errors.push_back({ErrorDetails{std::nullopt, "", "connection reset"}, 1});
  s.valid_count = 4;
  s.error_count = 1235;
  return s;
}

inline ProfileConfig sample_config() {
  ProfileConfig c;
  c.model_names = {"Qwen/Qwen3-0.6B"};
  c.streaming = true;
  c.concurrency = 10;
  c.cli_command = "aiperf profile --model Qwen/Qwen3-0.6B --streaming --concurrency 10";
  return c;
}

inline RunInfo sample_info() {
  RunInfo info;
  info.benchmark_id = "5f0c1e0d9b4a4c7e8e2f7a51d3c2b1aa";
  info.start_wall_ns = 1'772'460'311'532'001'000;
  info.end_wall_ns = 1'772'460'331'845'220'000;
  return info;
}

}  // namespace aiperf::testing
