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

// session_headers as a JSON array of "name: value" strings (an array, not an object, so a
// header sent twice shows twice).
std::string headers_json(const std::string& joined) {
  std::string out = "[";
  size_t start = 0;
  while (start < joined.size()) {
    size_t end = joined.find('\n', start);
    if (end == std::string::npos) end = joined.size();
    if (out.size() > 1) out += ',';
    out += '"' + json_safe(joined.substr(start, end - start)) + '"';
    start = end + 1;
  }
  return out + "]";
}

}  // namespace

uint64_t fnv1a64(std::string_view bytes) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  return h;
}

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
                 "\"messages\":%lld,\"assistant_messages\":%lld,\"prompt_tokens\":%lld,\"correlation_id\":\"%s\","
                 "\"connection\":\"%llx\",\"session_headers\":%s,\"body_fnv1a\":\"%016llx\","
                 "\"image_parts\":%lld,\"audio_parts\":%lld}\n",
                 static_cast<unsigned long long>(t->id), t->stream ? "true" : "false",
                 static_cast<long long>(t->read_ns), static_cast<long long>(t->first_due_ns),
                 static_cast<long long>(t->first_write_ns), static_cast<long long>(t->last_write_ns),
                 static_cast<long long>(t->chunks), static_cast<long long>(t->max_late_ns),
                 static_cast<long long>(t->sum_late_ns), static_cast<long long>(t->messages),
                 static_cast<long long>(t->assistant_messages), static_cast<long long>(t->prompt_tokens),
                 json_safe(t->correlation_id).c_str(), static_cast<unsigned long long>(t->connection),
                 headers_json(t->session_headers).c_str(), static_cast<unsigned long long>(t->body_fnv1a),
                 static_cast<long long>(t->image_parts), static_cast<long long>(t->audio_parts));
  }
  bool ok = std::fflush(f) == 0;
  ok = std::fclose(f) == 0 && ok;
  if (!ok) return "--timing-log " + path + ": write failed";
  return {};
}

}  // namespace aiperf::mock
