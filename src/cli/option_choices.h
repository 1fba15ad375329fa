#pragma once
// The values an option accepts, space separated, for shell completion and the option reference;
// each reads the table the option's parser uses (config/enum_names.h, the endpoint catalogue,
// the public dataset table).
#include <string>

namespace aiperf {

std::string endpoint_type_choices();
std::string export_level_choices();
std::string ui_type_choices();
std::string otel_stream_choices();
std::string server_metrics_format_choices();
std::string arrival_pattern_choices();
std::string scenario_choices();
std::string custom_dataset_type_choices();
std::string connection_reuse_choices();
std::string cache_bust_choices();
std::string accuracy_benchmark_choices();
std::string accuracy_grader_choices();
std::string prompt_corpus_choices();
std::string random_corpus_style_choices();
std::string sampling_strategy_choices();
std::string model_selection_choices();
std::string image_format_choices();
std::string image_source_sampling_choices();
std::string audio_format_choices();
std::string video_synth_type_choices();
std::string video_format_choices();
std::string video_audio_codec_choices();
std::string log_level_choices();
std::string url_strategy_choices();
std::string wait_for_model_mode_choices();
std::string request_content_type_choices();
std::string auth_type_choices();
std::string transport_choices();
std::string public_dataset_choices();

}  // namespace aiperf
