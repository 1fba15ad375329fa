// Endpoint, model, transport, AWS and tokenizer options (cli-and-load.md §3.1, §3.2).
#include "cli/profile_converter.h"

#include <strings.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <limits>
#include <string_view>

#include "cli/aws_flags.h"
#include "cli/cli_command.h"
#include "cli/goodput_flag.h"
#include "cli/input_file_peek.h"
#include "cli/key_value_flags.h"
#include "cli/number_flags.h"
#include "cli/rate_series_flag.h"
#include "cli/request_head_text.h"
#include "cli/sequence_distribution_flag.h"
#include "cli/option_table.h"
#include "cli/sweep_expansion.h"
#include "cli/yaml_config.h"
#include "cli/url_flags.h"
#include "common/base64.h"
#include "common/edit_distance.h"
#include "common/log.h"
#include "common/multipart_boundary.h"
#include "config/dataset_size_limit.h"
#include "config/enum_names.h"
#include "config/public_datasets.h"

namespace aiperf {

// Returns the user-info of the --url values (url_flags.h): "user:password", or "".
std::string ProfileConverter::convert_endpoint(ProfileConfig& c, const RawFlags& r) const {
  if (!given("--model")) throw ConfigError("--model is required");
  for (const std::string& value : r.models) {
    std::string_view rest = value;
    while (true) {
      auto comma = rest.find(',');
      std::string one(rest.substr(0, comma));
      one.erase(0, one.find_first_not_of(" \t"));
      one.erase(one.find_last_not_of(" \t") + 1);
      if (one.empty())
        throw ConfigError(name("--model") + ": empty model name in '" + value + "'");
      c.model_names.push_back(one);
      if (comma == std::string_view::npos) break;
      rest.remove_prefix(comma + 1);
    }
  }
  if (given("--model-selection-strategy")) c.model_selection = model_selection(r.model_selection);
  if (given("--endpoint-type")) c.endpoint_type = endpoint_type(r.endpoint_type);
  if (given("--endpoint")) c.custom_endpoint = encode_request_target(name("--endpoint"), r.custom_endpoint);
  // workloads-and-endpoints.md §7.1: silently off where the endpoint cannot stream.
  c.streaming = r.streaming && endpoint_info(c.endpoint_type).supports_streaming;
  std::string credentials;
  if (given("--url")) {
    c.urls.clear();
    const std::vector<ParsedUrl> urls = parse_urls(r.urls);
    for (const ParsedUrl& u : urls) {
      // One Authorization header serves every URL: their credentials cannot differ.
      if (u.credentials != urls.front().credentials)
        throw ConfigError("--url: every URL must carry the same user:password, or none (they share one "
                          "Authorization header)");
      c.urls.push_back(u.url);
    }
    credentials = urls.front().credentials;
  }
  // Several URLs: round robin per credit, the only strategy upstream has (§3.1).
  if (given("--url-strategy")) parse_choice<UrlStrategy>(name("--url-strategy"), r.url_strategy);
  if (auto v = float_above("--request-timeout-seconds", r.request_timeout, 0))
    c.request_timeout_seconds = *v;
  if (given("--api-key")) {
    require_no_control_bytes("--api-key", r.api_key);  // a CR LF would add header lines
    c.api_key = r.api_key;
  }
  c.use_legacy_max_tokens = r.legacy_max_tokens;
  c.use_server_token_count = r.server_token_count;
  c.per_chunk_usage = r.per_chunk_usage;
  // Upstream's rule (metrics-and-outputs.md §1.1.1): the count is read from streamed chat usage.
  if (c.per_chunk_usage) {
    if (!c.use_server_token_count)
      throw ConfigError("--per-chunk-usage requires --use-server-token-count");
    if (c.endpoint_type != EndpointType::chat)
      throw ConfigError(std::string("--per-chunk-usage requires --endpoint-type chat (got ") +
                        endpoint_type_name(c.endpoint_type) + ")");
    if (!c.streaming) throw ConfigError("--per-chunk-usage requires --streaming");
  }
  c.download_video_content = r.download_video_content;
  if (c.download_video_content && c.endpoint_type != EndpointType::video_generation)
    throw ConfigError(name("--download-video-content") + " requires --endpoint-type video_generation (got " +
                      endpoint_type_name(c.endpoint_type) + ")");
  c.ssl_verify = r.ssl_verify;
  if (given("--connection-reuse-strategy")) c.connection_reuse = connection_reuse(r.connection_reuse);
  if (given("--session-header")) c.session_header = session_header(r.session_header);
  if (given("--tokenizer")) {
    if (r.tokenizer.empty()) throw ConfigError("--tokenizer: empty tokenizer name");
    c.tokenizer = r.tokenizer;
  }
  if (given("--tokenizer-revision")) {
    if (r.tokenizer_revision.empty()) throw ConfigError("--tokenizer-revision: empty revision");
    c.tokenizer_revision = r.tokenizer_revision;
  }
  c.tokenizer_trust_remote_code = r.tokenizer_trust_remote_code;
  return credentials;
}

// `http://user:password@host` is HTTP Basic auth (RFC 9110 §11.2, RFC 7617): one more header,
// redacted wherever headers are shown. -H Authorization and --api-key take precedence.
void ProfileConverter::add_url_credentials(ProfileConfig& c, const std::string& credentials) {
  if (credentials.empty()) return;
  if (c.sigv4)
    throw ConfigError("--url: user:password credentials cannot be combined with --auth-type sigv4, which "
                      "signs the Authorization header itself");
  if (c.api_key) return;
  for (const auto& [name, value] : c.headers)
    if (strcasecmp(name.c_str(), "Authorization") == 0) return;
  c.headers.emplace_back("Authorization", "Basic " + base64_encode(credentials));
}

void ProfileConverter::convert_aws(ProfileConfig& c, const RawFlags& r) const {
  auto opt = [this](const char* flag, const std::string& v) {
    return given(flag) ? std::optional<std::string>(v) : std::nullopt;
  };
  AwsFlags f{opt("--auth-type", r.auth_type), opt("--aws-region", r.aws_region),
             opt("--aws-service", r.aws_service), opt("--aws-profile", r.aws_profile),
             opt("--transport", r.transport), opt("--sagemaker-endpoint-name", r.sagemaker_endpoint),
             opt("--sagemaker-target-model", r.sagemaker_target_model),
             opt("--sagemaker-target-variant", r.sagemaker_target_variant),
             opt("--sagemaker-inference-component-name", r.sagemaker_component)};
  apply_aws_flags(f, given("--url"), c, AwsEnvironment::from_process());
}

void ProfileConverter::convert_server_hooks(ProfileConfig& c, const RawFlags& r) const {
  ServerHookSettings& h = c.server_hooks;
  if (auto v = float_at_least("--wait-for-model-timeout", r.wait_for_model_timeout, 0)) h.wait_for_model_timeout_s = *v;
  // Upstream accepts the mode and interval without a timeout (they then do nothing).
  if (given("--wait-for-model-mode"))
    h.wait_for_model_mode = parse_choice<WaitForModelMode>(name("--wait-for-model-mode"), r.wait_for_model_mode);
  if (auto v = float_above("--wait-for-model-interval", r.wait_for_model_interval, 0)) h.wait_for_model_interval_s = *v;
  h.reset_kv_cache = r.reset_kv_cache;
  if (given("--reset-kv-cache-path")) h.reset_kv_cache_path = hook_path("--reset-kv-cache-path", r.reset_kv_cache_path);
  if (auto v = float_above("--reset-kv-cache-timeout-seconds", r.reset_kv_cache_timeout, 0)) h.reset_kv_cache_timeout_s = *v;
  h.server_profiler = r.server_profiler;
  if (given("--server-profiler-start-path"))
    h.server_profiler_start_path = hook_path("--server-profiler-start-path", r.server_profiler_start_path);
  if (given("--server-profiler-stop-path"))
    h.server_profiler_stop_path = hook_path("--server-profiler-stop-path", r.server_profiler_stop_path);
  if (auto v = float_above("--server-profiler-timeout-seconds", r.server_profiler_timeout, 0))
    h.server_profiler_timeout_s = *v;
  if (!c.sigv4) return;
  const char* hook = h.wait_for_model() ? "--wait-for-model-timeout"
                     : h.reset_kv_cache ? "--reset-kv-cache"
                     : h.server_profiler ? "--server-profiler"
                                         : nullptr;
  if (hook)
    throw ConfigError(name(hook) + ": the server hooks send plain HTTP, which " +
                      (c.sagemaker() ? "a SageMaker endpoint" : "--auth-type sigv4") + " does not accept (unsigned)");
}

// A path joined to each --url's origin: a missing leading '/' is added; a query may follow.
std::string ProfileConverter::hook_path(const char* flag, const std::string& text) const {
  if (text.empty()) throw ConfigError(name(flag) + ": empty path");
  return encode_request_target(name(flag), text.front() == '/' ? text : "/" + text);
}

// After the AWS flags: multipart bodies are never signed (§7.1, §7.5).
void ProfileConverter::convert_request_content_type(ProfileConfig& c, const RawFlags& r) const {
  c.multipart = sends_form_by_default(c.endpoint_type);
  if (given("--request-content-type"))
    c.multipart = parse_choice<RequestContentType>(name("--request-content-type"), r.request_content_type) ==
                  RequestContentType::multipart;
  const char* endpoint = endpoint_type_name(c.endpoint_type);
  if (c.multipart && !sends_form_by_default(c.endpoint_type))
    throw ConfigError(std::string("--request-content-type multipart/form-data: --endpoint-type ") + endpoint +
                      " has no form body (form endpoints: image_edit, audio_transcription, video_generation)");
  if (!c.multipart && (c.endpoint_type == EndpointType::audio_transcription ||
                       c.endpoint_type == EndpointType::image_edit))
    throw ConfigError(std::string("--request-content-type application/json: --endpoint-type ") + endpoint +
                      " uploads a file and needs multipart/form-data");
  if (c.multipart && c.sigv4)
    throw ConfigError(std::string(c.sagemaker() ? "--sagemaker-endpoint-name" : "--auth-type sigv4") +
                      ": SigV4 signing of multipart/form-data bodies is not supported (--endpoint-type " +
                      endpoint + " sends a form)");
  if (c.multipart) c.multipart_boundary = random_multipart_boundary();
}

ModelSelection ProfileConverter::model_selection(const std::string& text) {
  if (enum_key(text) == "weighted")
    throw ConfigError("--model-selection-strategy weighted needs per-model weights, which only upstream's "
                      "YAML config supplies; not supported by aiperf-cpp");
  return parse_choice<ModelSelection>("--model-selection-strategy", text);
}

ConnectionReuse ProfileConverter::connection_reuse(const std::string& text) {
  return parse_choice<ConnectionReuse>("--connection-reuse-strategy", text);
}

// An HTTP token (RFC 9110 §5.6.2): anything else would corrupt the request head.
std::string ProfileConverter::session_header(const std::string& text) {
  if (text.empty()) throw ConfigError("--session-header: empty header name");
  if (!is_http_token(text)) throw ConfigError("--session-header: '" + text + "' is not a valid header name");
  return text;
}

EndpointType ProfileConverter::endpoint_type(const std::string& text) const {
  std::optional<EndpointType> t = endpoint_type_by_name(enum_key(text));
  if (t) return *t;
  std::string all;
  for (const EndpointInfo& e : kEndpointCatalog) (all.empty() ? all : all += ", ") += e.name;
  throw ConfigError(name("--endpoint-type") + ": invalid choice '" + text + "' (choose from " + all + ")");
}

// workloads-and-endpoints.md §7.3: raw sends each row's body unchanged; template renders
// --extra-inputs payload_template (rendered, and checked, when the requests are prepared).
void ProfileConverter::convert_raw_and_template_endpoints(const ProfileConfig& c) {
  if (c.endpoint_type == EndpointType::raw && !(c.input_file && is_verbatim_dataset_type(c.custom_dataset_type)))
    throw ConfigError("--endpoint-type raw sends verbatim payloads: it needs --input-file with "
                      "--custom-dataset-type raw_payload or inputs_json");
  if (c.endpoint_type != EndpointType::template_) {
    if (c.extra_inputs.contains("payload_template"))
      throw ConfigError("--extra-inputs payload_template applies to --endpoint-type template only");
    return;
  }
  auto t = c.extra_inputs.find("payload_template");
  if (t == c.extra_inputs.end() || !t->is_string() || t->get<std::string>().empty())
    throw ConfigError("--endpoint-type template needs --extra-inputs payload_template:<name, file or template>");
  if (c.extra_inputs.contains("response_field"))
    throw ConfigError("--extra-inputs response_field (a JMESPath into the response) is not supported yet by "
                      "aiperf-cpp; responses are read as OpenAI chat/completions");
}

}  // namespace aiperf
