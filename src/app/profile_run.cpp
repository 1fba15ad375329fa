#include "app/profile_run.h"


#include <atomic>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <strings.h>
#include <random>

#include "accuracy/accuracy_report.h"
#include "accuracy/accuracy_workload.h"
#include "app/client_self_check.h"
#include "app/plot_command.h"
#include "app/interrupt.h"
#include "app/live_view.h"
#include "app/run_telemetry.h"
#include "app/server_control.h"
#include "app/shard_session.h"
#include "common/block_file_stream.h"
#include "common/clock.h"
#include "common/credential_header.h"
#include "common/log.h"
#include "common/uuid.h"
#include "config/aws_credentials.h"
#include "config/env_settings.h"
#include "dataset/dataset.h"
#include "dataset/loaders/input_file_dataset.h"
#include "dataset/model_selection.h"
#include "dataset/public/public_dataset.h"
#include "dataset/system_prompt.h"
#include "endpoints/request_builder.h"
#include "export/adaptive_scale_export.h"
#include "export/artifact_layout.h"
#include "export/console_report.h"
#include "export/exporter.h"
#include "export/record_files.h"
#include "metrics/goodput.h"
#include "metrics/live_metrics.h"
#include "metrics/record_metrics.h"
#include "metrics/record_processor.h"
#include "metrics/replay_lag.h"
#include "publish/publish_run.h"
#include "records/record_collector.h"
#include "timing/agentic_replay.h"
#include "timing/credit_issuer.h"
#include "timing/fixed_schedule.h"
#include "timing/load_knob.h"
#include "timing/phase.h"
#include "timing/session_trees.h"
#include "timing/shard_slice.h"
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
  std::optional<AnswerKey> answer_key = {};  // --accuracy-benchmark: entry i's gold answer and task
};

Workload load_workload(const ProfileConfig& config, const DatasetBuildSettings& settings, const Tokenizer& tokenizer) {
  if (config.accuracy) {
    AccuracyWorkload accuracy = build_accuracy_workload(*config.accuracy, settings, std::cout);
    return {std::move(accuracy.dataset), {}, std::move(accuracy.key)};
  }
  if (config.public_dataset) return {load_public_dataset(settings, tokenizer, std::cout), {}};
  if (!config.input_file) return {build_synthetic_dataset(settings, tokenizer), {}};
  FileDataset file = load_input_file(settings, tokenizer);
  if (!config.fixed_schedule) return {std::move(file.dataset), {}};
  FixedSchedule schedule = build_fixed_schedule(std::move(file), config, config);
  return {std::move(schedule.dataset), std::move(schedule.offsets_ns)};
}

Workload build_workload(const ProfileConfig& config, const Tokenizer& tokenizer) {
  const DatasetBuildSettings settings(config);  // the dataset plane's slice, made once
  Workload workload = load_workload(config, settings, tokenizer);
  if (config.system_prompt) apply_system_prompt(workload.dataset, *config.system_prompt);
  assign_turn_models(settings, workload.dataset);
  return workload;
}


// Agentic / DAG conversations (§5.2): turns are message turns, which may launch children.
void add_tree_shape(const DatasetEntry& e, ConversationShape& shape) {
  if (e.agentic->turns.empty()) return;
  auto to_launch = [](const ChildLaunch& l) { return TurnLaunch{l.child, l.fork, l.join_at}; };
  shape.is_child = e.is_child;
  shape.first_delay_ns = int64_t(e.agentic->turns[0].delay_ms * 1e6);
  for (const ChildLaunch& l : e.agentic->pre_session_spawns) shape.pre_session.push_back(to_launch(l));
  shape.delay_ns.clear();
  // Recorded trajectories' clock (agentic replay cuts them at t*): every turn must have a time.
  for (const MessageTurn& t : e.agentic->turns)
    if (t.timestamp_ms) shape.trace_ns.push_back(std::llround(*t.timestamp_ms * 1e6));
  if (shape.trace_ns.size() != e.agentic->turns.size()) shape.trace_ns.clear();
  for (size_t t = 0; t < e.agentic->turns.size(); ++t) {
    if (t > 0) shape.delay_ns.push_back(int64_t(e.agentic->turns[t].delay_ms * 1e6));
    if (e.agentic->turns[t].launches.empty()) continue;
    shape.launches.resize(e.agentic->turns.size());
    for (const ChildLaunch& l : e.agentic->turns[t].launches) shape.launches[t].push_back(to_launch(l));
  }
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
  for (size_t i = 0; i < shapes.size(); ++i) add_tree_shape(dataset.entries[i], shapes[i]);
  return shapes;
}

