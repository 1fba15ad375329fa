#pragma once
// The mock server as a library, so tests can run one in-process:
//   MockServer server(config);   // listening once the constructor returns
//   connect to 127.0.0.1:server.port() ...
//   server.stop();
#include <cstdint>
#include <memory>
#include <string>

#include "mock_server/mock_config.h"

namespace aiperf::mock {

class MockServer {
 public:
  // Binds, then starts config.workers threads. Throws std::runtime_error (one line) when the
  // address cannot be bound or the TLS files cannot be loaded.
  explicit MockServer(MockConfig config);
  ~MockServer();
  MockServer(const MockServer&) = delete;
  MockServer& operator=(const MockServer&) = delete;

  uint16_t port() const;
  std::string url() const;  // "http://HOST:PORT" (https with TLS); IPv6 hosts in brackets

  // Stops accepting, drops open connections and joins the workers. Idempotent.
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace aiperf::mock
