#include "config/profile_config.h"

#include <gtest/gtest.h>

#include <limits>

namespace aiperf {
namespace {

ProfileConfig minimal() {
  ProfileConfig c;
  c.model_names = {"m1", "m2"};
  return c;
}

TEST(ProfileConfig, EnumNames) {
  EXPECT_STREQ(endpoint_type_name(EndpointType::completions), "completions");
  EXPECT_STREQ(export_level_name(ExportLevel::raw), "raw");
  EXPECT_STREQ(ui_type_name(UiType::simple), "simple");
}

TEST(ProfileConfig, EndpointPath) {
  ProfileConfig c = minimal();
  EXPECT_EQ(c.endpoint_path(), "/v1/chat/completions");
  c.endpoint_type = EndpointType::completions;
  EXPECT_EQ(c.endpoint_path(), "/v1/completions");
  c.custom_endpoint = "/custom";
  EXPECT_EQ(c.endpoint_path(), "/custom");
}

TEST(ProfileConfig, WorkersAreCappedByConcurrency) {
  ProfileConfig c = minimal();
  c.workers_max = 8;
  EXPECT_EQ(c.effective_workers(), 1);
  c.concurrency = 4;
  EXPECT_EQ(c.effective_workers(), 4);
  c.concurrency = 100;
  EXPECT_EQ(c.effective_workers(), 8);
}

TEST(ProfileConfig, ToJsonDefaults) {
  nlohmann::json j = minimal().to_json();
  EXPECT_EQ(j["endpoint"]["model_names"], nlohmann::json({"m1", "m2"}));
  EXPECT_EQ(j["endpoint"]["type"], "chat");
  EXPECT_EQ(j["endpoint"]["streaming"], false);
  EXPECT_EQ(j["endpoint"]["urls"], nlohmann::json({"http://localhost:8000"}));
  EXPECT_EQ(j["endpoint"]["timeout_seconds"], 21600.0);
  EXPECT_FALSE(j["endpoint"].contains("api_key"));
  EXPECT_FALSE(j["endpoint"].contains("custom_endpoint"));
  EXPECT_EQ(j["input"]["prompt"]["input_tokens"]["mean"], 550);
  EXPECT_FALSE(j["input"]["prompt"]["output_tokens"].contains("mean"));
  EXPECT_EQ(j["input"]["conversation"]["num_dataset_entries"], 100);
  EXPECT_FALSE(j["input"].contains("extra"));
  EXPECT_FALSE(j["input"].contains("random_seed"));
  EXPECT_EQ(j["loadgen"]["concurrency"], 1);
  EXPECT_EQ(j["loadgen"]["request_count"], 10);
  EXPECT_FALSE(j["loadgen"].contains("benchmark_duration"));
  EXPECT_EQ(j["output"]["artifact_directory"], "artifacts");
  EXPECT_EQ(j["output"]["export_level"], "records");
  EXPECT_EQ(j["tokenizer"]["name"], "m1");
}

TEST(ProfileConfig, ToJsonSetFieldsAndRedaction) {
  ProfileConfig c = minimal();
  c.api_key = "sk-secret";
  c.headers = {{"Authorization", "Bearer sk"}, {"X-Trace", "1"}};
  c.extra_inputs = {{"ignore_eos", true}};
  c.random_seed = 7;
  c.osl_mean = 64;
  c.benchmark_duration = 10;
  c.benchmark_grace_period = std::numeric_limits<double>::infinity();
  c.tokenizer = "tok";
  nlohmann::json j = c.to_json();
  EXPECT_EQ(j["endpoint"]["api_key"], "<redacted>");
  EXPECT_EQ(j.dump().find("sk-secret"), std::string::npos);
  EXPECT_EQ(j["input"]["headers"],
            nlohmann::json::parse(R"([["Authorization","<redacted>"],["X-Trace","1"]])"));
  EXPECT_EQ(j["input"]["extra"], nlohmann::json::parse(R"([["ignore_eos",true]])"));
  EXPECT_EQ(j["input"]["random_seed"], 7);
  EXPECT_EQ(j["input"]["prompt"]["output_tokens"]["mean"], 64);
  EXPECT_EQ(j["loadgen"]["benchmark_duration"], 10.0);
  EXPECT_EQ(j["loadgen"]["benchmark_grace_period"], "inf");
  EXPECT_FALSE(j["loadgen"].contains("request_count"));  // duration-only run
  EXPECT_EQ(j["tokenizer"]["name"], "tok");
}

}  // namespace
}  // namespace aiperf
