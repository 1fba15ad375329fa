#include "mock_server/reply_timing.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

namespace aiperf::mock {

std::string write_timing_log(const std::string& path, const std::vector<const std::vector<ReplyTiming>*>& logs) {
  std::vector<const ReplyTiming*> all;
  for (const auto* log : logs) {
    for (const ReplyTiming& t : *log) all.push_back(&t);
  }
  std::sort(all.begin(), all.end(), [](const ReplyTiming* a, const ReplyTiming* b) { return a->read_ns < b->read_ns; });
  std::FILE* f = std::fopen(path.c_str(), "w");
  if (!f) return "--timing-log " + path + ": " + std::strerror(errno);
  for (const ReplyTiming* t : all) {
    std::fprintf(f,
                 "{\"id\":\"%llx\",\"stream\":%s,\"read_ns\":%lld,\"first_due_ns\":%lld,\"first_write_ns\":%lld,"
                 "\"last_write_ns\":%lld,\"chunks\":%lld,\"max_late_ns\":%lld,\"sum_late_ns\":%lld}\n",
                 static_cast<unsigned long long>(t->id), t->stream ? "true" : "false",
                 static_cast<long long>(t->read_ns), static_cast<long long>(t->first_due_ns),
                 static_cast<long long>(t->first_write_ns), static_cast<long long>(t->last_write_ns),
                 static_cast<long long>(t->chunks), static_cast<long long>(t->max_late_ns),
                 static_cast<long long>(t->sum_late_ns));
  }
  bool ok = std::fflush(f) == 0;
  ok = std::fclose(f) == 0 && ok;
  if (!ok) return "--timing-log " + path + ": write failed";
  return {};
}

}  // namespace aiperf::mock
