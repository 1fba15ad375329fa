#pragma once
// The transport's output for one request: bytes and monotonic timestamps, nothing parsed.
// Produced on a worker thread, moved to the record processor thread; the worker never
// touches it again. All *_ns fields are CLOCK_MONOTONIC unless named *_wall_ns.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/error_details.h"
#include "config/benchmark_phase.h"
#include "records/http_trace.h"

namespace aiperf {

// One response message: an SSE event (streaming) or the whole body (non-streaming).
// `perf_ns` is the time of the read that completed the message: the one that brought its
// ending empty line, or the end of the body (streaming); for non-streaming, the time the body
// finished arriving.
struct ResponseChunk {
  uint32_t offset = 0;  // into RawRecord::body
  uint32_t length = 0;
  int64_t perf_ns = 0;
};

struct RawRecord {
  // Identity (copied from the credit).
  uint64_t credit_id = 0;
  uint64_t session_num = 0;        // request index within the run, in issue order
  uint32_t dataset_index = 0;      // which prepared request was sent
  uint32_t turn_index = 0;
  uint32_t session_turns = 1;      // turns its session sends: turn_index + 1 == session_turns is the last
  BenchmarkPhase phase = BenchmarkPhase::profiling;
  uint32_t worker_id = 0;
  std::string x_request_id;
  std::string x_correlation_id;
  // DAG / agentic children (workloads-and-endpoints.md §5.2): 0 and empty for roots.
  uint32_t agent_depth = 0;
  std::string parent_correlation_id;
  // Set when the body was built at send time (a later turn of a conversation, which carries
  // the live history); empty: the prepared request `dataset_index` was sent.
  std::string request_body;

  // Timestamps (monotonic ns). 0 = did not happen.
  // Timing component granted the credit; with a schedule (open loop, fixed schedule) the
  // scheduled time instead, since credits are handed over early to be sent on time and
  // upstream issues them at the scheduled instant (effective_latency is anchored here).
  int64_t credit_issued_ns = 0;
  int64_t scheduled_ns = 0;      // open loop: the arrival's scheduled send time (0 = closed loop)
  int64_t start_ns = 0;          // just before the first request byte was written
  int64_t ack_ns = 0;            // response headers complete
  int64_t end_ns = 0;            // response fully consumed, or the error was detected
  HttpTrace trace;               // connect / send / receive stamps and byte counts

  // Response.
  int http_status = 0;
  std::string reason;              // status line reason phrase
  std::string content_type;        // Content-Type header value
  bool event_stream = false;       // Content-Type was text/event-stream
  std::string body;                // decoded (de-chunked) body bytes
  std::vector<ResponseChunk> chunks;

  std::optional<ErrorDetails> error;  // transport-level failure (connect, timeout, reset...)
  bool was_cancelled = false;
  int64_t cancellation_ns = 0;     // when a cancelled request was cut off (0 = not cancelled)

  // Back to a blank record, keeping every buffer's capacity (records are recycled).
  void clear() {
    credit_id = session_num = 0;
    dataset_index = turn_index = worker_id = 0;
    session_turns = 1;
    phase = BenchmarkPhase::profiling;
    x_request_id.clear();
    x_correlation_id.clear();
    agent_depth = 0;
    parent_correlation_id.clear();
    request_body.clear();
    credit_issued_ns = scheduled_ns = start_ns = 0;
    clear_response();
  }

  // Empties the response part (status, body, chunks, stamps, error) but keeps the buffers'
  // capacity, so a retried or recycled record costs no allocation.
  void clear_response() {
    ack_ns = end_ns = 0;
    trace = HttpTrace{};
    http_status = 0;
    reason.clear();
    content_type.clear();
    event_stream = false;
    body.clear();
    chunks.clear();
    error.reset();
    was_cancelled = false;
    cancellation_ns = 0;
  }
};

}  // namespace aiperf
