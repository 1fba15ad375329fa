#pragma once
// Server-Sent Events field parsing (WHATWG "parsing an event stream"). The transport has
// already cut the stream into messages and stamped each one; this only reads their fields.
#include <string>
#include <string_view>

namespace aiperf {

// The fields of one SSE message that matter to an LLM benchmark. `id` and `retry` are
// parsed and dropped: nothing downstream reconnects.
struct SseMessage {
  std::string data;          // every `data` line, joined with '\n'
  bool has_data = false;
  bool error_event = false;  // `event: error` (case-insensitive, as upstream matches it)
  std::string comment;       // the first comment line (text after ':'); upstream's error text
  bool has_comment = false;
  std::string_view raw;      // the message's own bytes, for error messages

  void clear();
};

// Iterates the messages inside one transport chunk. A chunk normally holds exactly one
// message; should it hold several (blank-line separated), each is returned in turn so
// none is merged into its neighbour. Only CR, LF and CRLF end a line.
class SseReader {
 public:
  explicit SseReader(std::string_view bytes);
  // Fills `out` (reusing its buffers) and returns true, or returns false when no message
  // is left. Messages consisting only of blank lines are skipped.
  bool next(SseMessage& out);

 private:
  std::string_view rest_;
};

}  // namespace aiperf
