#pragma once
// A Parquet file's footer (parquet.thrift FileMetaData) and page headers, decoded into plain
// structs: only the fields a reader of flat columns and lists of primitives needs.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "io/parquet_format.h"

namespace aiperf {

struct ParquetSchemaElement {
  std::string name;
  std::optional<ParquetPhysical> type;  // absent: a group
  int32_t type_length = 0;              // FIXED_LEN_BYTE_ARRAY width
  ParquetRepetition repetition = ParquetRepetition::required;
  int32_t num_children = 0;
  std::optional<ParquetConvertedType> converted_type;
  bool logical_list = false;              // LogicalType LIST
  int32_t scale = 0;                      // DECIMAL: the value is the stored integer / 10^scale
};

struct ParquetColumnChunkMeta {
  ParquetPhysical type = ParquetPhysical::int32;
  std::vector<std::string> path;
  ParquetCodec codec = ParquetCodec::uncompressed;
  int64_t num_values = 0;  // levels, nulls included
  int64_t total_compressed_size = 0;
  int64_t data_page_offset = 0;
  std::optional<int64_t> dictionary_page_offset;
};

struct ParquetRowGroupMeta {
  int64_t num_rows = 0;
  std::vector<ParquetColumnChunkMeta> columns;  // in schema leaf order
};

struct ParquetFileMeta {
  std::vector<ParquetSchemaElement> schema;  // depth-first, the root first
  int64_t num_rows = 0;
  std::vector<ParquetRowGroupMeta> row_groups;
};

struct ParquetPageHeader {
  ParquetPageType type = ParquetPageType::data;
  int32_t uncompressed_size = 0;
  int32_t compressed_size = 0;
  int32_t num_values = 0;  // levels (v1/v2 data) or dictionary entries
  ParquetEncoding encoding = ParquetEncoding::plain;
  ParquetEncoding definition_level_encoding = ParquetEncoding::rle;  // v1 only
  ParquetEncoding repetition_level_encoding = ParquetEncoding::rle;  // v1 only
  int32_t definition_levels_byte_length = 0;  // v2 only: stored uncompressed before the values
  int32_t repetition_levels_byte_length = 0;
  bool v2_values_compressed = true;
  size_t header_size = 0;  // bytes the Thrift header itself took
};

// Both throw std::runtime_error on malformed input.
ParquetFileMeta parse_parquet_footer(const uint8_t* data, size_t size);
ParquetPageHeader parse_parquet_page_header(const uint8_t* data, size_t size);

}  // namespace aiperf
