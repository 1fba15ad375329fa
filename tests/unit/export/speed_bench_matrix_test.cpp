// aiperf speed-bench-report (docs/speed-bench-report.md): reading runs, pooling cells and Overall.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "export/speed_bench_matrix.h"

namespace aiperf {
namespace {

namespace fs = std::filesystem;

SpeedBenchRun counted(std::string model, std::string category, double accepted, double steps, double drafted) {
  SpeedBenchRun r;
  r.model = std::move(model);
  r.category = std::move(category);
  r.accepted = accepted;
  r.steps = steps;
  r.drafted = drafted;
  return r;
}

TEST(SpeedBenchMatrix, CellsAndATokenWeightedOverall) {
  std::vector<SpeedBenchRun> runs = {counted("m", "writing", 80, 100, 300), counted("m", "coding", 300, 100, 400),
                                     counted("n", "coding", 50, 100, 400)};
  runs[2].throughput = 10;
  SpeedBenchMatrix m = build_speed_bench_matrix(runs, SpeedBenchMetric::accept_length);
  ASSERT_EQ(m.categories, (std::vector<std::string>{"coding", "writing"}));  // SPEED-Bench's order
  ASSERT_EQ(m.rows.size(), 2u);
  EXPECT_EQ(m.rows[0].model, "m");
  EXPECT_DOUBLE_EQ(*m.rows[0].cells[0], 4.0);
  EXPECT_DOUBLE_EQ(*m.rows[0].cells[1], 1.8);
  EXPECT_DOUBLE_EQ(*m.rows[0].overall, 1.0 + 380.0 / 200.0);  // pooled, not the mean of 4.0 and 1.8
  EXPECT_FALSE(m.rows[1].cells[1].has_value());
  SpeedBenchMatrix rate = build_speed_bench_matrix(runs, SpeedBenchMetric::accept_rate);
  EXPECT_DOUBLE_EQ(*rate.rows[0].overall, 380.0 / 700.0);
  SpeedBenchMatrix tput = build_speed_bench_matrix(runs, SpeedBenchMetric::throughput);
  EXPECT_FALSE(tput.rows[0].overall.has_value());
  EXPECT_DOUBLE_EQ(*tput.rows[1].overall, 10.0);
  EXPECT_EQ(speed_bench_csv(m), "Model,coding,writing,Overall\nm,4.0000,1.8000,2.9000\nn,1.5000,,1.5000\n");
}

TEST(SpeedBenchMatrix, ReadsPerRequestTotalsThenTheServerCounters) {
  const fs::path root = fs::temp_directory_path() / ("aiperf_sbr_" + std::to_string(::getpid()));
  fs::create_directories(root / "a" / "speed_bench_math");
  fs::create_directories(root / "b");
  fs::create_directories(root / "c");
  std::ofstream(root / "a" / "speed_bench_math" / "profile_export_aiperf.json")
      << R"({"input_config":{"endpoint":{"model_names":["llama"]},"input":{"public_dataset":"speed_bench_math"}},)"
      << R"("total_accepted_draft_tokens":{"avg":30},"total_spec_decode_steps":{"avg":10},"total_draft_tokens":{"avg":40},)"
      << R"("output_token_throughput":{"avg":123.5}})";
  std::ofstream(root / "b" / "profile_export_aiperf.json")
      << R"({"input_config":{"endpoint":{"model_names":["llama"]},"input":{"public_dataset":"spec_al_gsm8k"}}})";
  std::ofstream(root / "b" / "server_metrics_export.json")
      << R"({"metrics":{"vllm:spec_decode_num_accepted_tokens":{"series":[{"stats":{"total":6}},{"stats":{"total":4}}]},)"
      << R"("vllm:spec_decode_num_drafts":{"series":[{"stats":{"total":5}}]},)"
      << R"("vllm:spec_decode_num_draft_tokens":{"series":[{"stats":{"total":20}}]}}})";
  std::ofstream(root / "c" / "profile_export_aiperf.json")
      << R"({"input_config":{"endpoint":{"model_names":["llama"]},"input":{}}})";
  const std::vector<fs::path> dirs = find_run_dirs(root);
  ASSERT_EQ(dirs.size(), 3u);
  std::vector<SpeedBenchRun> runs;
  std::string why;
  for (const fs::path& d : dirs)
    if (auto r = read_speed_bench_run(d, why)) runs.push_back(*r);
  EXPECT_EQ(why, "not a --public-dataset run");
  ASSERT_EQ(runs.size(), 2u);
  SpeedBenchMatrix m = build_speed_bench_matrix(runs, SpeedBenchMetric::accept_length);
  ASSERT_EQ(m.categories, (std::vector<std::string>{"math", "gsm8k"}));
  EXPECT_DOUBLE_EQ(*m.rows[0].cells[0], 4.0);  // 1 + 30/10
  EXPECT_DOUBLE_EQ(*m.rows[0].cells[1], 3.0);  // 1 + (6+4)/5
  EXPECT_DOUBLE_EQ(*m.rows[0].overall, 1.0 + 40.0 / 15.0);
  // SGLang reports the acceptance length itself (a gauge): used as the cell when no counts exist.
  fs::create_directories(root / "d");
  std::ofstream(root / "d" / "profile_export_aiperf.json")
      << R"({"input_config":{"endpoint":{"model_names":["qwen"]},"input":{"public_dataset":"speed_bench_qa"}}})";
  std::ofstream(root / "d" / "server_metrics_export.json")
      << R"({"metrics":{"sglang:spec_accept_length":{"series":[{"stats":{"avg":2.5}}]}}})";
  auto sglang = read_speed_bench_run(root / "d", why);
  ASSERT_TRUE(sglang);
  SpeedBenchMatrix g = build_speed_bench_matrix({*sglang}, SpeedBenchMetric::accept_length);
  EXPECT_DOUBLE_EQ(*g.rows[0].cells[0], 2.5);
  EXPECT_DOUBLE_EQ(*g.rows[0].overall, 2.5);
  EXPECT_FALSE(build_speed_bench_matrix({*sglang}, SpeedBenchMetric::accept_rate).rows[0].overall.has_value());
  fs::remove_all(root);
}

}  // namespace
}  // namespace aiperf
