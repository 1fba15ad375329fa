#include "dataset/dataset_media_value.h"

#include <fstream>
#include <optional>
#include <sstream>

#include "common/base64.h"
#include "config/profile_config.h"
#include "dataset/web_url.h"
#include "media/image_decoder.h"
#include "media/jpeg_encoder.h"

namespace aiperf {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

struct CellBytes {
  std::string bytes;
  std::string path;  // the file they came from, or empty
};

[[noreturn]] void fail(const std::string& dataset, const RowPlace& row, const std::string& what) {
  throw ConfigError("--public-dataset " + dataset + ": " + row.where + ": " + what);
}

// A relative path is looked up from the data file's folder upwards, stopping at the snapshot
// (the folder inside "snapshots"), since HF stores paths relative to either.
std::optional<fs::path> find_file(const std::string& path, const RowPlace& row) {
  std::error_code ec;
  if (fs::path(path).is_absolute()) return fs::is_regular_file(path, ec) ? std::optional<fs::path>(path) : std::nullopt;
  for (fs::path dir = row.file.parent_path(); !dir.empty(); dir = dir.parent_path()) {
    if (fs::is_regular_file(dir / path, ec)) return dir / path;
    if (dir.parent_path().filename() == "snapshots" || dir == dir.parent_path()) break;
  }
  return std::nullopt;
}

CellBytes read_file(const std::string& path, const RowPlace& row, const std::string& dataset, const char* what) {
  std::optional<fs::path> found = find_file(path, row);
  if (!found) fail(dataset, row, std::string(what) + " file '" + path + "' not found (relative paths are read from " +
                                     row.file.parent_path().string() + " and the folders above it in the snapshot)");
  std::ifstream in(*found, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return {std::move(s).str(), found->string()};
}

// Bytes given as text: a data URL's payload, base64, or (Parquet) the raw bytes themselves.
std::optional<std::string> bytes_of_text(const std::string& text) {
  if (looks_like_image(text)) return text;
  std::string_view payload = text;
  if (payload.starts_with("data:")) {
    const size_t comma = payload.find(',');
    if (comma == std::string_view::npos || payload.substr(0, comma).find(";base64") == std::string_view::npos)
      return std::nullopt;
    payload.remove_prefix(comma + 1);
  }
  return base64_decode(payload);
}

// The cell's bytes, or nullopt for a web URL (sent as it is).
std::optional<CellBytes> cell_bytes(const json& cell, const RowPlace& row, const std::string& dataset, const char* what,
                                    bool raw_text_ok) {
  if (cell.is_object()) {
    auto bytes = cell.find("bytes");
    auto path = cell.find("path");
    if (bytes != cell.end() && bytes->is_string()) {
      // HF keeps the original file name beside the bytes: named in errors, its extension the container.
      const std::string name = path != cell.end() && path->is_string() ? path->get<std::string>() : "";
      const std::string& b = bytes->get_ref<const std::string&>();
      if (raw_text_ok) return CellBytes{b, name};
      std::optional<std::string> decoded = bytes_of_text(b);
      if (!decoded) fail(dataset, row, std::string("'") + what + ".bytes' is neither image bytes nor base64");
      return CellBytes{std::move(*decoded), name};
    }
    if (path != cell.end() && path->is_string()) {
      const std::string& p = path->get_ref<const std::string&>();
      if (is_web_url(p)) return std::nullopt;
      return read_file(p, row, dataset, what);
    }
    fail(dataset, row, std::string("'") + what + "' has neither 'bytes' nor 'path'");
  }
  if (!cell.is_string()) fail(dataset, row, std::string("'") + what + "' must be an object {bytes, path} or a string");
  const std::string& s = cell.get_ref<const std::string&>();
  if (is_web_url(s)) return std::nullopt;
  if (s.starts_with("data:") || looks_like_image(s)) {
    std::optional<std::string> decoded = bytes_of_text(s);
    if (!decoded) fail(dataset, row, std::string("'") + what + "' is a data URL without valid base64");
    return CellBytes{std::move(*decoded), ""};
  }
  if (find_file(s, row)) return read_file(s, row, dataset, what);
  if (std::optional<std::string> decoded = base64_decode(s); decoded && !decoded->empty()) return CellBytes{*decoded, ""};
  return read_file(s, row, dataset, what);  // names the missing file
}

}  // namespace

std::string image_cell_url(const json& cell, const RowPlace& row, const std::string& dataset) {
  // Raw bytes only arrive from Parquet, where a JSON string holds them unencoded.
  const bool parquet = row.file.extension() == ".parquet";
  std::optional<CellBytes> b = cell_bytes(cell, row, dataset, "image", parquet);
  if (!b) return cell.is_string() ? cell.get<std::string>() : cell.at("path").get<std::string>();
  const RgbImage image =
      decode_image(b->bytes, "--public-dataset " + dataset + ": " + row.where + (b->path.empty() ? "" : " (" + b->path + ")"));
  return "data:image/jpeg;base64," + base64_encode(encode_jpeg_rgb(image.width, image.height, image.rgb));
}

std::string video_cell_url(const json& cell, const RowPlace& row, const std::string& dataset) {
  if (cell.is_string() && cell.get_ref<const std::string&>().starts_with("data:")) return cell.get<std::string>();
  const bool parquet = row.file.extension() == ".parquet";
  std::optional<CellBytes> b = cell_bytes(cell, row, dataset, "video", parquet);
  if (!b) return cell.is_string() ? cell.get<std::string>() : cell.at("path").get<std::string>();
  std::string container = fs::path(b->path).extension().string();
  if (container.size() > 1) container.erase(0, 1);
  else container = "mp4";
  return "data:video/" + container + ";base64," + base64_encode(b->bytes);
}

}  // namespace aiperf
