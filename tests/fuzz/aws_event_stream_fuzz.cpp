// The AWS event-stream decoder (common/aws_event_stream.h) on hostile frames, fed in arbitrary
// reads. A stream that decodes must give the same payload however it was split. Input: split
// seed, then the stream.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "common/aws_event_stream.h"
#include "fuzz_input.h"

namespace {

struct Decoded {
  aiperf::AwsEventStreamDecoder::Status status;
  std::string payload;
};

Decoded decode(std::string_view stream, uint8_t split_seed) {
  aiperf::AwsEventStreamDecoder decoder;
  Decoded out{aiperf::AwsEventStreamDecoder::Status::ok, {}};
  aiperf::fuzz::ReadSplitter reads(stream, split_seed);
  while (!reads.done() && out.status == aiperf::AwsEventStreamDecoder::Status::ok)
    out.status = decoder.feed(reads.next(), out.payload);
  if (out.status == aiperf::AwsEventStreamDecoder::Status::ok) out.status = decoder.finish();
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  aiperf::fuzz::FuzzInput in(data, size);
  const uint8_t split_seed = in.take_byte();
  const Decoded whole = decode(in.rest(), 0);
  const Decoded split = decode(in.rest(), split_seed);
  if (whole.status != split.status) std::abort();
  if (whole.status == aiperf::AwsEventStreamDecoder::Status::ok && whole.payload != split.payload) std::abort();
  return 0;
}
