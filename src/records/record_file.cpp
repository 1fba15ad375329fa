#include "records/record_file.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace aiperf {

namespace {

constexpr char kMagic[16] = {'A', 'I', 'P', 'E', 'R', 'F', '-', 'R', 'E', 'C', 'O', 'R', 'D', 'S', '\n', 1};
// A frame larger than this is corruption, not a record (responses are capped far below).
constexpr uint32_t kMaxFrameBytes = 1u << 31;

template <class T>
void put(std::string& out, T v) {
  char b[sizeof(T)];
  std::memcpy(b, &v, sizeof(T));
  out.append(b, sizeof(T));
}
void put_str(std::string& out, const std::string& s) {
  put<uint32_t>(out, uint32_t(s.size()));
  out.append(s);
}

// Reads fields back from one frame; any overrun throws.
class FrameReader {
 public:
  FrameReader(const std::string& frame) : p_(frame.data()), end_(frame.data() + frame.size()) {}
  template <class T>
  T get() {
    need(sizeof(T));
    T v;
    std::memcpy(&v, p_, sizeof(T));
    p_ += sizeof(T);
    return v;
  }
  void get_str(std::string& s) {
    const uint32_t n = get<uint32_t>();
    need(n);
    s.assign(p_, n);
    p_ += n;
  }
  bool done() const { return p_ == end_; }

 private:
  void need(size_t n) {
    if (size_t(end_ - p_) < n) throw std::length_error("frame too short");
  }
  const char* p_;
  const char* end_;
};

int64_t to_wall(const ClockAnchor& a, int64_t mono) { return mono ? a.to_wall(mono) : 0; }
int64_t from_wall(int64_t wall, int64_t offset) { return wall ? wall - offset : 0; }

void write_frame(std::string& f, const RawRecord& r, const ClockAnchor& a) {
  put<uint64_t>(f, r.credit_id);
  put<uint64_t>(f, r.session_num);
  put<uint32_t>(f, r.dataset_index);
  put<uint32_t>(f, r.turn_index);
  put<uint32_t>(f, r.session_turns);
  put<uint8_t>(f, uint8_t(r.phase));
  put<uint32_t>(f, r.worker_id);
  put_str(f, r.x_request_id);
  put_str(f, r.x_correlation_id);
  put<uint32_t>(f, r.agent_depth);
  put_str(f, r.parent_correlation_id);
  put_str(f, r.request_body);
  for (int64_t t : {r.credit_issued_ns, r.scheduled_ns, r.start_ns, r.ack_ns, r.end_ns}) put<int64_t>(f, to_wall(a, t));
  const HttpTrace& h = r.trace;
  for (int64_t t : {h.connect_start_ns, h.connect_end_ns, h.send_start_ns, h.send_end_ns, h.receive_start_ns,
                    h.receive_end_ns})
    put<int64_t>(f, to_wall(a, t));
  put<uint64_t>(f, h.bytes_sent);
  put<uint64_t>(f, h.bytes_received);
  put<uint32_t>(f, h.writes);
  put<uint32_t>(f, h.reads);
  put<uint8_t>(f, h.connection_reused);
  put<int32_t>(f, r.http_status);
  put_str(f, r.reason);
  put_str(f, r.content_type);
  put<uint8_t>(f, r.event_stream);
  put_str(f, r.body);
  put<uint32_t>(f, uint32_t(r.chunks.size()));
  for (const ResponseChunk& c : r.chunks) {
    put<uint32_t>(f, c.offset);
    put<uint32_t>(f, c.length);
    put<int64_t>(f, to_wall(a, c.perf_ns));
  }
  put<uint8_t>(f, r.error.has_value());
  if (r.error) {
    put<uint8_t>(f, r.error->code.has_value());
    put<int32_t>(f, r.error->code.value_or(0));
    put_str(f, r.error->type);
    put_str(f, r.error->message);
  }
  put<uint8_t>(f, r.was_cancelled);
  put<int64_t>(f, to_wall(a, r.cancellation_ns));
}

void read_frame(const std::string& frame, RawRecord& r, int64_t off) {
  FrameReader in(frame);
  r.clear();
  r.credit_id = in.get<uint64_t>();
  r.session_num = in.get<uint64_t>();
  r.dataset_index = in.get<uint32_t>();
  r.turn_index = in.get<uint32_t>();
  r.session_turns = in.get<uint32_t>();
  const uint8_t phase = in.get<uint8_t>();
  if (phase > uint8_t(BenchmarkPhase::profiling)) throw std::length_error("bad phase");
  r.phase = BenchmarkPhase(phase);
  r.worker_id = in.get<uint32_t>();
  in.get_str(r.x_request_id);
  in.get_str(r.x_correlation_id);
  r.agent_depth = in.get<uint32_t>();
  in.get_str(r.parent_correlation_id);
  in.get_str(r.request_body);
  for (int64_t* t : {&r.credit_issued_ns, &r.scheduled_ns, &r.start_ns, &r.ack_ns, &r.end_ns})
    *t = from_wall(in.get<int64_t>(), off);
  HttpTrace& h = r.trace;
  for (int64_t* t : {&h.connect_start_ns, &h.connect_end_ns, &h.send_start_ns, &h.send_end_ns, &h.receive_start_ns,
                     &h.receive_end_ns})
    *t = from_wall(in.get<int64_t>(), off);
  h.bytes_sent = in.get<uint64_t>();
  h.bytes_received = in.get<uint64_t>();
  h.writes = in.get<uint32_t>();
  h.reads = in.get<uint32_t>();
  h.connection_reused = in.get<uint8_t>() != 0;
  r.http_status = in.get<int32_t>();
  in.get_str(r.reason);
  in.get_str(r.content_type);
  r.event_stream = in.get<uint8_t>() != 0;
  in.get_str(r.body);
  const uint32_t chunks = in.get<uint32_t>();
  for (uint32_t i = 0; i < chunks; ++i) {
    ResponseChunk c;
    c.offset = in.get<uint32_t>();
    c.length = in.get<uint32_t>();
    c.perf_ns = from_wall(in.get<int64_t>(), off);
    if (uint64_t(c.offset) + c.length > r.body.size()) throw std::length_error("chunk outside the body");
    r.chunks.push_back(c);
  }
  if (in.get<uint8_t>()) {
    ErrorDetails e;
    const bool has_code = in.get<uint8_t>() != 0;
    const int32_t code = in.get<int32_t>();
    if (has_code) e.code = code;
    in.get_str(e.type);
    in.get_str(e.message);
    r.error = std::move(e);
  }
  r.was_cancelled = in.get<uint8_t>() != 0;
  r.cancellation_ns = from_wall(in.get<int64_t>(), off);
  if (!in.done()) throw std::length_error("trailing bytes");
}

// The order key of one frame (the frame is parsed whole: the key's fields are not at fixed offsets).
RecordOrderKey frame_key(const std::string& frame) {
  RawRecord r;
  read_frame(frame, r, 0);
  return record_order_key(r);
}

bool read_exact(std::FILE* f, char* p, size_t n) { return n == 0 || std::fread(p, 1, n, f) == n; }

}  // namespace

