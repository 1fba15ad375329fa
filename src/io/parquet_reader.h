#pragma once
// Reads named columns of a Parquet file, whole, into memory (dataset loading, off the hot path).
// Supported: flat columns of BOOLEAN, INT32, INT64, FLOAT, DOUBLE, BYTE_ARRAY and
// FIXED_LEN_BYTE_ARRAY (required or optional), one level of LIST of those (3-level and
// legacy 2-level layouts), fields of STRUCT columns (nested structs too) and fields of a LIST
// of STRUCTs, each read as one column by its dotted path ("audio.bytes", "images.path": HF's
// Audio / Image features); data pages v1 and v2, dictionary pages; encodings PLAIN,
// PLAIN_DICTIONARY / RLE_DICTIONARY, RLE (booleans), DELTA_BINARY_PACKED,
// DELTA_LENGTH_BYTE_ARRAY, BYTE_STREAM_SPLIT; codecs UNCOMPRESSED, SNAPPY, GZIP, ZSTD.
// Not supported: lists of lists, a list inside a struct, MAP columns read as a whole.
// Anything else throws ParquetError naming the file, the column and what is unsupported.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "io/parquet_metadata.h"

namespace aiperf {

struct ParquetError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// One column's values in row order. A slot is one row of a flat column, or one element of
// a list column; exactly one of ints / reals / texts is filled, by physical type.
struct ParquetColumnValues {
  std::string name;  // as asked for: "text", "audio.bytes"
  ParquetPhysical type = ParquetPhysical::int64;
  bool is_list = false;
  bool in_struct = false;          // a field of a struct: struct_valid is filled
  std::vector<uint8_t> valid;      // per slot: 0 = NULL (the field, or the struct holding it)
  std::vector<uint8_t> struct_valid;  // struct fields, per slot: 0 = the struct itself is NULL
  std::vector<int64_t> ints;       // BOOLEAN (0/1), INT32, INT64
  std::vector<double> reals;       // FLOAT, DOUBLE
  std::vector<std::string> texts;  // BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY
  // Lists only: row r's slots are [offsets[r], offsets[r+1]); row_valid[r] == 0: a NULL list.
  std::vector<uint32_t> offsets;
  std::vector<uint8_t> row_valid;

  size_t rows() const { return is_list ? row_valid.size() : valid.size(); }
  bool is_integer() const {
    return type == ParquetPhysical::boolean || type == ParquetPhysical::int32 || type == ParquetPhysical::int64;
  }
  bool is_real() const { return type == ParquetPhysical::float_ || type == ParquetPhysical::double_; }
  bool is_text() const { return type == ParquetPhysical::byte_array || type == ParquetPhysical::fixed_len_byte_array; }
  bool is_null(size_t row) const { return is_list ? !row_valid[row] : !valid[row]; }
  // Struct fields: whether the struct holding slot i is NULL (a NULL field of a present struct is not).
  bool struct_is_null(size_t slot) const { return in_struct && !struct_valid[slot]; }
};

class ParquetFile {
 public:
  // Maps the file and decodes its footer; throws ParquetError naming the file when it is not
  // a readable Parquet file (missing, too short, bad magic, corrupt footer).
  explicit ParquetFile(const std::filesystem::path& path);
  ParquetFile(const ParquetFile&) = delete;
  ParquetFile& operator=(const ParquetFile&) = delete;

  const std::string& path() const { return path_; }
  int64_t num_rows() const { return meta_.num_rows; }
  std::vector<std::string> column_names() const;  // top-level fields, in schema order
  // Every readable column by the name read_column takes, in schema order: top-level
  // primitives and lists as themselves, struct fields by dotted path ("audio.bytes").
  std::vector<std::string> leaf_paths() const;
  // A top-level field, or a dotted path to a struct field ("audio.bytes"; through a list of
  // structs: "images.bytes"). A top-level name that itself holds a dot matches first.
  bool has_column(std::string_view name) const;

  // Every row of the column `name` (as has_column), across all row groups. A struct field
  // of a list of structs reads as a list column: one slot per element. Throws ParquetError
  // ("<file>: column '<name>': ...") for a missing column, a struct named without a field,
  // an unsupported shape, encoding or codec, or corrupt pages.
  ParquetColumnValues read_column(std::string_view name) const;

 private:
  void index_schema();
  size_t index_group(size_t at, size_t& leaf, size_t depth);
  bool is_list_wrapper(size_t node) const;
  // Schema indices from a top-level field down to the node `name` names; empty when none.
  std::vector<size_t> resolve(std::string_view name) const;
  void collect_leaf_paths(size_t node, const std::string& prefix, std::vector<std::string>& out) const;
  [[noreturn]] void fail(const std::string& what) const;

  // The file's mapping, a member of its own so that a constructor refusing the file (bad
  // magic, corrupt footer) still unmaps it: a destructor does not run for a throwing one.
  struct Mapping {
    const uint8_t* data = nullptr;
    size_t size = 0;
    Mapping() = default;
    Mapping(const Mapping&) = delete;
    Mapping& operator=(const Mapping&) = delete;
    ~Mapping();
  };

  std::string path_;
  Mapping map_;
  ParquetFileMeta meta_;
  std::vector<std::vector<size_t>> children_;  // per schema element, its children's indices
  std::vector<size_t> leaf_column_;            // per schema element: its column chunk (leaves)
};

}  // namespace aiperf
