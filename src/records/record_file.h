#pragma once
// shard_records.bin: every raw record of a shard, lossless, so that `aiperf merge` can run the
// very same record processing over all shards (docs/cluster.md). Written on the record
// thread as records arrive; sorted by (end time, request id) when the run ends, so that the
// merge reads every shard front to back and interleaves them with a k-way merge in one
// order that does not depend on how the records were split.
//
// Layout: the 16-byte magic, then one frame per record: u32 length, then the fields in a
// fixed order (little-endian integers, u32-length-prefixed strings). Stamps are stored as
// wall-clock ns (monotonic stamp + the run's ClockAnchor), 0 kept as 0 ("did not happen").
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "common/clock.h"
#include "records/raw_record.h"

namespace aiperf {

inline constexpr char kRecordFileName[] = "shard_records.bin";

// Appends one record's frame to `out`, stamps converted with `anchor`.
void append_record_frame(std::string& out, const RawRecord& record, const ClockAnchor& anchor);

// Writes frames as records arrive (record thread only).
class RecordFileWriter {
 public:
  // Throws std::runtime_error naming the path when it cannot be created.
  RecordFileWriter(const std::filesystem::path& path, ClockAnchor anchor);
  ~RecordFileWriter();
  RecordFileWriter(const RecordFileWriter&) = delete;
  RecordFileWriter& operator=(const RecordFileWriter&) = delete;

  void write(const RawRecord& record);
  // Flushes and closes; false when any write failed.
  bool close();
  uint64_t records() const { return records_; }

 private:
  std::FILE* file_ = nullptr;
  ClockAnchor anchor_;
  std::string frame_;
  uint64_t records_ = 0;
  int64_t flushed_ns_ = 0;
  bool ok_ = true;
};

// Reads frames back; stamps come back as wall-clock ns minus `offset_ns` (a shard's clock
// offset to shard 0), so every shard's records land on shard 0's timeline.
class RecordFileReader {
 public:
  // Throws std::runtime_error naming the path when it is missing or not a record file.
  // `torn_tail_ok`: the file of a shard that was killed may end inside a frame; reading
  // then stops there (torn() says so) instead of throwing.
  RecordFileReader(const std::filesystem::path& path, int64_t offset_ns, bool torn_tail_ok = false);
  ~RecordFileReader();
  RecordFileReader(const RecordFileReader&) = delete;
  RecordFileReader& operator=(const RecordFileReader&) = delete;

  // The next record, or false at the end. Throws std::runtime_error on a torn or corrupt
  // frame, naming the file and the record's ordinal.
  bool next(RawRecord& out);
  uint64_t records_read() const { return read_; }
  bool torn() const { return torn_; }

 private:
  std::filesystem::path path_;
  bool torn_tail_ok_ = false;
  bool torn_ = false;
  std::FILE* file_ = nullptr;
  int64_t offset_ns_;
  std::string frame_;
  uint64_t read_ = 0;
};

// The order shard files are kept in and merged by.
struct RecordOrderKey {
  int64_t end_ns = 0;
  std::string request_id;
  bool operator<(const RecordOrderKey& o) const {
    return end_ns != o.end_ns ? end_ns < o.end_ns : request_id < o.request_id;
  }
};
RecordOrderKey record_order_key(const RawRecord& r);

// Copies the readable frames of `from` (a killed shard's file may end inside one) to `to`
// and sorts them. Returns how many were copied; throws std::runtime_error on an I/O error.
uint64_t copy_sorted_record_file(const std::filesystem::path& from, const std::filesystem::path& to, bool& torn);

// Rewrites the file in RecordOrderKey order (an index of every frame in memory, ~40 bytes
// per record; frames are copied, never parsed twice). False on an I/O error.
bool sort_record_file(const std::filesystem::path& path);

}  // namespace aiperf