void append_record_frame(std::string& out, const RawRecord& record, const ClockAnchor& anchor) {
  const size_t at = out.size();
  put<uint32_t>(out, 0);
  write_frame(out, record, anchor);
  const uint32_t len = uint32_t(out.size() - at - sizeof(uint32_t));
  std::memcpy(out.data() + at, &len, sizeof len);
}

RecordOrderKey record_order_key(const RawRecord& r) { return {r.end_ns, r.x_request_id}; }

RecordFileWriter::RecordFileWriter(const std::filesystem::path& path, ClockAnchor anchor) : anchor_(anchor) {
  file_ = std::fopen(path.c_str(), "wb");
  if (!file_) throw std::runtime_error("cannot create " + path.string() + ": " + std::strerror(errno));
  std::setvbuf(file_, nullptr, _IOFBF, 1 << 20);
  ok_ = std::fwrite(kMagic, 1, sizeof kMagic, file_) == sizeof kMagic;
}

RecordFileWriter::~RecordFileWriter() {
  if (file_) std::fclose(file_);
}

void RecordFileWriter::write(const RawRecord& record) {
  frame_.clear();
  append_record_frame(frame_, record, anchor_);
  ok_ = ok_ && std::fwrite(frame_.data(), 1, frame_.size(), file_) == frame_.size();
  // At least once a second on disk: a shard that is killed leaves what it had measured.
  ++records_;
  if (mono_ns() - flushed_ns_ > 1'000'000'000) {
    ok_ = ok_ && std::fflush(file_) == 0;
    flushed_ns_ = mono_ns();
  }
}

bool RecordFileWriter::close() {
  if (!file_) return ok_;
  ok_ = (std::fclose(file_) == 0) && ok_;
  file_ = nullptr;
  return ok_;
}

