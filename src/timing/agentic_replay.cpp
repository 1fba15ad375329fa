#include "timing/agentic_replay.h"

#include <algorithm>
#include <cmath>

#include "common/clock.h"

namespace aiperf {

namespace {

// splitmix64: one well-mixed draw per (seed, lane), independent of the order lanes start in.
uint64_t mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

int64_t to_ns(double s) { return std::isfinite(s) ? int64_t(s * 1e9) : INT64_MAX; }

}  // namespace

double AgenticReplay::start_fraction(size_t lane_index) const {
  const double u = double(mix(seed.value_or(0) ^ mix(0x7a67656e74696301ULL + lane_index)) >> 11) * 0x1.0p-53;
  return settings.start_min_ratio + u * (settings.start_max_ratio - settings.start_min_ratio);
}

AgenticReplayStrategy::AgenticReplayStrategy(const PhaseSpec& spec, AgenticStage stage)
    : run_(*spec.agentic),
      stage_(stage),
      concurrency_(std::max<int64_t>(1, spec.concurrency)),
      grace_s_(spec.grace_s) {
  if (run_.lane.empty() && !run_.settings.session_arrival_rate) {
    run_.lane.resize(size_t(run_.lanes));
    for (AgenticReplay::Lane& l : run_.lane) l.root = run_.next_root();
  }
  if (stage_ == AgenticStage::replay && run_.settings.session_arrival_rate)
    arrivals_.emplace(run_.settings.session_arrival_pattern.value_or(ArrivalPattern::poisson),
                      run_.settings.session_arrival_smoothness.value_or(1.0), run_.seed);
}

TreeStart AgenticReplayStrategy::tree(const TrajectoryCut& cut, size_t lane, int64_t base_ns, bool pressure) const {
  const AgenticSettings& s = run_.settings;
  const bool burst = s.burst_phase_starts || pressure;
  TreeStart t;
  t.conversation = cut.root.conversation;
  t.first_turn = cut.root.start_turn;
  t.end_turn = run_.shapes[cut.root.conversation].turns();
  t.due_ns = base_ns + (burst ? 0 : cut.root.lead_ns);
  for (const TrajectoryCut::Chain& c : cut.live_children)
    t.live_children.push_back({c.conversation, c.start_turn, base_ns + (burst ? 0 : c.lead_ns), c.join_at});
  t.trajectory = lane;
  t.recycle_pass = run_.lane[lane].pass;
  t.root_conversation = cut.root.conversation;
  t.delays_from_send = !s.end_to_start_delays;
  if (pressure) {
    t.max_tokens_cap = uint32_t(s.warmup_max_output_tokens);
    t.no_delays = true;
  }
  return t;
}

void AgenticReplayStrategy::start(PhaseControl& control) {
  const int64_t now = mono_ns();
  if (stage_ == AgenticStage::prime) {
    // One priming turn per chain live at t*, all at once, outputs capped (§5.4).
    for (size_t lane = 0; lane < run_.lane.size(); ++lane) {
      const TrajectoryCut cut = cut_trajectory(run_.shapes, run_.lane[lane].root, run_.start_fraction(lane),
                                               run_.settings.start_max_ratio);
      for (const TrajectoryCut::Prime& p : cut.priming) {
        TreeStart t;
        t.conversation = p.conversation;
        t.first_turn = p.turn;
        t.end_turn = p.turn + 1;
        t.due_ns = now;
        t.trajectory = lane;
        t.recycle_pass = run_.lane[lane].pass;
        t.root_conversation = run_.lane[lane].root;
        t.max_tokens_cap = uint32_t(run_.settings.warmup_max_output_tokens);
        t.launches = false;
        control.start_tree(t);
      }
    }
    priming_ = true;
    // --agentic-warmup-grace-period bounds the wait for the priming replies (the barrier).
    if (std::isfinite(grace_s_)) control.cut_stragglers_at(now + to_ns(grace_s_));
    credit_returned(control);  // nothing to prime: go on at once
    return;
  }
  if (arrivals_) {
    next_arrival_ns_ = now + arrivals_->next_gap_ns(*run_.settings.session_arrival_rate);
    return;
  }
  for (size_t lane = 0; lane < run_.lane.size(); ++lane) {
    AgenticReplay::Lane& l = run_.lane[lane];
    if (!control.can_start_session()) break;
    // After cache pressure, a lane whose first trajectory was still running resumes it at its
    // frontier; one whose first trajectory finished replays that plan again from t*.
    if (l.pressured && l.in_first && l.frontier < run_.shapes[l.root].turns()) {
      // Its next turn is due its recorded gap (at most 60 s) after the pressure sent the one
      // before, less the time already spent draining: the phase boundary ramps, not bursts.
      const std::vector<int64_t>& t = run_.shapes[l.root].trace_ns;
      int64_t due = now;
      if (l.frontier > 0 && l.last_sent_ns > 0 && !run_.settings.burst_phase_starts)
        due = std::max(now, l.last_sent_ns + std::min<int64_t>(t[l.frontier] - t[l.frontier - 1], 60'000'000'000));
      control.start_tree(tree(cut_trajectory_at_turn(run_.shapes, l.root, l.frontier), lane, due, false));
      continue;
    }
    const TrajectoryCut cut =
        cut_trajectory(run_.shapes, l.root, run_.start_fraction(lane), run_.settings.start_max_ratio);
    control.start_tree(tree(cut, lane, now, false));
  }
}

void AgenticReplayStrategy::start_fresh(PhaseControl& control, size_t lane, int64_t due_ns) {
  AgenticReplay::Lane& l = run_.lane[lane];
  if (pressure_end_ns_ != 0) {  // cache pressure: another trace, the profiling draws untouched
    l.in_first = false;
    const uint32_t root = run_.roots[run_.pressure_cursor++ % run_.roots.size()];
    TreeStart t = tree(cut_trajectory_at_turn(run_.shapes, root, 0), lane, due_ns, true);
    t.recycle_pass = AgenticReplay::kPressurePass + run_.pressure_passes++;
    control.start_tree(t);
    return;
  }
  l.root = run_.next_root();
  ++l.pass;
  control.start_tree(tree(cut_trajectory_at_turn(run_.shapes, l.root, 0), lane, due_ns, false));
}

void AgenticReplayStrategy::start_pressure(PhaseControl& control, int64_t now_ns) {
  pressure_end_ns_ = now_ns + to_ns(*run_.settings.cache_warmup_duration_s);
  run_.pressure_cursor = run_.cursor;  // other traces than the lanes' first ones
  for (size_t lane = 0; lane < run_.lane.size(); ++lane) {
    AgenticReplay::Lane& l = run_.lane[lane];
    l.pressured = l.in_first = true;
    const TrajectoryCut cut = cut_trajectory(run_.shapes, l.root, run_.start_fraction(lane), run_.settings.start_max_ratio);
    l.frontier = cut.root.start_turn;
    control.start_tree(tree(cut, lane, now_ns, true));
  }
}

void AgenticReplayStrategy::credit_returned(PhaseControl& control) {
  const int64_t now = mono_ns();
  const std::vector<uint64_t> drained = control.take_drained_trees();
  if (priming_) {
    if (control.in_flight() > 0) return;
    priming_ = false;
    control.cut_stragglers_at(0);
    if (run_.settings.cache_warmup_duration_s && control.can_send())
      start_pressure(control, now);
    else
      control.finish_sending();
    return;
  }
  if (stage_ == AgenticStage::prime && pressure_end_ns_ == 0) return;
  if (!arrivals_)
    for (uint64_t lane : drained) {
      if (lane >= run_.lane.size() || !control.can_start_session()) continue;
      start_fresh(control, size_t(lane), now);
    }
  cap_idle_gap(control, now);
}

// --system-idle-gap-cap-seconds: with nothing in flight, the next turn waits at most the cap.
void AgenticReplayStrategy::cap_idle_gap(PhaseControl& control, int64_t now_ns) {
  if (!run_.settings.system_idle_gap_cap_s || control.requests_in_flight() > 0) return;
  const int64_t due = control.next_turn_due_ns();
  const int64_t cap = to_ns(*run_.settings.system_idle_gap_cap_s);
  if (due > 0 && due - now_ns > cap) control.shift_waiting_turns(due - now_ns - cap);
}

void AgenticReplayStrategy::root_turn_sent(const Credit& credit) {
  if (credit.trajectory >= run_.lane.size()) return;
  AgenticReplay::Lane& l = run_.lane[size_t(credit.trajectory)];
  if (pressure_end_ns_ && l.in_first && l.root == credit.dataset_index && l.pass == credit.recycle_pass &&
      credit.turn_index + 1 > l.frontier) {
    l.frontier = credit.turn_index + 1;
    l.last_sent_ns = credit.scheduled_ns > 0 ? credit.scheduled_ns : credit.issued_ns;
  }
}

int64_t AgenticReplayStrategy::next_deadline_ns() const {
  if (arrivals_) return next_arrival_ns_;
  return pressure_end_ns_;
}

void AgenticReplayStrategy::deadline_reached(PhaseControl& control, int64_t now_ns) {
  if (pressure_end_ns_ && now_ns >= pressure_end_ns_) {
    pressure_end_ns_ = 0;
    control.stop_now();  // in-flight pressure turns drain; the lanes resume there in profiling
    // The drain waits the warm-up grace, else min(pressure duration, 300 s) (docs/agentic.md).
    const double drain_s = std::isfinite(grace_s_) ? grace_s_ : std::min(*run_.settings.cache_warmup_duration_s, 300.0);
    control.cut_stragglers_at(now_ns + to_ns(drain_s));
    return;
  }
  while (arrivals_ && next_arrival_ns_ && next_arrival_ns_ <= now_ns) {
    if (!control.can_start_session()) {
      next_arrival_ns_ = 0;
      control.finish_sending();
      return;
    }
    if (control.in_flight() >= concurrency_) {
      ++counts_.skipped_at_cap;  // an admission ceiling: the arrival is counted, not queued
    } else {
      const size_t lane = run_.lane.size();
      run_.lane.push_back({run_.next_root(), 0, 0, false});
      control.start_tree(tree(cut_trajectory_at_turn(run_.shapes, run_.lane[lane].root, 0), lane, next_arrival_ns_, false));
    }
    next_arrival_ns_ += arrivals_->next_gap_ns(*run_.settings.session_arrival_rate);
  }
}

}  // namespace aiperf
