// Prompt token counts agree with aiperf's: o200k_base over the input texts joined by one space.
#include "mock_server/prompt_tokens.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "mock_server/mock_request.h"
#include "mock_server/vector_replies.h"
#include "reply_words.h"
#include "tokenizer/tiktoken_bpe.h"

namespace aiperf::mock {
namespace {

int64_t o200k(std::string_view text) {
  static const auto tokenizer = make_o200k_base();
  return int64_t(tokenizer->count(text));
}

constexpr std::string_view kText = "Hello, world! Tokenizers split punctuation—and émigrés—unlike words.";

TEST(PromptTokens, CountsWithO200kNotWords) {
  EXPECT_EQ(count_prompt_tokens(kText), o200k(kText));
  EXPECT_NE(count_prompt_tokens(kText), count_words(kText));
  EXPECT_EQ(count_prompt_tokens(""), 0);
}

TEST(PromptTokens, TextsJoinWithOneSpaceSkippingEmptyOnes) {
  std::string joined;
  append_prompt_text(joined, "");
  append_prompt_text(joined, "first");
  append_prompt_text(joined, "");
  append_prompt_text(joined, "second");
  EXPECT_EQ(joined, "first second");
}

TEST(PromptTokens, ChatCountsTextPartsOnly) {
  const std::string body = nlohmann::json{
      {"messages",
       {{{"role", "system"}, {"content", "You are terse."}},
        {{"role", "user"},
         {"content",
          {{{"type", "text"}, {"text", std::string(kText)}},
           {{"type", "image_url"}, {"image_url", {{"url", "data:image/png;base64,AAAA"}}}, {"text", "not counted"}}}}},
        {{"role", "assistant"}, {"content", ""}}}}}.dump();
  CompletionRequest r;
  ASSERT_EQ(parse_completion_request(ApiKind::chat, body, r), "");
  EXPECT_EQ(r.prompt_tokens, o200k("You are terse. " + std::string(kText)));
}

TEST(PromptTokens, ResponsesCountInstructionsThenInputParts) {
  CompletionRequest r;
  ASSERT_EQ(parse_completion_request(ApiKind::responses, R"({"instructions":"Be kind.","input":[
      {"role":"user","content":[{"type":"input_text","text":"What's up?"}]},
      {"role":"assistant","content":"Fine, thanks."}]})", r), "");
  EXPECT_EQ(r.prompt_tokens, o200k("Be kind. What's up? Fine, thanks."));
}

TEST(PromptTokens, CompletionsTokenIdsCountOneEach) {
  CompletionRequest r;
  ASSERT_EQ(parse_completion_request(ApiKind::completions, R"({"prompt":["isn't it","odd?"]})", r), "");
  EXPECT_EQ(r.prompt_tokens, o200k("isn't it odd?"));
  ASSERT_EQ(parse_completion_request(ApiKind::completions, R"({"prompt":[5,6,7]})", r), "");
  EXPECT_EQ(r.prompt_tokens, 3);
}

TEST(PromptTokens, RankingsCountTheQueryThenThePassages) {
  VectorRequest r;
  ASSERT_EQ(parse_vector_request(VectorApi::nim_rankings,
                                 R"({"query":{"text":"Who's there?"},"passages":[{"text":"Knock, knock."},{"text":"Me!"}]})",
                                 r),
            "");
  EXPECT_EQ(r.items, 2);
  EXPECT_EQ(r.prompt_tokens, o200k("Who's there? Knock, knock. Me!"));
  ASSERT_EQ(parse_vector_request(VectorApi::embeddings, R"({"input":["a, b","c."]})", r), "");
  EXPECT_EQ(r.items, 2);
  EXPECT_EQ(r.prompt_tokens, o200k("a, b c."));
}

}  // namespace
}  // namespace aiperf::mock
