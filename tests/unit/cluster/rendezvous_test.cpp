#include "cluster/rendezvous.h"

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "cluster/rendezvous_protocol.h"
#include "cluster/rendezvous_socket.h"
#include "common/clock.h"

namespace aiperf {
namespace {

using namespace std::chrono_literals;
using RvSteady = std::chrono::steady_clock;

// A port nothing listens on right now: the kernel picks it, the socket closes at once.
uint16_t rv_free_port() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  bind(fd, reinterpret_cast<const sockaddr*>(&a), sizeof a);
  socklen_t len = sizeof a;
  getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
  close(fd);
  return ntohs(a.sin_port);
}

struct RvPlan {
  int64_t index = 0;
  int64_t count = 4;
  std::string fingerprint = "cfg-1";
  int64_t skew_ns = 0;      // this shard's clock: CLOCK_REALTIME + skew
  int delay_ms = 0;         // arrives this late
  double timeout_s = 5.0;
};

struct RvOutcome {
  std::optional<RendezvousResult> result;
  std::string error;
  double seconds = 0;  // how long rendezvous() took
};

// Every plan as one thread on 127.0.0.1:port, all at once.
std::vector<RvOutcome> rv_run(uint16_t port, const std::vector<RvPlan>& plans) {
  std::vector<RvOutcome> out(plans.size());
  std::vector<std::thread> threads;
  for (size_t i = 0; i < plans.size(); ++i) {
    threads.emplace_back([&, i] {
      const RvPlan& p = plans[i];
      std::this_thread::sleep_for(std::chrono::milliseconds(p.delay_ms));
      RendezvousRequest r;
      r.shard.index = p.index;
      r.shard.count = p.count;
      r.shard.rendezvous_host = "127.0.0.1";
      r.shard.rendezvous_port = port;
      r.shard.timeout_s = p.timeout_s;
      r.fingerprint = p.fingerprint;
      r.start_lead_ns = 50'000'000;
      const int64_t skew = p.skew_ns;
      r.clock = [skew] { return wall_ns() + skew; };
      const auto begin = RvSteady::now();
      try {
        out[i].result = rendezvous(r);
      } catch (const std::exception& e) {
        out[i].error = e.what();
      }
      out[i].seconds = std::chrono::duration<double>(RvSteady::now() - begin).count();
    });
  }
  for (auto& t : threads) t.join();
  return out;
}

std::vector<RvPlan> rv_plans(int64_t count) {
  std::vector<RvPlan> plans;
  for (int64_t i = 0; i < count; ++i) plans.push_back(RvPlan{.index = i, .count = count});
  return plans;
}

bool rv_is_hex32(const std::string& s) {
  return s.size() == 32 && s.find_first_not_of("0123456789abcdef") == std::string::npos;
}

TEST(Rendezvous, NotShardedReturnsAtOnce) {
  RendezvousRequest r;
  const int64_t before = wall_ns();
  const RendezvousResult result = rendezvous(r);
  EXPECT_TRUE(rv_is_hex32(result.run_id)) << result.run_id;
  EXPECT_GE(result.start_wall_ns, before);
  EXPECT_LE(result.start_wall_ns, wall_ns());
  EXPECT_EQ(result.clock.offset_ns, 0);
}

TEST(Rendezvous, FourShardsAgreeOnRunIdAndStart) {
  const int64_t before = wall_ns();
  const auto out = rv_run(rv_free_port(), rv_plans(4));
  for (const auto& o : out) ASSERT_TRUE(o.result) << o.error;
  const RendezvousResult& zero = *out[0].result;
  EXPECT_TRUE(rv_is_hex32(zero.run_id)) << zero.run_id;
  EXPECT_GE(zero.start_wall_ns, before + 50'000'000);  // the lead
  EXPECT_LE(zero.start_wall_ns, wall_ns() + 50'000'000);
  ASSERT_EQ(zero.shards.size(), 4u);
  EXPECT_EQ(zero.shards[0].samples, 0);
  EXPECT_EQ(zero.shards[0].offset_ns, 0);
  for (size_t i = 1; i < out.size(); ++i) {
    const RendezvousResult& r = *out[i].result;
    EXPECT_EQ(r.run_id, zero.run_id);
    EXPECT_NEAR(double(r.start_wall_ns - r.clock.offset_ns), double(zero.start_wall_ns), 1000.0);
    EXPECT_EQ(r.clock.samples, 16);
    EXPECT_TRUE(r.shards.empty());
    // Shard 0 keeps what each shard measured.
    EXPECT_EQ(zero.shards[i].offset_ns, r.clock.offset_ns);
    EXPECT_EQ(zero.shards[i].uncertainty_ns, r.clock.uncertainty_ns);
    EXPECT_EQ(zero.shards[i].samples, 16);
  }
}

TEST(Rendezvous, InjectedSkewIsRecoveredWithinTheUncertainty) {
  auto plans = rv_plans(4);
  const int64_t skews[] = {2'000'000, 37'000'000, -5'000'000'000, 3'600'000'000};
  for (size_t i = 0; i < plans.size(); ++i) plans[i].skew_ns = skews[i];
  const auto out = rv_run(rv_free_port(), plans);
  for (const auto& o : out) ASSERT_TRUE(o.result) << o.error;
  for (size_t i = 1; i < out.size(); ++i) {
    const ShardClock& c = out[i].result->clock;
    const int64_t truth = skews[i] - skews[0];
    EXPECT_LE(std::abs(c.offset_ns - truth), c.uncertainty_ns) << "shard " << i;
    EXPECT_EQ(c.uncertainty_ns, (c.round_trip_ns + 1) / 2);
    EXPECT_GT(c.round_trip_ns, 0);
    // The same instant on every clock.
    EXPECT_EQ(out[i].result->start_wall_ns - skews[i], out[0].result->start_wall_ns - skews[0] + (c.offset_ns - truth));
  }
}

TEST(Rendezvous, LateShardsStillMeet) {
  auto plans = rv_plans(3);
  plans[0].delay_ms = 300;  // shard 0 last: the others keep knocking
  plans[2].delay_ms = 150;
  const auto out = rv_run(rv_free_port(), plans);
  for (const auto& o : out) ASSERT_TRUE(o.result) << o.error;
  EXPECT_EQ(out[1].result->run_id, out[0].result->run_id);
  EXPECT_EQ(out[2].result->run_id, out[0].result->run_id);
}

TEST(Rendezvous, ShardZeroListensOnIpv6Too) {
  const int probe = socket(AF_INET6, SOCK_STREAM, 0);
  sockaddr_in6 a{};
  a.sin6_family = AF_INET6;
  a.sin6_addr = in6addr_loopback;
  const bool has_v6 = probe >= 0 && bind(probe, reinterpret_cast<const sockaddr*>(&a), sizeof a) == 0;
  if (probe >= 0) close(probe);
  if (!has_v6) GTEST_SKIP() << "no ::1 here";
  const uint16_t port = rv_free_port();
  RendezvousRequest r;
  r.shard = {.index = 1, .count = 2, .rendezvous_host = "::1", .rendezvous_port = port, .timeout_s = 5};
  r.fingerprint = "cfg-1";
  std::optional<RendezvousResult> joined;
  std::string error;
  std::thread v6([&] {
    try {
      joined = rendezvous(r);
    } catch (const std::exception& e) {
      error = e.what();
    }
  });
  const auto out = rv_run(port, {RvPlan{.index = 0, .count = 2}});
  v6.join();
  ASSERT_TRUE(out[0].result) << out[0].error;
  ASSERT_TRUE(joined) << error;
  EXPECT_EQ(joined->run_id, out[0].result->run_id);
}

TEST(Rendezvous, MissingAndDeadShardsAreNamed) {
  const uint16_t port = rv_free_port();
  auto plans = rv_plans(4);
  plans.pop_back();  // shard 3 never comes
  for (auto& p : plans) p.timeout_s = 1.0;
  // Shard 3's stand-in greets, then dies before the start.
  std::thread dying([port] {
    std::this_thread::sleep_for(100ms);
    std::string error;
    auto s = connect_until("127.0.0.1", port, RvSteady::now() + 1s, &error);
    ASSERT_TRUE(s) << error;
    s->send_line(rendezvous_line({kRendezvousHello, "3", "4", "cfg-1"}), RvSteady::now() + 1s);
    EXPECT_EQ(s->read_line(RvSteady::now() + 1s), "welcome");
  });
  const auto out = rv_run(port, plans);
  dying.join();
  ASSERT_FALSE(out[0].result);
  EXPECT_NE(out[0].error.find("shard rendezvous: shard 3 of 4 did not arrive within 1 s at 127.0.0.1:" +
                              std::to_string(port)),
            std::string::npos)
      << out[0].error;
  EXPECT_NE(out[0].error.find("shard 3 (from 127.0.0.1:"), std::string::npos) << out[0].error;
  EXPECT_NE(out[0].error.find("closed its connection before the start"), std::string::npos) << out[0].error;
  // The shards that came hear shard 0's reason instead of timing out on their own.
  for (size_t i = 1; i < out.size(); ++i) {
    ASSERT_FALSE(out[i].result);
    EXPECT_EQ(out[i].error, out[0].error);
    EXPECT_LT(out[i].seconds, 2.5);
  }
  EXPECT_GE(out[0].seconds, 1.0);
  EXPECT_LT(out[0].seconds, 2.0);
}

TEST(Rendezvous, DifferentConfigurationFailsOnBothSides) {
  auto plans = rv_plans(3);
  for (auto& p : plans) p.timeout_s = 2.0;
  plans[2].fingerprint = "cfg-2";
  plans[2].delay_ms = 300;  // after shard 1 is in, so it hears the abort
  const auto out = rv_run(rv_free_port(), plans);
  for (const auto& o : out) {
    ASSERT_FALSE(o.result);
    EXPECT_NE(o.error.find("shard 2 runs a different configuration than shard 0 (configuration fingerprint "
                           "'cfg-2', shard 0 has 'cfg-1')"),
              std::string::npos)
        << o.error;
    EXPECT_LT(o.seconds, 2.0);
  }
}

TEST(Rendezvous, DifferentShardCountFailsOnBothSides) {
  auto plans = rv_plans(2);
  plans[1].count = 3;
  const auto out = rv_run(rv_free_port(), plans);
  for (const auto& o : out) {
    ASSERT_FALSE(o.result);
    EXPECT_NE(o.error.find("shard 1 was started with 3 shards, shard 0 with 2"), std::string::npos) << o.error;
  }
}

TEST(Rendezvous, DuplicateIndexIsRefusedAndTheRunGoesOn) {
  auto plans = rv_plans(3);
  plans[2].delay_ms = 600;  // the run waits for shard 2 while the duplicate knocks
  RvPlan twin = plans[1];
  twin.delay_ms = 150;
  twin.timeout_s = 2.0;
  plans.push_back(twin);
  const auto out = rv_run(rv_free_port(), plans);
  for (size_t i = 0; i < 3; ++i) ASSERT_TRUE(out[i].result) << out[i].error;
  ASSERT_FALSE(out[3].result);
  EXPECT_NE(out[3].error.find("shard 1 arrived twice (from 127.0.0.1:"), std::string::npos) << out[3].error;
  EXPECT_NE(out[3].error.find("give each process its own shard index"), std::string::npos) << out[3].error;
}

TEST(Rendezvous, PortInUseIsNamed) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_ANY);
  ASSERT_EQ(bind(fd, reinterpret_cast<const sockaddr*>(&a), sizeof a), 0);
  ASSERT_EQ(listen(fd, 4), 0);
  socklen_t len = sizeof a;
  getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
  const uint16_t port = ntohs(a.sin_port);
  auto plans = rv_plans(2);
  plans.pop_back();
  const auto out = rv_run(port, plans);
  close(fd);
  ASSERT_FALSE(out[0].result);
  EXPECT_NE(out[0].error.find("port " + std::to_string(port) + " is already in use"), std::string::npos)
      << out[0].error;
  EXPECT_LT(out[0].seconds, 0.5);
}

