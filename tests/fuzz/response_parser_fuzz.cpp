// Every response parser (endpoints/response_parser.h: chat, completions, responses, messages,
// embeddings, rankings, images, audio, video jobs, TGI, ...) on a hostile 200 reply, streamed
// (cut into SSE messages as the transport cuts them) or whole. Input: endpoint type (index into
// the catalogue), mode (bit 0: streamed; the rest: split seed), then the body.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "config/profile_config.h"
#include "config/endpoint_catalog.h"
#include "endpoints/response_parser.h"
#include "endpoints/video_job.h"
#include "fuzz_input.h"
#include "records/raw_record.h"
#include "transport/sse_scanner.h"

namespace {

aiperf::RawRecord streamed_record(std::string_view body, uint8_t split_seed) {
  aiperf::RawRecord record;
  record.event_stream = true;
  record.content_type = "text/event-stream";
  aiperf::SseScanner scanner;
  aiperf::fuzz::ReadSplitter reads(body, split_seed);
  int64_t read_ns = 10;
  while (!reads.done()) {
    std::string_view piece = reads.next();
    const auto offset = uint32_t(record.body.size());
    record.body.append(piece);
    scanner.scan(piece, offset, ++read_ns, record.chunks);
  }
  scanner.finish(uint32_t(record.body.size()), ++read_ns, record.chunks);
  record.end_ns = read_ns;
  return record;
}

aiperf::RawRecord whole_record(std::string_view body) {
  aiperf::RawRecord record;
  record.content_type = "application/json";
  record.body.assign(body);
  record.end_ns = 20;
  record.chunks.push_back({0, uint32_t(record.body.size()), record.end_ns});
  return record;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  aiperf::fuzz::FuzzInput in(data, size);
  const aiperf::EndpointInfo& endpoint =
      aiperf::kEndpointCatalog[in.take_byte() % aiperf::kEndpointCatalog.size()];
  const uint8_t mode = in.take_byte();
  const bool streamed = (mode & 1) != 0;

  aiperf::ProfileConfig config;
  config.model_names = {"m"};
  config.endpoint_type = endpoint.type;
  config.streaming = streamed;
  aiperf::RawRecord record = streamed ? streamed_record(in.rest(), uint8_t(mode >> 1)) : whole_record(in.rest());
  record.http_status = 200;
  record.reason = "OK";
  record.start_ns = 1;
  record.ack_ns = 2;

  const aiperf::ParsedRecord parsed = aiperf::parse_record(config.endpoint_type, record);
  if (parsed.error && !parsed.responses.empty()) std::abort();
  for (const aiperf::ParsedResponse& response : parsed.responses)
    if (response.perf_ns <= 0) std::abort();
  // The transport reads every video poll reply with this parser too.
  if (endpoint.type == aiperf::EndpointType::video_generation) (void)aiperf::parse_video_job(in.rest());
  return 0;
}
