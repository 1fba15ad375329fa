// The mock's image generation and retrieval requests and replies (workloads-and-endpoints.md §6.5).
#include "mock_server/image_replies.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace aiperf::mock {
namespace {

using nlohmann::json;

TEST(MockImagePng, IsARealPng) {
  // base64 of the PNG signature, then an IHDR of 2x2.
  EXPECT_TRUE(mock_png_base64().starts_with("iVBORw0KGgo"));
  EXPECT_EQ(mock_png_base64().size() % 4, 0u);
}

TEST(MockImageGeneration, ParsesAndValidates) {
  ImageGenerationRequest r;
  ASSERT_EQ(parse_image_generation_request(
                R"({"prompt":"a fox","model":"m","response_format":"b64_json","n":2,"stream":true,"partial_images":1,"size":"256x256"})",
                r),
            "");
  EXPECT_EQ(r.prompt, "a fox");
  EXPECT_EQ(r.model, "m");
  EXPECT_EQ(r.n, 2);
  EXPECT_TRUE(r.stream);
  EXPECT_EQ(r.partial_images, 1);
  EXPECT_EQ(r.size, "256x256");
  EXPECT_EQ(image_stream_events(r), 4);
  EXPECT_EQ(parse_image_generation_request(R"({"model":"m"})", r), "'prompt' is required");
  EXPECT_EQ(parse_image_generation_request(R"({"prompt":"x","n":0})", r), "'n' must be an integer from 1 to 10");
  EXPECT_EQ(parse_image_generation_request(R"({"prompt":"x","partial_images":4})", r),
            "'partial_images' must be an integer from 0 to 3");
  EXPECT_EQ(parse_image_generation_request(R"({"prompt":"x","response_format":"png"})", r),
            "'response_format' must be b64_json or url");
  EXPECT_EQ(parse_image_generation_request("[]", r), "request body is not a JSON object");
}

TEST(MockImageGeneration, WholeBody) {
  ImageGenerationRequest r;
  ASSERT_EQ(parse_image_generation_request(R"({"prompt":"two words","n":2})", r), "");
  std::string out;
  append_image_generation_body(out, r, "m", 7);
  const json j = json::parse(out);
  ASSERT_EQ(j["data"].size(), 2u);
  EXPECT_EQ(j["data"][1]["b64_json"], std::string(mock_png_base64()));
  EXPECT_EQ(j["data"][0]["revised_prompt"], "two words");
  EXPECT_EQ(j["size"], "1024x1024");
  EXPECT_EQ(j["usage"]["input_tokens"], 2);
  EXPECT_EQ(j["usage"]["output_tokens"], 32);
  EXPECT_EQ(j["created"], 7);
}

TEST(MockImageGeneration, StreamEvents) {
  ImageGenerationRequest r;
  ASSERT_EQ(parse_image_generation_request(R"({"prompt":"p","stream":true,"partial_images":2})", r), "");
  ASSERT_EQ(image_stream_events(r), 3);
  std::string e0, e2;
  append_image_stream_event(e0, r, 0, 1);
  append_image_stream_event(e2, r, 2, 1);
  ASSERT_TRUE(e0.starts_with("event: image_generation.partial_image\ndata: "));
  ASSERT_TRUE(e0.ends_with("}\n\n"));
  const json j0 = json::parse(e0.substr(e0.find("data: ") + 6));
  EXPECT_EQ(j0["partial_image_index"], 0);
  EXPECT_FALSE(j0.contains("usage"));
  ASSERT_TRUE(e2.starts_with("event: image_generation.completed\ndata: "));
  const json j2 = json::parse(e2.substr(e2.find("data: ") + 6));
  EXPECT_EQ(j2["type"], "image_generation.completed");
  EXPECT_FALSE(j2.contains("partial_image_index"));
  EXPECT_EQ(j2["usage"]["input_tokens"], 1);
}

TEST(MockImageEdit, ReadsTheForm) {
  const std::string png = std::string("\x89PNG\r\n\x1a\n", 8) + "data";
  const std::string body = "--XY\r\nContent-Disposition: form-data; name=\"prompt\"\r\n\r\nmake it blue\r\n"
                           "--XY\r\nContent-Disposition: form-data; name=\"n\"\r\n\r\n2\r\n"
                           "--XY\r\nContent-Disposition: form-data; name=\"image\"; filename=\"image.png\"\r\n"
                           "Content-Type: image/png\r\n\r\n" + png + "\r\n--XY--\r\n";
  ImageGenerationRequest r;
  int64_t images = 0;
  ASSERT_EQ(parse_image_edit_request(body, "multipart/form-data; boundary=XY", r, images), "");
  EXPECT_EQ(r.prompt, "make it blue");
  EXPECT_EQ(r.n, 2);
  EXPECT_EQ(images, 1);
  EXPECT_EQ(parse_image_edit_request(body, "application/json", r, images),
            "Content-Type must be multipart/form-data with a boundary");
  std::string not_png = body;
  not_png.replace(not_png.find("\x89PNG"), 4, "GIF8");
  EXPECT_EQ(parse_image_edit_request(not_png, "multipart/form-data; boundary=XY", r, images),
            "'image' is neither a PNG nor a JPEG");
  const std::string no_image = "--XY\r\nContent-Disposition: form-data; name=\"prompt\"\r\n\r\np\r\n--XY--\r\n";
  EXPECT_EQ(parse_image_edit_request(no_image, "multipart/form-data; boundary=XY", r, images),
            "an 'image' file part or a 'url' field is required");
}

TEST(MockImageRetrieval, OneResultPerImage) {
  ImageRetrievalRequest r;
  ASSERT_EQ(parse_image_retrieval_request(
                R"({"input":[{"type":"image_url","url":"data:image/png;base64,AA"},{"type":"image_url","url":"https://x/y.jpg"}]})",
                r),
            "");
  EXPECT_EQ(r.images, 2);
  std::string out;
  append_image_retrieval_body(out, r);
  EXPECT_EQ(out, R"({"data":[{"index":0,"score":1.000000},{"index":1,"score":0.500000}],"usage":{"num_images":2}})");
  EXPECT_EQ(parse_image_retrieval_request(R"({"input":[]})", r), "'input' must be a non-empty list");
  EXPECT_EQ(parse_image_retrieval_request(R"({"input":[{"type":"text","text":"x"}]})", r),
            "each entry of 'input' must be an object with \"type\": \"image_url\"");
  EXPECT_EQ(parse_image_retrieval_request(R"({"input":[{"type":"image_url","url":"ftp://x"}]})", r),
            "'url' must be a data:image/ URL or an http(s) URL");
}

}  // namespace
}  // namespace aiperf::mock
