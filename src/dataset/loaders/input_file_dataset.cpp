#include "dataset/loaders/input_file_dataset.h"
#include "dataset/conversation_id.h"

#include <cstdio>
#include <unordered_map>

#include "common/rng_stream.h"
#include "common/uuid.h"
#include "dataset/length_sampler.h"
#include "dataset/text_line_stream.h"

namespace aiperf {

namespace {

FileDataset load_by_type(const DatasetBuildSettings& config, const Tokenizer& tokenizer) {
  switch (config.custom_dataset_type) {
    case CustomDatasetType::single_turn: return load_single_turn_file(config, tokenizer);
    case CustomDatasetType::multi_turn: return load_multi_turn_file(config, tokenizer);
    case CustomDatasetType::random_pool: return load_random_pool(config, tokenizer);
    case CustomDatasetType::mooncake_trace: return load_mooncake_trace_file(config, tokenizer);
    case CustomDatasetType::bailian_trace: return load_bailian_trace_file(config, tokenizer);
    case CustomDatasetType::burst_gpt_trace: return load_burst_gpt_trace_file(config, tokenizer);
    case CustomDatasetType::raw_payload: return load_raw_payload_file(config, tokenizer);
    case CustomDatasetType::inputs_json: return load_inputs_json_file(config, tokenizer);
    case CustomDatasetType::sagemaker_data_capture: return load_sagemaker_data_capture(config, tokenizer);
    case CustomDatasetType::weka_trace: return load_weka_trace(config, tokenizer);
    case CustomDatasetType::tracelab: return load_tracelab(config, tokenizer);
    case CustomDatasetType::dag_jsonl: return load_dag_jsonl_file(config, tokenizer);
    case CustomDatasetType::baseten_trace: return load_baseten_trace_file(config, tokenizer);
  }
  return load_single_turn_file(config, tokenizer);
}

}  // namespace

FileDataset load_input_file(const DatasetBuildSettings& config, const Tokenizer& tokenizer) {
  FileDataset out = load_by_type(config, tokenizer);
  // --ignore-trace-delays: the rows go back to back, in file order (the CLI keeps them under
  // an explicit --fixed-schedule, where it has no effect).
  if (config.ignore_trace_delays) {
    for (auto& ts : out.timestamps_ms) ts.reset();
    for (DatasetEntry& e : out.dataset.entries) {
      for (DatasetTurn& t : e.later_turns) {
        t.delay_ms = 0;
        t.timestamp_ms.reset();
      }
      if (e.agentic)
        for (MessageTurn& t : e.agentic.edit().turns) {
          t.delay_ms = 0;
          t.timestamp_ms.reset();
        }
    }
  }
  // A session id shared by rows makes them turns of one conversation (the loaders group them);
  // replaying two conversations under one id would send what the trace never sent.
  std::unordered_map<std::string_view, size_t> first_line;
  for (size_t i = 0; i < out.dataset.entries.size(); ++i) {
    const std::string& id = out.dataset.entries[i].conversation_id;
    auto [it, fresh] = first_line.try_emplace(id, out.lines[i]);
    if (!fresh)
      throw ConfigError("--input-file " + *config.input_file + ", line " + std::to_string(out.lines[i]) +
                        ": session_id '" + id + "' already used on line " + std::to_string(it->second) +
                        " by another conversation");
  }
  // Completions has no roles: a later turn could not carry the history.
  if (!carries_roles(config.endpoint_type))
    for (size_t i = 0; i < out.dataset.entries.size(); ++i)
      if (out.dataset.entries[i].resend_history && !out.dataset.entries[i].later_turns.empty())
        throw ConfigError("--input-file " + *config.input_file + ", line " + std::to_string(out.lines[i]) +
                          ": a multi-turn conversation needs a chat endpoint (--endpoint-type " +
                          endpoint_type_name(config.endpoint_type) + " cannot carry history)");
  return out;
}

CommonRowFields read_common_row_fields(const JsonlRow& row) {
  CommonRowFields f;
  f.timestamp_ms = row.number("timestamp", 0);
  f.session_id = row.string("session_id");
  // delay is a multi-turn (think time) field; ignoring it would replay the wrong timing.
  row.reject({"delay"});
  return f;
}

void FileDataset::reserve_lines_of(const std::string& path) {
  TextLineStream in(path, "--input-file " + path + ": ");
  size_t n = 0;
  for (std::string_view line; in.next(line);) ++n;
  dataset.entries.reserve(n);
  timestamps_ms.reserve(n);
  lines.reserve(n);
}

void add_file_entry(FileDataset& out, const DatasetBuildSettings& config, const JsonlRow& row,
                    const CommonRowFields& common, DatasetEntry entry) {
  if (common.session_id) {
    entry.conversation_id = *common.session_id;
  } else {
    entry.conversation_id = default_conversation_id(config, out.dataset.entries.size());
  }
  entry.model = config.model_names.front();
  out.dataset.entries.push_back(std::move(entry));
  out.timestamps_ms.push_back(common.timestamp_ms);
  out.lines.push_back(row.line);
}

FallbackOutputLength::FallbackOutputLength(const DatasetBuildSettings& config)
    : config_(config), rng_(make_rng_stream(config.random_seed, "dataset.file.output_length")) {}

std::optional<int64_t> FallbackOutputLength::next() {
  if (!config_.osl_mean) return std::nullopt;
  return sample_positive_normal_integer(double(*config_.osl_mean), config_.osl_stddev, rng_);
}

}  // namespace aiperf
