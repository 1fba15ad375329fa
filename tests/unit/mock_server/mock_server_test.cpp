// The server in-process on 127.0.0.1, port 0, spoken to over raw TCP.
#include "mock_server/mock_server.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <thread>
#include <vector>

#include "mock_server/mock_request.h"
#include "reply_words.h"
#include "test_http_client.h"

namespace aiperf::mock {
namespace {

using namespace std::chrono_literals;
using nlohmann::json;
using testing::Clock;
using testing::get_request;
using testing::HttpResponse;
using testing::post_request;
using testing::sse_data;
using testing::TestConnection;

constexpr std::string_view kChat = "/v1/chat/completions";
constexpr std::string_view kCompletions = "/v1/completions";

MockConfig two_worker_config() {
  MockConfig c;
  c.port = 0;
  c.workers = 2;
  return c;
}

double ms_between(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double, std::milli>(b - a).count();
}

std::string chat_body(int max_tokens, bool stream, bool include_usage = false) {
  json j = {{"model", "test-model"},
            {"messages", {{{"role", "user"}, {"content", "one two three"}}}},
            {"max_tokens", max_tokens},
            {"stream", stream}};
  if (include_usage) j["stream_options"] = {{"include_usage", true}};
  return j.dump();
}

// Content deltas of a streamed chat reply, checking the event sequence around them.
std::vector<std::string> chat_stream_contents(const HttpResponse& r, bool expect_usage, int prompt_tokens,
                                              int completion_tokens) {
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.headers.at("content-type"), "text/event-stream");
  EXPECT_EQ(r.headers.at("transfer-encoding"), "chunked");
  std::vector<std::string> data = sse_data(r.body);
  std::vector<std::string> contents;
  size_t tail = 2 + (expect_usage ? 1 : 0);  // finish [+ usage] + [DONE]
  if (data.size() < 1 + tail) {
    ADD_FAILURE() << "too few events: " << r.body;
    return contents;
  }
  json role = json::parse(data[0]);
  EXPECT_EQ(role["object"], "chat.completion.chunk");
  EXPECT_TRUE(role["id"].get<std::string>().starts_with("chatcmpl-"));
  EXPECT_EQ(role["model"], "test-model");
  EXPECT_EQ(role["choices"][0]["delta"], json::parse(R"({"role":"assistant","content":""})"));
  EXPECT_TRUE(role["choices"][0]["finish_reason"].is_null());
  for (size_t i = 1; i + tail < data.size(); ++i) {
    json e = json::parse(data[i]);
    EXPECT_EQ(e["object"], "chat.completion.chunk");
    EXPECT_EQ(e["choices"][0]["index"], 0);
    EXPECT_TRUE(e["choices"][0]["finish_reason"].is_null());
    contents.push_back(e["choices"][0]["delta"]["content"]);
  }
  json finish = json::parse(data[data.size() - tail]);
  EXPECT_EQ(finish["choices"][0]["delta"], json::object());
  EXPECT_EQ(finish["choices"][0]["finish_reason"], "length");
  if (expect_usage) {
    json usage = json::parse(data[data.size() - 2]);
    EXPECT_EQ(usage["choices"], json::array());
    EXPECT_EQ(usage["usage"]["prompt_tokens"], prompt_tokens);
    EXPECT_EQ(usage["usage"]["completion_tokens"], completion_tokens);
    EXPECT_EQ(usage["usage"]["total_tokens"], prompt_tokens + completion_tokens);
  }
  size_t with_usage = std::count_if(data.begin(), data.end(),
                                    [](const std::string& d) { return d.find("\"usage\"") != std::string::npos; });
  EXPECT_EQ(with_usage, expect_usage ? 1u : 0u);
  EXPECT_EQ(data.back(), "[DONE]");
  return contents;
}

int64_t total_words(const std::vector<std::string>& pieces) {
  int64_t n = 0;
  for (const auto& p : pieces) n += count_words(p);
  return n;
}

TEST(MockServer, Health) {
  MockServer server(two_worker_config());
  TestConnection c(server.port());
  HttpResponse r = c.roundtrip(get_request("/health"));
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.headers["content-type"], "application/json");
  EXPECT_EQ(json::parse(r.body), json::parse(R"({"status":"ok"})"));
}

