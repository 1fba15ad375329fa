#pragma once
// The resolved `aiperf profile` configuration. Filled and validated once by the CLI
// (src/cli); everything downstream trusts it. Field names follow upstream's flags.
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/log.h"
#include "config/accuracy_settings.h"
#include "config/adaptive_scale_settings.h"
#include "config/agentic_settings.h"
#include "config/endpoint_catalog.h"
#include "config/media_config.h"
#include "config/server_hook_settings.h"
#include "config/shard_settings.h"
#include "config/steady_state_settings.h"
#include "config/telemetry_settings.h"

namespace aiperf {

enum class ExportLevel { summary, records, raw };
enum class UiType { none, simple, dashboard };  // --ui-type (docs/ui.md)
// Inter-arrival distribution of a request-rate phase (cli-and-load.md §4.2).
enum class ArrivalPattern { poisson, constant, gamma };
// --custom-dataset-type values implemented so far (workloads-and-endpoints.md §3).
enum class CustomDatasetType { single_turn, multi_turn, random_pool, mooncake_trace, bailian_trace, burst_gpt_trace,
                               raw_payload, inputs_json, sagemaker_data_capture, weka_trace, tracelab,
                               dag_jsonl, baseten_trace };
// --connection-reuse-strategy (cli-and-load.md §3.1, workloads-and-endpoints.md §5.1).
enum class ConnectionReuse { pooled, never, sticky_user_sessions };
// --model-selection-strategy with several --model names (cli-and-load.md §3.1).
enum class ModelSelection { round_robin, random };
// --cache-bust (workloads-and-endpoints.md §2.9): where the worker puts a per-trajectory marker
// (endpoints/cache_bust.h); warmup_isolation_* mark warm-up requests only.
// --prompt-corpus (workloads-and-endpoints.md §2.2): the filler text synthetic prompts are cut
// from; random: no text, token ids from the tokenizer's vocabulary.
enum class PromptCorpus { sonnet, coding, random };
// --random-corpus-style: the vocabulary --prompt-corpus random draws from (vllm: without the
// special tokens; sglang: every id).
enum class RandomCorpusStyle { vllm, sglang };
// --dataset-sampling-strategy (cli-and-load.md §3.3): which conversation each new session takes.
enum class SamplingStrategy { sequential, random, shuffle };
enum class CacheBust { none, system_prefix, system_suffix, first_turn_prefix, first_turn_suffix,
                       warmup_isolation_system, warmup_isolation_first_turn };

const char* endpoint_type_name(EndpointType t);  // "chat", "nim_rankings", ... (endpoint_catalog.h)
const char* export_level_name(ExportLevel l);
const char* ui_type_name(UiType u);
const char* arrival_pattern_name(ArrivalPattern p);  // "poisson", "constant", "gamma"
const char* custom_dataset_type_name(CustomDatasetType t);  // "single_turn", "mooncake_trace", ...
const char* connection_reuse_name(ConnectionReuse r);       // "pooled", "never", "sticky-user-sessions"
// Datasets whose bodies are sent byte for byte (workloads-and-endpoints.md §3.12).
bool is_verbatim_dataset_type(CustomDatasetType t);
// Trace types (upstream metadata is_trace): a timestamped first row turns on the fixed schedule.
bool is_trace_dataset_type(CustomDatasetType t);

// Bad user input. `what()` is one line that names the flag or file (and line) at fault.
struct ConfigError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// One --seq-dist bucket (workloads-and-endpoints.md §2.5): ISL and OSL each drawn from
// Normal(mean, stddev), clamped to >= 1; buckets are picked by relative weight.
struct SequenceLengthBucket {
  int64_t isl_mean = 1;
  double isl_stddev = 0.0;
  int64_t osl_mean = 1;
  double osl_stddev = 0.0;
  double weight = 1.0;
  bool operator==(const SequenceLengthBucket&) const = default;
};

// One point of --request-rate-series (cli-and-load.md §4.2.2): the rate in force `time_s`
// seconds into the phase; the rate between points is linearly interpolated.
struct RateSeriesPoint {
  double time_s = 0.0;
  double qps = 0.0;
  bool operator==(const RateSeriesPoint&) const = default;
};

// One --goodput SLO (metrics-and-outputs.md §3): a metric tag and a threshold in that
// metric's display unit; tags are checked against the catalogue by the metrics plane.
struct GoodputTarget {
  std::string tag;
  double value = 0.0;
  bool operator==(const GoodputTarget&) const = default;
};

// What each plane reads, one slice per plane (docs/design.md, "Settings per plane"): a component
// takes the slice it uses, so its signature says which options can reach it. The YAML body's
// sections map onto them (endpoint, tokenizer -> EndpointSettings/TokenizerSettings; dataset ->
// DatasetSettings; phases -> LoadSettings; artifacts, slos, runtime, logging -> OutputSettings).
// ProfileConfig is all of them, built once by the CLI / YAML conversion.
struct EndpointSettings {
  // Endpoint / model / transport (cli-and-load.md §3.1)
  std::vector<std::string> model_names;          // -m/--model/--model-names (required)
  EndpointType endpoint_type = EndpointType::chat;
  std::optional<std::string> custom_endpoint;    // --endpoint/--custom-endpoint
  bool streaming = false;                        // --streaming
  // --request-content-type multipart/form-data (default for the form endpoints): bodies are
  // forms under one run-wide random boundary, which the request head names.
  bool multipart = false;
  std::string multipart_boundary;                // set when multipart
  std::vector<std::string> urls{"http://localhost:8000"};  // -u/--url (scheme added if missing)
  double request_timeout_seconds = 21600.0;      // --request-timeout-seconds
  std::optional<std::string> api_key;            // --api-key -> Authorization: Bearer
  std::vector<std::pair<std::string, std::string>> headers;  // -H/--header Name:Value
  nlohmann::ordered_json extra_inputs = nlohmann::ordered_json::object();  // --extra-inputs, in the order given
  bool use_legacy_max_tokens = false;            // send max_tokens instead of max_completion_tokens
  bool use_server_token_count = false;           // token counts from usage
  bool per_chunk_usage = false;                  // --per-chunk-usage: ITL divisor from usage on the first chunk
  bool download_video_content = false;           // --download-video-content: video_generation latency includes the download
  bool ssl_verify = true;                        // --ssl-verify / --no-ssl-verify
  ConnectionReuse connection_reuse = ConnectionReuse::pooled;  // --connection-reuse-strategy
  ModelSelection model_selection = ModelSelection::round_robin;  // --model-selection-strategy
  std::string session_header = "X-Correlation-ID";  // --session-header: carries the conversation id
  // AWS signing and the SageMaker transport (workloads-and-endpoints.md §7.1, §7.5).
  bool sigv4 = false;                            // --auth-type sigv4 (implied by SageMaker)
  std::string aws_region;                        // sigv4: resolved from flag, env or ~/.aws/config
  std::string aws_service;                       // sigv4: signing name (SageMaker: "sagemaker")
  std::optional<std::string> aws_profile;        // --aws-profile
  std::optional<std::string> sagemaker_endpoint_name;  // set: the SageMaker transport
  std::optional<std::string> sagemaker_target_model;   // X-Amzn-SageMaker-Target-Model
  std::optional<std::string> sagemaker_target_variant; // X-Amzn-SageMaker-Target-Variant
  std::optional<std::string> sagemaker_inference_component;  // X-Amzn-SageMaker-Inference-Component
  ServerHookSettings server_hooks;  // --wait-for-model-*, --reset-kv-cache*, --server-profiler*
  bool sagemaker() const { return sagemaker_endpoint_name.has_value(); }
  // URL path for the endpoint type (SageMaker: the endpoint's invocation path), or the
  // --endpoint override.
  std::string endpoint_path() const;
};

struct TokenizerSettings {
  // Tokenizer (§3.2)
  std::optional<std::string> tokenizer;          // default: first model name
  std::string tokenizer_revision = "main";       // --tokenizer-revision
  bool tokenizer_trust_remote_code = false;      // accepted; nothing from the hub is ever run
};

struct DatasetSettings {
  // Synthetic workload (§3.7, workloads-and-endpoints.md §2)
  int64_t isl_mean = 550;                        // --isl / --synthetic-input-tokens-mean
  double isl_stddev = 0.0;
  std::optional<int64_t> osl_mean;               // --osl / --output-tokens-mean (unset: no cap sent)
  double osl_stddev = 0.0;
  int64_t num_dataset_entries = 100;             // --num-dataset-entries / --num-prompts
  bool num_dataset_entries_given = false;
  std::optional<uint64_t> random_seed;           // --random-seed
  // Replaces isl_*/osl_* when not empty; one bucket per conversation (--seq-dist).
  std::vector<SequenceLengthBucket> sequence_distribution;
  int64_t prefix_pool_size = 0;                  // --prompt-prefix-pool-size (0: no prefixes)
  int64_t prefix_length = 0;                     // --prompt-prefix-length, tokens added to turn 0
  std::optional<int64_t> shared_system_prompt_length;  // tokens; one system prompt for all
  std::optional<int64_t> user_context_prompt_length;   // tokens; one distinct prompt per entry
  CacheBust cache_bust = CacheBust::none;        // --cache-bust: applied by the worker at send time
  // --system-prompt, or the contents of --system-prompt-file (§2.8): verbatim system text put in
  // front of every conversation (joined to a dataset's own leading system message by a blank line).
  std::optional<std::string> system_prompt;
  int64_t prompt_batch_size = 1;                 // --prompt-batch-size: texts per request (turn 0)
  std::optional<PromptCorpus> prompt_corpus;     // --prompt-corpus; unset: the loader's default
  RandomCorpusStyle random_corpus_style = RandomCorpusStyle::vllm;  // --random-corpus-style
  // --random-range-ratio R: each synthetic ISL and OSL uniform in [⌊m·(1−R)⌋, ⌈m·(1+R)⌉] (≥ 1)
  // around its mean m, as vllm bench serve draws them; 0: the normal draws of --isl-stddev.
  double random_range_ratio = 0;
  std::optional<SamplingStrategy> sampling_strategy;  // --dataset-sampling-strategy; unset: sequential
  // Synthetic rankings (workloads-and-endpoints.md §2.11): passages per entry, query and
  // passage token lengths, each ~ Normal(mean, stddev) clamped to >= 1.
  int64_t rankings_passages_mean = 1;
  double rankings_passages_stddev = 0.0;
  int64_t rankings_query_tokens_mean = 550;
  double rankings_query_tokens_stddev = 0.0;
  int64_t rankings_passage_tokens_mean = 550;
  double rankings_passage_tokens_stddev = 0.0;
  MediaConfig media;                             // --image-* / --audio-* (synthetic data only)

