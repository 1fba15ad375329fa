#include "cli/option_choices.h"

#include "config/accuracy_benchmarks.h"
#include "config/endpoint_catalog.h"
#include "config/enum_names.h"
#include "config/public_datasets.h"

namespace aiperf {
namespace {

template <class E>
std::string spaced() {
  std::string out;
  for (const EnumName<E>& n : names_of(E{})) (out.empty() ? out : out += ' ') += n.name;
  return out;
}

}  // namespace

std::string endpoint_type_choices() {
  std::string out;
  for (const EndpointInfo& e : kEndpointCatalog) (out.empty() ? out : out += ' ') += e.name;
  return out;
}
std::string export_level_choices() { return spaced<ExportLevel>(); }
std::string ui_type_choices() { return spaced<UiType>(); }
std::string otel_stream_choices() { return "metrics timing default"; }
std::string server_metrics_format_choices() { return "json csv jsonl parquet"; }
std::string arrival_pattern_choices() { return spaced<ArrivalPattern>(); }
std::string scenario_choices() { return "inferencex-agentx-mvp"; }
std::string custom_dataset_type_choices() { return spaced<CustomDatasetType>(); }
std::string connection_reuse_choices() { return spaced<ConnectionReuse>(); }
std::string cache_bust_choices() { return spaced<CacheBust>(); }
std::string accuracy_benchmark_choices() { return accuracy_benchmark_names(" "); }
std::string accuracy_grader_choices() { return accuracy_grader_names(" "); }
std::string prompt_corpus_choices() { return spaced<PromptCorpus>(); }
std::string random_corpus_style_choices() { return spaced<RandomCorpusStyle>(); }
std::string sampling_strategy_choices() { return spaced<SamplingStrategy>(); }
std::string model_selection_choices() { return spaced<ModelSelection>(); }
std::string image_format_choices() { return spaced<ImageFormat>(); }
std::string image_source_sampling_choices() { return spaced<ImageSourceSampling>(); }
std::string audio_format_choices() { return spaced<AudioFormat>(); }
std::string video_synth_type_choices() { return spaced<VideoSynthType>(); }
std::string video_format_choices() { return spaced<VideoFormat>(); }
std::string video_audio_codec_choices() { return "aac libvorbis libopus"; }
std::string log_level_choices() { return spaced<LogLevel>(); }
std::string url_strategy_choices() { return spaced<UrlStrategy>(); }
std::string wait_for_model_mode_choices() { return spaced<WaitForModelMode>(); }
std::string request_content_type_choices() { return spaced<RequestContentType>(); }
std::string auth_type_choices() { return spaced<AuthType>(); }
std::string transport_choices() { return spaced<TransportType>(); }
std::string public_dataset_choices() {
  std::string out;
  for (const PublicDatasetInfo& d : public_datasets()) (out.empty() ? out : out += ' ') += d.name;
  return out;
}

}  // namespace aiperf
