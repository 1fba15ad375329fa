#pragma once
// Thrift's compact protocol, read side: as much as a Parquet footer and page headers need.
// Reads from a byte range it does not own; every read is bounds-checked and a malformed or
// truncated input throws std::runtime_error (the caller adds the file name).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "io/parquet_format.h"

namespace aiperf {

struct ThriftListHeader {
  ThriftType element;
  uint32_t size;
};

// Usage: begin_struct(); while (next_field(id, type)) { read or skip(type) }; end_struct()
// is implied by next_field returning false (it consumed the STOP byte).
class ThriftCompactReader {
 public:
  ThriftCompactReader(const uint8_t* data, size_t size) : data_(data), size_(size) {}

  void begin_struct();
  // The next field of the innermost open struct; false (and the struct closed) at its STOP.
  bool next_field(int16_t& id, ThriftType& type);

  int32_t i32();
  int64_t i64();
  double f64();
  std::string_view binary();
  // A bool field's value is its type nibble; a bool list element is one byte.
  static bool bool_field(ThriftType type) { return type == ThriftType::bool_true; }
  bool bool_element();
  ThriftListHeader list_header();
  void skip(ThriftType type);

  size_t position() const { return pos_; }

 private:
  uint64_t varint();
  void skip_element(ThriftType type);
  uint8_t byte();
  [[noreturn]] void fail(const char* what) const;

  static constexpr int kMaxDepth = 32;
  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
  int16_t last_id_[kMaxDepth] = {};  // per open struct: the id of the last field read
  int depth_ = -1;
};

}  // namespace aiperf
