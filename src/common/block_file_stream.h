#pragma once
// An output file stream that reaches the disk only in large blocks. std::ofstream hands any
// write of 1 KB or more straight to the kernel, which for per-request JSONL lines (≈1 KB each)
// means one system call per record; here every line lands in the block first.
#include <cstdio>
#include <filesystem>
#include <ostream>
#include <streambuf>
#include <string>
#include <vector>

namespace aiperf {

class BlockFileStream : public std::ostream {
 public:
  // Throws std::runtime_error naming the path when it cannot be created.
  explicit BlockFileStream(const std::filesystem::path& path, size_t block_bytes = 1 << 20);
  ~BlockFileStream() override;
  BlockFileStream(const BlockFileStream&) = delete;
  BlockFileStream& operator=(const BlockFileStream&) = delete;

  // Writes what is buffered and closes the file; sets badbit if any write failed.
  void close();

 private:
  class Buffer : public std::streambuf {
   public:
    Buffer(std::FILE* file, size_t block_bytes);
    bool flush_block();  // false on a write error

   protected:
    int_type overflow(int_type ch) override;
    std::streamsize xsputn(const char* s, std::streamsize n) override;
    int sync() override { return flush_block() ? 0 : -1; }

   private:
    std::FILE* file_;
    std::vector<char> block_;
  };

  std::string path_;
  std::FILE* file_ = nullptr;
  Buffer buffer_;
};

}  // namespace aiperf
