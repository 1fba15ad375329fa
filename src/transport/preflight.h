#pragma once
// Before the run: resolve the host once and check that it accepts connections, so an
// unreachable --url is one clear error instead of a run of failed requests.
#include <string>
#include <vector>

#include "transport/endpoint_url.h"
#include "transport/http_connection.h"

namespace aiperf {

// Throws std::runtime_error with a one-line message naming the URL.
std::vector<tcp::endpoint> resolve_and_probe(const EndpointUrl& url, double timeout_s);

}  // namespace aiperf
