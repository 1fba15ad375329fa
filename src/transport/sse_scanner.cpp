#include "transport/sse_scanner.h"

#include <cstring>

namespace aiperf {

void SseScanner::scan(std::string_view data, uint32_t body_offset, int64_t read_ns,
                      std::vector<ResponseChunk>& chunks) {
  const char* p = data.data();
  const char* end = p + data.size();
  while (p < end) {
    if (!in_message_) {
      // Blank lines between messages belong to no message.
      while (p < end && (*p == '\n' || *p == '\r')) ++p;
      if (p == end) return;
      chunks.push_back({body_offset + uint32_t(p - data.data()), 0, read_ns});
      in_message_ = true;
      line_empty_ = false;
    }
    const char* nl = static_cast<const char*>(std::memchr(p, '\n', size_t(end - p)));
    const char* line_end = nl ? nl : end;
    for (const char* c = p; line_empty_ && c < line_end; ++c)
      if (*c != '\r') line_empty_ = false;
    if (!nl) return;
    if (line_empty_) {  // blank line: the message is complete, delimiter included
      ResponseChunk& open = chunks.back();
      open.length = body_offset + uint32_t(nl + 1 - data.data()) - open.offset;
      in_message_ = false;
    }
    line_empty_ = true;
    p = nl + 1;
  }
}

void SseScanner::finish(uint32_t body_size, std::vector<ResponseChunk>& chunks) {
  if (!in_message_) return;
  chunks.back().length = body_size - chunks.back().offset;
  in_message_ = false;
}

}  // namespace aiperf
