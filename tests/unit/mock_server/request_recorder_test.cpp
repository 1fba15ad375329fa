// --record-requests: one JSON line per request read, written as it arrives.
#include "mock_server/request_recorder.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "mock_server/mock_server.h"
#include "test_http_client.h"

namespace aiperf::mock {
namespace {

using nlohmann::json;
using testing::post_request;
using testing::TestConnection;

std::string temp_path() {
  char path[] = "/tmp/aiperf-record-XXXXXX";
  int fd = mkstemp(path);
  EXPECT_GE(fd, 0);
  close(fd);
  return path;
}

std::vector<json> read_lines(const std::string& path) {
  std::vector<json> lines;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) lines.push_back(json::parse(line));
  return lines;
}

TEST(RequestRecorder, EveryRequestWithItsHeadersInOrderAndItsBody) {
  const std::string path = temp_path();
  MockConfig config;
  config.port = 0;
  config.workers = 2;
  config.record_requests = path;
  MockServer server(config);
  TestConnection c(server.port());
  const std::string body = R"({"model":"m","messages":[{"role":"user","content":"hi"}],"max_tokens":1})";
  EXPECT_EQ(c.roundtrip(post_request("/v1/chat/completions", body, "X-Request-ID: abc\r\nAuthorization: Bearer k\r\n")).status,
            200);
  EXPECT_EQ(c.roundtrip(post_request("/v1/completions", "not json")).status, 400);
  // Written as each request is read: visible before the server stops.
  std::vector<json> lines = read_lines(path);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0]["method"], "POST");
  EXPECT_EQ(lines[0]["target"], "/v1/chat/completions");
  EXPECT_EQ(lines[0]["body"], json::parse(body));
  EXPECT_FALSE(lines[0].contains("body_text"));
  const json want_headers = json::parse(
      R"([["Host","127.0.0.1"],["Content-Type","application/json"],["X-Request-ID","abc"],)"
      R"(["Authorization","Bearer k"],["Content-Length",")" + std::to_string(body.size()) + R"("]])");
  EXPECT_EQ(lines[0]["headers"], want_headers);
  EXPECT_EQ(lines[1]["body_text"], "not json");  // bodies that are not JSON are kept as text
  EXPECT_FALSE(lines[1].contains("body"));
  server.stop();
  std::remove(path.c_str());
}

TEST(RequestRecorder, UnwritableFileNamesTheFlag) {
  RequestRecorder r;
  EXPECT_EQ(r.open("/nonexistent-dir/x.jsonl"), "--record-requests: cannot write '/nonexistent-dir/x.jsonl'");
  EXPECT_FALSE(r.enabled());
}

}  // namespace
}  // namespace aiperf::mock
