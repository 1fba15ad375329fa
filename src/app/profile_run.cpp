#include "app/profile_run.h"

#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>

#include "app/interrupt.h"
#include "common/block_file_stream.h"
#include "common/clock.h"
#include "common/uuid.h"
#include "dataset/dataset.h"
#include "endpoints/request_builder.h"
#include "export/artifact_layout.h"
#include "export/exporter.h"
#include "metrics/record_processor.h"
#include "records/record_collector.h"
#include "timing/credit_issuer.h"
#include "timing/phase.h"
#include "transport/preflight.h"
#include "transport/tls_context.h"
#include "transport/worker.h"

namespace aiperf {

namespace {

// How long the pre-run reachability probe may take.
constexpr double kProbeTimeoutSeconds = 10.0;


std::vector<ConversationShape> conversation_shapes(const Dataset& dataset) {
  std::vector<ConversationShape> shapes(dataset.entries.size());
  for (size_t i = 0; i < shapes.size(); ++i)
    for (const DatasetTurn& t : dataset.entries[i].later_turns)
      shapes[i].delay_ns.push_back(int64_t(t.delay_ms * 1e6));
  return shapes;
}

const PhaseOutcome* find_phase(const std::vector<PhaseOutcome>& outcomes, BenchmarkPhase phase) {
  for (const auto& o : outcomes)
    if (o.phase == phase) return &o;
  return nullptr;
}

}  // namespace

int run_profile(const ProfileConfig& config) {
  InterruptGuard interrupt_guard;
  // Control plane: everything the run will send is built before the first request.
  std::unique_ptr<Tokenizer> tokenizer =
      make_tokenizer({config.tokenizer_name(), config.tokenizer.has_value(), config.tokenizer_revision,
                      config.tokenizer_trust_remote_code},
                     &std::cerr);
  Dataset dataset = build_synthetic_dataset(config, *tokenizer);
  std::vector<PreparedRequest> requests = prepare_requests(config, dataset);

  EndpointUrl url = resolve_endpoint_url(config.urls.front(), config.endpoint_path());
  std::vector<tcp::endpoint> endpoints = resolve_and_probe(url, kProbeTimeoutSeconds);

  std::filesystem::path artifact_dir = prepare_artifact_dir(config);
  write_inputs_json(artifact_dir / "inputs.json", requests);

  RequestHeadOptions head_options;
  head_options.user_headers = config.headers;
  head_options.api_key = config.api_key.value_or("");
  head_options.streaming = config.streaming;
  RequestHead head(url, head_options);
  std::optional<asio::ssl::context> tls;
  if (url.tls) tls.emplace(make_tls_context(config.ssl_verify));

  // Analytic plane: its own thread, fed by lock-free queues.
  ClockAnchor anchor = ClockAnchor::now();
  std::optional<BlockFileStream> jsonl, raw_jsonl;
  if (config.export_level != ExportLevel::summary) jsonl.emplace(artifact_dir / kRecordsFile);
  RecordProcessor processor(config, *tokenizer, requests, anchor, jsonl ? &*jsonl : nullptr);
  if (config.export_level == ExportLevel::raw) {
    raw_jsonl.emplace(artifact_dir / kRawRecordsFile);
    processor.enable_raw_export(&*raw_jsonl, head.redacted_headers());
  }

  // Data plane: one event loop per worker thread.
  const int worker_count = config.effective_workers();
  auto phases = plan_phases(config);
  double total_turns = 0;
  for (const DatasetEntry& e : dataset.entries) total_turns += e.turn_count();
  for (PhaseSpec& p : phases) p.average_turns = total_turns / double(std::max<size_t>(1, dataset.entries.size()));
  int64_t max_in_flight = 0;
  for (const auto& p : phases) max_in_flight = std::max(max_in_flight, p.concurrency);
  CreditReturns returns(size_t(worker_count), size_t(max_in_flight) + 16);
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
    options.config = &config;
    options.dataset = &dataset;
    workers.push_back(std::make_unique<Worker>(std::move(options), returns, *record_queues.back()));
    targets.push_back(workers.back().get());
  }

  RecordCollector collector(queue_ptrs, [&](const RawRecord& record) { processor.process(record); });
  collector.start();
  for (auto& w : workers) w->start();

  CreditIssuer issuer(targets, returns, uint32_t(requests.size()));
  if (config.multi_turn()) issuer.set_conversations(conversation_shapes(dataset));
  std::vector<PhaseOutcome> outcomes;
  {
    interrupt_guard.attach(issuer);
    std::cout << "Profiling " << url.display() << " (" << endpoint_type_name(config.endpoint_type)
              << (config.streaming ? ", streaming" : "") << ") with "
              << (config.user_centric_rate
                      ? "user-centric rate " + python_float_repr(*config.user_centric_rate) + " req/s over " +
                            std::to_string(config.num_users.value_or(1)) + " users"
                  : config.request_rate ? "request rate " + python_float_repr(*config.request_rate) + " req/s" +
                                            (config.concurrency ? ", concurrency cap " + std::to_string(*config.concurrency) : "")
                                      : "concurrency " + std::to_string(config.effective_concurrency()))
              << " on " << worker_count << " worker thread(s)..." << std::endl;
    outcomes = issuer.run(phases);
    for (auto& w : workers) w->stop();
    collector.finish();
    interrupt_guard.detach();
  }

  RunSummary summary = processor.summarize();
  RunInfo info;
  info.benchmark_id = uuid4_hex();
  bool interrupted = issuer.cancel_requested();
  const PhaseOutcome* profiling = find_phase(outcomes, BenchmarkPhase::profiling);
  if (profiling) {
    info.start_wall_ns = anchor.to_wall(profiling->start_ns);
    info.end_wall_ns = anchor.to_wall(profiling->end_ns);
    info.arrivals_skipped_at_cap = profiling->arrivals_skipped_at_cap;
    info.arrivals_dropped_catching_up = profiling->arrivals_dropped_catching_up;
  } else {
    info.start_wall_ns = info.end_wall_ns = anchor.to_wall(mono_ns());
  }
  info.was_cancelled = interrupted;
  if (interrupted) info.incomplete_reason = "interrupted";
  if (profiling && profiling->credits_returned < profiling->credits_issued) {
    info.was_cancelled = true;
    info.incomplete_reason = "requests still in flight when the run ended";
  }
  // A full disk must not pass silently: the files would be missing records.
  if (jsonl && (jsonl->close(), !*jsonl))
    std::cerr << "error: writing " << (artifact_dir / kRecordsFile).string() << " failed; it is incomplete\n";
  if (raw_jsonl && (raw_jsonl->close(), !*raw_jsonl))
    std::cerr << "error: writing " << (artifact_dir / kRawRecordsFile).string() << " failed; it is incomplete\n";
  export_run(config, summary, info, artifact_dir);

  if (interrupted) return 130;
  if (summary.valid_count == 0 && summary.error_count > 0) {
    const ErrorDetails& first = summary.errors.front().error;
    std::cerr << "error: all " << summary.error_count << " requests failed; first error: "
              << (first.code ? std::to_string(*first.code) + " " : "") << first.type << ": "
              << first.message.substr(0, 300) << std::endl;
    return 1;
  }
  return 0;
}

}  // namespace aiperf