TEST(MockServer, ModelsListsTheConfiguredModel) {
  MockConfig config = two_worker_config();
  config.model = "my-model";
  MockServer server(config);
  TestConnection c(server.port());
  HttpResponse r = c.roundtrip(get_request("/v1/models"));
  EXPECT_EQ(r.status, 200);
  json j = json::parse(r.body);
  EXPECT_EQ(j["object"], "list");
  ASSERT_EQ(j["data"].size(), 1u);
  EXPECT_EQ(j["data"][0]["id"], "my-model");
  EXPECT_EQ(j["data"][0]["object"], "model");
}

TEST(MockServer, UnknownPathIs404AndWrongMethodIs405) {
  MockServer server(two_worker_config());
  TestConnection c(server.port());
  HttpResponse r = c.roundtrip(get_request("/v2/nothing"));
  EXPECT_EQ(r.status, 404);
  EXPECT_EQ(json::parse(r.body)["error"]["code"], 404);
  r = c.roundtrip(get_request("/v1/chat/completions"));
  EXPECT_EQ(r.status, 405);
  EXPECT_EQ(json::parse(r.body)["error"]["code"], 405);
}

TEST(MockServer, BadJsonIs400AndConnectionSurvives) {
  MockServer server(two_worker_config());
  TestConnection c(server.port());
  HttpResponse r = c.roundtrip(post_request(kChat, "{not json"));
  EXPECT_EQ(r.status, 400);
  json j = json::parse(r.body);
  EXPECT_TRUE(j["error"]["message"].is_string());
  EXPECT_TRUE(j["error"]["type"].is_string());
  EXPECT_EQ(j["error"]["code"], 400);
  EXPECT_EQ(c.roundtrip(get_request("/health")).status, 200);
}

TEST(MockServer, MalformedHttpIs400ThenClose) {
  MockServer server(two_worker_config());
  TestConnection c(server.port());
  HttpResponse r = c.roundtrip("NOT HTTP AT ALL\r\n\r\n");
  EXPECT_EQ(r.status, 400);
  EXPECT_TRUE(c.closed_by_peer(1s));
}

TEST(MockServer, ErrorRateOneAnswers500) {
  MockConfig config = two_worker_config();
  config.error_rate = 1.0;
  MockServer server(config);
  TestConnection c(server.port());
  for (bool stream : {false, true}) {
    HttpResponse r = c.roundtrip(post_request(kChat, chat_body(4, stream)));
    EXPECT_EQ(r.status, 500);
    json j = json::parse(r.body);
    EXPECT_EQ(j["error"]["code"], 500);
    EXPECT_TRUE(j["error"]["message"].is_string());
  }
  EXPECT_EQ(c.roundtrip(get_request("/health")).status, 200);  // only completions fail
}

TEST(MockServer, StreamingChatShape) {
  MockServer server(two_worker_config());
  TestConnection c(server.port());
  HttpResponse r = c.roundtrip(post_request(kChat, chat_body(5, true)));
  std::vector<std::string> contents = chat_stream_contents(r, false, 3, 5);
  EXPECT_EQ(contents.size(), 5u);
  for (const auto& piece : contents) {
    EXPECT_EQ(count_words(piece), 1);
    EXPECT_EQ(piece[0], ' ');
  }
}

TEST(MockServer, StreamingChatUsageOnlyWhenRequested) {
  MockServer server(two_worker_config());
  TestConnection c(server.port());
  HttpResponse r = c.roundtrip(post_request(kChat, chat_body(4, true, true)));
  EXPECT_EQ(total_words(chat_stream_contents(r, true, 3, 4)), 4);
}

