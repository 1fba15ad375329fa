#pragma once
// --record-requests FILE: the mock appends one JSON line per request it reads (method, target,
// every header in arrival order, body), so tests can check exactly what a client sent
// (docs/mock-server.md, tests/e2e/endpoint_golden_bodies.sh).
#include <cstdio>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace aiperf::mock {

class RequestRecorder {
 public:
  // Truncates `path`; returns "" or a one-line message naming the file.
  std::string open(const std::string& path);
  bool enabled() const { return file_ != nullptr; }

  // One line: {"method","target","headers":[[name,value],...],"body":<JSON>} where "body" is
  // the parsed body when it is JSON, else "body_text" holds it as a string. Flushed at once so
  // a test can read the file while the mock still runs. Thread-safe.
  void record(std::string_view method, std::string_view target,
              const std::vector<std::pair<std::string, std::string>>& headers, std::string_view body);

  ~RequestRecorder();

 private:
  std::mutex mutex_;
  std::FILE* file_ = nullptr;
};

}  // namespace aiperf::mock
