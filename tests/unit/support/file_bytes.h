#pragma once
// Bytes the tests compare: a whole file read in binary (a file that cannot be opened throws,
// naming it), and a string's bytes as numbers, so that a mismatch prints 140 rather than a raw
// 0x8c character.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace aiperf::test_support {

inline std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) throw std::runtime_error(p.string() + ": cannot open");
  std::ostringstream buf;
  buf << in.rdbuf();
  return buf.str();
}

inline std::vector<int> byte_values(std::string_view s) {
  std::vector<int> out;
  for (char c : s) out.push_back(uint8_t(c));
  return out;
}

}  // namespace aiperf::test_support