TEST(MockServer, OutputTokensAndTokensPerChunkFlags) {
  MockConfig config = two_worker_config();
  config.output_tokens = 10;
  config.tokens_per_chunk = 4;
  MockServer server(config);
  TestConnection c(server.port());
  HttpResponse r = c.roundtrip(post_request(kChat, chat_body(99, true, true)));
  std::vector<std::string> data = sse_data(r.body);
  // role, 3 content chunks (4+4+2), finish, usage, [DONE]
  ASSERT_EQ(data.size(), 7u);
  EXPECT_EQ(count_words(json::parse(data[1])["choices"][0]["delta"]["content"].get<std::string>()), 4);
  EXPECT_EQ(count_words(json::parse(data[3])["choices"][0]["delta"]["content"].get<std::string>()), 2);
  // --output-tokens stopped before the request's limit, like EOS would.
  EXPECT_EQ(json::parse(data[4])["choices"][0]["finish_reason"], "stop");
  EXPECT_EQ(json::parse(data[5])["usage"]["completion_tokens"], 10);
}

TEST(MockServer, NonStreamingChatShape) {
  MockServer server(two_worker_config());
  TestConnection c(server.port());
  HttpResponse r = c.roundtrip(post_request(kChat, chat_body(6, false)));
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.headers["content-type"], "application/json");
  EXPECT_EQ(r.headers["content-length"], std::to_string(r.body.size()));
  json j = json::parse(r.body);
  EXPECT_EQ(j["object"], "chat.completion");
  EXPECT_EQ(j["model"], "test-model");
  EXPECT_EQ(j["choices"][0]["message"]["role"], "assistant");
  EXPECT_EQ(count_words(j["choices"][0]["message"]["content"].get<std::string>()), 6);
  EXPECT_EQ(j["choices"][0]["finish_reason"], "length");
  EXPECT_EQ(j["usage"], json::parse(R"({"prompt_tokens":3,"completion_tokens":6,"total_tokens":9})"));
}

TEST(MockServer, DefaultsTo16TokensAndConfiguredModel) {
  MockServer server(two_worker_config());
  TestConnection c(server.port());
  HttpResponse r = c.roundtrip(post_request(kChat, R"({"messages":[{"role":"user","content":"x"}]})"));
  json j = json::parse(r.body);
  EXPECT_EQ(j["model"], "mock-model");
  EXPECT_EQ(j["usage"]["completion_tokens"], 16);
  EXPECT_EQ(count_words(j["choices"][0]["message"]["content"].get<std::string>()), 16);
}

TEST(MockServer, MaxCompletionTokensPreferred) {
  MockServer server(two_worker_config());
  TestConnection c(server.port());
  HttpResponse r = c.roundtrip(post_request(
      kChat, R"({"messages":[{"role":"user","content":"x"}],"max_completion_tokens":3,"max_tokens":8})"));
  EXPECT_EQ(json::parse(r.body)["usage"]["completion_tokens"], 3);
}

TEST(MockServer, CompletionsNonStreaming) {
  MockServer server(two_worker_config());
  TestConnection c(server.port());
  HttpResponse r = c.roundtrip(post_request(kCompletions, R"({"model":"m","prompt":["a b","c"],"max_tokens":4})"));
  EXPECT_EQ(r.status, 200);
  json j = json::parse(r.body);
  EXPECT_EQ(j["object"], "text_completion");
  EXPECT_TRUE(j["id"].get<std::string>().starts_with("cmpl-"));
  EXPECT_EQ(count_words(j["choices"][0]["text"].get<std::string>()), 4);
  EXPECT_EQ(j["choices"][0]["finish_reason"], "length");
  EXPECT_EQ(j["usage"], json::parse(R"({"prompt_tokens":3,"completion_tokens":4,"total_tokens":7})"));
}

