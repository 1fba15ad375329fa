#pragma once
// What the timing plane needs to know about one conversation of the dataset: how many turns
// it has and the think time before each later turn. The prompts stay with the workers.
#include <cstdint>
#include <vector>

namespace aiperf {

struct ConversationShape {
  std::vector<int64_t> delay_ns;  // before turns 2..N (index 0 = before the second turn)
  // Fixed schedule: per later turn, its trace time as ns from the phase start (-1: none, the
  // delay applies). Such a turn goes at that time, or at once if its previous reply came
  // later (cli-and-load.md §4.3). Empty: delays only.
  std::vector<int64_t> at_ns;

  uint32_t turns() const { return uint32_t(delay_ns.size() + 1); }
};

}  // namespace aiperf
