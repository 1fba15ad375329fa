// The serving model end to end in-process: replies share one batch, wait in its queue, and
// their steps stretch with it. Timers never fire early, so lower bounds are exact; upper bounds
// leave room for a loaded machine.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <memory>
#include <thread>
#include <vector>

#include "mock_server/mock_server.h"
#include "test_http_client.h"

namespace aiperf::mock {
namespace {

using nlohmann::json;
using testing::Clock;
using testing::HttpResponse;
using testing::post_request;
using testing::TestConnection;

constexpr double kSlackMs = 60;

// Prompt "one two three" is 3 tokens: at 100 tokens/s prefill takes 30 ms. Steps: 20 + 10·b ms.
MockConfig batched_config(int64_t max_num_seqs) {
  MockConfig c;
  c.port = 0;
  c.workers = 2;
  c.serving.enabled = true;
  c.serving.prefill_tokens_per_s = 100;
  c.serving.decode_step_ms = 20;
  c.serving.decode_step_ms_per_seq = 10;
  c.serving.max_num_seqs = max_num_seqs;
  return c;
}

std::string chat(int max_tokens, bool stream) {
  return json{{"messages", {{{"role", "user"}, {"content", "one two three"}}}},
              {"max_tokens", max_tokens},
              {"stream", stream}}
      .dump();
}

struct Timed {
  HttpResponse response;
  std::vector<double> content_ms;  // streamed content chunks, from the send
  double done_ms = 0;              // the whole response read
};

// Sends every body on its own connection at once and reads them all concurrently.
std::vector<Timed> send_together(uint16_t port, const std::vector<std::string>& bodies) {
  std::vector<std::unique_ptr<TestConnection>> connections;
  for (size_t i = 0; i < bodies.size(); ++i) connections.push_back(std::make_unique<TestConnection>(port));
  std::vector<Timed> out(bodies.size());
  std::vector<Clock::time_point> sent(bodies.size());
  for (size_t i = 0; i < bodies.size(); ++i) {
    sent[i] = Clock::now();
    connections[i]->send(post_request("/v1/chat/completions", bodies[i]));
  }
  std::vector<std::thread> readers;
  for (size_t i = 0; i < bodies.size(); ++i) {
    readers.emplace_back([&, i] {
      out[i].response = connections[i]->read_response();
      const auto ms = [&](Clock::time_point t) { return std::chrono::duration<double, std::milli>(t - sent[i]).count(); };
      out[i].done_ms = ms(Clock::now());
      const HttpResponse& r = out[i].response;
      for (size_t c = 0; c < r.chunks.size(); ++c)
        if (r.chunks[c].find("\"content\":\" ") != std::string::npos) out[i].content_ms.push_back(ms(r.chunk_times[c]));
    });
  }
  for (auto& t : readers) t.join();
  return out;
}

TEST(BatchedReplies, AThirdRequestWaitsForASlotAndStepsStretchWithTheBatch) {
  MockServer server(batched_config(2));
  std::vector<Timed> r = send_together(server.port(), {chat(4, true), chat(4, true), chat(4, true)});
  for (const Timed& t : r) {
    ASSERT_EQ(t.response.status, 200);
    ASSERT_EQ(t.content_ms.size(), 4u);
  }
  std::sort(r.begin(), r.end(), [](const Timed& a, const Timed& b) { return a.content_ms[0] < b.content_ms[0]; });
  // Two run at once (b = 2): prefill 30 ms, then steps of 40 ms; done at S = 30 + 3·40 = 150 ms.
  for (int i = 0; i < 2; ++i) {
    for (size_t j = 0; j < 4; ++j) {
      const double due = 30.0 + 40.0 * double(j);
      EXPECT_GE(r[i].content_ms[j], due - 1) << i << " " << j;
      EXPECT_LE(r[i].content_ms[j], due + kSlackMs) << i << " " << j;
    }
  }
  // The third takes a slot when the first finishes (150 ms), prefills (30 ms), then runs alone
  // (b = 1): steps of 30 ms.
  for (size_t j = 0; j < 4; ++j) {
    const double due = 150.0 + 30.0 + 30.0 * double(j);
    EXPECT_GE(r[2].content_ms[j], due - 5) << j;  // its send was up to a few ms after the first
    EXPECT_LE(r[2].content_ms[j], due + kSlackMs) << j;
  }
}

TEST(BatchedReplies, NonStreamingRepliesQueueAndLeaveWithTheirLastToken) {
  MockServer server(batched_config(1));
  std::vector<Timed> r = send_together(server.port(), {chat(3, false), chat(3, false)});
  std::sort(r.begin(), r.end(), [](const Timed& a, const Timed& b) { return a.done_ms < b.done_ms; });
  for (const Timed& t : r) ASSERT_EQ(t.response.status, 200);
  // Alone in the batch: S = 30 + 2·30 = 90 ms; the second starts when the first is done.
  EXPECT_GE(r[0].done_ms, 90.0);
  EXPECT_LE(r[0].done_ms, 90.0 + kSlackMs);
  EXPECT_GE(r[1].done_ms, 180.0 - 5);
  EXPECT_LE(r[1].done_ms, 180.0 + kSlackMs);
  EXPECT_EQ(json::parse(r[1].response.body)["usage"]["completion_tokens"], 3);
}

TEST(BatchedReplies, ARequestThatNeverFitsTheKvCacheIsRefused) {
  MockConfig config = batched_config(4);
  config.serving.kv_cache_tokens = 6;
  MockServer server(config);
  TestConnection c(server.port());
  HttpResponse r = c.roundtrip(post_request("/v1/chat/completions", chat(4, true)));
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(json::parse(r.body)["error"]["message"], "prompt (3) + output (4) tokens exceed --kv-cache-tokens 6");
  r = c.roundtrip(post_request("/v1/chat/completions", chat(3, false)));  // 3 + 3 fits
  EXPECT_EQ(r.status, 200);
}

// A client that goes away while queued or mid-reply gives its slot back.
TEST(BatchedReplies, AbandonedRequestsFreeTheirSlots) {
  MockServer server(batched_config(1));
  {
    TestConnection running(server.port());
    running.send(post_request("/v1/chat/completions", chat(200, true)));
    TestConnection queued(server.port());
    queued.send(post_request("/v1/chat/completions", chat(200, true)));
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }  // both closed: the running one notices at its next write, the queued one when admitted
  TestConnection c(server.port());
  const Clock::time_point sent = Clock::now();
  HttpResponse r = c.roundtrip(post_request("/v1/chat/completions", chat(2, false)));
  EXPECT_EQ(r.status, 200);
  // Had the two kept their places, this one would wait for 200 tokens of 30 ms (6 s).
  const double ms = std::chrono::duration<double, std::milli>(Clock::now() - sent).count();
  EXPECT_LE(ms, 500.0);
}

}  // namespace
}  // namespace aiperf::mock
