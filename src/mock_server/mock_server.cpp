#include "mock_server/mock_server.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <exception>
#include <optional>
#include <stdexcept>
#include <thread>
#include <vector>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>

#include "mock_server/mock_responses.h"
#include "mock_server/mock_session.h"
#include "mock_server/prompt_tokens.h"

namespace aiperf::mock {
namespace {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;

// One thread and one io_context per worker; a connection lives on one worker for its lifetime,
// so session state needs no locks.
struct Worker {
  WorkerState state;
  asio::io_context ioc{1};
  asio::executor_work_guard<asio::io_context::executor_type> guard{ioc.get_executor()};
  std::thread thread;
};

void report_exception(std::exception_ptr e) {
  if (!e) return;
  try {
    std::rethrow_exception(e);
  } catch (const std::exception& ex) {
    std::fprintf(stderr, "aiperf-mock-server: connection failed: %s\n", ex.what());
  } catch (...) {
    std::fprintf(stderr, "aiperf-mock-server: connection failed: unknown exception\n");
  }
}

std::string models_body(const std::string& model) {
  std::string body = R"({"object":"list","data":[{"id":")";
  append_json_escaped(body, model);
  body += R"(","object":"model","created":)";
  body += std::to_string(std::time(nullptr));
  body += R"(,"owned_by":"aiperf-mock-server"}]})";
  return body;
}

std::string host_port(const std::string& host, uint16_t port) {
  bool v6 = host.find(':') != std::string::npos;
  return (v6 ? "[" + host + "]" : host) + ":" + std::to_string(port);
}

asio::ssl::context load_tls(const MockConfig& config) {
  asio::ssl::context tls(asio::ssl::context::tls_server);
  tls.set_options(asio::ssl::context::default_workarounds | asio::ssl::context::no_sslv2 |
                  asio::ssl::context::no_sslv3 | asio::ssl::context::no_tlsv1 |
                  asio::ssl::context::no_tlsv1_1);
  boost::system::error_code ec;
  tls.use_certificate_chain_file(config.tls_cert, ec);
  if (ec) throw std::runtime_error("--tls-cert " + config.tls_cert + ": " + ec.message());
  tls.use_private_key_file(config.tls_key, asio::ssl::context::pem, ec);
  if (ec) throw std::runtime_error("--tls-key " + config.tls_key + ": " + ec.message());
  return tls;
}

tcp::endpoint resolve(asio::io_context& ioc, const MockConfig& config) {
  boost::system::error_code ec;
  auto address = asio::ip::make_address(config.host, ec);
  if (!ec) return {address, config.port};
  tcp::resolver resolver(ioc);
  auto results = resolver.resolve(config.host, std::to_string(config.port), tcp::resolver::passive, ec);
  if (ec || results.empty()) {
    throw std::runtime_error("--host " + config.host + ": cannot resolve: " + ec.message());
  }
  return results.begin()->endpoint();
}

}  // namespace

struct MockServer::Impl {
  explicit Impl(MockConfig config) : shared(std::move(config)) {}

  asio::awaitable<void> accept_loop();

  // Declaration order is destruction order in reverse: workers (and the sessions inside their
  // io_contexts) go before the TLS context and shared state they point to.
  ServerShared shared;
  std::optional<asio::ssl::context> tls;
  std::vector<std::unique_ptr<Worker>> workers;
  std::optional<tcp::acceptor> acceptor;  // on workers[0]
  uint16_t port = 0;
  bool stopped = false;
};

