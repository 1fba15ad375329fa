#pragma once
// Where requests go: one parsed --url joined with the endpoint path.
#include <cstdint>
#include <string>

namespace aiperf {

struct EndpointUrl {
  bool tls = false;
  std::string host;        // without brackets for IPv6 literals
  uint16_t port = 0;
  std::string path;        // request target: path + query, always starts with '/'
  std::string host_header; // value for the Host header (host[:port] as the user wrote it)

  std::string display() const;  // scheme://host:port/path, for messages
};

// Parses `base_url` (scheme already normalised by the CLI) and appends `endpoint_path`
// with upstream's join rules (workloads-and-endpoints.md §7.1). Throws ConfigError.
EndpointUrl resolve_endpoint_url(const std::string& base_url, const std::string& endpoint_path);

}  // namespace aiperf
