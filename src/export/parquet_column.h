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

namespace aiperf {

// Parquet physical types (parquet.thrift `Type`) this writer supports.
enum class ParquetType : uint8_t { boolean = 0, int64 = 2, double_ = 5, byte_array = 6 };

// parquet.thrift `Encoding` values this writer produces.
enum class ParquetEncoding : int32_t { plain = 0, rle = 3, rle_dictionary = 8 };

struct ParquetColumnSpec {
  std::string name;
  ParquetType type = ParquetType::int64;
  bool nullable = true;     // OPTIONAL (with definition levels) or REQUIRED
  bool utf8 = false;        // byte_array holding text: annotated STRING / UTF8
  bool dictionary = false;  // byte_array with few distinct values: dictionary-encoded
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
  explicit ParquetColumn(ParquetColumnSpec spec, ParquetDictionaryLimits limits = {})
      : spec_(std::move(spec)), limits_(limits) {}

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