TEST(Rendezvous, UnreachableShardZeroTimesOut) {
  const uint16_t port = rv_free_port();
  RvPlan p{.index = 1, .count = 2, .timeout_s = 0.3};
  const auto out = rv_run(port, {p});
  ASSERT_FALSE(out[0].result);
  EXPECT_NE(out[0].error.find("could not reach shard 0 at 127.0.0.1:" + std::to_string(port) + " within 0.3 s"),
            std::string::npos)
      << out[0].error;
  EXPECT_NE(out[0].error.find("refused"), std::string::npos) << out[0].error;
  EXPECT_LT(out[0].seconds, 0.8);
}

TEST(Rendezvous, SomethingElseOnThePortIsNotAShard) {
  // Port probes (a Kubernetes health check, a scanner): one talks nonsense, one stays silent.
  const uint16_t port = rv_free_port();
  std::thread probe([port] {
    std::string error;
    auto talker = connect_until("127.0.0.1", port, RvSteady::now() + 1s, &error);
    ASSERT_TRUE(talker) << error;
    auto silent = connect_until("127.0.0.1", port, RvSteady::now() + 1s, &error);
    ASSERT_TRUE(silent) << error;
    talker->send_line("GET / HTTP/1.1", RvSteady::now() + 1s);
    // Shard 0 closes both: the talker at once, the silent one at the start.
    EXPECT_EQ(talker->read_line(RvSteady::now() + 2s), std::nullopt);
    EXPECT_EQ(silent->read_line(RvSteady::now() + 2s), std::nullopt);
  });
  auto plans = rv_plans(2);
  plans[1].delay_ms = 400;  // well after the probes are in
  const auto out = rv_run(port, plans);
  probe.join();
  for (const auto& o : out) ASSERT_TRUE(o.result) << o.error;
}

TEST(RendezvousProtocol, WordsSurviveEscaping) {
  const std::string odd = "a b%c\nd\te\x01";
  const RendezvousWords w = parse_rendezvous_line(rendezvous_line({"abort", odd, "", "7"}));
  ASSERT_EQ(w.words.size(), 4u);
  EXPECT_TRUE(w.is("abort", 3));
  EXPECT_EQ(w.words[1], odd);
  EXPECT_EQ(w.words[2], "");
  EXPECT_EQ(w.integer(3), 7);
  EXPECT_EQ(w.integer(1), std::nullopt);
  EXPECT_EQ(w.integer(9), std::nullopt);
}

}  // namespace
}  // namespace aiperf
