#include "endpoints/multipart_form.h"

#include <cctype>
#include <stdexcept>

#include "common/base64.h"
#include "common/multipart_parser.h"

namespace aiperf {
namespace {

using ojson = nlohmann::ordered_json;

// WHATWG's escaping for names in Content-Disposition: the quote and line breaks.
void append_quoted(std::string& out, std::string_view text) {
  out += '"';
  for (char c : text) {
    if (c == '"')
      out += "%22";
    else if (c == '\r')
      out += "%0D";
    else if (c == '\n')
      out += "%0A";
    else
      out += c;
  }
  out += '"';
}

std::string decode_base64_or_throw(std::string_view b64, std::string_view what) {
  std::optional<std::string> bytes = base64_decode(b64);
  if (!bytes) throw std::invalid_argument(std::string(what) + " is not valid base64");
  return std::move(*bytes);
}

std::string scalar_text(const ojson& value) {
  if (value.is_boolean()) return value.get<bool>() ? "true" : "false";
  if (value.is_string()) return value.get<std::string>();
  return value.dump();  // numbers; nested lists and objects as compact JSON
}

std::string string_member(const ojson& object, const char* key, std::string fallback) {
  auto it = object.find(key);
  return it != object.end() && it->is_string() ? it->get<std::string>() : std::move(fallback);
}

// "image/svg+xml" -> "svg", "audio/wav" -> "wav".
std::string extension_of_mime(std::string_view mime) {
  const size_t slash = mime.find('/');
  std::string_view sub = slash == std::string_view::npos ? mime : mime.substr(slash + 1);
  sub = sub.substr(0, sub.find_first_of("+;"));
  return sub.empty() ? "bin" : std::string(sub);
}

struct Magic {
  std::string_view prefix, mime, extension;
};
constexpr Magic kMagics[] = {
    {"iVBORw0KGgo", "image/png", "png"}, {"/9j/", "image/jpeg", "jpeg"}, {"R0lGOD", "image/gif", "gif"},
    {"UklGR", "image/webp", "webp"},     {"Qk", "image/bmp", "bmp"},
};

// `<fmt>,` as the audio clips are held: a short token of letters and digits before the comma.
bool is_format_prefix(std::string_view head) {
  if (head.empty() || head.size() > 8) return false;
  for (char c : head)
    if (!std::isalnum(static_cast<unsigned char>(c))) return false;
  return true;
}

}  // namespace

std::string encode_multipart_form(std::span<const FormPart> parts, std::string_view boundary) {
  std::string out;
  size_t size = 0;
  for (const FormPart& p : parts) size += p.value.size() + p.name.size() + p.filename.size() + boundary.size() + 96;
  out.reserve(size + boundary.size() + 8);
  for (const FormPart& p : parts) {
    out += "--";
    out += boundary;
    out += "\r\nContent-Disposition: form-data; name=";
    append_quoted(out, p.name);
    if (!p.filename.empty()) {
      out += "; filename=";
      append_quoted(out, p.filename);
    }
    if (!p.content_type.empty()) {
      out += "\r\nContent-Type: ";
      out += p.content_type;
    }
    out += "\r\n\r\n";
    out += p.value;
    out += "\r\n";
  }
  out += "--";
  out += boundary;
  out += "--\r\n";
  return out;
}

void append_form_fields(std::vector<FormPart>& parts, const std::string& key, const ojson& value) {
  if (value.is_null()) return;
  if (value.is_array()) {
    for (const ojson& element : value)
      if (!element.is_null()) parts.push_back({key, scalar_text(element), "", ""});
    return;
  }
  if (value.is_object() && value.contains("b64_data")) {
    const ojson& data = value["b64_data"];
    if (!data.is_string()) throw std::invalid_argument("form field '" + key + "': b64_data must be a string");
    parts.push_back({key, decode_base64_or_throw(data.get<std::string>(), "form field '" + key + "' b64_data"),
                     string_member(value, "filename", key), string_member(value, "content_type", "application/octet-stream")});
    return;
  }
  parts.push_back({key, scalar_text(value), "", ""});
}

std::optional<ojson> form_body_as_json(std::string_view body, std::string_view boundary) {
  std::optional<std::vector<ParsedFormPart>> parts = parse_multipart_form(body, boundary);
  if (!parts) return std::nullopt;
  ojson form = ojson::object();
  for (const ParsedFormPart& p : *parts) {
    ojson value = p.has_filename ? ojson{{"b64_data", base64_encode(p.value)},
                                         {"filename", p.filename},
                                         {"content_type", p.content_type}}
                                 : ojson(std::string(p.value));
    auto it = form.find(p.name);
    if (it == form.end()) {
      form[p.name] = std::move(value);
    } else {
      if (!it->is_array()) *it = ojson::array({std::move(*it)});
      it->push_back(std::move(value));
    }
  }
  return form;
}

std::string audio_mime_type(std::string_view format) {
  if (format == "wav") return "audio/wav";
  if (format == "mp3" || format == "mpga" || format == "mpeg") return "audio/mpeg";
  if (format == "m4a" || format == "mp4") return "audio/mp4";
  return "audio/" + std::string(format);  // flac, ogg, webm and anything else
}

DecodedMedia decode_media(std::string_view media) {
  if (media.starts_with("data:")) {
    const size_t comma = media.find(',');
    const std::string_view header = media.substr(5, comma == std::string_view::npos ? 0 : comma - 5);
    if (comma == std::string_view::npos || !header.ends_with(";base64"))
      throw std::invalid_argument("media data URL is not of the form data:<mime>;base64,<data>");
    std::string mime(header.substr(0, header.find(';')));
    if (mime.empty()) mime = "application/octet-stream";
    return {decode_base64_or_throw(media.substr(comma + 1), "media data URL payload"), mime, extension_of_mime(mime)};
  }
  const size_t comma = media.find(',');
  if (comma != std::string_view::npos && is_format_prefix(media.substr(0, comma))) {
    const std::string format(media.substr(0, comma));
    return {decode_base64_or_throw(media.substr(comma + 1), "audio '" + format + ",<data>' payload"),
            audio_mime_type(format), format};
  }
  for (const Magic& m : kMagics)
    if (media.starts_with(m.prefix))
      return {decode_base64_or_throw(media, "media"), std::string(m.mime), std::string(m.extension)};
  return {decode_base64_or_throw(media, "media"), "application/octet-stream", "bin"};
}

}  // namespace aiperf
