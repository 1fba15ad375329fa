// Every shard but 0: connect (retrying until shard 0 listens), greet, ping, report the
// clock, wait for the start.
#include <algorithm>
#include <stdexcept>

#include "cluster/rendezvous_protocol.h"
#include "cluster/rendezvous_sides.h"
#include "cluster/rendezvous_socket.h"

namespace aiperf {

namespace {

using SteadyClock = std::chrono::steady_clock;

class RvJoiner {
 public:
  RvJoiner(const RendezvousRequest& request, const WallClock& clock)
      : request_(request),
        clock_(clock),
        where_(host_port_text(request.shard.rendezvous_host, request.shard.rendezvous_port)),
        deadline_(SteadyClock::now() + std::chrono::duration_cast<SteadyClock::duration>(
                                           std::chrono::duration<double>(request.shard.timeout_s))) {}

  RendezvousResult run() {
    std::string last_error;
    auto socket = connect_until(request_.shard.rendezvous_host, request_.shard.rendezvous_port, deadline_, &last_error);
    if (!socket)
      throw std::runtime_error("shard rendezvous: could not reach shard 0 at " + where_ + " within " +
                               rendezvous_seconds_text(request_.shard.timeout_s) + " (last error: " + last_error +
                               ")");
    socket_ = std::move(*socket);
    send(rendezvous_line({kRendezvousHello, std::to_string(request_.shard.index),
                          std::to_string(request_.shard.count), request_.fingerprint}));
    expect("welcome", 0);
    RendezvousResult result;
    result.clock = measure_clock();
    const ShardClock& c = result.clock;
    send(rendezvous_line({"clock", std::to_string(c.offset_ns), std::to_string(c.uncertainty_ns),
                          std::to_string(c.round_trip_ns), std::to_string(c.samples)}));
    // Shard 0 waits up to the same timeout for the last shard and then says who is missing:
    // a little longer here lets that message arrive instead of a bare timeout.
    deadline_ += std::chrono::seconds(1);
    const RendezvousWords start = expect("start", 2);
    const auto start_on_shard0 = start.integer(2);
    if (start.words[1].empty() || !start_on_shard0) protocol_error("start");
    result.run_id = start.words[1];
    result.start_wall_ns = *start_on_shard0 + c.offset_ns;
    socket_.drain_and_close();
    return result;
  }

 private:
  ShardClock measure_clock() {
    ClockOffsetEstimator estimator;
    const int samples = std::clamp(request_.ping_samples, 1, 1000);
    for (int i = 0; i < samples; ++i) {
      PingStamps s;
      s.t0 = clock_();  // the send follows at once
      send("ping " + std::to_string(s.t0));
      const RendezvousWords pong = expect("pong", 3, &s.t3);
      const auto t0 = pong.integer(1), t1 = pong.integer(2), t2 = pong.integer(3);
      if (!t0 || !t1 || !t2 || *t0 != s.t0) protocol_error("pong");
      s.t1 = *t1;
      s.t2 = *t2;
      estimator.add(s);
    }
    if (!estimator.has_estimate())
      throw std::runtime_error("shard rendezvous: no usable ping exchange with shard 0 at " + where_ +
                               " (the wall clock stepped during every one)");
    return estimator.best();
  }

  void send(const std::string& line) {
    if (!socket_.send_line(line, deadline_))
      throw std::runtime_error("shard rendezvous: lost shard 0 at " + where_ + " before the start");
  }

  // The next message, which must be `verb` with `arity` words, else shard 0's refusal or
  // abort becomes this shard's error.
  RendezvousWords expect(std::string_view verb, size_t arity, int64_t* stamp = nullptr) {
    const auto line = socket_.read_line(deadline_, stamp ? &clock_ : nullptr, stamp);
    if (!line) {
      if (SteadyClock::now() >= deadline_)
        throw std::runtime_error("shard rendezvous: shard 0 at " + where_ + " did not announce the start within " +
                                 rendezvous_seconds_text(request_.shard.timeout_s) +
                                 " (shard 0's log names the shards it was missing)");
      throw std::runtime_error("shard rendezvous: shard 0 at " + where_ + " closed the connection before the start");
    }
    RendezvousWords msg = parse_rendezvous_line(*line);
    if (msg.is("refused", 1) || msg.is("abort", 1)) throw std::runtime_error(msg.words[1]);
    if (!msg.is(verb, arity)) protocol_error(std::string(verb));
    return msg;
  }

  [[noreturn]] void protocol_error(const std::string& expected) {
    throw std::runtime_error("shard rendezvous: " + where_ + " answered something other than '" + expected +
                             "': is it an aiperf shard 0 of the same version?");
  }

  const RendezvousRequest& request_;
  const WallClock& clock_;
  const std::string where_;
  RendezvousDeadline deadline_;
  LineSocket socket_;
};

}  // namespace

RendezvousResult join_rendezvous(const RendezvousRequest& request, const WallClock& clock) {
  return RvJoiner(request, clock).run();
}

}  // namespace aiperf
