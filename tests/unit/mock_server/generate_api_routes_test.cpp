// The mock's TGI (/generate, /generate_stream) and Solido RAG (/rag/api/prompt) routes, in
// process on 127.0.0.1: request checks, reply and event shapes, --stream-error-rate.
#include "mock_server/mock_server.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "mock_server/mock_request.h"
#include "reply_words.h"
#include "test_http_client.h"

namespace aiperf::mock {
namespace {

using nlohmann::json;
using testing::HttpResponse;
using testing::post_request;
using testing::TestConnection;

MockConfig one_worker_config() {
  MockConfig c;
  c.port = 0;
  c.workers = 1;
  return c;
}

// The JSON of every `data:` line of a streamed body (TGI writes no space after the colon).
std::vector<json> events(const std::string& body) {
  std::vector<json> out;
  size_t pos = 0;
  while ((pos = body.find("data:", pos)) != std::string::npos) {
    size_t end = body.find("\n\n", pos);
    out.push_back(json::parse(body.substr(pos + 5, end - pos - 5)));
    pos = end;
  }
  return out;
}

constexpr const char* kTgiBody = R"({"inputs":"one two three","parameters":{"max_new_tokens":4}})";
constexpr const char* kRagBody =
    R"({"query":["one two","three"],"filters":{"family":"Solido","tool":"SDE"},"inference_model":"rag-m"})";

TEST(MockTgi, GenerateReturnsGeneratedTextAndDetails) {
  MockServer server(one_worker_config());
  TestConnection c(server.port());
  HttpResponse r = c.roundtrip(post_request("/generate", kTgiBody));
  ASSERT_EQ(r.status, 200) << r.body;
  json j = json::parse(r.body);
  EXPECT_EQ(count_words(j["generated_text"].get<std::string>()), 4);
  EXPECT_EQ(j["details"]["generated_tokens"], 4);
  EXPECT_EQ(j["details"]["finish_reason"], "length");
}

TEST(MockTgi, GenerateStreamSendsOneTokenPerEventAndTheWholeTextLast) {
  MockServer server(one_worker_config());
  TestConnection c(server.port());
  HttpResponse r = c.roundtrip(post_request("/generate_stream", kTgiBody));
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.headers.at("content-type"), "text/event-stream");
  std::vector<json> ev = events(r.body);
  ASSERT_EQ(ev.size(), 4u) << r.body;
  std::string text;
  for (size_t i = 0; i < ev.size(); ++i) {
    EXPECT_EQ(ev[i]["index"], i + 1);
    EXPECT_EQ(ev[i]["token"]["special"], false);
    EXPECT_EQ(count_words(ev[i]["token"]["text"].get<std::string>()), 1);
    text += ev[i]["token"]["text"].get<std::string>();
    if (i + 1 < ev.size()) {
      EXPECT_TRUE(ev[i]["generated_text"].is_null() && ev[i]["details"].is_null()) << ev[i];
    }
  }
  EXPECT_EQ(ev.back()["generated_text"], text);
  EXPECT_EQ(ev.back()["details"]["generated_tokens"], 4);
}

TEST(MockTgi, SageMakerInvocationsWithATgiBodyAnswersAsTgi) {
  MockServer server(one_worker_config());
  TestConnection c(server.port());
  HttpResponse r = c.roundtrip(post_request("/endpoints/tgi-endpoint/invocations", kTgiBody));
  ASSERT_EQ(r.status, 200) << r.body;
  json j = json::parse(r.body);
  EXPECT_EQ(count_words(j["generated_text"].get<std::string>()), 4);
}

TEST(MockTgi, BadBodiesAre400) {
  MockServer server(one_worker_config());
  TestConnection c(server.port());
  for (const char* body : {R"({"prompt":"x"})", R"({"inputs":"x","parameters":[]})",
                           R"({"inputs":"x","parameters":{"max_new_tokens":0}})"}) {
    HttpResponse r = c.roundtrip(post_request("/generate_stream", body));
    EXPECT_EQ(r.status, 400) << body;
  }
}

TEST(MockTgi, StreamErrorRateEndsTheStreamWithAnErrorEvent) {
  MockConfig config = one_worker_config();
  config.stream_error_rate = 1.0;
  MockServer server(config);
  TestConnection c(server.port());
  HttpResponse r = c.roundtrip(post_request("/generate_stream", kTgiBody));
  std::vector<json> ev = events(r.body);
  ASSERT_EQ(ev.size(), 5u) << r.body;
  EXPECT_TRUE(ev[3]["generated_text"].is_null());  // no final event
  EXPECT_EQ(ev[4]["error_type"], "generation");
  EXPECT_TRUE(ev[4]["error"].is_string());
  // Non-streaming replies are never failed this way.
  EXPECT_EQ(c.roundtrip(post_request("/generate", kTgiBody)).status, 200);
}

TEST(MockSolidoRag, WholeReplyHasContentAndSources) {
  MockServer server(one_worker_config());
  TestConnection c(server.port());
  HttpResponse r = c.roundtrip(post_request("/rag/api/prompt", kRagBody));
  ASSERT_EQ(r.status, 200) << r.body;
  json j = json::parse(r.body);
  EXPECT_EQ(count_words(j["content"].get<std::string>()), 16);  // no length in the body: the default
  EXPECT_FALSE(j["sources"].empty());
}

TEST(MockSolidoRag, AcceptEventStreamStreamsContentPiecesThenSources) {
  MockConfig config = one_worker_config();
  config.output_tokens = 3;
  MockServer server(config);
  TestConnection c(server.port());
  HttpResponse r = c.roundtrip(post_request("/rag/api/prompt", kRagBody, "Accept: text/event-stream\r\n"));
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.headers.at("content-type"), "text/event-stream");
  std::vector<json> ev = events(r.body);
  ASSERT_EQ(ev.size(), 4u) << r.body;
  for (size_t i = 0; i < 3; ++i) EXPECT_EQ(count_words(ev[i]["content"].get<std::string>()), 1) << ev[i];
  EXPECT_EQ(ev[3]["content"], "");
  EXPECT_FALSE(ev[3]["sources"].empty());
}

TEST(MockSolidoRag, RequestChecks) {
  CompletionRequest req;
  ASSERT_EQ(parse_completion_request(ApiKind::rag, kRagBody, req), "");
  EXPECT_EQ(req.prompt_tokens, 3);
  EXPECT_EQ(req.model, "rag-m");
  EXPECT_NE(parse_completion_request(ApiKind::rag, R"({"query":"x","filters":{}})", req), "");
  EXPECT_NE(parse_completion_request(ApiKind::rag, R"({"query":["x"]})", req), "");
  ASSERT_EQ(parse_completion_request(ApiKind::generate, kTgiBody, req), "");
  EXPECT_EQ(req.prompt_tokens, 3);
  EXPECT_EQ(req.max_tokens, 4);
}

}  // namespace
}  // namespace aiperf::mock
