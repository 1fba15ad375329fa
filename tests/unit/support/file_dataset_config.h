#pragma once
// The configuration the dataset-file loader tests share: model "m", seed 7, and `path` read as
// `type` (what --input-file PATH --custom-dataset-type TYPE --random-seed 7 would give).
#include <string>

#include "config/profile_config.h"

namespace aiperf::test_support {

inline ProfileConfig file_dataset_config(const std::string& path, CustomDatasetType type) {
  ProfileConfig c;
  c.model_names = {"m"};
  c.random_seed = 7;
  c.input_file = path;
  c.custom_dataset_type = type;
  return c;
}

}  // namespace aiperf::test_support
