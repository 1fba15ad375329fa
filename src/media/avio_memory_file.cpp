#include "media/avio_memory_file.h"

#include <algorithm>
#include <cstring>
#include <new>

namespace aiperf {

struct AvioMemoryCursor {
  std::string* bytes;
  int64_t pos = 0;
};

namespace {

constexpr int kAvioBufferBytes = 64 * 1024;
using AvioCursor = AvioMemoryCursor;

int avio_memory_write(void* opaque, uint8_t* buf, int size) {
  auto* c = static_cast<AvioCursor*>(opaque);
  const auto end = size_t(c->pos) + size_t(size);
  if (c->bytes->size() < end) c->bytes->resize(end);
  std::memcpy(c->bytes->data() + c->pos, buf, size_t(size));
  c->pos += size;
  return size;
}

int avio_memory_read(void* opaque, uint8_t* buf, int size) {
  auto* c = static_cast<AvioCursor*>(opaque);
  const int64_t left = int64_t(c->bytes->size()) - c->pos;
  if (left <= 0) return AVERROR_EOF;
  const int n = int(std::min<int64_t>(left, size));
  std::memcpy(buf, c->bytes->data() + c->pos, size_t(n));
  c->pos += n;
  return n;
}

int64_t avio_memory_seek(void* opaque, int64_t offset, int whence) {
  auto* c = static_cast<AvioCursor*>(opaque);
  const auto size = int64_t(c->bytes->size());
  if (whence & AVSEEK_SIZE) return size;
  int64_t to = offset;
  if ((whence & ~AVSEEK_FORCE) == SEEK_CUR) to += c->pos;
  if ((whence & ~AVSEEK_FORCE) == SEEK_END) to += size;
  if (to < 0) return AVERROR(EINVAL);
  c->pos = to;
  return to;
}

AVIOContext* new_avio(AvioCursor* cursor, bool writable) {
  auto* buffer = static_cast<unsigned char*>(av_malloc(kAvioBufferBytes));
  if (!buffer) throw std::bad_alloc();
  AVIOContext* pb = avio_alloc_context(buffer, kAvioBufferBytes, writable ? 1 : 0, cursor, avio_memory_read,
                                       writable ? avio_memory_write : nullptr, avio_memory_seek);
  if (!pb) {
    av_free(buffer);
    throw std::bad_alloc();
  }
  pb->seekable = AVIO_SEEKABLE_NORMAL;
  return pb;
}

void free_avio(AVIOContext* pb) {
  if (!pb) return;
  av_freep(&pb->buffer);
  avio_context_free(&pb);
}

int avio_memory_open(AVFormatContext* fmt, AVIOContext** pb, const char*, int flags, AVDictionary**) {
  auto* file = static_cast<AvioMemoryFile*>(fmt->opaque);
  if (!file || (flags & AVIO_FLAG_WRITE)) return AVERROR(EPERM);  // one output: the file itself
  // The reader's cursor is freed with its context (avio_memory_close).
  auto* cursor = new AvioCursor{const_cast<std::string*>(&file->bytes())};
  *pb = new_avio(cursor, false);
  return 0;
}

int avio_memory_close(AVFormatContext*, AVIOContext* pb) {
  if (!pb) return 0;
  delete static_cast<AvioCursor*>(pb->opaque);
  free_avio(pb);
  return 0;
}

}  // namespace

AvioMemoryFile::AvioMemoryFile() : writer_(new AvioMemoryCursor{&bytes_}) { pb_ = new_avio(writer_.get(), true); }

AvioMemoryFile::~AvioMemoryFile() { free_avio(pb_); }

void AvioMemoryFile::serve_reopens(AVFormatContext* fmt) {
  fmt->opaque = this;
  fmt->io_open = avio_memory_open;
  fmt->io_close2 = avio_memory_close;
}

}  // namespace aiperf
