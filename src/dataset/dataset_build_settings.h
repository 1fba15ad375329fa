#pragma once
// What building a dataset reads of the run's configuration (docs/design.md, "Settings per
// plane"): the dataset section, plus the few values of other sections that shape rows — the
// model of each turn, the endpoint a body is written for, the request options of verbatim bodies
// built at load time (h_cua_perf), and the stop conditions that size a pool (random_pool) or
// schedule a DAG. Made once where the plane is entered (profile_run.cpp's build_workload).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "config/endpoint_catalog.h"
#include "config/profile_config.h"

namespace aiperf {

struct DatasetBuildSettings : DatasetSettings {
  DatasetBuildSettings(const ProfileConfig& c);  // NOLINT(google-explicit-constructor)

  std::vector<std::string> model_names;
  ModelSelection model_selection = ModelSelection::round_robin;
  EndpointType endpoint_type = EndpointType::chat;
  nlohmann::ordered_json extra_inputs;
  bool streaming = false;
  bool use_legacy_max_tokens = false;
  bool per_chunk_usage = false;
  std::optional<int64_t> conversation_num;
  std::optional<int64_t> request_count;
  bool fixed_schedule = false;

  // Conversations the synthetic dataset holds (ProfileConfig::dataset_size).
  int64_t dataset_size() const { return dataset_size_; }

 private:
  int64_t dataset_size_ = 0;
};

}  // namespace aiperf
