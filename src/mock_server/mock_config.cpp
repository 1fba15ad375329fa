#include "mock_server/mock_config.h"

#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <limits>
#include <optional>

namespace aiperf::mock {
namespace {

// Appends instead of `"x" + std::string(...)`: GCC 12 -O3 flags that with a false -Wrestrict.
std::string cat(std::initializer_list<std::string_view> parts) {
  std::string out;
  for (std::string_view p : parts) out += p;
  return out;
}

// Whole-string integer parse; from_chars alone would accept "12abc".
template <class Int>
bool parse_int(std::string_view v, Int& out) {
  auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
  return ec == std::errc() && end == v.data() + v.size() && !v.empty();
}

bool parse_double(std::string_view v, double& out) {
  auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
  return ec == std::errc() && end == v.data() + v.size() && !v.empty() && std::isfinite(out);
}

std::string int_range_error(std::string_view flag, std::string_view v, int64_t lo, int64_t hi) {
  std::string range = hi == std::numeric_limits<int64_t>::max()
                          ? cat({" >= ", std::to_string(lo)})
                          : cat({" in ", std::to_string(lo), "..", std::to_string(hi)});
  return cat({flag, ": expected an integer", range, ", got '", v, "'"});
}

// Returns an error message, or "" when `v` is an integer within [lo, hi].
std::string read_int(std::string_view flag, std::string_view v, int64_t lo, int64_t hi, int64_t& out) {
  if (!parse_int(v, out) || out < lo || out > hi) return int_range_error(flag, v, lo, hi);
  return {};
}

std::string read_ms(std::string_view flag, std::string_view v, double& out) {
  if (!parse_double(v, out) || out < 0) {
    return cat({flag, ": expected a non-negative number of milliseconds, got '", v, "'"});
  }
  return {};
}

// The serving model's flags (serving_model.h); any of them turns the model on.
std::string apply_serving_flag(std::string_view flag, std::string_view v, ServingModel& m) {
  int64_t n = 0;
  std::string err;
  if (flag == "--prefill-tokens-per-s") {
    if (!parse_double(v, m.prefill_tokens_per_s) || !(m.prefill_tokens_per_s > 0))
      err = cat({"--prefill-tokens-per-s: expected a positive number of prompt tokens per second, got '", v, "'"});
  } else if (flag == "--decode-step-ms") {
    err = read_ms(flag, v, m.decode_step_ms);
  } else if (flag == "--decode-step-ms-per-seq") {
    err = read_ms(flag, v, m.decode_step_ms_per_seq);
  } else if (flag == "--max-num-seqs") {
    err = read_int(flag, v, 1, std::numeric_limits<int64_t>::max(), n);
    m.max_num_seqs = n;
  } else if (flag == "--kv-cache-tokens") {
    err = read_int(flag, v, 1, std::numeric_limits<int64_t>::max(), n);
    m.kv_cache_tokens = n;
  } else {
    return cat({"unknown flag '", flag, "' (see --help)"});
  }
  m.enabled = true;
  return err;
}

bool is_serving_flag(std::string_view flag) {
  for (std::string_view f : {"--prefill-tokens-per-s", "--decode-step-ms", "--decode-step-ms-per-seq",
                             "--max-num-seqs", "--kv-cache-tokens"})
    if (flag == f) return true;
  return false;
}

// --print-knee isl=I,osl=O[,concurrency=C][,requests=M][,ttft-ms=X][,percentile=P][,itl-ms=Y]
std::string parse_knee_query(std::string_view spec, int64_t tokens_per_chunk, KneeQuery& q) {
  constexpr std::string_view kFlag = "--print-knee";
  q.load.tokens_per_chunk = tokens_per_chunk;
  bool isl = false, osl = false;
  while (!spec.empty()) {
    const size_t comma = spec.find(',');
    const std::string_view item = spec.substr(0, comma);
    spec = comma == std::string_view::npos ? std::string_view() : spec.substr(comma + 1);
    const size_t eq = item.find('=');
    if (eq == std::string_view::npos) return cat({kFlag, ": expected key=value, got '", item, "'"});
    const std::string_view key = item.substr(0, eq), v = item.substr(eq + 1);
    const int64_t kMaxTokens = int64_t(1) << 40;  // so that isl + osl cannot overflow
    std::string err;
    double x = 0;
    auto number = [&](double lo, double hi) {
      if (!parse_double(v, x) || x < lo || x > hi) err = cat({kFlag, ": ", key, ": expected a number, got '", v, "'"});
      return x;
    };
    const std::string name = cat({kFlag, " ", key});
    if (key == "isl") {
      err = read_int(name, v, 0, kMaxTokens, q.load.isl);
      isl = true;
    } else if (key == "osl") {
      err = read_int(name, v, 0, kMaxTokens, q.load.osl);
      osl = true;
    } else if (key == "concurrency") {
      err = read_int(name, v, 1, std::numeric_limits<int64_t>::max(), q.load.concurrency);
      q.at_concurrency = true;
    } else if (key == "requests") {
      err = read_int(name, v, 1, int64_t(1) << 26, q.load.requests);
    } else if (key == "percentile") {
      q.load.percentile = number(0, 100);
    } else if (key == "ttft-ms") {
      q.sla.ttft_ms = number(0, std::numeric_limits<double>::max());
    } else if (key == "itl-ms") {
      q.sla.itl_avg_ms = number(0, std::numeric_limits<double>::max());
    } else {
      return cat({kFlag, ": unknown key '", key, "' (isl, osl, concurrency, requests, percentile, ttft-ms, itl-ms)"});
    }
    if (!err.empty()) return err;
  }
  if (!isl || !osl) return cat({kFlag, ": needs isl=N and osl=N"});
  return {};
}

std::string check_readable(std::string_view flag, const std::string& path) {
  std::ifstream f(path);
  if (!f) return cat({flag, ": cannot read file '", path, "'"});
  return {};
}

// Applies one `--flag value`; returns an error message or "".
std::string apply_flag(std::string_view flag, std::string_view v, MockConfig& c) {
  int64_t n = 0;
  std::string err;
  if (flag == "--host") {
    if (v.empty()) return "--host: expected a host name or address, got ''";
    c.host = v;
  } else if (flag == "--port") {
    err = read_int(flag, v, 0, 65535, n);
    c.port = static_cast<uint16_t>(n);
  } else if (flag == "--ttft-ms") {
    err = read_ms(flag, v, c.ttft_ms);
  } else if (flag == "--ttft-jitter-ms") {
    err = read_ms(flag, v, c.ttft_jitter_ms);
  } else if (flag == "--itl-ms") {
    err = read_ms(flag, v, c.itl_ms);
  } else if (flag == "--stall-after-s") {
    if (!parse_double(v, c.stall_after_s) || c.stall_after_s < 0)
      err = cat({"--stall-after-s: expected a non-negative number of seconds, got '", v, "'"});
  } else if (flag == "--stall-ms") {
    err = read_ms(flag, v, c.stall_ms);
  } else if (flag == "--output-tokens") {
    err = read_int(flag, v, 0, std::numeric_limits<int64_t>::max(), n);
    c.output_tokens = n;
  } else if (flag == "--tokens-per-chunk") {
    err = read_int(flag, v, 1, std::numeric_limits<int64_t>::max(), n);
    c.tokens_per_chunk = n;
  } else if (flag == "--embedding-dimensions") {
    err = read_int(flag, v, 1, 65536, n);
    c.embedding_dimensions = n;
  } else if (flag == "--error-rate") {
    if (!parse_double(v, c.error_rate) || c.error_rate < 0 || c.error_rate > 1) {
      err = cat({"--error-rate: expected a fraction in 0..1, got '", v, "'"});
    }
  } else if (flag == "--stream-error-rate") {
    if (!parse_double(v, c.stream_error_rate) || c.stream_error_rate < 0 || c.stream_error_rate > 1)
      err = cat({"--stream-error-rate: expected a fraction in 0..1, got '", v, "'"});
  } else if (flag == "--workers") {
    err = read_int(flag, v, 1, 4096, n);
    c.workers = static_cast<unsigned>(n);
  } else if (flag == "--seed") {
    if (!parse_int(v, c.seed)) err = cat({"--seed: expected a non-negative integer, got '", v, "'"});
  } else if (flag == "--model") {
    if (v.empty()) return "--model: expected a model name, got ''";
    c.model = v;
  } else if (flag == "--save-audio") {
    if (v.empty() || !std::filesystem::is_directory(std::string(v)))
      return cat({"--save-audio: expected an existing directory, got '", v, "'"});
    c.save_audio_dir = v;
  } else if (flag == "--record-requests") {
    if (v.empty()) return "--record-requests: expected a file path, got ''";
    c.record_requests = v;
    if (std::ofstream probe(c.record_requests); !probe) err = cat({"--record-requests: cannot write '", v, "'"});
  } else if (flag == "--timing-log") {
    if (v.empty()) return "--timing-log: expected a file path, got ''";
    c.timing_log = v;
    if (std::ofstream probe(c.timing_log); !probe) err = cat({"--timing-log: cannot write '", v, "'"});
  } else if (flag == "--spec-decode-draft-tokens") {
    err = read_int(flag, v, 1, 64, n);
    c.spec_decode_draft_tokens = n;
  } else if (flag == "--spec-decode-acceptance") {
    double p = 0;
    if (!parse_double(v, p) || !(p >= 0 && p <= 1))
      err = cat({"--spec-decode-acceptance: expected a fraction in 0..1, got '", v, "'"});
    c.spec_decode_acceptance = p;
  } else if (flag == "--sigv4-secret-key") {
    if (v.empty()) return "--sigv4-secret-key: expected a secret access key, got ''";
    c.sigv4_secret_key = v;
  } else if (flag == "--sigv4-access-key-id") {
    if (v.empty()) return "--sigv4-access-key-id: expected an access key id, got ''";
    c.sigv4_access_key_id = v;
  } else if (flag == "--video-job-ms") {
    err = read_ms(flag, v, c.video_job_ms);
  } else if (flag == "--accuracy-answer-key") {
    if (v.empty()) return "--accuracy-answer-key: expected a JSON Lines file, got ''";
    c.accuracy_answer_key = v;
  } else if (flag == "--accuracy-correct-fraction") {
    if (!parse_double(v, c.accuracy_correct_fraction) || !(c.accuracy_correct_fraction >= 0) ||
        c.accuracy_correct_fraction > 1)
      err = cat({"--accuracy-correct-fraction: expected a fraction in 0..1, got '", v, "'"});
  } else if (flag == "--video-fail-rate") {
    if (!parse_double(v, c.video_fail_rate) || c.video_fail_rate < 0 || c.video_fail_rate > 1)
      err = cat({"--video-fail-rate: expected a fraction in 0..1, got '", v, "'"});
  } else if (flag == "--video-peak-memory-mb") {
    if (!parse_double(v, c.video_peak_memory_mb) || c.video_peak_memory_mb < 0)
      err = cat({"--video-peak-memory-mb: expected a non-negative number, got '", v, "'"});
  } else if (flag == "--video-content-bytes") {
    err = read_int(flag, v, 0, int64_t(1) << 32, n);
    c.video_content_bytes = n;
  } else if (flag == "--video-url-host") {
    if (v.empty()) return "--video-url-host: expected host[:port], got ''";
    c.video_url_host = v;
  } else if (flag == "--video-content-delay-ms") {
    err = read_ms(flag, v, c.video_content_delay_ms);
  } else if (flag == "--startup-delay-seconds") {
    if (!parse_double(v, c.startup_delay_s) || c.startup_delay_s < 0)
      err = cat({"--startup-delay-seconds: expected a non-negative number of seconds, got '", v, "'"});
  } else if (flag == "--reset-busy-count") {
    err = read_int(flag, v, 0, std::numeric_limits<int64_t>::max(), c.reset_busy_count);
  } else if (is_serving_flag(flag)) {
    err = apply_serving_flag(flag, v, c.serving);
  } else if (flag == "--tls-cert") {
    c.tls_cert = v;
    err = check_readable(flag, c.tls_cert);
  } else if (flag == "--tls-key") {
    c.tls_key = v;
    err = check_readable(flag, c.tls_key);
  } else {
    err = cat({"unknown flag '", flag, "' (see --help)"});
  }
  return err;
}

}  // namespace

MockArgs parse_mock_args(std::span<const std::string_view> args) {
  MockArgs out;
  std::optional<std::string_view> knee_spec;
  for (size_t i = 0; i < args.size() && out.error.empty(); ++i) {
    std::string_view flag = args[i];
    if (flag == "--help" || flag == "-h") {
      out.show_help = true;
      continue;
    }
    if (flag == "--close-after-stream") {
      out.config.close_after_stream = true;
      continue;
    }
    if (flag == "--video-content-redirect") {
      out.config.video_content_redirect = true;
      continue;
    }
    if (flag == "--video-url-in-job") {
      out.config.video_url_in_job = true;
      continue;
    }
    if (!flag.starts_with("--")) {
      out.error = cat({"unexpected argument '", flag, "' (flags are --name value)"});
      break;
    }
    std::string_view value;
    if (auto eq = flag.find('='); eq != std::string_view::npos) {
      value = flag.substr(eq + 1);
      flag = flag.substr(0, eq);
    } else if (i + 1 < args.size()) {
      value = args[++i];
    } else {
      out.error = cat({flag, ": missing value"});
      break;
    }
    if (flag == "--print-knee") {
      knee_spec = value;
      continue;
    }
    out.error = apply_flag(flag, value, out.config);
  }
  if (out.error.empty() && knee_spec) {
    if (!out.config.serving.enabled) {
      out.error = "--print-knee: needs the serving model (--max-num-seqs, --prefill-tokens-per-s, --decode-step-ms, "
                  "--decode-step-ms-per-seq or --kv-cache-tokens)";
    } else {
      out.print_knee.emplace();
      out.error = parse_knee_query(*knee_spec, out.config.tokens_per_chunk, *out.print_knee);
    }
  }
  if (out.error.empty() && out.config.stall_after_s > 0 && out.config.stall_ms == 0)
    out.error = "--stall-after-s: requires --stall-ms";
  if (out.error.empty() && out.config.spec_decode_acceptance && out.config.spec_decode_draft_tokens == 0)
    out.error = "--spec-decode-acceptance: requires --spec-decode-draft-tokens";
  if (out.error.empty() && !out.config.sigv4_access_key_id.empty() && out.config.sigv4_secret_key.empty())
    out.error = "--sigv4-access-key-id: requires --sigv4-secret-key";
  if (out.error.empty() && out.config.tls_cert.empty() != out.config.tls_key.empty()) {
    out.error = out.config.tls_cert.empty() ? "--tls-key: requires --tls-cert"
                                            : "--tls-cert: requires --tls-key";
  }
  return out;
}

std::string_view mock_usage() {
  return R"(Usage: aiperf-mock-server [--name value]...

OpenAI-compatible HTTP/1.1 mock server for benchmarking and tests.
Serves POST /v1/chat/completions, POST /v1/completions, GET /v1/models, GET /health,
GET /metrics (requests in flight, awaiting their first token, and peaks; Prometheus text),
and SageMaker's POST /endpoints/NAME/invocations and /invocations-response-stream (the
latter streams SSE inside AWS event-stream PayloadPart frames; chat or completions by body).
Embeddings and rankings: POST /v1/embeddings, /v1/ranking (NIM), /v2/rerank (Cohere) and
/rerank (HF TEI) answer after --ttft-ms with deterministic vectors or scores.

