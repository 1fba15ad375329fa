#include "publish/record_rows.h"

#include <gtest/gtest.h>

#include <fstream>

#include "publish_fixture.h"

namespace aiperf {
namespace {

TEST(RecordRows, ProfilingLinesWithValuesErrorsAndLists) {
  testing::FixtureRun f;
  std::ofstream(f.run.records_file, std::ios::app)
      << "not json\n"
      << R"({"metadata":{"session_num":4,"was_cancelled":true,)"
         R"("benchmark_phase":"profiling"},"metrics":{},)"
         R"("error":{"code":499,"type":"RequestCancellationError","message":"c"}})"
      << "\n";
  std::vector<RecordRow> rows;
  std::vector<size_t> list_counts;
  size_t skipped = 0;
  for_each_record(
      f.run.records_file,
      [&](const RecordRow& r) {
        rows.push_back(r);
        size_t chunks = 0;
        for (const RecordValue& v : r.values) chunks += v.tag == "inter_chunk_latency";
        list_counts.push_back(chunks);
      },
      &skipped);
  ASSERT_EQ(rows.size(), 5u);  // the warm-up line is not one
  EXPECT_EQ(skipped, 1u);
  EXPECT_EQ(rows[0].session_num, 0);
  EXPECT_EQ(rows[0].start_ns, 1700000000000000000LL);
  EXPECT_FALSE(rows[0].failed);
  EXPECT_EQ(list_counts[0], 2u);
  EXPECT_TRUE(rows[3].failed);
  EXPECT_EQ(rows[3].error_code, 500);
  EXPECT_TRUE(rows[4].cancelled);
}

TEST(RecordRows, MissingFileThrowsNamingIt) {
  EXPECT_THROW(for_each_record("/nonexistent/profile_export.jsonl", [](const RecordRow&) {}), std::runtime_error);
}

}  // namespace
}  // namespace aiperf
