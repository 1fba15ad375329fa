#include "dataset/text_line_stream.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <vector>

#ifdef AIPERF_HAVE_ZSTD
#include <zstd.h>
#endif

#include "config/profile_config.h"

namespace aiperf {

namespace {
// Reads start at 64 KiB and double up to 1 MiB: a big file is read in big chunks, and a small
// one does not cost a zeroed megabyte (or two, when its last line has no newline).
constexpr size_t kFirstReadChunk = size_t(64) << 10;
constexpr size_t kMaxReadChunk = size_t(1) << 20;
}

#ifdef AIPERF_HAVE_ZSTD
struct TextLineStream::Zstd {
  ZSTD_DStream* stream = ZSTD_createDStream();
  std::vector<char> in = std::vector<char>(ZSTD_DStreamInSize());
  ZSTD_inBuffer input{in.data(), 0, 0};
  bool frame_open = false;  // a frame was started and has not ended: the file must not end here
  ~Zstd() { ZSTD_freeDStream(stream); }
};
#else
struct TextLineStream::Zstd {};
#endif

TextLineStream::TextLineStream(std::string path, std::string error_prefix)
    : path_(std::move(path)), error_prefix_(std::move(error_prefix)) {
  zstd_ = path_.size() > 4 && path_.compare(path_.size() - 4, 4, ".zst") == 0;
#ifndef AIPERF_HAVE_ZSTD
  if (zstd_) fail("is zstd-compressed and this build has no libzstd; decompress it first (zstd -d)");
#endif
  file_ = std::fopen(path_.c_str(), "rb");
  if (!file_) fail(std::string("cannot open file: ") + std::strerror(errno));
#ifdef AIPERF_HAVE_ZSTD
  if (zstd_) {
    z_ = std::make_unique<Zstd>();
    if (!z_->stream) fail("cannot create a zstd decoder");
    ZSTD_initDStream(z_->stream);
  }
#endif
  chunk_ = kFirstReadChunk;
  buf_.resize(chunk_ + kPadding);
}

TextLineStream::~TextLineStream() {
  if (file_) std::fclose(file_);
}

void TextLineStream::fail(const std::string& what) const {
  throw ConfigError(error_prefix_ + path_ + (file_ ? ", line " + std::to_string(line_ + 1) : "") + ": " + what);
}

bool TextLineStream::fill() {
  // Room for one more chunk after the unread bytes, which move to the front first.
  if (begin_ > 0) {
    std::memmove(buf_.data(), buf_.data() + begin_, end_ - begin_);
    end_ -= begin_;
    begin_ = 0;
  }
  if (buf_.size() < end_ + chunk_ + kPadding) buf_.resize(std::max(buf_.size() * 2, end_ + chunk_ + kPadding));
  const size_t room = buf_.size() - kPadding - end_;
  chunk_ = std::min(chunk_ * 2, kMaxReadChunk);
  if (!zstd_) {
    const size_t n = std::fread(buf_.data() + end_, 1, room, file_);
    if (n == 0 && std::ferror(file_)) fail(std::string("read error: ") + std::strerror(errno));
    end_ += n;
    return n > 0;
  }
#ifdef AIPERF_HAVE_ZSTD
  Zstd& z = *z_;
  for (;;) {
    if (z.input.pos == z.input.size) {
      z.input.size = std::fread(z.in.data(), 1, z.in.size(), file_);
      z.input.pos = 0;
      if (z.input.size == 0) {
        if (std::ferror(file_)) fail(std::string("read error: ") + std::strerror(errno));
        if (z.frame_open) fail("the zstd data ends in the middle of a frame (truncated file?)");
        return false;
      }
    }
    ZSTD_outBuffer output{buf_.data() + end_, room, 0};
    const size_t rc = ZSTD_decompressStream(z.stream, &output, &z.input);
    if (ZSTD_isError(rc)) fail(std::string("not valid zstd data: ") + ZSTD_getErrorName(rc));
    z.frame_open = rc != 0;
    end_ += output.pos;
    if (output.pos > 0) return true;
  }
#else
  return false;
#endif
}

bool TextLineStream::next(std::string_view& line) {
  for (;;) {
    const char* from = buf_.data() + begin_ + scanned_;
    if (const void* nl = std::memchr(from, '\n', end_ - begin_ - scanned_)) {
      const size_t at = size_t(static_cast<const char*>(nl) - buf_.data());
      line = std::string_view(buf_.data() + begin_, at - begin_);
      begin_ = at + 1;
      scanned_ = 0;
      ++line_;
      return true;
    }
    scanned_ = end_ - begin_;
    if (!eof_ && !fill()) eof_ = true;
    if (eof_) {
      if (begin_ == end_) return false;
      line = std::string_view(buf_.data() + begin_, end_ - begin_);  // the last line, without '\n'
      begin_ = end_;
      scanned_ = 0;
      ++line_;
      return true;
    }
  }
}

}  // namespace aiperf
