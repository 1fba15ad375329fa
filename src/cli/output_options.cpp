// clang-format off
#include "cli/option_choices.h"
#include "cli/option_table.h"

namespace aiperf {

std::span<const OptionSpec> goodput_options() {
  static const OptionSpec kOptions[] = {
      {.names = "--goodput",
       .metavar = "TAG:VALUE",
       .sink = &RawFlags::goodput,
       .help = "SLOs, e.g. \"time_to_first_token:100 inter_token_latency:3.4\" (display units).",
       .yaml = "slos"},
  };
  return kOptions;
}

std::span<const OptionSpec> output_options() {
  static const OptionSpec kOptions[] = {
      {.names = "--output-artifact-dir,--artifact-dir",
       .metavar = "DIR",
       .sink = &RawFlags::artifact_dir,
       .help = "Artifact directory (default artifacts).",
       .yaml = "artifacts.dir"},
      {.names = "--export-level,--profile-export-level",
       .metavar = "LEVEL",
       .sink = &RawFlags::export_level,
       .help = "summary, records (default) or raw.",
       .yaml = "artifacts.export_level",
       .choices = export_level_choices},
      {.names = "--export-outputs-json",
       .sink = &RawFlags::export_outputs_json,
       .help = "Also write outputs.json: each response's text with its key metrics (implied by --export-level raw).",
       .yaml = "artifacts.outputs_json"},
      {.names = "--profile-export-prefix,--profile-export-file",
       .metavar = "NAME",
       .sink = &RawFlags::profile_export_prefix,
       .help = "Stem of every export file name (NAME.json, NAME.csv, NAME.jsonl, NAME_raw.jsonl, ...).",
       .yaml = "artifacts.prefix"},
      {.names = "--slice-duration",
       .metavar = "SECONDS",
       .sink = &RawFlags::slice_duration,
       .help = "Also write per-slice statistics (<stem>_timeslices.json/.csv) for slices this long.",
       .yaml = "artifacts.slice_duration"},
      {.names = "--fail-on-client-bound",
       .sink = &RawFlags::fail_on_client_bound,
       .help = "Exit with status 3 (after writing every artifact) when the client was the bottleneck.",
       .yaml = "runtime.fail_on_client_bound"},
      {.names = "--show-trace-timing",
       .sink = &RawFlags::show_trace_timing,
       .help = "Compute the HTTP trace metrics (http_req_*) and print their table.",
       .yaml = "artifacts.show_trace_timing"},
      {.names = "--export-http-trace",
       .sink = &RawFlags::export_http_trace,
       .help = "Add each request's HTTP trace (trace_data) to profile_export.jsonl.",
       .yaml = "artifacts.trace"},
      {.names = "--auto-plot,!--no-auto-plot",
       .sink = &RawFlags::auto_plot,
       .help = "Run `aiperf plot` on the artifacts after the benchmark (after the whole sweep for a study).",
       .yaml = "artifacts.auto_plot"},
      {.names = "--gen-ai-provider", .owner = "issue 21: telemetry and exporters"},
      {.names = "--mlflow-artifact-glob", .owner = "issue 21: telemetry and exporters"},
      {.names = "--mlflow-experiment", .owner = "issue 21: telemetry and exporters"},
      {.names = "--mlflow-parent-run-id", .owner = "issue 21: telemetry and exporters"},
      {.names = "--mlflow-run-name", .owner = "issue 21: telemetry and exporters"},
      {.names = "--mlflow-tag", .owner = "issue 21: telemetry and exporters"},
      {.names = "--mlflow-tracking-uri", .owner = "issue 21: telemetry and exporters"},
      {.names = "--otel-resource-attributes", .owner = "issue 21: telemetry and exporters"},
      {.names = "--otel-url", .owner = "issue 21: telemetry and exporters"},
      {.names = "--plot-required",
       .sink = &RawFlags::plot_required,
       .help = "Exit non-zero when --auto-plot fails (by default a failed plot is a warning).",
       .yaml = "artifacts.plot_required"},
      {.names = "--stream", .owner = "issue 21: telemetry and exporters"},
      {.names = "--wandb-entity", .owner = "issue 21: telemetry and exporters"},
      {.names = "--wandb-project", .owner = "issue 21: telemetry and exporters"},
      {.names = "--wandb-run-name", .owner = "issue 21: telemetry and exporters"},
      {.names = "--wandb-tag", .owner = "issue 21: telemetry and exporters"},
  };
  return kOptions;
}

std::span<const OptionSpec> telemetry_options() {
  static const OptionSpec kOptions[] = {
      {.names = "--ui-type,--ui",
       .metavar = "TYPE",
       .sink = &RawFlags::ui_type,
       .help = "dashboard (full-screen live view; default on a terminal), simple (progress lines and a "
               "real-time block; default with -v and for studies) or none (logs only; default otherwise).",
       .yaml = "runtime.ui",
       .choices = ui_type_choices},
      {.names = "--gpu-telemetry", .owner = "issue 21: telemetry and exporters"},
      {.names = "--network-latency-automatic", .owner = "issue 21: telemetry and exporters"},
      {.names = "--network-latency-mean", .owner = "issue 21: telemetry and exporters"},
      {.names = "--network-latency-ping-interval", .owner = "issue 21: telemetry and exporters"},
      {.names = "--no-gpu-telemetry", .owner = "issue 21: telemetry and exporters"},
      {.names = "--no-server-metrics", .owner = "issue 21: telemetry and exporters"},
      {.names = "--server-metrics", .owner = "issue 21: telemetry and exporters"},
      {.names = "--server-metrics-formats", .owner = "issue 21: telemetry and exporters"},
  };
  return kOptions;
}

std::span<const OptionSpec> accuracy_options() {
  static const OptionSpec kOptions[] = {
      {.names = "--accuracy-benchmark", .owner = "issue 24: accuracy, video, prompt options"},
      {.names = "--accuracy-enable-cot", .owner = "issue 24: accuracy, video, prompt options"},
      {.names = "--accuracy-grader", .owner = "issue 24: accuracy, video, prompt options"},
      {.names = "--accuracy-n-shots", .owner = "issue 24: accuracy, video, prompt options"},
      {.names = "--accuracy-no-enable-cot", .owner = "issue 24: accuracy, video, prompt options"},
      {.names = "--accuracy-system-prompt", .owner = "issue 24: accuracy, video, prompt options"},
      {.names = "--accuracy-tasks", .owner = "issue 24: accuracy, video, prompt options"},
      {.names = "--accuracy-verbose", .owner = "issue 24: accuracy, video, prompt options"},
  };
  return kOptions;
}

std::span<const OptionSpec> service_options() {
  static const OptionSpec kOptions[] = {
      {.names = "--workers-max,--max-workers",
       .metavar = "INT",
       .sink = &RawFlags::workers_max,
       .help = "Worker threads (default: from the CPU count, capped by concurrency).",
       .yaml = "runtime.workers"},
      {.names = "--log-level",
       .metavar = "LEVEL",
       .sink = &RawFlags::log_level,
       .help = "TRACE, DEBUG, INFO (default), NOTICE, WARNING, SUCCESS, ERROR or CRITICAL: the level of <artifact-dir>/logs/aiperf.log, and of stderr when given (default: warnings only).",
       .yaml = "logging.level",
       .choices = log_level_choices},
      {.names = "-v,--verbose",
       .sink = &RawFlags::verbose,
       .help = "Debug logging (--log-level DEBUG); -vv for trace."},
      {.names = "--extra-verbose",
       .sink = &RawFlags::extra_verbose,
       .help = "Trace logging."},
      {.names = "--api-host", .owner = "issue 22: cluster runs"},
      {.names = "--api-port", .owner = "issue 22: cluster runs"},
      {.names = "--record-processor-service-count", .owner = "issue 22: cluster runs"},
      {.names = "--record-processors", .owner = "issue 22: cluster runs"},
      {.names = "--stats-interval",
       .metavar = "SECONDS",
       .sink = &RawFlags::stats_interval,
       .help = "Real-time metrics period, 0 to 1000 s (default 5 with the dashboard, else 30); 0: no real-time "
               "block.",
       .yaml = "runtime.stats_interval"},
      {.names = "--zmq-dual-bind", .owner = "issue 22: cluster runs"},
      {.names = "--zmq-host", .owner = "issue 22: cluster runs"},
      {.names = "--zmq-ipc-path", .owner = "issue 22: cluster runs"},
  };
  return kOptions;
}
}  // namespace aiperf
