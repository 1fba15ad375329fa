#include "common/block_file_stream.h"

#include <cstring>
#include <stdexcept>

namespace aiperf {

namespace {

std::FILE* open_for_writing(const std::filesystem::path& path) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) throw std::runtime_error("cannot write " + path.string() + ": " + std::strerror(errno));
  std::setvbuf(f, nullptr, _IONBF, 0);  // our block is the buffer
  return f;
}

}  // namespace

BlockFileStream::Buffer::Buffer(std::FILE* file, size_t block_bytes) : file_(file), block_(block_bytes) {
  setp(block_.data(), block_.data() + block_.size());
}

bool BlockFileStream::Buffer::flush_block() {
  const size_t n = size_t(pptr() - pbase());
  setp(block_.data(), block_.data() + block_.size());
  return n == 0 || (file_ && std::fwrite(block_.data(), 1, n, file_) == n);
}

BlockFileStream::Buffer::int_type BlockFileStream::Buffer::overflow(int_type ch) {
  if (!flush_block()) return traits_type::eof();
  if (!traits_type::eq_int_type(ch, traits_type::eof())) {
    *pptr() = traits_type::to_char_type(ch);
    pbump(1);
  }
  return traits_type::not_eof(ch);
}

std::streamsize BlockFileStream::Buffer::xsputn(const char* s, std::streamsize n) {
  std::streamsize done = 0;
  while (done < n) {
    std::streamsize room = epptr() - pptr();
    if (room == 0) {
      if (!flush_block()) return done;
      continue;
    }
    std::streamsize take = std::min(room, n - done);
    std::memcpy(pptr(), s + done, size_t(take));
    pbump(int(take));
    done += take;
  }
  return done;
}

BlockFileStream::BlockFileStream(const std::filesystem::path& path, size_t block_bytes)
    : std::ostream(nullptr), path_(path.string()), file_(open_for_writing(path)), buffer_(file_, block_bytes) {
  rdbuf(&buffer_);
}

BlockFileStream::~BlockFileStream() { close(); }

void BlockFileStream::close() {
  if (!file_) return;
  bool ok = buffer_.flush_block();
  ok = std::fclose(file_) == 0 && ok;
  file_ = nullptr;
  if (!ok) setstate(std::ios::badbit);
}

}  // namespace aiperf
