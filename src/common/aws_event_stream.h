#pragma once
// AWS event-stream binary framing (application/vnd.amazon.eventstream), as SageMaker's
// InvokeEndpointWithResponseStream sends it. One message on the wire:
//   total length u32 | headers length u32 | CRC32 of those 8 bytes |
//   headers | payload | CRC32 of everything before it        (all integers big-endian)
// A header is: name length u8, name, value type u8, value (type 7 = string: u16 length + bytes).
// A PayloadPart event's payload is raw bytes of the model's own reply (here: its SSE stream).
// The decoder passes payload bytes through as they arrive, so nothing is buffered per frame
// but the 12-byte prelude and the headers.
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <boost/crc.hpp>

namespace aiperf {

class AwsEventStreamDecoder {
 public:
  enum class Status { ok, exception, bad_frame };

  // Appends the payload bytes of PayloadPart events in `data` to `payload_out`. On `exception`
  // (a message of :message-type exception or error, e.g. ModelStreamError) or `bad_frame`
  // (CRC or length mismatch; error_type() "ProtocolError"), error_type()/error_message() say
  // what, and the decoder stops.
  Status feed(std::string_view data, std::string& payload_out);
  // The stream ended: bytes of an unfinished message are a bad frame.
  Status finish();

  const std::string& error_type() const { return error_type_; }
  const std::string& error_message() const { return error_message_; }

 private:
  enum class Stage { prelude, headers, payload, crc, failed };
  enum class PayloadUse { data, exception, skip };

  Status fail(Status status, std::string type, std::string message);
  bool parse_headers();

  Stage stage_ = Stage::prelude;
  uint8_t small_[12] = {};    // prelude, later the trailing CRC
  size_t small_have_ = 0;
  uint32_t total_ = 0, headers_len_ = 0, payload_left_ = 0;
  boost::crc_32_type crc_;    // running CRC of the current message
  std::string headers_;
  PayloadUse use_ = PayloadUse::skip;
  std::string exception_payload_;
  std::string error_type_, error_message_;
  Status failed_ = Status::ok;
};

// Encoding, for the mock server and tests. String-valued headers only.
void append_aws_event_stream_message(std::string& out,
                                     const std::vector<std::pair<std::string_view, std::string_view>>& headers,
                                     std::string_view payload);
// One SageMaker PayloadPart event carrying `bytes`.
void append_aws_payload_part(std::string& out, std::string_view bytes);

}  // namespace aiperf
