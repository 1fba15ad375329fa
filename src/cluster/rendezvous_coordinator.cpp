// Shard 0's side of the rendezvous: one thread, one poll() loop over the listener and every
// connection, each connection a small state machine (greeting, pings, clock report).
#include <poll.h>

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "cluster/rendezvous_protocol.h"
#include "cluster/rendezvous_sides.h"
#include "cluster/rendezvous_socket.h"
#include "common/uuid.h"

namespace aiperf {

namespace {

using SteadyClock = std::chrono::steady_clock;

// A connection and how far it has come. index stays -1 until its greeting is accepted;
// connections that never greet (a port probe) are simply closed at the end.
struct RvGuest {
  LineSocket socket;
  int64_t index = -1;
  bool dropped = false;
};

class RvCoordinator {
 public:
  RvCoordinator(const RendezvousRequest& request, const WallClock& clock)
      : request_(request),
        clock_(clock),
        count_(request.shard.count),
        listener_(request.shard.rendezvous_port),
        holder_peer_(size_t(count_)),
        reported_(size_t(count_), false),
        clocks_(size_t(count_)) {
    reported_[0] = true;
  }

  RendezvousResult run() {
    const auto deadline =
        SteadyClock::now() + std::chrono::duration_cast<SteadyClock::duration>(
                                 std::chrono::duration<double>(request_.shard.timeout_s));
    for (;;) {
      if (std::all_of(reported_.begin(), reported_.end(), [](bool r) { return r; })) return announce();
      if (SteadyClock::now() >= deadline) fail(missing_message());
      wait_and_serve(deadline);
    }
  }

 private:
  void wait_and_serve(RendezvousDeadline deadline) {
    std::vector<pollfd> fds;
    fds.push_back({listener_.fd(), POLLIN, 0});
    for (const RvGuest& g : guests_) fds.push_back({g.socket.fd(), POLLIN, 0});
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - SteadyClock::now()).count();
    if (poll(fds.data(), fds.size(), int(std::clamp<int64_t>(left, 0, 1000))) <= 0) return;
    for (size_t i = 0; i < guests_.size(); ++i) {
      if (fds[i + 1].revents == 0) continue;
      RvGuest& g = guests_[i];
      const LineSocket::ReadStatus status = g.socket.read_available();
      // t1 of a ping: as close to the recv as the loop allows.
      const int64_t received = clock_();
      while (!g.dropped) {
        const auto line = g.socket.next_line();
        if (!line) break;
        serve(g, *line, received);
      }
      if (status == LineSocket::ReadStatus::closed && !g.dropped) {
        if (g.index > 0) note("shard " + std::to_string(g.index) + " (from " + g.socket.peer() +
                              ") closed its connection before the start");
        drop(g);
      }
    }
    std::erase_if(guests_, [](const RvGuest& g) { return g.dropped; });
    if (fds[0].revents & POLLIN) {
      while (auto socket = listener_.accept_one()) guests_.push_back(RvGuest{std::move(*socket)});
    }
  }

  void serve(RvGuest& g, const std::string& line, int64_t received) {
    const RendezvousWords msg = parse_rendezvous_line(line);
    if (g.index < 0) return greet(g, msg);
    if (msg.is("ping", 1) && !reported_[size_t(g.index)]) {
      const std::string head = "pong " + msg.words[1] + " " + std::to_string(received) + " ";
      const int64_t sent = clock_();  // t2: the send follows at once
      if (!g.socket.send_line(head + std::to_string(sent), SteadyClock::now() + std::chrono::seconds(1)))
        drop(g);
      return;
    }
    if (msg.is("clock", 4) && !reported_[size_t(g.index)]) {
      const auto offset = msg.integer(1), uncertainty = msg.integer(2), round_trip = msg.integer(3),
                 samples = msg.integer(4);
      if (offset && uncertainty && round_trip && samples) {
        clocks_[size_t(g.index)] = ShardClock{*offset, *uncertainty, *round_trip, int(*samples)};
        reported_[size_t(g.index)] = true;
        return;
      }
    }
    note("shard " + std::to_string(g.index) + " (from " + g.socket.peer() + ") sent '" + line.substr(0, 80) +
         "', which no shard sends");
    drop(g);
  }

