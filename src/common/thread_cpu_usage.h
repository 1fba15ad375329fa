#pragma once
// How much CPU one thread used and how long it waited for one, read from any thread while the
// target lives: CPU time from its pthread CPU clock, run-queue wait (runnable but not running)
// from /proc/self/task/<tid>/schedstat. Called at the edges of a measurement window only,
// never on the hot path.
#include <pthread.h>
#include <sys/types.h>

#include <cstdint>

namespace aiperf {

struct ThreadCpuSample {
  int64_t mono_ns = 0;           // when the sample was taken
  int64_t cpu_ns = 0;            // CPU time the thread has used
  int64_t runqueue_wait_ns = -1; // time it has waited runnable for a CPU; -1: kernel did not say
};

// The calling thread's kernel thread id.
pid_t current_thread_id();

ThreadCpuSample sample_thread_cpu(pthread_t thread, pid_t tid);

}  // namespace aiperf
