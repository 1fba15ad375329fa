#include "app/profile_run.h"

#include <atomic>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>

#include "app/client_self_check.h"
#include "app/interrupt.h"
#include "common/block_file_stream.h"
#include "common/clock.h"
#include "common/uuid.h"
#include "dataset/dataset.h"
#include "dataset/input_file_dataset.h"
#include "dataset/public_dataset.h"
#include "endpoints/request_builder.h"
#include "export/artifact_layout.h"
#include "export/console_report.h"
#include "export/exporter.h"
#include "metrics/goodput.h"
#include "metrics/record_metrics.h"
#include "export/outputs_json.h"
#include "export/record_parquet.h"
#include "metrics/record_processor.h"
#include "metrics/replay_lag.h"
#include "records/record_collector.h"
#include "timing/credit_issuer.h"
#include "timing/fixed_schedule.h"
#include "timing/phase.h"
#include "transport/preflight.h"
#include "transport/tls_context.h"
#include "transport/worker.h"

namespace aiperf {

namespace {

// --fail-on-client-bound: distinct from 1 (errors) and 130 (interrupted), so scripts can tell
// "the client could not keep up" from "the run failed".
constexpr int kClientBoundExitCode = 3;

// How long the pre-run reachability probe may take.
constexpr double kProbeTimeoutSeconds = 10.0;


// What the run sends, and for a trace replay when (FixedSchedule::offsets_ns).
struct Workload {
  Dataset dataset;
  std::vector<int64_t> schedule_ns;
};

Workload build_workload(const ProfileConfig& config, const Tokenizer& tokenizer) {
  if (config.public_dataset) return {load_public_dataset(config, tokenizer, std::cout), {}};
  if (!config.input_file) return {build_synthetic_dataset(config, tokenizer), {}};
  FileDataset file = load_input_file(config, tokenizer);
  if (!config.fixed_schedule) return {std::move(file.dataset), {}};
  FixedSchedule schedule = build_fixed_schedule(std::move(file), config);
  return {std::move(schedule.dataset), std::move(schedule.offsets_ns)};
}


// Under a fixed schedule a later turn with a timestamp goes at its trace time (§4.3);
// elsewhere timestamps are ignored and delays apply.
std::vector<ConversationShape> conversation_shapes(const Dataset& dataset, bool fixed_schedule) {
  std::vector<ConversationShape> shapes(dataset.entries.size());
  for (size_t i = 0; i < shapes.size(); ++i)
    for (const DatasetTurn& t : dataset.entries[i].later_turns) {
      shapes[i].delay_ns.push_back(int64_t(t.delay_ms * 1e6));
      if (fixed_schedule) shapes[i].at_ns.push_back(t.timestamp_ms ? std::llround(*t.timestamp_ms * 1e6) : -1);
    }
  return shapes;
}

const PhaseOutcome* find_phase(const std::vector<PhaseOutcome>& outcomes, BenchmarkPhase phase) {
  for (const auto& o : outcomes)
    if (o.phase == phase) return &o;
  return nullptr;
}

// --failed-request-threshold (cli-and-load.md §3.10): once max(concurrency, 10) profiling
// records are in, a failed fraction above the threshold stops the run. Record thread only.
class FailureThreshold {
 public:
  explicit FailureThreshold(const ProfileConfig& config)
      : threshold_(config.failed_request_threshold),
        armed_after_(std::max<int64_t>(10, config.concurrency.value_or(1))) {}

  bool tripped_by(const RecordProcessor& processor) {
    if (!threshold_ || tripped_.load(std::memory_order_relaxed)) return false;
    const int64_t total = processor.profiling_records();
    if (total < armed_after_) return false;
    const int64_t failed = processor.profiling_errors();
    if (double(failed) / double(total) <= *threshold_) return false;
    reason_ = "failed request threshold exceeded: " + std::to_string(failed) + " of " + std::to_string(total) +
              " requests failed (more than " + python_float_repr(*threshold_) + ")";
    tripped_.store(true, std::memory_order_release);
    return true;
  }
  // Main thread, after the record thread has finished.
  bool tripped() const { return tripped_.load(std::memory_order_acquire); }
  const std::string& reason() const { return reason_; }

