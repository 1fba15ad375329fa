#include "common/process_usage.h"

#include <time.h>
#include <unistd.h>

#include <cstdio>

namespace aiperf {

namespace {
int64_t clock_ns(clockid_t clock) {
  timespec ts{};
  clock_gettime(clock, &ts);
  return int64_t(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}
}  // namespace

ProcessUsage sample_process_usage() {
  ProcessUsage u;
  u.cpu_ns = clock_ns(CLOCK_PROCESS_CPUTIME_ID);
  if (FILE* f = std::fopen("/proc/self/statm", "r")) {
    unsigned long long size = 0, resident = 0;
    if (std::fscanf(f, "%llu %llu", &size, &resident) == 2) u.rss_bytes = resident * uint64_t(sysconf(_SC_PAGESIZE));
    std::fclose(f);
  }
  return u;
}

int64_t current_thread_cpu_ns() { return clock_ns(CLOCK_THREAD_CPUTIME_ID); }

}  // namespace aiperf
