// The SSE message scanner (transport/sse_scanner.h), fed a body in arbitrary reads, and the field
// reader (endpoints/sse_message.h) on every message it cut. Input: split seed, then the body.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "endpoints/sse_message.h"
#include "fuzz_input.h"
#include "transport/sse_scanner.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  aiperf::fuzz::FuzzInput in(data, size);
  const uint8_t split_seed = in.take_byte();

  aiperf::SseScanner scanner;
  std::vector<aiperf::ResponseChunk> chunks;
  std::string body;
  aiperf::fuzz::ReadSplitter reads(in.rest(), split_seed);
  int64_t read_ns = 0;
  while (!reads.done()) {
    std::string_view piece = reads.next();
    const auto offset = uint32_t(body.size());
    body.append(piece);
    scanner.scan(piece, offset, ++read_ns, chunks);
  }
  scanner.finish(uint32_t(body.size()), ++read_ns, chunks);

  // The messages tile the body in order, stamped with non-decreasing read times.
  uint64_t previous_end = 0;
  int64_t previous_ns = 0;
  aiperf::SseMessage message;
  for (const aiperf::ResponseChunk& chunk : chunks) {
    if (chunk.offset < previous_end || uint64_t(chunk.offset) + chunk.length > body.size()) std::abort();
    if (chunk.perf_ns < previous_ns) std::abort();
    previous_end = uint64_t(chunk.offset) + chunk.length;
    previous_ns = chunk.perf_ns;
    aiperf::SseReader reader(std::string_view(body).substr(chunk.offset, chunk.length));
    while (reader.next(message)) {
      if (message.has_data && message.data.size() > chunk.length) std::abort();
    }
  }
  return 0;
}