  --host HOST              address to listen on (default 127.0.0.1)
  --port N                 port (default 8000; 0 = pick a free port)
  --ttft-ms MS             delay before the first content token (default 0)
  --itl-ms MS              delay between content chunks (default 0)
  --ttft-jitter-ms J       chat/completions: add a uniform [0, J) ms to each TTFT (seeded by --seed)
  --output-tokens N        tokens per reply (default: request max_completion_tokens,
                           else max_tokens, else 16)
  --tokens-per-chunk K     tokens carried by each streamed content chunk (default 1)
  --embedding-dimensions D floats per /v1/embeddings vector (default 16)
  --error-rate F           fraction 0..1 of completion requests answered 500 (default 0)
  --stream-error-rate F    fraction 0..1 of streamed replies that end, after their tokens, in an
                           in-stream error event instead of the normal tail (default 0)
  --seed N                 seed for --error-rate decisions and generated text (default 0)
  --workers N              threads (default: hardware threads)
  --model NAME             model listed by /v1/models (default mock-model)
  --close-after-stream     close the connection after every streamed reply
  --stall-ms MS            once, write nothing at all for MS ms (replies due meanwhile
                           go out at its end)
  --stall-after-s T        start that stall T s after the first completion request (default 0)
  --save-audio DIR         write every chat input_audio part received, base64-decoded, to
                           DIR/<request>-<part>.<format>
  --record-requests FILE   append one JSON line per request read: method, target, every
                           header in order, body (parsed JSON, else body_text)
  --timing-log FILE        on exit, write one JSON line per reply: when its request was read,
                           when each chunk was due and sent (CLOCK_MONOTONIC ns)
  --spec-decode-draft-tokens K
                           report vLLM's per-request metrics.speculative_decoding (body;
                           streaming: the final usage chunk, with include_usage), K draft
                           tokens per step (1..64)
  --spec-decode-acceptance P
                           fraction 0..1 of each step's K drafts accepted, rounded
                           (default 0.5)
  --sigv4-secret-key KEY   require a valid AWS SigV4 signature made with this secret on
                           every completion request; others get 403 with the reason
  --sigv4-access-key-id ID with --sigv4-secret-key: also require this access key id
  --video-job-ms MS        POST /v1/videos jobs complete MS ms after the submit (default 200);
                           GET /v1/videos/ID reports queued, in_progress (progress %), then
                           completed with inference_time_s = MS/1000 (or failed)
  --accuracy-answer-key FILE
                           answer accuracy-benchmark problems: JSON Lines of {"match", "correct",
                           "wrong"}; a chat/completions request whose body holds a problem's
                           match text gets its correct or wrong answer as the whole reply
  --accuracy-correct-fraction F
                           fraction 0..1 of the key's problems answered correctly, exactly
                           floor(N F) of any N asked once each (default 1)
  --video-fail-rate F      fraction 0..1 of video jobs that end failed, spread evenly (default 0)
  --video-peak-memory-mb M the completed job's peak_memory_mb (default 2048.5)
  --video-content-bytes N  GET /v1/videos/ID/content body size (default 4096)
  --video-content-delay-ms MS
                           GET /v1/videos/ID/content answers after MS ms (default 0)
  --video-content-redirect GET /v1/videos/ID/content answers 302 to .../content?direct=1
  --video-url-in-job       the completed job carries `url` (absolute, from the Host header)
                           instead of leaving the client to use .../content
  --video-url-host H[:P]   with --video-url-in-job: that URL's host (default: the request's
                           Host header); another spelling of this server is another origin
                           (GET /mock/video_jobs lists every job with its polls, downloads
                           and the submit body, for tests)

