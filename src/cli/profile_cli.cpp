#include "cli/profile_cli.h"

#include <strings.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
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
namespace {

// Registers every option of the table (cli/option_table.h) with CLI11, in its help group.
struct ProfileParser {
  CLI::App app{"Run a benchmark against an OpenAI-compatible endpoint.", "aiperf profile"};
  RawFlags raw;
  CLI::Option* unsupported_ = nullptr;

  ProfileParser() {
    app.allow_extras();  // unknown flags get our own one-line error
    app.set_help_flag("-h,--help", "Print this help and exit.");
    app.get_formatter()->column_width(44);
    // One hidden option under every not-yet-supported name: CLI11 checks each new option
    // against all earlier ones, so hundreds of separate options would make parsing slow.
    std::string unsupported;
    for (const OptionGroup& group : profile_option_groups())
      for (const OptionSpec& spec : group.options) {
        if (spec.supported())
          add(group.title, spec);
        else
          unsupported.append(unsupported.empty() ? "" : ",").append(spec.names);
      }
    unsupported_ = app.add_option(unsupported, raw.ignored)
                       ->expected(0, 1)
                       ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
                       ->group("");
  }

  void add(std::string_view group, const OptionSpec& spec) {
    const std::string names(spec.names), help(spec.help), title(group);
    std::visit(
        [&](auto member) {
          using Member = decltype(member);
          if constexpr (std::is_same_v<Member, std::string RawFlags::*>) {
            // One value; a repeated flag keeps its last value.
            app.add_option(names, raw.*member, help)
                ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast)
                ->type_name(std::string(spec.metavar))
                ->group(title);
          } else if constexpr (std::is_same_v<Member, std::vector<std::string> RawFlags::*>) {
            // Several values after one flag and/or repeated flags, all kept in order.
            app.add_option(names, raw.*member, help)->type_name(std::string(spec.metavar))->group(title);
          } else if constexpr (!std::is_same_v<Member, std::monostate>) {
            app.add_flag(names, raw.*member, help)->group(title);
          }
        },
        spec.sink);
  }
};

std::string flag_part(const std::string& arg) { return arg.substr(0, arg.find('=')); }

// The alias of `opt` that `arg` spells ("--isl=5" -> "--isl", "-m" -> "-m"), or "".
std::string matched_alias(const CLI::Option* opt, const std::string& arg) {
  if (arg.size() < 2 || arg[0] != '-') return "";
  if (arg[1] == '-') {
    std::string name = flag_part(arg);
    return name.size() > 2 && opt->check_lname(name.substr(2)) ? name : "";
  }
  return opt->check_sname(arg.substr(1, 1)) ? arg.substr(0, 2) : "";
}

// The alias of `opt` as the user last typed it (the one whose value was kept).
std::string typed_name(const CLI::Option* opt, const std::vector<std::string>& args) {
  std::string found;
  for (const std::string& arg : args)
    if (std::string alias = matched_alias(opt, arg); !alias.empty()) found = alias;
  return found.empty() ? opt->get_name() : found;
}

std::string suggestion(const CLI::App& app, const std::string& unknown) {
  std::string best;
  size_t best_distance = 3;  // beyond two edits a suggestion is more noise than help
  for (const CLI::Option* opt : app.get_options()) {
    for (const std::string& l : opt->get_lnames()) {
      size_t d = edit_distance(unknown, "--" + l);
      if (d < best_distance) best_distance = d, best = "--" + l;
    }
  }
  return best.empty() ? "" : " (did you mean " + best + "?)";
}

// The option `word` spells by itself ("--url", "-u"; not "--url=x" or "-HName:Value"), or null.
const CLI::Option* option_spelled(const CLI::App& app, const std::string& word) {
  if (word.size() < 2 || word[0] != '-' || word == "--" || word.find('=') != std::string::npos) return nullptr;
  if (word[1] != '-' && word.size() != 2) return nullptr;
  return app.get_option_no_throw(word);
}

bool looks_like_option(const CLI::App& app, const std::string& word) {
  if (word.size() > 2 && word.rfind("--", 0) == 0) return true;
  return word.size() >= 2 && word[0] == '-' && word[1] != '-' && app.get_option_no_throw(word.substr(0, 2));
}

// CLI11 takes the word after an option as its value even when that word is another option, so
// `--model --url x` would mean the model "--url" and then stumble on "x". An option that needs
// a value and is followed by nothing or by another option is named instead.
void reject_missing_values(const CLI::App& app, const std::vector<std::string>& args) {
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--") return;
    const CLI::Option* opt = option_spelled(app, args[i]);
    if (!opt || opt->get_items_expected_min() == 0) continue;
    if (i + 1 == args.size() || looks_like_option(app, args[i + 1])) throw ConfigError(args[i] + " needs a value");
    ++i;
  }
}

void reject_leftovers(const CLI::App& app) {
  std::vector<std::string> rest = app.remaining();
  if (rest.empty()) return;
  const std::string& first = rest.front();
  if (first.size() > 1 && first[0] == '-') {
    std::string name = flag_part(first);
    throw ConfigError("unknown option " + name + suggestion(app, name));
  }
  throw ConfigError("unexpected argument '" + redact_url_credentials(first) + "'");
}

void reject_unsupported(const ProfileParser& p, const std::vector<std::string>& args) {
  if (p.unsupported_->count() == 0) return;
  // Report the first one on the command line, so the message matches what the user sees first.
  for (const std::string& arg : args)
    if (std::string alias = matched_alias(p.unsupported_, arg); !alias.empty()) {
      const OptionSpec* spec = find_profile_option(alias);
      throw ConfigError(alias + " is not supported yet by aiperf-cpp" +
                        (spec ? " (" + std::string(spec->owner) + ")" : std::string()));
    }
  throw ConfigError("a flag that is not supported yet by aiperf-cpp was given");
}

class Converter {
 public:
  Converter(const RawFlags& raw, const OptionSources& sources, const std::vector<std::string>& args)
      : raw_(raw), sources_(sources), args_(args) {}

  bool given(const char* name) const { return sources_.contains(&spec(name)); }
  // How the user spelled the option: the alias typed, or "file:line:column: yaml.path".
  std::string name(const char* any_alias) const {
    const OptionSpec& o = spec(any_alias);
    auto it = sources_.find(&o);
    return it == sources_.end() ? o.canonical_name() : it->second.spelled;
  }

  // nullopt when the flag was not given; otherwise the checked value.
  std::optional<int64_t> int_at_least(const char* flag, const std::string& text, int64_t min,
                                      SweepList sweep = SweepList::not_applicable) const {
    if (!given(flag)) return std::nullopt;
    std::string n = name(flag);
    int64_t v = parse_int_flag(n, text, sweep);
    require_at_least(n, v, min);
    return v;
  }
  std::optional<double> float_at_least(const char* flag, const std::string& text, double min,
                                       SweepList sweep = SweepList::not_applicable) const {
    if (!given(flag)) return std::nullopt;
    std::string n = name(flag);
    double v = parse_float_flag(n, text, false, sweep);
    require_at_least(n, v, min);
    return v;
  }
  std::optional<double> float_above(const char* flag, const std::string& text, double bound,
                                    SweepList sweep = SweepList::not_applicable) const {
    if (!given(flag)) return std::nullopt;
    std::string n = name(flag);
    double v = parse_float_flag(n, text, false, sweep);
    require_greater_than(n, v, bound);
    return v;
  }

