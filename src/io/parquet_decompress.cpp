#include "io/parquet_decompress.h"

#include <snappy.h>
#include <zlib.h>
#include <zstd.h>

#include <cstring>
#include <stdexcept>

namespace aiperf {
namespace {

void gunzip(const uint8_t* data, size_t size, std::string& out) {
  z_stream z{};
  // 32 + MAX_WBITS: accept a gzip or a zlib header, as writers differ.
  if (inflateInit2(&z, 32 + MAX_WBITS) != Z_OK) throw std::runtime_error("zlib initialisation failed");
  z.next_in = const_cast<Bytef*>(data);
  z.avail_in = uInt(size);
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = uInt(out.size());
  const int rc = inflate(&z, Z_FINISH);
  const size_t produced = out.size() - z.avail_out;
  inflateEnd(&z);
  if (rc != Z_STREAM_END || produced != out.size()) throw std::runtime_error("corrupt GZIP page");
}

// The declared uncompressed size is checked against what the compressed bytes could possibly
// give before any of it is allocated: a hostile file declaring 2 GB pages must not take 2 GB.
// Deflate expands at most 1032:1; a zstd frame states its size (a frame without one, rare,
// expands at most one 128 KB block per 3-byte RLE block header).
void check_declared_size(ParquetCodec codec, const uint8_t* data, size_t size, size_t uncompressed_size) {
  bool plausible = true;
  switch (codec) {
    case ParquetCodec::uncompressed:
      plausible = size == uncompressed_size;
      break;
    case ParquetCodec::snappy: {
      size_t n = 0;
      plausible = snappy::GetUncompressedLength(reinterpret_cast<const char*>(data), size, &n) && n == uncompressed_size;
      break;
    }
    case ParquetCodec::gzip:
      plausible = uncompressed_size / 1032 <= size;
      break;
    case ParquetCodec::zstd: {
      const unsigned long long n = ZSTD_getFrameContentSize(data, size);
      if (n == ZSTD_CONTENTSIZE_ERROR) plausible = false;
      else if (n == ZSTD_CONTENTSIZE_UNKNOWN) plausible = uncompressed_size / 43691 <= size;
      else plausible = n == uncompressed_size;
      break;
    }
    default:
      return;  // refused by parquet_decompress with the codec's name
  }
  if (!plausible)
    throw std::runtime_error(std::string("corrupt ") + parquet_codec_name(codec) + " page: it declares " +
                             std::to_string(uncompressed_size) + " bytes uncompressed from " + std::to_string(size));
}

}  // namespace

bool parquet_codec_supported(ParquetCodec codec) {
  return codec == ParquetCodec::uncompressed || codec == ParquetCodec::snappy || codec == ParquetCodec::gzip ||
         codec == ParquetCodec::zstd;
}

void parquet_decompress(ParquetCodec codec, const uint8_t* data, size_t size, size_t uncompressed_size, std::string& out) {
  check_declared_size(codec, data, size, uncompressed_size);
  out.resize(uncompressed_size);
  switch (codec) {
    case ParquetCodec::uncompressed:
      if (size != uncompressed_size) throw std::runtime_error("uncompressed page sizes disagree");
      if (size) std::memcpy(out.data(), data, size);
      return;
    case ParquetCodec::snappy: {
      size_t n = 0;
      const char* in = reinterpret_cast<const char*>(data);
      if (!snappy::GetUncompressedLength(in, size, &n) || n != uncompressed_size ||
          !snappy::RawUncompress(in, size, out.data()))
        throw std::runtime_error("corrupt SNAPPY page");
      return;
    }
    case ParquetCodec::gzip:
      if (uncompressed_size) gunzip(data, size, out);
      return;
    case ParquetCodec::zstd: {
      const size_t n = ZSTD_decompress(out.data(), out.size(), data, size);
      if (ZSTD_isError(n) || n != uncompressed_size) throw std::runtime_error("corrupt ZSTD page");
      return;
    }
    default:
      throw std::runtime_error(std::string("compression codec ") + parquet_codec_name(codec) + " is not supported");
  }
}

}  // namespace aiperf