TEST(MockServer, CompletionsStreaming) {
  MockServer server(two_worker_config());
  TestConnection c(server.port());
  for (bool usage : {false, true}) {
    json body = {{"model", "m"}, {"prompt", "a b c d"}, {"max_tokens", 3}, {"stream", true}};
    if (usage) body["stream_options"] = {{"include_usage", true}};
    HttpResponse r = c.roundtrip(post_request(kCompletions, body.dump()));
    EXPECT_EQ(r.headers["content-type"], "text/event-stream");
    std::vector<std::string> data = sse_data(r.body);
    ASSERT_EQ(data.size(), usage ? 6u : 5u);  // 3 text chunks, finish, [usage], [DONE]
    std::string text;
    for (int i = 0; i < 3; ++i) {
      json e = json::parse(data[i]);
      EXPECT_EQ(e["object"], "text_completion");
      EXPECT_TRUE(e["choices"][0]["finish_reason"].is_null());
      text += e["choices"][0]["text"].get<std::string>();
    }
    EXPECT_EQ(count_words(text), 3);
    EXPECT_EQ(json::parse(data[3])["choices"][0]["finish_reason"], "length");
    if (usage) {
      json u = json::parse(data[4]);
      EXPECT_EQ(u["choices"], json::array());
      EXPECT_EQ(u["usage"], json::parse(R"({"prompt_tokens":4,"completion_tokens":3,"total_tokens":7})"));
    }
    EXPECT_EQ(data.back(), "[DONE]");
  }
}

TEST(MockServer, KeepAliveServesSeveralRequestsOnOneConnection) {
  MockServer server(two_worker_config());
  TestConnection c(server.port());
  HttpResponse a = c.roundtrip(post_request(kChat, chat_body(3, true)));
  EXPECT_EQ(a.headers["connection"], "keep-alive");
  HttpResponse b = c.roundtrip(post_request(kChat, chat_body(2, false)));
  EXPECT_EQ(b.status, 200);
  EXPECT_EQ(c.roundtrip(get_request("/health")).status, 200);
  EXPECT_FALSE(c.closed_by_peer(50ms));
}

TEST(MockServer, PipelinedRequestsAreAnsweredInOrder) {
  MockServer server(two_worker_config());
  TestConnection c(server.port());
  c.send(post_request(kChat, chat_body(2, true)) + get_request("/health") + post_request(kChat, chat_body(3, false)));
  EXPECT_EQ(sse_data(c.read_response().body).back(), "[DONE]");
  EXPECT_EQ(c.read_response().body, R"({"status":"ok"})");
  EXPECT_EQ(json::parse(c.read_response().body)["usage"]["completion_tokens"], 3);
}

TEST(MockServer, ConnectionCloseIsHonoured) {
  MockServer server(two_worker_config());
  TestConnection c(server.port());
  HttpResponse r = c.roundtrip(post_request(kChat, chat_body(2, false), "Connection: close\r\n"));
  EXPECT_EQ(r.headers["connection"], "close");
  EXPECT_TRUE(c.closed_by_peer(1s));
}

TEST(MockServer, CloseAfterStreamClosesWhileAdvertisingKeepAlive) {
  MockConfig config = two_worker_config();
  config.close_after_stream = true;
  MockServer server(config);
  TestConnection plain(server.port());
  EXPECT_EQ(plain.roundtrip(post_request(kChat, chat_body(2, false))).status, 200);
  EXPECT_FALSE(plain.closed_by_peer(50ms));  // only streamed replies close

  TestConnection streamed(server.port());
  HttpResponse r = streamed.roundtrip(post_request(kChat, chat_body(2, true)));
  EXPECT_EQ(r.headers["connection"], "keep-alive");
  EXPECT_EQ(sse_data(r.body).back(), "[DONE]");
  EXPECT_TRUE(streamed.closed_by_peer(1s));
}

