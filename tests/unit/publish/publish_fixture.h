#pragma once
// A small finished run for the publish tests: an artifact directory with a summary
// (profile_export_aiperf.json) and four per-request lines (profile_export.jsonl: three
// successes, one HTTP 500), and the FinishedRun that publish_run would build for it.
#include <fstream>
#include <string>

#include "../support/temp_dir.h"
#include "publish/finished_run.h"

namespace aiperf::testing {

inline const char* kFixtureSummary = R"({
  "schema_version": "1.5",
  "aiperf_version": "0.1.0",
  "benchmark_id": "0123456789abcdef0123456789abcdef",
  "request_throughput": {"unit": "requests/sec", "avg": 12.5},
  "request_latency": {"unit": "ms", "avg": 200.0, "p1": 100.0, "p50": 200.0, "p99": 300.0, "min": 100.0,
                      "max": 300.0, "std": 81.6, "count": 3, "sum": 600.0},
  "time_to_first_token": {"unit": "ms", "avg": 20.0, "p50": 20.0, "p90": 29.0, "p99": 30.0, "min": 10.0, "max": 30.0,
                          "std": 8.2, "count": 3, "sum": 60.0},
  "request_count": {"unit": "requests", "avg": 3.0},
  "error_request_count": {"unit": "requests", "avg": 1.0},
  "benchmark_duration": {"unit": "sec", "avg": 0.5},
  "min_request_timestamp": {"unit": "ns", "avg": 1.7e18},
  "max_response_timestamp": {"unit": "ns", "avg": 1.7000000005e18},
  "input_config": {"endpoint": {"type": "chat"}},
  "was_cancelled": false
})";

inline std::string fixture_record(int session, double latency_ms, double ttft_ms, double itl_ms, int isl, int osl) {
  const std::string start = std::to_string(1700000000000000000LL + session * 1000000LL);
  return R"({"metadata":{"session_num":)" + std::to_string(session) + R"(,"request_start_ns":)" + start +
         R"(,"request_end_ns":)" +
         std::to_string(1700000000000000000LL + session * 1000000LL + int64_t(latency_ms * 1e6)) +
         R"(,"benchmark_phase":"profiling"},"metrics":{"request_latency":{"value":)" + std::to_string(latency_ms) +
         R"(,"unit":"ms"},"time_to_first_token":{"value":)" + std::to_string(ttft_ms) +
         R"(,"unit":"ms"},"inter_token_latency":{"value":)" + std::to_string(itl_ms) +
         R"(,"unit":"ms"},"input_sequence_length":{"value":)" + std::to_string(isl) +
         R"(,"unit":"tokens"},"output_sequence_length":{"value":)" + std::to_string(osl) +
         R"(,"unit":"tokens"},"inter_chunk_latency":{"value":[1.0,2.0],"unit":"ms"}}})";
}

struct FixtureRun {
  TempDir dir;
  FinishedRun run;
  FixtureRun() {
    std::ofstream(dir.path / "profile_export_aiperf.json") << kFixtureSummary;
    std::ofstream jsonl(dir.path / "profile_export.jsonl");
    jsonl
        << R"({"metadata":{"session_num":9,"benchmark_phase":"warmup"},"metrics":{"request_latency":{"value":5,"unit":"ms"}}})"
        << "\n";
    jsonl << fixture_record(0, 100, 10, 5, 32, 16) << "\n";
    jsonl << fixture_record(1, 200, 20, 6, 64, 16) << "\n";
    jsonl << fixture_record(2, 300, 30, 7, 32, 8) << "\n";
    jsonl
        << R"({"metadata":{"session_num":3,"request_start_ns":1700000000003000000,"request_end_ns":1700000000053000000,)"
           R"("benchmark_phase":"profiling"},"metrics":{"error_isl":{"value":32,"unit":"tokens"}},)"
           R"("error":{"code":500,"type":"Internal Server Error","message":"boom"}})"
        << "\n";
    jsonl.close();
    run.artifact_dir = dir.path;
    run.records_file = dir.path / "profile_export.jsonl";
    run.benchmark_id = "0123456789abcdef0123456789abcdef";
    run.aiperf_version = "0.1.0";
    run.cli_command = "aiperf profile -m mock-model";
    run.endpoint_type = "chat";
    run.models = {"mock-model"};
    run.urls = {"http://127.0.0.1:8000"};
    run.timing_mode = "request_rate";
    run.concurrency = 4;
    run.request_count = 4;
    run.metrics = read_summary_metrics(dir.path / "profile_export_aiperf.json");
  }
};

}  // namespace aiperf::testing