Server control hooks (aiperf's --wait-for-model, --reset-kv-cache, --server-profiler): POST
/reset_prefix_cache and /slots/ID?action=erase reset the (pretend) KV cache, POST /start_profile
and /stop_profile the profiler; GET /metrics counts them (aiperf_mock_kv_cache_resets_total,
aiperf_mock_profiler_starts_total, ...) and the completion requests read at the last start/stop.
  --startup-delay-seconds S
                           the model is "loading" for S s after start: every route but /metrics
                           answers 503 Loading model, as llama-server does (default 0)
  --reset-busy-count N     the first N resets answer 503 (busy), for a client's retries (default 0)

Serving model (any of these turns it on; completion replies then follow one batch shared by all
connections instead of --ttft-ms/--itl-ms; see docs/mock-server.md, "Serving model"):
  --max-num-seqs N         at most N sequences run at once; more wait in a FIFO queue
  --prefill-tokens-per-s R the first token is due prompt tokens / R s after the slot is taken
                           (default: at once)
  --decode-step-ms D0      each later token takes one decode step of D0 + K*b ms, b the
  --decode-step-ms-per-seq K
                           sequences running as the step starts (defaults 0)
  --kv-cache-tokens T      admit a sequence only while the running ones' prompt + output
                           tokens stay within T (a request over T alone gets 400)
  --print-knee isl=I,osl=O[,concurrency=C][,requests=M][,ttft-ms=X][,percentile=P][,itl-ms=Y]
                           print what a closed loop of C clients measures and the largest
                           C meeting TTFT pP <= X and average ITL <= Y, as one JSON line; exit

  --tls-cert FILE          PEM certificate; with --tls-key serves HTTPS
  --tls-key FILE           PEM private key
  --help                   show this help
)";
}

}  // namespace aiperf::mock