TEST(MockServer, ChunkedRequestBodyAndExpectContinue) {
  MockServer server(two_worker_config());
  TestConnection c(server.port());
  std::string body = chat_body(2, false);
  std::string chunked = "POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n";
  std::string half1 = body.substr(0, 10), half2 = body.substr(10);
  char size1[16], size2[16];
  std::snprintf(size1, sizeof size1, "%zx", half1.size());
  std::snprintf(size2, sizeof size2, "%zx", half2.size());
  chunked += std::string(size1) + "\r\n" + half1 + "\r\n" + size2 + "\r\n" + half2 + "\r\n0\r\n\r\n";
  EXPECT_EQ(json::parse(c.roundtrip(chunked).body)["usage"]["completion_tokens"], 2);

  // A client sending Expect: 100-continue waits for the interim reply before the body.
  std::string head = post_request(kChat, body, "Expect: 100-continue\r\n");
  c.send(head.substr(0, head.size() - body.size()));
  HttpResponse interim = c.read_response();
  EXPECT_EQ(interim.status, 100);
  c.send(body);
  EXPECT_EQ(c.read_response().status, 200);
}

TEST(MockServer, TtftAndItlAreHonoured) {
  MockConfig config = two_worker_config();
  config.ttft_ms = 50;
  config.itl_ms = 20;
  MockServer server(config);
  TestConnection c(server.port());
  Clock::time_point sent = Clock::now();
  HttpResponse r = c.roundtrip(post_request(kChat, chat_body(5, true)));
  // Chunks: role (with the first token's write), 5 content chunks, then the tail events.
  ASSERT_GE(r.chunks.size(), 6u);
  std::vector<double> content_ms;
  for (size_t i = 0; i < r.chunks.size(); ++i) {
    if (r.chunks[i].find("\"content\":\" ") != std::string::npos) content_ms.push_back(ms_between(sent, r.chunk_times[i]));
  }
  ASSERT_EQ(content_ms.size(), 5u);
  EXPECT_GE(content_ms[0], 50.0);
  EXPECT_LE(content_ms[0], 80.0);
  // Deadlines are absolute (t0 + ttft + j*itl): never early, and a late chunk does not push
  // the later ones back, so each is checked against its own deadline rather than the gap.
  for (size_t j = 1; j < content_ms.size(); ++j) {
    double due = 50.0 + 20.0 * static_cast<double>(j);
    EXPECT_GE(content_ms[j], due) << "chunk " << j;
    EXPECT_LE(content_ms[j], due + 40.0) << "chunk " << j;
  }
}

TEST(MockServer, TimingLogRecordsWhatWasSentWhen) {
  MockConfig config = two_worker_config();
  config.ttft_ms = 20;
  config.itl_ms = 5;
  char path[] = "/tmp/aiperf-timing-log-XXXXXX";
  int fd = mkstemp(path);
  ASSERT_GE(fd, 0);
  close(fd);
  config.timing_log = path;
  std::string reply_id;
  {
    MockServer server(config);
    TestConnection c(server.port());
    HttpResponse streamed = c.roundtrip(post_request(kChat, chat_body(4, true)));
    reply_id = json::parse(sse_data(streamed.body).at(0))["id"].get<std::string>();
    c.roundtrip(post_request(kChat, chat_body(3, false)));
    server.stop();  // writes the log
  }
  std::vector<json> lines;
  std::FILE* f = std::fopen(path, "r");
  ASSERT_NE(f, nullptr);
  char buf[1024];
  while (std::fgets(buf, sizeof buf, f)) lines.push_back(json::parse(buf));
  std::fclose(f);
  std::remove(path);
  ASSERT_EQ(lines.size(), 2u);
  const json& s = lines[0];
  EXPECT_EQ("chatcmpl-" + s["id"].get<std::string>(), reply_id);
  EXPECT_TRUE(s["stream"].get<bool>());
  EXPECT_EQ(s["chunks"].get<int64_t>(), 4);
  EXPECT_EQ(s["first_due_ns"].get<int64_t>() - s["read_ns"].get<int64_t>(), 20'000'000);
  EXPECT_GE(s["first_write_ns"].get<int64_t>(), s["first_due_ns"].get<int64_t>());  // never early
  // The last chunk is due at t0 + ttft + 3·itl; deadlines are absolute, so only that is certain.
  EXPECT_GE(s["last_write_ns"].get<int64_t>() - s["read_ns"].get<int64_t>(), 20'000'000 + 3 * 5'000'000);
  EXPECT_GE(s["max_late_ns"].get<int64_t>(), 0);
  EXPECT_LE(s["max_late_ns"].get<int64_t>(), s["sum_late_ns"].get<int64_t>());
  const json& n = lines[1];
  EXPECT_FALSE(n["stream"].get<bool>());
  EXPECT_EQ(n["chunks"].get<int64_t>(), 1);
  // A non-streaming reply is due when its last token would have been: t0 + ttft + 2·itl.
  EXPECT_EQ(n["first_due_ns"].get<int64_t>() - n["read_ns"].get<int64_t>(), 30'000'000);
}

