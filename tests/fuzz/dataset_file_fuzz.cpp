// Every --input-file format (dataset/loaders/input_file_dataset.h: single_turn, multi_turn, random_pool,
// mooncake, bailian, burst_gpt, raw_payload, inputs_json, sagemaker capture, weka, tracelab,
// dag_jsonl, baseten) on a hostile file. Input: dataset type (index), options (bit 0: completions
// endpoint, else chat; bit 1: a .parquet file name, else .jsonl; bit 2: --fixed-schedule), then
// the file. A refused file is a ConfigError (or another std::exception naming it); anything else
// is a bug.
#include <cstdint>
#include <string>

#include "config/profile_config.h"
#include "dataset/loaders/input_file_dataset.h"
#include "fuzz_input.h"
#include "input_bounds.h"
#include "scratch_dir.h"
#include "tokenizer/word_tokenizer.h"

namespace {

constexpr aiperf::CustomDatasetType kTypes[] = {
    aiperf::CustomDatasetType::single_turn,     aiperf::CustomDatasetType::multi_turn,
    aiperf::CustomDatasetType::random_pool,     aiperf::CustomDatasetType::mooncake_trace,
    aiperf::CustomDatasetType::bailian_trace,   aiperf::CustomDatasetType::burst_gpt_trace,
    aiperf::CustomDatasetType::raw_payload,     aiperf::CustomDatasetType::inputs_json,
    aiperf::CustomDatasetType::sagemaker_data_capture, aiperf::CustomDatasetType::weka_trace,
    aiperf::CustomDatasetType::tracelab,        aiperf::CustomDatasetType::dag_jsonl,
    aiperf::CustomDatasetType::baseten_trace,
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const aiperf::fuzz::ScratchDir scratch;
  aiperf::fuzz::FuzzInput in(data, size);
  const aiperf::CustomDatasetType type = kTypes[in.take_byte() % std::size(kTypes)];
  const uint8_t options = in.take_byte();
  if (!aiperf::fuzz::within_loader_bounds(in.rest())) return -1;  // -1: not added to the corpus

  aiperf::ProfileConfig config;
  config.model_names = {"m"};
  config.random_seed = 7;
  config.endpoint_type = (options & 1) ? aiperf::EndpointType::completions : aiperf::EndpointType::chat;
  config.fixed_schedule = (options & 4) != 0;
  config.custom_dataset_type = type;
  config.input_file = scratch.write((options & 2) ? "input.parquet" : "input.jsonl", in.rest()).string();
  // A fresh vocabulary per input: the word tokenizer grows one for every word it sees.
  const aiperf::WordTokenizer tokenizer("w");
  try {
    (void)aiperf::load_input_file(config, tokenizer);
  } catch (const std::exception&) {
    // A refused file: what a user sees as the error message.
  }
  return 0;
}
