// shard_records.bin (records/record_file.h): every field back as written, stamps moved onto
// shard 0's clock, sorted order, and a killed shard's torn tail.
#include "records/record_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <unistd.h>

namespace aiperf {
namespace {

std::filesystem::path scratch(const char* name) {
  auto dir = std::filesystem::temp_directory_path() / ("aiperf_record_file_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  return dir / name;
}

RawRecord sample(uint64_t id, int64_t end_ns) {
  RawRecord r;
  r.credit_id = id;
  r.session_num = id * 3;
  r.dataset_index = 7;
  r.turn_index = 1;
  r.session_turns = 2;
  r.phase = BenchmarkPhase::warmup;
  r.worker_id = 5;
  r.x_request_id = "req-" + std::to_string(id);
  r.x_correlation_id = "corr";
  r.agent_depth = 2;
  r.parent_correlation_id = "parent";
  r.request_body = "{\"later\":true}";
  r.credit_issued_ns = 100;
  r.scheduled_ns = 0;  // "did not happen" stays 0
  r.start_ns = 200;
  r.ack_ns = 300;
  r.end_ns = end_ns;
  r.trace.connect_start_ns = 150;
  r.trace.bytes_sent = 11;
  r.trace.bytes_received = 22;
  r.trace.reads = 3;
  r.trace.connection_reused = true;
  r.http_status = 500;
  r.reason = "Internal Server Error";
  r.content_type = "text/event-stream";
  r.event_stream = true;
  r.body = "data: a\n\ndata: b\n\n";
  r.chunks = {{0, 9, 310}, {9, 9, 320}};
  r.error = ErrorDetails{500, "Internal Server Error", "boom"};
  r.was_cancelled = true;
  r.cancellation_ns = 330;
  return r;
}

TEST(RecordFile, EveryFieldComesBackOnShardZerosClock) {
  const auto path = scratch("fields.bin");
  const ClockAnchor anchor{1'000'000, 100};  // wall = mono + 999'900
  RecordFileWriter w(path, anchor);
  w.write(sample(1, 400));
  ASSERT_TRUE(w.close());
  RecordFileReader r(path, 900);  // this shard runs 900 ns ahead of shard 0
  RawRecord got;
  ASSERT_TRUE(r.next(got));
  const RawRecord want = sample(1, 400);
  auto moved = [](int64_t mono) { return mono + 999'900 - 900; };
  EXPECT_EQ(got.x_request_id, want.x_request_id);
  EXPECT_EQ(got.session_num, want.session_num);
  EXPECT_EQ(got.phase, BenchmarkPhase::warmup);
  EXPECT_EQ(got.request_body, want.request_body);
  EXPECT_EQ(got.scheduled_ns, 0);
  EXPECT_EQ(got.start_ns, moved(200));
  EXPECT_EQ(got.end_ns, moved(400));
  EXPECT_EQ(got.trace.connect_start_ns, moved(150));
  EXPECT_EQ(got.trace.connect_end_ns, 0);
  EXPECT_EQ(got.trace.bytes_received, 22u);
  EXPECT_TRUE(got.trace.connection_reused);
  EXPECT_EQ(got.body, want.body);
  ASSERT_EQ(got.chunks.size(), 2u);
  EXPECT_EQ(got.chunks[1].perf_ns, moved(320));
  EXPECT_EQ(got.error, want.error);
  EXPECT_EQ(got.cancellation_ns, moved(330));
  EXPECT_FALSE(r.next(got));
}

TEST(RecordFile, SortsByEndTimeThenRequestId) {
  const auto path = scratch("sort.bin");
  RecordFileWriter w(path, ClockAnchor{0, 0});
  for (int64_t end : {50, 10, 30, 10, 20}) w.write(sample(uint64_t(end * 10 + w.records()), end));
  ASSERT_TRUE(w.close());
  ASSERT_TRUE(sort_record_file(path));
  RecordFileReader r(path, 0);
  RawRecord got;
  std::vector<RecordOrderKey> keys;
  while (r.next(got)) keys.push_back(record_order_key(got));
  ASSERT_EQ(keys.size(), 5u);
  EXPECT_TRUE(std::is_sorted(keys.begin(), keys.end()));
}

TEST(RecordFile, ATornTailIsAnErrorUnlessAKilledShardIsRead) {
  const auto path = scratch("torn.bin");
  RecordFileWriter w(path, ClockAnchor{0, 0});
  w.write(sample(1, 20));
  w.write(sample(2, 10));
  ASSERT_TRUE(w.close());
  std::filesystem::resize_file(path, std::filesystem::file_size(path) - 5);
  {
    RecordFileReader strict(path, 0);
    RawRecord got;
    ASSERT_TRUE(strict.next(got));
    EXPECT_THROW(strict.next(got), std::runtime_error);
  }
  bool torn = false;
  const auto copy = scratch("torn-sorted.bin");
  EXPECT_EQ(copy_sorted_record_file(path, copy, torn), 1u);
  EXPECT_TRUE(torn);
  std::ofstream(scratch("junk.bin")) << "not a record file";
  EXPECT_THROW(RecordFileReader(scratch("junk.bin"), 0), std::runtime_error);
}

}  // namespace
}  // namespace aiperf
