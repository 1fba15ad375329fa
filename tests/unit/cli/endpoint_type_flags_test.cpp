// --endpoint-type over the whole catalogue, --streaming on non-streaming types, and the
// --rankings-* flags (workloads-and-endpoints.md §7.1, §7.2, §2.11).
#include <gtest/gtest.h>

#include "parse_helpers.h"

namespace aiperf {
namespace {

using cli_test::flag_error;
using cli_test::parse_flags;

TEST(EndpointTypeFlags, EveryCatalogueNameIsAccepted) {
  for (const EndpointInfo& e : kEndpointCatalog) {
    if (e.type == EndpointType::raw || e.type == EndpointType::template_) {
      // These need their inputs (a raw_payload file, a payload_template): refused by name without.
      EXPECT_NE(flag_error({"--endpoint-type", e.name}).find(e.type == EndpointType::raw ? "raw_payload" : "payload_template"),
                std::string::npos)
          << e.name;
    } else if (e.type == EndpointType::audio_transcription) {
      // Every request uploads a clip: refused without synthetic audio.
      EXPECT_NE(flag_error({"--endpoint-type", e.name}).find("--audio-length-mean"), std::string::npos);
      EXPECT_EQ(parse_flags({"--endpoint-type", e.name, "--audio-length-mean", "1"}).endpoint_type, e.type);
    } else {
      EXPECT_EQ(parse_flags({"--endpoint-type", e.name}).endpoint_type, e.type) << e.name;
    }
  }
}

TEST(EndpointTypeFlags, DefaultPathsComeFromTheCatalogue) {
  EXPECT_EQ(parse_flags({"--endpoint-type", "embeddings"}).endpoint_path(), "/v1/embeddings");
  EXPECT_EQ(parse_flags({"--endpoint-type", "nim_embeddings"}).endpoint_path(), "/v1/embeddings");
  EXPECT_EQ(parse_flags({"--endpoint-type", "chat_embeddings"}).endpoint_path(), "/v1/embeddings");
  EXPECT_EQ(parse_flags({"--endpoint-type", "nim-rankings"}).endpoint_path(), "/v1/ranking");
  EXPECT_EQ(parse_flags({"--endpoint-type", "cohere_rankings"}).endpoint_path(), "/v2/rerank");
  EXPECT_EQ(parse_flags({"--endpoint-type", "hf_tei_rankings"}).endpoint_path(), "/rerank");
  EXPECT_EQ(parse_flags({"--endpoint-type", "hf_tei_rankings", "--endpoint", "/x"}).endpoint_path(), "/x");
}

TEST(EndpointTypeFlags, StreamingIsSilentlyOffWhereTheEndpointCannotStream) {
  EXPECT_FALSE(parse_flags({"--endpoint-type", "embeddings", "--streaming"}).streaming);
  EXPECT_FALSE(parse_flags({"--endpoint-type", "cohere_rankings", "--streaming"}).streaming);
  EXPECT_TRUE(parse_flags({"--endpoint-type", "completions", "--streaming"}).streaming);
}

TEST(EndpointTypeFlags, RankingsFlags) {
  ProfileConfig c = parse_flags({"--endpoint-type", "nim_rankings", "--rankings-passages-mean", "3",
                           "--rankings-passages-stddev", "1", "--rankings-query-prompt-token-mean", "20",
                           "--rankings-passages-prompt-token-mean", "40",
                           "--rankings-passages-prompt-token-stddev", "2"});
  EXPECT_EQ(c.rankings_passages_mean, 3);
  EXPECT_EQ(c.rankings_passages_stddev, 1);
  EXPECT_EQ(c.rankings_query_tokens_mean, 20);
  EXPECT_EQ(c.rankings_passage_tokens_mean, 40);
  EXPECT_EQ(c.rankings_passage_tokens_stddev, 2);
  EXPECT_EQ(flag_error({"--rankings-passages-mean", "3"}),
            "--rankings-passages-mean needs a rankings endpoint (--endpoint-type nim_rankings, cohere_rankings "
            "or hf_tei_rankings)");
  EXPECT_EQ(flag_error({"--endpoint-type", "nim_rankings", "--isl", "5", "--rankings-passages-mean", "3"}),
            "--rankings-passages-mean cannot be combined with --isl");
  EXPECT_NE(flag_error({"--endpoint-type", "nim_rankings", "--rankings-passages-mean", "0"}).find(
                "--rankings-passages-mean"),
            std::string::npos);
}

TEST(EndpointTypeFlags, ResponsesAndMessagesCarryRolesAndHistory) {
  for (const char* type : {"responses", "messages"}) {
    ProfileConfig c = parse_flags({"--endpoint-type", type, "--streaming", "--conversation-turn-mean", "2",
                             "--shared-system-prompt-length", "4"});
    EXPECT_TRUE(c.streaming) << type;
    EXPECT_TRUE(c.multi_turn()) << type;
  }
  EXPECT_EQ(parse_flags({"--endpoint-type", "responses"}).endpoint_path(), "/v1/responses");
  EXPECT_EQ(parse_flags({"--endpoint-type", "messages"}).endpoint_path(), "/v1/messages");
}

}  // namespace
}  // namespace aiperf
