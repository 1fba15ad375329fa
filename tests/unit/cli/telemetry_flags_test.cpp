// Telemetry and exporter options (cli-and-load.md §3.15, §3.16; docs/telemetry.md).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "parse_helpers.h"

namespace aiperf {
namespace {

using cli_test::flag_error;
using cli_test::parse_flags;

TEST(TelemetryFlags, ServerMetricsAreOnByDefaultWithJsonAndCsv) {
  const ProfileConfig c = parse_flags({});
  EXPECT_TRUE(c.server_metrics.enabled);
  EXPECT_TRUE(c.server_metrics.json && c.server_metrics.csv);
  EXPECT_FALSE(c.server_metrics.jsonl || c.server_metrics.parquet);
  EXPECT_TRUE(c.gpu_telemetry.enabled);
  EXPECT_FALSE(c.gpu_telemetry.console);
  EXPECT_FALSE(c.network_latency.enabled());
  EXPECT_TRUE(c.otel.url.empty() && c.mlflow.tracking_uri.empty() && c.wandb.project.empty());
}

TEST(TelemetryFlags, ServerMetricsUrlsFormatsAndOff) {
  ProfileConfig c = parse_flags({"--server-metrics", "node1:8000", "https://n2/prom/metrics,n3:9", "--server-metrics-formats",
                                 "jsonl", "parquet"});
  EXPECT_EQ(c.server_metrics.extra_urls, (std::vector<std::string>{"http://node1:8000/metrics", "https://n2/prom/metrics",
                                                                    "http://n3:9/metrics"}));
  EXPECT_TRUE(c.server_metrics.jsonl && c.server_metrics.parquet && !c.server_metrics.json && !c.server_metrics.csv);
  EXPECT_TRUE(parse_flags({"--server-metrics"}).server_metrics.enabled);  // the bare flag: on, nothing added
  EXPECT_FALSE(parse_flags({"--no-server-metrics"}).server_metrics.enabled);
  EXPECT_EQ(flag_error({"--server-metrics-formats", "xml"}),
            "--server-metrics-formats: unknown format 'xml' (expected json, csv, jsonl or parquet)");
}

TEST(TelemetryFlags, GpuTelemetryTokensCombine) {
  ProfileConfig c = parse_flags({"--gpu-telemetry"});
  EXPECT_TRUE(c.gpu_telemetry.console);
  EXPECT_TRUE(c.gpu_telemetry.extra_urls.empty());
  c = parse_flags({"--gpu-telemetry", "node1:9400", "dashboard", "http://n2:9401/metrics"});
  EXPECT_EQ(c.gpu_telemetry.extra_urls, (std::vector<std::string>{"http://node1:9400/metrics", "http://n2:9401/metrics"}));
  EXPECT_TRUE(c.gpu_telemetry.dashboard);
  c = parse_flags({"--gpu-telemetry", "PYNVML"});
  EXPECT_EQ(c.gpu_telemetry.source, GpuTelemetrySource::pynvml);
  EXPECT_FALSE(parse_flags({"--no-gpu-telemetry"}).gpu_telemetry.enabled);
  EXPECT_NE(flag_error({"--gpu-telemetry", "pynvm"}).find("--gpu-telemetry: unknown value 'pynvm'"), std::string::npos);
  EXPECT_EQ(flag_error({"--gpu-telemetry", "pynvml", "amdsmi"}), "--gpu-telemetry: pynvml and amdsmi cannot be combined");
  EXPECT_EQ(flag_error({"--gpu-telemetry", "pynvml", "node:9400"}),
            "--gpu-telemetry: node:9400 feeds DCGM and cannot be combined with local polling (pynvml)");
  EXPECT_EQ(flag_error({"--gpu-telemetry", "/nonexistent/fields.csv"}),
            "--gpu-telemetry: DCGM field file '/nonexistent/fields.csv' does not exist");
  EXPECT_EQ(flag_error({"--gpu-telemetry", "--no-gpu-telemetry"}),
            "--gpu-telemetry and --no-gpu-telemetry contradict each other");
}

TEST(TelemetryFlags, NetworkLatency) {
  ProfileConfig c = parse_flags({"--network-latency-automatic", "--network-latency-ping-interval", "0.25"});
  EXPECT_TRUE(c.network_latency.automatic);
  EXPECT_EQ(c.network_latency.ping_interval_s, 0.25);
  c = parse_flags({"--network-latency-mean", "1.5"});
  EXPECT_EQ(c.network_latency.mean_ms, 1.5);
  EXPECT_EQ(flag_error({"--network-latency-automatic", "--network-latency-mean", "1"}),
            "--network-latency-automatic and --network-latency-mean exclude each other");
  EXPECT_EQ(flag_error({"--network-latency-ping-interval", "1"}),
            "--network-latency-ping-interval needs --network-latency-automatic");
}

TEST(TelemetryFlags, Exporters) {
  ProfileConfig c = parse_flags({"--otel-url", "127.0.0.1:4318", "--otel-resource-attributes", "team=perf,site=a",
                                 "--stream", "timing", "--gen-ai-provider", "vllm"});
  EXPECT_EQ(c.otel.url, "127.0.0.1:4318");
  ASSERT_EQ(c.otel.resource_attributes.size(), 2u);
  EXPECT_EQ(c.otel.resource_attributes[1], (std::pair<std::string, std::string>{"site", "a"}));
  EXPECT_TRUE(c.otel.stream_timing && !c.otel.stream_metrics);
  EXPECT_EQ(c.otel.gen_ai_provider, "vllm");
  c = parse_flags({"--mlflow-tracking-uri", "http://127.0.0.1:5000", "--mlflow-tag", "a:b", "--mlflow-tag", "c=d",
                   "--mlflow-artifact-glob", "*.json"});
  ASSERT_EQ(c.mlflow.tags.size(), 2u);
  EXPECT_EQ(c.mlflow.tags[1].first, "c");
  EXPECT_EQ(c.mlflow.artifact_globs, std::vector<std::string>{"*.json"});
  c = parse_flags({"--wandb-project", "p", "--wandb-tag", "x", "--wandb-tag", "y"});
  EXPECT_EQ(c.wandb.tags, (std::vector<std::string>{"x", "y"}));
  EXPECT_EQ(flag_error({"--stream", "metrics"}), "--stream needs --otel-url");
  EXPECT_EQ(flag_error({"--otel-url", "h", "--otel-resource-attributes", "novalue"}),
            "--otel-resource-attributes: expected key=value, got 'novalue'");
  EXPECT_EQ(flag_error({"--mlflow-experiment", "e"}), "--mlflow-experiment needs --mlflow-tracking-uri");
  EXPECT_EQ(flag_error({"--wandb-tag", "t"}), "--wandb-tag needs --wandb-project");
}

}  // namespace
}  // namespace aiperf
