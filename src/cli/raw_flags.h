#pragma once
// The text of every `aiperf profile` option as it arrived (command line or YAML), before any
// conversion. Conversion happens afterwards so that each error can name the spelling the user
// wrote: the alias typed, or the YAML file, line and key.
#include <string>
#include <vector>

namespace aiperf {

struct RawFlags {
  std::vector<std::string> models, urls, headers, extra_inputs;
  std::string endpoint_type, custom_endpoint, request_timeout, api_key, tokenizer, tokenizer_revision;
  std::string connection_reuse, session_header, model_selection, request_content_type;
  std::string url_strategy;
  // Server control hooks (cli-and-load.md §3.1).
  std::string wait_for_model_timeout, wait_for_model_mode, wait_for_model_interval;
  std::string reset_kv_cache_path, reset_kv_cache_timeout;
  std::string server_profiler_start_path, server_profiler_stop_path, server_profiler_timeout;
  bool reset_kv_cache = false, server_profiler = false;
  std::string auth_type, aws_region, aws_service, aws_profile, transport;
  std::string sagemaker_endpoint, sagemaker_target_model, sagemaker_target_variant, sagemaker_component;
  std::string isl, isl_stddev, osl, osl_stddev, num_dataset_entries, random_seed;
  std::string seq_dist, prefix_pool_size, prefix_length, shared_system_length, user_context_length;
  std::string cache_bust;
  // Prompt options (workloads-and-endpoints.md §2.1, §2.8; cli-and-load.md §3.3, §3.9).
  std::string system_prompt, system_prompt_file, prompt_batch_size, prompt_corpus, random_corpus_style;
  std::string random_range_ratio, sampling_strategy;
  std::string synthesis_speedup, synthesis_prefix_len, synthesis_prefix_root, synthesis_prompt_len;
  std::string synthesis_output_len, synthesis_max_isl;
  bool no_open_loop_replay = false;
  std::string rankings_passages, rankings_passages_sd, rankings_query_tokens, rankings_query_tokens_sd;
  std::string rankings_passage_tokens, rankings_passage_tokens_sd;
  std::string image_width, image_width_sd, image_height, image_height_sd, image_batch, image_format;
  std::string image_source, image_source_sampling;
  std::string audio_length, audio_length_sd, audio_batch, audio_format, audio_channels;
  std::vector<std::string> audio_depths, audio_sample_rates;
  std::string video_width, video_height, video_batch, video_duration, video_fps, video_synth_type, video_format;
  std::string video_codec, video_audio_channels, video_audio_sample_rate, video_audio_codec, video_audio_depth;
  std::string concurrency, request_count, benchmark_duration, grace_period;
  std::string num_shards, shard_index, shard_rendezvous, shard_timeout;
  std::string record_processors, zmq_host, zmq_ipc_path;  // upstream's services: accepted, no effect
  bool zmq_dual_bind = false;
  std::string failed_request_threshold;
  std::string warmup_request_count, workers_max, concurrency_ramp, warmup_concurrency_ramp;
  std::string request_rate, arrival_pattern, arrival_smoothness, rate_ramp, rate_series;
  std::string warmup_duration, warmup_grace, warmup_concurrency, warmup_rate, warmup_pattern, warmup_rate_ramp;
  std::string prefill_concurrency, prefill_ramp, warmup_prefill_concurrency, warmup_prefill_ramp;
  std::string cancellation_rate, cancellation_delay;
  std::string conversation_num, turn_mean, turn_stddev, delay_mean, delay_stddev, delay_ratio;
  std::string user_centric_rate, num_users;
  std::string adaptive_scale;          // YAML phases.profiling.adaptive_scale, as one JSON object
  std::vector<std::string> phase_sla;  // YAML phases.profiling.sla: filter texts or JSON objects
  std::string artifact_dir, export_level, ui_type, log_level;
  std::string profile_export_prefix, slice_duration, stats_interval;
  bool steady_state = false;
  std::string steady_state_start_pct, steady_state_end_pct, steady_state_min_window_pct;
  std::string steady_state_bootstrap_iterations;
  std::string input_file, custom_dataset_type, isl_block_size, schedule_start, schedule_end;
  std::string public_dataset, hf_subset, hf_weka_dataset;
  std::vector<std::string> dataset_filters;
  bool fixed_schedule = false, no_fixed_schedule = false, schedule_auto_offset = false;
  bool ignore_trace_delays = false;
  bool uuid_and_strip = false;
  bool use_think_time_only = false;
  std::string trace_idle_gap_cap, inter_turn_delay_cap, max_context_length, synthesis_max_osl;
  std::string replay_speedup, max_idle_gap_cap, session_sample_ratio;  // baseten_trace
  // Agentic replay (cli-and-load.md §3.10-§3.12, workloads-and-endpoints.md §5.4).
  std::string trajectory_start_min, trajectory_start_max, system_idle_gap_cap;
  std::string session_arrival_rate, session_arrival_pattern, session_arrival_smoothness;
  std::string agentic_cache_warmup, agentic_warmup_grace, num_warmup_sessions;
  std::string scenario, timing_mode;
  bool burst_phase_starts = false, end_to_start_delays = false, allow_dataset_wrap = false;
  bool no_allow_dataset_wrap = false, unsafe_override = false;
  bool force_min_tokens = false, no_force_min_tokens = false, omit_kv_hints = false;
  bool open_loop_replay = false, open_loop_strict = false;
  bool streaming = false, legacy_max_tokens = false, server_token_count = false, per_chunk_usage = false;
  bool download_video_content = false;
  bool export_outputs_json = false;
  bool tokenizer_trust_remote_code = false;
  bool ssl_verify = true, extra_verbose = false, fail_on_client_bound = false;
  bool show_trace_timing = false, export_http_trace = false;
  bool auto_plot = false, plot_required = false;
  int verbose = 0;
  std::vector<std::string> goodput;
  // Multi-run, sweep and search (cli-and-load.md §3.17).
  std::string num_profile_runs, profile_run_cooldown, confidence_level;
  bool profile_run_disable_warmup_after_first = true, set_consistent_seed = true, vary_seed_per_trial = false;
  std::string convergence_metric, convergence_stat, convergence_threshold, convergence_mode;
  std::string parameter_sweep_cooldown, parameter_sweep_mode, sweep_type;
  bool parameter_sweep_same_seed = false, no_sweep_table = false;
  std::vector<std::string> variants, search_space, search_sla, search_sla_tiers;
  std::string search_metric, search_stat, search_direction, search_max_iterations, search_initial_points;
  std::string search_random_seed, search_planner, search_percentile_pooling, search_recipe, search_style;
  std::string optuna_sampler, optuna_acquisition, optuna_terminator, bo_constraint_mode;
  std::string ttft_sla_ms, itl_sla_ms, tpot_sla_ms, e2e_sla_ms, error_rate_sla, slo_attainment_fraction;
  std::string isl_osl_pairs, degradation_threshold, degradation_metric_tag, degradation_stat;
  std::string isl_min, isl_max, isl_steps, concurrency_min, concurrency_max, concurrency_steps;
  std::string osl_min, osl_max, osl_steps;
  // Telemetry and exporters (§3.15, §3.16).
  std::vector<std::string> gpu_telemetry, server_metrics, server_metrics_formats;
  bool gpu_telemetry_enabled = true, server_metrics_enabled = true, network_latency_automatic = false;
  std::string network_latency_mean, network_latency_ping_interval;
  std::string otel_url, gen_ai_provider;
  std::vector<std::string> otel_resource_attributes, otel_stream;
  std::string mlflow_tracking_uri, mlflow_experiment, mlflow_run_name, mlflow_parent_run_id;
  std::vector<std::string> mlflow_tags, mlflow_artifact_globs;
  std::string wandb_project, wandb_entity, wandb_run_name;
  std::vector<std::string> wandb_tags;
  // Accuracy benchmarks (cli-and-load.md §3.18).
  std::string accuracy_benchmark, accuracy_n_shots, accuracy_grader, accuracy_system_prompt;
  std::vector<std::string> accuracy_tasks;
  bool accuracy_enable_cot = false, accuracy_no_enable_cot = false, accuracy_verbose = false;
  std::vector<std::string> ignored;  // values of not-yet-supported flags
  std::string config_file;           // -f/--config
};


}  // namespace aiperf
