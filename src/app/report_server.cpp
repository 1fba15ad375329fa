#include "app/report_server.h"

#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <stdexcept>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/streambuf.hpp>
#include <boost/asio/write.hpp>

namespace aiperf {
namespace {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;
namespace fs = std::filesystem;

std::string content_type(const fs::path& file) {
  const std::string ext = file.extension().string();
  if (ext == ".html") return "text/html; charset=utf-8";
  if (ext == ".png") return "image/png";
  if (ext == ".json") return "application/json";
  return "application/octet-stream";
}

std::string response(int status, const std::string& reason, const std::string& type, const std::string& body) {
  std::ostringstream out;
  out << "HTTP/1.1 " << status << ' ' << reason << "\r\nContent-Type: " << type << "\r\nContent-Length: " << body.size()
      << "\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n"
      << body;
  return out.str();
}

// Only plain names directly in the directory: no "..", no sub-paths, no hidden files.
std::string answer(const fs::path& dir, const std::string& request_line) {
  std::istringstream in(request_line);
  std::string method, target;
  in >> method >> target;
  if (method != "GET" && method != "HEAD") return response(405, "Method Not Allowed", "text/plain", "GET only\n");
  target = target.substr(0, target.find('?'));
  std::string name = target == "/" ? "report.html" : target.substr(1);
  if (name.empty() || name.find('/') != std::string::npos || name[0] == '.' || name.find("..") != std::string::npos)
    return response(404, "Not Found", "text/plain", "not found\n");
  std::ifstream file(dir / name, std::ios::binary);
  if (!file) return response(404, "Not Found", "text/plain", "not found\n");
  std::ostringstream body;
  body << file.rdbuf();
  return response(200, "OK", content_type(name), method == "HEAD" ? std::string() : body.str());
}

void serve_one(const fs::path& dir, std::shared_ptr<tcp::socket> socket) {
  auto buffer = std::make_shared<asio::streambuf>(64 * 1024);
  asio::async_read_until(*socket, *buffer, "\r\n\r\n", [dir, socket, buffer](boost::system::error_code ec, std::size_t) {
    if (ec) return;
    std::istream in(buffer.get());
    std::string line;
    std::getline(in, line);
    auto reply = std::make_shared<std::string>(answer(dir, line));
    asio::async_write(*socket, asio::buffer(*reply), [socket, reply](boost::system::error_code, std::size_t) {
      boost::system::error_code ignored;
      socket->shutdown(tcp::socket::shutdown_both, ignored);
    });
  });
}

void accept_next(tcp::acceptor& acceptor, const fs::path& dir) {
  acceptor.async_accept([&acceptor, dir](boost::system::error_code ec, tcp::socket socket) {
    if (ec) return;  // the acceptor was closed: shutting down
    serve_one(dir, std::make_shared<tcp::socket>(std::move(socket)));
    accept_next(acceptor, dir);
  });
}

}  // namespace

int serve_report_directory(const fs::path& dir, const std::string& host, uint16_t port) {
  asio::io_context io;
  tcp::acceptor acceptor(io);
  boost::system::error_code ec;
  const auto address = asio::ip::make_address(host, ec);
  if (ec) throw std::runtime_error("--host: '" + host + "' is not an IP address");
  const tcp::endpoint endpoint(address, port);
  acceptor.open(endpoint.protocol(), ec);
  if (!ec) acceptor.set_option(tcp::acceptor::reuse_address(true), ec);
  if (!ec) acceptor.bind(endpoint, ec);
  if (!ec) acceptor.listen(asio::socket_base::max_listen_connections, ec);
  if (ec) throw std::runtime_error("--dashboard: cannot listen on " + host + ":" + std::to_string(port) + " (" + ec.message() + ")");
  asio::signal_set signals(io, SIGINT, SIGTERM);
  signals.async_wait([&](boost::system::error_code, int) {
    acceptor.close();
    io.stop();
  });
  const std::string shown = address.is_v6() ? "[" + host + "]" : host;
  std::cout << "Serving the report at http://" << shown << ":" << acceptor.local_endpoint().port()
            << "/ (Ctrl-C to stop)" << std::endl;
  accept_next(acceptor, dir);
  io.run();
  return 0;
}

}  // namespace aiperf
