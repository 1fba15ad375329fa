#pragma once
// Where each benchmark of a study and each aggregate go (cli-and-load.md §5.3, exactly):
//
//   sweep?  trials  order        one benchmark's directory
//   no      1       -            <base>/
//   no      >1      -            <base>/profile_runs/run_NNNN/
//   yes     1       -            <base>/<variation>/
//   yes     >1      repeated     <base>/profile_runs/trial_NNNN/<variation>/
//   yes     >1      independent  <base>/<variation>/profile_runs/trial_NNNN/
//   search  any     -            <base>/search_iter_NNNN/profile_runs/run_NNNN/
//
// NNNN is 1-based, four digits.
#include <filesystem>
#include <string>

#include "sweep/study_settings.h"

namespace aiperf {

struct StudyShape {
  bool sweep = false;   // several variations
  bool search = false;  // points chosen by a planner
  int num_runs = 1;
  SweepOrder order = SweepOrder::repeated;
};

// "run_0001", "trial_0003", "search_iter_0012".
std::string numbered(const char* stem, int n);

// `trial` and `iteration` are 1-based; `variation` is the variation's directory name.
std::filesystem::path trial_dir(const std::filesystem::path& base, const StudyShape& shape, const std::string& variation,
                                int trial, int iteration = 0);

// The trial's label in aggregates: run_NNNN (one variation, search) or trial_NNNN (sweeps).
std::string trial_label(const StudyShape& shape, int trial);

// Multi-run without a sweep: <base>/aggregate/.
std::filesystem::path multi_run_aggregate_dir(const std::filesystem::path& base);
// One variation's confidence aggregate: <base>/aggregate/<variation>/ (repeated, several trials),
// otherwise <base>/<variation>/aggregate/.
std::filesystem::path variation_aggregate_dir(const std::filesystem::path& base, const StudyShape& shape,
                                              const std::string& variation);
// The sweep-level comparison: <base>/aggregate/sweep_aggregate/ (repeated, several trials),
// otherwise <base>/sweep_aggregate/.
std::filesystem::path sweep_aggregate_dir(const std::filesystem::path& base, const StudyShape& shape);

}  // namespace aiperf
