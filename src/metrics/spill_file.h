#pragma once
// An unlinked temporary file that sorted runs of samples are appended to and read back from
// (docs/design.md, "Bounded memory"). It has no name from the moment it exists, so nothing is
// left behind however the process ends. Used by the record-processor thread only.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace aiperf {

class SpillFile {
 public:
  // Throws std::runtime_error naming `dir` when no file can be made there.
  explicit SpillFile(const std::string& dir);
  ~SpillFile();
  SpillFile(const SpillFile&) = delete;
  SpillFile& operator=(const SpillFile&) = delete;

  // Appends `bytes` at the end; returns the offset they start at. Throws on a write error.
  uint64_t append(std::string_view bytes);
  // Up to out.size() bytes from `offset`; fewer only at the end of the file.
  size_t read_at(uint64_t offset, std::span<char> out) const;
  // The bytes [offset, offset + length) are no longer needed: their disk space is freed.
  void release(uint64_t offset, uint64_t length);
  uint64_t size() const { return end_; }

 private:
  int fd_ = -1;
  uint64_t end_ = 0;
};

}  // namespace aiperf
