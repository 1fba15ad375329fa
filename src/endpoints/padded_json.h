#pragma once
// JSON text followed by at least kParsePadding readable bytes, so simdjson parses it where it
// lies instead of copying it into a padded buffer first: a 50 MB reply body is parsed in the
// record's own buffer (the transport reserves the padding with the body, records/body_buffer.h).
#include <optional>
#include <string>
#include <string_view>

#include "records/body_buffer.h"

namespace aiperf {

class PaddedJson {
 public:
  // `s`, its buffer grown to hold the padding when it does not (at most one reallocation);
  // its contents are unchanged.
  PaddedJson(std::string& s) : text_(pad(s)) {}  // NOLINT: implicit, any std::string will do
  // `s` where it lies when its buffer already holds the padding, else nothing.
  static std::optional<PaddedJson> in_place(const std::string& s) {
    if (s.capacity() - s.size() < kParsePadding) return std::nullopt;
    return PaddedJson(std::string_view(s));
  }
  const char* data() const { return text_.data(); }
  size_t size() const { return text_.size(); }
  std::string_view text() const { return text_; }

 private:
  explicit PaddedJson(std::string_view text) : text_(text) {}
  static std::string_view pad(std::string& s) {
    s.reserve(s.size() + kParsePadding);
    return s;
  }
  std::string_view text_;
};

}  // namespace aiperf
