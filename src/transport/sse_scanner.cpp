#include "transport/sse_scanner.h"

#include <cstring>

namespace aiperf {
namespace {

// First CR or LF in [p, end), or null. Two memchr passes: the LF search bounds the CR
// search, and SSE servers rarely send CR at all.
const char* find_line_break(const char* p, const char* end) {
  const char* lf = static_cast<const char*>(std::memchr(p, '\n', size_t(end - p)));
  const char* limit = lf ? lf : end;
  if (const char* cr = static_cast<const char*>(std::memchr(p, '\r', size_t(limit - p)))) return cr;
  return lf;
}

}  // namespace

void SseScanner::scan(std::string_view data, uint32_t body_offset, int64_t read_ns,
                      std::vector<ResponseChunk>& chunks) {
  const char* const begin = data.data();
  const char* p = begin;
  const char* const end = p + data.size();
  auto offset = [&](const char* at) { return body_offset + uint32_t(at - begin); };
  while (p < end) {
    if (!in_message_) {
      // Line breaks between messages are empty lines with nothing to dispatch (this also
      // swallows the LF of a CRLF whose CR completed the previous message).
      while (p < end && (*p == '\n' || *p == '\r')) ++p;
      if (p == end) return;
      in_message_ = true;
      start_ = offset(p);
      line_ = Line::text;
    }
    if (line_ == Line::text) {
      const char* brk = find_line_break(p, end);
      if (!brk) return;  // the line continues in a later read
      line_ = *brk == '\r' ? Line::after_cr : Line::after_lf;
      p = brk + 1;
      continue;
    }
    const char c = *p;
    if (c == '\n' && line_ == Line::after_cr) {  // the LF of a CRLF
      line_ = Line::after_lf;
      ++p;
      continue;
    }
    if (c != '\n' && c != '\r') {  // the next line of the same message
      line_ = Line::text;
      continue;
    }
    // An empty line: the message is complete, its delimiter included.
    ++p;
    if (c == '\r' && p < end && *p == '\n') ++p;
    chunks.push_back({start_, offset(p) - start_, read_ns});
    in_message_ = false;
  }
}

void SseScanner::finish(uint32_t body_size, int64_t read_ns, std::vector<ResponseChunk>& chunks) {
  if (!in_message_) return;
  chunks.push_back({start_, body_size - start_, read_ns});
  in_message_ = false;
}

}  // namespace aiperf
