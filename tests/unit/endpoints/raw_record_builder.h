#pragma once
// Builds RawRecords the way the transport would hand them over, for parser and metrics
// tests. Times are plain monotonic ns chosen by the test.
#include <string>
#include <string_view>

#include "records/raw_record.h"

namespace aiperf::testing {

class RawRecordBuilder {
 public:
  RawRecordBuilder() {
    r_.http_status = 200;
    r_.reason = "OK";
  }
  RawRecordBuilder& start(int64_t ns) { r_.start_ns = ns; return *this; }
  RawRecordBuilder& ack(int64_t ns) { r_.ack_ns = ns; return *this; }
  RawRecordBuilder& end(int64_t ns) { r_.end_ns = ns; return *this; }
  RawRecordBuilder& status(int code, std::string reason) {
    r_.http_status = code;
    r_.reason = std::move(reason);
    return *this;
  }
  RawRecordBuilder& phase(BenchmarkPhase p) { r_.phase = p; return *this; }
  RawRecordBuilder& dataset_index(uint32_t i) { r_.dataset_index = i; return *this; }

  // One SSE message (raw bytes, delimiter included by the caller or not) arriving at `perf_ns`.
  RawRecordBuilder& sse(int64_t perf_ns, std::string_view message) {
    r_.event_stream = true;
    append(perf_ns, message);
    return *this;
  }
  // `data: <json>\n\n`
  RawRecordBuilder& data(int64_t perf_ns, std::string_view json) {
    return sse(perf_ns, "data: " + std::string(json) + "\n\n");
  }
  // A chat.completion.chunk whose delta carries `content`.
  RawRecordBuilder& chat_delta(int64_t perf_ns, std::string_view content) {
    return data(perf_ns, R"({"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":")" +
                             std::string(content) + R"("}}]})");
  }
  RawRecordBuilder& done(int64_t perf_ns) { return sse(perf_ns, "data: [DONE]\n\n"); }
  // A non-streaming body that finished arriving at `perf_ns`.
  RawRecordBuilder& body(int64_t perf_ns, std::string_view bytes) {
    r_.event_stream = false;
    append(perf_ns, bytes);
    return *this;
  }
  RawRecordBuilder& transport_error(ErrorDetails e) {
    r_.error = std::move(e);
    r_.http_status = 0;
    return *this;
  }

  RawRecord build() const { return r_; }

 private:
  void append(int64_t perf_ns, std::string_view bytes) {
    ResponseChunk c;
    c.offset = uint32_t(r_.body.size());
    c.length = uint32_t(bytes.size());
    c.perf_ns = perf_ns;
    r_.body.append(bytes);
    r_.chunks.push_back(c);
  }
  RawRecord r_;
};

}  // namespace aiperf::testing
