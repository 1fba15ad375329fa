#include "metrics/spill_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

namespace aiperf {
namespace {

std::runtime_error spill_error(const std::string& what) {
  return std::runtime_error("metrics spill file: " + what + ": " + std::strerror(errno));
}

}  // namespace

SpillFile::SpillFile(const std::string& dir) {
  fd_ = ::open(dir.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
  if (fd_ < 0) {  // a file system without O_TMPFILE: a named file, unlinked at once
    std::string path = dir + "/aiperf-spill-XXXXXX";
    fd_ = ::mkostemp(path.data(), O_CLOEXEC);
    if (fd_ < 0) throw spill_error("cannot create one in '" + dir + "' (AIPERF_METRICS_SPILL_DIR)");
    ::unlink(path.c_str());
  }
}

SpillFile::~SpillFile() {
  if (fd_ >= 0) ::close(fd_);
}

uint64_t SpillFile::append(std::string_view bytes) {
  const uint64_t at = end_;
  while (!bytes.empty()) {
    const ssize_t n = ::pwrite(fd_, bytes.data(), bytes.size(), off_t(end_));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw spill_error("write failed");
    bytes.remove_prefix(size_t(n));
    end_ += uint64_t(n);
  }
  return at;
}

size_t SpillFile::read_at(uint64_t offset, std::span<char> out) const {
  size_t got = 0;
  while (got < out.size()) {
    const ssize_t n = ::pread(fd_, out.data() + got, out.size() - got, off_t(offset + got));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw spill_error("read failed");
    if (n == 0) break;
    got += size_t(n);
  }
  return got;
}

void SpillFile::release(uint64_t offset, uint64_t length) {
  // Best effort: a file system that cannot punch holes keeps the space until the file closes.
  (void)::fallocate(fd_, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, off_t(offset), off_t(length));
}

}  // namespace aiperf
