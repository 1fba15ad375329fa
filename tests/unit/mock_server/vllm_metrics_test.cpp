// vLLM's families on the mock's GET /metrics: the exposition text itself (cumulative buckets,
// _count = +Inf, sums) and the values the mock observes from its own schedule.
#include "mock_server/vllm_metrics.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <functional>
#include <map>
#include <memory>
#include <span>
#include <sstream>
#include <thread>
#include <vector>

#include "mock_server/mock_server.h"
#include "test_http_client.h"

namespace aiperf::mock {
namespace {

using namespace std::chrono_literals;

// One sample line of the exposition: name, its labels as written, value.
struct VmSample {
  std::string name, labels;
  double value = 0;
};

struct VmExposition {
  std::vector<VmSample> samples;
  std::map<std::string, std::string> types;  // # TYPE name -> type
  std::map<std::string, std::string> helps;  // # HELP name -> text

  double value(const std::string& name, const std::string& labels) const {
    for (const VmSample& s : samples)
      if (s.name == name && s.labels == labels) return s.value;
    ADD_FAILURE() << "no sample " << name << "{" << labels << "}";
    return -1;
  }
  // The `le` bounds and cumulative counts of histogram `name`, in text order.
  std::vector<std::pair<std::string, double>> buckets(const std::string& name) const {
    std::vector<std::pair<std::string, double>> out;
    for (const VmSample& s : samples) {
      if (s.name != name + "_bucket") continue;
      const size_t le = s.labels.find("le=\"");
      out.emplace_back(s.labels.substr(le + 4, s.labels.find('"', le + 4) - le - 4), s.value);
    }
    return out;
  }
};

VmExposition vm_parse(const std::string& text) {
  VmExposition e;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.starts_with("# TYPE ")) {
      const size_t sp = line.find(' ', 7);
      e.types[line.substr(7, sp - 7)] = line.substr(sp + 1);
    } else if (line.starts_with("# HELP ")) {
      const size_t sp = line.find(' ', 7);
      e.helps[line.substr(7, sp - 7)] = line.substr(sp + 1);
    } else if (!line.empty() && line[0] != '#') {
      VmSample s;
      const size_t brace = line.find('{');
      const size_t space = line.rfind(' ');
      if (brace != std::string::npos && brace < space) {
        s.name = line.substr(0, brace);
        s.labels = line.substr(brace + 1, line.rfind('}') - brace - 1);
      } else {
        s.name = line.substr(0, space);
      }
      s.value = std::stod(line.substr(space + 1));
      e.samples.push_back(s);
    }
  }
  return e;
}

constexpr const char* kVmLabels = "model_name=\"mock-model\"";

// Every histogram family: typed, cumulative, its bounds vLLM's, _count equal to +Inf.
void vm_expect_histogram(const VmExposition& e, const std::string& name, std::span<const double> bounds) {
  EXPECT_EQ(e.types.at(name), "histogram");
  EXPECT_FALSE(e.helps.at(name).empty());
  const auto buckets = e.buckets(name);
  ASSERT_EQ(buckets.size(), bounds.size() + 1) << name;
  for (size_t i = 0; i < bounds.size(); ++i) EXPECT_DOUBLE_EQ(std::stod(buckets[i].first), bounds[i]) << name;
  EXPECT_EQ(buckets.back().first, "+Inf");
  for (size_t i = 1; i < buckets.size(); ++i) EXPECT_LE(buckets[i - 1].second, buckets[i].second) << name;
  EXPECT_EQ(e.value(name + "_count", kVmLabels), buckets.back().second) << name;
}

