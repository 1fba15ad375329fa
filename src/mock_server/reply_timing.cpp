#include "mock_server/reply_timing.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

namespace aiperf::mock {
namespace {

// The header value is client-chosen: keep only characters that need no JSON escaping.
std::string json_safe(const std::string& s) {
  std::string out;
  for (char c : s)
    if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') out.push_back(c);
  return out;
}

}  // namespace

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
                 "\"last_write_ns\":%lld,\"chunks\":%lld,\"max_late_ns\":%lld,\"sum_late_ns\":%lld,"
                 "\"messages\":%lld,\"assistant_messages\":%lld,\"prompt_tokens\":%lld,\"correlation_id\":\"%s\"}\n",
                 static_cast<unsigned long long>(t->id), t->stream ? "true" : "false",
                 static_cast<long long>(t->read_ns), static_cast<long long>(t->first_due_ns),
                 static_cast<long long>(t->first_write_ns), static_cast<long long>(t->last_write_ns),
                 static_cast<long long>(t->chunks), static_cast<long long>(t->max_late_ns),
                 static_cast<long long>(t->sum_late_ns), static_cast<long long>(t->messages),
                 static_cast<long long>(t->assistant_messages), static_cast<long long>(t->prompt_tokens),
                 json_safe(t->correlation_id).c_str());
  }
  bool ok = std::fflush(f) == 0;
  ok = std::fclose(f) == 0 && ok;
  if (!ok) return "--timing-log " + path + ": write failed";
  return {};
}

}  // namespace aiperf::mock
