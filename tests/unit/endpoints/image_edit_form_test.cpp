// image_edit's multipart/form-data fields (workloads-and-endpoints.md §6.5).
#include <gtest/gtest.h>

#include "common/base64.h"
#include "endpoints/form_body.h"
#include "endpoints/request_builder.h"
#include "../support/endpoint_fixtures.h"

namespace aiperf {
namespace {

ProfileConfig edit_config() { return testing::multipart_config(EndpointType::image_edit, "m", "B"); }

DatasetEntry entry_with_image(const std::string& image) {
  DatasetEntry e;
  e.conversation_id = "session_000003";
  e.prompt = "make it blue";
  e.parts.edit().turn_media.push_back({.images = {image}, .audios = {}});
  return e;
}

const std::string kPng = std::string("\x89PNG\r\n\x1a\n", 8) + "rest";

TEST(ImageEditForm, FieldsThenExtrasThenTheImageFile) {
  ProfileConfig c = edit_config();
  c.extra_inputs = {{"size", "512x512"}, {"prompt", "overridden?"}, {"mask", "m"}, {"n", 2}};
  DatasetEntry e = entry_with_image("data:image/png;base64," + base64_encode(kPng));
  e.parts.edit().turn_extra_bodies = {R"({"quality":"low","image":"x"})"};
  EXPECT_EQ(image_edit_form_parts(c, e, 0), (std::vector<FormPart>{{"prompt", "make it blue", "", ""},
                                                                  {"model", "m", "", ""},
                                                                  {"response_format", "b64_json", "", ""},
                                                                  {"n", "2", "", ""},
                                                                  {"size", "512x512", "", ""},
                                                                  {"quality", "low", "", ""},
                                                                  {"image", kPng, "image.png", "image/png"}}));
}

TEST(ImageEditForm, BareBase64IsSniffedAndHttpSourcesGoAsUrl) {
  const std::string jpeg = std::string("\xff\xd8\xff\xe0", 4) + "jfif";
  const auto parts = image_edit_form_parts(edit_config(), entry_with_image(base64_encode(jpeg)), 0);
  EXPECT_EQ(parts.back(), (FormPart{"image", jpeg, "image.jpeg", "image/jpeg"}));
  EXPECT_EQ(image_edit_form_parts(edit_config(), entry_with_image("https://x/cat.png"), 0),
            (std::vector<FormPart>{{"prompt", "make it blue", "", ""},
                                   {"model", "m", "", ""},
                                   {"response_format", "b64_json", "", ""},
                                   {"n", "1", "", ""},
                                   {"url", "https://x/cat.png", "", ""}}));
}

TEST(ImageEditForm, TheEncodedBodyIsWhatTheRunSends) {
  const std::string body = build_request_body(edit_config(), entry_with_image("https://x/c.png"));
  EXPECT_EQ(body,
            "--B\r\nContent-Disposition: form-data; name=\"prompt\"\r\n\r\nmake it blue\r\n"
            "--B\r\nContent-Disposition: form-data; name=\"model\"\r\n\r\nm\r\n"
            "--B\r\nContent-Disposition: form-data; name=\"response_format\"\r\n\r\nb64_json\r\n"
            "--B\r\nContent-Disposition: form-data; name=\"n\"\r\n\r\n1\r\n"
            "--B\r\nContent-Disposition: form-data; name=\"url\"\r\n\r\nhttps://x/c.png\r\n"
            "--B--\r\n");
}

TEST(ImageEditForm, NoImageOrBadBase64IsAConfigError) {
  DatasetEntry none = entry_with_image("x");
  none.parts.edit().turn_media.clear();
  try {
    image_edit_form_parts(edit_config(), none, 0);
    FAIL() << "no error";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("conversation 'session_000003' turn 0: has no image to edit"),
              std::string::npos)
        << e.what();
  }
  EXPECT_THROW(image_edit_form_parts(edit_config(), entry_with_image("data:image/png;base64,@@@"), 0), ConfigError);
}

}  // namespace
}  // namespace aiperf
