#pragma once
// How a record's body buffer is sized for a huge reply: with room for the JSON parser's padding
// (so the body is parsed where it lies, never copied first), and not kept for reuse once one
// reply has grown it huge.
#include <cstddef>
#include <string>

namespace aiperf {

// Spare bytes reserved past a body whose length is known up front (Content-Length): simdjson
// reads up to 64 bytes past the text (endpoints/padded_json.h).
inline constexpr size_t kParsePadding = 64;

// A body buffer grown past this by one huge reply is freed once its record is processed
// (RecordQueue::drain) instead of being recycled with it, so it is not pinned for the rest of
// the run. Far above any streamed reply, so ordinary records keep their capacity.
inline constexpr size_t kKeepBodyCapacity = size_t(16) << 20;

inline void release_huge_body_buffer(std::string& body) {
  if (body.capacity() > kKeepBodyCapacity) std::string().swap(body);
}

}  // namespace aiperf
