#pragma once
// Builds the JSON request body for one dataset entry (workloads-and-endpoints.md §7.3).
// Runs before the benchmark; the hot path only copies the finished bytes.
#include <string>
#include <vector>

#include "config/profile_config.h"
#include "dataset/dataset.h"

namespace aiperf {

std::string build_request_body(const ProfileConfig& config, const DatasetEntry& entry);

// A request ready to send: the exact body bytes, plus the identity the exports need.
struct PreparedRequest {
  std::string conversation_id;
  std::string body;  // compact JSON, sent verbatim
};

std::vector<PreparedRequest> prepare_requests(const ProfileConfig& config, const Dataset& dataset);

}  // namespace aiperf
