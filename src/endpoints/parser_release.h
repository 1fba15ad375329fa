#pragma once
// A thread's simdjson parser keeps buffers sized to the largest document it has read. After a
// huge reply (a 50 MB body needs them several times its size) this guard gives them back when
// the reader is done with the document, so one huge reply does not pin that memory for the
// rest of the run; an ordinary message keeps the buffers for reuse.
#include <cstddef>

#include <simdjson.h>

namespace aiperf {

inline constexpr size_t kKeepParserCapacity = size_t(4) << 20;

class ParserRelease {
 public:
  explicit ParserRelease(simdjson::dom::parser& parser) : parser_(parser) {}
  ~ParserRelease() {
    if (parser_.capacity() > kKeepParserCapacity) parser_ = simdjson::dom::parser{};
  }
  ParserRelease(const ParserRelease&) = delete;
  ParserRelease& operator=(const ParserRelease&) = delete;

 private:
  simdjson::dom::parser& parser_;
};

}  // namespace aiperf
