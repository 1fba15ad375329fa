#include "cli/unsupported_flags.h"

namespace aiperf {

// Names from upstream's generated CLI reference (cli-and-load.md §3) minus the ones
// profile_cli.cpp implements. Remove a name here when its feature lands.
std::span<const std::string_view> unsupported_profile_flags() {
  // clang-format off
  static constexpr std::string_view kFlags[] = {
      "--accuracy-benchmark", "--accuracy-enable-cot", "--accuracy-grader", "--accuracy-n-shots",
      "--accuracy-no-enable-cot", "--accuracy-system-prompt", "--accuracy-tasks",
      "--accuracy-verbose", "--agentic-cache-warmup-duration", "--agentic-warmup-grace-period",
      "--allow-dataset-wrap", "--api-host", "--api-port", "--apply-chat-template",
      "--auto-plot", "--batch-size",
      "--batch-size-text", "--batch-size-video", "--bo-constraint-mode", "--burst-phase-starts",
      "--cache-bust", "--concurrency-max", "--concurrency-min",
      "--concurrency-steps", "--confidence-level", "--config",
      "--convergence-metric", "--convergence-mode", "--convergence-stat",
      "--convergence-threshold",
      "--dataset-sampling-strategy", "--degradation-metric-tag",
      "--degradation-stat", "--degradation-threshold", "--e2e-sla-ms",
      "--error-rate-sla",
      "--gen-ai-provider", "--gpu-telemetry",
      "--isl-max", "--isl-min", "--isl-osl-pairs", "--isl-steps",
      "--itl-sla-ms",
      "--mlflow-artifact-glob", "--mlflow-experiment", "--mlflow-parent-run-id",
      "--mlflow-run-name", "--mlflow-tag", "--mlflow-tracking-uri",
      "--network-latency-automatic", "--network-latency-mean", "--network-latency-ping-interval",
      "--no-allow-dataset-wrap", "--no-auto-plot",
      "--no-gpu-telemetry", "--no-open-loop-replay", "--no-parameter-sweep-same-seed",
      "--no-profile-run-disable-warmup-after-first", "--no-server-metrics",
      "--no-set-consistent-seed", "--no-sweep-table", "--no-vary-seed-per-trial",
      "--num-profile-runs", "--num-warmup-sessions", "--optuna-acquisition", "--optuna-sampler", "--optuna-terminator",
      "--osl-max", "--osl-min", "--osl-steps", "--otel-resource-attributes", "--otel-url",
      "--parameter-sweep-cooldown-seconds", "--parameter-sweep-mode",
      "--parameter-sweep-same-seed", "--plot-required",
      "--profile-run-cooldown-seconds", "--profile-run-disable-warmup-after-first",
      "--prompt-batch-size", "--prompt-corpus",
      "--random-corpus-style", "--random-range-ratio", "--record-processor-service-count",
      "--record-processors",
      "--reset-kv-cache", "--reset-kv-cache-path", "--reset-kv-cache-timeout-seconds",
      "--scenario", "--search-direction", "--search-initial-points", "--search-max-iterations",
      "--search-metric", "--search-percentile-pooling", "--search-planner",
      "--search-random-seed", "--search-recipe", "--search-sla", "--search-sla-tier",
      "--search-space", "--search-stat", "--search-style", 
      "--server-metrics", "--server-metrics-formats",
      "--server-profiler", "--server-profiler-start-path", "--server-profiler-stop-path",
      "--server-profiler-timeout-seconds", "--session-arrival-pattern", "--session-arrival-rate",
      "--session-arrival-smoothness", "--set-consistent-seed", 
      "--slo-attainment-fraction", "--stats-interval",
      "--stream", "--sweep-type", "--sweep-variant", "--synthesis-max-isl",
      "--synthesis-output-len-multiplier", "--synthesis-prefix-len-multiplier",
      "--synthesis-prefix-root-multiplier", "--synthesis-prompt-len-multiplier",
      "--synthesis-speedup-ratio",
      "--system-idle-gap-cap-seconds", "--system-prompt", "--system-prompt-file",
      "--tpot-sla-ms",
      "--trajectory-start-max-ratio", "--trajectory-start-min-ratio", "--ttft-sla-ms", "--unsafe-override",
      "--variant", "--vary-seed-per-trial", "--video-audio-codec",
      "--video-audio-depth", "--video-audio-num-channels", "--video-audio-sample-rate",
      "--video-batch-size", "--video-codec", "--video-duration", "--video-format", "--video-fps",
      "--video-height", "--video-synth-type", "--video-width",
      "--wait-for-model-interval", "--wait-for-model-mode", "--wait-for-model-timeout",
      "--wandb-entity", "--wandb-project", "--wandb-run-name", "--wandb-tag",
      "--zmq-dual-bind", "--zmq-host", "--zmq-ipc-path",
      "-b", "-f",
  };
  // clang-format on
  return kFlags;
}

}  // namespace aiperf
