#pragma once
// A flat Parquet file written row group by row group: the caller fills one value per column
// per row, the writer turns every `rows_per_group` rows into one data page per column
// (PLAIN values, RLE/bit-packed definition levels, v1 pages, compressed as a whole) and
// writes the Thrift footer on close(). Memory: one row group. Not thread-safe.
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "export/parquet_column.h"

namespace aiperf {

// parquet.thrift `CompressionCodec` values this writer can produce.
enum class ParquetCodec : int32_t { uncompressed = 0, zstd = 6 };

// ZSTD when the build found libzstd, else uncompressed.
ParquetCodec default_parquet_codec();

class ParquetFileWriter {
 public:
  // Throws std::runtime_error naming the path when it cannot be created.
  ParquetFileWriter(const std::filesystem::path& path, std::vector<ParquetColumnSpec> columns,
                    size_t rows_per_group, ParquetCodec codec = default_parquet_codec());
  ~ParquetFileWriter();
  ParquetFileWriter(const ParquetFileWriter&) = delete;
  ParquetFileWriter& operator=(const ParquetFileWriter&) = delete;

  // Footer key/value pairs (FileMetaData.key_value_metadata); set before close().
  void add_metadata(std::string key, std::string value);

  ParquetColumn& column(size_t i) { return columns_[i]; }
  size_t column_count() const { return columns_.size(); }

  // Call after every column received this row's value.
  void end_row();

  // Writes the last row group and the footer; false when any write failed (the file is then
  // incomplete). Idempotent.
  bool close();

  int64_t rows_written() const { return total_rows_; }

 private:
  struct ChunkMeta {
    int64_t offset;  // of the page header
    int64_t uncompressed;  // header + page body
    int64_t compressed;
  };
  struct RowGroupMeta {
    int64_t rows;
    std::vector<ChunkMeta> chunks;
  };

  void flush_row_group();
  void write(const std::string& bytes);
  std::string footer() const;

  std::FILE* file_ = nullptr;
  std::vector<ParquetColumn> columns_;
  size_t rows_per_group_;
  ParquetCodec codec_;
  std::vector<std::pair<std::string, std::string>> metadata_;
  std::vector<RowGroupMeta> groups_;
  size_t group_rows_ = 0;
  int64_t total_rows_ = 0;
  int64_t offset_ = 0;
  bool ok_ = true;
  // Reused per page.
  std::string body_, packed_, header_;
  void* zstd_ctx_ = nullptr;
};

}  // namespace aiperf
