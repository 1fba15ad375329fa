#include "dataset/public/hf_rows.h"

#include <fstream>
#include <sstream>

#include "config/profile_config.h"
#include "config/user_json_nesting.h"
#include "io/parquet_reader.h"

namespace aiperf {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

json slot_value(const ParquetColumnValues& c, size_t slot) {
  if (!c.valid[slot]) return nullptr;
  if (c.is_text()) return c.texts[slot];
  if (c.type == ParquetPhysical::boolean) return c.ints[slot] != 0;
  if (c.is_integer()) return c.ints[slot];
  return c.reals[slot];
}

// A struct column ("audio", "images") comes back as its fields ("audio.bytes", ...), each put
// into one object per struct: {"bytes": ..., "path": ...}, null for a NULL struct.
void put_slot(json& at, const ParquetColumnValues& c, const std::string& field, size_t slot) {
  if (field.empty()) at = slot_value(c, slot);
  else if (!c.struct_is_null(slot)) at[field] = slot_value(c, slot);
}

void read_parquet(const fs::path& file, const std::vector<std::string>& columns, const std::string& dataset,
                  const std::function<void(const json&, const std::string&)>& row) {
  struct Read {
    std::string key, field;  // the row key asked for; the struct field within it, or empty
    ParquetColumnValues values;
  };
  std::vector<Read> read;
  size_t rows = 0;
  try {
    ParquetFile f(file);
    rows = size_t(f.num_rows());
    const std::vector<std::string> leaves = f.leaf_paths();
    for (const std::string& name : columns) {
      if (!f.has_column(name)) continue;
      bool is_struct = false;
      for (const std::string& leaf : leaves)
        if (leaf.starts_with(name + ".")) {
          is_struct = true;
          read.push_back({name, leaf.substr(name.size() + 1), f.read_column(leaf)});
        }
      if (!is_struct) read.push_back({name, "", f.read_column(name)});
    }
  } catch (const ParquetError& e) {
    throw ConfigError("--public-dataset " + dataset + ": " + e.what());
  }
  for (size_t r = 0; r < rows; ++r) {
    json value = json::object();
    for (const Read& rd : read) {
      const ParquetColumnValues& c = rd.values;
      json& at = value[rd.key];
      if (!c.is_list) {
        put_slot(at, c, rd.field, r);
      } else if (!c.row_valid[r]) {
        at = nullptr;
      } else {
        if (!at.is_array()) at = json::array();
        for (uint32_t s = c.offsets[r]; s < c.offsets[r + 1]; ++s) {
          if (at.size() <= s - c.offsets[r]) at.push_back(nullptr);
          put_slot(at[s - c.offsets[r]], c, rd.field, s);
        }
      }
    }
    row(value, file.string() + ", row " + std::to_string(r + 1));
  }
}

}  // namespace

void for_each_hf_row(const std::vector<fs::path>& files, const std::vector<std::string>& parquet_columns,
                     const std::string& dataset, const std::function<void(const json&, const std::string&)>& row) {
  for (const fs::path& file : files) {
    const std::string ext = file.extension().string(), name = file.string();
    if (ext == ".parquet") {
      read_parquet(file, parquet_columns, dataset, row);
      continue;
    }
    auto fail = [&](const std::string& where, const std::string& what) {
      throw ConfigError("--public-dataset " + dataset + ": " + where + ": " + what);
    };
    if (ext == ".csv") fail(name, "CSV is not read for this dataset (its rows hold lists); use the JSON or Parquet files");
    std::ifstream in(file, std::ios::binary);
    if (!in) fail(name, "cannot open file");
    std::ostringstream s;
    s << in.rdbuf();
    const std::string content = std::move(s).str();
    require_json_nesting(content, "--public-dataset " + dataset + ": " + name, 1);
    const size_t first = content.find_first_not_of(" \t\r\n");
    if (first != std::string::npos && content[first] == '[') {  // a JSON list of row objects
      json doc = json::parse(content, nullptr, /*allow_exceptions=*/false);
      if (doc.is_discarded() || !doc.is_array()) fail(name, "not a valid JSON list of row objects");
      for (size_t i = 0; i < doc.size(); ++i) {
        const std::string where = name + ", row " + std::to_string(i + 1);
        if (!doc[i].is_object()) fail(where, "expected a JSON object");
        row(doc[i], where);
      }
      continue;
    }
    // A .json file holding one object is one row; otherwise JSON Lines (.jsonl, and .json files
    // holding JSON Lines, which HF reads too).
    json whole = ext == ".json" ? json::parse(content, nullptr, false) : json();
    if (whole.is_object()) {
      row(whole, name);
      continue;
    }
    size_t line = 0;
    for (size_t at = 0; at < content.size();) {
      size_t end = content.find('\n', at);
      if (end == std::string::npos) end = content.size();
      const std::string_view raw(content.data() + at, end - at);
      at = end + 1;
      ++line;
      if (raw.find_first_not_of(" \t\r") == std::string_view::npos) continue;
      const std::string where = name + ", line " + std::to_string(line);
      json v = json::parse(raw, nullptr, false);
      if (v.is_discarded() || !v.is_object()) fail(where, "expected a JSON object");
      row(v, where);
    }
  }
}

}  // namespace aiperf