// Agentic replay (docs/agentic.md): the lanes get the conversations, and the bad inputs of
// §5.4 are refused before anything is sent.
void prepare_agentic_replay(const ProfileConfig& config, const std::vector<ConversationShape>& shapes,
                            std::vector<PhaseSpec>& phases) {
  std::shared_ptr<AgenticReplay> run;
  for (PhaseSpec& p : phases)
    if (p.agentic) run = p.agentic;
  if (!run) return;
  run->shapes = shapes;
  for (uint32_t i = 0; i < shapes.size(); ++i)
    if (!shapes[i].is_child) run->roots.push_back(i);
  if (run->roots.empty()) throw ConfigError("agentic replay: the dataset holds no trajectory");
  const int64_t traces = int64_t(run->roots.size());
  if (!config.agentic.session_arrival_rate && run->lanes > traces && !config.agentic.allow_dataset_wrap)
    throw ConfigError("--concurrency " + std::to_string(run->lanes) + " exceeds the " + std::to_string(traces) +
                      " distinct traces: lower it, or pass --allow-dataset-wrap (or --cache-bust, which gives "
                      "every copy its own prefix)");
  if (config.agentic.start_max_ratio > 0 && uncuttable_roots(shapes, run->roots) == run->roots.size())
    throw ConfigError("--trajectory-start-max-ratio " + python_float_repr(config.agentic.start_max_ratio) +
                      ": no trace has the two recorded turns a start window needs (use "
                      "--trajectory-start-max-ratio 0 to replay them whole)");
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
  if (const std::optional<AdaptiveScaleSettings>& a = config.adaptive_scale) {
    const bool rate = a->variable == AdaptiveVariable::request_rate;
    auto number = [rate](double v) { return rate ? python_float_repr(v) : std::to_string(int64_t(v)); };
    return std::string("adaptive scale of ") + (rate ? "request rate " : "concurrency ") + number(a->min) + " to " +
           number(a->max) + (rate ? " req/s" : "") + " under " + std::to_string(a->sla.size()) + " SLA filter(s)";
  }
  if (const AgenticSettings& a = config.agentic; a.enabled) {
    const std::string scenario = config.scenario.name.empty() ? "" : " (--scenario " + config.scenario.name + ")";
    if (a.session_arrival_rate)
      return "agentic replay, " + python_float_repr(*a.session_arrival_rate) + " trajectories/s admitted up to " +
             std::to_string(config.effective_concurrency()) + " live" + scenario;
    return "agentic replay on " + std::to_string(config.effective_concurrency()) + " lanes, t* in [" +
           python_float_repr(a.start_min_ratio) + ", " + python_float_repr(a.start_max_ratio) + "] of each trace" +
           scenario;
  }
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

// --auth-type sigv4: credentials are looked up once, before anything is built.
std::optional<SigV4Settings> sigv4_settings(const ProfileConfig& config) {
  if (!config.sigv4) return std::nullopt;
  return SigV4Settings{load_aws_credentials(config.aws_profile, AwsEnvironment::from_process()),
                       config.aws_region, config.aws_service};
}

// The SageMaker transport (workloads-and-endpoints.md §7.5): routing headers, the request id
// as the inference id, and the event-stream media type when streaming.
void add_sagemaker_headers(const ProfileConfig& config, RequestHeadOptions& head) {
  auto add = [&head](const char* name, const std::optional<std::string>& value) {
    if (value) head.user_headers.emplace_back(name, *value);
  };
  add("X-Amzn-SageMaker-Target-Model", config.sagemaker_target_model);
  add("X-Amzn-SageMaker-Target-Variant", config.sagemaker_target_variant);
  add("X-Amzn-SageMaker-Inference-Component", config.sagemaker_inference_component);
  head.request_id_aliases.push_back("X-Amzn-SageMaker-Inference-Id");
  if (config.streaming) head.accept = "application/vnd.amazon.eventstream";
}

// Anthropic (workloads-and-endpoints.md §7.1): the key travels as x-api-key, and the API
// version it requires defaults to 2023-06-01; a user -H of either name wins.
void add_anthropic_headers(RequestHeadOptions& head) {
  auto user_has = [&head](const char* name) {
    for (const auto& [k, v] : head.user_headers)
      if (strcasecmp(k.c_str(), name) == 0) return true;
    return false;
  };
  if (!head.api_key.empty() && !user_has("x-api-key")) head.user_headers.emplace_back("x-api-key", head.api_key);
  head.api_key.clear();
  if (!user_has("anthropic-version")) head.user_headers.emplace_back("anthropic-version", "2023-06-01");
}

// -vv: one line per record as the record thread takes it (never on a worker).
std::string record_log_line(const RawRecord& r) {
  std::string line = std::string("record ") + phase_name(r.phase) + " credit " + std::to_string(r.credit_id) +
                     " worker " + std::to_string(r.worker_id) + ": ";
  if (r.error) line += "error " + r.error->type + ": " + r.error->message.substr(0, 200);
  else line += "HTTP " + std::to_string(r.http_status);
  line += ", " + std::to_string(r.body.size()) + " bytes in " + std::to_string(double(r.end_ns - r.start_ns) / 1e6) + " ms";
  return line;
}

// Every credential the run holds, so that no log line can carry one (common/log.h).
void register_log_secrets(const ProfileConfig& config, const std::optional<SigV4Settings>& sigv4) {
  if (config.api_key) add_log_secret(*config.api_key);
  for (const auto& [name, value] : config.headers) {
    if (!is_credential_header(name)) continue;
    add_log_secret(value);
    if (size_t space = value.find(' '); space != std::string::npos) add_log_secret(value.substr(space + 1));
  }
  if (sigv4) {
    add_log_secret(sigv4->credentials.secret_access_key);
    add_log_secret(sigv4->credentials.session_token);
  }
}

}  // namespace

