#pragma once
// The serving model's one batch (serving_model.h), shared by all workers: which sequences hold a
// slot, and the FIFO queue of those waiting for one.
//
// Times are virtual, CLOCK_MONOTONIC ns: a sequence leaves at the time its last token was due and
// the queue's head takes its slot at that same time (or at its own arrival, if later), however
// late the worker that noticed gets there. So a late wake-up delays one write but never shifts
// the schedule, as with TokenSchedule.
//
// Cost: one mutex, taken when a request arrives and when it leaves; the batch size a decode step
// reads is an atomic, so a token takes no lock. Tickets are owned by their sessions and linked in
// place: nothing is allocated per request.
#include <atomic>
#include <cstdint>
#include <mutex>

namespace aiperf::mock {

class BatchScheduler {
 public:
  // One request's place in the batch or the queue.
  struct Ticket {
    // Set by the owner before arrive().
    int64_t kv_tokens = 0;                // prompt + output tokens held while running
    void (*wake)(void* context) = nullptr;  // a queued ticket was admitted; runs under the lock on
    void* wake_context = nullptr;           // another worker's thread, so it must only post

    // Set by the scheduler. `admitted` is released after admitted_ns is written.
    std::atomic<bool> admitted{false};
    int64_t admitted_ns = 0;  // when the slot was taken (virtual time)

   private:
    friend class BatchScheduler;
    enum class State { idle, queued, running };
    State state = State::idle;
    int64_t arrived_ns = 0;
    Ticket* next = nullptr;  // queue links
    Ticket* prev = nullptr;
  };

  // ServingModel::kUnlimited for either: no such cap.
  BatchScheduler(int64_t max_num_seqs, int64_t kv_cache_tokens);

  // Takes a slot at `now_ns` when nobody queues and one is free (and the KV tokens fit), else
  // queues `t`; true when admitted at once. `t` must be idle and must fit().
  bool arrive(Ticket& t, int64_t now_ns);
  // The ticket's sequence is done (running: its last token was due at `at_ns`) or abandoned
  // (queued or running: its client went away, the server stops). Frees what it held, admits
  // queued tickets in order while they fit, and makes `t` idle again. No-op on an idle ticket.
  void leave(Ticket& t, int64_t at_ns);

  // Sequences running now: the batch size b of a decode step starting now.
  int64_t running() const { return running_.load(std::memory_order_relaxed); }
  // For GET /metrics (vllm_metrics.h): tickets queued for a slot, and the KV tokens the
  // running ones hold.
  int64_t waiting() const { return waiting_.load(std::memory_order_relaxed); }
  int64_t running_tokens() const { return running_tokens_published_.load(std::memory_order_relaxed); }
  // Whether a sequence of `kv_tokens` can ever run (else the request is refused).
  bool fits(int64_t kv_tokens) const { return kv_tokens <= kv_cache_tokens_; }
  // Server stopping: admit and wake no more (the other workers' io_contexts may be gone).
  void close();

 private:
  void admit_waiting(int64_t at_ns, const Ticket* arriving);  // under mu_
  void unlink(Ticket& t);             // under mu_

  const int64_t max_num_seqs_;
  const int64_t kv_cache_tokens_;
  std::mutex mu_;
  Ticket* head_ = nullptr;  // oldest queued
  Ticket* tail_ = nullptr;
  int64_t running_seqs_ = 0;    // under mu_
  int64_t running_tokens_ = 0;  // under mu_
  bool closed_ = false;         // under mu_
  int64_t waiting_seqs_ = 0;    // under mu_
  // Copies of running_seqs_, waiting_seqs_ and running_tokens_, for lock-free reads.
  std::atomic<int64_t> running_{0};
  std::atomic<int64_t> waiting_{0};
  std::atomic<int64_t> running_tokens_published_{0};
  void publish();  // under mu_
};

}  // namespace aiperf::mock
