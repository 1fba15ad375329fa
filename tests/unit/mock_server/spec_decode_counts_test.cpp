// The mock's speculative-decoding counts and how it sends them (vLLM's shape).
#include "mock_server/spec_decode_counts.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <vector>

#include "mock_server/mock_config.h"
#include "mock_server/mock_responses.h"

namespace aiperf::mock {
namespace {

using nlohmann::json;

TEST(SpecDecodeCounts, StepsEmitAcceptedDraftsPlusOne) {
  // 32 tokens: 1 from prefill, 31 from steps of 2 accepted + 1 = 3 tokens (the last one short).
  SpecDecodeCounts c = spec_decode_counts(32, 4, 0.5);
  EXPECT_EQ(c.steps, 11);
  EXPECT_EQ(c.accepted, 20);
  EXPECT_EQ(c.drafts, 44);
  EXPECT_EQ(c.accepted + c.steps, 31);
  EXPECT_EQ(c.histogram(0), 1);
  EXPECT_EQ(c.histogram(2), 10);
  EXPECT_EQ(c.histogram(1) + c.histogram(3) + c.histogram(4), 0);
}

TEST(SpecDecodeCounts, EdgeCases) {
  EXPECT_EQ(spec_decode_counts(1, 4, 0.5).steps, 0);  // prefill only: no step
  EXPECT_EQ(spec_decode_counts(0, 4, 0.5).steps, 0);
  SpecDecodeCounts none = spec_decode_counts(9, 3, 0.0);  // nothing accepted: one token per step
  EXPECT_EQ(none.steps, 8);
  EXPECT_EQ(none.accepted, 0);
  EXPECT_EQ(none.histogram(0), 8);
  SpecDecodeCounts all = spec_decode_counts(9, 3, 1.0);  // 4 tokens per step: 8 = 2 steps
  EXPECT_EQ(all.steps, 2);
  EXPECT_EQ(all.accepted, 6);
  EXPECT_EQ(all.histogram(3), 2);
}

ReplyPlan spec_plan(ApiKind kind) {
  ReplyPlan p;
  p.kind = kind;
  p.model_json = "m";
  p.completion_tokens = 32;
  p.spec_decode = spec_decode_counts(32, 4, 0.5);
  return p;
}

void expect_vllm_object(const json& j) {
  const json& s = j.at("metrics").at("speculative_decoding");
  EXPECT_EQ(s["num_spec_steps"], 11);
  EXPECT_EQ(s["num_accepted_draft_tokens"], 20);
  EXPECT_EQ(s["num_draft_tokens"], 44);
  EXPECT_EQ(s["num_spec_tokens"], 4);
  EXPECT_EQ(s["acceptance_histogram"], json::parse("[1,0,10,0,0]"));
  EXPECT_DOUBLE_EQ(s["mean_acceptance_length"].get<double>(), 1.0 + 20.0 / 11.0);
  EXPECT_DOUBLE_EQ(s["draft_acceptance_rate"].get<double>(), 20.0 / 44.0);
}

TEST(SpecDecodeReply, InTheNonStreamingBody) {
  for (ApiKind kind : {ApiKind::chat, ApiKind::completions}) {
    ReplyPlan p = spec_plan(kind);
    ReplyFormatter f;
    f.start(p);
    std::string out;
    f.append_full_reply(out);
    expect_vllm_object(json::parse(out.substr(out.find("\r\n\r\n") + 4)));
  }
}

TEST(SpecDecodeReply, OnlyInTheFinalUsageChunk) {
  ReplyPlan p = spec_plan(ApiKind::chat);
  p.include_usage = true;
  ReplyFormatter f;
  f.start(p);
  std::string wire;
  f.append_content_event(wire, 0);
  f.append_stream_tail(wire);
  EXPECT_EQ(wire.find("speculative_decoding"), wire.rfind("speculative_decoding"));  // once
  const size_t at = wire.find("data: {\"id\"", wire.find("finish_reason\":\"length"));
  ASSERT_NE(at, std::string::npos);
  json usage = json::parse(wire.substr(at + 6, wire.find("\n\n", at) - at - 6));
  EXPECT_EQ(usage["choices"], json::array());
  expect_vllm_object(usage);

  p.include_usage = false;  // vLLM has nowhere to put it without the usage chunk
  f.start(p);
  wire.clear();
  f.append_stream_tail(wire);
  EXPECT_EQ(wire.find("speculative_decoding"), std::string::npos);
}

TEST(SpecDecodeReply, AbsentByDefault) {
  ReplyPlan p = spec_plan(ApiKind::chat);
  p.spec_decode = {};
  ReplyFormatter f;
  f.start(p);
  std::string out;
  f.append_full_reply(out);
  EXPECT_EQ(out.find("metrics"), std::string::npos);
}

TEST(SpecDecodeFlags, ParsedAndValidated) {
  auto parse = [](std::vector<std::string_view> args) { return parse_mock_args(args); };
  MockArgs a = parse({"--spec-decode-draft-tokens", "4", "--spec-decode-acceptance", "0.75"});
  ASSERT_EQ(a.error, "");
  EXPECT_EQ(a.config.spec_decode_draft_tokens, 4);
  EXPECT_EQ(a.config.spec_decode_acceptance, 0.75);
  EXPECT_EQ(parse({}).config.spec_decode_draft_tokens, 0);
  EXPECT_NE(parse({"--spec-decode-draft-tokens", "0"}).error.find("--spec-decode-draft-tokens"), std::string::npos);
  EXPECT_NE(parse({"--spec-decode-draft-tokens", "2", "--spec-decode-acceptance", "1.5"}).error.find(
                "--spec-decode-acceptance: expected a fraction in 0..1"),
            std::string::npos);
  EXPECT_EQ(parse({"--spec-decode-acceptance", "0.5"}).error,
            "--spec-decode-acceptance: requires --spec-decode-draft-tokens");
}

}  // namespace
}  // namespace aiperf::mock
