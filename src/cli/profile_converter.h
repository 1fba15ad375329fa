#pragma once
// Turns the raw text of every option (cli/raw_flags.h), from the command line or a YAML file,
// into a checked ProfileConfig. One class, defined in one file per group of options
// (profile_converter.cpp, endpoint_conversion.cpp, dataset_conversion.cpp, load_conversion.cpp,
// adaptive_scale_conversion.cpp, output_conversion.cpp, telemetry_conversion.cpp); each error names the option as the user spelled it.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cli/number_flags.h"
#include "cli/option_table.h"
#include "cli/raw_flags.h"
#include "cli/yaml_config.h"
#include "config/profile_config.h"

namespace aiperf {

class ProfileConverter {
 public:
  ProfileConverter(const RawFlags& raw, const OptionSources& sources, const std::vector<std::string>& args)
      : raw_(raw), sources_(sources), args_(args)
      {}
  bool given(const char* name) const;
  // How the user spelled the option: the alias typed, or "file:line:column: yaml.path".
  std::string name(const char* any_alias) const;
  // nullopt when the flag was not given; otherwise the checked value.
  std::optional<int64_t> int_at_least(const char* flag, const std::string& text, int64_t min,
                                      SweepList sweep = SweepList::not_applicable) const;
  std::optional<double> float_at_least(const char* flag, const std::string& text, double min,
                                       SweepList sweep = SweepList::not_applicable) const;
  std::optional<double> float_above(const char* flag, const std::string& text, double bound,
                                    SweepList sweep = SweepList::not_applicable) const;
  ProfileConfig convert() const;

