// Parquet helper for the end-to-end tests (tests/e2e/parquet_reader.sh, parquet_export.sh):
//   parquet_tool dump IN.parquet OUT.jsonl   every row as JSON, read by our reader (src/io/) the
//                                           way the public datasets read rows (dataset/public/hf_rows.h),
//                                           for comparison with what DuckDB reads from the file
//   parquet_tool fallback-sample OUT.parquet a file from our writer whose dictionary column falls
//                                           back to PLAIN mid row group, for DuckDB to read back
// A failure prints the error on stderr and exits 1.
#include <exception>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "dataset/public/hf_rows.h"
#include "io/parquet_file_writer.h"
#include "io/parquet_reader.h"

namespace {

// Each row as the public datasets see it (for_each_hf_row: struct columns as objects of their
// fields, lists as arrays), with its index in "__row".
void dump(const std::string& in, const std::string& out) {
  std::vector<std::string> columns;  // the top-level columns, in file order
  for (const std::string& leaf : aiperf::ParquetFile(in).leaf_paths()) {
    const std::string top = leaf.substr(0, leaf.find('.'));
    if (columns.empty() || columns.back() != top) columns.push_back(top);
  }
  std::ofstream o(out);
  size_t index = 0;
  aiperf::for_each_hf_row({in}, columns, "parquet_tool", [&](const nlohmann::json& value, const std::string&) {
    nlohmann::json row = value;
    row["__row"] = index++;
    o << row.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
  });
  if (!o.flush()) throw std::runtime_error(out + ": cannot write");
}

// Three row groups of 10 rows; id 0..29; label NULL when id % 5 == 0, else "v" + (id % 7), in
// a dictionary limited to 4 entries, so that each group falls back to PLAIN part way.
void fallback_sample(const std::string& out) {
  aiperf::ParquetFileWriter w(out,
                              {{"id", aiperf::ParquetPhysical::int64, false, false},
                               {"label", aiperf::ParquetPhysical::byte_array, true, true, true}},
                              10, aiperf::ParquetCodec::zstd, aiperf::ParquetDictionaryLimits{1 << 20, 4});
  for (int i = 0; i < 30; ++i) {
    w.column(0).int64(i);
    if (i % 5 == 0) w.column(1).null();
    else w.column(1).string("v" + std::to_string(i % 7));
    w.end_row();
  }
  if (!w.close()) throw std::runtime_error(out + ": the writer failed");
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  try {
    if (args.size() == 3 && args[0] == "dump") {
      dump(args[1], args[2]);
    } else if (args.size() == 2 && args[0] == "fallback-sample") {
      fallback_sample(args[1]);
    } else {
      std::cerr << "usage: parquet_tool dump IN.parquet OUT.jsonl | fallback-sample OUT.parquet\n";
      return 2;
    }
  } catch (const std::exception& e) {
    std::cerr << "parquet_tool: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
