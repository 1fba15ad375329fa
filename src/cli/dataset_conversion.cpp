// Input, dataset, trace replay, prompt synthesis, multimodal and conversation options (§3.3-§3.9).
#include "cli/profile_converter.h"

#include <strings.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <sstream>
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

// workloads-and-endpoints.md §2.11; upstream: these conflict with the --isl options.
void ProfileConverter::convert_rankings(ProfileConfig& c, const RawFlags& r) const {
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
void ProfileConverter::convert_media(ProfileConfig& c, const RawFlags& r) const {
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
  if (!img.enabled() && !aud.enabled()) return;  // video: convert_video
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

void ProfileConverter::convert_input(ProfileConfig& c, const RawFlags& r) const {
  if (given("--extra-inputs")) c.extra_inputs = parse_extra_inputs(r.extra_inputs);
  if (given("--header")) c.headers = parse_headers(r.headers);
  // Upstream's "magic list" flags: a comma list would start a parameter sweep.
  constexpr auto sweep = SweepList::one_value_of_a_sweep;
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
  convert_video(c, r);
  convert_input_file(c, r);
  convert_agent_trace_flags(c, r);
  convert_public_dataset(c, r);
  convert_cache_bust(c, r);
  convert_prompt_options(c, r);
  convert_trace_synthesis(c, r);
}

namespace {

// The file of --system-prompt-file, read once. A path with a symbolic link anywhere in it is
// refused (as upstream does): the prompt must be the file the user named, not one a link swaps in.
std::string read_system_prompt_file(const std::string& flag, const std::string& path) {
  namespace fs = std::filesystem;
  if (path.empty()) throw ConfigError(flag + ": empty path");
  fs::path walked;
  for (const fs::path& part : fs::absolute(fs::path(path))) {
    walked /= part;
    std::error_code ec;
    if (fs::is_symlink(fs::symlink_status(walked, ec)))
      throw ConfigError(flag + " " + path + ": " + walked.string() + " is a symbolic link (give the real path)");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ConfigError(flag + " " + path + ": cannot open the file");
  std::ostringstream text;
  text << in.rdbuf();
  if (text.str().empty()) throw ConfigError(flag + " " + path + ": the file is empty");
  return text.str();
}

}  // namespace

void ProfileConverter::convert_prompt_options(ProfileConfig& c, const RawFlags& r) const {
  const bool synthetic = !c.input_file && !c.public_dataset;
  // --system-prompt / --system-prompt-file (§2.8).
  if (given("--system-prompt") && given("--system-prompt-file"))
    throw ConfigError(name("--system-prompt") + " and " + name("--system-prompt-file") + " are mutually exclusive");
  const char* system_flag = given("--system-prompt") ? "--system-prompt" : given("--system-prompt-file") ? "--system-prompt-file" : nullptr;
  if (system_flag) {
    const std::string flag = name(system_flag);
    if (!carries_roles(c.endpoint_type))
      throw ConfigError(flag + " needs --endpoint-type chat, responses or messages (--endpoint-type " +
                        endpoint_type_name(c.endpoint_type) + " has no system role)");
    if (c.input_file && is_verbatim_dataset_type(c.custom_dataset_type))
      throw ConfigError(flag + " cannot be combined with --custom-dataset-type " +
                        custom_dataset_type_name(c.custom_dataset_type) + " (request bodies are sent unchanged)");
    for (const char* other : {"--shared-system-prompt-length", "--prompt-prefix-pool-size", "--prompt-prefix-length"})
      if (given(other)) throw ConfigError(flag + " cannot be combined with " + name(other));
    if (given("--system-prompt")) {
      if (r.system_prompt.empty()) throw ConfigError(flag + ": empty text");
      c.system_prompt = r.system_prompt;
    } else {
      c.system_prompt = read_system_prompt_file(flag, r.system_prompt_file);
    }
  }
  // --prompt-batch-size: the synthetic prompts of turn 0 become a list of texts.
  if (auto v = int_at_least("--prompt-batch-size", r.prompt_batch_size, 0)) {
    const std::string flag = name("--prompt-batch-size");
    const EndpointType t = c.endpoint_type;
    if (*v != 1) {
      if (!synthetic)
        throw ConfigError(flag + " " + std::to_string(*v) + " applies to synthetic prompts only (not with --input-file "
                          "or --public-dataset)");
      if (is_rankings(t))
        throw ConfigError(flag + " " + std::to_string(*v) + ": rankings requests take --rankings-passages-mean instead");
      if (t == EndpointType::audio_transcription || t == EndpointType::raw || t == EndpointType::template_)
        throw ConfigError(flag + " " + std::to_string(*v) + ": --endpoint-type " + endpoint_type_name(t) +
                          " sends one text per request");
      if (*v == 0 && !(c.media.image.enabled() || c.media.audio.enabled()))
        throw ConfigError(flag + " 0 leaves no text; it only goes with synthetic images or audio");
    }
    c.prompt_batch_size = *v;
  }
  if (given("--prompt-corpus"))
    c.prompt_corpus = parse_choice<PromptCorpus>(name("--prompt-corpus"), r.prompt_corpus);
  // --prompt-corpus random (workloads-and-endpoints.md §2.2, docs/prompts.md).
  if (given("--random-corpus-style")) {
    if (c.prompt_corpus != PromptCorpus::random)
      throw ConfigError(name("--random-corpus-style") + " only applies to --prompt-corpus random");
    c.random_corpus_style = parse_choice<RandomCorpusStyle>(name("--random-corpus-style"), r.random_corpus_style);
  }
  if (given("--random-range-ratio")) {
    const std::string flag = name("--random-range-ratio");
    const double ratio = parse_float_flag(flag, r.random_range_ratio);
    if (ratio < 0 || ratio >= 1) throw ConfigError(flag + " " + r.random_range_ratio + ": must be >= 0 and < 1");
    if (!synthetic)
      throw ConfigError(flag + " only applies to synthetic prompts (not with --input-file or --public-dataset)");
    if (c.isl_stddev > 0 || c.osl_stddev > 0 || !c.sequence_distribution.empty())
      throw ConfigError(flag + " draws each ISL and OSL uniformly around its mean; it cannot be combined with " +
                        "--isl-stddev, --osl-stddev or --seq-dist");
    c.random_range_ratio = ratio;
  }
  // --dataset-sampling-strategy (cli-and-load.md §3.3): a fixed schedule replays in trace order.
  if (given("--dataset-sampling-strategy")) {
    c.sampling_strategy = parse_choice<SamplingStrategy>(name("--dataset-sampling-strategy"), r.sampling_strategy);
    if (c.fixed_schedule)
      throw ConfigError(name("--dataset-sampling-strategy") + " cannot be combined with a fixed schedule (rows go at "
                        "their timestamps, in trace order)");
  }
  // --no-open-loop-replay (baseten_trace, §3.6): later turns wait their think time after the reply.
  if (r.no_open_loop_replay) {
    if (r.open_loop_replay)
      throw ConfigError("--open-loop-replay and --no-open-loop-replay are mutually exclusive");
    if (r.open_loop_strict)
      throw ConfigError("--no-open-loop-replay cannot be combined with --open-loop-strict (every row is then a "
                        "session of its own)");
    if (!(c.input_file && c.custom_dataset_type == CustomDatasetType::baseten_trace))
      throw ConfigError("--no-open-loop-replay applies to --custom-dataset-type baseten_trace only");
    c.open_loop_replay = false;
  }
}

// cli-and-load.md §3.9. Upstream's synthesizer reshapes mooncake-style traces; here the
// multipliers act on the hash-id traces that the loaders turn into prompts (docs/prompts.md).
void ProfileConverter::convert_trace_synthesis(ProfileConfig& c, const RawFlags& r) const {
  const bool hash_trace = c.input_file && (c.custom_dataset_type == CustomDatasetType::mooncake_trace ||
                                           c.custom_dataset_type == CustomDatasetType::bailian_trace);
  for (const char* flag : {"--synthesis-speedup-ratio", "--synthesis-prefix-len-multiplier",
                           "--synthesis-prefix-root-multiplier", "--synthesis-prompt-len-multiplier",
                           "--synthesis-output-len-multiplier", "--synthesis-max-isl"})
    if (given(flag) && !hash_trace)
      throw ConfigError(name(flag) + " applies to --custom-dataset-type mooncake_trace and bailian_trace only (in "
                        "aiperf-cpp; weka_trace and tracelab take --synthesis-max-osl)");
  if (auto v = float_above("--synthesis-speedup-ratio", r.synthesis_speedup, 0)) c.synthesis_speedup_ratio = *v;
  if (auto v = float_above("--synthesis-prefix-len-multiplier", r.synthesis_prefix_len, 0))
    c.synthesis_prefix_len_multiplier = *v;
  if (auto v = int_at_least("--synthesis-prefix-root-multiplier", r.synthesis_prefix_root, 1))
    c.synthesis_prefix_root_multiplier = *v;
  if (auto v = float_above("--synthesis-prompt-len-multiplier", r.synthesis_prompt_len, 0))
    c.synthesis_prompt_len_multiplier = *v;
  if (auto v = float_above("--synthesis-output-len-multiplier", r.synthesis_output_len, 0))
    c.synthesis_output_len_multiplier = *v;
  c.synthesis_max_isl = int_at_least("--synthesis-max-isl", r.synthesis_max_isl, 1);
}

// workloads-and-endpoints.md §2.9. The marker goes into the messages of a chat-shaped body when
// it is sent (endpoints/cache_bust.h), so only those bodies can take one, and never one that is
// sent byte for byte. "Works with every timing mode" (the newer of upstream's two docs).
void ProfileConverter::convert_cache_bust(ProfileConfig& c, const RawFlags& r) const {
  if (!given("--cache-bust")) return;
  c.cache_bust = parse_choice<CacheBust>(name("--cache-bust"), r.cache_bust);
  if (c.cache_bust == CacheBust::none) return;
  const std::string what = name("--cache-bust") + " " + std::string(name_of(c.cache_bust));
  const EndpointType t = c.endpoint_type;
  if (t != EndpointType::chat && t != EndpointType::responses && t != EndpointType::messages)
    throw ConfigError(what + " needs --endpoint-type chat, responses or messages (the marker goes into a "
                      "system or user message), not " + endpoint_type_name(t));
  if (c.input_file && is_verbatim_dataset_type(c.custom_dataset_type))
    throw ConfigError(what + " cannot be combined with --custom-dataset-type " +
                      custom_dataset_type_name(c.custom_dataset_type) + " (request bodies are sent unchanged)");
  // Synthetic prompts have a system message only when one is asked for; without it the warm-up
  // marker would silently land on the user turn instead.
  const bool synthetic = !c.input_file && !c.public_dataset;
  if (c.cache_bust == CacheBust::warmup_isolation_system && synthetic && !c.shared_system_prompt_length)
    throw ConfigError(what + " on synthetic prompts needs --shared-system-prompt-length (a system message "
                      "for the marker; or use warmup_isolation_first_turn)");
}

// cli-and-load.md §3.3, workloads-and-endpoints.md §4.
void ProfileConverter::convert_public_dataset(ProfileConfig& c, const RawFlags& r) const {
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
void ProfileConverter::convert_agent_trace_flags(ProfileConfig& c, const RawFlags& r) const {
  const bool agentic = c.input_file && (c.custom_dataset_type == CustomDatasetType::weka_trace ||
                                        c.custom_dataset_type == CustomDatasetType::tracelab);
  for (const char* flag : {"--use-think-time-only", "--trace-idle-gap-cap-seconds", "--inter-turn-delay-cap-seconds",
                           "--max-context-length", "--synthesis-max-osl"})
    if (given(flag) && !agentic &&
        !(std::string_view(flag) == "--inter-turn-delay-cap-seconds" && r.no_open_loop_replay &&
          c.input_file && c.custom_dataset_type == CustomDatasetType::baseten_trace))
      throw ConfigError(name(flag) + " applies to --custom-dataset-type weka_trace and tracelab only (in aiperf-cpp; "
                        "also baseten_trace with --no-open-loop-replay)");
  if (r.use_think_time_only && r.ignore_trace_delays)
    throw ConfigError("--use-think-time-only and --ignore-trace-delays are mutually exclusive");
  c.use_think_time_only = r.use_think_time_only;
  c.trace_idle_gap_cap_s = float_at_least("--trace-idle-gap-cap-seconds", r.trace_idle_gap_cap, 0);
  c.inter_turn_delay_cap_s = float_at_least("--inter-turn-delay-cap-seconds", r.inter_turn_delay_cap, 0);
  c.max_context_length = int_at_least("--max-context-length", r.max_context_length, 1);
  c.synthesis_max_osl = int_at_least("--synthesis-max-osl", r.synthesis_max_osl, 1);
}

// cli-and-load.md §2.1 (fixed schedule first), §3.4, §4.3 and the §4.12 rows about it.
void ProfileConverter::convert_input_file(ProfileConfig& c, const RawFlags& r) const {
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
void ProfileConverter::convert_baseten_flags(ProfileConfig& c, const RawFlags& r) const {
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
void ProfileConverter::convert_synthetic_prompts(ProfileConfig& c, const RawFlags& r) const {
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

// cli-and-load.md §3.6, §4.9, §4.11.
void ProfileConverter::convert_conversations(ProfileConfig& c, const RawFlags& r) const {
  constexpr auto sweep = SweepList::one_value_of_a_sweep;
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

}  // namespace aiperf
