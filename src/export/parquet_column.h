#pragma once
// One column of a flat Parquet file while its row group is being filled: definition levels
// and PLAIN-encoded values, appended row by row, turned into one data page per row group.
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace aiperf {

// Parquet physical types (parquet.thrift `Type`) this writer supports.
enum class ParquetType : uint8_t { boolean = 0, int64 = 2, double_ = 5, byte_array = 6 };

struct ParquetColumnSpec {
  std::string name;
  ParquetType type = ParquetType::int64;
  bool nullable = true;  // OPTIONAL (with definition levels) or REQUIRED
  bool utf8 = false;     // byte_array holding text: annotated STRING / UTF8
};

class ParquetColumn {
 public:
  explicit ParquetColumn(ParquetColumnSpec spec) : spec_(std::move(spec)) {}

  // Exactly one call per row. null() only on a nullable column.
  void null();
  void int64(int64_t v);
  void double_(double v);
  void string(std::string_view v);  // byte_array; the caller guarantees UTF-8 if spec().utf8
  void boolean(bool v);

  const ParquetColumnSpec& spec() const { return spec_; }
  size_t rows() const { return spec_.nullable ? levels_.size() : required_rows_; }

  // Appends the page body (levels, then values) for the rows so far and starts over,
  // keeping the buffers' capacity.
  void take_page(std::string& out);

 private:
  void present() {
    if (spec_.nullable) levels_.push_back(1);
    else ++required_rows_;
  }

  ParquetColumnSpec spec_;
  std::vector<uint8_t> levels_;  // definition level per row (nullable columns)
  size_t required_rows_ = 0;     // row count of a REQUIRED column (no levels kept)
  std::string values_;           // PLAIN bytes of the non-null values
  size_t bool_count_ = 0;        // booleans are bit-packed into values_ as they come
};

}  // namespace aiperf
