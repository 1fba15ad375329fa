#include "transport/affinity_headers.h"
#include "config/env_settings.h"

#include <cstdlib>
#include <stdexcept>
#include <strings.h>

namespace aiperf {
namespace {


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
  const EnvSettings& env = env_settings();
  h.session_affinity = env.http_x_session_affinity;
  h.dynamo_session_id = env.http_x_dynamo_session_id;
  h.smg_routing_key = env.http_x_smg_routing_key;
  h.session_id = env.http_x_session_id;
  return h;
}

}  // namespace aiperf
