#pragma once
// Runs a Study (cli/study.h): every benchmark of a sweep or multi-run in its own process, in the
// order and directories of cli-and-load.md §5.2/§5.3, then its aggregates; or an SLA search.
#include "cli/study.h"

namespace aiperf {

// Exit code: 0 when every benchmark succeeded, 1 when one failed (its aggregates are still
// written), 130 when interrupted (what finished is written, marked incomplete).
int run_study(const Study& study);

// The "find the limit" search (§5.6), one planner iteration at a time (app/search_run.cpp).
int run_search(const Study& study);

}  // namespace aiperf
