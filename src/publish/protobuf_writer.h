#pragma once
// A protocol-buffers encoder small enough to read at once: fields are appended in the order
// they are written, each as its tag and value (https://protobuf.dev/programming-guides/encoding/).
// It knows nothing of any schema; the OTLP request (otlp_metrics.cpp) is built on it. Nested
// messages are encoded into their own writer first, then appended as length-delimited bytes.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace aiperf {

class ProtobufWriter {
 public:
  // Wire type 0. Negative int64 values take ten bytes, as the encoding defines.
  void varint(uint32_t field, uint64_t value);
  void int64(uint32_t field, int64_t value) { varint(field, uint64_t(value)); }
  void boolean(uint32_t field, bool value) { varint(field, value ? 1 : 0); }
  // Wire type 1: eight little-endian bytes.
  void fixed64(uint32_t field, uint64_t value);
  void sfixed64(uint32_t field, int64_t value) { fixed64(field, uint64_t(value)); }
  void float64(uint32_t field, double value);
  // Wire type 2: a length, then the bytes (strings, bytes, nested messages, packed lists).
  void bytes(uint32_t field, std::string_view value);
  void message(uint32_t field, const ProtobufWriter& nested) { bytes(field, nested.data()); }
  // Repeated scalars in one packed field (proto3's default for them); nothing for an empty list.
  void packed_fixed64(uint32_t field, std::span<const uint64_t> values);
  void packed_float64(uint32_t field, std::span<const double> values);

  const std::string& data() const { return out_; }
  std::string take() { return std::move(out_); }

 private:
  void tag(uint32_t field, uint32_t wire_type) { raw_varint((uint64_t(field) << 3) | wire_type); }
  void raw_varint(uint64_t value);
  void raw_fixed64(uint64_t value);

  std::string out_;
};

}  // namespace aiperf
