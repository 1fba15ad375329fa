#pragma once
// The end-of-run warning panels (metrics-and-outputs.md §6.1 item 3): each appears only when
// the run shows its problem, and says what to change. Wording is ours.
#include <vector>

#include "config/profile_config.h"
#include "export/console_panel.h"
#include "metrics/metric_result.h"

namespace aiperf {

// In this order, those that apply: OSL mismatch (osl_mismatch_count > 0), Token Count
// Discrepancy (usage_discrepancy_count > 0), Unsupported Parameter: max_completion_tokens (an
// error whose message is a schema validator's extra_forbidden rejection of that field).
std::vector<ConsolePanel> warning_panels(const ProfileConfig& config, const RunSummary& summary);

}  // namespace aiperf
