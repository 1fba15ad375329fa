#pragma once
// Page decompression for the codecs a Parquet reader here supports: UNCOMPRESSED, SNAPPY,
// GZIP and ZSTD (parquet.thrift `CompressionCodec` 0, 1, 2, 6).
#include <cstddef>
#include <cstdint>
#include <string>

#include "io/parquet_format.h"

namespace aiperf {

bool parquet_codec_supported(ParquetCodec codec);

// Decompresses `size` bytes into `out` (resized to exactly `uncompressed_size`). Throws
// std::runtime_error on corrupt data or a size that does not match the page header.
void parquet_decompress(ParquetCodec codec, const uint8_t* data, size_t size, size_t uncompressed_size, std::string& out);

}  // namespace aiperf
