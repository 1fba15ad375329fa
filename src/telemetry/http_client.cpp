#include "telemetry/http_client.h"

#include <curl/curl.h>

#include <mutex>
#include <stdexcept>

#include "common/clock.h"

namespace aiperf {

namespace {

void global_init_once() {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

struct Transfer {
  HttpReply* reply;
  size_t limit;
  const std::atomic<bool>* abort;
  bool too_large = false;
};

int on_progress(void* user, curl_off_t, curl_off_t, curl_off_t, curl_off_t) {
  const auto* t = static_cast<Transfer*>(user);
  return t->abort && t->abort->load(std::memory_order_relaxed) ? 1 : 0;
}

size_t on_body(char* data, size_t size, size_t count, void* user) {
  auto* t = static_cast<Transfer*>(user);
  const size_t n = size * count;
  if (t->reply->first_byte_ns == 0) t->reply->first_byte_ns = mono_ns();
  if (t->reply->body.size() + n > t->limit) {
    t->too_large = true;
    return 0;  // curl aborts the transfer
  }
  t->reply->body.append(data, n);
  return n;
}

size_t on_header(char*, size_t size, size_t count, void* user) {
  auto* t = static_cast<Transfer*>(user);
  if (t->reply->first_byte_ns == 0) t->reply->first_byte_ns = mono_ns();
  return size * count;
}

}  // namespace

std::string HttpReply::problem() const {
  if (!error.empty()) return error;
  return "HTTP " + std::to_string(status);
}

HttpClient::HttpClient() {
  global_init_once();
  curl_ = curl_easy_init();
  if (!curl_) throw std::runtime_error("libcurl could not create a handle");
}

HttpClient::~HttpClient() { curl_easy_cleanup(static_cast<CURL*>(curl_)); }

HttpReply HttpClient::call(const HttpCall& c) {
  CURL* h = static_cast<CURL*>(curl_);
  curl_easy_reset(h);  // keeps the connection cache
  HttpReply reply;
  Transfer transfer{&reply, c.max_body_bytes, c.abort};
  curl_slist* headers = nullptr;
  for (const std::string& line : c.headers) headers = curl_slist_append(headers, line.c_str());
  // An empty "Expect:" stops curl from waiting for "100 Continue" on larger POSTs.
  if (!c.body.empty()) headers = curl_slist_append(headers, "Expect:");

  char error_text[CURL_ERROR_SIZE] = {0};
  curl_easy_setopt(h, CURLOPT_URL, c.url.c_str());
  curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(h, CURLOPT_ERRORBUFFER, error_text);
  curl_easy_setopt(h, CURLOPT_TIMEOUT_MS, long(c.timeout_s * 1000));
  curl_easy_setopt(h, CURLOPT_CONNECTTIMEOUT_MS, long(c.timeout_s * 1000));
  curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, on_body);
  curl_easy_setopt(h, CURLOPT_WRITEDATA, &transfer);
  curl_easy_setopt(h, CURLOPT_HEADERFUNCTION, on_header);
  curl_easy_setopt(h, CURLOPT_HEADERDATA, &transfer);
  curl_easy_setopt(h, CURLOPT_ACCEPT_ENCODING, "");  // whatever curl can decode
  curl_easy_setopt(h, CURLOPT_SSL_VERIFYPEER, c.verify_tls ? 1L : 0L);
  curl_easy_setopt(h, CURLOPT_SSL_VERIFYHOST, c.verify_tls ? 2L : 0L);
  curl_easy_setopt(h, CURLOPT_PROTOCOLS_STR, "http,https");
  if (headers) curl_easy_setopt(h, CURLOPT_HTTPHEADER, headers);
  if (c.abort) {
    curl_easy_setopt(h, CURLOPT_NOPROGRESS, 0L);
    curl_easy_setopt(h, CURLOPT_XFERINFOFUNCTION, on_progress);
    curl_easy_setopt(h, CURLOPT_XFERINFODATA, &transfer);
  }
  if (c.method == "GET") {
    curl_easy_setopt(h, CURLOPT_HTTPGET, 1L);
  } else {
    if (c.method != "POST") curl_easy_setopt(h, CURLOPT_CUSTOMREQUEST, c.method.c_str());
    curl_easy_setopt(h, CURLOPT_POST, 1L);
    curl_easy_setopt(h, CURLOPT_POSTFIELDS, c.body.data());
    curl_easy_setopt(h, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(c.body.size()));
  }

  reply.sent_ns = mono_ns();
  const CURLcode rc = curl_easy_perform(h);
  reply.done_ns = mono_ns();
  curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &reply.status);
  if (char* type = nullptr; curl_easy_getinfo(h, CURLINFO_CONTENT_TYPE, &type) == CURLE_OK && type)
    reply.content_type = type;
  if (transfer.too_large) {
    reply.error = "reply larger than " + std::to_string(c.max_body_bytes >> 20) + " MiB";
  } else if (rc == CURLE_ABORTED_BY_CALLBACK) {
    reply.error = "cancelled";
  } else if (rc != CURLE_OK) {
    reply.error = error_text[0] ? error_text : curl_easy_strerror(rc);
  }
  if (headers) curl_slist_free_all(headers);
  curl_easy_setopt(h, CURLOPT_ERRORBUFFER, nullptr);
  return reply;
}


}  // namespace aiperf