  // Dataset file and trace replay (§3.3, §3.4, §4.3)
  std::optional<std::string> input_file;         // --input-file: replaces the synthetic prompts
  CustomDatasetType custom_dataset_type = CustomDatasetType::single_turn;  // given or inferred
  std::optional<int64_t> isl_block_size;         // --isl-block-size: tokens per hash_id block
  bool ignore_trace_delays = false;  // --ignore-trace-delays: trace timestamps and delays dropped (unless fixed schedule)
  bool uuid_and_strip = false;       // --uuid-and-strip: a session's repeated images sent as uuid-only references
  // Agentic trace replay (weka_trace, tracelab; docs/datasets.md).
  bool use_think_time_only = false;                   // --use-think-time-only: delay = recorded think time
  std::optional<double> trace_idle_gap_cap_s;         // --trace-idle-gap-cap-seconds: idle gaps per trace
  std::optional<double> inter_turn_delay_cap_s;       // --inter-turn-delay-cap-seconds: one delay
  std::optional<int64_t> max_context_length;          // --max-context-length: drop longer traces
  std::optional<int64_t> synthesis_max_osl;           // --synthesis-max-osl: cap on parent-turn max_tokens
  // Trace synthesis (cli-and-load.md §3.9, docs/prompts.md): hash-id traces reshaped
  // before their prompts are built. All 1 (and no max ISL): the trace as recorded.
  double synthesis_speedup_ratio = 1.0;        // timestamps and delays divided by this
  double synthesis_prefix_len_multiplier = 1.0;  // shared-prefix blocks scaled
  int64_t synthesis_prefix_root_multiplier = 1;  // independent copies of the prefix trees
  double synthesis_prompt_len_multiplier = 1.0;  // unique (unshared) blocks scaled
  double synthesis_output_len_multiplier = 1.0;  // output lengths scaled
  std::optional<int64_t> synthesis_max_isl;      // traces whose input exceeds this are skipped
  bool trace_synthesis() const {
    return synthesis_speedup_ratio != 1.0 || synthesis_prefix_len_multiplier != 1.0 ||
           synthesis_prefix_root_multiplier != 1 || synthesis_prompt_len_multiplier != 1.0 ||
           synthesis_output_len_multiplier != 1.0 || synthesis_max_isl.has_value();
  }
  // baseten_trace replay knobs (cli-and-load.md §3.4, docs/datasets.md)
  std::optional<double> replay_speedup;             // --replay-speedup: trace times divided by this
  std::optional<double> max_idle_gap_cap_seconds;   // --max-idle-gap-cap-seconds (after the speedup)
  std::optional<double> trace_session_sample_ratio; // --trace-session-sample-ratio (0, 1]
  bool force_min_tokens = true;                     // --force-min-tokens / --no-force-min-tokens
  bool omit_kv_hints = false;                       // --omit-kv-hints: no hash_ids / block_size in bodies
  bool open_loop_strict = false;                    // --open-loop-strict: every row its own session
  bool open_loop_replay = true;                     // --no-open-loop-replay: think time after each reply

