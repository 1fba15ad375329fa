#include "timing/trajectory_plan.h"

#include <algorithm>
#include <cmath>

namespace aiperf {

namespace {

int64_t tree_end_ns(const std::vector<ConversationShape>& shapes, uint32_t root) {
  const ConversationShape& r = shapes[root];
  int64_t end = r.trace_ns.empty() ? 0 : r.trace_ns.back();
  for (const auto& turn : r.launches)
    for (const TurnLaunch& l : turn)
      if (!shapes[l.child].trace_ns.empty()) end = std::max(end, shapes[l.child].trace_ns.back());
  return end;
}

// Fills the cut of `root` at absolute trace instant `t`, with the root starting at `start`.
void cut_at(const std::vector<ConversationShape>& shapes, uint32_t root, uint32_t start, int64_t t,
            TrajectoryCut& cut) {
  const ConversationShape& r = shapes[root];
  cut.root = {root, start, std::max<int64_t>(0, r.trace_ns[start] - t), TurnLaunch::kNoJoin};
  if (start > 0) cut.priming.push_back({root, start - 1});
  for (uint32_t turn = 0; turn < start && turn < r.launches.size(); ++turn)
    for (const TurnLaunch& l : r.launches[turn]) {
      const std::vector<int64_t>& s = shapes[l.child].trace_ns;
      if (s.empty() || s.back() < t) continue;  // finished before t*
      // The first turn at or after t*; the one before it (if any) is the boundary to prime.
      const uint32_t first = uint32_t(std::lower_bound(s.begin(), s.end(), t) - s.begin());
      if (first > 0) cut.priming.push_back({l.child, first - 1});
      const uint32_t join = l.join_at != TurnLaunch::kNoJoin && l.join_at >= start ? l.join_at : TurnLaunch::kNoJoin;
      cut.live_children.push_back({l.child, first, std::max<int64_t>(0, s[first] - t), join});
    }
}

}  // namespace

TrajectoryCut cut_trajectory(const std::vector<ConversationShape>& shapes, uint32_t root, double fraction,
                             double max_ratio) {
  TrajectoryCut cut;
  const ConversationShape& r = shapes[root];
  const uint32_t n = r.turns();
  cut.root = {root, 0, 0, TurnLaunch::kNoJoin};
  if (r.trace_ns.size() != n || n < 2) return cut;
  const int64_t t0 = r.trace_ns.front();
  cut.duration_ns = tree_end_ns(shapes, root) - t0;
  const int64_t t = t0 + int64_t(std::llround(std::clamp(fraction, 0.0, 1.0) * double(cut.duration_ns)));
  const uint32_t ceiling = std::min<uint32_t>(uint32_t(std::floor(max_ratio * double(n))), n - 2);
  uint32_t start = uint32_t(std::lower_bound(r.trace_ns.begin(), r.trace_ns.end(), t) - r.trace_ns.begin());
  start = std::min(start, ceiling);
  cut.t_star_ns = t - t0;
  cut_at(shapes, root, start, std::min(t, r.trace_ns[start]), cut);
  return cut;
}

TrajectoryCut cut_trajectory_at_turn(const std::vector<ConversationShape>& shapes, uint32_t root, uint32_t turn) {
  TrajectoryCut cut;
  const ConversationShape& r = shapes[root];
  cut.root = {root, turn, 0, TurnLaunch::kNoJoin};
  if (r.trace_ns.size() != r.turns() || turn >= r.turns()) return cut;
  cut.duration_ns = tree_end_ns(shapes, root) - r.trace_ns.front();
  cut.t_star_ns = r.trace_ns[turn] - r.trace_ns.front();
  cut_at(shapes, root, turn, r.trace_ns[turn], cut);
  return cut;
}

size_t uncuttable_roots(const std::vector<ConversationShape>& shapes, const std::vector<uint32_t>& roots) {
  size_t n = 0;
  for (uint32_t r : roots) n += shapes[r].turns() < 2 || shapes[r].trace_ns.size() != shapes[r].turns();
  return n;
}

}  // namespace aiperf
