#include "timing/user_centric_start.h"

#include <numeric>

namespace aiperf {

std::vector<InitialUser> user_centric_initial_users(int64_t users, int64_t lifetime_gaps) {
  const int64_t U = users < 1 ? 1 : users;
  const int64_t L = lifetime_gaps < 1 ? 1 : lifetime_gaps;
  // Firing slots come from the user's age when that walks every residue (gcd(U, L) = 1);
  // otherwise ages collide, and a step coprime with U spreads the users instead.
  const bool ages_collide = std::gcd(U, L) > 1;
  int64_t step = 1;
  if (ages_collide) {
    for (int64_t k = 2; k < U; ++k) {
      if (std::gcd(k, U) == 1) {
        step = k;
        break;
      }
    }
  }
  std::vector<InitialUser> out;
  out.push_back({0, kWholeConversation});  // replaces the user whose history has ended
  for (int64_t i = 0; i < U; ++i) {
    const int64_t age = (U - i) * L;
    const int64_t turns = L - age / U;
    if (turns <= 0) continue;  // already finished; its id is still used up
    const int64_t slot = ages_collide ? (i * step) % U : age % U;
    out.push_back({U - slot, uint32_t(turns)});
  }
  return out;
}

}  // namespace aiperf
