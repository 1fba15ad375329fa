#pragma once
// Finds Server-Sent-Event message boundaries in a body as it arrives, without copying or
// parsing fields. A message ends at a blank line ("\n\n" or "\r\n\r\n"); each message is
// stamped with the time of the read that delivered its first byte. Field parsing happens
// later, off the hot path.
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
  // End of body: a message without a terminating blank line still counts.
  void finish(uint32_t body_size, std::vector<ResponseChunk>& chunks);

 private:
  bool in_message_ = false;
  bool line_empty_ = true;  // no byte other than '\r' since the last '\n'
};

}  // namespace aiperf
