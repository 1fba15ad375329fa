// The swim-lane chart of `aiperf analyze swim-lane`: every request of a run as a horizontal bar
// on its session's lane (prefill marked, failures apart, think time between turns in grey) over
// time, with the number of requests in flight on the right-hand axis. Lanes are session slots,
// as upstream draws them: a lane is reused once its previous session has ended, so a
// closed-loop run at concurrency N draws about N lanes however many sessions it ran.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "plot/chart.h"
#include "plot/request_table.h"

namespace aiperf::plot {

// Which session each request belongs to, and the lane each session is drawn on.
struct SwimLaneLayout {
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);
  std::vector<std::size_t> session_of;       // per request; npos: no start or end time, not drawn
  std::vector<std::size_t> lane_of_session;  // sessions are numbered by their first request's start
  std::size_t lanes = 0;
};

// Sessions are rebuilt from conversation_id and turn_index (the table has no correlation id):
// a request of turn k > 0 continues the session of the same conversation whose latest request
// was turn k-1 and had ended when this one started (the earliest-ended such session when several
// replay the conversation at once); turn 0, an empty conversation_id, or no such session starts
// a new one. Sessions take, in order of their first start, the lowest lane whose last session
// has ended by then: the lane count is the most sessions ever alive at once.
SwimLaneLayout swim_lane_layout(const RequestTable& table);

struct SwimLaneOptions {
  std::string run_name;                       // shown in the subtitle
  std::optional<double> target_concurrency;   // -c: a dashed line on the in-flight axis
  std::optional<double> ramp_s;               // a "ramp done" boundary, seconds after the first request
  std::optional<double> benchmark_duration_s; // a "benchmark end" boundary, same origin
  std::size_t max_lanes = 2000;               // lanes drawn; the in-flight curve counts every request
  // An in-flight curve with more steps than this is drawn as its time-weighted mean over
  // `in_flight_bins` equal intervals, and a note says so.
  std::size_t max_in_flight_steps = 6000;
  std::size_t in_flight_bins = 1000;
};

// Chart "swim_lane". x: seconds since the run's first request start. y: lane number (0 at the
// bottom). Series, in drawing order: "Requests in flight (peak N)" (y2, a translucent step area
// behind the bars, counting every request), "Inter-turn delay" (segments, grey, on the lane of
// the request that ends the wait), "Request" (segments, succeeded), "Prefill (TTFT)" (segments
// from start to start + TTFT, over "Request"), "Failed" (segments), then where given "Target
// concurrency (N)" (y2, dashed), "Ramp done (S s)" and "Benchmark end (S s)" (vertical, dashed).
// Every segment carries its request index.
Chart swim_lane_chart(const RequestTable& table, const SwimLaneOptions& options);

// What profile_export_aiperf.json says of the run's timing: the profiling phase's concurrency
// ramp (input_config.phases[].concurrency_ramp.duration, else input_config.loadgen.
// concurrency_ramp_duration) and benchmark_duration (its "avg" when it is an object). Absent or
// null summaries give nothing.
struct SummaryTiming {
  std::optional<double> ramp_s;
  std::optional<double> benchmark_duration_s;
};
SummaryTiming summary_timing(const nlohmann::json& summary);

}  // namespace aiperf::plot