  void greet(RvGuest& g, const RendezvousWords& msg) {
    const std::string& verb = msg.words[0];
    if (verb.rfind("hello/", 0) != 0) return drop(g);  // not a shard at all
    const std::string me = std::string(kRendezvousHello);
    if (verb != me)
      refuse_and_fail(g, "shard rendezvous: the shard connecting from " + g.socket.peer() + " speaks " + verb +
                             ", shard 0 speaks " + me + ": run the same aiperf version on every shard");
    const auto index = msg.integer(1), count = msg.integer(2);
    if (!msg.is(me, 3) || !index || !count)
      refuse_and_fail(g, "shard rendezvous: the shard connecting from " + g.socket.peer() +
                             " sent a malformed greeting");
    const std::string who = "shard " + std::to_string(*index);
    if (*count != count_)
      refuse_and_fail(g, "shard rendezvous: " + who + " was started with " + std::to_string(*count) +
                             " shards, shard 0 with " + std::to_string(count_) +
                             ": give every shard the same --num-shards");
    if (*index < 0 || *index >= count_)
      refuse_and_fail(g, "shard rendezvous: " + who + " (from " + g.socket.peer() + ") is not below the " +
                             std::to_string(count_) + " shards");
    if (msg.words[3] != request_.fingerprint)
      refuse_and_fail(g, "shard rendezvous: " + who + " runs a different configuration than shard 0 " +
                             "(configuration fingerprint " + short_print(msg.words[3]) + ", shard 0 has " +
                             short_print(request_.fingerprint) +
                             "): start every shard with the same options and input files");
    std::string& holder = holder_peer_[size_t(*index)];
    if (*index == 0 || !holder.empty()) {
      // The first keeps its place: the second is the mistake as far as anyone can tell here.
      const std::string first = *index == 0 ? "this process" : holder;
      const std::string message = "shard rendezvous: " + who + " arrived twice (from " + first + ", then from " +
                                  g.socket.peer() + "); the second was refused: give each process its own shard index";
      note(message.substr(std::string("shard rendezvous: ").size()));
      refuse(g, message);
      return;
    }
    if (!g.socket.send_line("welcome", SteadyClock::now() + std::chrono::seconds(1))) return drop(g);
    g.index = *index;
    holder = g.socket.peer();
  }

  static std::string short_print(const std::string& fingerprint) {
    return fingerprint.size() <= 16 ? "'" + fingerprint + "'" : "'" + fingerprint.substr(0, 16) + "...'";
  }

  void drop(RvGuest& g) {
    if (g.index > 0) {
      holder_peer_[size_t(g.index)].clear();
      reported_[size_t(g.index)] = false;
    }
    g.index = -1;
    g.dropped = true;
    g.socket.drain_and_close();
  }

  void refuse(RvGuest& g, const std::string& message) {
    g.socket.send_line(rendezvous_line({"refused", message}), SteadyClock::now() + std::chrono::seconds(1));
    drop(g);
  }

  [[noreturn]] void refuse_and_fail(RvGuest& g, const std::string& message) {
    refuse(g, message);
    fail(message);
  }

  // Every shard still connected learns why, so none waits out its own timeout.
  [[noreturn]] void fail(const std::string& message) {
    const std::string line = rendezvous_line({"abort", message});
    for (RvGuest& g : guests_) {
      if (g.dropped) continue;
      g.socket.send_line(line, SteadyClock::now() + std::chrono::milliseconds(200));
      g.socket.drain_and_close();
    }
    throw std::runtime_error(message);
  }

  void note(std::string text) {
    if (notes_.size() < 6) notes_.push_back(std::move(text));
  }

  std::string missing_message() const {
    std::vector<int64_t> missing;
    for (int64_t i = 1; i < count_; ++i)
      if (!reported_[size_t(i)]) missing.push_back(i);
    std::string list;
    for (const int64_t i : missing) list += (list.empty() ? "" : ", ") + std::to_string(i);
    const std::string& host = request_.shard.rendezvous_host;
    const std::string where = host.empty() ? "port " + std::to_string(request_.shard.rendezvous_port)
                                           : host_port_text(host, request_.shard.rendezvous_port);
    std::string message = "shard rendezvous: " + std::string(missing.size() == 1 ? "shard " : "shards ") + list +
                          " of " + std::to_string(count_) + " did not arrive within " +
                          rendezvous_seconds_text(request_.shard.timeout_s) + " at " + where;
    for (const std::string& n : notes_) message += "; " + n;
    return message;
  }

  RendezvousResult announce() {
    RendezvousResult result;
    result.run_id = uuid4_hex();
    result.start_wall_ns = clock_() + request_.start_lead_ns;
    result.shards = clocks_;
    const std::string line = rendezvous_line({"start", result.run_id, std::to_string(result.start_wall_ns)});
    for (RvGuest& g : guests_) {
      // A shard that died since its report fails on its own; the others must still hear.
      if (g.index > 0) g.socket.send_line(line, SteadyClock::now() + std::chrono::seconds(1));
      g.socket.drain_and_close();
    }
    return result;
  }

  const RendezvousRequest& request_;
  const WallClock& clock_;
  const int64_t count_;
  RendezvousListener listener_;
  std::vector<RvGuest> guests_;
  std::vector<std::string> holder_peer_;  // by index: the peer that holds it, empty while free
  std::vector<bool> reported_;            // by index: its clock is in
  std::vector<ShardClock> clocks_;
  std::vector<std::string> notes_;        // refusals and losses, for the timeout message
};

}  // namespace

RendezvousResult coordinate_rendezvous(const RendezvousRequest& request, const WallClock& clock) {
  return RvCoordinator(request, clock).run();
}

}  // namespace aiperf
