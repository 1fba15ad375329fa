#pragma once
// A growable in-memory file that libavformat writes a container into: a seekable AVIOContext
// (muxers seek back to patch sizes), and read contexts over the same bytes, which the MP4
// muxer's faststart pass opens through AVFormatContext::io_open to move `moov` in front.
#include <cstdint>
#include <memory>
#include <string>

extern "C" {
#include <libavformat/avformat.h>
}

namespace aiperf {

struct AvioMemoryCursor;  // a position in the bytes: the writer's or a reader's

class AvioMemoryFile {
 public:
  AvioMemoryFile();
  ~AvioMemoryFile();
  AvioMemoryFile(const AvioMemoryFile&) = delete;
  AvioMemoryFile& operator=(const AvioMemoryFile&) = delete;

  // The write context to set as AVFormatContext::pb (owned here).
  AVIOContext* context() { return pb_; }
  // Points fmt's io_open / io_close2 at this file, whatever URL the muxer asks for.
  void serve_reopens(AVFormatContext* fmt);
  // The bytes written so far (flush the context first).
  const std::string& bytes() const { return bytes_; }

 private:
  std::string bytes_;
  std::unique_ptr<AvioMemoryCursor> writer_;
  AVIOContext* pb_ = nullptr;
};

}  // namespace aiperf
