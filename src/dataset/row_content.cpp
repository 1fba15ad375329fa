#include "dataset/row_content.h"

#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#include "common/base64.h"
#include "media/audio_bytes_reader.h"
#include "dataset/row_texts.h"
#include "dataset/web_url.h"
#include "config/endpoint_catalog.h"

namespace aiperf {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

// The strings of `one` (a string) or `many` (a list of strings or {name, contents} items),
// mutually exclusive like text / texts.
std::vector<std::string> media_strings(const JsonlRow& row, const char* one, const char* many) {
  const bool single = row.has(one), list = row.has(many);
  if (single && list) row.fail(std::string("'") + one + "' and '" + many + "' are mutually exclusive");
  std::vector<std::string> found;
  auto add = [&](const json& v, const char* field) {
    if (!v.is_string() || v.get_ref<const std::string&>().empty())
      row.fail(std::string("'") + field + "' entries must be non-empty strings (a path, URL or data URL), got " + v.dump());
    found.push_back(v.get<std::string>());
  };
  if (single) add(row.value.at(one), one);
  if (!list) return found;
  const json& items = row.value.at(many);
  if (!items.is_array()) row.fail(std::string("'") + many + "' must be a list, got " + items.dump());
  for (const json& item : items) {
    if (item.is_object() && item.contains("contents") && item["contents"].is_array())
      for (const json& c : item["contents"]) add(c, many);
    else
      add(item, many);
  }
  return found;
}

// A local media file's bytes; relative paths are read from the row's file's folder.
std::string read_media_file(const JsonlRow& row, const std::string& given, const char* what, fs::path& resolved) {
  resolved = fs::path(given).is_absolute() ? fs::path(given) : fs::path(row.path).parent_path() / given;
  std::error_code ec;
  if (!fs::is_regular_file(resolved, ec))
    row.fail(std::string(what) + " file '" + given + "' not found (looked for " + resolved.string() +
             "; relative paths are read from the input file's folder)");
  std::ifstream in(resolved, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  if (!in) row.fail(std::string(what) + " file '" + resolved.string() + "' cannot be read");
  return std::move(bytes).str();
}

// The image MIME subtype from the file's signature (its bytes are sent as they are).
std::optional<std::string> image_subtype(std::string_view b) {
  if (b.starts_with("\x89PNG\r\n\x1a\n")) return "png";
  if (b.starts_with("\xff\xd8\xff")) return "jpeg";
  if (b.starts_with("GIF87a") || b.starts_with("GIF89a")) return "gif";
  if (b.size() >= 12 && b.starts_with("RIFF") && b.substr(8, 4) == "WEBP") return "webp";
  if (b.starts_with("BM")) return "bmp";
  if (b.starts_with(std::string_view("II*\0", 4)) || b.starts_with(std::string_view("MM\0*", 4))) return "tiff";
  return std::nullopt;
}

std::string image_url(const JsonlRow& row, const std::string& value) {
  if (is_web_url(value) || value.starts_with("data:")) return value;
  fs::path file;
  const std::string bytes = read_media_file(row, value, "image", file);
  std::optional<std::string> subtype = image_subtype(bytes);
  if (!subtype) row.fail("image file '" + file.string() + "' is not a PNG, JPEG, GIF, WebP, BMP or TIFF image");
  return "data:image/" + *subtype + ";base64," + base64_encode(bytes);
}

std::string lower_extension(const fs::path& p) {
  std::string ext = p.extension().string();
  if (!ext.empty()) ext.erase(0, 1);
  for (char& c : ext) c = char(std::tolower(static_cast<unsigned char>(c)));
  return ext;
}

// A file named like "<fmt>,<b64>" (a comma in its name) is still a file.
bool local_file_exists(const JsonlRow& row, const std::string& given) {
  if (given.size() > 4096) return false;  // base64 payloads, not paths
  std::error_code ec;
  const fs::path p = fs::path(given).is_absolute() ? fs::path(given) : fs::path(row.path).parent_path() / given;
  return fs::is_regular_file(p, ec);
}

// "<fmt>,<b64>" given as it is: a short lowercase format name, a comma, base64.
bool is_format_and_base64(const std::string& s) {
  const size_t comma = s.find(',');
  if (comma == std::string::npos || comma == 0 || comma > 8) return false;
  for (size_t i = 0; i < comma; ++i)
    if (!std::islower(static_cast<unsigned char>(s[i])) && !std::isdigit(static_cast<unsigned char>(s[i]))) return false;
  return true;
}

struct RowAudio {
  std::string value;  // "<fmt>,<b64>"
  std::optional<double> seconds;
};

std::optional<double> wav_seconds(const JsonlRow& row, std::string_view bytes, const std::string& name) {
  try {
    AudioBytesReader reader(bytes);
    return reader.seconds();
  } catch (const AudioDecodeError& e) {
    row.fail("audio " + name + " is not a readable WAV file: " + e.what());
  }
}

RowAudio row_audio(const JsonlRow& row, const std::string& value, bool want_seconds) {
  if (is_web_url(value))
    row.fail("audio '" + value + "': URLs are not supported (an input_audio part carries the bytes); "
             "give a local .wav / .mp3 path or '<format>,<base64>'");
  std::string format, b64;
  if (value.starts_with("data:")) {  // data:audio/<fmt>;base64,<b64>, stripped as endpoints do upstream
    const size_t comma = value.find(',');
    const std::string head = value.substr(0, comma);
    if (comma == std::string::npos || !head.starts_with("data:audio/") || !head.ends_with(";base64"))
      row.fail("audio data URL must be data:audio/<format>;base64,<data>");
    format = head.substr(11, head.size() - 11 - 7);
    b64 = value.substr(comma + 1);
  } else if (is_format_and_base64(value) && !local_file_exists(row, value)) {
    const size_t comma = value.find(',');
    format = value.substr(0, comma);
    b64 = value.substr(comma + 1);
  } else {
    fs::path file;
    const std::string bytes = read_media_file(row, value, "audio", file);
    format = lower_extension(file);
    if (format != "wav" && format != "mp3")
      row.fail("audio file '" + file.string() + "' must be a .wav or .mp3 file (the format comes from the extension)");
    RowAudio a{format + "," + base64_encode(bytes), std::nullopt};
    if (want_seconds && format == "wav") a.seconds = wav_seconds(row, bytes, "file '" + file.string() + "'");
    return a;
  }
  std::optional<std::string> bytes = base64_decode(b64);
  if (!bytes || bytes->empty()) row.fail("audio '" + format + ",...' does not hold valid base64 data");
  RowAudio a{format + "," + b64, std::nullopt};
  if (want_seconds && format == "wav") a.seconds = wav_seconds(row, *bytes, "'wav,...'");
  return a;
}

std::string video_url(const JsonlRow& row, const std::string& value) {
  if (is_web_url(value) || value.starts_with("data:")) return value;
  fs::path file;
  const std::string bytes = read_media_file(row, value, "video", file);
  const std::string ext = lower_extension(file);
  if (ext != "mp4" && ext != "webm")
    row.fail("video file '" + file.string() + "' must be a .mp4 or .webm file (the container comes from the extension)");
  return "data:video/" + ext + ";base64," + base64_encode(bytes);
}

// Media only go where a body carries them (§6.4, §6.5); anywhere else they would be dropped.
void check_endpoint(const JsonlRow& row, const TurnMedia& m, EndpointType type) {
  const bool images = !m.images.empty(), audio = !m.audios.empty(), video = !m.videos.empty();
  if ((!images || body_carries_images(type)) && (!audio || body_carries_audio(type)) &&
      (!video || body_carries_video(type)))
    return;
  if (takes_turn_images(type) && !audio && !video) return;
  if (type == EndpointType::audio_transcription && !images && !video) return;
  const char* kind = images ? "images" : audio ? "audio" : "video";
  row.fail(std::string("the row has ") + kind + ", which --endpoint-type " + endpoint_type_name(type) +
           " cannot carry (media go to chat and chat_embeddings; images and audio to responses; images to "
           "messages, image_retrieval and image_edit; audio alone to audio_transcription)");
}

// `image_uuids`: vLLM cache ids aligned 1:1 with the row's images (null: none for that image).
// Ids past the last image are uuid-only entries: empty image slots the server fills from its
// cache. Only chat bodies have a place for the id (§6.4).
void read_image_uuids(const JsonlRow& row, TurnMedia& media, EndpointType type) {
  const json& ids = row.value.at("image_uuids");
  if (!ids.is_array()) row.fail("'image_uuids' must be a list of strings, got " + ids.dump());
  if (type != EndpointType::chat && type != EndpointType::chat_embeddings)
    row.fail(std::string("'image_uuids' (vLLM multimodal cache ids) go in chat image parts; --endpoint-type ") +
             endpoint_type_name(type) + " has no place for them");
  for (size_t i = 0; i < ids.size(); ++i) {
    const json& id = ids[i];
    const bool slot = i >= media.images.size();  // uuid-only: no image bytes to send
    if (id.is_null() && !slot) {
      media.image_uuids.emplace_back();
      continue;
    }
    if (!id.is_string() || id.get_ref<const std::string&>().empty())
      row.fail("'image_uuids' entry " + std::to_string(i) + " must be a non-empty string" +
               (slot ? " (it stands for an image the row does not carry)" : " or null") + ", got " + id.dump());
    media.image_uuids.push_back(id.get<std::string>());
    if (slot) media.images.emplace_back();
  }
  media.image_uuids.resize(media.images.size());
}

}  // namespace

RowContent read_row_content(const JsonlRow& row, EndpointType type) {
  RowContent c;
  if (row.has("text") || row.has("texts")) c.texts = read_row_texts(row);
  for (const std::string& v : media_strings(row, "image", "images")) c.media.images.push_back(image_url(row, v));
  if (row.has("image_uuids")) read_image_uuids(row, c.media, type);
  for (const std::string& v : media_strings(row, "audio", "audios")) {
    RowAudio a = row_audio(row, v, c.media.audios.empty());
    if (c.media.audios.empty()) c.media.audio_duration_seconds = a.seconds;
    c.media.audios.push_back(std::move(a.value));
  }
  for (const std::string& v : media_strings(row, "video", "videos")) c.media.videos.push_back(video_url(row, v));
  if (c.texts.empty() && !c.has_media())
    row.fail("missing required field 'text' (or 'texts', 'image(s)', 'audio(s)', 'video(s)'): at least one modality is required");
  if (c.has_media()) check_endpoint(row, c.media, type);
  return c;
}

RowTurnFields read_row_turn_fields(const JsonlRow& row) {
  RowTurnFields f;
  if (std::optional<std::string> role = row.string("role")) {
    if (role->empty()) row.fail("'role' must not be empty");
    f.role = *role;
  }
  f.extra = read_row_extra(row);
  // output_length is upstream's name; max_tokens is accepted as its synonym.
  f.max_tokens = row.integer("output_length", 1);
  if (std::optional<int64_t> alias = row.integer("max_tokens", 1)) {
    if (f.max_tokens) row.fail("'output_length' and 'max_tokens' are mutually exclusive");
    f.max_tokens = alias;
  }
  f.timestamp_ms = row.number("timestamp", 0);
  f.delay_ms = row.number("delay", 0);
  if (f.timestamp_ms && f.delay_ms) row.fail("'timestamp' and 'delay' are mutually exclusive");
  return f;
}

std::string read_row_extra(const JsonlRow& row) {
  if (!row.has("extra")) return "";
  const json& extra = row.value.at("extra");
  if (!extra.is_object()) row.fail("'extra' must be an object, got " + extra.dump());
  return extra.dump();
}

void split_row_texts(std::vector<std::string>&& texts, std::string& prompt, std::vector<std::string>& more) {
  if (texts.empty()) return;
  prompt = std::move(texts.front());
  more.assign(std::make_move_iterator(texts.begin() + 1), std::make_move_iterator(texts.end()));
}

}  // namespace aiperf
