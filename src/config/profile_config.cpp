#include "config/profile_config.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <string>
#include <thread>

#include "common/credential_header.h"
#include "config/enum_names.h"

namespace aiperf {

const char* endpoint_type_name(EndpointType t) { return endpoint_info(t).name; }

// The tables of config/enum_names.cpp; their names are string literals, so data() ends in NUL.
const char* export_level_name(ExportLevel l) { return name_of(l).data(); }
const char* ui_type_name(UiType u) { return name_of(u).data(); }
const char* arrival_pattern_name(ArrivalPattern p) { return name_of(p).data(); }
const char* custom_dataset_type_name(CustomDatasetType t) { return name_of(t).data(); }
const char* connection_reuse_name(ConnectionReuse r) { return name_of(r).data(); }

bool is_verbatim_dataset_type(CustomDatasetType t) {
  return t == CustomDatasetType::raw_payload || t == CustomDatasetType::inputs_json;
}

bool is_trace_dataset_type(CustomDatasetType t) {
  return t == CustomDatasetType::mooncake_trace || t == CustomDatasetType::bailian_trace ||
         t == CustomDatasetType::burst_gpt_trace || t == CustomDatasetType::sagemaker_data_capture ||
         t == CustomDatasetType::weka_trace || t == CustomDatasetType::tracelab ||
         t == CustomDatasetType::baseten_trace;
}

std::optional<int64_t> LoadSettings::effective_request_count() const {
  if (request_count) return request_count;
  // Adaptive scale ends the phase itself (§5.7): no default count.
  if (benchmark_duration || fixed_schedule || conversation_num || adaptive_scale) return std::nullopt;
  return 10;  // upstream's default stop condition (cli-and-load.md §2.2)
}

int64_t ProfileConfig::dataset_size() const {
  if (conversation_num && !num_dataset_entries_given) return *conversation_num;
  return num_dataset_entries;
}

int LoadSettings::effective_workers() const {
  int cpus = int(std::max(1u, std::thread::hardware_concurrency()));
  int workers = workers_max ? int(*workers_max) : std::max(1, std::min(int(cpus * 0.75) - 1, 32));
  // An open loop without a ceiling may have any number in flight: no cap on workers.
  if ((rate_mode() || fixed_schedule || user_centric_mode()) && !concurrency) return std::max(1, workers);
  const bool adaptive = adaptive_scale && adaptive_scale->variable == AdaptiveVariable::concurrency;
  const int64_t peak = adaptive ? int64_t(adaptive_scale->max) : effective_concurrency();
  return int(std::max<int64_t>(1, std::min<int64_t>(workers, peak)));
}

std::string EndpointSettings::endpoint_path() const {
  if (custom_endpoint) return *custom_endpoint;
  if (sagemaker())
    return "/endpoints/" + *sagemaker_endpoint_name + (streaming ? "/invocations-response-stream" : "/invocations");
  const EndpointInfo& e = endpoint_info(endpoint_type);
  return streaming && e.streaming_path ? e.streaming_path : e.path;
}

namespace {

// JSON has no infinity; upstream's pydantic dump writes it as the string "inf".
nlohmann::json seconds_value(double s) {
  if (std::isinf(s)) return "inf";
  return s;
}

// The --seq-dist semicolon spelling, which round-trips through the parser.
std::string sequence_distribution_text(const std::vector<SequenceLengthBucket>& buckets) {
  std::string out;
  auto number = [](double v) { return nlohmann::json(v).dump(); };
  auto length = [&](int64_t mean, double stddev) {
    return std::to_string(mean) + (stddev > 0 ? "|" + number(stddev) : "");
  };
  for (const SequenceLengthBucket& b : buckets) {
    if (!out.empty()) out += ';';
    out += length(b.isl_mean, b.isl_stddev) + "," + length(b.osl_mean, b.osl_stddev) + ":" +
           number(b.weight);
  }
  return out;
}

// input_config's view of adaptive scale: the YAML block's keys, resolved.
nlohmann::json adaptive_scale_json(const AdaptiveScaleSettings& a) {
  nlohmann::json strategy = {{"type", "ramp_until_fail"}, {"step_policy", std::string(name_of(a.step_policy))},
                             {"step_percent", a.step_percent}, {"base_step", a.base_step},
                             {"max_step_multiplier", a.max_step_multiplier}};
  nlohmann::json sla = nlohmann::json::array();
  for (const WindowSlaFilter& f : a.sla) sla.push_back(f.text);
  return {{"enabled", true},
          {"control", {{"variable", std::string(name_of(a.variable))}, {"min", a.min}, {"max", a.max}}},
          {"assessment_period", a.assessment_period_s},
          {"min_completed_requests", a.min_completed_requests},
          {"sustain_duration", a.sustain_duration_s},
          {"strategy", strategy},
          {"sla", sla}};
}

}  // namespace

// Mirrors upstream's legacy UserConfig sections. Optional fields appear only when set;
// fields with a resolved default always appear.
nlohmann::json ProfileConfig::to_json() const {
  nlohmann::json endpoint = {{"model_names", model_names},
                             {"type", endpoint_type_name(endpoint_type)},
                             {"streaming", streaming},
                             {"urls", urls},
                             {"timeout_seconds", request_timeout_seconds},
                             {"use_legacy_max_tokens", use_legacy_max_tokens},
                             {"use_server_token_count", use_server_token_count},
                             {"ssl_verify", ssl_verify}};
  if (custom_endpoint) endpoint["custom_endpoint"] = *custom_endpoint;
  endpoint["request_content_type"] = multipart ? "multipart/form-data" : "application/json";
  if (api_key) endpoint["api_key"] = kRedacted;
  if (per_chunk_usage) endpoint["per_chunk_usage"] = true;
  endpoint["connection_reuse_strategy"] = connection_reuse_name(connection_reuse);
  endpoint["model_selection_strategy"] = model_selection == ModelSelection::random ? "random" : "round_robin";
  if (session_header != "X-Correlation-ID") endpoint["session_header"] = session_header;
  // Upstream's field names; written only when a hook is on, so other runs' input_config is unchanged.
  if (const ServerHookSettings& h = server_hooks; h.wait_for_model()) {
    endpoint["wait_for_model_timeout"] = h.wait_for_model_timeout_s;
    endpoint["wait_for_model_mode"] = std::string(name_of(h.wait_for_model_mode));
    endpoint["wait_for_model_interval"] = h.wait_for_model_interval_s;
  }
  if (const ServerHookSettings& h = server_hooks; h.reset_kv_cache) {
    endpoint["reset_kv_cache"] = true;
    endpoint["reset_kv_cache_path"] = h.reset_kv_cache_path;
    endpoint["reset_kv_cache_timeout_seconds"] = h.reset_kv_cache_timeout_s;
  }
  if (const ServerHookSettings& h = server_hooks; h.server_profiler) {
    endpoint["server_profiler"] = true;
    endpoint["server_profiler_start_path"] = h.server_profiler_start_path;
    endpoint["server_profiler_stop_path"] = h.server_profiler_stop_path;
    endpoint["server_profiler_timeout_seconds"] = h.server_profiler_timeout_s;
  }
  if (sigv4) {
    endpoint["auth_type"] = "sigv4";
    endpoint["aws_region"] = aws_region;
    endpoint["aws_service"] = aws_service;
    if (aws_profile) endpoint["aws_profile"] = *aws_profile;
  }
  if (sagemaker()) {
    endpoint["transport"] = "sagemaker";
    endpoint["sagemaker_endpoint_name"] = *sagemaker_endpoint_name;
    if (sagemaker_target_model) endpoint["sagemaker_target_model"] = *sagemaker_target_model;
    if (sagemaker_target_variant) endpoint["sagemaker_target_variant"] = *sagemaker_target_variant;
    if (sagemaker_inference_component)
      endpoint["sagemaker_inference_component_name"] = *sagemaker_inference_component;
  }

  nlohmann::json input_tokens = {{"mean", isl_mean}, {"stddev", isl_stddev}};
  nlohmann::json output_tokens = {{"stddev", osl_stddev}};
  if (osl_mean) output_tokens["mean"] = *osl_mean;
  nlohmann::json prefix_prompt = {{"pool_size", prefix_pool_size}, {"length", prefix_length}};
  if (shared_system_prompt_length)
    prefix_prompt["shared_system_prompt_length"] = *shared_system_prompt_length;
  if (user_context_prompt_length)
    prefix_prompt["user_context_prompt_length"] = *user_context_prompt_length;
  nlohmann::json prompt = {{"input_tokens", input_tokens},
                           {"output_tokens", output_tokens},
                           {"prefix_prompt", prefix_prompt}};
  if (!sequence_distribution.empty())
    prompt["sequence_distribution"] = sequence_distribution_text(sequence_distribution);
  if (cache_bust != CacheBust::none) prompt["cache_bust"] = std::string(name_of(cache_bust));
  if (prompt_batch_size != 1) prompt["batch_size"] = prompt_batch_size;
  if (prompt_corpus) prompt["corpus"] = std::string(name_of(*prompt_corpus));
  if (prompt_corpus == PromptCorpus::random) prompt["random_corpus_style"] = std::string(name_of(random_corpus_style));
  if (random_range_ratio > 0) prompt["random_range_ratio"] = random_range_ratio;
  // The text itself may be long or private to the user: its length is enough to tell runs apart.
  if (system_prompt) prompt["system_prompt_chars"] = system_prompt->size();
  nlohmann::json conversation = {
      {"num_dataset_entries", dataset_size()},
      {"turn", {{"mean", conversation_turn_mean},
                {"stddev", conversation_turn_stddev},
                {"delay", {{"mean", conversation_turn_delay_mean_ms},
                           {"stddev", conversation_turn_delay_stddev_ms},
                           {"ratio", conversation_turn_delay_ratio}}}}}};
  if (conversation_num) conversation["num"] = *conversation_num;
  if (sampling_strategy) conversation["sampling_strategy"] = std::string(name_of(*sampling_strategy));
  nlohmann::json input = {{"prompt", prompt}, {"conversation", conversation}};
  if (!extra_inputs.empty()) {
    // Upstream stores --extra-inputs and --header as lists of [name, value] pairs.
    nlohmann::json pairs = nlohmann::json::array();
    for (const auto& [k, v] : extra_inputs.items()) pairs.push_back({k, v});
    input["extra"] = pairs;
  }
  if (!headers.empty()) {
    nlohmann::json pairs = nlohmann::json::array();
    for (const auto& [name, value] : headers)
      pairs.push_back({name, is_credential_header(name) ? kRedacted : value});
    input["headers"] = pairs;
  }
  if (random_seed) input["random_seed"] = *random_seed;
  for (const GoodputTarget& t : goodput) input["goodput"][t.tag] = t.value;
  if (input_file) {
    input["file"] = *input_file;
    input["custom_dataset_type"] = custom_dataset_type_name(custom_dataset_type);
    if (isl_block_size) input["prompt"]["input_tokens"]["block_size"] = *isl_block_size;
    input["fixed_schedule"] = fixed_schedule;
    if (fixed_schedule) input["fixed_schedule_auto_offset"] = fixed_schedule_auto_offset;
    if (fixed_schedule_start_offset) input["fixed_schedule_start_offset"] = *fixed_schedule_start_offset;
    if (fixed_schedule_end_offset) input["fixed_schedule_end_offset"] = *fixed_schedule_end_offset;
    if (trace_synthesis()) {
      nlohmann::json& syn = input["synthesis"];
      syn["speedup_ratio"] = synthesis_speedup_ratio;
      syn["prefix_len_multiplier"] = synthesis_prefix_len_multiplier;
      syn["prefix_root_multiplier"] = synthesis_prefix_root_multiplier;
      syn["prompt_len_multiplier"] = synthesis_prompt_len_multiplier;
      syn["output_len_multiplier"] = synthesis_output_len_multiplier;
      if (synthesis_max_isl) syn["max_isl"] = *synthesis_max_isl;
    }
  }

  if (public_dataset) input["public_dataset"] = *public_dataset;
  if (hf_subset) input["hf_subset"] = *hf_subset;
  if (hf_weka_dataset) input["hf_weka_dataset"] = *hf_weka_dataset;
  for (const auto& [key, value] : dataset_filters) input["dataset_filters"][key] = value;

  nlohmann::json loadgen = nlohmann::json::object();
  if ((!rate_mode() && !fixed_schedule && !user_centric_mode()) || concurrency)
    loadgen["concurrency"] = effective_concurrency();
  if (user_centric_rate) {
    loadgen["user_centric_rate"] = *user_centric_rate;
    if (num_users) loadgen["num_users"] = *num_users;
  }
  if (request_rate) {
    loadgen["request_rate"] = *request_rate;
    loadgen["arrival_pattern"] = arrival_pattern_name(arrival_pattern);
    if (arrival_smoothness) loadgen["arrival_smoothness"] = *arrival_smoothness;
    if (request_rate_ramp_duration) loadgen["request_rate_ramp_duration"] = *request_rate_ramp_duration;
  }
  if (!request_rate_series.empty()) {
    loadgen["request_rate_series"] = request_rate_series_file;
    loadgen["arrival_pattern"] = arrival_pattern_name(arrival_pattern);
    if (arrival_smoothness) loadgen["arrival_smoothness"] = *arrival_smoothness;
  }
  if (concurrency_ramp_duration) loadgen["concurrency_ramp_duration"] = *concurrency_ramp_duration;
  if (auto n = effective_request_count()) loadgen["request_count"] = *n;
  if (benchmark_duration) {
    loadgen["benchmark_duration"] = *benchmark_duration;
    loadgen["benchmark_grace_period"] = seconds_value(benchmark_grace_period);
  }
  if (warmup_request_count) loadgen["warmup_request_count"] = *warmup_request_count;
  if (warmup_duration) loadgen["warmup_duration"] = *warmup_duration;
  if (warmup_grace_period) loadgen["warmup_grace_period"] = seconds_value(*warmup_grace_period);
  if (warmup_concurrency) loadgen["warmup_concurrency"] = *warmup_concurrency;
  if (warmup_request_rate) loadgen["warmup_request_rate"] = *warmup_request_rate;
  if (warmup_arrival_pattern) loadgen["warmup_arrival_pattern"] = arrival_pattern_name(*warmup_arrival_pattern);
  if (warmup_request_rate_ramp_duration)
    loadgen["warmup_request_rate_ramp_duration"] = *warmup_request_rate_ramp_duration;
  if (warmup_concurrency_ramp_duration)
    loadgen["warmup_concurrency_ramp_duration"] = *warmup_concurrency_ramp_duration;
  if (prefill_concurrency) loadgen["prefill_concurrency"] = *prefill_concurrency;
  if (prefill_concurrency_ramp_duration)
    loadgen["prefill_concurrency_ramp_duration"] = *prefill_concurrency_ramp_duration;
  if (warmup_prefill_concurrency) loadgen["warmup_prefill_concurrency"] = *warmup_prefill_concurrency;
  if (warmup_prefill_concurrency_ramp_duration)
    loadgen["warmup_prefill_concurrency_ramp_duration"] = *warmup_prefill_concurrency_ramp_duration;
  if (request_cancellation_rate) {
    loadgen["request_cancellation_rate"] = *request_cancellation_rate;
    loadgen["request_cancellation_delay"] = request_cancellation_delay;
  }
  if (workers_max) loadgen["workers_max"] = *workers_max;
  if (adaptive_scale) loadgen["adaptive_scale"] = adaptive_scale_json(*adaptive_scale);
  if (failed_request_threshold) loadgen["failed_request_threshold"] = *failed_request_threshold;

  nlohmann::json output = {{"artifact_directory", artifact_root},
                           {"export_level", export_level_name(export_level)}};
  if (fail_on_client_bound) output["fail_on_client_bound"] = true;
  if (show_trace_timing) output["show_trace_timing"] = true;
  if (export_http_trace) output["export_http_trace"] = true;
  if (export_outputs_json) output["export_outputs_json"] = true;
  if (!profile_export_prefix.empty()) output["profile_export_prefix"] = profile_export_prefix;
  if (slice_duration) output["slice_duration"] = *slice_duration;
  if (steady_state) {
    nlohmann::json ss = {{"min_window_pct", steady_state->min_window_pct},
                         {"bootstrap_iterations", steady_state->bootstrap_iterations}};
    if (steady_state->manual()) {
      ss["start_pct"] = *steady_state->start_pct;
      ss["end_pct"] = *steady_state->end_pct;
    }
    output["steady_state"] = std::move(ss);
  }

  nlohmann::json tokenizer_section = nlohmann::json::object();
  if (tokenizer || !model_names.empty()) tokenizer_section["name"] = tokenizer_name();

  return {{"endpoint", endpoint},
          {"input", input},
          {"loadgen", loadgen},
          {"output", output},
          {"tokenizer", tokenizer_section}};
}

}  // namespace aiperf
