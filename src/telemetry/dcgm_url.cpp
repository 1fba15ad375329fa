#include "telemetry/dcgm_url.h"

namespace aiperf {

std::string normalize_dcgm_url(const std::string& url) {
  std::string out = url.find("://") == std::string::npos ? "http://" + url : url;
  const size_t host = out.find("://") + 3;
  const size_t path = out.find('/', host);
  if (path == std::string::npos || path + 1 == out.size()) out = out.substr(0, path) + "/metrics";
  return out;
}

}  // namespace aiperf
