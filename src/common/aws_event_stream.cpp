#include "common/aws_event_stream.h"

#include <algorithm>
#include <cstdint>

#include <nlohmann/json.hpp>

namespace aiperf {

namespace {

// A frame larger than this is garbage, not a reply (AWS caps messages at 16 MiB of payload).
constexpr uint32_t kMaxMessage = 24u << 20;

uint32_t read_u32(const uint8_t* p) { return uint32_t(p[0]) << 24 | uint32_t(p[1]) << 16 | uint32_t(p[2]) << 8 | p[3]; }

void append_u32(std::string& out, uint32_t v) {
  out += char(v >> 24);
  out += char(v >> 16);
  out += char(v >> 8);
  out += char(v);
}

uint32_t crc32_of(std::string_view bytes) {
  boost::crc_32_type crc;
  crc.process_bytes(bytes.data(), bytes.size());
  return crc.checksum();
}

constexpr size_t kBadValue = SIZE_MAX;

// Size of a header value of `type` starting at `p` (`left` bytes available), or kBadValue.
size_t value_size(uint8_t type, const uint8_t* p, size_t left) {
  switch (type) {
    case 0: case 1: return 0;  // bool true / false: the type says it all
    case 2: return 1;
    case 3: return 2;
    case 4: return 4;
    case 5: case 8: return 8;  // int64, timestamp
    case 9: return 16;         // uuid
    case 6: case 7: return left < 2 ? kBadValue : size_t(2 + (p[0] << 8 | p[1]));  // bytes, string
    default: return kBadValue;
  }
}

}  // namespace

AwsEventStreamDecoder::Status AwsEventStreamDecoder::fail(Status status, std::string type, std::string message) {
  stage_ = Stage::failed;
  failed_ = status;
  error_type_ = std::move(type);
  error_message_ = std::move(message);
  return status;
}

// Reads :message-type, :event-type and :exception-type; decides what the payload is for.
bool AwsEventStreamDecoder::parse_headers() {
  const auto* p = reinterpret_cast<const uint8_t*>(headers_.data());
  const uint8_t* end = p + headers_.size();
  std::string_view message_type, event_type, exception_type;
  while (p < end) {
    size_t name_len = *p++;
    if (size_t(end - p) < name_len + 1) return false;
    std::string_view name(reinterpret_cast<const char*>(p), name_len);
    p += name_len;
    uint8_t type = *p++;
    size_t n = value_size(type, p, size_t(end - p));
    if (n == kBadValue || n > size_t(end - p)) return false;
    if (type == 7) {
      std::string_view value(reinterpret_cast<const char*>(p + 2), n - 2);
      if (name == ":message-type") message_type = value;
      if (name == ":event-type") event_type = value;
      if (name == ":exception-type" || name == ":error-code") exception_type = value;
    }
    p += n;
  }
  if (message_type == "exception" || message_type == "error") {
    use_ = PayloadUse::exception;
    error_type_ = exception_type.empty() ? std::string(message_type) : std::string(exception_type);
  } else {
    // Other events (e.g. a future metadata event) carry no reply bytes.
    use_ = event_type == "PayloadPart" ? PayloadUse::data : PayloadUse::skip;
  }
  return true;
}

AwsEventStreamDecoder::Status AwsEventStreamDecoder::feed(std::string_view data, std::string& payload_out) {
  const char* p = data.data();
  const char* end = p + data.size();
  while (p < end) {
    switch (stage_) {
      case Stage::failed:
        return failed_;
      case Stage::prelude: {
        size_t n = std::min(size_t(end - p), 12 - small_have_);
        std::copy(p, p + n, small_ + small_have_);
        small_have_ += n;
        p += n;
        if (small_have_ < 12) break;
        small_have_ = 0;
        total_ = read_u32(small_);
        headers_len_ = read_u32(small_ + 4);
        crc_.reset();
        crc_.process_bytes(small_, 8);
        if (crc_.checksum() != read_u32(small_ + 8))
          return fail(Status::bad_frame, "ProtocolError", "event-stream prelude CRC mismatch");
        if (total_ < 16 || total_ > kMaxMessage || headers_len_ > total_ - 16)
          return fail(Status::bad_frame, "ProtocolError", "event-stream message length " + std::to_string(total_) + " is invalid");
        crc_.process_bytes(small_ + 8, 4);
        payload_left_ = total_ - 16 - headers_len_;
        headers_.clear();
        stage_ = headers_len_ > 0 ? Stage::headers : Stage::payload;
        if (headers_len_ == 0) use_ = PayloadUse::skip;
        break;
      }
      case Stage::headers: {
        size_t n = std::min(size_t(end - p), size_t(headers_len_) - headers_.size());
        headers_.append(p, n);
        crc_.process_bytes(p, n);
        p += n;
        if (headers_.size() < headers_len_) break;
        if (!parse_headers()) return fail(Status::bad_frame, "ProtocolError", "event-stream message headers are malformed");
        exception_payload_.clear();
        stage_ = Stage::payload;
        break;
      }
      case Stage::payload: {
        size_t n = std::min(size_t(end - p), size_t(payload_left_));
        crc_.process_bytes(p, n);
        if (use_ == PayloadUse::data) payload_out.append(p, n);
        if (use_ == PayloadUse::exception) exception_payload_.append(p, n);
        p += n;
        payload_left_ -= uint32_t(n);
        if (payload_left_ == 0) stage_ = Stage::crc;
        break;
      }
      case Stage::crc: {
        size_t n = std::min(size_t(end - p), 4 - small_have_);
        std::copy(p, p + n, small_ + small_have_);
        small_have_ += n;
        p += n;
        if (small_have_ < 4) break;
        small_have_ = 0;
        if (crc_.checksum() != read_u32(small_)) return fail(Status::bad_frame, "ProtocolError", "event-stream message CRC mismatch");
        stage_ = Stage::prelude;
        if (use_ == PayloadUse::exception) {
          // SageMaker's exception payloads are JSON with a "Message" (or "message") field.
          std::string message = exception_payload_;
          auto j = nlohmann::json::parse(exception_payload_, nullptr, false);
          if (j.is_object())
            for (const char* key : {"Message", "message"})
              if (auto it = j.find(key); it != j.end() && it->is_string()) message = it->get<std::string>();
          return fail(Status::exception, error_type_, message);
        }
        break;
      }
    }
  }
  return Status::ok;
}

AwsEventStreamDecoder::Status AwsEventStreamDecoder::finish() {
  if (stage_ == Stage::failed) return failed_;
  if (stage_ != Stage::prelude || small_have_ != 0)
    return fail(Status::bad_frame, "ProtocolError", "event stream ended inside a message");
  return Status::ok;
}

namespace {

void append_header(std::string& out, std::string_view name, std::string_view value) {
  out += char(name.size());
  out += name;
  out += char(7);
  out += char(value.size() >> 8);
  out += char(value.size());
  out += value;
}

// `headers` already encoded.
void append_message(std::string& out, std::string_view headers, std::string_view payload) {
  const size_t start = out.size();
  append_u32(out, uint32_t(16 + headers.size() + payload.size()));
  append_u32(out, uint32_t(headers.size()));
  append_u32(out, crc32_of(std::string_view(out).substr(start, 8)));
  out += headers;
  out += payload;
  append_u32(out, crc32_of(std::string_view(out).substr(start)));
}

}  // namespace

void append_aws_event_stream_message(std::string& out,
                                     const std::vector<std::pair<std::string_view, std::string_view>>& headers,
                                     std::string_view payload) {
  std::string encoded;
  for (const auto& [name, value] : headers) append_header(encoded, name, value);
  append_message(out, encoded, payload);
}

void append_aws_payload_part(std::string& out, std::string_view bytes) {
  static const std::string kHeaders = [] {
    std::string h;
    append_header(h, ":event-type", "PayloadPart");
    append_header(h, ":content-type", "application/octet-stream");
    append_header(h, ":message-type", "event");
    return h;
  }();
  append_message(out, kHeaders, bytes);
}

}  // namespace aiperf
