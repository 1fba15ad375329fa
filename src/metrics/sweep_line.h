#pragma once
// Time-weighted "Effective" / "Active" concurrency and throughput curves over the run
// (metrics-and-outputs.md §2.5): a sweep over every request's start, first-token and end
// times turns them into step functions, summarised by how long each value held.
#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "metrics/metric_result.h"

namespace aiperf {

// One request's life, wall-clock ns. Failed requests have no first token and no tokens:
// they count towards concurrency only (they occupied a slot).
struct SweepInterval {
  int64_t start_ns = 0;
  int64_t first_token_ns = 0;  // 0 = none (non-streaming, or failed)
  int64_t end_ns = 0;
  double decode_tokens = 0;    // OSL − 1, spread evenly over [first_token, end)
  double prefill_tokens = 0;   // ISL, spread evenly over [start, first_token)
};

// Summary of a step function: duration-weighted mean and population std; a percentile is
// the first value (ascending) whose cumulative duration reaches q of the total.
struct TimeWeightedStats {
  double avg = 0, min = 0, max = 0, std = 0, p50 = 0, p90 = 0, p95 = 0, p99 = 0;
};

struct Segment {
  double value;
  double duration_ns;
};
std::optional<TimeWeightedStats> time_weighted_stats(std::vector<Segment> segments);

// The three kinds of stamp in a request's life; at one instant and one interval they are
// applied in this order.
enum SweepKind : uint32_t { kSweepStart = 0, kSweepEnd = 1, kSweepFirstToken = 2 };

// An interval has stamps only when end > start, and a first-token stamp only when it has a
// prefill span (start < first token) or a decode span (first token < end).
bool sweep_has_first_token_stamp(const SweepInterval& r);

// One stamp of one kind with its interval, for sweeps over intervals not all in memory
// (metrics/sweep_intervals.h): `interval` numbers intervals in arrival order.
struct SweepStamp {
  int64_t t = 0;
  uint32_t interval = 0;
  SweepInterval r;
};
// Stamps of one kind, ascending by (t, interval).
class SweepStampStream {
 public:
  virtual ~SweepStampStream() = default;
  virtual bool next(SweepStamp& stamp) = 0;
};
// Opens the three streams afresh, indexed by SweepKind: the sweep reads them four times.
using SweepStreamsOpener = std::function<std::array<std::unique_ptr<SweepStampStream>, 3>()>;

// The same metrics as below, bit for bit, from streams of every interval's stamps;
// `any_first_token`: some interval has first_token_ns != 0.
std::vector<MetricResult> sweep_line_metrics(const SweepStreamsOpener& open, bool any_first_token);

// effective_* over the whole window [first start, last end], active_* over the time the
// matching concurrency was above 0; display units (requests, tokens/sec, tokens/sec/user).
// Decode and prefill curves exist only when some request had a first token.
std::vector<MetricResult> sweep_line_metrics(std::span<const SweepInterval> intervals);

}  // namespace aiperf