TokenizerRequest run_tokenizer_request(const ProfileConfig& config) {
  // An endpoint that neither tokenizes input nor produces tokens (audio_transcription) counts no
  // tokens: its unsent synthetic prompts are made with the builtin tokenizer, never a download.
  const EndpointInfo& endpoint = endpoint_info(config.endpoint_type);
  const bool counts_tokens = endpoint.tokenizes_input || endpoint.produces_tokens || config.tokenizer;
  return {counts_tokens ? config.tokenizer_name() : "builtin", config.tokenizer.has_value() || !counts_tokens,
          config.tokenizer_revision, config.tokenizer_trust_remote_code};
}

RunTokenizer load_run_tokenizer(const ProfileConfig& config) {
  RunTokenizer t;
  t.request = run_tokenizer_request(config);
  t.tokenizer = make_tokenizer(t.request, &console_notes());
  return t;
}

int run_profile(const ProfileConfig& given, const RunTokenizer* preloaded) {
  // Sharded (docs/cluster.md): every shard must build the same dataset and draw the same
  // timeline, so without --random-seed the seed comes from the configuration they share.
  const ShardIdentity shard = resolve_shard_identity(given, process_environment());
  if (shard.sharded() && !given.random_seed) {
    ProfileConfig seeded = given;
    seeded.random_seed = shared_shard_seed(given);
    return run_profile(seeded, preloaded);
  }
  const ProfileConfig& config = given;
  InterruptGuard interrupt_guard;
  // stderr shows warnings and errors unless --log-level, -v or -vv asked for more.
  set_log_levels(config.log_level_given() ? config.effective_log_level() : LogLevel::warning,
                 config.effective_log_level());
  // A bad --goodput fails before anything is loaded or sent (AIPERF_* settings were checked at start-up).
  resolve_goodput(metrics_settings(config));
  // So does a phase SLA filter adaptive scale cannot judge (§5.7).
  std::optional<AdaptiveScaleController> adaptive_controller;
  if (config.adaptive_scale) adaptive_controller.emplace(*config.adaptive_scale, config.streaming);
  const AffinityHeaders affinity = affinity_headers_from_env(config.session_header);
  const std::optional<SigV4Settings> sigv4 = sigv4_settings(config);
  register_log_secrets(config, sigv4);
  log_info(std::string("aiperf-cpp ") + AIPERF_VERSION + ": " + config.cli_command);
  const bool dag_fail_fast = dag_fail_fast_from_env();
  std::optional<VideoPolling> video;  // video_generation: every submit is followed to its job's end
  if (config.endpoint_type == EndpointType::video_generation) {
    if (config.sigv4) throw ConfigError("--auth-type sigv4: video_generation's polling requests cannot be signed");
    video = VideoPolling{video_poll_interval_ns_from_env(), config.download_video_content};
  }
  // Control plane: everything the run will send is built before the first request.
  std::unique_ptr<Tokenizer> own_tokenizer;
  if (!preloaded || !(run_tokenizer_request(config) == preloaded->request)) own_tokenizer = load_run_tokenizer(config).tokenizer;
  const Tokenizer* tokenizer = own_tokenizer ? own_tokenizer.get() : preloaded->tokenizer.get();
  log_info("tokenizer: " + tokenizer->name());
  Workload workload = build_workload(config, *tokenizer);
  const Dataset& dataset = workload.dataset;
  std::vector<PreparedRequest> requests = prepare_requests(config, dataset);
  log_info("dataset: " + std::to_string(dataset.entries.size()) + " entries, " + std::to_string(requests.size()) +
           " request bodies prepared");

  // Server hooks (docs/server-hooks.md): wait until the model answers, then reset its KV cache,
  // before the reachability probe below (a server still loading may not listen yet).
  const std::string first_body = requests.empty()                  ? std::string()
                                 : requests.front().built_at_send ? build_request_body(config, dataset.entries.front())
                                                                  : requests.front().body;
  const ServerHookTargets hook_targets = server_hook_targets(config, first_body);
  prepare_server(config, hook_targets, shard.index == 0);

  // Every --url is resolved and probed before the run: one unreachable server is one clear error.
  std::vector<UrlTarget> url_targets;
  for (const std::string& base : config.urls) {
    UrlTarget t;
    t.url = resolve_endpoint_url(base, config.endpoint_path());
    t.endpoints = resolve_and_probe(t.url, kProbeTimeoutSeconds);
    log_debug("endpoint " + t.url.display() + ": " + std::to_string(t.endpoints.size()) + " address(es), probed");
    url_targets.push_back(std::move(t));
  }
  const EndpointUrl& url = url_targets.front().url;

  std::filesystem::path artifact_dir =
      shard.sharded() ? prepare_shard_artifact_dir(config, shard.index) : prepare_artifact_dir(config);
  open_log_file(artifact_dir / "logs" / "aiperf.log");
  log_info("artifacts: " + artifact_dir.string());
  write_inputs_json(artifact_dir / "inputs.json", requests, config.multipart_boundary,
                    [&](size_t i) { return send_time_bodies(config, dataset.entries[i]); });

  RequestHeadOptions head_options;
  head_options.user_headers = config.headers;
  head_options.api_key = config.api_key.value_or("");
  head_options.streaming = config.streaming;
  head_options.affinity = affinity;
  if (config.sagemaker()) add_sagemaker_headers(config, head_options);
  if (config.multipart) head_options.content_type = "multipart/form-data; boundary=" + config.multipart_boundary;
  if (config.endpoint_type == EndpointType::messages) add_anthropic_headers(head_options);
  std::optional<asio::ssl::context> tls;
  std::vector<std::unique_ptr<RequestHead>> heads;  // one per URL: request line and Host differ
  for (UrlTarget& t : url_targets) {
    t.sign_host = t.url.host_header;
    for (const auto& [name, value] : config.headers)
      if (strcasecmp(name.c_str(), "Host") == 0) t.sign_host = value;  // a -H Host replaces ours, so it is signed
    heads.push_back(std::make_unique<RequestHead>(t.url, head_options));
    t.head = heads.back().get();
    if (t.url.tls && !tls) tls.emplace(make_tls_context(config.ssl_verify));
    t.tls = t.url.tls ? &*tls : nullptr;
  }
  const RequestHead& head = *heads.front();

  // Analytic plane: its own thread, fed by lock-free queues.
  ClockAnchor anchor = ClockAnchor::now();
  // A sharded run's files and records carry this shard's wall clock (AIPERF_SHARD_CLOCK_SKEW_NS
  // shifts it, to test the offset estimate); the merge moves them onto shard 0's.
  std::optional<ShardSession> shard_session;
  if (shard.sharded()) {
    shard_session.emplace(config, shard, artifact_dir);
    anchor.wall += shard_session->clock_skew_ns();
    shard_session->open_records(anchor);
  }
  RecordFiles record_files(config, artifact_dir, anchor, /*raw=*/true);
  RecordProcessor processor(metrics_settings(config), *tokenizer, requests, anchor, record_files.records_jsonl());
  record_files.attach(processor);
  // Adaptive scale judges windows on this thread; the issuer follows `knob` (set below, per record).
  std::optional<AdaptiveScaleExport> adaptive;
  if (adaptive_controller) {
    adaptive.emplace(artifact_dir, std::move(*adaptive_controller), anchor);
    processor.add_sink(&*adaptive);
  }
  // Real-time metrics for the live view, from records already processed (docs/ui.md).
  // Snapshots at least once a second, so the view's periodic reads are never stale by more.
  LiveMetrics live_metrics(int64_t(std::min(1.0, config.effective_stats_interval()) * 1e9));
  processor.add_sink(&live_metrics);
  // Accuracy grading (docs/accuracy.md) on the record thread, beside the metrics.
  std::optional<AccuracyGrading> grading;
  if (workload.answer_key) {
    grading.emplace(std::move(*workload.answer_key));
    processor.add_sink(&*grading);
  }
  if (std::ostream* raw = record_files.raw_jsonl())
    processor.enable_raw_export(raw, head.redacted_headers(), head.correlation_headers());

  // Data plane: one event loop per worker thread.
  const int worker_count = config.effective_workers();
  const size_t scheduled = workload.schedule_ns.size();
  auto phases = plan_phases(config, config.random_seed, std::move(workload.schedule_ns));
  double total_turns = 0;
  for (const DatasetEntry& e : dataset.entries) total_turns += e.turn_count();
  for (PhaseSpec& p : phases) p.average_turns = total_turns / double(std::max<size_t>(1, dataset.entries.size()));
  // An accuracy run without a stop condition asks every problem once (upstream's 10 requests
  // would grade a sliver of the benchmark); before slicing, so shards split the problems.
  if (config.accuracy && !config.request_count && !config.conversation_num && !config.benchmark_duration)
    phases.back().request_count = int64_t(dataset.entries.size());
  slice_phases(phases, ShardSlice{uint64_t(shard.index), uint64_t(shard.count)});
  // Agentic files (dag_jsonl, weka_trace, tracelab) without a stop condition run each root tree
  // once (§5.2: the session count defaults to the number of roots), not upstream's 10 requests.
  const PublicDatasetInfo* public_info = config.public_dataset ? find_public_dataset(*config.public_dataset) : nullptr;
  const bool agentic_file = (config.input_file && (config.custom_dataset_type == CustomDatasetType::dag_jsonl ||
                                                   config.custom_dataset_type == CustomDatasetType::weka_trace ||
                                                   config.custom_dataset_type == CustomDatasetType::tracelab)) ||
                            (public_info && public_info->kind == PublicDatasetKind::weka_hf);
  if (agentic_file && !config.request_count && !config.conversation_num && !config.benchmark_duration) {
    int64_t roots = 0;
    for (const DatasetEntry& e : dataset.entries) roots += e.is_child ? 0 : 1;
    phases.back().request_count.reset();
    phases.back().session_count = roots;
  }
  std::vector<ConversationShape> shapes = conversation_shapes(dataset, config.fixed_schedule);
  if (config.agentic.enabled) prepare_agentic_replay(config, shapes, phases);
  const uint64_t correlation_key = (uint64_t(std::random_device{}()) << 32) ^ std::random_device{}();
  const std::string benchmark_id = uuid4_hex();  // the exports' id; also in every --cache-bust marker
  std::optional<LoadKnob> knob;
  if (config.adaptive_scale) knob.emplace(config.adaptive_scale->min);
  int64_t max_in_flight = 0;
  for (PhaseSpec& p : phases) {
    if (p.adaptive) p.knob = &*knob;
    max_in_flight = std::max(max_in_flight, p.peak_concurrency());
  }
  // Up to two messages per credit out (--prefill-concurrency adds a first-token report).
  CreditReturns returns(size_t(worker_count), 2 * size_t(max_in_flight) + 16);
  const uint64_t max_response_bytes = max_response_bytes_from_env();
  const size_t record_backlog_limit = size_t(env_settings().record_backlog_limit);
  std::vector<std::unique_ptr<RecordQueue>> record_queues;
  std::vector<std::unique_ptr<Worker>> workers;
  std::vector<CreditTarget*> targets;
  std::vector<RecordQueue*> queue_ptrs;
  for (int i = 0; i < worker_count; ++i) {
    record_queues.push_back(std::make_unique<RecordQueue>());
    queue_ptrs.push_back(record_queues.back().get());
    WorkerOptions options;
    options.id = uint32_t(i);
    options.targets = url_targets;
    options.sigv4 = sigv4 ? &*sigv4 : nullptr;
    options.requests = &requests;
    options.timeout_ns = int64_t(config.request_timeout_seconds * 1e9);
    options.max_response_bytes = max_response_bytes;
    options.record_backlog_limit = record_backlog_limit;
    options.verify_host = config.ssl_verify;
    options.streaming = config.streaming;
    options.reuse = config.connection_reuse;
    options.config = &config;
    options.dataset = &dataset;
    options.correlation_key = correlation_key;
    options.video = video ? &*video : nullptr;
    options.cache_bust = config.cache_bust;
    options.benchmark_id = benchmark_id;
    workers.push_back(std::make_unique<Worker>(std::move(options), returns, *record_queues.back()));
    targets.push_back(workers.back().get());
  }

  CreditIssuer issuer(targets, returns, uint32_t(requests.size()));
  // Synthetic (--conversation-turn-mean) or file conversations; all single-turn: no sessions.
  issuer.set_conversations(std::move(shapes));
  issuer.set_dag_fail_fast(dag_fail_fast);
  if (config.sampling_strategy) {
    // Unseeded runs draw their own seed, as every other random choice does (§2.10).
    const uint64_t seed = config.random_seed ? *config.random_seed : std::random_device{}();
    issuer.set_sampler(ConversationSampler(*config.sampling_strategy, seed));
  }
  FailureThreshold failure_threshold(config);
  const bool trace_records = log_enabled(LogLevel::trace);
  RunProgress progress;
  RecordCollector collector(queue_ptrs, [&](const RawRecord& record) {
    if (trace_records) log_trace(record_log_line(record));
    if (shard_session) shard_session->record(record);
    processor.process(record);
    if (record.phase == BenchmarkPhase::profiling) progress.record_processed();
    if (failure_threshold.tripped_by(processor)) issuer.request_cancel();
    if (adaptive) {  // the controller's decision reaches the issuer through the knob's atomics
      if (adaptive->value() != knob->value()) knob->set(adaptive->value());
      if (adaptive->stop_at_ns() != knob->stop_at_ns()) knob->stop_at(adaptive->stop_at_ns());
    }
  });
  collector.start();
  for (auto& w : workers) w->start();

  const std::string target = url.display() +
                             (url_targets.size() > 1 ? " and " + std::to_string(url_targets.size() - 1) + " more URL(s), round robin" : "") +
                             " (" + endpoint_type_name(config.endpoint_type) + (config.streaming ? ", streaming" : "") +
                             ") with " + load_description(config, scheduled);
  LiveSources live_sources;
  live_sources.config = &config;
  live_sources.artifact_dir = artifact_dir;
  live_sources.target = target;
  live_sources.phases = phases;
  live_sources.workers = &workers;
  live_sources.metrics = &live_metrics;
  live_sources.progress = &progress;
  live_sources.issuer = &issuer;
  live_sources.console_level = config.log_level_given() ? config.effective_log_level() : LogLevel::warning;
  // Started before the live view, which shows its GPU panel.
  RunTelemetry telemetry(config, artifact_dir, anchor);
  if (config.gpu_telemetry.dashboard) live_sources.gpu_lines = [&telemetry] { return telemetry.gpu_dashboard_lines(); };
  LiveView live_view(std::move(live_sources));

  // Server metrics, GPU telemetry, network RTT: baselines now, before warm-up (docs/telemetry.md).
  telemetry.start();
  // Sharded: meet the other shards, then start at the agreed instant (a shard that never
  // comes fails the run here, before anything is sent).
  if (shard_session) shard_session->meet_and_wait();

  std::vector<PhaseOutcome> outcomes;
  // --server-profiler: started just before profiling, after warm-up; shard 0 speaks for all.
  ServerProfiler server_profiler(config.server_hooks, shard.index == 0 ? hook_targets : ServerHookTargets{});
  std::string server_profiler_error;  // a failed start: nothing is profiled, exit 1
  {
    interrupt_guard.attach(issuer);
    std::cout << "Profiling " << target << " on " << worker_count << " worker thread(s)..." << std::endl;
    live_view.start();
    // One phase per call, so the client self-check window opens exactly at profiling start.
    log_debug(std::to_string(worker_count) + " worker(s), at most " + std::to_string(max_in_flight) +
              " request(s) in flight, record backlog limit " + std::to_string(record_backlog_limit) + " per worker");
    for (const PhaseSpec& spec : phases) {
      if (spec.phase == BenchmarkPhase::profiling) {
        if (!outcomes.empty()) telemetry.phase_boundary();  // counters' reference: after warm-up
        for (auto& w : workers) w->begin_health_window();
        try {
          server_profiler.start();
        } catch (const ServerHookError& e) {
          server_profiler_error = e.what();
          break;
        }
      }
      log_info(std::string("phase ") + phase_name(spec.phase) + " started");
      progress.begin_phase(spec.phase, workers);
      for (PhaseOutcome& o : issuer.run({spec})) {
        progress.end_phase(o.phase, workers);
        log_info(std::string("phase ") + phase_name(o.phase) + " ended: " + std::to_string(o.credits_issued) +
                 " sent, " + std::to_string(o.credits_returned) + " returned in " +
                 std::to_string(double(o.end_ns - o.start_ns) / 1e9) + " s");
        outcomes.push_back(o);
      }
    }
    server_profiler.stop();
    telemetry.stop();  // the final scrapes, as profiling ends
    progress.stage.store(RunProgress::processing, std::memory_order_relaxed);
    live_view.workers_stopping();
    for (auto& w : workers) w->stop();
    collector.finish();
    live_metrics.publish(mono_ns());  // the record thread has finished: this thread may
    progress.stage.store(RunProgress::complete, std::memory_order_relaxed);
    live_view.stop();
    log_info("live view (" + std::string(ui_type_name(live_view.mode())) + "): " +
             std::to_string(live_view.cpu_seconds()) + " s of CPU");
    interrupt_guard.detach();
  }
  if (!server_profiler_error.empty()) throw ServerHookError(server_profiler_error);
  if (url_targets.size() > 1) {
    // Upstream exports no per-record URL; the split is reported here (warm-up included).
    std::cout << "Requests per URL:";
    for (size_t u = 0; u < url_targets.size(); ++u) {
      uint64_t sent = 0;
      for (const auto& w : workers) sent += w->requests_per_url()[u];
      std::cout << (u ? ", " : " ") << url_targets[u].url.display() << " " << sent;
    }
    std::cout << std::endl;
  }

  if (const std::optional<double> rtt = telemetry.network_rtt_ms()) processor.set_network_rtt_ms(*rtt);
  RunSummary summary = processor.summarize();
  if (summary.invalid_sse_messages > 0)
    log_warning(std::to_string(summary.invalid_sse_messages) + " SSE message(s) in " +
                std::to_string(summary.records_with_invalid_sse) +
                " request(s) carried data that is not JSON and were skipped (per request: "
                "metadata.invalid_sse_messages in profile_export.jsonl)");
  if (const MetricResult* degraded = summary.find("replay_sched_degraded"); degraded && degraded->avg > 0)
    log_warning("the fixed schedule was not kept: p99 send lag behind the trace is " +
                python_float_repr(summary.find("replay_sched_lag_p99")->avg) + " ms (> " +
                python_float_repr(kReplayDegradedLagMs) + " ms); the client or --concurrency held requests back");
  RunInfo info;
  info.benchmark_id = benchmark_id;
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
  if (interrupted)
    info.incomplete_reason = failure_threshold.tripped()       ? failure_threshold.reason()
                             : !issuer.abort_reason().empty() ? issuer.abort_reason()
                                                              : "interrupted";
  if (profiling && profiling->credits_returned < profiling->credits_issued) {
    info.was_cancelled = true;
    info.incomplete_reason = "requests still in flight when the run ended";
  }
  // A full disk must not pass silently: the files would be missing records (logged by name).
  record_files.close();
  if (adaptive) {
    if (!adaptive->close(profiling ? profiling->sending_end_ns : 0, CreditIssuer::kHandOffLeadNs))
      log(LogLevel::error, "writing " + (artifact_dir / kAdaptiveScaleSummaryFile).string() + " or " +
                               kAdaptiveScaleEventsFile + " failed");
  }
  if (profiling) telemetry.set_profiling_window(profiling->start_ns, profiling->end_ns);
  telemetry.finish(info);
  if (shard_session)
    shard_session->finish(profiling ? anchor.to_wall(profiling->start_ns) : 0,
                          profiling ? anchor.to_wall(profiling->end_ns) : 0, info.was_cancelled,
                          info.incomplete_reason);
  export_run(config, summary, info, artifact_dir);
  if (grading) report_accuracy(config, *grading, artifact_dir);
  // Best effort, as upstream: a tracking service that is down costs one warning, never the
  // run's exit code (docs/publish.md).
  publish_run({&config, artifact_dir, info.benchmark_id, info.was_cancelled, config.cli_command});
  if (adaptive) std::cout << adaptive->console_line() << std::endl;
  // A study's trials leave auto_plot off: the study plots once, over all of them.
  const bool plot_failed = config.auto_plot && !auto_plot(artifact_dir, config.plot_required) && config.plot_required;

  if (failure_threshold.tripped()) {
    log(LogLevel::error, failure_threshold.reason() + "; the run was stopped and its partial results written");
    return 1;
  }
  if (!issuer.abort_reason().empty()) {
    log(LogLevel::error, issuer.abort_reason() + "; the run was stopped and its partial results written");
    return 1;
  }
  if (interrupted) return 130;
  if (summary.valid_count == 0 && summary.error_count > 0) {
    const ErrorDetails& first = summary.errors.front().error;
    log(LogLevel::error, "all " + std::to_string(summary.error_count) + " requests failed; first error: " +
                             (first.code ? std::to_string(*first.code) + " " : "") + first.type + ": " +
                             first.message.substr(0, 300));
    return 1;
  }
  if (config.fail_on_client_bound && info.client_health && info.client_health->client_bound) {
    log(LogLevel::error, "the client was the bottleneck (client_bound) and --fail-on-client-bound is set");
    return kClientBoundExitCode;
  }
  return plot_failed ? 1 : 0;
}

RunRequests build_run_requests(const ProfileConfig& config, const Tokenizer& tokenizer) {
  Workload workload = build_workload(config, tokenizer);
  return {prepare_requests(config, workload.dataset), std::move(workload.answer_key)};
}

bool report_accuracy(const ProfileConfig& config, const AccuracyGrading& grading, const std::filesystem::path& dir) {
  const bool verbose = config.accuracy && config.accuracy->verbose;
  std::cout << accuracy_console(grading, verbose) << std::flush;
  const ArtifactNames names = artifact_names(config);
  bool ok = write_accuracy_exports(grading, dir, dir / names.summary_json);
  if (std::filesystem::exists(dir / names.console_text)) {
    std::ofstream txt(dir / names.console_text, std::ios::app);
    txt << accuracy_console(grading, verbose, kConsoleExportWidth, false);
    ok = ok && bool(txt);
  }
  if (!ok) log(LogLevel::error, "writing the accuracy exports in " + dir.string() + " failed");
  return ok;
}

}  // namespace aiperf
