#pragma once
// One {value, name} table per option enum: the names the options and YAML spell, in the order
// help and errors list them. Parsing, naming, error messages and `aiperf plugins` all read these
// tables, so a value is spelled in exactly one place.
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "common/log.h"
#include "config/media_config.h"
#include "config/profile_config.h"

namespace aiperf {

// Options whose value the run keeps in another form (a switch, a header) still parse through a
// table: --auth-type, --transport, --request-content-type, --url-strategy.
enum class AuthType { none, sigv4 };
enum class TransportType { http, sagemaker };
enum class RequestContentType { json, multipart };
enum class UrlStrategy { round_robin };

template <class E>
struct EnumName {
  E value;
  std::string_view name;
};

std::span<const EnumName<ExportLevel>> names_of(ExportLevel);
std::span<const EnumName<UiType>> names_of(UiType);
std::span<const EnumName<ArrivalPattern>> names_of(ArrivalPattern);
std::span<const EnumName<CustomDatasetType>> names_of(CustomDatasetType);
std::span<const EnumName<ConnectionReuse>> names_of(ConnectionReuse);
std::span<const EnumName<ModelSelection>> names_of(ModelSelection);
std::span<const EnumName<CacheBust>> names_of(CacheBust);
std::span<const EnumName<PromptCorpus>> names_of(PromptCorpus);
std::span<const EnumName<RandomCorpusStyle>> names_of(RandomCorpusStyle);
std::span<const EnumName<SamplingStrategy>> names_of(SamplingStrategy);
std::span<const EnumName<ImageFormat>> names_of(ImageFormat);
std::span<const EnumName<ImageSourceSampling>> names_of(ImageSourceSampling);
std::span<const EnumName<AudioFormat>> names_of(AudioFormat);
std::span<const EnumName<VideoSynthType>> names_of(VideoSynthType);
std::span<const EnumName<VideoFormat>> names_of(VideoFormat);
std::span<const EnumName<AuthType>> names_of(AuthType);
std::span<const EnumName<TransportType>> names_of(TransportType);
std::span<const EnumName<RequestContentType>> names_of(RequestContentType);
std::span<const EnumName<UrlStrategy>> names_of(UrlStrategy);
std::span<const EnumName<WaitForModelMode>> names_of(WaitForModelMode);
std::span<const EnumName<LogLevel>> names_of(LogLevel);
std::span<const EnumName<AdaptiveVariable>> names_of(AdaptiveVariable);
std::span<const EnumName<AdaptiveStepPolicy>> names_of(AdaptiveStepPolicy);
std::span<const EnumName<WindowSlaOp>> names_of(WindowSlaOp);

// Upstream's matching of enum values: any case, '-' and '_' alike.
std::string enum_key(std::string_view text);

template <class E>
std::string_view name_of(E value) {
  for (const EnumName<E>& n : names_of(E{}))
    if (n.value == value) return n.name;
  return {};
}

template <class E>
std::optional<E> enum_by_name(std::string_view text) {
  const std::string key = enum_key(text);
  for (const EnumName<E>& n : names_of(E{}))
    if (enum_key(n.name) == key) return n.value;
  return std::nullopt;
}

// "a, b, c"
template <class E>
std::string choices_of() {
  std::string out;
  for (const EnumName<E>& n : names_of(E{})) (out.empty() ? out : out += ", ") += n.name;
  return out;
}

// The value `text` names, or ConfigError "OPTION: invalid choice 'text' (choose from a, b, c)".
[[noreturn]] void throw_invalid_choice(std::string_view option, std::string_view text, const std::string& choices);
template <class E>
E parse_choice(std::string_view option, std::string_view text) {
  if (std::optional<E> v = enum_by_name<E>(text)) return *v;
  throw_invalid_choice(option, text, choices_of<E>());
}

}  // namespace aiperf