RecordFileReader::RecordFileReader(const std::filesystem::path& path, int64_t offset_ns, bool torn_tail_ok)
    : path_(path), torn_tail_ok_(torn_tail_ok), offset_ns_(offset_ns) {
  file_ = std::fopen(path.c_str(), "rb");
  if (!file_) throw std::runtime_error("cannot read " + path.string() + ": " + std::strerror(errno));
  std::setvbuf(file_, nullptr, _IOFBF, 1 << 20);
  char magic[sizeof kMagic];
  if (!read_exact(file_, magic, sizeof magic) || std::memcmp(magic, kMagic, sizeof magic) != 0)
    throw std::runtime_error(path.string() + " is not an aiperf record file");
}

RecordFileReader::~RecordFileReader() {
  if (file_) std::fclose(file_);
}

bool RecordFileReader::next(RawRecord& out) {
  uint32_t len = 0;
  const size_t got = std::fread(&len, 1, sizeof len, file_);
  if (got == 0 && std::feof(file_)) return false;
  const std::string where = path_.string() + ": record " + std::to_string(read_ + 1);
  frame_.resize(got == sizeof len && len < kMaxFrameBytes ? len : 0);
  if (got != sizeof len || len >= kMaxFrameBytes || !read_exact(file_, frame_.data(), len)) {
    if (torn_tail_ok_) {
      torn_ = true;
      return false;
    }
    throw std::runtime_error(where + " is torn (the file ends inside it)");
  }
  try {
    read_frame(frame_, out, offset_ns_);
  } catch (const std::length_error& e) {
    throw std::runtime_error(where + " is corrupt (" + e.what() + ")");
  }
  ++read_;
  return true;
}

uint64_t copy_sorted_record_file(const std::filesystem::path& from, const std::filesystem::path& to, bool& torn) {
  RecordFileReader in(from, 0, true);
  // Stamps pass through unchanged: read on a zero offset, written on an identity anchor.
  RecordFileWriter out(to, ClockAnchor{0, 0});
  RawRecord r;
  while (in.next(r)) out.write(r);
  torn = in.torn();
  if (!out.close() || !sort_record_file(to)) throw std::runtime_error("writing " + to.string() + " failed");
  return in.records_read();
}

bool sort_record_file(const std::filesystem::path& path) {
  struct Entry {
    RecordOrderKey key;
    uint64_t at;
    uint32_t len;
  };
  std::vector<Entry> index;
  std::FILE* in = std::fopen(path.c_str(), "rb");
  if (!in) return false;
  char magic[sizeof kMagic];
  bool ok = read_exact(in, magic, sizeof magic) && std::memcmp(magic, kMagic, sizeof magic) == 0;
  std::string frame;
  uint64_t at = sizeof kMagic;
  bool sorted = true;
  while (ok) {
    uint32_t len = 0;
    const size_t got = std::fread(&len, 1, sizeof len, in);
    if (got == 0 && std::feof(in)) break;
    frame.resize(len);
    if (got != sizeof len || len >= kMaxFrameBytes || !read_exact(in, frame.data(), len)) {
      ok = false;
      break;
    }
    try {
      index.push_back({frame_key(frame), at + sizeof len, len});
    } catch (const std::length_error&) {
      ok = false;
      break;
    }
    if (index.size() > 1 && index.back().key < index[index.size() - 2].key) sorted = false;
    at += sizeof len + len;
  }
  if (!ok || sorted) {
    std::fclose(in);
    return ok;
  }
  std::stable_sort(index.begin(), index.end(), [](const Entry& a, const Entry& b) { return a.key < b.key; });
  std::filesystem::path tmp = path;
  tmp += ".sorting";
  std::FILE* out = std::fopen(tmp.c_str(), "wb");
  if (!out) {
    std::fclose(in);
    return false;
  }
  std::setvbuf(out, nullptr, _IOFBF, 1 << 20);
  ok = std::fwrite(kMagic, 1, sizeof kMagic, out) == sizeof kMagic;
  for (const Entry& e : index) {
    if (!ok) break;
    frame.resize(e.len);
    ok = std::fseek(in, long(e.at), SEEK_SET) == 0 && read_exact(in, frame.data(), e.len) &&
         std::fwrite(&e.len, 1, sizeof e.len, out) == sizeof e.len &&
         std::fwrite(frame.data(), 1, e.len, out) == e.len;
  }
  std::fclose(in);
  ok = (std::fclose(out) == 0) && ok;
  std::error_code ec;
  if (ok) std::filesystem::rename(tmp, path, ec);
  else std::filesystem::remove(tmp, ec);
  return ok && !ec;
}

}  // namespace aiperf
