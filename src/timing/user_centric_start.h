#pragma once
// User-centric mode's start-up (cli-and-load.md §4.4): instead of U users all starting their
// first turn at t=0, the phase starts as if it had already been running — a "virtual history"
// in which each user is part-way through its conversation — so the user mix is in steady
// state from the first second.
#include <cstdint>
#include <vector>

namespace aiperf {

struct InitialUser {
  int64_t order = 0;    // fires at phase start + order · stagger (stagger = 1/Q)
  uint32_t turns = 0;   // turns it still sends (kWholeConversation: all of them)
};

inline constexpr uint32_t kWholeConversation = UINT32_MAX;

// `users` U >= 1; `lifetime_gaps` L = max(1, round(mean turns) − 1). Users whose virtual
// history says they have already finished are left out; one brand-new user with the whole
// conversation fires first (order 0). Orders are distinct, in [0, U].
std::vector<InitialUser> user_centric_initial_users(int64_t users, int64_t lifetime_gaps);

}  // namespace aiperf
