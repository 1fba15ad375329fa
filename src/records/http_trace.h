#pragma once
// Transport-level stamps and counters of one request (the k6-style HTTP trace behind the
// http_req_* metrics and --export-http-trace). Fixed size: filling it never allocates.
// All *_ns are CLOCK_MONOTONIC; 0 = did not happen.
//
// No connection-pool wait and no DNS stamps: a worker never queues a request for a
// connection (its keep-alive pool has no cap), and the host is resolved once before the
// run, so http_req_blocked and http_req_dns_lookup are 0 by construction.
#include <cstdint>

namespace aiperf {

struct HttpTrace {
  int64_t connect_start_ns = 0;  // TCP connect (+ TLS handshake) of a new connection
  int64_t connect_end_ns = 0;    // 0 for a reused connection, or a connect that failed
  int64_t send_start_ns = 0;     // just before the first request byte was written
  int64_t send_end_ns = 0;       // the last request byte was written
  int64_t receive_start_ns = 0;  // the read that delivered the first response byte completed
  int64_t receive_end_ns = 0;    // the read that delivered the last response byte completed
  uint64_t bytes_sent = 0;
  uint64_t bytes_received = 0;
  uint32_t writes = 0;           // transport writes (write_some calls) that sent bytes
  uint32_t reads = 0;            // transport reads that delivered bytes
  bool connection_reused = false;

  // Counts one transport read of `n` > 0 bytes completed at `read_ns`.
  void on_read(uint64_t n, int64_t read_ns) {
    if (receive_start_ns == 0) receive_start_ns = read_ns;
    receive_end_ns = read_ns;
    bytes_received += n;
    ++reads;
  }
};

}  // namespace aiperf
