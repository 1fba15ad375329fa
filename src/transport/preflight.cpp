#include "transport/preflight.h"

#include <chrono>
#include <stdexcept>

#include <boost/asio/connect.hpp>

namespace aiperf {

std::vector<tcp::endpoint> resolve_and_probe(const EndpointUrl& url, double timeout_s) {
  asio::io_context io;
  tcp::resolver resolver(io);
  boost::system::error_code ec;
  auto results = resolver.resolve(url.host, std::to_string(url.port), ec);
  if (ec) throw std::runtime_error("cannot resolve --url host '" + url.host + "': " + ec.message());
  std::vector<tcp::endpoint> endpoints;
  for (const auto& r : results) endpoints.push_back(r.endpoint());

  tcp::socket socket(io);
  boost::system::error_code connect_ec = asio::error::timed_out;
  asio::async_connect(socket, endpoints,
                      [&](const boost::system::error_code& e, const tcp::endpoint&) { connect_ec = e; });
  io.run_for(std::chrono::milliseconds(int64_t(timeout_s * 1000)));
  if (connect_ec) {
    throw std::runtime_error("cannot connect to --url " + url.display() + ": " + connect_ec.message());
  }
  return endpoints;
}

}  // namespace aiperf
