#pragma once
// The numbers of the Parquet format, shared by its reader (parquet_metadata, parquet_reader,
// parquet_decompress) and its writer (parquet_file_writer, parquet_column): the magic, the
// Thrift compact protocol's type nibbles (footers and page headers are Thrift structs) and the
// parquet.thrift enums, each value as the specification numbers it. Values read from a file
// may be ones no enumerator names (a newer writer's encoding); the fixed underlying types keep
// them intact, and the *_name functions call them "unknown".
#include <cstdint>

namespace aiperf {

// The first and the last 4 bytes of a Parquet file.
inline constexpr char kParquetMagic[4] = {'P', 'A', 'R', '1'};

// Thrift compact protocol: a field or list element's type nibble.
enum class ThriftType : uint8_t {
  stop = 0,  // ends a struct
  bool_true = 1,
  bool_false = 2,
  i8 = 3,
  i16 = 4,
  i32 = 5,
  i64 = 6,
  double_ = 7,
  binary = 8,
  list = 9,
  set = 10,
  map = 11,
  struct_ = 12,
};

// parquet.thrift `Type`: how a column's values are stored.
enum class ParquetPhysical : int32_t {
  boolean = 0, int32 = 1, int64 = 2, int96 = 3, float_ = 4, double_ = 5, byte_array = 6, fixed_len_byte_array = 7
};

// parquet.thrift `FieldRepetitionType`.
enum class ParquetRepetition : int32_t { required = 0, optional = 1, repeated = 2 };

// parquet.thrift `ConvertedType` (the legacy annotation), the values used here.
enum class ParquetConvertedType : int32_t { utf8 = 0, map = 1, map_key_value = 2, list = 3, decimal = 5 };

// parquet.thrift `Encoding`.
enum class ParquetEncoding : int32_t {
  plain = 0,
  group_var_int = 1,
  plain_dictionary = 2,
  rle = 3,
  bit_packed = 4,
  delta_binary_packed = 5,
  delta_length_byte_array = 6,
  delta_byte_array = 7,
  rle_dictionary = 8,
  byte_stream_split = 9,
};

// parquet.thrift `PageType`.
enum class ParquetPageType : int32_t { data = 0, index = 1, dictionary = 2, data_v2 = 3 };

// parquet.thrift `CompressionCodec`.
enum class ParquetCodec : int32_t {
  uncompressed = 0, snappy = 1, gzip = 2, lzo = 3, brotli = 4, lz4 = 5, zstd = 6, lz4_raw = 7
};

// The specification's names, for messages: "INT64", "RLE_DICTIONARY", "SNAPPY".
const char* parquet_physical_name(ParquetPhysical t);
const char* parquet_encoding_name(ParquetEncoding e);
const char* parquet_codec_name(ParquetCodec c);

}  // namespace aiperf
