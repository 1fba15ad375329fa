#include "export/parquet_column.h"

#include <bit>
#include <cstring>
#include <stdexcept>

#include "export/rle_hybrid_levels.h"

namespace aiperf {
namespace {

static_assert(std::endian::native == std::endian::little, "PLAIN values are written as in memory");

template <typename T>
void append_raw(std::string& out, T v) {
  char bytes[sizeof v];
  std::memcpy(bytes, &v, sizeof v);
  out.append(bytes, sizeof v);
}

}  // namespace

void ParquetColumn::null() {
  if (!spec_.nullable) throw std::logic_error("null written to required parquet column " + spec_.name);
  levels_.push_back(0);
}

void ParquetColumn::int64(int64_t v) {
  present();
  append_raw(values_, v);
}

void ParquetColumn::double_(double v) {
  present();
  append_raw(values_, v);
}

void ParquetColumn::string(std::string_view v) {
  present();
  append_raw(values_, uint32_t(v.size()));
  values_.append(v);
}

// PLAIN booleans: one bit each, LSB first.
void ParquetColumn::boolean(bool v) {
  present();
  if (bool_count_ % 8 == 0) values_.push_back(0);
  if (v) values_.back() = char(uint8_t(values_.back()) | (1u << (bool_count_ % 8)));
  ++bool_count_;
}

void ParquetColumn::take_page(std::string& out) {
  if (spec_.nullable) append_levels_v1(out, levels_.data(), levels_.size(), 1);
  out.append(values_);
  levels_.clear();
  values_.clear();
  required_rows_ = 0;
  bool_count_ = 0;
}

}  // namespace aiperf
