#include "publish/wandb_payload.h"

#include <gtest/gtest.h>

#include "publish_fixture.h"

namespace aiperf {
namespace {

TEST(WandbPayload, RunIdNameAndTags) {
  testing::FixtureRun f;
  EXPECT_EQ(wandb_run_id(f.run), f.run.benchmark_id);
  EXPECT_EQ(wandb_display_name(WandbSettings{}, f.run), "aiperf-01234567");
  WandbSettings s;
  s.run_name = "nightly";
  s.tags = {"gpu-a"};
  EXPECT_EQ(wandb_display_name(s, f.run), "nightly");
  EXPECT_EQ(wandb_tags(s, f.run),
            (std::vector<std::string>{"aiperf-0.1.0", "benchmark-" + f.run.benchmark_id, "gpu-a"}));
}

TEST(WandbPayload, ConfigUsesWandbValueEncoding) {
  testing::FixtureRun f;
  const auto config = wandb_config(f.run);
  EXPECT_EQ(config["endpoint_type"]["value"], "chat");
  EXPECT_TRUE(config["endpoint_type"]["desc"].is_null());
  EXPECT_EQ(config["urls"]["value"][0], "http://127.0.0.1:8000");
  EXPECT_EQ(config["concurrency"]["value"], 4);
  EXPECT_FALSE(config.contains("request_rate"));
  EXPECT_EQ(config["cli_command"]["value"], "aiperf profile -m mock-model");
}

TEST(WandbPayload, SummaryTableHasTheConsoleColumnsAndRows) {
  testing::FixtureRun f;
  const auto table = wandb_summary_table(f.run);
  EXPECT_EQ(table["columns"], nlohmann::json({"Metric", "avg", "min", "max", "p99", "p90", "p50", "std"}));
  bool found = false;
  for (const auto& row : table["data"]) {
    ASSERT_EQ(row.size(), 8u);
    if (row[0] == "Time to First Token (ms)") {
      found = true;
      EXPECT_EQ(row[1], 20.0);
      EXPECT_EQ(row[4], 30.0);
      EXPECT_EQ(row[5], 29.0);
    }
    if (row[0] == "Request Throughput (requests/sec)") {
      EXPECT_TRUE(row[2].is_null());
    }
  }
  EXPECT_TRUE(found) << table.dump();
}

TEST(WandbPayload, TableFileReferenceAndSummary) {
  testing::FixtureRun f;
  const WandbTableFile file = wandb_table_file(wandb_summary_table(f.run));
  EXPECT_TRUE(file.path.starts_with("media/table/summary_metrics_0_"));
  EXPECT_TRUE(file.path.ends_with(".table.json"));
  EXPECT_EQ(file.reference["_type"], "table-file");
  EXPECT_EQ(file.reference["size"], file.content.size());
  EXPECT_EQ(file.reference["ncols"], 8);
  const auto summary = wandb_summary(f.run, file);
  EXPECT_EQ(summary["request_latency"]["p99"], 300.0);
  EXPECT_EQ(summary["summary_metrics"]["path"], file.path);
  const auto row = wandb_history_row(f.run, file, 0.5, 1.7e9);
  EXPECT_EQ(row["_step"], 0);
  EXPECT_EQ(row["request_latency"], 200.0);
}

}  // namespace
}  // namespace aiperf
