#pragma once
// Flags of `aiperf-mock-server`. Parsed and validated once at startup; the server trusts them.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "mock_server/serving_model.h"

namespace aiperf::mock {

struct MockConfig {
  std::string host = "127.0.0.1";
  uint16_t port = 8000;                   // 0: the kernel picks a free port
  double ttft_ms = 0.0;                   // delay from request read to the first content token
  double itl_ms = 0.0;                    // delay between consecutive content chunks
  // > 0: each chat/completions reply's TTFT gets a uniform [0, J) ms extra, drawn per request from
  // one seeded stream per worker (the mean TTFT is ttft_ms + J/2; successive runs draw anew).
  double ttft_jitter_ms = 0.0;
  // Set by --max-num-seqs, --prefill-tokens-per-s, --decode-step-ms[-per-seq], --kv-cache-tokens:
  // completion replies follow the batch instead of ttft_ms/itl_ms (serving_model.h).
  ServingModel serving;
  std::optional<int64_t> output_tokens;   // unset: the request's max_completion_tokens/max_tokens/16
  int64_t tokens_per_chunk = 1;
  int64_t embedding_dimensions = 16;     // floats per /v1/embeddings vector
  double error_rate = 0.0;                // fraction of completion requests answered 500
  double stream_error_rate = 0.0;         // fraction of streamed replies ending in an in-stream error event
  unsigned workers = 0;                   // 0: one per hardware thread
  uint64_t seed = 0;
  std::string model = "mock-model";
  bool close_after_stream = false;        // mimic llama.cpp: close after each streamed reply
  double stall_after_s = 0.0;             // with stall_ms: when the one stall starts, after the first request
  double stall_ms = 0.0;                  // > 0: the server writes nothing for this long, once
  std::string timing_log;                 // set: write what was sent when, per reply, at exit
  std::string save_audio_dir;             // set: write every chat input_audio part received (audio_capture.h)
  std::string record_requests;            // set: one JSON line per request read (request_recorder.h)
  std::string tls_cert;                   // both set: serve HTTPS
  std::string tls_key;
  // > 0: every reply reports vLLM's metrics.speculative_decoding with K draft tokens per step,
  // of which round(spec_decode_acceptance × K) are accepted (spec_decode_counts.h).
  int64_t spec_decode_draft_tokens = 0;
  std::optional<double> spec_decode_acceptance;  // 0..1; default 0.5
  // Set: every completion request must carry a valid AWS SigV4 signature made with this secret
  // (and this access key id, when given); others are answered 403 (sigv4_verifier.h).
  std::string sigv4_secret_key;
  std::string sigv4_access_key_id;

  // POST /v1/videos jobs (video_jobs.h): how long each runs, which fail, what they report.
  double video_job_ms = 200.0;            // submit to completed (or failed)
  double video_fail_rate = 0.0;           // fraction 0..1 of jobs that end failed, spread evenly
  double video_peak_memory_mb = 2048.5;   // the completed job's peak_memory_mb
  int64_t video_content_bytes = 4096;     // GET .../content body size
  double video_content_delay_ms = 0.0;    // GET .../content answers after this long
  bool video_content_redirect = false;    // GET .../content answers 302 to the bytes' own URL
  bool video_url_in_job = false;          // the completed job names its content URL in `url`
  std::string video_url_host;             // that URL's host[:port] ("" = the request's Host header)

  // Server control hooks (server_controls.h): a model still loading, a reset refused as busy.
  double startup_delay_s = 0.0;           // > 0: every route but /metrics answers 503 this long after start
  int64_t reset_busy_count = 0;           // the first N KV-cache resets answer 503

  // Accuracy benchmarks (accuracy_answers.h): answer the key's problems, this share correctly.
  std::string accuracy_answer_key;
  double accuracy_correct_fraction = 1.0;

  bool tls() const { return !tls_cert.empty(); }
};

struct MockArgs {
  MockConfig config;
  bool show_help = false;
  std::optional<KneeQuery> print_knee;  // --print-knee: print the serving model's prediction, exit
  std::string error;  // one line naming the flag; empty when parsing succeeded
};

// `args` excludes the program name.
MockArgs parse_mock_args(std::span<const std::string_view> args);

std::string_view mock_usage();

}  // namespace aiperf::mock
