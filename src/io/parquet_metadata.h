#pragma once
// A Parquet file's footer (parquet.thrift FileMetaData) and page headers, decoded into plain
// structs: only the fields a reader of flat columns and lists of primitives needs.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace aiperf {

// parquet.thrift `Type`.
enum class ParquetPhysical : int32_t {
  boolean = 0, int32 = 1, int64 = 2, int96 = 3, float_ = 4, double_ = 5, byte_array = 6, fixed_len_byte_array = 7
};
const char* parquet_physical_name(ParquetPhysical t);

enum class ParquetRepetition : int32_t { required = 0, optional = 1, repeated = 2 };

struct ParquetSchemaElement {
  std::string name;
  std::optional<ParquetPhysical> type;  // absent: a group
  int32_t type_length = 0;              // FIXED_LEN_BYTE_ARRAY width
  ParquetRepetition repetition = ParquetRepetition::required;
  int32_t num_children = 0;
  std::optional<int32_t> converted_type;  // LIST = 3
  bool logical_list = false;              // LogicalType LIST
};

struct ParquetColumnChunkMeta {
  ParquetPhysical type = ParquetPhysical::int32;
  std::vector<std::string> path;
  int32_t codec = 0;
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

// parquet.thrift `PageType` values this reader handles.
enum class ParquetPageType : int32_t { data = 0, index = 1, dictionary = 2, data_v2 = 3 };

struct ParquetPageHeader {
  ParquetPageType type = ParquetPageType::data;
  int32_t uncompressed_size = 0;
  int32_t compressed_size = 0;
  int32_t num_values = 0;  // levels (v1/v2 data) or dictionary entries
  int32_t encoding = 0;
  int32_t definition_level_encoding = 3;  // v1 only
  int32_t repetition_level_encoding = 3;  // v1 only
  int32_t definition_levels_byte_length = 0;  // v2 only: stored uncompressed before the values
  int32_t repetition_levels_byte_length = 0;
  bool v2_values_compressed = true;
  size_t header_size = 0;  // bytes the Thrift header itself took
};

// Both throw std::runtime_error on malformed input.
ParquetFileMeta parse_parquet_footer(const uint8_t* data, size_t size);
ParquetPageHeader parse_parquet_page_header(const uint8_t* data, size_t size);

}  // namespace aiperf
