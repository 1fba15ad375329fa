// The HTTP/1.1 response reader (transport/response_reader.h) on hostile bytes from the server,
// fed in the reads a socket might deliver, the way Worker::exchange feeds it. Covers the SSE
// scanner and the AWS event-stream decoder it drives. Input: split seed, body-limit selector,
// then the bytes on the wire.
#include <cstdint>
#include <cstdlib>
#include <string>

#include <boost/beast/http/error.hpp>

#include "fuzz_input.h"
#include "records/raw_record.h"
#include "transport/response_reader.h"

namespace {

// What must hold whatever the server sent: every message the scanner stamped lies inside the
// body, in order, and nothing past the body limit was kept.
void check_record(const aiperf::RawRecord& record, uint64_t max_body) {
  uint64_t previous_end = 0;
  for (const aiperf::ResponseChunk& chunk : record.chunks) {
    if (uint64_t(chunk.offset) + chunk.length > record.body.size()) std::abort();
    if (chunk.offset < previous_end) std::abort();
    previous_end = uint64_t(chunk.offset) + chunk.length;
  }
  if (record.body.size() > max_body) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  aiperf::fuzz::FuzzInput in(data, size);
  const uint8_t split_seed = in.take_byte();
  const uint8_t limit = in.take_byte();
  const uint64_t max_body = limit == 0 ? aiperf::kDefaultMaxResponseBytes : uint64_t(limit) * 8;

  aiperf::RawRecord record;
  aiperf::ResponseReader reader(record, max_body);
  aiperf::fuzz::ReadSplitter reads(in.rest(), split_seed);
  std::string pending;  // bytes read but not consumed yet (an incomplete header)
  boost::beast::error_code ec;
  int64_t read_ns = 1;
  while (!reads.done() && !ec && !reader.done()) {
    pending.append(reads.next());
    ++read_ns;
    size_t used = 0;
    while (used < pending.size() && !reader.done()) {
      size_t k = reader.feed(std::string_view(pending).substr(used), read_ns, ec);
      used += k;
      if (ec == boost::beast::http::error::need_more) {
        ec = {};
        break;
      }
      if (ec || k == 0) break;
    }
    pending.erase(0, used);
  }
  if (!ec && !reader.done()) reader.feed_eof(read_ns + 1, ec);
  check_record(record, max_body);
  return 0;
}
