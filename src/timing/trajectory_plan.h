#pragma once
// Where agentic replay starts a recorded trajectory (workloads-and-endpoints.md §5.4): at an
// instant t* of its trace, the root resumes at its first turn sent at or after t*, and every
// subagent running at t* resumes there too. The last turn of each such chain before t* is
// what the KV-priming warm-up sends (its prefix is the whole history so far). Pure functions
// of the conversation shapes; the choices are written down in docs/agentic.md.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "timing/conversation_shape.h"

namespace aiperf {

struct TrajectoryCut {
  struct Chain {
    uint32_t conversation = 0;
    uint32_t start_turn = 0;  // first turn replayed
    int64_t lead_ns = 0;      // its recorded send time after t*
    uint32_t join_at = TurnLaunch::kNoJoin;  // the root turn that waits for this subagent
  };
  struct Prime {
    uint32_t conversation = 0;
    uint32_t turn = 0;  // the chain's boundary turn: its last one sent before t*
  };
  Chain root;
  std::vector<Chain> live_children;  // subagents launched before t* that had not finished by it
  std::vector<Prime> priming;        // root first, then the live subagents
  int64_t t_star_ns = 0;             // on the trace's clock, from its first turn
  int64_t duration_ns = 0;           // first turn to the tree's last recorded send
};

// `fraction` in [0, 1]: t* = first turn + fraction · duration. The root starts no later than
// turn min(int(max_ratio · n), n − 2) (a trace keeps at least two turns to replay); a root of
// fewer than two turns, or without trace times, starts at turn 0.
TrajectoryCut cut_trajectory(const std::vector<ConversationShape>& shapes, uint32_t root, double fraction,
                             double max_ratio);

// The same cut at the instant root turn `turn` was sent (a lane resumed where the cache-pressure
// warm-up left it); lead times count from that instant.
TrajectoryCut cut_trajectory_at_turn(const std::vector<ConversationShape>& shapes, uint32_t root, uint32_t turn);

// Roots whose trace has fewer than two turns (they cannot be cut; they replay whole).
size_t uncuttable_roots(const std::vector<ConversationShape>& shapes, const std::vector<uint32_t>& roots);

}  // namespace aiperf