  // Public dataset (cli-and-load.md §3.3, workloads-and-endpoints.md §4), from local files only
  std::optional<std::string> public_dataset;     // --public-dataset: a name in config/public_datasets.h
  std::optional<std::string> hf_subset;          // --hf-subset: replaces the dataset's HF subset
  std::optional<std::string> hf_weka_dataset;    // --hf-weka-dataset: the repo of --public-dataset weka_hf
  // --dataset-filter KEY=VALUE, in the order given; only for datasets that declare KEY.
  std::vector<std::pair<std::string, std::string>> dataset_filters;

  // Multi-turn conversations (cli-and-load.md §3.6, §4.11)
  int64_t conversation_turn_mean = 1;            // turns per conversation ~ Normal(mean, stddev), >= 1
  double conversation_turn_stddev = 0.0;
  double conversation_turn_delay_mean_ms = 0.0;  // think time before turns 2..N
  double conversation_turn_delay_stddev_ms = 0.0;
  double conversation_turn_delay_ratio = 1.0;    // multiplies every delay (0: none)
  // Conversations may have more than one turn (history, sessions in the timing plane).
  bool multi_turn() const { return conversation_turn_mean > 1 || conversation_turn_stddev > 0; }
};

struct LoadSettings {
  std::optional<int64_t> conversation_num;       // --conversation-num/--num-sessions: sessions to start
  // Load generator (§3.10, §3.12)
  std::optional<int64_t> concurrency;            // closed loop in-flight requests (default 1);
                                                 // with a rate: a ceiling (unset: none)
  std::optional<double> request_rate;            // --request-rate, req/s: open loop when set
  ArrivalPattern arrival_pattern = ArrivalPattern::poisson;  // --arrival-pattern
  std::optional<double> arrival_smoothness;      // gamma shape k (default 1 when gamma)
  std::optional<double> request_rate_ramp_duration;  // seconds (§4.5)
  std::vector<RateSeriesPoint> request_rate_series;  // --request-rate-series (empty: none)
  std::string request_rate_series_file;           // its path, for input_config
  std::optional<int64_t> request_count;          // --request-count (default 10 if no stop condition)
  std::optional<double> benchmark_duration;      // seconds
  double benchmark_grace_period = 30.0;          // seconds; infinity allowed
  // Warm-up (§3.12, §4.10): a phase exists when a count or a duration is given; its load
  // shape is the profiling phase's unless a --warmup-* value overrides it.
  std::optional<int64_t> warmup_request_count;   // --warmup-request-count
  std::optional<double> warmup_duration;         // --warmup-duration, seconds
  std::optional<double> warmup_grace_period;     // --warmup-grace-period (default: wait for all)
  std::optional<int64_t> warmup_concurrency;     // --warmup-concurrency
  std::optional<double> warmup_request_rate;     // --warmup-request-rate
  std::optional<ArrivalPattern> warmup_arrival_pattern;      // --warmup-arrival-pattern
  std::optional<double> warmup_request_rate_ramp_duration;  // seconds; default: the profiling value
  std::optional<double> concurrency_ramp_duration;         // seconds (§4.5)
  std::optional<double> warmup_concurrency_ramp_duration;  // seconds; default: the profiling value
  std::optional<int64_t> prefill_concurrency;    // requests awaiting their first token (§4.6); streaming only
  std::optional<double> prefill_concurrency_ramp_duration;  // seconds (§4.5)
  std::optional<int64_t> warmup_prefill_concurrency;        // default: prefill_concurrency
  std::optional<double> warmup_prefill_concurrency_ramp_duration;  // default: the profiling value
  std::optional<double> request_cancellation_rate;  // percent (0, 100] of profiling requests (§4.7)
  double request_cancellation_delay = 0.0;       // seconds after the body is written
  std::optional<int64_t> workers_max;            // --workers-max (default: see effective_workers)
  std::optional<double> failed_request_threshold;  // abort when failed/total exceeds this (0..1)
  std::optional<double> user_centric_rate;       // --user-centric-rate Q (total req/s over all users)
  std::optional<int64_t> num_users;              // --num-users U (with --user-centric-rate only)
  // Fixed schedule (§3.4, §4.3): a trace's timestamps drive the profiling phase.
  bool fixed_schedule = false;                   // resolved: --fixed-schedule or auto-promoted trace
  bool fixed_schedule_auto_offset = false;       // resolved: schedule zero = first kept timestamp
  std::optional<int64_t> fixed_schedule_start_offset;  // ms, inclusive
  std::optional<int64_t> fixed_schedule_end_offset;    // ms, inclusive
  // YAML phases.profiling.adaptive_scale with its phase sla filters (§5.7): the profiling phase
  // starts at adaptive_scale->min of the variable and the record thread moves it.
  std::optional<AdaptiveScaleSettings> adaptive_scale;
  std::optional<int64_t> num_warmup_sessions;    // --num-warmup-sessions: a warm-up of N sessions
  AgenticSettings agentic;                       // agentic replay (docs/agentic.md)
  int64_t effective_concurrency() const { return concurrency.value_or(1); }
  bool rate_mode() const { return request_rate.has_value() || !request_rate_series.empty(); }
  bool has_warmup() const { return warmup_request_count || warmup_duration || num_warmup_sessions; }
  bool user_centric_mode() const { return user_centric_rate.has_value(); }
  // Requests for the profiling phase: explicit count, else 10 unless a duration or a session
  // count is set, or the phase replays a fixed schedule (which then ends with its last record).
  std::optional<int64_t> effective_request_count() const;
  // Number of worker threads: upstream's max(1, min(int(cpus*0.75)-1, 32)) capped by concurrency.
  int effective_workers() const;
};

struct OutputSettings {
  // Output (§3.15)
  std::vector<GoodputTarget> goodput;            // --goodput "tag:value ..." (empty: off)
  std::string artifact_root = "artifacts";       // --artifact-dir / --output-artifact-dir
  bool artifact_dir_given = false;               // given: write directly into it
  ExportLevel export_level = ExportLevel::records;
  std::string profile_export_prefix;             // --profile-export-prefix: stem of every export (empty: default names)
  std::optional<double> slice_duration;          // --slice-duration, seconds: timeslice exports
  std::optional<SteadyStateSettings> steady_state;  // --steady-state*: steady-state exports
  bool export_outputs_json = false;              // --export-outputs-json (also implied by export level raw)
  bool fail_on_client_bound = false;             // --fail-on-client-bound (ours): exit 3 when client_bound
  bool show_trace_timing = false;                // --show-trace-timing: http_req_* metrics and their table
  bool export_http_trace = false;                // --export-http-trace: trace_data in profile_export.jsonl
  bool auto_plot = false;                        // --auto-plot: `aiperf plot` on the artifacts afterwards
  bool plot_required = false;                    // --plot-required: a failed auto-plot exits non-zero

