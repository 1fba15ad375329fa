// The §6.1 warning panels: present exactly when their condition holds.
#include "export/warning_panels.h"

#include <gtest/gtest.h>

#include "export/console_report.h"
#include "run_summary_fixture.h"
#include "../support/temp_dir.h"

namespace aiperf {
namespace {

using testing::aggregate;

RunSummary clean_run() {
  RunSummary s;
  s.metrics.push_back(aggregate("request_count", "Request Count", "requests", 1100, 10));
  s.metrics.push_back(aggregate("osl_mismatch_count", "OSL Mismatch Count", "requests", -1, 0));
  s.metrics.push_back(aggregate("usage_discrepancy_count", "Usage Discrepancy Count", "requests", -1, 0));
  for (auto& m : s.metrics)
    if (m.tag != "request_count") m.console = false;
  return s;
}

void set_count(RunSummary& s, const std::string& tag, double n) {
  for (auto& m : s.metrics)
    if (m.tag == tag) m.avg = n;
}

const std::string kRejection =
    R"({"detail":[{"type":"extra_forbidden","loc":["body","max_completion_tokens"],"msg":"Extra inputs are not permitted","input":64}]})";

TEST(WarningPanels, NoneOnACleanRun) {
  EXPECT_TRUE(warning_panels(testing::sample_config(), clean_run()).empty());
  EXPECT_TRUE(warning_panels(testing::sample_config(), RunSummary{}).empty()) << "counts absent";
}

TEST(WarningPanels, OslMismatchSuggestsIgnoreEosAndMinTokens) {
  RunSummary s = clean_run();
  set_count(s, "osl_mismatch_count", 3);
  auto panels = warning_panels(testing::sample_config(), s);
  ASSERT_EQ(panels.size(), 1u);
  EXPECT_EQ(panels[0].title, "OSL Mismatch");
  EXPECT_NE(panels[0].text.find("3 requests"), std::string::npos) << panels[0].text;
  EXPECT_NE(panels[0].text.find("--extra-inputs ignore_eos:true"), std::string::npos);
  EXPECT_NE(panels[0].text.find("min_tokens"), std::string::npos);
  EXPECT_NE(panels[0].text.find("min(5%, 50 tokens)"), std::string::npos) << "upstream's default thresholds";
}

TEST(WarningPanels, TokenCountDiscrepancy) {
  RunSummary s = clean_run();
  set_count(s, "usage_discrepancy_count", 1);
  auto panels = warning_panels(testing::sample_config(), s);
  ASSERT_EQ(panels.size(), 1u);
  EXPECT_EQ(panels[0].title, "Token Count Discrepancy");
  EXPECT_NE(panels[0].text.find("1 request "), std::string::npos) << panels[0].text;
  EXPECT_NE(panels[0].text.find("10%"), std::string::npos);
}

TEST(WarningPanels, MaxCompletionTokensRejectionNeedsAllThreeMarkers) {
  RunSummary s = clean_run();
  s.errors.push_back({ErrorDetails{422, "Unprocessable Entity", kRejection}, 7});
  s.errors.push_back({ErrorDetails{500, "Internal Server Error", "boom"}, 2});
  s.errors.push_back({ErrorDetails{422, "Unprocessable Entity", kRejection + " "}, 1});
  auto panels = warning_panels(testing::sample_config(), s);
  ASSERT_EQ(panels.size(), 1u);
  EXPECT_EQ(panels[0].title, "Unsupported Parameter: max_completion_tokens");
  EXPECT_NE(panels[0].text.find("8 requests"), std::string::npos) << panels[0].text;
  EXPECT_NE(panels[0].text.find("--use-legacy-max-tokens"), std::string::npos);

  for (const std::string& partial :
       {std::string(R"({"type":"extra_forbidden","loc":["body","max_completion_tokens"]})"),
        std::string(R"({"type":"extra_forbidden","loc":["body","foo"],"msg":"Extra inputs are not permitted"})"),
        std::string(R"({"loc":["body","max_completion_tokens"],"msg":"Extra inputs are not permitted"})")}) {
    RunSummary t = clean_run();
    t.errors.push_back({ErrorDetails{422, "Unprocessable Entity", partial}, 1});
    EXPECT_TRUE(warning_panels(testing::sample_config(), t).empty()) << partial;
  }
}

TEST(WarningPanels, AllThreeInOrderBetweenTablesAndErrorSummary) {
  RunSummary s = clean_run();
  set_count(s, "osl_mismatch_count", 2);
  set_count(s, "usage_discrepancy_count", 2);
  s.errors.push_back({ErrorDetails{422, "Unprocessable Entity", kRejection}, 1});
  testing::TempDir dir;
  std::string out = render_console_report(testing::sample_config(), s, testing::sample_info(), dir.path, 140, false);
  const size_t table = out.find("NVIDIA AIPerf | LLM Metrics");
  const size_t osl = out.find(" OSL Mismatch ");
  const size_t usage = out.find(" Token Count Discrepancy ");
  const size_t param = out.find(" Unsupported Parameter: max_completion_tokens ");
  const size_t errors = out.find("NVIDIA AIPerf | Error Summary");
  const size_t footer = out.find("CLI Command:");
  ASSERT_NE(footer, std::string::npos);
  EXPECT_LT(table, osl);
  EXPECT_LT(osl, usage);
  EXPECT_LT(usage, param);
  EXPECT_LT(param, errors);
  EXPECT_LT(errors, footer);
  EXPECT_NE(out.find("╭"), std::string::npos);
}

}  // namespace
}  // namespace aiperf
