#pragma once
// Random (version 4) UUIDs for X-Request-ID / X-Correlation-ID and benchmark ids.
// Each thread has its own generator, so workers never share state.
#include <string>

namespace aiperf {

std::string uuid4();        // "8d0b0d0e-0d5c-4a55-9d35-0c0d7e8f1b11"
void assign_uuid4(std::string& out);  // same, reusing out's buffer
std::string uuid4_hex();
// A UUID-shaped id that is a fixed function of (run_key, id), so any thread that knows a
// session's id can name it (DAG children report their parent's correlation id).
void assign_keyed_uuid4(std::string& out, uint64_t run_key, uint64_t id);    // same bits without dashes (benchmark_id)

}  // namespace aiperf
