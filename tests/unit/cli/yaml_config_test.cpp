// -f/--config: a YAML file goes through the same conversion as the flags it stands for; every
// bad file is one error naming file:line:column.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "cli/profile_cli.h"
#include "cli/sweep_expansion.h"
#include "cli/yaml_config.h"
#include "config/template_expression.h"

namespace aiperf {
namespace {

class YamlConfigTest : public ::testing::Test {
 protected:
  std::string write(const std::string& text, const std::string& name = "run.yaml") {
    const std::string path = dir_ + "/" + name;
    std::ofstream(path) << text;
    return path;
  }
  ProfileConfig parse(const std::string& text, std::vector<std::string> extra = {}) {
    std::vector<std::string> args{"-f", write(text)};
    args.insert(args.end(), extra.begin(), extra.end());
    return *parse_profile_args(args);
  }
  std::string error_of(const std::string& text, std::vector<std::string> extra = {}) {
    try {
      parse(text, extra);
    } catch (const ConfigError& e) {
      std::string m = e.what();
      // Messages start with the file's path; tests compare what follows it.
      const std::string prefix = dir_ + "/";
      for (size_t at = m.find(prefix); at != std::string::npos; at = m.find(prefix)) m.erase(at, prefix.size());
      return m;
    }
    ADD_FAILURE() << "no ConfigError";
    return "";
  }
  void SetUp() override {
    dir_ = (std::filesystem::temp_directory_path() /
            ("aiperf-yaml-" + std::to_string(::getpid()) + "-" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name()))
               .string();
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string dir_;
};

constexpr const char* kLong = R"(schemaVersion: "2.0"
variables:
  conc: 8
random_seed: 7
benchmark:
  models: [model-a, model-b]
  tokenizer: builtin
  endpoint:
    urls: [localhost:9001, "http://127.0.0.1:9002"]
    type: chat
    streaming: true
    timeout: 30
    headers: {X-Team: perf}
    extra: {ignore_eos: true, temperature: 0.5}
  dataset:
    type: synthetic
    entries: 50
    prompts:
      isl: {mean: 128, stddev: 4}
      osl: 32
    prefix_prompts: {pool_size: 2, length: 16}
  phases:
    - {name: warmup, type: concurrency, concurrency: 2, requests: 4}
    - name: profiling
      type: poisson
      rate: "{{ conc * 2.5 }}"
      concurrency: "{{ conc }}"
      requests: "{{ conc * 10 }}"
      cancellation: {rate: 5, delay: 0.5}
  artifacts: {dir: out, prefix: run1, slice_duration: 2m}
  slos: {time_to_first_token: 100, inter_token_latency: 3.4}
  logging: {level: debug}
)";

TEST_F(YamlConfigTest, AFileAndTheCommandLineItStandsForGiveTheSameConfig) {
  const ProfileConfig y = parse(kLong);
  const ProfileConfig f = *parse_profile_args(
      {"-m", "model-a,model-b", "--tokenizer", "builtin", "--url", "localhost:9001", "--url", "http://127.0.0.1:9002",
       "--endpoint-type", "chat", "--streaming", "--request-timeout-seconds", "30", "-H", "X-Team:perf",
       "--extra-inputs", "ignore_eos:true", "--extra-inputs", "temperature:0.5", "--num-dataset-entries", "50",
       "--isl", "128", "--isl-stddev", "4", "--osl", "32", "--prompt-prefix-pool-size", "2", "--prompt-prefix-length",
       "16", "--warmup-concurrency", "2", "--warmup-request-count", "4", "--request-rate", "20", "--arrival-pattern",
       "poisson", "--concurrency", "8", "--request-count", "80", "--request-cancellation-rate", "5",
       "--request-cancellation-delay", "0.5", "--artifact-dir", "out", "--profile-export-prefix", "run1",
       "--slice-duration", "120", "--goodput", "time_to_first_token:100 inter_token_latency:3.4", "--log-level",
       "debug", "--random-seed", "7"});
  EXPECT_EQ(y.model_names, f.model_names);
  EXPECT_EQ(y.urls, f.urls);
  EXPECT_EQ(y.headers, f.headers);
  EXPECT_EQ(y.extra_inputs, f.extra_inputs);
  EXPECT_EQ(y.streaming, f.streaming);
  EXPECT_EQ(y.request_timeout_seconds, f.request_timeout_seconds);
  EXPECT_EQ(y.isl_mean, f.isl_mean);
  EXPECT_EQ(y.isl_stddev, f.isl_stddev);
  EXPECT_EQ(y.osl_mean, f.osl_mean);
  EXPECT_EQ(y.num_dataset_entries, f.num_dataset_entries);
  EXPECT_EQ(y.random_seed, f.random_seed);
  EXPECT_EQ(y.warmup_concurrency, f.warmup_concurrency);
  EXPECT_EQ(y.warmup_request_count, f.warmup_request_count);
  EXPECT_EQ(y.request_rate, f.request_rate);
  EXPECT_EQ(y.request_rate, 20.0);
  EXPECT_EQ(y.concurrency, f.concurrency);
  EXPECT_EQ(y.request_count, f.request_count);
  EXPECT_EQ(y.artifact_root, f.artifact_root);
  EXPECT_EQ(y.profile_export_prefix, f.profile_export_prefix);
  EXPECT_EQ(y.slice_duration, f.slice_duration);
  EXPECT_EQ(y.goodput.size(), f.goodput.size());
  EXPECT_EQ(y.log_level, f.log_level);
}

TEST_F(YamlConfigTest, FlagsTheUserPassedWinOverTheFile) {
  const ProfileConfig c = parse(kLong, {"--concurrency", "3", "--isl", "64"});
  EXPECT_EQ(c.concurrency, 3);
  EXPECT_EQ(c.isl_mean, 64);
  EXPECT_EQ(c.request_count, 80);  // from the file
}

TEST_F(YamlConfigTest, ShorthandsCamelCaseAndTheLegacyFlatForm) {
  const ProfileConfig c = parse(
      "model: m\nendpoint: {url: localhost:1}\ndataset: {isl: 10, osl: 5}\n"
      "phases: {type: constant, rate: 4, requests: 9, gracePeriod: 3, duration: 10}\n");
  EXPECT_EQ(c.model_names, std::vector<std::string>{"m"});
  EXPECT_EQ(c.isl_mean, 10);
  EXPECT_EQ(c.arrival_pattern, ArrivalPattern::constant);
  EXPECT_EQ(c.request_rate, 4.0);
  EXPECT_EQ(c.benchmark_grace_period, 3.0);
  const ProfileConfig u = parse(
      "benchmark:\n  model: m\n  dataset: {turns: {mean: 3}}\n"
      "  phases: [{name: main, kind: profiling, type: user_centric, rate: 2, users: 4, sessions: 8}]\n");
  EXPECT_EQ(u.user_centric_rate, 2.0);
  EXPECT_EQ(u.num_users, 4);
  EXPECT_EQ(u.conversation_turn_mean, 3);
}

TEST_F(YamlConfigTest, EnvironmentVariablesAreSubstitutedFirst) {
  ::setenv("AIPERF_YAML_TEST_MODEL", "from-env", 1);
  ::unsetenv("AIPERF_YAML_TEST_UNSET");
  const ProfileConfig c = parse(
      "benchmark:\n  model: ${AIPERF_YAML_TEST_MODEL}\n  phases:\n    type: concurrency\n    concurrency: "
      "${AIPERF_YAML_TEST_UNSET:6}\n");
  EXPECT_EQ(c.model_names.front(), "from-env");
  EXPECT_EQ(c.concurrency, 6);
  EXPECT_EQ(error_of("benchmark:\n  model: ${AIPERF_YAML_TEST_UNSET}\n"),
            "run.yaml:2:10: environment variable AIPERF_YAML_TEST_UNSET is not set (write "
            "${AIPERF_YAML_TEST_UNSET:default} to give a default)");
}

TEST_F(YamlConfigTest, EveryErrorNamesFileLineAndColumn) {
  EXPECT_EQ(error_of("benchmark:\n  model: m\n  endpoint: {urll: x}\n"),
            "run.yaml:3:14: endpoint: unknown key 'urll' (did you mean 'urls'?); valid keys: api_key, auth_type, "
            "aws_profile, aws_region, aws_service, connection_reuse, download_video_content, extra, headers, path, "
            "per_chunk_usage, ready_check_interval, ready_check_mode, ready_check_timeout, request_content_type, "
            "sagemaker_endpoint_name, sagemaker_inference_component_name, sagemaker_target_model, "
            "sagemaker_target_variant, session_header, ssl_verify, streaming, template, timeout, transport, type, "
            "url_strategy, urls, use_legacy_max_tokens, use_server_token_count, uuid_and_strip");
  EXPECT_EQ(error_of("benchmark:\n  model: m\n  phases: {type: concurrency, concurrency: lots}\n"),
            "run.yaml:3:44: phases.profiling.concurrency: expected an integer, got 'lots'");
  EXPECT_EQ(error_of("benchmark:\n  model: m\n  phases: {type: concurrency, concurrency: 0}\n"),
            "run.yaml:3:44: phases.profiling.concurrency must be >= 1 (got 0)");
  EXPECT_EQ(error_of("benchmark:\n  model: m\n  endpoint: {streaming: perhaps}\n"),
            "run.yaml:3:25: endpoint.streaming: expected true or false");
  // A list at a sweepable field is a sweep: several benchmarks, which parse_profile_args refuses
  // (parse_profile_study returns them; study_builder_test.cpp).
  EXPECT_EQ(error_of("benchmark:\n  model: m\n  phases: {type: concurrency, concurrency: [1, 2]}\n"),
            "this command is a sweep, multi-run or search: it runs several benchmarks");
  EXPECT_EQ(error_of("benchmark:\n  model: m\n  endpoint: {per_chunk_usage: true}\n"),
            "--per-chunk-usage requires --use-server-token-count (--per-chunk-usage is run.yaml:3:31: "
            "endpoint.per_chunk_usage)");
  EXPECT_EQ(error_of("benchmark:\n  model: m\n  phases: {type: concurrency, rate: 5}\n"),
            "run.yaml:3:31: phases.profiling.rate: needs a rate phase (type: poisson, constant or gamma), not "
            "concurrency");
  EXPECT_EQ(error_of("benchmark:\n  model: m\n  phases: {type: concurrency, concurrency: \"{{ conc }}\"}\n"),
            "run.yaml:3:44: in {{ conc }}: unknown variable 'conc' (no variables are defined)");
  EXPECT_EQ(error_of("benchmark:\n  model: m\n  endpoint: [\n"), "run.yaml:4:1: YAML syntax error: end of sequence flow not found");
  EXPECT_EQ(error_of("bench: {}\nbenchmark: {model: m}\n"),
            "run.yaml:1:1: unknown key 'bench' (did you mean 'benchmark'?); the top level takes schema_version, "
            "benchmark, sweep, multi_run, variables, random_seed, no_sweep_table, plot");
  EXPECT_EQ(error_of("benchmark:\n  model: m\n  backend: {}\n"),
            "run.yaml:3:3: backend: not supported yet by aiperf-cpp (upstream's in-process simulator; not planned)");
}

// Telemetry and exporter sections (docs/telemetry.md, docs/config.md).
TEST_F(YamlConfigTest, TelemetryAndExporterSections) {
  const ProfileConfig c = parse(
      "benchmark:\n  model: m\n"
      "  server_metrics: {urls: [\"node1:8000\"], formats: [json, parquet]}\n"
      "  gpu_telemetry: {sources: [pynvml, dashboard]}\n"
      "  network_latency: {automatic: true, ping_interval: 0.5}\n"
      "  otel: {metrics_url: \"127.0.0.1:4318\", custom_resource_attributes: [\"team=perf\"], stream: [metrics]}\n"
      "  mlflow: {tracking_uri: \"http://127.0.0.1:5000\", experiment: e, tags: [\"a:b\"]}\n"
      "  wandb: {project: p, tags: [x, y]}\n");
  EXPECT_EQ(c.server_metrics.extra_urls, std::vector<std::string>{"http://node1:8000/metrics"});
  EXPECT_TRUE(c.server_metrics.json && c.server_metrics.parquet && !c.server_metrics.csv);
  EXPECT_EQ(c.gpu_telemetry.source, GpuTelemetrySource::pynvml);
  EXPECT_TRUE(c.gpu_telemetry.dashboard && c.gpu_telemetry.console);
  EXPECT_TRUE(c.network_latency.automatic);
  EXPECT_EQ(c.network_latency.ping_interval_s, 0.5);
  EXPECT_EQ(c.otel.url, "127.0.0.1:4318");
  EXPECT_TRUE(c.otel.stream_metrics && !c.otel.stream_timing);
  EXPECT_EQ(c.mlflow.experiment, "e");
  EXPECT_EQ(c.wandb.tags, (std::vector<std::string>{"x", "y"}));
  const ProfileConfig off = parse("benchmark:\n  model: m\n  server_metrics: {enabled: false}\n  gpu_telemetry: {enabled: false}\n");
  EXPECT_FALSE(off.server_metrics.enabled);
  EXPECT_FALSE(off.gpu_telemetry.enabled);
  EXPECT_EQ(error_of("benchmark:\n  model: m\n  server_metrics: {formats: [xml]}\n"),
            "run.yaml:3:29: server_metrics.formats: unknown format 'xml' (expected json, csv, jsonl or parquet)");
}

// phases.profiling.adaptive_scale and sla (cli-and-load.md §5.7): YAML-only options.
constexpr const char* kAdaptive = R"(benchmark:
  model: m
  endpoint: {streaming: true}
  phases:
    profiling:
      type: concurrency
      duration: 60
      adaptive_scale:
        enabled: true
        control: {variable: concurrency, min: 2, max: 64}
        assessmentPeriod: 5
        min_completed_requests: 20
        sustain_duration: 10s
        strategy: {type: ramp_until_fail, step_policy: fixed_percent_step, step_percent: 25, base_step: 10, max_step_multiplier: 4}
      sla:
        - "time_to_first_token:p99:le:600"
        - {metric: inter_token_latency, stat: avg, op: lt, threshold: 20.5}
)";

TEST_F(YamlConfigTest, AdaptiveScaleResolvesItsBlockAndFilters) {
  const ProfileConfig c = parse(kAdaptive);
  ASSERT_TRUE(c.adaptive_scale);
  const AdaptiveScaleSettings& a = *c.adaptive_scale;
  EXPECT_EQ(a.variable, AdaptiveVariable::concurrency);
  EXPECT_EQ(a.min, 2);
  EXPECT_EQ(a.max, 64);
  EXPECT_EQ(a.assessment_period_s, 5);
  EXPECT_EQ(a.min_completed_requests, 20);
  EXPECT_EQ(a.sustain_duration_s, 10);
  EXPECT_EQ(a.step_policy, AdaptiveStepPolicy::fixed_percent_step);
  ASSERT_EQ(a.sla.size(), 2u);
  EXPECT_EQ(a.sla[0].text, "time_to_first_token:p99:le:600");
  EXPECT_EQ(a.sla[1].text, "inter_token_latency:avg:lt:20.5");
  EXPECT_EQ(a.sla[1].op, WindowSlaOp::lt);
  EXPECT_EQ(c.concurrency, 2);  // the phase starts at control.min
  EXPECT_FALSE(c.effective_request_count());  // no default count: the controller ends the phase
  EXPECT_EQ(c.to_json()["loadgen"]["adaptive_scale"]["control"]["max"], 64);
  // A rate phase needs no rate of its own when the controller sets it.
  const ProfileConfig r = parse(
      "benchmark:\n  model: m\n  phases: {type: constant, adaptive_scale: {control: {variable: request_rate, min: 0.5, "
      "max: 20}}, sla: [\"request_latency:p90:le:500\"]}\n");
  ASSERT_TRUE(r.adaptive_scale);
  EXPECT_EQ(r.request_rate, 0.5);
  EXPECT_EQ(r.arrival_pattern, ArrivalPattern::constant);
  EXPECT_EQ(r.adaptive_scale->step_policy, AdaptiveStepPolicy::sla_margin);
  EXPECT_EQ(r.adaptive_scale->assessment_period_s, 30);
  EXPECT_EQ(r.adaptive_scale->sustain_duration_s, 30);
  // prefill_concurrency: the concurrency stays the phase's, the prefill limit starts at min.
  const ProfileConfig p = parse(
      "benchmark:\n  model: m\n  endpoint: {streaming: true}\n  phases: {type: concurrency, concurrency: 8, "
      "adaptive_scale: {control: {variable: prefill_concurrency, min: 2, max: 8}}, sla: [\"time_to_first_token:avg:le:50\"]}\n");
  EXPECT_EQ(p.concurrency, 8);
  EXPECT_EQ(p.prefill_concurrency, 2);
}

TEST_F(YamlConfigTest, AdaptiveScaleErrorsNameTheKey) {
  auto with = [](const std::string& phase) { return "benchmark:\n  model: m\n  phases: {" + phase + "}\n"; };
  const std::string sla = ", sla: [\"request_latency:avg:le:100\"]";
  EXPECT_EQ(error_of(with("type: concurrency, concurrency_ramp: 10, adaptive_scale: {control: {variable: concurrency, "
                          "max: 8}}" + sla)),
            "run.yaml:3:49: phases.profiling.concurrency_ramp cannot be combined with adaptive_scale on concurrency "
            "(both move the same variable)");
  EXPECT_EQ(error_of(with("type: concurrency, concurrency: 4, adaptive_scale: {control: {variable: concurrency, max: "
                          "8}}" + sla)),
            "run.yaml:3:44: phases.profiling.concurrency cannot be combined with adaptive_scale on concurrency (it "
            "starts at control.min)");
  EXPECT_EQ(error_of(with("type: concurrency, adaptive_scale: {control: {variable: users, max: 8}}" + sla)),
            "run.yaml:3:47: phases.profiling.adaptive_scale.control.variable: users is not supported yet by aiperf-cpp "
            "(adaptive scale moves concurrency, prefill_concurrency or request_rate)");
  EXPECT_EQ(error_of(with("type: concurrency, concurrency: 4, adaptive_scale: {control: {variable: prefill_concurrency, "
                          "max: 8}}" + sla)),
            "run.yaml:3:63: phases.profiling.adaptive_scale: control.variable prefill_concurrency needs "
            "endpoint.streaming: true");
  EXPECT_EQ(error_of(with("type: concurrency, adaptive_scale: {control: {variable: request_rate, max: 8}}" + sla)),
            "run.yaml:3:47: phases.profiling.adaptive_scale: control.variable request_rate needs a rate phase (type: "
            "poisson, constant or gamma)");
  EXPECT_EQ(error_of(with("type: concurrency, adaptive_scale: {control: {variable: concurrency, min: 9, max: 8}}" + sla)),
            "run.yaml:3:47: phases.profiling.adaptive_scale.control.max 8 is below control.min 9");
  EXPECT_EQ(error_of(with("type: concurrency, adaptive_scale: {control: {variable: concurrency, max: 8}, perod: 3}" + sla)),
            "run.yaml:3:47: phases.profiling.adaptive_scale: unknown key 'perod' (valid keys: assessment_period, "
            "control, enabled, min_completed_requests, strategy, sustain_duration)");
  EXPECT_EQ(error_of(with("type: concurrency, adaptive_scale: {control: {variable: concurrency, max: 8}}")),
            "run.yaml:3:47: phases.profiling.adaptive_scale.enabled needs at least one filter in phases.profiling.sla");
  EXPECT_EQ(error_of(with("type: concurrency, requests: 5, sla: [\"request_latency:avg:lte:1\"]")),
            "run.yaml:3:49: phases.profiling.sla 'request_latency:avg:lte:1': unknown op 'lte' (choose from lt, le, gt, "
            "ge)");
  EXPECT_EQ(error_of(with("type: concurrency, requests: 5" + sla)),
            "run.yaml:3:49: phases.profiling.sla: the phase's SLA filters judge adaptive_scale windows; add "
            "adaptive_scale");
  EXPECT_EQ(error_of("benchmark:\n  model: m\n  phases:\n    - {name: warmup, requests: 2, sla: [\"a:avg:le:1\"]}\n"
                     "    - {name: profiling, requests: 2}\n"),
            "run.yaml:4:35: phases.warmup.sla: applies to the profiling phase only");
}

TEST(TemplateExpression, ASmallPythonLikeSubset) {
  TemplateVariables v{{"conc", int64_t(8)}, {"name", std::string("run")}, {"rate", 2.5}};
  EXPECT_EQ(evaluate_template_expression("conc * 10", v), TemplateValue(int64_t(80)));
  EXPECT_EQ(evaluate_template_expression("conc / 16", v), TemplateValue(0.5));
  EXPECT_EQ(evaluate_template_expression("-7 // 2", v), TemplateValue(int64_t(-4)));
  EXPECT_EQ(evaluate_template_expression("-7 % 3", v), TemplateValue(int64_t(2)));
  EXPECT_EQ(evaluate_template_expression("2 ** 10", v), TemplateValue(int64_t(1024)));
  EXPECT_EQ(evaluate_template_expression("(conc + 2) * rate", v), TemplateValue(25.0));
  EXPECT_EQ(evaluate_template_expression("name + '_' + 'x'", v), TemplateValue(std::string("run_x")));
  EXPECT_EQ(evaluate_template_expression("(rate * 3) | int", v), TemplateValue(int64_t(7)));
  bool whole = false;
  EXPECT_EQ(render_template("{{ conc }}", v, whole), TemplateValue(int64_t(8)));
  EXPECT_TRUE(whole);
  EXPECT_EQ(render_template("c{{ conc }}-{{ name }}", v, whole), TemplateValue(std::string("c8-run")));
  EXPECT_FALSE(whole);
  EXPECT_THROW(evaluate_template_expression("conc +", v), TemplateError);
  EXPECT_THROW(evaluate_template_expression("import os", v), TemplateError);
  EXPECT_THROW(evaluate_template_expression("conc / 0", v), TemplateError);
  EXPECT_THROW(evaluate_template_expression("name * 2", v), TemplateError);
}

}  // namespace
}  // namespace aiperf

