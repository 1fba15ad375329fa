#pragma once
// Finds Server-Sent-Event message boundaries in a body as it arrives, without copying or
// parsing fields. Lines end at CR, LF or CRLF (WHATWG); a message ends at an empty line.
// Each message is pushed once it is complete, stamped with the time of the read that
// completed it (upstream's rule, workloads-and-endpoints.md §7.4), so `chunks` only ever
// holds whole messages. Field parsing happens later, off the hot path.
#include <cstdint>
#include <string_view>
#include <vector>

#include "records/raw_record.h"

namespace aiperf {

class SseScanner {
 public:
  // `data` was appended to the body at `body_offset`; `read_ns` is when its read completed.
  void scan(std::string_view data, uint32_t body_offset, int64_t read_ns,
            std::vector<ResponseChunk>& chunks);
  // End of body at `read_ns`: a message without a terminating empty line still counts, and
  // the end of the body is what completed it.
  void finish(uint32_t body_size, int64_t read_ns, std::vector<ResponseChunk>& chunks);

 private:
  // Where the scan stands inside a message: in a line's text, or just after a line break
  // (CR or LF), where the next break would end an empty line. `after_cr` is kept across
  // reads so a CRLF split between two reads is one line break, not two.
  enum class Line : uint8_t { text, after_cr, after_lf };
  bool in_message_ = false;
  uint32_t start_ = 0;  // body offset of the open message's first byte
  Line line_ = Line::text;
};

}  // namespace aiperf
