#pragma once
// Thrift's compact protocol, write side only, as much of it as a Parquet footer and page
// headers need: structs, i32/i64/bool/binary fields and lists. Bytes are appended to a string.
#include <cstdint>
#include <string>
#include <string_view>

#include "io/parquet_format.h"

namespace aiperf {

// ULEB128: 7 bits a byte, low group first, high bit = more follows.
void append_varint(std::string& out, uint64_t v);

// Signed integers travel zigzagged (0,-1,1,-2 → 0,1,2,3) so small negatives stay short.
inline uint64_t zigzag(int64_t v) { return (uint64_t(v) << 1) ^ uint64_t(v >> 63); }

// Writes one top-level struct. Field ids must rise within a struct (the short delta form
// depends on it; Parquet's structs are always written in id order). Nested structs are
// opened with begin_struct / begin_list_struct and closed with end_struct.
class ThriftCompactWriter {
 public:
  explicit ThriftCompactWriter(std::string& out) : out_(out) {}

  void field_i32(int16_t id, int32_t v);
  void field_i64(int16_t id, int64_t v);
  void field_bool(int16_t id, bool v);
  void field_binary(int16_t id, std::string_view v);

  void begin_struct(int16_t id);  // a struct-valued field
  void end_struct();              // STOP byte; back to the enclosing struct's field ids

  // A list-valued field of `size` elements; then write exactly `size` elements with the
  // list_* calls (struct elements: begin_list_struct ... end_struct).
  void begin_list(int16_t id, ThriftType element, size_t size);
  void list_i32(int32_t v);
  void list_binary(std::string_view v);
  void begin_list_struct();

  // Closes the top-level struct (its STOP byte).
  void finish() { out_.push_back(0); }

 private:
  void field_header(int16_t id, ThriftType type);
  void push();

  static constexpr int kMaxDepth = 16;
  std::string& out_;
  int16_t last_id_[kMaxDepth] = {};  // per open struct: id of the last field written
  int depth_ = 0;
};

}  // namespace aiperf