namespace aiperf {
namespace {

SweepPlan plan_of(const std::string& text) {
  const EnvLookup no_env = [](const std::string&) -> std::optional<std::string> { return std::nullopt; };
  return expand_sweep(parse_yaml_config(text, "s.yaml", no_env));
}

std::vector<std::string> names_of(const SweepPlan& p) {
  std::vector<std::string> out;
  for (const Variation& v : p.variations) out.push_back(v.name);
  return out;
}

TEST(SweepExpansion, GridSortsPathsAndTheLastVariesFastest) {
  const SweepPlan p = plan_of(
      "benchmark: {model: m, phases: {type: poisson, rate: 1, requests: 5}}\n"
      "sweep: {type: grid, parameters: {rate: [1, 2], concurrency: [4, 8, 16]}}\n");
  EXPECT_EQ(p.type, "grid");
  EXPECT_EQ(p.dimensions, (std::vector<std::string>{"phases.profiling.concurrency", "phases.profiling.rate"}));
  EXPECT_EQ(names_of(p), (std::vector<std::string>{"concurrency_4__rate_1", "concurrency_4__rate_2", "concurrency_8__rate_1",
                                                   "concurrency_8__rate_2", "concurrency_16__rate_1",
                                                   "concurrency_16__rate_2"}));
  EXPECT_EQ(p.variations[3].body.find("phases")->find("profiling")->find("concurrency")->scalar, "8");
}

TEST(SweepExpansion, ZipPairsValuesAndListsAtFieldsAreAGrid) {
  const SweepPlan z = plan_of(
      "benchmark: {model: m, phases: {type: concurrency, requests: 5}}\n"
      "sweep: {type: zip, parameters: {concurrency: [1, 2], requests: [10, 20]}}\n");
  EXPECT_EQ(names_of(z), (std::vector<std::string>{"concurrency_1__requests_10", "concurrency_2__requests_20"}));
  const SweepPlan lists = plan_of(
      "benchmark: {model: m, dataset: {prompts: {isl: [128, 256]}}, phases: {type: concurrency, concurrency: [1, 2]}}\n");
  EXPECT_EQ(names_of(lists), (std::vector<std::string>{"isl_128__concurrency_1", "isl_128__concurrency_2",
                                                       "isl_256__concurrency_1", "isl_256__concurrency_2"}));
  EXPECT_EQ(plan_of("benchmark: {model: m}\n").type, "none");
}

TEST(SweepExpansion, ScenariosMergeOntoTheBaseAndPhasesMatchByName) {
  const SweepPlan p = plan_of(
      "variables: {conc: 2}\n"
      "benchmark:\n  model: m\n"
      "  phases: [{name: main, kind: profiling, type: concurrency, concurrency: \"{{ conc }}\", requests: 5}]\n"
      "sweep:\n  type: scenarios\n  runs:\n"
      "    - {name: small, variables: {conc: 1}}\n"
      "    - {name: big, benchmark: {phases: [{name: main, requests: 50}]}}\n");
  ASSERT_EQ(names_of(p), (std::vector<std::string>{"small", "big"}));
  const YamlNode& big = *p.variations[1].body.find("phases")->find("profiling");
  EXPECT_EQ(big.find("requests")->scalar, "50");
  EXPECT_EQ(big.find("type")->scalar, "concurrency");  // kept from the base
  EXPECT_EQ(p.variations[0].variables.find("conc")->scalar, "1");
  try {
    plan_of("benchmark: {model: m}\nsweep: {type: scenarios, runs: [{name: a}, {name: a}]}\n");
    ADD_FAILURE() << "a repeated name was accepted";
  } catch (const ConfigError& e) {
    EXPECT_STREQ(e.what(), "s.yaml:2:51: scenario name 'a' is used twice");
  }
}

TEST(YamlDuration, UnitsAndPlainSeconds) {
  EXPECT_EQ(yaml_duration_seconds("30"), "30");
  EXPECT_EQ(yaml_duration_seconds("30s"), "30");
  EXPECT_EQ(yaml_duration_seconds("2m"), "120.0");
  EXPECT_EQ(yaml_duration_seconds("1.5 h"), "5400.0");
  EXPECT_EQ(yaml_duration_seconds("inf"), "inf");
  EXPECT_EQ(yaml_duration_seconds("ten"), std::nullopt);
}

}  // namespace
}  // namespace aiperf

