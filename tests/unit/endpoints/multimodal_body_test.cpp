// Chat bodies carrying synthetic media (workloads-and-endpoints.md §6.4).
#include <gtest/gtest.h>

#include "endpoints/request_builder.h"

namespace aiperf {
namespace {

TEST(MultimodalBody, ImageAndAudioPartsFollowTheText) {
  ProfileConfig c;
  c.model_names = {"m"};
  DatasetEntry e;
  e.model = "m";
  e.prompt = "Describe";
  e.parts.edit().turn_media = {{.images = {"data:image/png;base64,AAAA", "data:image/jpeg;base64,BBBB"}, .audios = {"wav,UklG"}, .audio_duration_seconds = {}}};
  EXPECT_EQ(build_request_body(c, e),
            R"({"messages":[{"role":"user","content":[{"type":"text","text":"Describe"},)"
            R"({"type":"image_url","image_url":{"url":"data:image/png;base64,AAAA"}},)"
            R"({"type":"image_url","image_url":{"url":"data:image/jpeg;base64,BBBB"}},)"
            R"({"type":"input_audio","input_audio":{"data":"UklG","format":"wav"}}]}],"model":"m","stream":false})");
}

TEST(MultimodalBody, VideoUrlPartsComeLast) {
  ProfileConfig c;
  c.model_names = {"m"};
  DatasetEntry e;
  e.model = "m";
  e.prompt = "Which style? A.x B.y";
  e.parts.edit().turn_media = {{.images = {}, .audios = {}, .videos = {"https://example.com/v.mp4"}}};
  EXPECT_EQ(build_request_body(c, e),
            R"({"messages":[{"role":"user","content":[{"type":"text","text":"Which style? A.x B.y"},)"
            R"({"type":"video_url","video_url":{"url":"https://example.com/v.mp4"}}]}],"model":"m","stream":false})");
}

TEST(MultimodalBody, LaterTurnsCarryTheirOwnMediaAndHistoryKeepsEarlierOnes) {
  ProfileConfig c;
  c.model_names = {"m"};
  DatasetEntry e;
  e.model = "m";
  e.prompt = "one";
  DatasetTurn t;
  t.prompt = "two";
  e.later_turns.push_back(t);
  e.parts.edit().turn_media = {{.images = {}, .audios = {"wav,AA"}, .audio_duration_seconds = {}}, {.images = {"data:image/png;base64,CC"}, .audios = {}, .audio_duration_seconds = {}}};
  const std::string replies[] = {"r"};
  EXPECT_EQ(build_turn_body(c, e, 1, replies),
            R"({"messages":[{"role":"user","content":[{"type":"text","text":"one"},)"
            R"({"type":"input_audio","input_audio":{"data":"AA","format":"wav"}}]},)"
            R"({"role":"assistant","content":"r"},)"
            R"({"role":"user","content":[{"type":"text","text":"two"},)"
            R"({"type":"image_url","image_url":{"url":"data:image/png;base64,CC"}}]}],"model":"m","stream":false})");
}

// vLLM cache ids (§6.4): an image with an id carries "uuid"; a uuid-only slot sends
// "image_url": null, the form vLLM resolves from its cache; an empty id sends none.
TEST(MultimodalBody, ImageUuidsAndUuidOnlySlots) {
  ProfileConfig c;
  c.model_names = {"m"};
  DatasetEntry e;
  e.model = "m";
  e.prompt = "Compare";
  e.parts.edit().turn_media = {{.images = {"data:image/png;base64,AAAA", "", "https://example.com/b.jpg"},
                   .audios = {},
                   .image_uuids = {"sku-a", "sku-b", ""}}};
  EXPECT_EQ(build_request_body(c, e),
            R"({"messages":[{"role":"user","content":[{"type":"text","text":"Compare"},)"
            R"({"type":"image_url","image_url":{"url":"data:image/png;base64,AAAA"},"uuid":"sku-a"},)"
            R"({"type":"image_url","image_url":null,"uuid":"sku-b"},)"
            R"({"type":"image_url","image_url":{"url":"https://example.com/b.jpg"}}]}],"model":"m","stream":false})");
}

// The Responses API: images as input_image parts holding the URL string, audio as chat's
// input_audio; Anthropic: image blocks with a base64 source (data URLs) or a url source.
DatasetEntry image_and_audio_entry(bool audio) {
  DatasetEntry e;
  e.model = "m";
  e.prompt = "Describe";
  e.parts.edit().turn_media = {{.images = {"data:image/png;base64,AAAA", "https://example.com/cat.jpg"},
                   .audios = audio ? std::vector<std::string>{"wav,UklG"} : std::vector<std::string>{}}};
  return e;
}

TEST(MultimodalBody, ResponsesApiSendsInputImageAndInputAudioParts) {
  ProfileConfig c;
  c.model_names = {"m"};
  c.endpoint_type = EndpointType::responses;
  EXPECT_EQ(build_request_body(c, image_and_audio_entry(true)),
            R"({"input":[{"type":"message","role":"user","content":[{"type":"input_text","text":"Describe"},)"
            R"({"type":"input_image","image_url":"data:image/png;base64,AAAA"},)"
            R"({"type":"input_image","image_url":"https://example.com/cat.jpg"},)"
            R"({"type":"input_audio","input_audio":{"data":"UklG","format":"wav"}}]}],"model":"m","stream":false})");
}

TEST(MultimodalBody, AnthropicMessagesSendImageBlocks) {
  ProfileConfig c;
  c.model_names = {"m"};
  c.endpoint_type = EndpointType::messages;
  EXPECT_EQ(build_request_body(c, image_and_audio_entry(false)),
            R"({"messages":[{"role":"user","content":[{"type":"text","text":"Describe"},)"
            R"({"type":"image","source":{"type":"base64","media_type":"image/png","data":"AAAA"}},)"
            R"({"type":"image","source":{"type":"url","url":"https://example.com/cat.jpg"}}]}],)"
            R"("model":"m","max_tokens":1024})");
  // Audio has no Anthropic block (the CLI and the row loaders refuse it before this point).
  EXPECT_THROW(build_request_body(c, image_and_audio_entry(true)), std::invalid_argument);
}

TEST(MultimodalBody, NoMediaKeepsTheBareString) {
  ProfileConfig c;
  c.model_names = {"m"};
  DatasetEntry e;
  e.prompt = "hi";
  EXPECT_EQ(build_request_body(c, e), R"({"messages":[{"role":"user","content":"hi"}],"model":"m","stream":false})");
}

}  // namespace
}  // namespace aiperf
