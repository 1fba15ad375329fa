// HTTPS: a throwaway self-signed certificate is made at test time (nothing stored in the tree
// that could expire), the server loads it, and an OpenSSL client talks to it on 127.0.0.1.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <sys/socket.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "mock_server/mock_server.h"

namespace aiperf::mock {
namespace {

struct CertFiles {
  std::string cert;
  std::string key;
};

CertFiles write_self_signed_cert() {
  CertFiles files{::testing::TempDir() + "mock_tls_cert.pem", ::testing::TempDir() + "mock_tls_key.pem"};
  EVP_PKEY* key = EVP_EC_gen("P-256");
  X509* x = X509_new();
  X509_set_version(x, 2);
  ASN1_INTEGER_set(X509_get_serialNumber(x), 1);
  X509_gmtime_adj(X509_getm_notBefore(x), -60);
  X509_gmtime_adj(X509_getm_notAfter(x), 3600);
  X509_set_pubkey(x, key);
  X509_NAME* name = X509_get_subject_name(x);
  X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, reinterpret_cast<const unsigned char*>("127.0.0.1"), -1, -1, 0);
  X509_set_issuer_name(x, name);
  X509_sign(x, key, EVP_sha256());
  FILE* f = std::fopen(files.cert.c_str(), "w");
  PEM_write_X509(f, x);
  std::fclose(f);
  f = std::fopen(files.key.c_str(), "w");
  PEM_write_PrivateKey(f, key, nullptr, nullptr, 0, nullptr, nullptr);
  std::fclose(f);
  X509_free(x);
  EVP_PKEY_free(key);
  return files;
}

// Sends one request with "Connection: close" and returns everything read until the server closes.
std::string https_exchange(uint16_t port, const std::string& request) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  EXPECT_EQ(::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
  SSL_CTX* ctx = SSL_CTX_new(TLS_client_method());
  SSL* ssl = SSL_new(ctx);
  SSL_set_fd(ssl, fd);
  std::string out;
  if (SSL_connect(ssl) == 1 && SSL_write(ssl, request.data(), static_cast<int>(request.size())) > 0) {
    char buf[4096];
    int n;
    while ((n = SSL_read(ssl, buf, sizeof buf)) > 0) out.append(buf, static_cast<size_t>(n));
  }
  SSL_free(ssl);
  SSL_CTX_free(ctx);
  ::close(fd);
  return out;
}

TEST(MockServerTls, ServesHttps) {
  CertFiles files = write_self_signed_cert();
  MockConfig config;
  config.port = 0;
  config.workers = 1;
  config.tls_cert = files.cert;
  config.tls_key = files.key;
  MockServer server(config);
  EXPECT_EQ(server.url(), "https://127.0.0.1:" + std::to_string(server.port()));

  std::string health = https_exchange(server.port(), "GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  EXPECT_TRUE(health.starts_with("HTTP/1.1 200 OK\r\n")) << health;
  EXPECT_TRUE(health.ends_with(R"({"status":"ok"})"));

  std::string body = R"({"messages":[{"role":"user","content":"hi"}],"max_tokens":3,"stream":true})";
  std::string streamed = https_exchange(server.port(), "POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\n"
                                                       "Connection: close\r\nContent-Length: " +
                                                           std::to_string(body.size()) + "\r\n\r\n" + body);
  EXPECT_NE(streamed.find("Content-Type: text/event-stream"), std::string::npos);
  EXPECT_NE(streamed.find("data: [DONE]\n\n"), std::string::npos);
}

TEST(MockServerTls, BadCertificateNamesTheFlag) {
  MockConfig config;
  config.port = 0;
  config.tls_cert = "/dev/null";
  config.tls_key = "/dev/null";
  try {
    MockServer server(config);
    FAIL() << "accepted an empty certificate";
  } catch (const std::runtime_error& e) {
    EXPECT_TRUE(std::string(e.what()).starts_with("--tls-cert /dev/null: ")) << e.what();
  }
}

}  // namespace
}  // namespace aiperf::mock
