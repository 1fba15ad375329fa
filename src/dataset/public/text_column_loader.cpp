// Public datasets whose rows become single-turn requests from one text column
// (workloads-and-endpoints.md §4: aimo*, instruct_coder, spec_al_*). Reads the JSON (a list of
// objects), JSON Lines, CSV and Parquet files of a HuggingFace split; max_tokens comes from --osl.
#include <simdjson.h>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "common/uuid.h"
#include "dataset/csv_records.h"
#include "dataset/loaders/input_file_dataset.h"
#include "dataset/public/public_dataset.h"
#include "dataset/row_entry.h"
#include "io/parquet_reader.h"

namespace aiperf {
namespace {

namespace fs = std::filesystem;
namespace od = simdjson::ondemand;

class ColumnReader {
 public:
  ColumnReader(const fs::path& file, const std::string& column, const DatasetBuildSettings& config)
      : file_(file.string()), column_(column), config_(config) {}

  // Calls `text` with each row's column value, in file order.
  template <typename F>
  void read(F&& text) {
    const std::string ext = fs::path(file_).extension().string();
    if (ext == ".parquet") return read_parquet(text);
    std::string content = slurp();
    if (ext == ".csv") return read_csv(content, text);
    const size_t first = content.find_first_not_of(" \t\r\n");
    if (ext == ".json" && first != std::string::npos && content[first] == '[') return read_json_list(content, text);
    read_json_lines(content, text);  // .jsonl, and .json files holding JSON Lines (HF reads both)
  }

 private:
  [[noreturn]] void fail(const std::string& where, const std::string& what) const {
    throw ConfigError("--public-dataset " + config_.public_dataset.value_or("") + ": " + file_ +
                      (where.empty() ? "" : ", " + where) + ": " + what);
  }

  std::string slurp() const {
    std::ifstream in(file_, std::ios::binary);
    if (!in) fail("", "cannot open file");
    std::ostringstream s;
    s << in.rdbuf();
    return std::move(s).str();
  }

  std::string_view column_of(od::object& row, const std::string& where) {
    std::string_view v;
    auto field = row.find_field_unordered(column_);
    if (field.error() == simdjson::NO_SUCH_FIELD) fail(where, "no '" + column_ + "' column");
    if (field.get_string().get(v)) fail(where, "'" + column_ + "' must be a string");
    return v;
  }

  template <typename F>
  void read_json_list(const std::string& content, F& text) {
    simdjson::padded_string json(content);
    od::parser parser;
    od::document doc;
    od::array list;
    if (parser.iterate(json).get(doc) || doc.get_array().get(list)) fail("", "expected a JSON list of row objects");
    size_t n = 0;
    for (auto item : list) {
      const std::string where = "row " + std::to_string(++n);
      od::object row;
      if (item.get_object().get(row)) fail(where, "expected a JSON object");
      text(column_of(row, where));
    }
  }

  template <typename F>
  void read_json_lines(const std::string& content, F& text) {
    od::parser parser;
    size_t line = 0;
    for (size_t at = 0; at < content.size();) {
      size_t end = content.find('\n', at);
      if (end == std::string::npos) end = content.size();
      const std::string_view raw(content.data() + at, end - at);
      at = end + 1;
      ++line;
      if (raw.find_first_not_of(" \t\r") == std::string_view::npos) continue;
      const std::string where = "line " + std::to_string(line);
      simdjson::padded_string json(raw);
      od::document doc;
      od::object row;
      if (parser.iterate(json).get(doc) || doc.get_object().get(row)) fail(where, "expected a JSON object");
      text(column_of(row, where));
    }
  }

  template <typename F>
  void read_parquet(F& text) {
    ParquetColumnValues c;
    try {
      ParquetFile f(file_);
      if (!f.has_column(column_)) fail("", "no '" + column_ + "' column");
      c = f.read_column(column_);
    } catch (const ParquetError& e) {
      throw ConfigError("--public-dataset " + config_.public_dataset.value_or("") + ": " + e.what());
    }
    if (c.is_list || c.type != ParquetPhysical::byte_array) fail("", "column '" + column_ + "' must hold strings");
    for (size_t r = 0; r < c.rows(); ++r) {
      if (c.is_null(r)) fail("row " + std::to_string(r + 1), "'" + column_ + "' is NULL");
      text(std::string_view(c.texts[r]));
    }
  }

  template <typename F>
  void read_csv(const std::string& content, F& text) {
    size_t unterminated = 0;
    std::vector<CsvRecord> records = parse_csv(content, unterminated);
    if (unterminated) fail("line " + std::to_string(unterminated), "unterminated quoted field");
    if (records.empty()) return;
    size_t col = records[0].fields.size();
    for (size_t i = 0; i < records[0].fields.size(); ++i)
      if (records[0].fields[i] == column_) col = i;
    if (col == records[0].fields.size()) fail("line " + std::to_string(records[0].line), "the CSV header has no '" + column_ + "' column");
    for (size_t r = 1; r < records.size(); ++r) {
      if (records[r].fields.size() != records[0].fields.size())
        fail("line " + std::to_string(records[r].line), std::to_string(records[r].fields.size()) + " fields, the header has " +
                                                            std::to_string(records[0].fields.size()));
      text(std::string_view(records[r].fields[col]));
    }
  }

  std::string file_;
  const std::string& column_;
  const DatasetBuildSettings& config_;
};

}  // namespace

Dataset load_text_column_files(const std::vector<fs::path>& files, const std::string& column,
                               const DatasetBuildSettings& config) {
  Dataset out;
  FallbackOutputLength osl(config);
  for (const fs::path& file : files)
    ColumnReader(file, column, config).read([&](std::string_view text) {
      add_row_entry(out, config, osl, std::string(text));
    });
  return out;
}

}  // namespace aiperf
