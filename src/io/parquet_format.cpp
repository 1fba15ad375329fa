#include "io/parquet_format.h"

namespace aiperf {

const char* parquet_physical_name(ParquetPhysical t) {
  static constexpr const char* kNames[] = {"BOOLEAN", "INT32",  "INT64",      "INT96",
                                           "FLOAT",   "DOUBLE", "BYTE_ARRAY", "FIXED_LEN_BYTE_ARRAY"};
  const auto i = int32_t(t);
  return i >= 0 && i < 8 ? kNames[i] : "unknown type";
}

const char* parquet_encoding_name(ParquetEncoding e) {
  static constexpr const char* kNames[] = {"PLAIN", "GROUP_VAR_INT", "PLAIN_DICTIONARY", "RLE", "BIT_PACKED",
                                           "DELTA_BINARY_PACKED", "DELTA_LENGTH_BYTE_ARRAY", "DELTA_BYTE_ARRAY",
                                           "RLE_DICTIONARY", "BYTE_STREAM_SPLIT"};
  const auto i = int32_t(e);
  return i >= 0 && i < 10 ? kNames[i] : "unknown";
}

const char* parquet_codec_name(ParquetCodec c) {
  static constexpr const char* kNames[] = {"UNCOMPRESSED", "SNAPPY", "GZIP", "LZO", "BROTLI", "LZ4", "ZSTD", "LZ4_RAW"};
  const auto i = int32_t(c);
  return i >= 0 && i < 8 ? kNames[i] : "unknown codec";
}

}  // namespace aiperf
