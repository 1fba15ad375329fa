#include "sweep/study_layout.h"

#include <cstdio>

namespace aiperf {

namespace fs = std::filesystem;

std::string numbered(const char* stem, int n) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%s_%04d", stem, n);
  return buf;
}

fs::path trial_dir(const fs::path& base, const StudyShape& shape, const std::string& variation, int trial,
                   int iteration) {
  if (shape.search) return base / numbered("search_iter", iteration) / "profile_runs" / numbered("run", trial);
  if (!shape.sweep) return shape.num_runs > 1 ? base / "profile_runs" / numbered("run", trial) : base;
  if (shape.num_runs == 1) return base / variation;
  if (shape.order == SweepOrder::repeated) return base / "profile_runs" / numbered("trial", trial) / variation;
  return base / variation / "profile_runs" / numbered("trial", trial);
}

std::string trial_label(const StudyShape& shape, int trial) {
  return numbered(shape.sweep && !shape.search ? "trial" : "run", trial);
}

fs::path multi_run_aggregate_dir(const fs::path& base) { return base / "aggregate"; }

fs::path variation_aggregate_dir(const fs::path& base, const StudyShape& shape, const std::string& variation) {
  if (shape.num_runs > 1 && shape.order == SweepOrder::repeated) return base / "aggregate" / variation;
  return base / variation / "aggregate";
}

fs::path sweep_aggregate_dir(const fs::path& base, const StudyShape& shape) {
  if (shape.num_runs > 1 && shape.order == SweepOrder::repeated) return base / "aggregate" / "sweep_aggregate";
  return base / "sweep_aggregate";
}

}  // namespace aiperf
