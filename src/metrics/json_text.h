#pragma once
// Appending JSON scalars to a string without building a DOM: the per-request JSONL is
// written once per record, so its lines are assembled in one reused buffer.
#include <cstdint>
#include <string>
#include <string_view>

namespace aiperf {

// A quoted JSON string. Control characters, '"' and '\\' are escaped; UTF-8 passes through
// unchanged; invalid UTF-8 bytes become U+FFFD (as upstream's decode-with-replace does).
void append_json_string(std::string& out, std::string_view s);

void append_json_int(std::string& out, int64_t v);

// A float the way upstream's writers (orjson for the summary, msgspec for the JSONL; both
// ryu-based) spell it: shortest round-trip digits, "20.0" not "20", fixed notation for
// 1e-5 <= |v| < 1e16, else "1e16" / "1.5e-6" (no '+', no zero padding). Non-finite -> null.
// Rule and examples: docs/outputs.md, "Number spelling".
void append_json_double(std::string& out, double v);

}  // namespace aiperf
