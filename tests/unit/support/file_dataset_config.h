#pragma once
// What the dataset-file loader tests share: the configuration (model "m", seed 7, `path` read
// as `type`: what --input-file PATH --custom-dataset-type TYPE --random-seed 7 would give),
// loading a file of `text` that must be refused, and reading what a loader made.
#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "config/profile_config.h"
#include "dataset/dataset.h"
#include "dataset/loaders/input_file_dataset.h"
#include "temp_text_file.h"
#include "tokenizer/word_tokenizer.h"

namespace aiperf::test_support {

inline ProfileConfig file_dataset_config(const std::string& path, CustomDatasetType type) {
  ProfileConfig c;
  c.model_names = {"m"};
  c.random_seed = 7;
  c.input_file = path;
  c.custom_dataset_type = type;
  return c;
}

// The ConfigError a file holding `text` gets when loaded as `type` for `endpoint`; a load that
// succeeds fails the test.
inline std::string file_dataset_error(const std::string& text, CustomDatasetType type,
                                      EndpointType endpoint = EndpointType::chat) {
  TempTextFile f(text);
  ProfileConfig c = file_dataset_config(f.path, type);
  c.endpoint_type = endpoint;
  try {
    load_input_file(c, WordTokenizer("w"));
  } catch (const ConfigError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no ConfigError for: " << text;
  return "";
}

// A prompt's length as the loader tests count it: WordTokenizer("w") words.
inline size_t word_count(const std::string& text) { return WordTokenizer("w").count(text); }

// A turn's messages (kept as the JSON text of the array's items) as a JSON array.
inline nlohmann::json turn_messages(const MessageTurn& turn) { return nlohmann::json::parse("[" + turn.messages + "]"); }

}  // namespace aiperf::test_support
