#pragma once
// The boundary of multipart/form-data bodies, chosen once per run: the request head that
// names it is formatted once per run (src/transport/request_head.h).
#include <string>

namespace aiperf {

// "aiperf-boundary-" and 32 random hex digits: 128 random bits cannot plausibly occur inside a
// body, so bodies are never scanned for it.
std::string random_multipart_boundary();

}  // namespace aiperf
