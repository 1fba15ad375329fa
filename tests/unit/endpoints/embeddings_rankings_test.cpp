// Request bodies and response parsing of the embeddings and rankings endpoint families
// (workloads-and-endpoints.md §7.3, §7.4).
#include <gtest/gtest.h>

#include "endpoints/request_builder.h"
#include "endpoints/response_parser.h"
#include "../support/endpoint_fixtures.h"
#include "parsed_record_helpers.h"
#include "raw_record_builder.h"

namespace aiperf {
namespace {

using testing::RawRecordBuilder;

using testing::endpoint_config;

DatasetEntry texts_entry() {
  DatasetEntry e;
  e.model = "m";
  e.prompt = "first text";
  e.parts.edit().more_texts = {"second text"};
  e.max_tokens = 12;  // meaningless for these endpoints: never sent
  return e;
}

DatasetEntry rankings_entry() {
  DatasetEntry e;
  e.model = "m";
  e.prompt = "what is a whale";
  e.parts.edit().passages = {"a fish", "a mammal"};
  return e;
}

TEST(EmbeddingsBody, InputIsAlwaysAList) {
  DatasetEntry one = texts_entry();
  one.parts.edit().more_texts.clear();
  EXPECT_EQ(build_request_body(endpoint_config(EndpointType::embeddings), one), R"({"model":"m","input":["first text"]})");
  EXPECT_EQ(build_request_body(endpoint_config(EndpointType::embeddings), texts_entry()),
            R"({"model":"m","input":["first text","second text"]})");
}

TEST(EmbeddingsBody, NimTakesInputTypeAndTruncateFromExtraInputs) {
  ProfileConfig c = endpoint_config(EndpointType::nim_embeddings);
  c.extra_inputs = {{"input_type", "query"}, {"truncate", "END"}};
  EXPECT_EQ(build_request_body(c, texts_entry()),
            R"({"model":"m","input":["first text","second text"],"input_type":"query","truncate":"END"})");
}

TEST(EmbeddingsBody, ChatEmbeddingsSendsAChatBody) {
  DatasetEntry e = texts_entry();
  e.parts.edit().more_texts.clear();
  e.max_tokens.reset();
  EXPECT_EQ(build_request_body(endpoint_config(EndpointType::chat_embeddings), e),
            R"({"messages":[{"role":"user","content":"first text"}],"model":"m","stream":false})");
}

TEST(RankingsBody, EachFlavour) {
  EXPECT_EQ(build_request_body(endpoint_config(EndpointType::nim_rankings), rankings_entry()),
            R"({"model":"m","query":{"text":"what is a whale"},"passages":[{"text":"a fish"},{"text":"a mammal"}]})");
  EXPECT_EQ(build_request_body(endpoint_config(EndpointType::cohere_rankings), rankings_entry()),
            R"({"model":"m","query":"what is a whale","documents":["a fish","a mammal"]})");
  EXPECT_EQ(build_request_body(endpoint_config(EndpointType::hf_tei_rankings), rankings_entry()),
            R"({"query":"what is a whale","texts":["a fish","a mammal"]})");
}

TEST(RankingsBody, ExtraInputsAreMerged) {
  ProfileConfig c = endpoint_config(EndpointType::hf_tei_rankings);
  c.extra_inputs = {{"raw_scores", true}};
  EXPECT_EQ(build_request_body(c, rankings_entry()),
            R"({"query":"what is a whale","texts":["a fish","a mammal"],"raw_scores":true})");
}

using testing::parse_body;

TEST(VectorResponse, EmbeddingsVectorsAreOneContentResponseWithoutText) {
  ParsedRecord p = parse_body(EndpointType::embeddings,
                              R"({"object":"list","data":[{"object":"embedding","index":0,"embedding":[0.1,0.2]},)"
                              R"({"object":"embedding","index":1,"embedding":[0.3,0.4]}],"model":"m",)"
                              R"("usage":{"prompt_tokens":4,"total_tokens":4}})");
  ASSERT_FALSE(p.error) << p.error->message;
  ASSERT_EQ(p.responses.size(), 1u);
  EXPECT_EQ(p.responses[0].perf_ns, 250);
  EXPECT_EQ(p.responses[0].vector_items, 2);
  EXPECT_TRUE(p.responses[0].text.empty());
  ASSERT_TRUE(p.usage);
  EXPECT_EQ(p.usage->prompt_tokens, 4);
}

TEST(VectorResponse, EmbeddingsEntryOfAnotherObjectIsAnError) {
  ParsedRecord p = parse_body(EndpointType::embeddings, R"({"data":[{"object":"thing","embedding":[1]}]})");
  ASSERT_TRUE(p.error);
  EXPECT_EQ(p.error->type, "ValueError");
  EXPECT_TRUE(p.responses.empty());
}

TEST(VectorResponse, ChatEmbeddingsAcceptsTheGenericShapes) {
  EXPECT_FALSE(parse_body(EndpointType::chat_embeddings, R"({"data":[{"embedding":[1,2]}]})").error);
  EXPECT_FALSE(parse_body(EndpointType::chat_embeddings, R"({"embeddings":[[1,2],[3,4]]})").error);
  EXPECT_FALSE(parse_body(EndpointType::chat_embeddings, R"({"embedding":[1,2]})").error);
}

TEST(VectorResponse, RankingsScores) {
  ParsedRecord nim = parse_body(EndpointType::nim_rankings, R"({"rankings":[{"index":1,"logit":2.5},{"index":0,"logit":-1}]})");
  ASSERT_FALSE(nim.error);
  EXPECT_EQ(nim.responses.at(0).vector_items, 2);
  ParsedRecord cohere =
      parse_body(EndpointType::cohere_rankings, R"({"id":"x","results":[{"index":0,"relevance_score":0.9}]})");
  ASSERT_FALSE(cohere.error);
  EXPECT_EQ(cohere.responses.at(0).vector_items, 1);
  ParsedRecord tei = parse_body(EndpointType::hf_tei_rankings, R"([{"index":0,"score":0.5},{"index":1,"score":0.1}])");
  ASSERT_FALSE(tei.error);
  EXPECT_EQ(tei.responses.at(0).vector_items, 2);
  EXPECT_FALSE(parse_body(EndpointType::hf_tei_rankings, R"({"results":[{"index":0,"score":0.5}]})").error);
}

TEST(VectorResponse, NonJsonOrEmptyBodyIsAnErrorRecord) {
  for (EndpointType t : {EndpointType::embeddings, EndpointType::nim_rankings, EndpointType::hf_tei_rankings}) {
    ParsedRecord p = parse_body(t, "<html>oops</html>");
    ASSERT_TRUE(p.error);
    EXPECT_EQ(p.error->type, "InvalidInferenceResultError");
    EXPECT_TRUE(parse_body(t, R"({"rankings":[],"data":[]})").error);
  }
}

TEST(VectorResponse, HttpErrorsAsForOtherEndpoints) {
  RawRecord r = RawRecordBuilder().start(100).body(250, R"({"error":"bad"})").end(260).build();
  r.http_status = 422;
  ParsedRecord p = parse_record(endpoint_config(EndpointType::cohere_rankings).endpoint_type, r);
  ASSERT_TRUE(p.error);
  EXPECT_EQ(p.error->code, 422);
}

}  // namespace
}  // namespace aiperf