// Prometheus line "name value" -> value.
int64_t prometheus_value(const std::string& body, const std::string& name) {
  size_t at = body.find("\n" + name + " ");
  if (at == std::string::npos) return -1;
  return std::stoll(body.substr(at + name.size() + 2));
}

TEST(MockServer, MetricsCountRequestsInFlightAndTheirPeak) {
  MockConfig config = two_worker_config();
  config.ttft_ms = 300;
  MockServer server(config);
  std::vector<std::unique_ptr<TestConnection>> streams;
  for (int i = 0; i < 3; ++i) {
    streams.push_back(std::make_unique<TestConnection>(server.port()));
    streams.back()->send(post_request(kChat, chat_body(2, true)));
  }
  TestConnection probe(server.port());
  HttpResponse during;
  for (int attempt = 0; attempt < 50; ++attempt) {  // until all three requests have been read
    during = probe.roundtrip(get_request("/metrics"));
    if (prometheus_value(during.body, "aiperf_mock_in_flight") == 3) break;
    std::this_thread::sleep_for(5ms);
  }
  EXPECT_EQ(during.status, 200);
  EXPECT_NE(during.headers["content-type"].find("text/plain"), std::string::npos);
  EXPECT_EQ(prometheus_value(during.body, "aiperf_mock_in_flight"), 3) << during.body;
  EXPECT_EQ(prometheus_value(during.body, "aiperf_mock_awaiting_first_token"), 3) << during.body;
  for (auto& s : streams) EXPECT_EQ(s->read_response().status, 200);
  // The client can hold a reply's last byte before the server's write completion has run and
  // counted the request as answered: wait for it (bounded), as for the reads above.
  HttpResponse after;
  for (int attempt = 0; attempt < 50; ++attempt) {
    after = probe.roundtrip(get_request("/metrics"));
    if (prometheus_value(after.body, "aiperf_mock_in_flight") == 0) break;
    std::this_thread::sleep_for(5ms);
  }
  EXPECT_EQ(prometheus_value(after.body, "aiperf_mock_in_flight"), 0) << after.body;
  EXPECT_EQ(prometheus_value(after.body, "aiperf_mock_in_flight_peak"), 3);
  EXPECT_EQ(prometheus_value(after.body, "aiperf_mock_requests_total"), 3);
  EXPECT_EQ(prometheus_value(after.body, "aiperf_mock_awaiting_first_token"), 0) << after.body;
  EXPECT_EQ(prometheus_value(after.body, "aiperf_mock_awaiting_first_token_peak"), 3);
}

