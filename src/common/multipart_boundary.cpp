#include "common/multipart_boundary.h"

#include <random>

namespace aiperf {

std::string random_multipart_boundary() {
  static constexpr char kHex[] = "0123456789abcdef";
  std::random_device device;
  std::string boundary = "aiperf-boundary-";
  for (int i = 0; i < 32; ++i) boundary += kHex[device() & 15];
  return boundary;
}

}  // namespace aiperf