 private:
  std::optional<double> threshold_;
  int64_t armed_after_;
  std::atomic<bool> tripped_{false};
  std::string reason_;
};

std::string load_description(const ProfileConfig& config, size_t scheduled) {
  if (config.user_centric_rate)
    return "user-centric rate " + python_float_repr(*config.user_centric_rate) + " req/s over " +
           std::to_string(config.num_users.value_or(1)) + " users";
  if (config.fixed_schedule)
    return "a fixed schedule of " + std::to_string(scheduled) + " requests" +
           (config.concurrency ? ", concurrency cap " + std::to_string(*config.concurrency) : "");
  if (!config.rate_mode()) return "concurrency " + std::to_string(config.effective_concurrency());
  std::string text = config.request_rate ? "request rate " + python_float_repr(*config.request_rate) + " req/s"
                                         : "request rate series " + config.request_rate_series_file;
  if (config.concurrency) text += ", concurrency cap " + std::to_string(*config.concurrency);
  return text;
}

}  // namespace

int run_profile(const ProfileConfig& config) {
  InterruptGuard interrupt_guard;
  // A bad --goodput, metric threshold or console width fails before anything is loaded or sent.
  resolve_goodput(config);
  record_metric_options(config);
  console_export_width();
  const AffinityHeaders affinity = affinity_headers_from_env(config.session_header);  // bad env: fail first
  // Control plane: everything the run will send is built before the first request.
  std::unique_ptr<Tokenizer> tokenizer =
      make_tokenizer({config.tokenizer_name(), config.tokenizer.has_value(), config.tokenizer_revision,
                      config.tokenizer_trust_remote_code},
                     &std::cerr);
  Workload workload = build_workload(config, *tokenizer);
  const Dataset& dataset = workload.dataset;
  std::vector<PreparedRequest> requests = prepare_requests(config, dataset);

  EndpointUrl url = resolve_endpoint_url(config.urls.front(), config.endpoint_path());
  std::vector<tcp::endpoint> endpoints = resolve_and_probe(url, kProbeTimeoutSeconds);

  std::filesystem::path artifact_dir = prepare_artifact_dir(config);
  write_inputs_json(artifact_dir / "inputs.json", requests);

  RequestHeadOptions head_options;
  head_options.user_headers = config.headers;
  head_options.api_key = config.api_key.value_or("");
  head_options.streaming = config.streaming;
  head_options.affinity = affinity;
  RequestHead head(url, head_options);
  std::optional<asio::ssl::context> tls;
  if (url.tls) tls.emplace(make_tls_context(config.ssl_verify));

  // Analytic plane: its own thread, fed by lock-free queues.
  ClockAnchor anchor = ClockAnchor::now();
  // Per-request files grow under a `.partial` name and get their real one only once complete,
  // so a crashed or failed run never leaves a truncated file that looks finished.
  const ArtifactNames names = artifact_names(config);
  const std::filesystem::path records_path = artifact_dir / names.records, raw_path = artifact_dir / names.raw_records;
  auto partial = [](std::filesystem::path p) { return p += ".partial"; };
  std::optional<BlockFileStream> jsonl, raw_jsonl;
  if (config.export_level != ExportLevel::summary) jsonl.emplace(partial(records_path));
  RecordProcessor processor(config, *tokenizer, requests, anchor, jsonl ? &*jsonl : nullptr);
  std::optional<RecordParquetExport> parquet;
  if (config.export_level != ExportLevel::summary) {
    parquet.emplace(artifact_dir / kRecordsParquetFile, anchor);
    processor.add_sink(&*parquet);
  }
  std::optional<OutputsJsonExport> outputs_json;
  if (config.export_outputs_json) {
    outputs_json.emplace(artifact_dir / kOutputsJsonFile, anchor);
    processor.add_sink(&*outputs_json);
  }
  if (config.export_level == ExportLevel::raw) {
    raw_jsonl.emplace(partial(raw_path));
    processor.enable_raw_export(&*raw_jsonl, head.redacted_headers(), head.correlation_headers());
  }

  // Data plane: one event loop per worker thread.
  const int worker_count = config.effective_workers();
  const size_t scheduled = workload.schedule_ns.size();
  auto phases = plan_phases(config, std::move(workload.schedule_ns));
  double total_turns = 0;
  for (const DatasetEntry& e : dataset.entries) total_turns += e.turn_count();
  for (PhaseSpec& p : phases) p.average_turns = total_turns / double(std::max<size_t>(1, dataset.entries.size()));
  int64_t max_in_flight = 0;
  for (const auto& p : phases) max_in_flight = std::max(max_in_flight, p.concurrency);
  // Up to two messages per credit out (--prefill-concurrency adds a first-token report).
  CreditReturns returns(size_t(worker_count), 2 * size_t(max_in_flight) + 16);
  std::vector<std::unique_ptr<RecordQueue>> record_queues;
  std::vector<std::unique_ptr<Worker>> workers;
  std::vector<CreditTarget*> targets;
  std::vector<RecordQueue*> queue_ptrs;
  for (int i = 0; i < worker_count; ++i) {
    record_queues.push_back(std::make_unique<RecordQueue>());
    queue_ptrs.push_back(record_queues.back().get());
    WorkerOptions options;
    options.id = uint32_t(i);
    options.url = url;
    options.endpoints = endpoints;
    options.head = &head;
    options.requests = &requests;
    options.timeout_ns = int64_t(config.request_timeout_seconds * 1e9);
    options.tls = tls ? &*tls : nullptr;
    options.verify_host = config.ssl_verify;
    options.streaming = config.streaming;
    options.reuse = config.connection_reuse;
    options.config = &config;
    options.dataset = &dataset;
    workers.push_back(std::make_unique<Worker>(std::move(options), returns, *record_queues.back()));
    targets.push_back(workers.back().get());
  }

  CreditIssuer issuer(targets, returns, uint32_t(requests.size()));
  // Synthetic (--conversation-turn-mean) or file conversations; all single-turn: no sessions.
  issuer.set_conversations(conversation_shapes(dataset, config.fixed_schedule));
  FailureThreshold failure_threshold(config);
  RecordCollector collector(queue_ptrs, [&](const RawRecord& record) {
    processor.process(record);
    if (failure_threshold.tripped_by(processor)) issuer.request_cancel();
  });
  collector.start();
  for (auto& w : workers) w->start();

  std::vector<PhaseOutcome> outcomes;
  {
    interrupt_guard.attach(issuer);
    std::cout << "Profiling " << url.display() << " (" << endpoint_type_name(config.endpoint_type)
              << (config.streaming ? ", streaming" : "") << ") with " << load_description(config, scheduled)
              << " on " << worker_count << " worker thread(s)..." << std::endl;
    // One phase per call, so the client self-check window opens exactly at profiling start.
    for (const PhaseSpec& spec : phases) {
      if (spec.phase == BenchmarkPhase::profiling)
        for (auto& w : workers) w->begin_health_window();
      for (PhaseOutcome& o : issuer.run({spec})) outcomes.push_back(o);
    }
    for (auto& w : workers) w->stop();
    collector.finish();
    interrupt_guard.detach();
  }

  RunSummary summary = processor.summarize();
  if (const MetricResult* degraded = summary.find("replay_sched_degraded"); degraded && degraded->avg > 0)
    std::cerr << "warning: the fixed schedule was not kept: p99 send lag behind the trace is "
              << summary.find("replay_sched_lag_p99")->avg << " ms (> " << kReplayDegradedLagMs
              << " ms); the client or --concurrency held requests back\n";
  RunInfo info;
  info.benchmark_id = uuid4_hex();
  bool interrupted = issuer.cancel_requested();
  const PhaseOutcome* profiling = find_phase(outcomes, BenchmarkPhase::profiling);
  if (profiling) {
    info.start_wall_ns = anchor.to_wall(profiling->start_ns);
    info.end_wall_ns = anchor.to_wall(profiling->end_ns);
    info.arrivals_skipped_at_cap = profiling->arrivals_skipped_at_cap;
    info.arrivals_dropped_catching_up = profiling->arrivals_dropped_catching_up;
    std::vector<WorkerLoadSample> loads;
    for (const auto& w : workers) loads.push_back(w->load_sample());
    info.client_health = assess_client(loads, summary);
    info.arrivals_skipped_at_prefill_cap = profiling->arrivals_skipped_at_prefill_cap;
  } else {
    info.start_wall_ns = info.end_wall_ns = anchor.to_wall(mono_ns());
  }
  info.was_cancelled = interrupted;
  if (interrupted) info.incomplete_reason = failure_threshold.tripped() ? failure_threshold.reason() : "interrupted";
  if (profiling && profiling->credits_returned < profiling->credits_issued) {
    info.was_cancelled = true;
    info.incomplete_reason = "requests still in flight when the run ended";
  }
  // A full disk must not pass silently: the files would be missing records.
  auto finish = [&](std::optional<BlockFileStream>& file, const std::filesystem::path& path) {
    if (!file) return;
    file->close();
    std::error_code ec;
    if (*file) std::filesystem::rename(partial(path), path, ec);
    if (!*file || ec)
      std::cerr << "error: writing " << path.string() << " failed; what was written is in "
                << partial(path).string() << " and is incomplete\n";
  };
  finish(jsonl, records_path);
  finish(raw_jsonl, raw_path);
  if (outputs_json && !outputs_json->close())
    std::cerr << "error: writing " << (artifact_dir / kOutputsJsonFile).string() << " failed; what was written is in "
              << (artifact_dir / kOutputsJsonFile).string() << ".partial and is incomplete\n";
  // Parquet is written in place: a reader needs its footer, so a torn file is never mistaken
  // for a complete one.
  if (parquet && !parquet->close())
    std::cerr << "error: writing " << (artifact_dir / kRecordsParquetFile).string() << " failed; it is incomplete\n";
  export_run(config, summary, info, artifact_dir);

  if (failure_threshold.tripped()) {
    std::cerr << "error: " << failure_threshold.reason() << "; the run was stopped and its partial results written"
              << std::endl;
    return 1;
  }
  if (interrupted) return 130;
  if (summary.valid_count == 0 && summary.error_count > 0) {
    const ErrorDetails& first = summary.errors.front().error;
    std::cerr << "error: all " << summary.error_count << " requests failed; first error: "
              << (first.code ? std::to_string(*first.code) + " " : "") << first.type << ": "
              << first.message.substr(0, 300) << std::endl;
    return 1;
  }
  if (config.fail_on_client_bound && info.client_health && info.client_health->client_bound) {
    std::cerr << "error: the client was the bottleneck (client_bound) and --fail-on-client-bound is set\n";
    return kClientBoundExitCode;
  }
  return 0;
}

}  // namespace aiperf
