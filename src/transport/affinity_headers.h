#pragma once
// Headers that carry a request's conversation id so a router can keep a conversation on one
// backend (workloads-and-endpoints.md §5.3). Which ones are sent is decided once per run.
#include <string>
#include <vector>

namespace aiperf {

struct AffinityHeaders {
  std::string session_header = "X-Correlation-ID";  // --session-header
  bool session_affinity = true;   // X-Session-Affinity (AIPERF_HTTP_X_SESSION_AFFINITY_FROM_CORRELATION_ID)
  bool dynamo_session_id = false; // X-Dynamo-Session-ID (AIPERF_HTTP_X_DYNAMO_SESSION_ID_FROM_CORRELATION_ID)
  bool smg_routing_key = false;   // X-SMG-Routing-Key (AIPERF_HTTP_X_SMG_ROUTING_KEY_FROM_CORRELATION_ID)
  bool session_id = false;        // X-Session-ID (AIPERF_HTTP_X_SESSION_ID_FROM_CORRELATION_ID)

  // Header names whose value is the conversation id, in the order they are written: the
  // session header first, then the derived ones.
  std::vector<std::string> names() const;
};

// The AIPERF_HTTP_*_FROM_CORRELATION_ID switches, from env_settings().
AffinityHeaders affinity_headers_from_env(std::string session_header);

}  // namespace aiperf
