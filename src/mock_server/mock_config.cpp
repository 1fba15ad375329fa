#include "mock_server/mock_config.h"

#include <charconv>
#include <cmath>
#include <fstream>
#include <initializer_list>
#include <limits>

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
  } else if (flag == "--error-rate") {
    if (!parse_double(v, c.error_rate) || c.error_rate < 0 || c.error_rate > 1) {
      err = cat({"--error-rate: expected a fraction in 0..1, got '", v, "'"});
    }
  } else if (flag == "--workers") {
    err = read_int(flag, v, 1, 4096, n);
    c.workers = static_cast<unsigned>(n);
  } else if (flag == "--seed") {
    if (!parse_int(v, c.seed)) err = cat({"--seed: expected a non-negative integer, got '", v, "'"});
  } else if (flag == "--model") {
    if (v.empty()) return "--model: expected a model name, got ''";
    c.model = v;
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
    out.error = apply_flag(flag, value, out.config);
  }
  if (out.error.empty() && out.config.stall_after_s > 0 && out.config.stall_ms == 0)
    out.error = "--stall-after-s: requires --stall-ms";
  if (out.error.empty() && out.config.spec_decode_acceptance && out.config.spec_decode_draft_tokens == 0)
    out.error = "--spec-decode-acceptance: requires --spec-decode-draft-tokens";
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
GET /metrics (requests in flight, awaiting their first token, and peaks; Prometheus text).

  --host HOST              address to listen on (default 127.0.0.1)
  --port N                 port (default 8000; 0 = pick a free port)
  --ttft-ms MS             delay before the first content token (default 0)
  --itl-ms MS              delay between content chunks (default 0)
  --output-tokens N        tokens per reply (default: request max_completion_tokens,
                           else max_tokens, else 16)
  --tokens-per-chunk K     tokens carried by each streamed content chunk (default 1)
  --error-rate F           fraction 0..1 of completion requests answered 500 (default 0)
  --seed N                 seed for --error-rate decisions and generated text (default 0)
  --workers N              threads (default: hardware threads)
  --model NAME             model listed by /v1/models (default mock-model)
  --close-after-stream     close the connection after every streamed reply
  --stall-ms MS            once, write nothing at all for MS ms (replies due meanwhile
                           go out at its end)
  --stall-after-s T        start that stall T s after the first completion request (default 0)
  --timing-log FILE        on exit, write one JSON line per reply: when its request was read,
                           when each chunk was due and sent (CLOCK_MONOTONIC ns)
  --spec-decode-draft-tokens K
                           report vLLM's per-request metrics.speculative_decoding (body;
                           streaming: the final usage chunk, with include_usage), K draft
                           tokens per step (1..64)
  --spec-decode-acceptance P
                           fraction 0..1 of each step's K drafts accepted, rounded
                           (default 0.5)
  --tls-cert FILE          PEM certificate; with --tls-key serves HTTPS
  --tls-key FILE           PEM private key
  --help                   show this help
)";
}

}  // namespace aiperf::mock