namespace aiperf {
namespace {

// Agentic replay in YAML (docs/agentic.md): the profiling phase names the mode; another name
// must match what the load options select.
TEST_F(YamlConfigTest, TimingModeAgenticReplay) {
  const std::string trace = write(
      R"({"id": "t", "models": ["m"], "block_size": 16, "hash_id_scope": "local", "requests": [{"t": 0, "type": "n", "model": "m", "in": 16, "out": 1, "hash_ids": [1]}]})",
      "t.json");
  const ProfileConfig c = parse("benchmark:\n  models: [m]\n  dataset: {path: " + trace +
                                ", format: weka_trace}\n  phases: {concurrency: 3, timing_mode: agentic_replay, "
                                "trajectory_start_max_ratio: 0.5, burst_phase_starts: true}\n  scenario: inferencex-agentx-mvp\n"
                                "  unsafe_override: true\n");
  EXPECT_TRUE(c.agentic.enabled);
  EXPECT_DOUBLE_EQ(c.agentic.start_max_ratio, 0.5);
  EXPECT_TRUE(c.agentic.burst_phase_starts);
  EXPECT_EQ(c.scenario.name, "inferencex-agentx-mvp");
  EXPECT_EQ(parse("benchmark:\n  models: [m]\n  phases: {concurrency: 3, timing_mode: concurrency}\n").agentic.enabled,
            false);
  EXPECT_NE(error_of("benchmark:\n  models: [m]\n  phases: {concurrency: 3, timing_mode: request_rate}\n")
                .find("timing_mode 'request_rate' does not match the load options, which select concurrency"),
            std::string::npos);
}

}  // namespace
}  // namespace aiperf
