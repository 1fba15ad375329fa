// ISL input text of Responses API and Anthropic bodies (workloads-and-endpoints.md §7.6).
#include <gtest/gtest.h>

#include "metrics/request_text.h"

namespace aiperf {
namespace {

TEST(VendorRequestText, InputTextCountsInstructionsAndSystem) {
  EXPECT_EQ(request_input_text(EndpointType::responses,
                               R"({"instructions":"Be brief.","input":[{"type":"message","role":"user",)"
                               R"("content":[{"type":"input_text","text":"a b"}]},{"role":"assistant","content":"c"}]})"),
            "Be brief. a b c");
  EXPECT_EQ(request_input_text(EndpointType::messages,
                               R"({"system":[{"type":"text","text":"Be brief."}],"messages":[{"role":"user","content":"a b"}]})"),
            "Be brief. a b");
  EXPECT_EQ(request_max_tokens(R"({"input":"x","max_output_tokens":7})"), 7);
}

TEST(VendorRequestText, TgiInputsAndSolidoQuery) {
  const char* tgi = R"({"inputs":"a b c","parameters":{"max_new_tokens":9}})";
  EXPECT_EQ(request_input_text(EndpointType::huggingface_generate, tgi), "a b c");
  EXPECT_EQ(request_max_tokens(tgi), 9);
  EXPECT_EQ(request_input_text(EndpointType::solido_rag,
                               R"({"query":["a b","","c"],"filters":{"family":"Solido"},"inference_model":"m"})"),
            "a b c");
  EXPECT_EQ(request_input_text(EndpointType::huggingface_generate, R"({"inputs":""})"), std::nullopt);
  EXPECT_EQ(request_max_tokens(R"({"query":["x"]})"), std::nullopt);
}

}  // namespace
}  // namespace aiperf
