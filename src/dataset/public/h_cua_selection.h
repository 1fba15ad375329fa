#pragma once
// Which trajectories of h_cua_perf are replayed, and how many requests of each
// (workloads-and-endpoints.md §3.11): the --dataset-filter keys the dataset declares and
// --num-dataset-entries. The names and meanings are those of the dataset's own
// trace_processor.py options, as upstream's loader takes them (docs/datasets.md).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace aiperf {

struct HCuaFilters {
  // Screenshots each request carries: its own and the ones before it in the trajectory
  // (restored from the records that carry them); older ones become the placeholder text.
  // nullopt: as recorded (one screenshot per request).
  std::optional<int64_t> n_screenshots;
  int64_t min_trace_length = 1;             // drop trajectories with fewer requests
  std::optional<int64_t> max_trace_length;  // keep the first N requests of each trajectory
  // Target mean requests per trajectory: every trajectory is cut by one common factor
  // (never below min_trace_length), the smallest whose mean still reaches this.
  std::optional<double> avg_trace_length;
};

// --dataset-filter KEY=VALUE pairs (keys already checked by the CLI). Throws ConfigError
// naming the filter for a value that is not a number in range, or max < min.
HCuaFilters parse_h_cua_filters(const std::vector<std::pair<std::string, std::string>>& filters);

// The requests kept of a trajectory of `length` requests before avg_trace_length; 0: the
// trajectory is not eligible.
size_t h_cua_kept_length(const HCuaFilters& filters, size_t length);

// Cuts `lengths` (the selected trajectories, in order) toward filters.avg_trace_length: each
// becomes max(min_trace_length, round(f * length)) for the smallest common factor f <= 1
// whose mean reaches the target (found by 32 bisection steps, as upstream does; round is
// half-to-even like Python's). Unchanged when the mean is already at or below the target.
std::vector<size_t> fit_h_cua_lengths(const HCuaFilters& filters, std::vector<size_t> lengths);

}  // namespace aiperf
