#pragma once
// Image endpoints of the mock (workloads-and-endpoints.md §6.5): OpenAI's image generation
// (whole JSON, or SSE partial/completed events when streaming) and NIM image retrieval. Every
// image the mock returns is the same small real PNG, so clients can decode what they get.
#include <cstdint>
#include <string>
#include <string_view>

namespace aiperf::mock {

// The base64 of a 2x2 RGB PNG.
std::string_view mock_png_base64();

struct ImageGenerationRequest {
  std::string model;             // empty when absent
  std::string prompt;
  int64_t n = 1;                 // images asked for, 1..10
  bool stream = false;
  int64_t partial_images = 0;    // previews streamed before each final image, 0..3
  bool url = false;              // response_format "url" instead of "b64_json"
  std::string size = "1024x1024", quality = "auto", output_format = "png", background = "auto";
};

// Fills `out` from a JSON body. Returns "" on success, else a one-line message for a 400 reply.
std::string parse_image_generation_request(std::string_view body, ImageGenerationRequest& out);

// The whole JSON reply: `n` data[] items (b64_json or url, with revised_prompt), the echoed
// size/quality/output_format/background and a usage object (words of the prompt as input tokens).
void append_image_generation_body(std::string& out, const ImageGenerationRequest& req, std::string_view model_json,
                                  int64_t created);

// Streaming, per image i of n: `partial_images` "image_generation.partial_image" events, then
// one "image_generation.completed" event (with usage). Each is a whole SSE message.
int64_t image_stream_events(const ImageGenerationRequest& req);
void append_image_stream_event(std::string& out, const ImageGenerationRequest& req, int64_t event, int64_t created);

// image_edit's multipart/form-data body (`content_type` names the boundary): the same fields as
// a generation request, as form fields, plus an `image` file part holding a PNG or JPEG (or an
// http(s) `url` field instead). Streaming is not offered, so `stream` is refused.
// `images` is set to the images received.
std::string parse_image_edit_request(std::string_view body, std::string_view content_type,
                                     ImageGenerationRequest& out, int64_t& images);

struct ImageRetrievalRequest {
  int64_t images = 0;  // entries of `input`, each {"type":"image_url","url":<data URL or http(s)>}
};

std::string parse_image_retrieval_request(std::string_view body, ImageRetrievalRequest& out);

// {"data":[{"index":i,"score":1/(i+1)},...],"usage":{"num_images":n}}: one result per image.
void append_image_retrieval_body(std::string& out, const ImageRetrievalRequest& req);

}  // namespace aiperf::mock
