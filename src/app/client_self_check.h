#pragma once
// Turns what the workers measured about themselves into the run's ClientHealth verdict.
#include <vector>

#include "metrics/client_health.h"
#include "metrics/metric_result.h"
#include "transport/worker.h"

namespace aiperf {

// `summary` supplies the open-loop send lag (absent in closed loop).
ClientHealth assess_client(const std::vector<WorkerLoadSample>& workers, const RunSummary& summary);

}  // namespace aiperf