TEST(MockServer, NonStreamingWaitsForTheLastToken) {
  MockConfig config = two_worker_config();
  config.ttft_ms = 30;
  config.itl_ms = 10;
  MockServer server(config);
  TestConnection c(server.port());
  Clock::time_point sent = Clock::now();
  HttpResponse r = c.roundtrip(post_request(kChat, chat_body(4, false)));
  double ms = ms_between(sent, Clock::now());
  EXPECT_EQ(r.status, 200);
  EXPECT_GE(ms, 60.0);  // ttft + 3 * itl
  EXPECT_LE(ms, 95.0);
}

// Timer-driven streams overlap: 200 streams of 10 chunks at 10 ms ITL take ~100 ms in total,
// not 200 x 100 ms.
TEST(MockServer, ManyConcurrentStreams) {
  MockConfig config = two_worker_config();
  config.itl_ms = 10;
  MockServer server(config);
  constexpr int kStreams = 200;
  std::vector<std::unique_ptr<TestConnection>> conns;
  for (int i = 0; i < kStreams; ++i) conns.push_back(std::make_unique<TestConnection>(server.port()));
  Clock::time_point start = Clock::now();
  std::string request = post_request(kChat, chat_body(10, true));
  for (auto& c : conns) c->send(request);
  for (auto& c : conns) {
    HttpResponse r = c->read_response();
    EXPECT_EQ(sse_data(r.body).back(), "[DONE]");
  }
  EXPECT_LT(ms_between(start, Clock::now()), 1000.0);
}

TEST(MockServer, StopIsIdempotentAndRefusesNewConnections) {
  auto server = std::make_unique<MockServer>(two_worker_config());
  uint16_t port = server->port();
  EXPECT_NE(port, 0);
  EXPECT_EQ(server->url(), "http://127.0.0.1:" + std::to_string(port));
  {
    TestConnection idle(port);  // open connections must not block stop()
    server->stop();
    server->stop();
  }
  EXPECT_THROW(TestConnection late(port), std::runtime_error);
}

TEST(MockServer, BindFailureNamesTheAddress) {
  MockServer first(two_worker_config());
  MockConfig config = two_worker_config();
  config.port = first.port();
  try {
    MockServer second(config);
    FAIL() << "second bind succeeded";
  } catch (const std::runtime_error& e) {
    EXPECT_TRUE(std::string(e.what()).starts_with("cannot listen on 127.0.0.1:" + std::to_string(first.port())));
  }
}

// --stall-after-s 0.2 --stall-ms 400: back-to-back requests on two connections; on each, the
// one that runs into the window waits for its end, and every request after it is fast again.
TEST(MockServer, StallHappensOnceForEveryConnection) {
  MockConfig config = two_worker_config();
  config.stall_after_s = 0.2;
  config.stall_ms = 400;
  MockServer server(config);
  const auto t0 = Clock::now();
  auto run = [&](std::vector<double>& latencies, std::vector<double>& ends) {
    TestConnection c(server.port());
    while (ms_between(t0, Clock::now()) < 1000) {
      const auto sent = Clock::now();
      HttpResponse r = c.roundtrip(post_request(kChat, chat_body(2, false)));
      EXPECT_EQ(r.status, 200);
      latencies.push_back(ms_between(sent, Clock::now()));
      ends.push_back(ms_between(t0, Clock::now()));
    }
  };
  std::vector<double> lat_a, end_a, lat_b, end_b;
  std::thread other([&] { run(lat_b, end_b); });
  run(lat_a, end_a);
  other.join();
  for (auto* v : {&lat_a, &lat_b}) {
    const auto* ends = v == &lat_a ? &end_a : &end_b;
    size_t slow = 0, slow_index = 0;
    for (size_t i = 0; i < v->size(); ++i)
      if ((*v)[i] > 150) ++slow, slow_index = i;
    EXPECT_EQ(slow, 1u) << "requests " << v->size();
    // The held reply went out at the window's end, ~600 ms after the first request.
    EXPECT_GE((*ends)[slow_index], 550);
    EXPECT_GT(v->size(), slow_index + 1) << "no request after the stall";
  }
}

}  // namespace
}  // namespace aiperf::mock
