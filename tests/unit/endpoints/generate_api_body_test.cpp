// Golden request bodies for huggingface_generate (TGI) and solido_rag
// (workloads-and-endpoints.md §7.3).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "endpoints/request_builder.h"
#include "../support/endpoint_fixtures.h"

namespace aiperf {
namespace {

using testing::endpoint_config;

using testing::sonnet_entry;

TEST(TgiGenerateBody, InputsAndMaxNewTokensStreamingOrNot) {
  for (bool streaming : {false, true})
    EXPECT_EQ(build_request_body(endpoint_config(EndpointType::huggingface_generate, streaming), sonnet_entry(64)),
              R"({"inputs":"Shall I compare","parameters":{"max_new_tokens":64}})");
  EXPECT_EQ(build_request_body(endpoint_config(EndpointType::huggingface_generate, true), sonnet_entry()),
            R"({"inputs":"Shall I compare","parameters":{}})");
}

TEST(TgiGenerateBody, TextsJoinedWithASpaceAndEmptyOnesDropped) {
  DatasetEntry e = sonnet_entry(8);
  e.parts.edit().more_texts = {"thee", "", "to a"};
  EXPECT_EQ(build_request_body(endpoint_config(EndpointType::huggingface_generate, false), e),
            R"({"inputs":"Shall I compare thee to a","parameters":{"max_new_tokens":8}})");
}

TEST(TgiGenerateBody, ExtraInputsGoIntoParametersAndRowExtrasAtTheTop) {
  ProfileConfig c = endpoint_config(EndpointType::huggingface_generate, true);
  c.extra_inputs = nlohmann::ordered_json::parse(R"({"temperature":0.5,"max_new_tokens":3,"details":true})");
  DatasetEntry e = sonnet_entry(64);
  e.parts.edit().turn_extra_bodies = {R"({"stream":true,"parameters":{"top_k":5}})"};
  // The row's `parameters` replaces the whole object, as every row extra replaces its key.
  EXPECT_EQ(build_request_body(c, e), R"({"inputs":"Shall I compare","parameters":{"top_k":5},"stream":true})");
  e.parts.edit().turn_extra_bodies = {R"({"truncate":100})"};
  EXPECT_EQ(build_request_body(c, e),
            R"({"inputs":"Shall I compare","parameters":{"max_new_tokens":3,"temperature":0.5,"details":true},)"
            R"("truncate":100})");
}

TEST(SolidoRagBody, QueryFiltersAndInferenceModel) {
  for (bool streaming : {false, true})
    EXPECT_EQ(build_request_body(endpoint_config(EndpointType::solido_rag, streaming), sonnet_entry(64)),
              R"({"query":["Shall I compare"],"filters":{"family":"Solido","tool":"SDE"},"inference_model":"m"})");
}

TEST(SolidoRagBody, EveryTextOfTheTurnThenExtrasThenRowExtras) {
  ProfileConfig c = endpoint_config(EndpointType::solido_rag, true);
  c.extra_inputs = nlohmann::ordered_json::parse(R"({"filters":{"family":"Solido","tool":"PVT"},"top_k":4})");
  DatasetEntry e = sonnet_entry();
  e.parts.edit().more_texts = {"thee"};
  e.parts.edit().turn_models = {"other"};
  e.parts.edit().turn_extra_bodies = {R"({"top_k":2,"session":"s1"})"};
  EXPECT_EQ(build_request_body(c, e),
            R"({"query":["Shall I compare","thee"],"filters":{"family":"Solido","tool":"PVT"},)"
            R"("inference_model":"other","top_k":2,"session":"s1"})");
}

}  // namespace
}  // namespace aiperf