  ProfileConfig convert() const {
    ProfileConfig c;
    const RawFlags& r = raw_;
    const std::string url_credentials = convert_endpoint(c, r);
    convert_input(c, r);
    convert_aws(c, r);
    add_url_credentials(c, url_credentials);
    convert_request_content_type(c, r);
    convert_load(c, r);
    convert_output(c, r);
    require_synthetic_dataset_fits(c, available_memory_bytes());
    c.cli_command = reconstruct_cli_command(args_);
    return c;
  }

 private:
  // Returns the user-info of the --url values (url_flags.h): "user:password", or "".
  std::string convert_endpoint(ProfileConfig& c, const RawFlags& r) const {
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
    if (given("--url-strategy") && enum_key(r.url_strategy) != enum_key("round_robin"))
      throw ConfigError(name("--url-strategy") + ": invalid choice '" + r.url_strategy +
                        "' (choose from round_robin)");
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
  static void add_url_credentials(ProfileConfig& c, const std::string& credentials) {
    if (credentials.empty()) return;
    if (c.sigv4)
      throw ConfigError("--url: user:password credentials cannot be combined with --auth-type sigv4, which "
                        "signs the Authorization header itself");
    if (c.api_key) return;
    for (const auto& [name, value] : c.headers)
      if (strcasecmp(name.c_str(), "Authorization") == 0) return;
    c.headers.emplace_back("Authorization", "Basic " + base64_encode(credentials));
  }

  void convert_aws(ProfileConfig& c, const RawFlags& r) const {
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

  // After the AWS flags: multipart bodies are never signed (§7.1, §7.5).
  void convert_request_content_type(ProfileConfig& c, const RawFlags& r) const {
    c.multipart = sends_form_by_default(c.endpoint_type);
    if (given("--request-content-type")) {
      std::string type = r.request_content_type;
      std::transform(type.begin(), type.end(), type.begin(), [](unsigned char ch) { return char(std::tolower(ch)); });
      if (type == "multipart/form-data")
        c.multipart = true;
      else if (type == "application/json")
        c.multipart = false;
      else
        throw ConfigError("--request-content-type: invalid choice '" + r.request_content_type +
                          "' (choose from application/json, multipart/form-data)");
    }
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

  static ModelSelection model_selection(const std::string& text) {
    if (enum_key(text) == "weighted")
      throw ConfigError("--model-selection-strategy weighted needs per-model weights, which only upstream's "
                        "YAML config supplies; not supported by aiperf-cpp");
    return parse_choice<ModelSelection>("--model-selection-strategy", text);
  }

  static ConnectionReuse connection_reuse(const std::string& text) {
    return parse_choice<ConnectionReuse>("--connection-reuse-strategy", text);
  }

  // An HTTP token (RFC 9110 §5.6.2): anything else would corrupt the request head.
  static std::string session_header(const std::string& text) {
    if (text.empty()) throw ConfigError("--session-header: empty header name");
    if (!is_http_token(text)) throw ConfigError("--session-header: '" + text + "' is not a valid header name");
    return text;
  }

  EndpointType endpoint_type(const std::string& text) const {
    std::optional<EndpointType> t = endpoint_type_by_name(enum_key(text));
    if (t) return *t;
    std::string all;
    for (const EndpointInfo& e : kEndpointCatalog) (all.empty() ? all : all += ", ") += e.name;
    throw ConfigError(name("--endpoint-type") + ": invalid choice '" + text + "' (choose from " + all + ")");
  }

  // workloads-and-endpoints.md §7.3: raw sends each row's body unchanged; template renders
  // --extra-inputs payload_template (rendered, and checked, when the requests are prepared).
  static void convert_raw_and_template_endpoints(const ProfileConfig& c) {
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

  // workloads-and-endpoints.md §2.11; upstream: these conflict with the --isl options.
  void convert_rankings(ProfileConfig& c, const RawFlags& r) const {
    constexpr const char* kFlags[] = {"--rankings-passages-mean", "--rankings-passages-stddev",
                                      "--rankings-query-prompt-token-mean", "--rankings-query-prompt-token-stddev",
                                      "--rankings-passages-prompt-token-mean",
                                      "--rankings-passages-prompt-token-stddev"};
    for (const char* flag : kFlags) {
      if (!given(flag)) continue;
      if (!is_rankings(c.endpoint_type))
        throw ConfigError(std::string(flag) + " needs a rankings endpoint (--endpoint-type nim_rankings, "
                          "cohere_rankings or hf_tei_rankings)");
      if (given("--isl") || given("--isl-stddev"))
        throw ConfigError(std::string(flag) + " cannot be combined with " +
                          name(given("--isl") ? "--isl" : "--isl-stddev"));
    }
    // File rows name their texts query/passages upstream (§3.1); not read here yet.
    if (is_rankings(c.endpoint_type))
      for (const char* flag : {"--input-file", "--public-dataset"})
        if (given(flag))
          throw ConfigError(std::string(flag) + " is not supported yet by aiperf-cpp with --endpoint-type " +
                            endpoint_type_name(c.endpoint_type) + " (synthetic rankings data only)");
    if (auto v = int_at_least("--rankings-passages-mean", r.rankings_passages, 1)) c.rankings_passages_mean = *v;
    if (auto v = float_at_least("--rankings-passages-stddev", r.rankings_passages_sd, 0))
      c.rankings_passages_stddev = *v;
    if (auto v = int_at_least("--rankings-query-prompt-token-mean", r.rankings_query_tokens, 1))
      c.rankings_query_tokens_mean = *v;
    require_prompt_tokens("--rankings-query-prompt-token-mean", c.rankings_query_tokens_mean);
    if (auto v = float_at_least("--rankings-query-prompt-token-stddev", r.rankings_query_tokens_sd, 0))
      c.rankings_query_tokens_stddev = *v;
    if (auto v = int_at_least("--rankings-passages-prompt-token-mean", r.rankings_passage_tokens, 1))
      c.rankings_passage_tokens_mean = *v;
    require_prompt_tokens("--rankings-passages-prompt-token-mean", c.rankings_passage_tokens_mean);
    if (auto v = float_at_least("--rankings-passages-prompt-token-stddev", r.rankings_passage_tokens_sd, 0))
      c.rankings_passage_tokens_stddev = *v;
  }

  // workloads-and-endpoints.md §6.1, §6.2; cli-and-load.md §3.8.
  void convert_media(ProfileConfig& c, const RawFlags& r) const {
    ImageConfig& img = c.media.image;
    if (auto v = float_at_least("--image-width-mean", r.image_width, 0)) img.width_mean = *v;
    if (auto v = float_at_least("--image-width-stddev", r.image_width_sd, 0)) img.width_stddev = *v;
    if (auto v = float_at_least("--image-height-mean", r.image_height, 0)) img.height_mean = *v;
    if (auto v = float_at_least("--image-height-stddev", r.image_height_sd, 0)) img.height_stddev = *v;
    if (auto v = int_at_least("--image-batch-size", r.image_batch, 0)) img.batch_size = *v;
    if (given("--image-format")) {
      img.format = enum_key(r.image_format) == "jpg" ? ImageFormat::jpeg  // PIL's other spelling
                                                     : parse_choice<ImageFormat>("--image-format", r.image_format);
    }
    // noise, or a directory of images to resize (read when the dataset is built).
    if (given("--image-source") && enum_key(r.image_source) == "assets")
      throw ConfigError("--image-source assets: upstream's bundled source images are not shipped with aiperf-cpp; "
                        "pass a directory of .jpg / .png files instead (--image-source <dir>)");
    if (given("--image-source") && enum_key(r.image_source) != "noise") {
      std::error_code ec;
      if (!std::filesystem::is_directory(r.image_source, ec))
        throw ConfigError("--image-source '" + r.image_source + "': choose noise or an existing directory of images");
      img.source_dir = r.image_source;
    }
    if (given("--image-source-sampling"))
      img.source_sampling = parse_choice<ImageSourceSampling>("--image-source-sampling", r.image_source_sampling);
    AudioConfig& aud = c.media.audio;
    if (auto v = float_at_least("--audio-length-mean", r.audio_length, 0)) aud.length_mean_s = *v;
    if (auto v = float_at_least("--audio-length-stddev", r.audio_length_sd, 0)) aud.length_stddev_s = *v;
    if (auto v = int_at_least("--audio-batch-size", r.audio_batch, 0)) aud.batch_size = *v;
    if (given("--audio-format")) aud.format = parse_choice<AudioFormat>("--audio-format", r.audio_format);
    if (given("--audio-depths")) {
      aud.depths.clear();
      for (const std::string& d : r.audio_depths) {
        const int64_t v = parse_int_flag("--audio-depths", d);
        if (v != 8 && v != 16 && v != 24 && v != 32)
          throw ConfigError("--audio-depths: " + d + " is not one of 8, 16, 24, 32");
        aud.depths.push_back(int(v));
      }
    }
    if (given("--audio-sample-rates")) {
      aud.sample_rates_khz.clear();
      for (const std::string& t : r.audio_sample_rates) {
        const double v = parse_float_flag("--audio-sample-rates", t);
        require_greater_than("--audio-sample-rates", v, 0);
        if (audio_sample_rate_hz(v) == 0) throw ConfigError("--audio-sample-rates: " + t + " is below 1 Hz");
        if (aud.format == AudioFormat::mp3 && !mp3_sample_rate_supported(audio_sample_rate_hz(v)))
          throw ConfigError("--audio-sample-rates: " + t +
                            " cannot be written as --audio-format mp3 (MP3 rates: 8, 11.025, 12, 16, 22.05, 24, "
                            "32, 44.1, 48 kHz)");
        aud.sample_rates_khz.push_back(v);
      }
    }
    if (auto v = int_at_least("--audio-num-channels", r.audio_channels, 1)) {
      if (*v > 2) throw ConfigError(name("--audio-num-channels") + ": must be 1 or 2, got " + r.audio_channels);
      aud.num_channels = int(*v);
    }
    // Each transcription request uploads its turn's first clip (workloads-and-endpoints.md §6.5).
    const bool transcription = c.endpoint_type == EndpointType::audio_transcription;
    // A dataset's rows bring their own clips (a row without one is refused when bodies are built).
    if (transcription && !aud.enabled() && !given("--input-file") && !given("--public-dataset"))
      throw ConfigError("--endpoint-type audio_transcription needs --audio-length-mean > 0 (every request "
                        "uploads its turn's first audio clip)");
    if (!c.media.enabled()) return;
    // Media are made with the synthetic prompts and rendered as chat content parts, or uploaded.
    const char* flag = img.enabled() ? "--image-width-mean" : "--audio-length-mean";
    if (transcription && img.enabled())
      throw ConfigError("--image-width-mean: --endpoint-type audio_transcription uploads audio only");
    const bool images_only = img.enabled() && !aud.enabled();
    const EndpointType t = c.endpoint_type;
    const bool in_body = (!img.enabled() || body_carries_images(t)) && (!aud.enabled() || body_carries_audio(t));
    if (!in_body && !transcription && !(images_only && takes_turn_images(t)))
      throw ConfigError(std::string(flag) + " needs --endpoint-type chat, chat_embeddings, responses (images, audio), "
                        "messages (images) or audio_transcription (media are content parts or uploads); images "
                        "alone also go to image_retrieval and image_edit");
    for (const char* source : {"--input-file", "--public-dataset"})
      if (given(source))
        throw ConfigError(std::string(flag) + " cannot be combined with " + source +
                          " (synthetic media go with synthetic prompts only)");
  }

  void convert_input(ProfileConfig& c, const RawFlags& r) const {
    if (given("--extra-inputs")) c.extra_inputs = parse_extra_inputs(r.extra_inputs);
    if (given("--header")) c.headers = parse_headers(r.headers);
    // Upstream's "magic list" flags: a comma list would start a parameter sweep.
    constexpr auto sweep = SweepList::rejected_as_unsupported;
    if (auto v = int_at_least("--isl", r.isl, 0, sweep)) {
      require_prompt_tokens(name("--isl"), *v);
      c.isl_mean = *v;
    }
    if (auto v = float_at_least("--isl-stddev", r.isl_stddev, 0, sweep)) c.isl_stddev = *v;
    c.osl_mean = int_at_least("--osl", r.osl, 1, sweep);
    if (auto v = float_at_least("--osl-stddev", r.osl_stddev, 0, sweep)) c.osl_stddev = *v;
    if (auto v = int_at_least("--num-dataset-entries", r.num_dataset_entries, 1)) {
      c.num_dataset_entries = *v;
      c.num_dataset_entries_given = true;
    }
    if (given("--random-seed")) c.random_seed = parse_uint_flag("--random-seed", r.random_seed);
    convert_synthetic_prompts(c, r);
    convert_rankings(c, r);
    convert_media(c, r);
    convert_input_file(c, r);
    convert_agent_trace_flags(c, r);
    convert_public_dataset(c, r);
  }

  // cli-and-load.md §3.3, workloads-and-endpoints.md §4.
  void convert_public_dataset(ProfileConfig& c, const RawFlags& r) const {
    if (!given("--public-dataset")) {
      for (const char* flag : {"--hf-subset", "--dataset-filter", "--hf-weka-dataset"})
        if (given(flag)) throw ConfigError(std::string(flag) + " requires --public-dataset");
      return;
    }
    const PublicDatasetInfo* info = find_public_dataset(r.public_dataset);
    if (!info)
      throw ConfigError("--public-dataset: " +
                        (is_unimplemented_public_dataset(r.public_dataset)
                             ? "'" + r.public_dataset + "' is not supported yet by aiperf-cpp"
                             : "invalid choice '" + r.public_dataset + "'") +
                        " (choose from " + public_dataset_names() + ")");
    for (const char* flag : {"--input-file", "--custom-dataset-type"})
      if (given(flag)) throw ConfigError("--public-dataset cannot be combined with " + name(flag));
    c.public_dataset = r.public_dataset;
    if (r.public_dataset == "weka_hf") {
      if (!given("--hf-weka-dataset") || r.hf_weka_dataset.find('/') == std::string::npos)
        throw ConfigError("--public-dataset weka_hf needs --hf-weka-dataset ORG/NAME (the HuggingFace dataset of traces)");
      c.hf_weka_dataset = r.hf_weka_dataset;
    } else if (given("--hf-weka-dataset")) {
      throw ConfigError("--hf-weka-dataset applies only to --public-dataset weka_hf");
    }
    if (given("--hf-subset")) {
      if (info->kind == PublicDatasetKind::sharegpt)
        throw ConfigError("--hf-subset: --public-dataset sharegpt is one JSON file, not a HuggingFace dataset with subsets");
      if (info->kind == PublicDatasetKind::h_cua_perf || info->kind == PublicDatasetKind::spec_bench)
        throw ConfigError("--hf-subset: --public-dataset " + r.public_dataset + " (" + std::string(info->repo) + ") has no subsets");
      if (r.hf_subset.empty()) throw ConfigError("--hf-subset: empty name");
      c.hf_subset = r.hf_subset;
    }
    for (const std::string& f : r.dataset_filters) {
      const size_t eq = f.find('=');
      if (eq == 0 || eq == std::string::npos)
        throw ConfigError("--dataset-filter '" + f + "': expected KEY=VALUE");
      // Silently ignoring a filter would benchmark rows the user meant to leave out.
      if (info->filters.empty())
        throw ConfigError("--dataset-filter: --public-dataset " + r.public_dataset + " declares no filters");
      const std::string key = f.substr(0, eq), keys = "," + std::string(info->filters) + ",";
      if (keys.find("," + key + ",") == std::string::npos)
        throw ConfigError("--dataset-filter '" + f + "': --public-dataset " + r.public_dataset + " has no filter '" +
                          key + "' (it declares " + std::string(info->filters) + ")");
      c.dataset_filters.emplace_back(key, f.substr(eq + 1));
    }
  }

  // Timing and size knobs of the agentic trace loaders (cli-and-load.md §3.3, §3.6, §3.9, §3.10).
  void convert_agent_trace_flags(ProfileConfig& c, const RawFlags& r) const {
    const bool agentic = c.input_file && (c.custom_dataset_type == CustomDatasetType::weka_trace ||
                                          c.custom_dataset_type == CustomDatasetType::tracelab);
    for (const char* flag : {"--use-think-time-only", "--trace-idle-gap-cap-seconds", "--inter-turn-delay-cap-seconds",
                             "--max-context-length", "--synthesis-max-osl"})
      if (given(flag) && !agentic)
        throw ConfigError(name(flag) + " applies to --custom-dataset-type weka_trace and tracelab only (in aiperf-cpp)");
    if (r.use_think_time_only && r.ignore_trace_delays)
      throw ConfigError("--use-think-time-only and --ignore-trace-delays are mutually exclusive");
    c.use_think_time_only = r.use_think_time_only;
    c.trace_idle_gap_cap_s = float_at_least("--trace-idle-gap-cap-seconds", r.trace_idle_gap_cap, 0);
    c.inter_turn_delay_cap_s = float_at_least("--inter-turn-delay-cap-seconds", r.inter_turn_delay_cap, 0);
    c.max_context_length = int_at_least("--max-context-length", r.max_context_length, 1);
    c.synthesis_max_osl = int_at_least("--synthesis-max-osl", r.synthesis_max_osl, 1);
  }

  // cli-and-load.md §2.1 (fixed schedule first), §3.4, §4.3 and the §4.12 rows about it.
  void convert_input_file(ProfileConfig& c, const RawFlags& r) const {
    if (given("--custom-dataset-type") && !given("--input-file"))
      throw ConfigError(name("--custom-dataset-type") + " requires --input-file");
    InputFilePeek peek;
    if (given("--input-file")) {
      if (r.input_file.empty()) throw ConfigError("--input-file: empty path");
      c.input_file = r.input_file;
      peek = peek_input_file(r.input_file);
      if (given("--custom-dataset-type"))
        c.custom_dataset_type = parse_custom_dataset_type(name("--custom-dataset-type"), r.custom_dataset_type);
      else if (peek.inferred_type)
        c.custom_dataset_type = *peek.inferred_type;
      else
        throw ConfigError("--input-file: cannot tell the dataset type: " + peek.why_unknown +
                          "; if the file is right, name its type with --custom-dataset-type");
      // §3.12: the bodies are sent byte for byte; an option that would change them cannot apply.
      if (is_verbatim_dataset_type(c.custom_dataset_type))
        for (const char* flag : {"--extra-inputs", "--osl", "--shared-system-prompt-length",
                                 "--user-context-prompt-length", "--prompt-prefix-pool-size",
                                 "--prompt-prefix-length", "--per-chunk-usage"})
          if (given(flag))
            throw ConfigError(name(flag) + " cannot be combined with --custom-dataset-type " +
                              custom_dataset_type_name(c.custom_dataset_type) + " (request bodies are sent unchanged)");
    }
    convert_raw_and_template_endpoints(c);
    // Only chat image parts carry a uuid (workloads-and-endpoints.md §6.4), and only single_turn
    // rows group into sessions of self-contained requests that can refer to earlier images.
    if (r.uuid_and_strip) {
      if (!c.input_file || c.custom_dataset_type != CustomDatasetType::single_turn)
        throw ConfigError("--uuid-and-strip applies to --input-file with --custom-dataset-type single_turn only "
                          "(rows grouped into sessions by session_id)");
      if (c.endpoint_type != EndpointType::chat && c.endpoint_type != EndpointType::chat_embeddings)
        throw ConfigError(std::string("--uuid-and-strip needs a chat endpoint (image uuids go in chat image parts), "
                                      "not --endpoint-type ") + endpoint_type_name(c.endpoint_type));
      c.uuid_and_strip = true;
    }
    c.isl_block_size = int_at_least("--isl-block-size", r.isl_block_size, 1);
    convert_baseten_flags(c, r);
    if (r.fixed_schedule && r.no_fixed_schedule)
      throw ConfigError("--fixed-schedule and --no-fixed-schedule are mutually exclusive");
    if (r.ignore_trace_delays && !(c.input_file && is_trace_dataset_type(c.custom_dataset_type)))
      throw ConfigError("--ignore-trace-delays applies to trace datasets only (--custom-dataset-type mooncake_trace, "
                        "bailian_trace, burst_gpt_trace, sagemaker_data_capture, weka_trace, tracelab)");
    // Stripped timestamps cannot promote the run to a fixed schedule (cli-and-load.md §3.4).
    c.ignore_trace_delays = r.ignore_trace_delays && !r.fixed_schedule;
    const bool auto_promoted = !r.fixed_schedule && !r.no_fixed_schedule && !r.ignore_trace_delays && c.input_file &&
                               is_trace_dataset_type(c.custom_dataset_type) && peek.first_row_has_timestamp;
    c.fixed_schedule = r.fixed_schedule || auto_promoted;
    c.fixed_schedule_start_offset = int_at_least("--fixed-schedule-start-offset", r.schedule_start, 0);
    c.fixed_schedule_end_offset = int_at_least("--fixed-schedule-end-offset", r.schedule_end, 0);
    for (const char* flag : {"--fixed-schedule-start-offset", "--fixed-schedule-end-offset",
                             "--fixed-schedule-auto-offset"})
      if (given(flag) && !c.fixed_schedule)
        throw ConfigError(std::string(flag) + " requires --fixed-schedule (or a timestamped trace)");
    if (!c.fixed_schedule) return;
    const std::string why = auto_promoted ? "--input-file " + r.input_file +
                                                " is a timestamped trace, replayed on its fixed schedule"
                                          : "--fixed-schedule";
    if (!c.input_file) throw ConfigError("--fixed-schedule requires --input-file (a trace with timestamps)");
    for (const char* flag : {"--request-rate", "--arrival-pattern", "--arrival-smoothness",
                             "--request-rate-ramp-duration", "--concurrency-ramp-duration"})
      if (given(flag))
        throw ConfigError(name(flag) + " cannot be combined with " + why +
                          (auto_promoted ? " (pass --no-fixed-schedule to ignore the timestamps)" : ""));
    if (c.fixed_schedule_start_offset && c.fixed_schedule_end_offset &&
        *c.fixed_schedule_start_offset > *c.fixed_schedule_end_offset)
      throw ConfigError("--fixed-schedule-start-offset " + std::to_string(*c.fixed_schedule_start_offset) +
                        " is after --fixed-schedule-end-offset " + std::to_string(*c.fixed_schedule_end_offset));
    if (r.schedule_auto_offset && c.fixed_schedule_start_offset)
      throw ConfigError("--fixed-schedule-auto-offset cannot be combined with --fixed-schedule-start-offset");
    // Config-v2 semantics (§4.3): schedule zero is the first kept timestamp unless a start
    // offset is given, which then is zero itself.
    c.fixed_schedule_auto_offset = !c.fixed_schedule_start_offset;
  }

  // workloads-and-endpoints.md §3.6: replay knobs of baseten_trace only.
  void convert_baseten_flags(ProfileConfig& c, const RawFlags& r) const {
    const bool baseten = c.input_file && c.custom_dataset_type == CustomDatasetType::baseten_trace;
    for (const char* flag : {"--replay-speedup", "--max-idle-gap-cap-seconds", "--trace-session-sample-ratio",
                             "--force-min-tokens", "--no-force-min-tokens", "--omit-kv-hints", "--open-loop-replay",
                             "--open-loop-strict"})
      if (given(flag) && !baseten) throw ConfigError(name(flag) + " applies to --custom-dataset-type baseten_trace only");
    if (r.force_min_tokens && r.no_force_min_tokens)
      throw ConfigError("--force-min-tokens and --no-force-min-tokens are mutually exclusive");
    c.replay_speedup = float_above("--replay-speedup", r.replay_speedup, 0);
    c.max_idle_gap_cap_seconds = float_above("--max-idle-gap-cap-seconds", r.max_idle_gap_cap, 0);
    c.trace_session_sample_ratio = float_above("--trace-session-sample-ratio", r.session_sample_ratio, 0);
    if (c.trace_session_sample_ratio && *c.trace_session_sample_ratio > 1)
      throw ConfigError(name("--trace-session-sample-ratio") + " must be in (0, 1], got " + r.session_sample_ratio);
    c.force_min_tokens = !r.no_force_min_tokens;
    c.omit_kv_hints = r.omit_kv_hints;
    c.open_loop_strict = r.open_loop_strict;
  }

  // workloads-and-endpoints.md §2.5, §2.7, §2.8.
  void convert_synthetic_prompts(ProfileConfig& c, const RawFlags& r) const {
    if (given("--seq-dist"))
      c.sequence_distribution = parse_sequence_distribution(name("--seq-dist"), r.seq_dist);
    if (auto v = int_at_least("--prompt-prefix-pool-size", r.prefix_pool_size, 0))
      c.prefix_pool_size = *v;
    if (auto v = int_at_least("--prompt-prefix-length", r.prefix_length, 0)) c.prefix_length = *v;
    c.shared_system_prompt_length =
        int_at_least("--shared-system-prompt-length", r.shared_system_length, 1);
    c.user_context_prompt_length =
        int_at_least("--user-context-prompt-length", r.user_context_length, 1);
    for (const SequenceLengthBucket& b : c.sequence_distribution) require_prompt_tokens(name("--seq-dist") + " ISL", b.isl_mean);
    require_prompt_tokens(name("--prompt-prefix-length"), c.prefix_length);
    require_prompt_tokens("--shared-system-prompt-length", c.shared_system_prompt_length.value_or(0));
    require_prompt_tokens("--user-context-prompt-length", c.user_context_prompt_length.value_or(0));

    // Upstream only fails later ("prefix prompts pool is empty"); say which flags clash now.
    if (c.prefix_length > 0 && c.prefix_pool_size == 0)
      throw ConfigError(name("--prompt-prefix-length") + " " + std::to_string(c.prefix_length) +
                        " needs --prompt-prefix-pool-size >= 1 (the prefix pool is empty)");
    const bool prefixes = c.prefix_length > 0 || c.prefix_pool_size > 0;
    for (const char* other : {"--shared-system-prompt-length", "--user-context-prompt-length"}) {
      if (!given(other)) continue;
      if (prefixes)
        throw ConfigError(name(given("--prompt-prefix-pool-size") ? "--prompt-prefix-pool-size"
                                                                   : "--prompt-prefix-length") +
                          " cannot be combined with " + other);
      // Completions has no roles; silently dropping the text would misstate the ISL.
      if (!carries_roles(c.endpoint_type))
        throw ConfigError(std::string(other) + " needs a chat endpoint (--endpoint-type " +
                          endpoint_type_name(c.endpoint_type) + " has no system/user roles)");
    }
  }

  void convert_load(ProfileConfig& c, const RawFlags& r) const {
    constexpr auto sweep = SweepList::rejected_as_unsupported;
    c.concurrency = int_at_least("--concurrency", r.concurrency, 1, sweep);
    c.request_count = int_at_least("--request-count", r.request_count, 1, sweep);
    c.benchmark_duration = float_above("--benchmark-duration", r.benchmark_duration, 0, sweep);
    if (given("--benchmark-grace-period")) {
      if (!c.benchmark_duration)
        throw ConfigError("--benchmark-grace-period requires --benchmark-duration");
      c.benchmark_grace_period =
          parse_float_flag("--benchmark-grace-period", r.grace_period, /*allow_inf=*/true);
      require_at_least("--benchmark-grace-period", c.benchmark_grace_period, 0.0);
    }
    c.workers_max = int_at_least("--workers-max", r.workers_max, 1);
    c.failed_request_threshold = float_at_least("--failed-request-threshold", r.failed_request_threshold, 0);
    if (c.failed_request_threshold && *c.failed_request_threshold > 1)
      throw ConfigError(name("--failed-request-threshold") + " must be <= 1 (got " +
                        r.failed_request_threshold + ")");
    c.concurrency_ramp_duration = float_above("--concurrency-ramp-duration", r.concurrency_ramp, 0);
    c.warmup_concurrency_ramp_duration =
        float_above("--warmup-concurrency-ramp-duration", r.warmup_concurrency_ramp, 0);
    convert_conversations(c, r);
    convert_user_centric(c, r);
    convert_request_rate(c, r);
    convert_warmup(c, r);
    convert_prefill_concurrency(c, r);
    convert_request_cancellation(c, r);
  }

  ArrivalPattern arrival_pattern(const char* flag, const std::string& text) const {
    if (enum_key(text) == "concurrency_burst")
      throw ConfigError(name(flag) +
                        " concurrency_burst is not supported yet by aiperf-cpp (omit "
                        "--request-rate for the closed loop)");
    return parse_choice<ArrivalPattern>(name(flag), text);
  }

  // cli-and-load.md §3.12, §4.10.
  void convert_warmup(ProfileConfig& c, const RawFlags& r) const {
    c.warmup_request_count = int_at_least("--warmup-request-count", r.warmup_request_count, 1);
    c.warmup_duration = float_above("--warmup-duration", r.warmup_duration, 0);
    if (given("--warmup-grace-period")) {
      if (!c.has_warmup())
        throw ConfigError("--warmup-grace-period requires a warm-up (--warmup-request-count or --warmup-duration)");
      double grace = parse_float_flag("--warmup-grace-period", r.warmup_grace, /*allow_inf=*/true);
      require_at_least("--warmup-grace-period", grace, 0.0);
      c.warmup_grace_period = grace;
    }
    c.warmup_concurrency = int_at_least("--warmup-concurrency", r.warmup_concurrency, 1);
    c.warmup_request_rate = float_above("--warmup-request-rate", r.warmup_rate, 0);
    c.warmup_request_rate_ramp_duration =
        float_above("--warmup-request-rate-ramp-duration", r.warmup_rate_ramp, 0);
    if (given("--warmup-arrival-pattern"))
      c.warmup_arrival_pattern = arrival_pattern("--warmup-arrival-pattern", r.warmup_pattern);
    const bool warmup_rate = c.warmup_request_rate || c.rate_mode();
    for (const char* flag : {"--warmup-arrival-pattern", "--warmup-request-rate-ramp-duration"})
      if (given(flag) && !warmup_rate)
        throw ConfigError(name(flag) + " requires --warmup-request-rate or --request-rate");
  }

  // cli-and-load.md §4.6, §4.12.
  void convert_prefill_concurrency(ProfileConfig& c, const RawFlags& r) const {
    constexpr auto sweep = SweepList::rejected_as_unsupported;
    c.prefill_concurrency = int_at_least("--prefill-concurrency", r.prefill_concurrency, 1, sweep);
    c.prefill_concurrency_ramp_duration =
        float_above("--prefill-concurrency-ramp-duration", r.prefill_ramp, 0);
    c.warmup_prefill_concurrency =
        int_at_least("--warmup-prefill-concurrency", r.warmup_prefill_concurrency, 1);
    c.warmup_prefill_concurrency_ramp_duration =
        float_above("--warmup-prefill-concurrency-ramp-duration", r.warmup_prefill_ramp, 0);
    auto check = [&](const char* flag, const std::optional<int64_t>& value) {
      if (!value) return;
      // Without a stream there is no first token: a slot would only free at the end.
      if (!c.streaming) throw ConfigError(std::string(flag) + " requires --streaming");
      if (c.concurrency && *value > *c.concurrency)
        throw ConfigError(std::string(flag) + " " + std::to_string(*value) + " must be <= --concurrency " +
                          std::to_string(*c.concurrency));
    };
    check("--prefill-concurrency", c.prefill_concurrency);
    check("--warmup-prefill-concurrency", c.warmup_prefill_concurrency);
    // A ramp of a limit that does not exist would silently do nothing.
    if (c.prefill_concurrency_ramp_duration && !c.prefill_concurrency)
      throw ConfigError("--prefill-concurrency-ramp-duration requires --prefill-concurrency");
    if (c.warmup_prefill_concurrency_ramp_duration && !c.prefill_concurrency && !c.warmup_prefill_concurrency)
      throw ConfigError(
          "--warmup-prefill-concurrency-ramp-duration requires --warmup-prefill-concurrency or "
          "--prefill-concurrency");
  }

  // cli-and-load.md §3.14, §4.7.
  void convert_request_cancellation(ProfileConfig& c, const RawFlags& r) const {
    c.request_cancellation_rate = float_above("--request-cancellation-rate", r.cancellation_rate, 0);
    if (c.request_cancellation_rate && *c.request_cancellation_rate > 100)
      throw ConfigError("--request-cancellation-rate must be <= 100 (got " + r.cancellation_rate + ")");
    if (auto v = float_at_least("--request-cancellation-delay", r.cancellation_delay, 0)) {
      if (!c.request_cancellation_rate)
        throw ConfigError("--request-cancellation-delay requires --request-cancellation-rate");
      c.request_cancellation_delay = *v;
    }
  }

  // cli-and-load.md §3.6, §4.9, §4.11.
  void convert_conversations(ProfileConfig& c, const RawFlags& r) const {
    constexpr auto sweep = SweepList::rejected_as_unsupported;
    c.conversation_num = int_at_least("--conversation-num", r.conversation_num, 1, sweep);
    if (auto v = int_at_least("--conversation-turn-mean", r.turn_mean, 1, sweep)) c.conversation_turn_mean = *v;
    if (auto v = int_at_least("--conversation-turn-stddev", r.turn_stddev, 0))
      c.conversation_turn_stddev = double(*v);
    if (auto v = float_at_least("--conversation-turn-delay-mean", r.delay_mean, 0))
      c.conversation_turn_delay_mean_ms = *v;
    if (auto v = float_at_least("--conversation-turn-delay-stddev", r.delay_stddev, 0))
      c.conversation_turn_delay_stddev_ms = *v;
    if (auto v = float_at_least("--conversation-turn-delay-ratio", r.delay_ratio, 0))
      c.conversation_turn_delay_ratio = *v;
    if (c.conversation_num && c.request_count)
      throw ConfigError(name("--request-count") + " cannot be combined with " + name("--conversation-num") +
                        " (both are stop conditions; give one)");
    // Completions has no roles: later turns could not carry the history (and dropping it
    // would misstate what a conversation sends).
    if (c.multi_turn() && !carries_roles(c.endpoint_type))
      throw ConfigError(name(given("--conversation-turn-mean") ? "--conversation-turn-mean"
                                                                : "--conversation-turn-stddev") +
                        ": multi-turn conversations need a chat endpoint (--endpoint-type " +
                        endpoint_type_name(c.endpoint_type) + " cannot carry history)");
  }

  // cli-and-load.md §3.13, §4.4, §4.12.
  void convert_user_centric(ProfileConfig& c, const RawFlags& r) const {
    c.user_centric_rate = float_above("--user-centric-rate", r.user_centric_rate, 0);
    c.num_users = int_at_least("--num-users", r.num_users, 1, SweepList::rejected_as_unsupported);
    if (!c.user_centric_rate) {
      if (c.num_users) throw ConfigError("--num-users requires --user-centric-rate");
      return;
    }
    for (const char* other : {"--request-rate", "--request-rate-series", "--arrival-pattern", "--arrival-smoothness",
                              "--request-rate-ramp-duration", "--concurrency-ramp-duration"})
      if (given(other)) throw ConfigError("--user-centric-rate cannot be combined with " + name(other));
    if (!c.num_users) throw ConfigError("--user-centric-rate requires --num-users");
    if (c.conversation_turn_mean < 2)
      throw ConfigError("--user-centric-rate needs multi-turn conversations: --conversation-turn-mean >= 2 (got " +
                        std::to_string(c.conversation_turn_mean) + ")");
    const int64_t users = *c.num_users;
    if (c.request_count && *c.request_count < users)
      throw ConfigError(name("--request-count") + " " + std::to_string(*c.request_count) +
                        " is less than --num-users " + std::to_string(users));
    if (c.conversation_num && *c.conversation_num < users)
      throw ConfigError(name("--conversation-num") + " " + std::to_string(*c.conversation_num) +
                        " is less than --num-users " + std::to_string(users));
  }

  // cli-and-load.md §2.1 (mode selection) and §4.12 (validation).
  void convert_request_rate(ProfileConfig& c, const RawFlags& r) const {
    constexpr auto sweep = SweepList::rejected_as_unsupported;
    c.request_rate = float_above("--request-rate", r.request_rate, 0, sweep);
    c.arrival_smoothness = float_above("--arrival-smoothness", r.arrival_smoothness, 0);
    c.request_rate_ramp_duration = float_above("--request-rate-ramp-duration", r.rate_ramp, 0);
    if (given("--request-rate-series")) {
      if (c.request_rate)
        throw ConfigError(name("--request-rate") + " cannot be combined with --request-rate-series");
      if (r.rate_series.empty()) throw ConfigError("--request-rate-series: empty path");
      c.request_rate_series = load_rate_series("--request-rate-series", r.rate_series);
      c.request_rate_series_file = r.rate_series;
      if (c.request_rate_ramp_duration)
        throw ConfigError(name("--request-rate-ramp-duration") + " cannot be combined with --request-rate-series");
    }
    if (given("--arrival-pattern")) {
      c.arrival_pattern = arrival_pattern("--arrival-pattern", r.arrival_pattern);
      if (c.arrival_smoothness && c.arrival_pattern != ArrivalPattern::gamma)
        throw ConfigError(name("--arrival-smoothness") + " only applies to --arrival-pattern gamma, not " +
                          arrival_pattern_name(c.arrival_pattern));
    } else if (c.arrival_smoothness) {
      c.arrival_pattern = ArrivalPattern::gamma;  // upstream: smoothness alone selects gamma
    }
    // Upstream documents these as needing a rate; silently running a closed loop instead
    // would misstate the benchmark.
    for (const char* flag : {"--arrival-pattern", "--arrival-smoothness", "--request-rate-ramp-duration"})
      if (given(flag) && !c.rate_mode())
        throw ConfigError(name(flag) + " requires --request-rate");
    if (c.rate_mode() && c.concurrency_ramp_duration && !c.concurrency)
      throw ConfigError(name("--concurrency-ramp-duration") +
                        " with a request rate ramps the --concurrency ceiling, but no --concurrency was given");
  }

  // Upstream's v1 rule (metrics-and-outputs.md §7.2): a directory part is dropped and a known
  // export extension stripped, so `out/run1.json` names the stem `run1`.
  std::string export_stem(const std::string& text) const {
    std::string stem = std::filesystem::path(text).filename().string();
    for (const char* ext : {".jsonl", ".json", ".csv"}) {
      const std::string_view e(ext);
      if (stem.size() > e.size() && stem.compare(stem.size() - e.size(), e.size(), e) == 0) {
        stem.resize(stem.size() - e.size());
        break;
      }
    }
    if (stem.empty() || stem == "." || stem == "..")
      throw ConfigError(name("--profile-export-prefix") + ": '" + text + "' names no file (give a name such as run1)");
    return stem;
  }

  void convert_output(ProfileConfig& c, const RawFlags& r) const {
    if (given("--artifact-dir")) {
      if (r.artifact_dir.empty()) throw ConfigError(name("--artifact-dir") + ": empty path");
      c.artifact_root = r.artifact_dir;
      c.artifact_dir_given = true;
    }
    if (given("--export-level")) c.export_level = parse_choice<ExportLevel>(name("--export-level"), r.export_level);
    c.export_outputs_json = r.export_outputs_json || c.export_level == ExportLevel::raw;
    if (given("--profile-export-prefix")) c.profile_export_prefix = export_stem(r.profile_export_prefix);
    c.slice_duration = float_above("--slice-duration", r.slice_duration, 0);
    if (given("--goodput")) c.goodput = parse_goodput_flag(r.goodput);
    c.fail_on_client_bound = r.fail_on_client_bound;
    c.show_trace_timing = r.show_trace_timing;
    c.export_http_trace = r.export_http_trace;
    c.verbosity = r.extra_verbose ? 2 : std::min(r.verbose, 2);
    if (given("--log-level")) {
      c.log_level = parse_log_level(r.log_level);
      if (!c.log_level)
        throw ConfigError("--log-level: invalid choice '" + r.log_level +
                          "' (choose from TRACE, DEBUG, INFO, NOTICE, WARNING, SUCCESS, ERROR, CRITICAL)");
    }
    // Upstream defaults to its dashboard on a terminal; simple is our nearest equivalent.
    c.ui_type = isatty(STDOUT_FILENO) ? UiType::simple : UiType::none;
    if (given("--ui-type")) {
      if (enum_key(r.ui_type) == "dashboard")
        throw ConfigError(name("--ui-type") + " dashboard is not supported yet by aiperf-cpp (use simple or none)");
      const std::optional<UiType> ui = enum_by_name<UiType>(r.ui_type);
      if (!ui) throw_invalid_choice(name("--ui-type"), r.ui_type, "dashboard, " + choices_of<UiType>());
      c.ui_type = *ui;
      // Accepted so upstream command lines run, but there is no live display to choose yet.
      if (c.ui_type == UiType::simple)
        log_warning(name("--ui-type") + " simple: aiperf-cpp has no live progress display yet; the results are "
                    "printed when the run ends");
    }
  }

  static const OptionSpec& spec(const char* any_alias) {
    const OptionSpec* o = find_profile_option(any_alias);
    if (!o) throw std::logic_error(std::string("option table has no ") + any_alias);
    return *o;
  }

  const RawFlags& raw_;
  const OptionSources& sources_;
  const std::vector<std::string>& args_;
};

std::string one_line(std::string s) {
  for (char& ch : s)
    if (ch == '\n' || ch == '\r') ch = ' ';
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

// The options the command line gave, each under the alias the user typed.
OptionSources command_line_sources(const ProfileParser& parser, const std::vector<std::string>& args) {
  OptionSources sources;
  for (const OptionGroup& group : profile_option_groups())
    for (const OptionSpec& spec : group.options) {
      if (!spec.supported()) continue;
      const CLI::Option* opt = parser.app.get_option_no_throw(spec.canonical_name());
      if (opt && opt->count() > 0) sources[&spec] = {typed_name(opt, args), false};
    }
  return sources;
}

// A check that names options by their flags ("--per-chunk-usage requires --streaming") also
// says where the YAML file set them.
ConfigError with_yaml_locations(const ConfigError& e, const OptionSources& sources) {
  std::string message = e.what();
  std::string where;
  for (const auto& [spec, source] : sources) {
    if (!source.from_yaml || message.find(source.spelled) != std::string::npos) continue;
    for (const std::string& name : spec->all_names()) {
      const size_t at = message.find(name);
      const size_t end = at + name.size();
      if (at == std::string::npos || (end < message.size() && (std::isalnum(static_cast<unsigned char>(message[end])) ||
                                                               message[end] == '-')))
        continue;
      where += (where.empty() ? " (" : "; ") + name + " is " + source.spelled;
      break;
    }
  }
  return ConfigError(where.empty() ? message : message + where + ")");
}

// With a config file the model may come from either place; the error says both.
void require_model(const std::string& file, const OptionSources& sources) {
  if (!sources.contains(find_profile_option("--model")))
    throw ConfigError(file + ": a model is required (benchmark.model, or -m/--model on the command line)");
}

void load_config_file(const std::string& path, RawFlags& raw, OptionSources& sources) {
  if (path.empty()) throw ConfigError("--config: empty path");
  YamlConfig config = load_yaml_config(path, process_environment());
  for (const std::string& w : config.warnings) log_warning(w);
  if (!config.sweep.is_null()) {
    const SweepPlan plan = expand_sweep(config);  // a broken sweep names its own error first
    throw ConfigError(path + ": sweep: running sweeps is not supported yet by aiperf-cpp (issue 18: sweeps, "
                      "multi-run and search); `aiperf config expand --config-file " + path + "` lists its " +
                      std::to_string(plan.variations.size()) + " variations");
  }
  if (const YamlNode* runs = config.multi_run.find("num_runs"); runs && runs->scalar != "1")
    throw ConfigError(path + ": multi_run: several runs are not supported yet by aiperf-cpp (issue 18: sweeps, "
                      "multi-run and search)");
  if (!config.plot.is_null())
    throw ConfigError(path + ": plot: plots are not supported yet by aiperf-cpp (issue 19: plots)");
  apply_yaml_settings(yaml_settings(config, config.body, config.variables), raw, sources);
}

}  // namespace

std::optional<ProfileConfig> parse_profile_args(const std::vector<std::string>& args) {
  ProfileParser parser;
  std::vector<std::string> reversed(args.rbegin(), args.rend());  // CLI11 consumes from the back
  reject_missing_values(parser.app, args);
  try {
    parser.app.parse(reversed);
  } catch (const CLI::CallForHelp&) {
    std::cout << parser.app.help();
    return std::nullopt;
  } catch (const CLI::ParseError& e) {
    throw ConfigError(one_line(e.what()));
  }
  reject_leftovers(parser.app);
  reject_unsupported(parser, args);
  OptionSources sources = command_line_sources(parser, args);
  if (sources.contains(find_profile_option("--config"))) {
    load_config_file(parser.raw.config_file, parser.raw, sources);
    require_model(parser.raw.config_file, sources);
  }
  try {
    return Converter(parser.raw, sources, args).convert();
  } catch (const ConfigError& e) {
    throw with_yaml_locations(e, sources);
  }
}

ProfileConfig convert_yaml_variation(const YamlConfig& config, const YamlNode& body, const YamlNode& variables) {
  RawFlags raw;
  OptionSources sources;
  apply_yaml_settings(yaml_settings(config, body, variables), raw, sources);
  require_model(config.file, sources);
  const std::vector<std::string> args{"--config", config.file};
  try {
    return Converter(raw, sources, args).convert();
  } catch (const ConfigError& e) {
    throw with_yaml_locations(e, sources);
  }
}

std::string profile_usage() { return ProfileParser().app.help(); }

std::string aiperf_usage() {
  return "Usage: aiperf <command> [options]\n"
         "\n"
         "Commands:\n"
         "  profile    Run a benchmark against an OpenAI-compatible endpoint (-f/--config run.yaml)\n"
         "  config     init (bundled YAML templates), validate and expand (a sweep's variations) a YAML file\n"
         "  tokenize   Count or list the tokens of a text under a tokenizer\n"
         "  analyze-trace  Statistics of a mooncake trace (ISL/OSL, prefix-cache hit rates)\n"
         "  plugins    List endpoint types, dataset loaders, arrival patterns, ... (what each option accepts)\n"
         "  chat       One streamed chat turn (-q) or an interactive chat: TTFT, tokens/s, latency per turn\n"
         "  validate   Check a dataset or trace file (--target mooncake-trace --input FILE) without a run\n"
         "\n"
         "Options:\n"
         "  -h, --help     Print this help and exit\n"
         "  --version      Print the version and exit\n"
         "  --install-completion [--shell bash|zsh|fish] [-o FILE]  Install shell completion\n"
         "\n"
         "Run 'aiperf profile --help' for the benchmark options.\n";
}

}  // namespace aiperf