// One acceptor hands connections to workers round-robin: an even spread for any connection
// count, and no SO_REUSEPORT, which would let a stale server silently share the port.
asio::awaitable<void> MockServer::Impl::accept_loop() {
  size_t next = 0;
  auto last_report = std::chrono::steady_clock::time_point{};
  for (;;) {
    Worker& w = *workers[next];
    auto [ec, socket] = co_await acceptor->async_accept(w.ioc, kNoThrow);
    if (ec == asio::error::operation_aborted) co_return;
    if (ec) {
      // Typically EMFILE: keep serving the open connections and retry shortly.
      auto now = std::chrono::steady_clock::now();
      if (now - last_report > std::chrono::seconds(1)) {
        std::fprintf(stderr, "aiperf-mock-server: accept failed: %s\n", ec.message().c_str());
        last_report = now;
      }
      asio::steady_timer pause(acceptor->get_executor(), std::chrono::milliseconds(50));
      co_await pause.async_wait(kNoThrow);
      continue;
    }
    next = (next + 1) % workers.size();
    tcp::socket s(std::move(socket));
    if (tls) {
      asio::co_spawn(w.ioc, serve_https(std::move(s), *tls, w.state), report_exception);
    } else {
      asio::co_spawn(w.ioc, serve_http(std::move(s), w.state), report_exception);
    }
  }
}

MockServer::MockServer(MockConfig config) : impl_(std::make_unique<Impl>(std::move(config))) {
  Impl& m = *impl_;
  const MockConfig& c = m.shared.config;
  m.shared.models_body = models_body(c.model);
  load_prompt_tokenizer();  // not on the first request's clock
  if (c.tls()) m.tls.emplace(load_tls(c));
  if (std::string err = m.shared.answers.load(c.accuracy_answer_key, c.accuracy_correct_fraction); !err.empty())
    throw std::runtime_error(err);
  if (!c.record_requests.empty()) {
    if (std::string err = m.shared.recorder.open(c.record_requests); !err.empty()) throw std::runtime_error(err);
  }

  unsigned n = c.workers ? c.workers : std::max(1u, std::thread::hardware_concurrency());
  for (unsigned i = 0; i < n; ++i) {
    m.workers.push_back(std::make_unique<Worker>());
    m.workers.back()->state.shared = &m.shared;
    m.workers.back()->state.index = i;
    m.shared.vllm_workers.push_back(&m.workers.back()->state.vllm);
    m.workers.back()->state.jitter.seed(c.seed * 0x9E3779B97F4A7C15ull + i + 1);
  }

  tcp::endpoint endpoint = resolve(m.workers[0]->ioc, c);
  m.acceptor.emplace(m.workers[0]->ioc);
  boost::system::error_code ec;
  m.acceptor->open(endpoint.protocol(), ec);
  if (!ec) m.acceptor->set_option(tcp::acceptor::reuse_address(true), ec);
  if (!ec) m.acceptor->bind(endpoint, ec);
  if (!ec) m.acceptor->listen(asio::socket_base::max_listen_connections, ec);
  if (ec) throw std::runtime_error("cannot listen on " + host_port(c.host, c.port) + ": " + ec.message());
  m.port = m.acceptor->local_endpoint().port();

  asio::co_spawn(m.workers[0]->ioc, m.accept_loop(), report_exception);
  for (auto& w : m.workers) {
    w->thread = std::thread([&ioc = w->ioc] { ioc.run(); });
  }
}

MockServer::~MockServer() { stop(); }

uint16_t MockServer::port() const { return impl_->port; }

std::string MockServer::url() const {
  return std::string(impl_->tls ? "https://" : "http://") + host_port(impl_->shared.config.host, impl_->port);
}

void MockServer::stop() {
  Impl& m = *impl_;
  if (m.stopped) return;
  m.stopped = true;
  for (auto& w : m.workers) {
    w->guard.reset();
    w->ioc.stop();
  }
  for (auto& w : m.workers) {
    if (w->thread.joinable()) w->thread.join();
  }
  m.shared.batch.close();  // sessions destroyed below leave the batch without waking anyone
  if (!m.shared.config.timing_log.empty()) {
    std::vector<const std::vector<ReplyTiming>*> logs;
    for (auto& w : m.workers) logs.push_back(&w->state.timings);
    std::string err = write_timing_log(m.shared.config.timing_log, logs);
    if (!err.empty()) std::fprintf(stderr, "aiperf-mock-server: %s\n", err.c_str());
  }
  m.acceptor.reset();
  m.workers.clear();
}

}  // namespace aiperf::mock
