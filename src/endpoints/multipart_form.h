#pragma once
// multipart/form-data request bodies (RFC 7578) for the form endpoints: image_edit,
// audio_transcription, video_generation (workloads-and-endpoints.md §6.5, "Multipart encoding
// rules"). The boundary is the run's (EndpointSettings::multipart_boundary, common/multipart_boundary.h).
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace aiperf {

// One form field. A non-empty `filename` makes it a file part, whose `value` holds raw bytes
// and whose `content_type` is sent as the part's Content-Type (empty: none).
struct FormPart {
  std::string name;
  std::string value;
  std::string filename;
  std::string content_type;
  bool operator==(const FormPart&) const = default;
};

// The body: each part as `--boundary CRLF headers CRLF CRLF value CRLF`, then
// `--boundary-- CRLF`. Quotes and line breaks in names and filenames are percent-encoded
// (%22, %0D, %0A), as browsers do, so a name can never end its header early.
std::string encode_multipart_form(std::span<const FormPart> parts, std::string_view boundary);

// Appends the fields for `key` = `value`: null adds nothing; booleans are `true` / `false`;
// strings as they are; numbers as their JSON text; a list adds one field per element under
// the same `key` (e.g. `timestamp_granularities[]`); an object with `b64_data` is a file part
// ({"b64_data","filename","content_type"}; throws std::invalid_argument on bad base64); any
// other object (or a list inside a list) is its compact JSON (upstream sends Python's repr
// there; JSON is what a server can parse, docs/outputs.md).
void append_form_fields(std::vector<FormPart>& parts, const std::string& key, const nlohmann::ordered_json& value);

// A media string decoded for a file part: `data:<mime>;base64,<b64>`; the internal audio form
// `<fmt>,<b64>` (MIME from audio_mime_type); or bare base64, typed by its first characters
// (PNG iVBORw0KGgo, JPEG /9j/, GIF R0lGOD, WebP UklGR, BMP Qk; else application/octet-stream,
// extension "bin"). Throws std::invalid_argument when the base64 does not decode.
struct DecodedMedia {
  std::string bytes;
  std::string mime;
  std::string extension;  // without the dot: "png", "jpg", "wav"
};
DecodedMedia decode_media(std::string_view media);

// A form body as the JSON object the exports show (inputs.json, the raw export's payload;
// docs/outputs.md): each field's text under its name, a repeated name as a list of texts, and a
// file part as upstream's file descriptor {"b64_data","filename","content_type"}. A body that
// is not a well-formed form under `boundary` gives nullopt.
std::optional<nlohmann::ordered_json> form_body_as_json(std::string_view body, std::string_view boundary);

// audio/wav for wav; audio/mpeg for mp3, mpga, mpeg; audio/mp4 for m4a, mp4; else audio/<fmt>.
std::string audio_mime_type(std::string_view format);

}  // namespace aiperf
