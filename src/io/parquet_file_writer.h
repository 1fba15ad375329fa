#pragma once
// A flat Parquet file written row group by row group: the caller fills one value per column
// per row, the writer turns every `rows_per_group` rows into one column chunk per column
// (a data page of PLAIN values, or a dictionary page and a data page of RLE_DICTIONARY
// indices; RLE/bit-packed definition levels, v1 pages, each compressed as a whole with ZSTD,
// SNAPPY or not at all) and writes the Thrift footer, with the caller's key/value metadata, on
// close(). Memory: one row group. Not thread-safe.
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "io/parquet_column.h"
#include "io/parquet_format.h"

namespace aiperf {

class ParquetFileWriter {
 public:
  // Throws std::runtime_error naming the path when it cannot be created, std::logic_error for
  // a column ParquetColumn refuses or a codec other than uncompressed, snappy and zstd.
  ParquetFileWriter(const std::filesystem::path& path, std::vector<ParquetColumnSpec> columns,
                    size_t rows_per_group, ParquetCodec codec = ParquetCodec::zstd,
                    ParquetDictionaryLimits dictionary_limits = {});
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
    int64_t offset = 0;  // of the first page header
    int64_t data_page_offset = 0;
    int64_t dictionary_page_offset = -1;  // -1: no dictionary page
    uint32_t encodings = 0;  // bit per ParquetEncoding value used by a page
    int64_t uncompressed = 0;  // headers + page bodies
    int64_t compressed = 0;
  };
  struct RowGroupMeta {
    int64_t rows;
    std::vector<ChunkMeta> chunks;
  };

  void flush_row_group();
  void write_page(const ParquetPage& page, ChunkMeta& chunk);
  void write(std::string_view bytes);
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
  std::vector<ParquetPage> pages_;
  std::string packed_, header_;
  void* zstd_ctx_ = nullptr;
};

}  // namespace aiperf