TEST(VllmMetrics, ValuesOnABoundFallInThatBucket) {
  AtomicHistogram h(kVllmTtftBuckets);
  h.observe_ns(40'000'000);      // 0.04 exactly: le="0.04"
  h.observe_ns(50'000'000);      // le="0.06"
  h.observe_ns(-5);              // clock noise: counted as 0, le="0.001"
  h.observe_ns(3'000'000'000'000);  // past 2560 s: +Inf only
  std::vector<uint64_t> counts(kVllmTtftBuckets.size() + 1, 0);
  int64_t sum = 0;
  h.add_to(counts, sum);
  EXPECT_EQ(counts[0], 1u);
  EXPECT_EQ(counts[4], 1u);  // 0.04
  EXPECT_EQ(counts[5], 1u);  // 0.06
  EXPECT_EQ(counts.back(), 1u);
  EXPECT_EQ(sum, 40'000'000 + 50'000'000 + 3'000'000'000'000);
}

TEST(VllmMetrics, ExpositionSumsWorkersAndKeepsBucketsCumulative) {
  VllmWorkerMetrics a, b;
  VllmWorkerMetrics::add(a.prompt_tokens, 10);
  VllmWorkerMetrics::add(b.prompt_tokens, 5);
  VllmWorkerMetrics::add(a.generation_tokens, 7);
  VllmWorkerMetrics::add(a.finished_length, 2);
  VllmWorkerMetrics::add(b.finished_stop, 1);
  for (int64_t ms : {2, 30, 30, 700}) a.ttft.observe_ns(ms * 1'000'000);
  b.ttft.observe_ns(90'000'000);
  b.inter_token.observe_ns(12'000'000);
  a.e2e.observe_ns(1'200'000'000);
  const std::vector<const VllmWorkerMetrics*> workers = {&a, &b};
  std::string text;
  append_vllm_metrics(text, "mock-model", workers, VllmGauges{3, 2, 0.25});
  const VmExposition e = vm_parse(text);

  EXPECT_EQ(e.types.at("vllm:num_requests_running"), "gauge");
  EXPECT_EQ(e.value("vllm:num_requests_running", kVmLabels), 3);
  EXPECT_EQ(e.value("vllm:num_requests_waiting", kVmLabels), 2);
  EXPECT_EQ(e.value("vllm:kv_cache_usage_perc", kVmLabels), 0.25);
  EXPECT_EQ(e.types.at("vllm:prompt_tokens_total"), "counter");
  EXPECT_EQ(e.value("vllm:prompt_tokens_total", kVmLabels), 15);
  EXPECT_EQ(e.value("vllm:generation_tokens_total", kVmLabels), 7);
  EXPECT_EQ(e.value("vllm:request_success_total", std::string(kVmLabels) + ",finished_reason=\"length\""), 2);
  EXPECT_EQ(e.value("vllm:request_success_total", std::string(kVmLabels) + ",finished_reason=\"stop\""), 1);

  vm_expect_histogram(e, "vllm:time_to_first_token_seconds", kVllmTtftBuckets);
  vm_expect_histogram(e, "vllm:inter_token_latency_seconds", kVllmInterTokenBuckets);
  vm_expect_histogram(e, "vllm:e2e_request_latency_seconds", kVllmRequestLatencyBuckets);
  EXPECT_EQ(e.value("vllm:time_to_first_token_seconds_count", kVmLabels), 5);
  EXPECT_DOUBLE_EQ(e.value("vllm:time_to_first_token_seconds_sum", kVmLabels), 0.852);
  const auto ttft = e.buckets("vllm:time_to_first_token_seconds");
  EXPECT_EQ(ttft[1].second, 1);  // le=0.005: the 2 ms one
  EXPECT_EQ(ttft[4].second, 3);  // le=0.04: and both 30 ms
  EXPECT_EQ(ttft[7].second, 4);  // le=0.1: and 90 ms
  EXPECT_EQ(ttft[10].second, 5);  // le=0.75: and 700 ms
  EXPECT_DOUBLE_EQ(e.value("vllm:inter_token_latency_seconds_sum", kVmLabels), 0.012);
  EXPECT_DOUBLE_EQ(e.value("vllm:e2e_request_latency_seconds_sum", kVmLabels), 1.2);
  // Bounds print as vLLM's client prints them.
  EXPECT_NE(text.find("vllm:e2e_request_latency_seconds_bucket{model_name=\"mock-model\",le=\"1.0\"} 0.0\n"),
            std::string::npos)
      << text;
}

TEST(VllmMetrics, ModelNameIsEscapedInLabels) {
  std::string text;
  append_vllm_metrics(text, "a\"b\\c", {}, VllmGauges{});
  EXPECT_NE(text.find("vllm:num_requests_running{model_name=\"a\\\"b\\\\c\"} 0.0\n"), std::string::npos) << text;
}

TEST(VllmMetrics, KvCacheUsageIsHeldTokensOverTheCache) {
  EXPECT_DOUBLE_EQ(kv_cache_usage(512, 1024), 0.5);
  EXPECT_DOUBLE_EQ(kv_cache_usage(4096, 1024), 1.0);
  EXPECT_DOUBLE_EQ(kv_cache_usage(0, 1024), 0.0);
  EXPECT_DOUBLE_EQ(kv_cache_usage(kNominalKvCacheTokens / 4, ServingModel::kUnlimited), 0.25);
}

std::string vm_chat_body(int max_tokens, bool stream) {
  return nlohmann::json{{"model", "m"},
                        {"messages", {{{"role", "user"}, {"content", "one two three"}}}},
                        {"max_tokens", max_tokens},
                        {"stream", stream}}
      .dump();
}

// Scrapes until `done` holds (bounded): the client can hold a reply's last byte before the
// server has counted it.
VmExposition vm_scrape_until(uint16_t port, const std::function<bool(const VmExposition&)>& done) {
  testing::TestConnection probe(port);
  VmExposition e;
  for (int attempt = 0; attempt < 100; ++attempt) {
    e = vm_parse(probe.roundtrip(testing::get_request("/metrics")).body);
    if (done(e)) break;
    std::this_thread::sleep_for(5ms);
  }
  return e;
}

// Sends `n` chat requests at once on their own connections and reads every reply.
void vm_send_chats(uint16_t port, int n, int tokens, bool stream) {
  std::vector<std::unique_ptr<testing::TestConnection>> clients;
  for (int i = 0; i < n; ++i) {
    clients.push_back(std::make_unique<testing::TestConnection>(port));
    clients.back()->send(testing::post_request("/v1/chat/completions", vm_chat_body(tokens, stream)));
  }
  for (auto& c : clients) ASSERT_EQ(c->read_response().status, 200);
}

TEST(VllmMetrics, MockTtftOf50MsLandsInTheBucketHolding0_05) {
  MockConfig config;
  config.port = 0;
  config.workers = 2;
  config.ttft_ms = 50;
  config.itl_ms = 12;
  MockServer server(config);
  constexpr int kWhole = 3, kStreams = 4, kTokens = 3;
  const std::string length = std::string(kVmLabels) + ",finished_reason=\"length\"";

  // Whole replies report their schedule: first token due at 50 ms, then two 12 ms steps.
  vm_send_chats(server.port(), kWhole, kTokens, false);
  const VmExposition whole = vm_scrape_until(server.port(), [&](const VmExposition& x) {
    return x.value("vllm:request_success_total", length) == kWhole;
  });
  auto ttft = whole.buckets("vllm:time_to_first_token_seconds");
  EXPECT_EQ(ttft[4].first, "0.04");
  EXPECT_EQ(ttft[4].second, 0);
  EXPECT_EQ(ttft[5].first, "0.06");
  EXPECT_EQ(ttft[5].second, kWhole);
  EXPECT_EQ(ttft.back().second, kWhole);
  EXPECT_DOUBLE_EQ(whole.value("vllm:time_to_first_token_seconds_sum", kVmLabels), kWhole * 0.05);
  auto itl = whole.buckets("vllm:inter_token_latency_seconds");
  EXPECT_EQ(itl[0].second, 0);  // (0.01, 0.025]
  EXPECT_EQ(itl[1].second, kWhole * (kTokens - 1));
  EXPECT_EQ(itl.back().second, kWhole * (kTokens - 1));
  EXPECT_EQ(whole.value("vllm:e2e_request_latency_seconds_count", kVmLabels), kWhole);

  // Streamed replies are timed at their writes: never before 50 ms; a loaded machine may
  // write late, so only a bound on the lateness.
  vm_send_chats(server.port(), kStreams, kTokens, true);
  const VmExposition e = vm_scrape_until(server.port(), [&](const VmExposition& x) {
    return x.value("vllm:request_success_total", length) == kWhole + kStreams;
  });
  EXPECT_EQ(e.value("vllm:request_success_total", length), kWhole + kStreams);
  EXPECT_EQ(e.value("vllm:generation_tokens_total", kVmLabels), (kWhole + kStreams) * kTokens);
  EXPECT_GT(e.value("vllm:prompt_tokens_total", kVmLabels), 0);
  ttft = e.buckets("vllm:time_to_first_token_seconds");
  EXPECT_EQ(ttft[4].second, 0);
  EXPECT_EQ(ttft[7].first, "0.1");
  EXPECT_EQ(ttft[7].second, kWhole + kStreams);
  const double ttft_sum = e.value("vllm:time_to_first_token_seconds_sum", kVmLabels);
  EXPECT_GE(ttft_sum, (kWhole + kStreams) * 0.050);
  EXPECT_LE(ttft_sum, (kWhole + kStreams) * 0.100);
  // At most two gaps per streamed reply (chunks written late may leave together).
  const double gaps = e.value("vllm:inter_token_latency_seconds_count", kVmLabels);
  EXPECT_GE(gaps, kWhole * (kTokens - 1));
  EXPECT_LE(gaps, (kWhole + kStreams) * (kTokens - 1));
  const auto e2e = e.buckets("vllm:e2e_request_latency_seconds");
  EXPECT_EQ(e2e[0].second, kWhole + kStreams);  // all under 0.3 s
  vm_expect_histogram(e, "vllm:time_to_first_token_seconds", kVllmTtftBuckets);
  vm_expect_histogram(e, "vllm:inter_token_latency_seconds", kVllmInterTokenBuckets);
  vm_expect_histogram(e, "vllm:e2e_request_latency_seconds", kVllmRequestLatencyBuckets);
  EXPECT_EQ(e.value("vllm:num_requests_running", kVmLabels), 0);
  EXPECT_EQ(e.value("vllm:num_requests_waiting", kVmLabels), 0);
  EXPECT_EQ(e.value("vllm:kv_cache_usage_perc", kVmLabels), 0);
}

TEST(VllmMetrics, ServingModelQueueShowsInTheGauges) {
  MockConfig config;
  config.port = 0;
  config.workers = 2;
  config.serving.enabled = true;
  config.serving.max_num_seqs = 1;
  config.serving.kv_cache_tokens = 1000;
  config.serving.decode_step_ms = 50;
  MockServer server(config);
  std::vector<std::unique_ptr<testing::TestConnection>> clients;
  for (int i = 0; i < 3; ++i) {
    clients.push_back(std::make_unique<testing::TestConnection>(server.port()));
    clients.back()->send(testing::post_request("/v1/chat/completions", vm_chat_body(4, true)));
  }
  const VmExposition busy = vm_scrape_until(server.port(), [](const VmExposition& x) {
    return x.value("vllm:num_requests_waiting", kVmLabels) == 2;
  });
  EXPECT_EQ(busy.value("vllm:num_requests_running", kVmLabels), 1);
  EXPECT_EQ(busy.value("vllm:num_requests_waiting", kVmLabels), 2);
  const double kv = busy.value("vllm:kv_cache_usage_perc", kVmLabels);
  EXPECT_GT(kv, 0.0);  // one sequence's prompt + 4 output tokens of 1000
  EXPECT_LT(kv, 0.1);
  for (auto& c : clients) EXPECT_EQ(c->read_response().status, 200);
}

}  // namespace
}  // namespace aiperf::mock
