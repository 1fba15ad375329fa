#include "cluster/shard_environment.h"

#include <gtest/gtest.h>

#include <map>
#include <string>

#include "config/profile_config.h"

namespace aiperf {
namespace {

using SeVars = std::map<std::string, std::string>;

EnvLookup se_env(SeVars vars) {
  return [vars = std::move(vars)](const std::string& name) -> std::optional<std::string> {
    const auto it = vars.find(name);
    if (it == vars.end()) return std::nullopt;
    return it->second;
  };
}

// The ConfigError's message, or "" when none was thrown.
std::string se_error(const ShardSettings& settings, const SeVars& vars) {
  try {
    resolve_shard_identity(settings, se_env(vars));
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

TEST(ShardEnvironment, NotShardedWhenNothingSaysSo) {
  const ShardIdentity id = resolve_shard_identity({}, se_env({}));
  EXPECT_EQ(id.count, 1);
  EXPECT_EQ(id.index, 0);
  EXPECT_FALSE(id.sharded());
  EXPECT_TRUE(id.rendezvous_host.empty());
}

TEST(ShardEnvironment, OptionsWinOverTheEnvironment) {
  ShardSettings s;
  s.num_shards = 4;
  s.shard_index = 2;
  s.rendezvous = "opt-host:9001";
  s.shard_timeout_s = 12.5;
  const ShardIdentity id = resolve_shard_identity(
      s, se_env({{"AIPERF_NUM_SHARDS", "8"}, {"AIPERF_SHARD_INDEX", "5"}, {"AIPERF_SHARD_RENDEZVOUS", "env-host"},
                 {"JOB_COMPLETION_INDEX", "6"}}));
  EXPECT_EQ(id.count, 4);
  EXPECT_EQ(id.index, 2);
  EXPECT_EQ(id.rendezvous_host, "opt-host");
  EXPECT_EQ(id.rendezvous_port, 9001);
  EXPECT_DOUBLE_EQ(id.timeout_s, 12.5);
}

TEST(ShardEnvironment, AiperfVariablesAndPort) {
  const ShardIdentity id = resolve_shard_identity(
      {}, se_env({{"AIPERF_NUM_SHARDS", "3"}, {"AIPERF_SHARD_INDEX", "1"}, {"AIPERF_SHARD_RENDEZVOUS", "head"},
                  {"AIPERF_SHARD_PORT", "9100"}, {"JOB_COMPLETION_INDEX", "2"}}));
  EXPECT_EQ(id.count, 3);
  EXPECT_EQ(id.index, 1);  // AIPERF_SHARD_INDEX before JOB_COMPLETION_INDEX
  EXPECT_EQ(id.rendezvous_host, "head");
  EXPECT_EQ(id.rendezvous_port, 9100);
}

TEST(ShardEnvironment, KubernetesIndexedJob) {
  const ShardIdentity id = resolve_shard_identity(
      {}, se_env({{"AIPERF_NUM_SHARDS", "4"}, {"JOB_COMPLETION_INDEX", "3"},
                  {"AIPERF_SHARD_RENDEZVOUS", "job-0.svc.ns.svc.cluster.local"}}));
  EXPECT_EQ(id.count, 4);
  EXPECT_EQ(id.index, 3);
  EXPECT_EQ(id.rendezvous_host, "job-0.svc.ns.svc.cluster.local");
  EXPECT_EQ(id.rendezvous_port, kDefaultShardPort);
}

TEST(ShardEnvironment, SlurmStep) {
  const ShardIdentity id = resolve_shard_identity(
      {}, se_env({{"SLURM_PROCID", "2"}, {"SLURM_NTASKS", "4"}, {"SLURM_STEP_ID", "0"},
                  {"SLURM_JOB_NODELIST", "node[03-05,7],gpu1"}}));
  EXPECT_EQ(id.count, 4);
  EXPECT_EQ(id.index, 2);
  EXPECT_EQ(id.rendezvous_host, "node03");
  EXPECT_EQ(id.rendezvous_port, kDefaultShardPort);
}

TEST(ShardEnvironment, SlurmStepPrefersTheStepsTasksAndNodes) {
  const ShardIdentity id = resolve_shard_identity(
      {}, se_env({{"SLURM_PROCID", "1"}, {"SLURM_NTASKS", "8"}, {"SLURM_STEP_NUM_TASKS", "2"},
                  {"SLURM_STEP_NODELIST", "gpu[12-13]"}, {"SLURM_JOB_NODELIST", "gpu[10-17]"}}));
  EXPECT_EQ(id.count, 2);
  EXPECT_EQ(id.index, 1);
  EXPECT_EQ(id.rendezvous_host, "gpu12");
}

TEST(ShardEnvironment, SlurmBatchScriptIsNotSharded) {
  // sbatch's script has SLURM_PROCID=0 and the job's SLURM_NTASKS but no step: one process.
  const ShardIdentity id = resolve_shard_identity(
      {}, se_env({{"SLURM_PROCID", "0"}, {"SLURM_NTASKS", "4"}, {"SLURM_JOB_NODELIST", "node[1-4]"}}));
  EXPECT_EQ(id.count, 1);
  EXPECT_EQ(id.index, 0);
}

TEST(ShardEnvironment, RendezvousAddressForms) {
  ShardSettings s;
  s.num_shards = 2;
  s.shard_index = 1;
  s.rendezvous = "[::1]:9000";
  ShardIdentity id = resolve_shard_identity(s, se_env({{"AIPERF_SHARD_PORT", "9100"}}));
  EXPECT_EQ(id.rendezvous_host, "::1");
  EXPECT_EQ(id.rendezvous_port, 9000);  // the address' own port beats AIPERF_SHARD_PORT
  s.rendezvous = "[::1]";
  id = resolve_shard_identity(s, se_env({}));
  EXPECT_EQ(id.rendezvous_host, "::1");
  EXPECT_EQ(id.rendezvous_port, kDefaultShardPort);
  s.rendezvous = "fe80::1";  // bare IPv6: no port
  id = resolve_shard_identity(s, se_env({{"AIPERF_SHARD_PORT", "9100"}}));
  EXPECT_EQ(id.rendezvous_host, "fe80::1");
  EXPECT_EQ(id.rendezvous_port, 9100);
  s.rendezvous = "10.1.2.3:65535";
  id = resolve_shard_identity(s, se_env({}));
  EXPECT_EQ(id.rendezvous_host, "10.1.2.3");
  EXPECT_EQ(id.rendezvous_port, 65535);
}

TEST(ShardEnvironment, BadValuesNameTheirSource) {
  EXPECT_NE(se_error({}, {{"AIPERF_NUM_SHARDS", "four"}}).find("AIPERF_NUM_SHARDS: 'four'"), std::string::npos);
  EXPECT_NE(se_error({}, {{"AIPERF_NUM_SHARDS", "0"}}).find("AIPERF_NUM_SHARDS: must be at least 1"),
            std::string::npos);
  EXPECT_NE(se_error({}, {{"AIPERF_NUM_SHARDS", "4"}, {"JOB_COMPLETION_INDEX", "-1"}, {"AIPERF_SHARD_RENDEZVOUS", "h"}})
                .find("JOB_COMPLETION_INDEX: shard -1"),
            std::string::npos);
  EXPECT_NE(se_error({}, {{"AIPERF_NUM_SHARDS", "4"}, {"AIPERF_SHARD_INDEX", "2x"}}).find("AIPERF_SHARD_INDEX"),
            std::string::npos);
  EXPECT_NE(se_error({}, {{"SLURM_PROCID", "1"}, {"SLURM_NTASKS", "n"}, {"SLURM_STEP_ID", "0"}}).find("SLURM_NTASKS"),
            std::string::npos);

  ShardSettings s;
  s.num_shards = 4;
  s.shard_index = 4;
  s.rendezvous = "h";
  const std::string beyond = se_error(s, {});
  EXPECT_NE(beyond.find("--shard-index: shard 4 is not one of 0 to 3 (--num-shards 4)"), std::string::npos) << beyond;
  // An Indexed Job that forgot AIPERF_NUM_SHARDS must not run as N whole benchmarks.
  EXPECT_NE(se_error({}, {{"JOB_COMPLETION_INDEX", "3"}}).find("JOB_COMPLETION_INDEX: shard 3 is not one of 0 to 0"),
            std::string::npos);

  s.shard_index = 1;
  s.num_shards.reset();
  EXPECT_EQ(se_error(s, {{"AIPERF_NUM_SHARDS", "2"}}), "");
  EXPECT_NE(se_error(s, {{"AIPERF_NUM_SHARDS", "2"}, {"AIPERF_SHARD_PORT", "70000"}}).find("AIPERF_SHARD_PORT: 70000"),
            std::string::npos);
  EXPECT_NE(se_error(s, {{"AIPERF_NUM_SHARDS", "2"}, {"AIPERF_SHARD_PORT", "http"}}).find("AIPERF_SHARD_PORT: 'http'"),
            std::string::npos);
  s.rendezvous = "host:abc";
  EXPECT_NE(se_error(s, {{"AIPERF_NUM_SHARDS", "2"}}).find("--shard-rendezvous port: 'abc'"), std::string::npos);
  s.rendezvous = "host:0";
  EXPECT_NE(se_error(s, {{"AIPERF_NUM_SHARDS", "2"}}).find("--shard-rendezvous port: 0 is not a port"),
            std::string::npos);
  s.rendezvous = "[::1";
  EXPECT_NE(se_error(s, {{"AIPERF_NUM_SHARDS", "2"}}).find("--shard-rendezvous: '[::1' has no closing ']'"),
            std::string::npos);
  s.rendezvous = ":9000";
  EXPECT_NE(se_error(s, {{"AIPERF_NUM_SHARDS", "2"}}).find("names no host"), std::string::npos);
  s.rendezvous.reset();
  EXPECT_NE(se_error(s, {{"AIPERF_NUM_SHARDS", "2"}, {"AIPERF_SHARD_RENDEZVOUS", "[x]y"}})
                .find("AIPERF_SHARD_RENDEZVOUS: '[x]y' is not [HOST]:PORT"),
            std::string::npos);
  EXPECT_NE(se_error(s, {{"AIPERF_NUM_SHARDS", "2"}}).find("where shard 0 waits was not given"), std::string::npos);
  EXPECT_NE(se_error({}, {{"AIPERF_NUM_SHARDS", "2"}}).find("which shard this is was not given"), std::string::npos);

  ShardSettings t;
  t.shard_timeout_s = 0;
  EXPECT_NE(se_error(t, {}).find("--shard-timeout"), std::string::npos);
}

TEST(ShardEnvironment, FirstSlurmHost) {
  EXPECT_EQ(first_slurm_host("node[03-05,7],gpu1"), "node03");
  EXPECT_EQ(first_slurm_host("gpu1,node[2-3]"), "gpu1");
  EXPECT_EQ(first_slurm_host("node7"), "node7");
  EXPECT_EQ(first_slurm_host("n[5]"), "n5");
  EXPECT_EQ(first_slurm_host("a-b[9,3]"), "a-b9");
  EXPECT_EQ(first_slurm_host("rack[2-3]-node[010-012]"), "rack2-node010");
  EXPECT_EQ(first_slurm_host("node[1-2].cluster"), "node1.cluster");
}

TEST(ShardEnvironment, ShardDirectoryName) { EXPECT_EQ(shard_directory_name(3), "shard-3"); }

}  // namespace
}  // namespace aiperf
