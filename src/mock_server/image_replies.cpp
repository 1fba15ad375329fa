#include "mock_server/image_replies.h"

#include <optional>

#include <nlohmann/json.hpp>

#include "common/multipart_parser.h"

#include "mock_server/mock_responses.h"
#include "mock_server/prompt_tokens.h"

namespace aiperf::mock {
namespace {

using nlohmann::json;

std::string read_string(const json& doc, const char* key, std::string& into) {
  auto it = doc.find(key);
  if (it == doc.end() || it->is_null()) return {};
  if (!it->is_string()) return std::string("'") + key + "' must be a string";
  into = it->get<std::string>();
  return {};
}

std::string read_int(const json& doc, const char* key, int64_t lo, int64_t hi, int64_t& into) {
  auto it = doc.find(key);
  if (it == doc.end() || it->is_null()) return {};
  if (!it->is_number_integer() || it->get<int64_t>() < lo || it->get<int64_t>() > hi)
    return std::string("'") + key + "' must be an integer from " + std::to_string(lo) + " to " + std::to_string(hi);
  into = it->get<int64_t>();
  return {};
}

void append_usage(std::string& out, const ImageGenerationRequest& req) {
  const int64_t text_tokens = count_prompt_tokens(req.prompt);  // as aiperf counts the prompt
  const int64_t image_tokens = 16 * req.n;  // ours: a fixed cost per image
  out += "\"usage\":{\"input_tokens\":" + std::to_string(text_tokens) + ",\"output_tokens\":" +
         std::to_string(image_tokens) + ",\"total_tokens\":" + std::to_string(text_tokens + image_tokens) +
         ",\"input_tokens_details\":{\"text_tokens\":" + std::to_string(text_tokens) + ",\"image_tokens\":0}}";
}

void append_settings(std::string& out, const ImageGenerationRequest& req) {
  for (const auto& [key, value] : {std::pair<const char*, const std::string&>{"size", req.size},
                                   {"quality", req.quality},
                                   {"output_format", req.output_format},
                                   {"background", req.background}}) {
    out += ",\"";
    out += key;
    out += "\":\"";
    append_json_escaped(out, value);
    out += '"';
  }
}

}  // namespace

std::string_view mock_png_base64() {
  return "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFUlEQVR42mM4oaGhcUKDAUh8+PABACIeBhm+inZ8AAAAAElFTkSuQmCC";
}

std::string parse_image_generation_request(std::string_view body, ImageGenerationRequest& out) {
  out = ImageGenerationRequest{};
  json doc = json::parse(body, nullptr, false);
  if (doc.is_discarded() || !doc.is_object()) return "request body is not a JSON object";
  if (std::string err = read_string(doc, "prompt", out.prompt); !err.empty()) return err;
  if (out.prompt.empty()) return "'prompt' is required";
  std::string format = "b64_json";
  for (auto [key, into] : {std::pair<const char*, std::string*>{"model", &out.model},
                           {"response_format", &format},
                           {"size", &out.size},
                           {"quality", &out.quality},
                           {"output_format", &out.output_format},
                           {"background", &out.background}})
    if (std::string err = read_string(doc, key, *into); !err.empty()) return err;
  if (format != "b64_json" && format != "url") return "'response_format' must be b64_json or url";
  out.url = format == "url";
  if (std::string err = read_int(doc, "n", 1, 10, out.n); !err.empty()) return err;
  if (std::string err = read_int(doc, "partial_images", 0, 3, out.partial_images); !err.empty()) return err;
  if (auto it = doc.find("stream"); it != doc.end() && !it->is_null()) {
    if (!it->is_boolean()) return "'stream' must be a boolean";
    out.stream = it->get<bool>();
  }
  return {};
}

void append_image_generation_body(std::string& out, const ImageGenerationRequest& req, std::string_view model_json,
                                  int64_t created) {
  out += "{\"created\":" + std::to_string(created) + ",\"model\":\"";
  out += model_json;
  out += "\",\"data\":[";
  for (int64_t i = 0; i < req.n; ++i) {
    if (i > 0) out += ',';
    if (req.url) {
      out += "{\"url\":\"https://mock.invalid/images/" + std::to_string(created) + "-" + std::to_string(i) + ".png\"";
    } else {
      out += "{\"b64_json\":\"";
      out += mock_png_base64();
      out += '"';
    }
    out += ",\"revised_prompt\":\"";
    append_json_escaped(out, req.prompt);
    out += "\"}";
  }
  out += ']';
  append_settings(out, req);
  out += ',';
  append_usage(out, req);
  out += '}';
}

int64_t image_stream_events(const ImageGenerationRequest& req) { return req.n * (req.partial_images + 1); }

void append_image_stream_event(std::string& out, const ImageGenerationRequest& req, int64_t event, int64_t created) {
  const int64_t per_image = req.partial_images + 1;
  const bool completed = event % per_image == per_image - 1;
  const char* type = completed ? "image_generation.completed" : "image_generation.partial_image";
  out += "event: ";
  out += type;
  out += "\ndata: {\"type\":\"";
  out += type;
  out += "\",\"b64_json\":\"";
  out += mock_png_base64();
  out += "\",\"created_at\":" + std::to_string(created);
  append_settings(out, req);
  if (completed) {
    out += ',';
    append_usage(out, req);
  } else {
    out += ",\"partial_image_index\":" + std::to_string(event % per_image);
  }
  out += "}\n\n";
}

std::string parse_image_edit_request(std::string_view body, std::string_view content_type,
                                     ImageGenerationRequest& out, int64_t& images) {
  out = ImageGenerationRequest{};
  images = 0;
  const std::optional<std::string> boundary = multipart_boundary_of(content_type);
  if (!boundary) return "Content-Type must be multipart/form-data with a boundary";
  std::string error;
  const auto parts = parse_multipart_form(body, *boundary, &error);
  if (!parts) return "malformed multipart/form-data body: " + error;
  // The form as JSON (every value a string), so the generation request's rules apply.
  json doc = json::object();
  for (const ParsedFormPart& p : *parts) {
    if (p.name == "image") {
      if (!p.has_filename) return "'image' must be a file part";
      if (!p.value.starts_with("\x89PNG\r\n\x1a\n") && !p.value.starts_with("\xff\xd8\xff"))
        return "'image' is neither a PNG nor a JPEG";
      ++images;
    } else if (p.name == "url") {
      if (!p.value.starts_with("http://") && !p.value.starts_with("https://")) return "'url' must be an http(s) URL";
      ++images;
    } else if (p.name == "n" || p.name == "partial_images") {
      int64_t v = 0;
      try {
        v = std::stoll(std::string(p.value));
      } catch (const std::exception&) {
        return "'" + p.name + "' must be an integer";
      }
      doc[p.name] = v;
    } else if (p.name == "stream") {
      return "image_edit replies are not streamed";
    } else {
      doc[p.name] = std::string(p.value);
    }
  }
  if (images == 0) return "an 'image' file part or a 'url' field is required";
  return parse_image_generation_request(doc.dump(), out);
}

std::string parse_image_retrieval_request(std::string_view body, ImageRetrievalRequest& out) {
  out = ImageRetrievalRequest{};
  json doc = json::parse(body, nullptr, false);
  if (doc.is_discarded() || !doc.is_object()) return "request body is not a JSON object";
  auto it = doc.find("input");
  if (it == doc.end() || !it->is_array() || it->empty()) return "'input' must be a non-empty list";
  for (const json& item : *it) {
    if (!item.is_object() || item.value("type", "") != "image_url")
      return "each entry of 'input' must be an object with \"type\": \"image_url\"";
    auto url = item.find("url");
    if (url == item.end() || !url->is_string()) return "each entry of 'input' needs a string 'url'";
    const std::string& u = url->get_ref<const std::string&>();
    if (!u.starts_with("data:image/") && !u.starts_with("http://") && !u.starts_with("https://"))
      return "'url' must be a data:image/ URL or an http(s) URL";
    ++out.images;
  }
  return {};
}

void append_image_retrieval_body(std::string& out, const ImageRetrievalRequest& req) {
  out += "{\"data\":[";
  for (int64_t i = 0; i < req.images; ++i) {
    if (i > 0) out += ',';
    out += "{\"index\":" + std::to_string(i) + ",\"score\":" + std::to_string(1.0 / double(i + 1)) + "}";
  }
  out += "],\"usage\":{\"num_images\":" + std::to_string(req.images) + "}}";
}

}  // namespace aiperf::mock
