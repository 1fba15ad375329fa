#pragma once
// One column of a flat Parquet file while its row group is being filled: definition levels
// and values, appended row by row, turned into the column chunk's pages once per row group.
// Text columns with few distinct values can be dictionary-encoded: a dictionary page (the
// distinct values, PLAIN) and a data page of RLE_DICTIONARY indices.
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "io/parquet_format.h"

namespace aiperf {

// One flat column of a table. The writer takes the physical types BOOLEAN, INT64, DOUBLE and
// BYTE_ARRAY (a column of another type is refused when the writer is opened); the named
// constructors below are the kinds the tables here use.
struct ParquetColumnSpec {
  std::string name;
  ParquetPhysical type = ParquetPhysical::int64;
  bool nullable = true;     // OPTIONAL (with definition levels) or REQUIRED
  bool utf8 = false;        // byte_array holding text: annotated STRING / UTF8
  bool dictionary = false;  // byte_array with few distinct values: dictionary-encoded

  static ParquetColumnSpec int64(std::string name, bool nullable) {
    return {std::move(name), ParquetPhysical::int64, nullable};
  }
  static ParquetColumnSpec double_(std::string name, bool nullable) {
    return {std::move(name), ParquetPhysical::double_, nullable};
  }
  static ParquetColumnSpec boolean(std::string name, bool nullable) {
    return {std::move(name), ParquetPhysical::boolean, nullable};
  }
  // UTF-8 text, PLAIN: values mostly distinct (request ids).
  static ParquetColumnSpec text(std::string name, bool nullable) {
    return {std::move(name), ParquetPhysical::byte_array, nullable, true};
  }
  // UTF-8 text with few distinct values per row group (phases, metric names, label values):
  // dictionary-encoded, with a PLAIN fallback past ParquetDictionaryLimits.
  static ParquetColumnSpec dictionary_text(std::string name, bool nullable) {
    return {std::move(name), ParquetPhysical::byte_array, nullable, true, true};
  }
};

// A dictionary larger than either limit stops growing: the rest of the row group is written
// PLAIN (as parquet-mr and Arrow do), so one column with many distinct values costs at most
// this much extra memory and never a second dictionary.
struct ParquetDictionaryLimits {
  size_t max_bytes = size_t(1) << 20;    // PLAIN size of the dictionary page
  size_t max_entries = size_t(1) << 16;  // indices stay within 16 bits
};

// One page of a column chunk, in file order. `body` is uncompressed and points into the
// column's buffers: valid until the column's next take_pages().
struct ParquetPage {
  bool dictionary = false;  // DICTIONARY_PAGE, else DATA_PAGE (v1)
  ParquetEncoding encoding = ParquetEncoding::plain;
  int32_t num_values = 0;   // dictionary entries, or rows (nulls included) of a data page
  std::string_view body;
};

class ParquetColumn {
 public:
  // Throws std::logic_error for a spec the writer cannot write (a physical type other than
  // the four above; utf8 or dictionary on a column that is not byte_array).
  explicit ParquetColumn(ParquetColumnSpec spec, ParquetDictionaryLimits limits = {});

  // Exactly one call per row. null() only on a nullable column.
  void null();
  void int64(int64_t v);
  void double_(double v);
  void string(std::string_view v);  // byte_array; the caller guarantees UTF-8 if spec().utf8
  void boolean(bool v);

  const ParquetColumnSpec& spec() const { return spec_; }

  // The row group's pages (1 to 3: [dictionary, RLE_DICTIONARY data,] [PLAIN data]) into
  // `out`, replacing its content; the column then starts the next row group, keeping its
  // buffers' capacity.
  void take_pages(std::vector<ParquetPage>& out);

 private:
  void present() {
    if (spec_.nullable) levels_.push_back(1);
    else ++rows_;
  }
  size_t rows() const { return spec_.nullable ? levels_.size() : rows_; }
  bool dictionary_takes(std::string_view v);
  void seal_dictionary_rows();
  void append_levels(std::string& out);

  ParquetColumnSpec spec_;
  ParquetDictionaryLimits limits_;
  std::vector<uint8_t> levels_;  // definition level per row (nullable columns)
  size_t rows_ = 0;              // row count of a REQUIRED column (no levels kept)
  std::string values_;           // PLAIN bytes of the non-null values
  size_t bool_count_ = 0;        // booleans are bit-packed into values_ as they come

  // Dictionary encoding (spec_.dictionary), per row group.
  struct Hash {
    using is_transparent = void;  // lookups by string_view: no allocation per row
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  std::unordered_map<std::string, uint32_t, Hash, std::equal_to<>> dict_ids_;
  std::string dict_values_;        // PLAIN bytes of the entries, in id order
  std::vector<uint32_t> indices_;  // entry id per non-null row
  bool plain_fallback_ = false;    // the dictionary hit a limit: later rows are PLAIN
  std::string dict_rows_page_;     // levels + indices of the rows before the fallback
  int32_t dict_rows_ = 0;

  // Page bodies handed out by take_pages().
  std::string dict_page_, plain_page_;
};

}  // namespace aiperf
