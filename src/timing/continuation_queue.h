#pragma once
// The next turns of running sessions (cli-and-load.md §4.0, §4.11): each waits out its think
// time, then is ready; ready turns are served before any new session starts. Issuer thread only.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <queue>
#include <vector>

namespace aiperf {

struct Continuation {
  int64_t due_ns = 0;          // monotonic: when it may be sent
  uint64_t session_id = 0;
  uint32_t conversation = 0;   // dataset index
  uint32_t turn_index = 0;     // the turn to send
  uint32_t session_turns = 0;
  size_t worker = 0;           // the worker holding the session's history (kAnyWorker: pick one)
  // DAG sessions: copied onto every credit of the session; turn 0 = a child to start.
  uint64_t parent_session_id = 0;
  uint32_t agent_depth = 0;
  bool forked = false;
  uint32_t join_at = UINT32_MAX;  // child start: the parent turn waiting for it
  uint64_t trajectory = 0;        // Credit::trajectory, recycle_pass, root_conversation
  uint32_t recycle_pass = 0;
  uint32_t root_conversation = 0;
  uint32_t max_tokens_cap = 0;    // Credit::max_tokens_cap
  bool session_start = false;     // the first turn this session sends (a child, or an agentic tree)
  static constexpr size_t kAnyWorker = SIZE_MAX;
};

class ContinuationQueue {
 public:
  void schedule(const Continuation& c);
  // Moves every continuation due at `now_ns` to the ready queue, earliest first; returns how many.
  size_t release_due(int64_t now_ns);
  int64_t next_due_ns() const { return waiting_.empty() ? 0 : waiting_.top().c.due_ns; }
  bool has_ready() const { return !ready_.empty(); }
  Continuation pop_ready();
  size_t size() const { return waiting_.size() + ready_.size(); }
  void clear();
  // Moves every waiting continuation `by_ns` earlier (agentic replay's system idle-gap cap).
  void shift_waiting(int64_t by_ns);

 private:
  struct Waiting {
    Continuation c;
    uint64_t seq;  // equal due times keep their scheduling order
    bool operator>(const Waiting& o) const {
      return c.due_ns != o.c.due_ns ? c.due_ns > o.c.due_ns : seq > o.seq;
    }
  };
  std::priority_queue<Waiting, std::vector<Waiting>, std::greater<>> waiting_;
  std::deque<Continuation> ready_;
  uint64_t seq_ = 0;
};

}  // namespace aiperf
