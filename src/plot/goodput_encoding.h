// The goodput explorer's request data, as embedded in report.html: every request of a run
// reduced to what `--goodput "time_to_first_token:A inter_token_latency:B"` looks at, exactly,
// in a few bytes each (a million requests must fit the page).
//
// Exactness: the page offers SLOs in whole microseconds S, and `aiperf profile` judges a value
// of v ns good when v <= T(S), T(S) = (S / 1000, as the typed "ms" value) * 1e6 in doubles,
// which is S*1000 or a hair below it (1.001 ms gives 1000999.9999999999 ns). So a value is stored
// as its rank: 2*ceil(v / 1000 ns) - 1 when v is not a whole number of µs, 2*v/1000 when it is.
// Ranks keep the order of values, and v <= T(S) ⇔ rank(v) <= rank_limit(S), where rank_limit
// is 2S when T(S) >= S*1000 and 2S - 1 when T(S) falls below (then v = S*1000 exactly fails,
// as in `aiperf profile`). The page compares integers and gets the same verdict
// (docs/design.md, "The HTML report").
//
// Layout (before gzip): unsigned LEB128 varints
//   version (2), n (valid requests with a TTFT), n_without_ttft (valid), n_errors,
//   zigzag(first TTFT rank), then n-1 TTFT rank deltas (the n requests are sorted by TTFT, >= 0),
//   then n ITL codes in the same order: 0 = no ITL (OSL < 2), else zigzag(ITL rank) + 1.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "plot/request_table.h"

namespace aiperf::plot {

// The rank of a value exported as `ms` milliseconds (ns / 1e6 as a double, read back); nullopt
// for NaN. Computed from the whole ns, never from ms * 1000 (12.345 * 1000 is 12344.999…).
std::optional<int64_t> goodput_rank(double ms);

// The largest rank that meets an SLO of `slo_us` whole microseconds.
int64_t goodput_rank_limit(int64_t slo_us);

// ceil(v / 1000 ns) of a rank: the value in whole µs, rounded up.
inline int64_t rank_to_ceil_us(int64_t rank) {
  const int64_t q = rank + 1;  // floor(q / 2), C++ division truncating toward zero
  return q >= 0 ? q / 2 : -((-q + 1) / 2);
}

// The explorer's columns: `ttft` ranks ascending, `itl[i]` belonging to `ttft[i]`.
struct GoodputColumns {
  std::vector<int64_t> ttft;
  std::vector<std::optional<int64_t>> itl;
  uint64_t without_ttft = 0;  // valid requests with no TTFT (good only with no SLO at all)
  uint64_t errors = 0;        // never good; counted in good_request_fraction's denominator
};

GoodputColumns goodput_columns(const RequestTable& requests);

std::string encode_goodput_columns(const GoodputColumns& columns);

// The inverse of encode_goodput_columns, for the tests (the page has its own, in report.js).
// Throws std::runtime_error on truncated or malformed input.
GoodputColumns decode_goodput_columns(std::string_view bytes);

}  // namespace aiperf::plot
