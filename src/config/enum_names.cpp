#include "config/enum_names.h"

#include <algorithm>
#include <cctype>

namespace aiperf {

std::span<const EnumName<ExportLevel>> names_of(ExportLevel) {
  static constexpr EnumName<ExportLevel> kNames[] = {
      {ExportLevel::summary, "summary"}, {ExportLevel::records, "records"}, {ExportLevel::raw, "raw"}};
  return kNames;
}

std::span<const EnumName<UiType>> names_of(UiType) {
  static constexpr EnumName<UiType> kNames[] = {
      {UiType::dashboard, "dashboard"}, {UiType::simple, "simple"}, {UiType::none, "none"}};
  return kNames;
}

std::span<const EnumName<ArrivalPattern>> names_of(ArrivalPattern) {
  static constexpr EnumName<ArrivalPattern> kNames[] = {
      {ArrivalPattern::poisson, "poisson"}, {ArrivalPattern::constant, "constant"}, {ArrivalPattern::gamma, "gamma"}};
  return kNames;
}

std::span<const EnumName<CustomDatasetType>> names_of(CustomDatasetType) {
  using T = CustomDatasetType;
  static constexpr EnumName<T> kNames[] = {
      {T::single_turn, "single_turn"},       {T::multi_turn, "multi_turn"},
      {T::random_pool, "random_pool"},       {T::mooncake_trace, "mooncake_trace"},
      {T::bailian_trace, "bailian_trace"},   {T::burst_gpt_trace, "burst_gpt_trace"},
      {T::raw_payload, "raw_payload"},       {T::inputs_json, "inputs_json"},
      {T::sagemaker_data_capture, "sagemaker_data_capture"},
      {T::weka_trace, "weka_trace"},         {T::tracelab, "tracelab"},
      {T::dag_jsonl, "dag_jsonl"},           {T::baseten_trace, "baseten_trace"}};
  return kNames;
}

std::span<const EnumName<CacheBust>> names_of(CacheBust) {
  using C = CacheBust;
  static constexpr EnumName<C> kNames[] = {{C::none, "none"},
                                           {C::system_prefix, "system_prefix"},
                                           {C::system_suffix, "system_suffix"},
                                           {C::first_turn_prefix, "first_turn_prefix"},
                                           {C::first_turn_suffix, "first_turn_suffix"},
                                           {C::warmup_isolation_system, "warmup_isolation_system"},
                                           {C::warmup_isolation_first_turn, "warmup_isolation_first_turn"}};
  return kNames;
}

std::span<const EnumName<PromptCorpus>> names_of(PromptCorpus) {
  static constexpr EnumName<PromptCorpus> kNames[] = {
      {PromptCorpus::sonnet, "sonnet"}, {PromptCorpus::coding, "coding"}, {PromptCorpus::random, "random"}};
  return kNames;
}

std::span<const EnumName<RandomCorpusStyle>> names_of(RandomCorpusStyle) {
  static constexpr EnumName<RandomCorpusStyle> kNames[] = {{RandomCorpusStyle::vllm, "vllm"},
                                                           {RandomCorpusStyle::sglang, "sglang"}};
  return kNames;
}

std::span<const EnumName<SamplingStrategy>> names_of(SamplingStrategy) {
  using S = SamplingStrategy;
  static constexpr EnumName<S> kNames[] = {{S::sequential, "sequential"}, {S::random, "random"}, {S::shuffle, "shuffle"}};
  return kNames;
}

std::span<const EnumName<ConnectionReuse>> names_of(ConnectionReuse) {
  static constexpr EnumName<ConnectionReuse> kNames[] = {{ConnectionReuse::pooled, "pooled"},
                                                          {ConnectionReuse::never, "never"},
                                                          {ConnectionReuse::sticky_user_sessions, "sticky-user-sessions"}};
  return kNames;
}

std::span<const EnumName<ModelSelection>> names_of(ModelSelection) {
  static constexpr EnumName<ModelSelection> kNames[] = {{ModelSelection::round_robin, "round_robin"},
                                                         {ModelSelection::random, "random"}};
  return kNames;
}

std::span<const EnumName<ImageFormat>> names_of(ImageFormat) {
  static constexpr EnumName<ImageFormat> kNames[] = {
      {ImageFormat::png, "png"}, {ImageFormat::jpeg, "jpeg"}, {ImageFormat::random, "random"}};
  return kNames;
}

std::span<const EnumName<ImageSourceSampling>> names_of(ImageSourceSampling) {
  using S = ImageSourceSampling;
  static constexpr EnumName<S> kNames[] = {{S::random_with_replacement, "random-with-replacement"},
                                           {S::shuffle_cycle, "shuffle-cycle"},
                                           {S::sequential_cycle, "sequential-cycle"}};
  return kNames;
}

std::span<const EnumName<AudioFormat>> names_of(AudioFormat) {
  static constexpr EnumName<AudioFormat> kNames[] = {{AudioFormat::wav, "wav"}, {AudioFormat::mp3, "mp3"}};
  return kNames;
}

std::span<const EnumName<VideoSynthType>> names_of(VideoSynthType) {
  static constexpr EnumName<VideoSynthType> kNames[] = {{VideoSynthType::moving_shapes, "moving_shapes"},
                                                        {VideoSynthType::grid_clock, "grid_clock"},
                                                        {VideoSynthType::noise, "noise"}};
  return kNames;
}

std::span<const EnumName<VideoFormat>> names_of(VideoFormat) {
  static constexpr EnumName<VideoFormat> kNames[] = {{VideoFormat::webm, "webm"}, {VideoFormat::mp4, "mp4"}};
  return kNames;
}

std::span<const EnumName<AuthType>> names_of(AuthType) {
  static constexpr EnumName<AuthType> kNames[] = {{AuthType::none, "none"}, {AuthType::sigv4, "sigv4"}};
  return kNames;
}

std::span<const EnumName<TransportType>> names_of(TransportType) {
  static constexpr EnumName<TransportType> kNames[] = {{TransportType::http, "http"},
                                                        {TransportType::sagemaker, "sagemaker"}};
  return kNames;
}

std::span<const EnumName<RequestContentType>> names_of(RequestContentType) {
  static constexpr EnumName<RequestContentType> kNames[] = {{RequestContentType::json, "application/json"},
                                                             {RequestContentType::multipart, "multipart/form-data"}};
  return kNames;
}

std::span<const EnumName<UrlStrategy>> names_of(UrlStrategy) {
  static constexpr EnumName<UrlStrategy> kNames[] = {{UrlStrategy::round_robin, "round_robin"}};
  return kNames;
}

std::span<const EnumName<WaitForModelMode>> names_of(WaitForModelMode) {
  static constexpr EnumName<WaitForModelMode> kNames[] = {{WaitForModelMode::models, "models"},
                                                           {WaitForModelMode::inference, "inference"},
                                                           {WaitForModelMode::both, "both"}};
  return kNames;
}

// Upstream's level names, in its order (cli-and-load.md §3.19).
std::span<const EnumName<LogLevel>> names_of(LogLevel) {
  static constexpr EnumName<LogLevel> kNames[] = {
      {LogLevel::trace, "TRACE"},     {LogLevel::debug, "DEBUG"},     {LogLevel::info, "INFO"},
      {LogLevel::notice, "NOTICE"},   {LogLevel::warning, "WARNING"}, {LogLevel::success, "SUCCESS"},
      {LogLevel::error, "ERROR"},     {LogLevel::critical, "CRITICAL"}};
  return kNames;
}

std::span<const EnumName<AdaptiveVariable>> names_of(AdaptiveVariable) {
  using V = AdaptiveVariable;
  static constexpr EnumName<V> kNames[] = {{V::concurrency, "concurrency"},
                                           {V::prefill_concurrency, "prefill_concurrency"},
                                           {V::request_rate, "request_rate"},
                                           {V::users, "users"}};
  return kNames;
}

std::span<const EnumName<AdaptiveStepPolicy>> names_of(AdaptiveStepPolicy) {
  static constexpr EnumName<AdaptiveStepPolicy> kNames[] = {
      {AdaptiveStepPolicy::fixed_percent_step, "fixed_percent_step"}, {AdaptiveStepPolicy::sla_margin, "sla_margin"}};
  return kNames;
}

std::span<const EnumName<WindowSlaOp>> names_of(WindowSlaOp) {
  static constexpr EnumName<WindowSlaOp> kNames[] = {
      {WindowSlaOp::lt, "lt"}, {WindowSlaOp::le, "le"}, {WindowSlaOp::gt, "gt"}, {WindowSlaOp::ge, "ge"}};
  return kNames;
}

std::string enum_key(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = c == '-' ? '_' : char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

void throw_invalid_choice(std::string_view option, std::string_view text, const std::string& choices) {
  throw ConfigError(std::string(option) + ": invalid choice '" + std::string(text) + "' (choose from " + choices + ")");
}

}  // namespace aiperf