  // Console (§3.16, §3.19)
  UiType ui_type = UiType::none;                 // --ui-type / --ui (default: dashboard on a TTY, simple with -v)
  bool ui_type_given = false;                    // --ui-type was given (a study refuses dashboard)
  std::optional<double> stats_interval;          // --stats-interval s; unset: 5 (dashboard), 30 (else); 0: no block
  // The real-time metrics period for this UI.
  double effective_stats_interval() const {
    return stats_interval.value_or(ui_type == UiType::dashboard ? 5.0 : 30.0);
  }
  int verbosity = 0;                             // -v: 1 (DEBUG); -vv, --extra-verbose: 2 (TRACE)
  std::optional<LogLevel> log_level;             // --log-level (wins over -v/-vv)
  // The level of logs/aiperf.log, and of the console when the user asked for one.
  LogLevel effective_log_level() const {
    if (log_level) return *log_level;
    return verbosity >= 2 ? LogLevel::trace : verbosity == 1 ? LogLevel::debug : LogLevel::info;
  }
  bool log_level_given() const { return log_level.has_value() || verbosity > 0; }
};

struct ProfileConfig : EndpointSettings, TokenizerSettings, DatasetSettings, LoadSettings, OutputSettings,
                       TelemetrySettings, ShardSettings {
  std::string cli_command;                       // reconstructed "aiperf profile ..." line
  std::vector<std::string> cli_args;             // its words after "profile", secrets redacted
  ScenarioSettings scenario;                     // --scenario, --unsafe-override
  std::optional<AccuracySettings> accuracy;     // --accuracy-*: grade responses (docs/accuracy.md)

  // Derived helpers (defined in profile_config.cpp).
  // Conversations the synthetic dataset holds: --num-dataset-entries, or --conversation-num
  // when that is given and --num-dataset-entries is not.
  int64_t dataset_size() const;
  const std::string& tokenizer_name() const { return tokenizer ? *tokenizer : model_names.front(); }
  // The resolved config as upstream's `input_config` (secrets redacted).
  nlohmann::json to_json() const;
};

}  // namespace aiperf
