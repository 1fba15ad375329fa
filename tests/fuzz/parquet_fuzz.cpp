// The Parquet reader (io/parquet_reader.h) on a hostile file: footer, schema, and every column
// it lists read in full (pages, levels, encodings, codecs). Input: the file.
#include <cstdint>
#include <string>

#include "io/parquet_reader.h"
#include "scratch_dir.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const aiperf::fuzz::ScratchDir scratch;
  const auto path = scratch.write("data.parquet", std::string_view(reinterpret_cast<const char*>(data), size));
  try {
    const aiperf::ParquetFile file(path);
    (void)file.column_names();
    for (const std::string& column : file.leaf_paths()) {
      try {
        (void)file.read_column(column);
      } catch (const aiperf::ParquetError&) {
        // One unreadable column does not stop the others from being read.
      }
    }
  } catch (const aiperf::ParquetError&) {
    // Not a readable Parquet file.
  }
  return 0;
}
