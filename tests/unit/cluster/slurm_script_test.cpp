// The sbatch script of a sharded benchmark: #SBATCH lines, the srun step, the merge, exit
// statuses and shell quoting. tests/e2e/kube_manifests.sh runs a generated script through
// `bash -n` and through fake srun/aiperf programs.
#include <gtest/gtest.h>

#include "common/shell_words.h"
#include "cluster/slurm_script.h"
#include "config/profile_config.h"

namespace aiperf {
namespace {

SlurmScriptSettings slurm_basic() {
  SlurmScriptSettings s;
  s.tasks = 8;
  s.aiperf = "/opt/aiperf/bin/aiperf";
  s.artifact_dir = "/scratch/run1";
  return s;
}

bool slurm_has_line(const std::string& text, const std::string& line) {
  return ("\n" + text + "\n").find("\n" + line + "\n") != std::string::npos;
}

TEST(SlurmScript, SbatchLinesAndTheStep) {
  SlurmScriptSettings s = slurm_basic();
  s.nodes = 2;
  s.partition = "gpu";
  s.time = "01:30:00";
  s.job_name = "bench";
  s.port = 7600;
  s.config = "/etc/run.yaml";
  const std::string script = slurm_script(s);
  EXPECT_EQ(script.rfind("#!/bin/bash\n", 0), 0u);
  for (const char* line : {"#SBATCH --ntasks=8", "#SBATCH --nodes=2", "#SBATCH --partition=gpu", "#SBATCH --time=01:30:00",
                           "#SBATCH --job-name=bench", "#SBATCH --output=/scratch/run1/slurm-%j.out", "set -u",
                           "export AIPERF_SHARD_PORT=7600", "srun_status=$?"})
    EXPECT_TRUE(slurm_has_line(script, line)) << line << "\n" << script;
  EXPECT_TRUE(slurm_has_line(script, "srun --kill-on-bad-exit=0 /opt/aiperf/bin/aiperf profile --config /etc/run.yaml "
                               "--num-shards 8 --artifact-dir /scratch/run1 --ui-type none"))
      << script;
  EXPECT_NE(script.find("shards=(/scratch/run1/shard-*)"), std::string::npos);
  EXPECT_NE(script.find("/opt/aiperf/bin/aiperf merge \"${shards[@]}\" --output /scratch/run1/merged"), std::string::npos);
  EXPECT_NE(script.find("exit 1"), std::string::npos);
  // The step's status is read before anything else runs.
  EXPECT_LT(script.find("srun --kill"), script.find("srun_status=$?"));
  EXPECT_LT(script.find("srun_status=$?"), script.find(" merge "));
}

TEST(SlurmScript, OptionalLinesOnlyWhenGiven) {
  const std::string script = slurm_script(slurm_basic());
  for (const char* absent : {"--nodes", "--partition", "--time", "--job-name", "AIPERF_SHARD_PORT", "--config"})
    EXPECT_EQ(script.find(absent), std::string::npos) << absent;
}

TEST(SlurmScript, ArgumentsAreQuoted) {
  SlurmScriptSettings s = slurm_basic();
  s.aiperf = "/opt/my tools/aiperf";
  s.profile_args = {"-m", "my model", "--extra-inputs", "it's $HOME \"x\"", "--url", "http://h:8000/v1?a=b&c=d"};
  const std::string script = slurm_script(s);
  EXPECT_NE(script.find("srun --kill-on-bad-exit=0 '/opt/my tools/aiperf' profile -m 'my model' --extra-inputs "
                        "'it'\"'\"'s $HOME \"x\"' --url 'http://h:8000/v1?a=b&c=d' --num-shards 8"),
            std::string::npos)
      << script;
}

TEST(SlurmScript, ArtifactDirThatSbatchCannotCarryIsRedirectedByTheScript) {
  SlurmScriptSettings s = slurm_basic();
  s.artifact_dir = "/scratch/my run";
  const std::string script = slurm_script(s);
  EXPECT_EQ(script.find("#SBATCH --output"), std::string::npos);
  EXPECT_NE(script.find("exec >>'/scratch/my run'/slurm-"), std::string::npos);
  EXPECT_NE(script.find("--artifact-dir '/scratch/my run'"), std::string::npos);
  s.artifact_dir = "/scratch/100%";
  EXPECT_TRUE(slurm_has_line(slurm_script(s), "#SBATCH --output=/scratch/100%%/slurm-%j.out"));
}

TEST(SlurmScript, DefaultArtifactDirAndApiKeyFromTheEnvironment) {
  SlurmScriptSettings s = slurm_basic();
  s.artifact_dir.clear();
  s.job_name = "nightly";
  s.api_key_env = "OPENAI_API_KEY";
  const std::string script = slurm_script(s);
  EXPECT_EQ(slurm_artifact_dir(s), "artifacts/nightly");
  EXPECT_NE(script.find("--ui-type none --api-key \"$OPENAI_API_KEY\""), std::string::npos) << script;
  EXPECT_NE(script.find("${OPENAI_API_KEY:?"), std::string::npos);
}

TEST(SlurmScript, BadInputNamesTheOption) {
  const auto error_of = [](const SlurmScriptSettings& s) -> std::string {
    try {
      slurm_script(s);
    } catch (const ConfigError& e) {
      return e.what();
    }
    return "";
  };
  SlurmScriptSettings s = slurm_basic();
  s.tasks = 0;
  EXPECT_NE(error_of(s).find("--tasks"), std::string::npos);
  s = slurm_basic();
  s.nodes = 9;
  EXPECT_NE(error_of(s).find("--nodes"), std::string::npos);
  s = slurm_basic();
  s.time = "1h";
  EXPECT_NE(error_of(s).find("--time"), std::string::npos);
  s = slurm_basic();
  s.job_name = "my job";
  EXPECT_NE(error_of(s).find("--job-name"), std::string::npos);
  s = slurm_basic();
  s.port = 70000;
  EXPECT_NE(error_of(s).find("--port"), std::string::npos);
  s = slurm_basic();
  s.profile_args = {"--num-shards", "3"};
  EXPECT_NE(error_of(s).find("--num-shards"), std::string::npos);
  s = slurm_basic();
  s.profile_args = {"--api-key=sk-1"};
  EXPECT_NE(error_of(s).find("--api-key-env"), std::string::npos);
  s = slurm_basic();
  s.api_key_env = "1BAD";
  EXPECT_NE(error_of(s).find("--api-key-env"), std::string::npos);
  for (const char* t : {"30", "10:00", "01:30:00", "2-00", "2-12:00:00"}) {
    s = slurm_basic();
    s.time = t;
    EXPECT_EQ(error_of(s), "") << t;
  }
}

}  // namespace
}  // namespace aiperf
