#include "publish/protobuf_writer.h"

#include <bit>

namespace aiperf {

namespace {
constexpr uint32_t kVarint = 0, kFixed64 = 1, kLengthDelimited = 2;
}

void ProtobufWriter::raw_varint(uint64_t value) {
  while (value >= 0x80) {
    out_.push_back(char(uint8_t(value) | 0x80));
    value >>= 7;
  }
  out_.push_back(char(value));
}

void ProtobufWriter::raw_fixed64(uint64_t value) {
  for (int i = 0; i < 8; ++i) out_.push_back(char(uint8_t(value >> (8 * i))));
}

void ProtobufWriter::varint(uint32_t field, uint64_t value) {
  tag(field, kVarint);
  raw_varint(value);
}

void ProtobufWriter::fixed64(uint32_t field, uint64_t value) {
  tag(field, kFixed64);
  raw_fixed64(value);
}

void ProtobufWriter::float64(uint32_t field, double value) { fixed64(field, std::bit_cast<uint64_t>(value)); }

void ProtobufWriter::bytes(uint32_t field, std::string_view value) {
  tag(field, kLengthDelimited);
  raw_varint(value.size());
  out_.append(value);
}

void ProtobufWriter::packed_fixed64(uint32_t field, std::span<const uint64_t> values) {
  if (values.empty()) return;
  tag(field, kLengthDelimited);
  raw_varint(values.size() * 8);
  for (uint64_t v : values) raw_fixed64(v);
}

void ProtobufWriter::packed_float64(uint32_t field, std::span<const double> values) {
  if (values.empty()) return;
  tag(field, kLengthDelimited);
  raw_varint(values.size() * 8);
  for (double v : values) raw_fixed64(std::bit_cast<uint64_t>(v));
}

}  // namespace aiperf
