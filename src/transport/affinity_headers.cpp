#include "transport/affinity_headers.h"

#include <cstdlib>
#include <stdexcept>
#include <strings.h>

namespace aiperf {
namespace {

bool env_switch(const char* name, bool fallback) {
  const char* v = std::getenv(name);
  if (!v || !*v) return fallback;
  for (const char* yes : {"1", "true", "yes", "on"})
    if (strcasecmp(v, yes) == 0) return true;
  for (const char* no : {"0", "false", "no", "off"})
    if (strcasecmp(v, no) == 0) return false;
  throw std::invalid_argument(std::string(name) + "='" + v + "': expected 1 or 0 (true/false)");
}

}  // namespace

std::vector<std::string> AffinityHeaders::names() const {
  std::vector<std::string> out{session_header};
  if (session_affinity) out.emplace_back("X-Session-Affinity");
  if (dynamo_session_id) out.emplace_back("X-Dynamo-Session-ID");
  if (smg_routing_key) out.emplace_back("X-SMG-Routing-Key");
  if (session_id) out.emplace_back("X-Session-ID");
  return out;
}

AffinityHeaders affinity_headers_from_env(std::string session_header) {
  AffinityHeaders h;
  h.session_header = std::move(session_header);
  h.session_affinity = env_switch("AIPERF_HTTP_X_SESSION_AFFINITY_FROM_CORRELATION_ID", true);
  h.dynamo_session_id = env_switch("AIPERF_HTTP_X_DYNAMO_SESSION_ID_FROM_CORRELATION_ID", false);
  h.smg_routing_key = env_switch("AIPERF_HTTP_X_SMG_ROUTING_KEY_FROM_CORRELATION_ID", false);
  h.session_id = env_switch("AIPERF_HTTP_X_SESSION_ID_FROM_CORRELATION_ID", false);
  return h;
}

}  // namespace aiperf
