// Huge bodies are parsed where they lie (endpoints/padded_json.h): a body whose buffer holds
// the parser's padding (the transport reserves it with a known Content-Length) is read without
// a copy, and one without room still parses (one copy).
#include "endpoints/padded_json.h"

#include <gtest/gtest.h>

#include "endpoints/response_parser.h"
#include "raw_record_builder.h"

namespace aiperf {
namespace {

constexpr const char* kReply = R"({"choices":[{"message":{"role":"assistant","content":"a b c"}}]})";

TEST(PaddedJson, ABufferWithRoomIsReadInPlace) {
  std::string body;
  body.reserve(std::string(kReply).size() + kParsePadding);
  body = kReply;
  const std::optional<PaddedJson> p = PaddedJson::in_place(body);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->data(), body.data());  // no copy
  EXPECT_EQ(p->text(), kReply);
}

TEST(PaddedJson, ABufferWithoutRoomIsNotReadInPlace) {
  std::string exact(kReply);
  exact.shrink_to_fit();
  ASSERT_LT(exact.capacity() - exact.size(), kParsePadding);
  EXPECT_FALSE(PaddedJson::in_place(exact));
  const PaddedJson grown(exact);  // the fallback makes room in the string itself
  EXPECT_GE(exact.capacity() - exact.size(), kParsePadding);
  EXPECT_EQ(grown.text(), kReply);
}

TEST(PaddedJson, WholeBodyParsesTheSameWithOrWithoutRoom) {
  ProfileConfig c;
  c.model_names = {"m"};
  c.endpoint_type = EndpointType::chat;
  for (bool room : {true, false}) {
    RawRecord r = testing::RawRecordBuilder().start(100).body(250, kReply).end(260).build();
    if (room) r.body.reserve(r.body.size() + kParsePadding);
    else r.body.shrink_to_fit();
    const ParsedRecord p = parse_record(c.endpoint_type, r);
    ASSERT_FALSE(p.error) << room;
    ASSERT_EQ(p.responses.size(), 1u);
    EXPECT_EQ(p.responses[0].text, "a b c");
  }
}

}  // namespace
}  // namespace aiperf
