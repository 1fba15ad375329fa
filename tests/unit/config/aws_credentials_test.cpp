#include "config/aws_credentials.h"

#include <filesystem>
#include <fstream>
#include <unistd.h>

#include <gtest/gtest.h>

namespace aiperf {
namespace {

struct AwsCredentialsTest : ::testing::Test {
  std::filesystem::path dir = std::filesystem::temp_directory_path() / ("aws_creds_" + std::to_string(::getpid()));
  AwsEnvironment env;
  void SetUp() override {
    std::filesystem::create_directories(dir / ".aws");
    env.vars["HOME"] = dir.string();
  }
  void TearDown() override { std::filesystem::remove_all(dir); }
  void write(const char* name, const char* text) { std::ofstream(dir / ".aws" / name) << text; }
};

TEST_F(AwsCredentialsTest, EnvironmentFirst) {
  env.vars["AWS_ACCESS_KEY_ID"] = "AKID";
  env.vars["AWS_SECRET_ACCESS_KEY"] = "secret";
  env.vars["AWS_SESSION_TOKEN"] = "tok";
  AwsCredentials c = load_aws_credentials(std::nullopt, env);
  EXPECT_EQ(c.access_key_id, "AKID");
  EXPECT_EQ(c.secret_access_key, "secret");
  EXPECT_EQ(c.session_token, "tok");
  EXPECT_EQ(c.source, "environment");
}

TEST_F(AwsCredentialsTest, ProfileFromTheSharedFileAndAnExplicitProfileBeatsTheEnvironment) {
  write("credentials", "# comment\n[default]\naws_access_key_id=D\naws_secret_access_key = DS\n\n"
                       "[bench]\n aws_access_key_id = B \naws_secret_access_key=BS\naws_session_token=BT\n");
  EXPECT_EQ(load_aws_credentials(std::nullopt, env).access_key_id, "D");
  env.vars["AWS_PROFILE"] = "bench";
  EXPECT_EQ(load_aws_credentials(std::nullopt, env).session_token, "BT");
  env.vars["AWS_ACCESS_KEY_ID"] = "ENV";
  env.vars["AWS_SECRET_ACCESS_KEY"] = "ENVS";
  EXPECT_EQ(load_aws_credentials(std::nullopt, env).access_key_id, "ENV");
  EXPECT_EQ(load_aws_credentials(std::string("default"), env).access_key_id, "D");
}

TEST_F(AwsCredentialsTest, MissingCredentialsNameWhatWasSearched) {
  try {
    load_aws_credentials(std::nullopt, env);
    FAIL() << "no credentials must throw";
  } catch (const ConfigError& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY in the environment"), std::string::npos) << m;
    EXPECT_NE(m.find("profile [default] in " + (dir / ".aws/credentials").string() + " (not readable)"),
              std::string::npos)
        << m;
  }
  env.vars["AWS_ACCESS_KEY_ID"] = "AKID";
  EXPECT_THROW(load_aws_credentials(std::nullopt, env), ConfigError);  // half a pair
}

TEST_F(AwsCredentialsTest, RegionOrder) {
  write("config", "[default]\nregion = eu-north-1\n[profile p]\nregion=ap-south-1\n");
  EXPECT_EQ(resolve_aws_region(std::nullopt, std::nullopt, env), "eu-north-1");
  EXPECT_EQ(resolve_aws_region(std::nullopt, std::string("p"), env), "ap-south-1");
  env.vars["AWS_DEFAULT_REGION"] = "us-east-2";
  EXPECT_EQ(resolve_aws_region(std::nullopt, std::nullopt, env), "us-east-2");
  env.vars["AWS_REGION"] = "us-west-1";
  EXPECT_EQ(resolve_aws_region(std::nullopt, std::nullopt, env), "us-west-1");
  EXPECT_EQ(resolve_aws_region(std::string("flag-1"), std::nullopt, env), "flag-1");
  EXPECT_THROW(resolve_aws_region(std::nullopt, std::string("missing"), AwsEnvironment{}), ConfigError);
}

}  // namespace
}  // namespace aiperf
