// Clock-offset accuracy of the shard rendezvous (cluster/rendezvous.h) on loopback: every
// shard a thread of this process, shards 1.. given a wall clock that runs a known amount
// ahead of shard 0's, so the estimate's error is measurable exactly. Prints a Markdown table,
// in µs: the error (estimate - injected) as median, p99 and max of its magnitude, the median
// uncertainty the rendezvous reported, and how many estimates lay within it.
//   clock_offset_bench [RUNS per offset, 20] [SHARDS, 4]
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "cluster/rendezvous.h"
#include "common/clock.h"

namespace {

uint16_t pick_free_port() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (bind(fd, reinterpret_cast<const sockaddr*>(&a), sizeof a) != 0) throw std::runtime_error("bind");
  socklen_t len = sizeof a;
  getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
  close(fd);
  return ntohs(a.sin_port);
}

// One rendezvous of `shards` threads; the clocks of shards 1.. run `injected` ns ahead.
std::vector<aiperf::ShardClock> one_rendezvous(uint16_t port, int shards, int64_t injected) {
  std::vector<aiperf::ShardClock> clocks(static_cast<size_t>(shards));
  std::vector<std::string> errors(static_cast<size_t>(shards));
  std::vector<std::thread> threads;
  for (int i = 0; i < shards; ++i) {
    threads.emplace_back([&, i] {
      aiperf::RendezvousRequest r;
      r.shard.index = i;
      r.shard.count = shards;
      r.shard.rendezvous_host = "127.0.0.1";
      r.shard.rendezvous_port = port;
      r.shard.timeout_s = 10;
      r.fingerprint = "bench";
      const int64_t skew = i == 0 ? 0 : injected;
      r.clock = [skew] { return aiperf::wall_ns() + skew; };
      try {
        clocks[size_t(i)] = aiperf::rendezvous(r).clock;
      } catch (const std::exception& e) {
        errors[size_t(i)] = e.what();
      }
    });
  }
  for (auto& t : threads) t.join();
  for (const auto& e : errors)
    if (!e.empty()) throw std::runtime_error(e);
  return clocks;
}

// Nearest rank.
double quantile(std::vector<double> v, double q) {
  std::sort(v.begin(), v.end());
  const size_t rank = std::max<size_t>(1, size_t(std::ceil(q * double(v.size()))));
  return v[std::min(rank, v.size()) - 1];
}

}  // namespace

int main(int argc, char** argv) {
  const int runs = argc > 1 ? std::atoi(argv[1]) : 20;
  const int shards = argc > 2 ? std::atoi(argv[2]) : 4;
  if (runs < 1 || shards < 2) {
    std::fprintf(stderr, "usage: clock_offset_bench [RUNS >= 1] [SHARDS >= 2]\n");
    return 2;
  }
  // One port for every run: shard 0's SO_REUSEADDR must let back-to-back runs take it again.
  const uint16_t port = pick_free_port();
  std::printf("| injected offset | estimates | error median (µs) | \\|error\\| p99 (µs) | \\|error\\| max (µs) | "
              "uncertainty median (µs) | within uncertainty |\n|---|---|---|---|---|---|---|\n");
  for (const int64_t injected : {int64_t(0), int64_t(1'000'000), int64_t(-250'000'000), int64_t(3'600'000'000)}) {
    std::vector<double> error, magnitude, uncertainty;
    int within = 0;
    for (int run = 0; run < runs; ++run) {
      const auto clocks = one_rendezvous(port, shards, injected);
      for (size_t i = 1; i < clocks.size(); ++i) {
        const double e = double(clocks[i].offset_ns - injected) / 1e3;
        error.push_back(e);
        magnitude.push_back(std::fabs(e));
        uncertainty.push_back(double(clocks[i].uncertainty_ns) / 1e3);
        if (std::llabs(clocks[i].offset_ns - injected) <= clocks[i].uncertainty_ns) ++within;
      }
    }
    std::printf("| %+.3f s | %zu | %+.2f | %.2f | %.2f | %.2f | %d / %zu |\n", double(injected) / 1e9, error.size(),
                quantile(error, 0.5), quantile(magnitude, 0.99), quantile(magnitude, 1.0), quantile(uncertainty, 0.5),
                within, error.size());
  }
  return 0;
}
