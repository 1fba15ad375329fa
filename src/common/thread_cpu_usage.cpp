#include "common/thread_cpu_usage.h"

#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <ctime>

#include "common/clock.h"

namespace aiperf {
namespace {

// schedstat is "<on-cpu ns> <run-queue wait ns> <timeslices>" (Documentation/scheduler/sched-stats).
int64_t read_runqueue_wait_ns(pid_t tid) {
  char path[64];
  std::snprintf(path, sizeof path, "/proc/self/task/%d/schedstat", int(tid));
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  char buf[128];
  ssize_t n = read(fd, buf, sizeof buf - 1);
  close(fd);
  if (n <= 0) return -1;
  buf[n] = '\0';
  char* end = nullptr;
  std::strtoll(buf, &end, 10);
  if (end == buf) return -1;
  char* wait_end = nullptr;
  long long wait = std::strtoll(end, &wait_end, 10);
  return wait_end == end ? -1 : int64_t(wait);
}

}  // namespace

pid_t current_thread_id() { return pid_t(syscall(SYS_gettid)); }

ThreadCpuSample sample_thread_cpu(pthread_t thread, pid_t tid) {
  ThreadCpuSample s;
  clockid_t clock{};
  timespec ts{};
  if (pthread_getcpuclockid(thread, &clock) == 0 && clock_gettime(clock, &ts) == 0)
    s.cpu_ns = int64_t(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
  if (tid > 0) s.runqueue_wait_ns = read_runqueue_wait_ns(tid);
  s.mono_ns = mono_ns();
  return s;
}

}  // namespace aiperf