 private:
  // Returns the user-info of the --url values (url_flags.h): "user:password", or "".
  std::string convert_endpoint(ProfileConfig& c, const RawFlags& r) const;
  // `http://user:password@host` is HTTP Basic auth (RFC 9110 §11.2, RFC 7617): one more header,
  // redacted wherever headers are shown. -H Authorization and --api-key take precedence.
  static void add_url_credentials(ProfileConfig& c, const std::string& credentials);
  void convert_aws(ProfileConfig& c, const RawFlags& r) const;
  // cli-and-load.md §3.1: --wait-for-model-*, --reset-kv-cache*, --server-profiler*; after the AWS
  // flags (the hooks' plain HTTP calls cannot be signed).
  void convert_server_hooks(ProfileConfig& c, const RawFlags& r) const;
  std::string hook_path(const char* flag, const std::string& text) const;
  // After the AWS flags: multipart bodies are never signed (§7.1, §7.5).
  void convert_request_content_type(ProfileConfig& c, const RawFlags& r) const;
  static ModelSelection model_selection(const std::string& text);
  static ConnectionReuse connection_reuse(const std::string& text);
  // An HTTP token (RFC 9110 §5.6.2): anything else would corrupt the request head.
  static std::string session_header(const std::string& text);
  EndpointType endpoint_type(const std::string& text) const;
  // workloads-and-endpoints.md §7.3: raw sends each row's body unchanged; template renders
  // --extra-inputs payload_template (rendered, and checked, when the requests are prepared).
  static void convert_raw_and_template_endpoints(const ProfileConfig& c);
  // workloads-and-endpoints.md §2.11; upstream: these conflict with the --isl options.
  void convert_rankings(ProfileConfig& c, const RawFlags& r) const;
  // workloads-and-endpoints.md §6.1, §6.2; cli-and-load.md §3.8.
  void convert_media(ProfileConfig& c, const RawFlags& r) const;
  // workloads-and-endpoints.md §6.3 (video_conversion.cpp).
  void convert_video(ProfileConfig& c, const RawFlags& r) const;
  void convert_input(ProfileConfig& c, const RawFlags& r) const;
  // cli-and-load.md §3.3, workloads-and-endpoints.md §4.
  void convert_public_dataset(ProfileConfig& c, const RawFlags& r) const;
  // Timing and size knobs of the agentic trace loaders (cli-and-load.md §3.3, §3.6, §3.9, §3.10).
  void convert_agent_trace_flags(ProfileConfig& c, const RawFlags& r) const;
  // cli-and-load.md §2.1 (fixed schedule first), §3.4, §4.3 and the §4.12 rows about it.
  void convert_input_file(ProfileConfig& c, const RawFlags& r) const;
  // workloads-and-endpoints.md §3.6: replay knobs of baseten_trace only.
  void convert_baseten_flags(ProfileConfig& c, const RawFlags& r) const;
  // workloads-and-endpoints.md §2.5, §2.7, §2.8.
  void convert_synthetic_prompts(ProfileConfig& c, const RawFlags& r) const;
  // --system-prompt(-file), --prompt-batch-size, --prompt-corpus, --dataset-sampling-strategy
  // (workloads-and-endpoints.md §2.1, §2.8; cli-and-load.md §3.3), after the dataset source is known.
  void convert_prompt_options(ProfileConfig& c, const RawFlags& r) const;
  // --synthesis-* (cli-and-load.md §3.9) for the hash-id traces.
  void convert_trace_synthesis(ProfileConfig& c, const RawFlags& r) const;
  // workloads-and-endpoints.md §2.9.
  void convert_cache_bust(ProfileConfig& c, const RawFlags& r) const;
  void convert_load(ProfileConfig& c, const RawFlags& r) const;
  ArrivalPattern arrival_pattern(const char* flag, const std::string& text) const;
  // cli-and-load.md §3.12, §4.10.
  void convert_warmup(ProfileConfig& c, const RawFlags& r) const;
  // Agentic replay and its warm-up (agentic_conversion.cpp; workloads-and-endpoints.md §5.4).
  void convert_agentic(ProfileConfig& c, const RawFlags& r) const;
  // --scenario (§3.11): the locked recipe's values and conflicts, after everything else.
  void apply_scenario(ProfileConfig& c, const RawFlags& r) const;
  // cli-and-load.md §4.6, §4.12.
  void convert_prefill_concurrency(ProfileConfig& c, const RawFlags& r) const;
  // cli-and-load.md §3.14, §4.7.
  void convert_request_cancellation(ProfileConfig& c, const RawFlags& r) const;
  // cli-and-load.md §3.6, §4.9, §4.11.
  void convert_conversations(ProfileConfig& c, const RawFlags& r) const;
  // cli-and-load.md §3.13, §4.4, §4.12.
  void convert_user_centric(ProfileConfig& c, const RawFlags& r) const;
  // cli-and-load.md §2.1 (mode selection) and §4.12 (validation).
  void convert_request_rate(ProfileConfig& c, const RawFlags& r) const;
  // cli-and-load.md §5.7 (adaptive_scale_conversion.cpp): reads the YAML block and its SLA
  // filters; apply_adaptive_scale, after the rate options, checks the phase and starts the
  // variable at control.min.
  void convert_adaptive_scale(ProfileConfig& c, const RawFlags& r) const;
  void apply_adaptive_scale(ProfileConfig& c) const;
  bool adaptive_rate(const ProfileConfig& c) const;  // adaptive scale moves the request rate
  // Upstream's v1 rule (metrics-and-outputs.md §7.2): a directory part is dropped and a known
  // export extension stripped, so `out/run1.json` names the stem `run1`.
  std::string export_stem(const std::string& text) const;
  void convert_output(ProfileConfig& c, const RawFlags& r) const;
  // metrics-and-outputs.md §7.10 (output_conversion.cpp).
  void convert_steady_state(ProfileConfig& c, const RawFlags& r) const;
  // cli-and-load.md §3.15, §3.16 (telemetry_conversion.cpp): after convert_output (the UI type).
  void convert_telemetry(ProfileConfig& c, const RawFlags& r) const;
  // cli-and-load.md §3.18 (accuracy_conversion.cpp): after the endpoint and dataset options.
  void convert_accuracy(ProfileConfig& c, const RawFlags& r) const;
  static const OptionSpec& spec(const char* any_alias);

  const RawFlags& raw_;
  const OptionSources& sources_;
  const std::vector<std::string>& args_;
};

}  // namespace aiperf
