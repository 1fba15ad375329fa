#include "cli/profile_cli.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>

namespace aiperf {
namespace {

using ::testing::HasSubstr;

ProfileConfig parse(std::vector<std::string> args) {
  auto config = parse_profile_args(args);
  if (!config) throw std::runtime_error("help was printed");
  return *config;
}

ProfileConfig parse_with_model(std::vector<std::string> args) {
  args.insert(args.begin(), {"-m", "test-model"});
  return parse(args);
}

// The ConfigError text for `args` (model added unless `with_model` is false).
std::string error_of(std::vector<std::string> args, bool with_model = true) {
  if (with_model) args.insert(args.begin(), {"-m", "test-model"});
  try {
    parse_profile_args(args);
  } catch (const ConfigError& e) {
    std::string msg = e.what();
    EXPECT_EQ(msg.find('\n'), std::string::npos) << "multi-line error: " << msg;
    return msg;
  }
  ADD_FAILURE() << "no ConfigError";
  return "";
}

TEST(ProfileCli, Defaults) {
  ProfileConfig c = parse({"-m", "m1"});
  EXPECT_EQ(c.model_names, std::vector<std::string>{"m1"});
  EXPECT_EQ(c.endpoint_type, EndpointType::chat);
  EXPECT_FALSE(c.streaming);
  EXPECT_EQ(c.urls, std::vector<std::string>{"http://localhost:8000"});
  EXPECT_DOUBLE_EQ(c.request_timeout_seconds, 21600.0);
  EXPECT_EQ(c.effective_request_count(), 10);
  EXPECT_EQ(c.effective_concurrency(), 1);
  EXPECT_EQ(c.effective_workers(), 1);  // capped by the default concurrency
  EXPECT_EQ(c.isl_mean, 550);
  EXPECT_FALSE(c.osl_mean.has_value());
  EXPECT_EQ(c.num_dataset_entries, 100);
  EXPECT_FALSE(c.random_seed.has_value());
  EXPECT_EQ(c.export_level, ExportLevel::records);
  EXPECT_EQ(c.artifact_root, "artifacts");
  EXPECT_FALSE(c.artifact_dir_given);
  EXPECT_TRUE(c.ssl_verify);
  EXPECT_TRUE(c.extra_inputs.empty());
  EXPECT_EQ(c.tokenizer_name(), "m1");
  EXPECT_EQ(c.verbosity, 0);
  EXPECT_EQ(c.benchmark_grace_period, 30.0);
}

TEST(ProfileCli, ModelAliasesCommaListsAndRepeats) {
  EXPECT_EQ(parse({"--model", "a"}).model_names, std::vector<std::string>{"a"});
  EXPECT_EQ(parse({"--model-names", "a"}).model_names, std::vector<std::string>{"a"});
  EXPECT_EQ(parse({"--model=a"}).model_names, std::vector<std::string>{"a"});
  // Several models: comma list, repeats, several values.
  const std::vector<std::string> ab{"a", "b"};
  EXPECT_EQ(parse({"-m", "a, b"}).model_names, ab);
  EXPECT_EQ(parse({"-m", "a", "-m", "b"}).model_names, ab);
  EXPECT_EQ(parse({"-m", "a", "b", "--streaming"}).model_names, ab);
  EXPECT_EQ(parse({"--model=a,b"}).model_names, ab);
  EXPECT_EQ(parse({"--model=a,b"}).model_selection, ModelSelection::round_robin);
  EXPECT_EQ(parse({"--model=a,b", "--model-selection-strategy", "random"}).model_selection, ModelSelection::random);
  EXPECT_THAT(error_of({"--model=a,b", "--model-selection-strategy", "weighted"}, false),
              HasSubstr("weighted needs per-model weights"));
  EXPECT_THAT(error_of({"--model=a,b", "--model-selection-strategy", "first"}, false),
              HasSubstr("--model-selection-strategy: invalid choice 'first'"));
}

TEST(ProfileCli, SyntheticAliases) {
  for (const char* flag : {"--isl", "--synthetic-input-tokens-mean", "--prompt-input-tokens-mean"})
    EXPECT_EQ(parse_with_model({flag, "128"}).isl_mean, 128) << flag;
  for (const char* flag :
       {"--isl-stddev", "--synthetic-input-tokens-stddev", "--prompt-input-tokens-stddev"})
    EXPECT_DOUBLE_EQ(parse_with_model({flag, "2.5"}).isl_stddev, 2.5) << flag;
  for (const char* flag : {"--osl", "--output-tokens-mean", "--prompt-output-tokens-mean"})
    EXPECT_EQ(parse_with_model({flag, "64"}).osl_mean, 64) << flag;
  for (const char* flag :
       {"--osl-stddev", "--output-tokens-stddev", "--prompt-output-tokens-stddev"})
    EXPECT_DOUBLE_EQ(parse_with_model({flag, "3"}).osl_stddev, 3.0) << flag;
  EXPECT_EQ(parse_with_model({"--num-dataset-entries", "7"}).num_dataset_entries, 7);
  EXPECT_EQ(parse_with_model({"--num-prompts", "8"}).num_dataset_entries, 8);
  EXPECT_EQ(parse_with_model({"--random-seed", "42"}).random_seed, 42u);
}

TEST(ProfileCli, LoadAndOutputAliases) {
  EXPECT_EQ(parse_with_model({"--request-count", "5"}).request_count, 5);
  EXPECT_EQ(parse_with_model({"--num-requests", "6"}).request_count, 6);
  EXPECT_EQ(parse_with_model({"--concurrency", "4"}).concurrency, 4);
  EXPECT_EQ(parse_with_model({"--warmup-request-count", "2"}).warmup_request_count, 2);
  EXPECT_EQ(parse_with_model({"--num-warmup-requests", "3"}).warmup_request_count, 3);
  EXPECT_EQ(parse_with_model({"--workers-max", "2"}).workers_max, 2);
  EXPECT_EQ(parse_with_model({"--max-workers", "3"}).workers_max, 3);
  for (const char* flag : {"--artifact-dir", "--output-artifact-dir"}) {
    ProfileConfig c = parse_with_model({flag, "out/x"});
    EXPECT_EQ(c.artifact_root, "out/x");
    EXPECT_TRUE(c.artifact_dir_given);
  }
  EXPECT_EQ(parse_with_model({"--export-level", "summary"}).export_level, ExportLevel::summary);
  EXPECT_EQ(parse_with_model({"--profile-export-level", "RAW"}).export_level, ExportLevel::raw);
  EXPECT_EQ(parse_with_model({"--ui-type", "simple"}).ui_type, UiType::simple);
  EXPECT_EQ(parse_with_model({"--slice-duration", "2.5"}).slice_duration, 2.5);
  EXPECT_FALSE(parse_with_model({}).slice_duration);
  EXPECT_EQ(error_of({"--slice-duration", "0"}).substr(0, 16), "--slice-duration");
  EXPECT_EQ(parse_with_model({"--profile-export-prefix", "run1"}).profile_export_prefix, "run1");
  // v1 rule: a directory part is dropped and a known extension stripped.
  EXPECT_EQ(parse_with_model({"--profile-export-file", "/tmp/out/run1.jsonl"}).profile_export_prefix, "run1");
  EXPECT_EQ(parse_with_model({"--profile-export-prefix", "a.b.csv"}).profile_export_prefix, "a.b");
  EXPECT_EQ(error_of({"--profile-export-prefix", "out/"}),
            "--profile-export-prefix: 'out/' names no file (give a name such as run1)");
  EXPECT_EQ(parse_with_model({"--ui", "none"}).ui_type, UiType::none);
  ProfileConfig dash = parse_with_model({"--ui", "dashboard"});
  EXPECT_EQ(dash.ui_type, UiType::dashboard);
  EXPECT_TRUE(dash.ui_type_given);
  EXPECT_EQ(dash.effective_stats_interval(), 5.0);  // the dashboard's default
  EXPECT_EQ(parse_with_model({"--ui", "simple"}).effective_stats_interval(), 30.0);
  EXPECT_EQ(parse_with_model({"--stats-interval", "0"}).effective_stats_interval(), 0.0);
  EXPECT_EQ(parse_with_model({"--stats-interval", "2.5"}).stats_interval, 2.5);
  // Not a terminal (the test's stdout): none unless asked.
  if (!isatty(STDOUT_FILENO)) {
    EXPECT_EQ(parse_with_model({}).ui_type, UiType::none);
  }
}

TEST(ProfileCli, EndpointFlags) {
  ProfileConfig c =
      parse_with_model({"--endpoint-type", "Completions", "--endpoint", "/v2/x", "--streaming",
                        "--api-key", "sk-1", "--use-legacy-max-tokens", "--use-server-token-count",
                        "--request-timeout-seconds", "12.5", "--tokenizer", "tok"});
  EXPECT_EQ(c.endpoint_type, EndpointType::completions);
  EXPECT_EQ(c.custom_endpoint, "/v2/x");
  EXPECT_TRUE(c.streaming);
  EXPECT_EQ(c.api_key, "sk-1");
  EXPECT_TRUE(c.use_legacy_max_tokens);
  EXPECT_TRUE(c.use_server_token_count);
  EXPECT_DOUBLE_EQ(c.request_timeout_seconds, 12.5);
  EXPECT_EQ(c.tokenizer_name(), "tok");
  EXPECT_EQ(parse_with_model({"--custom-endpoint", "/c"}).custom_endpoint, "/c");
  EXPECT_FALSE(parse_with_model({"--no-ssl-verify"}).ssl_verify);
  EXPECT_TRUE(parse_with_model({"--no-ssl-verify", "--ssl-verify"}).ssl_verify);
  EXPECT_FALSE(parse_with_model({}).fail_on_client_bound);
  EXPECT_TRUE(parse_with_model({"--fail-on-client-bound"}).fail_on_client_bound);
  EXPECT_FALSE(parse_with_model({}).show_trace_timing);
  EXPECT_FALSE(parse_with_model({}).export_http_trace);
  EXPECT_TRUE(parse_with_model({"--show-trace-timing"}).show_trace_timing);
  EXPECT_TRUE(parse_with_model({"--export-http-trace"}).export_http_trace);
}

TEST(ProfileCli, Verbosity) {
  EXPECT_EQ(parse_with_model({"-v"}).verbosity, 1);
  EXPECT_EQ(parse_with_model({"--verbose"}).verbosity, 1);
  EXPECT_EQ(parse_with_model({"-vv"}).verbosity, 2);
  EXPECT_EQ(parse_with_model({"--extra-verbose"}).verbosity, 2);
  EXPECT_EQ(parse_with_model({}).effective_log_level(), LogLevel::info);
  EXPECT_FALSE(parse_with_model({}).log_level_given());
  EXPECT_EQ(parse_with_model({"-v"}).effective_log_level(), LogLevel::debug);
  EXPECT_EQ(parse_with_model({"-vv"}).effective_log_level(), LogLevel::trace);
  // --log-level wins over -v, in any case, with upstream's eight names.
  ProfileConfig c = parse_with_model({"-v", "--log-level", "warning"});
  EXPECT_EQ(c.effective_log_level(), LogLevel::warning);
  EXPECT_TRUE(c.log_level_given());
  EXPECT_EQ(parse_with_model({"--log-level", "NOTICE"}).effective_log_level(), LogLevel::notice);
  EXPECT_EQ(error_of({"--log-level", "loud"}),
            "--log-level: invalid choice 'loud' (choose from TRACE, DEBUG, INFO, NOTICE, WARNING, SUCCESS, ERROR, "
            "CRITICAL)");
}

TEST(ProfileCli, UrlNormalisation) {
  EXPECT_EQ(parse_with_model({"-u", "localhost:9000"}).urls,
            std::vector<std::string>{"http://localhost:9000"});
  EXPECT_EQ(parse_with_model({"--url", "https://h:1/v1"}).urls,
            std::vector<std::string>{"https://h:1/v1"});
  EXPECT_EQ(parse_with_model({"--url", "HTTP://h"}).urls, std::vector<std::string>{"http://h"});
  // Several URLs, repeated or as a comma list, in order (round robin at send time).
  EXPECT_EQ(parse_with_model({"-u", "127.0.0.1:1", "-u", "127.0.0.1:2"}).urls,
            (std::vector<std::string>{"http://127.0.0.1:1", "http://127.0.0.1:2"}));
  EXPECT_EQ(parse_with_model({"--url", "a:1,b:2", "--url-strategy", "ROUND-ROBIN"}).urls,
            (std::vector<std::string>{"http://a:1", "http://b:2"}));
  EXPECT_EQ(error_of({"--url-strategy", "random"}),
            "--url-strategy: invalid choice 'random' (choose from round_robin)");
  EXPECT_EQ(error_of({"--url", "ftp://h"}),
            "--url: unsupported scheme 'ftp' in 'ftp://h' (only http and https are allowed)");
  EXPECT_EQ(error_of({"--url", "http://"}), "--url: missing host in 'http://'");
}

TEST(ProfileCli, ExtraInputsDecodeAndMerge) {
  ProfileConfig c = parse_with_model(
      {"--extra-inputs", "ignore_eos:true", "temperature:0.7", "--extra-inputs", "name:bob",
       "--extra-inputs", R"({"min_tokens": 5, "temperature": 0.1})", "--extra-inputs",
       "nested:{\"a\":[1,2]}", "--extra-inputs", "quoted:\"7\"", "--extra-inputs", "url:http://x"});
  EXPECT_EQ(c.extra_inputs["ignore_eos"], true);
  EXPECT_EQ(c.extra_inputs["temperature"], 0.1);  // the later JSON object wins
  EXPECT_EQ(c.extra_inputs["name"], "bob");
  EXPECT_EQ(c.extra_inputs["min_tokens"], 5);
  EXPECT_EQ(c.extra_inputs["nested"], nlohmann::ordered_json::parse(R"({"a":[1,2]})"));
  EXPECT_EQ(c.extra_inputs["quoted"], "7");
  EXPECT_EQ(c.extra_inputs["url"], "http://x");
}

TEST(ProfileCli, ExtraInputsErrors) {
  std::string bad = error_of({"--extra-inputs", R"({"a": 1,})"});
  EXPECT_THAT(bad, HasSubstr("--extra-inputs: invalid JSON object"));
  EXPECT_THAT(bad, HasSubstr("line 1, column 9"));
  EXPECT_THAT(error_of({"--extra-inputs", "noseparator"}),
              HasSubstr("--extra-inputs: expected key:value or a JSON object, got 'noseparator'"));
  EXPECT_THAT(error_of({"--extra-inputs", ":x"}), HasSubstr("--extra-inputs: expected key:value"));
  std::string bad_value = error_of({"--extra-inputs", R"(stream_options:{"include_usage":)"});
  EXPECT_THAT(bad_value, HasSubstr("--extra-inputs: invalid JSON in the value of 'stream_options'"));
  EXPECT_THAT(bad_value, HasSubstr("column 18"));
}

TEST(ProfileCli, Headers) {
  ProfileConfig c =
      parse_with_model({"-H", "X-A: 1", "--header", "X-B:two", "-H", R"({"X-C": "3", "X-D": 4})"});
  std::vector<std::pair<std::string, std::string>> want{
      {"X-A", "1"}, {"X-B", "two"}, {"X-C", "3"}, {"X-D", "4"}};
  EXPECT_EQ(c.headers, want);
  EXPECT_THAT(error_of({"-H", "nocolon"}),
              HasSubstr("-H/--header: expected Name:Value or a JSON object, got 'nocolon'"));
  EXPECT_THAT(error_of({"-H", "{bad"}), HasSubstr("-H/--header: invalid JSON object"));
}

TEST(ProfileCli, DurationAndGrace) {
  ProfileConfig c =
      parse_with_model({"--benchmark-duration", "5", "--benchmark-grace-period", "2"});
  EXPECT_EQ(c.benchmark_duration, 5.0);
  EXPECT_EQ(c.benchmark_grace_period, 2.0);
  EXPECT_FALSE(c.effective_request_count().has_value());
  ProfileConfig inf =
      parse_with_model({"--benchmark-duration", "1.5", "--benchmark-grace-period", "inf"});
  EXPECT_TRUE(std::isinf(inf.benchmark_grace_period));
  EXPECT_EQ(error_of({"--benchmark-grace-period", "3"}),
            "--benchmark-grace-period requires --benchmark-duration");
  EXPECT_EQ(error_of({"--benchmark-duration", "inf"}),
            "--benchmark-duration: expected a finite number, got 'inf'");
}

TEST(ProfileCli, ConcurrencyRamp) {
  ProfileConfig c = parse_with_model({"--concurrency", "8", "--concurrency-ramp-duration", "2.5"});
  EXPECT_EQ(c.concurrency_ramp_duration, 2.5);
  EXPECT_FALSE(c.warmup_concurrency_ramp_duration.has_value());
  ProfileConfig w = parse_with_model({"--warmup-concurrency-ramp-duration", "1"});
  EXPECT_EQ(w.warmup_concurrency_ramp_duration, 1.0);
  EXPECT_EQ(error_of({"--concurrency-ramp-duration", "0"}), "--concurrency-ramp-duration must be > 0 (got 0)");
}

TEST(ProfileCli, MissingModel) {
  EXPECT_EQ(error_of({}, false), "--model is required");
  EXPECT_EQ(error_of({"--streaming"}, false), "--model is required");
  EXPECT_EQ(error_of({"-m", ","}, false), "-m: empty model name in ','");
  EXPECT_THAT(error_of({"--model"}, false), HasSubstr("--model"));
}

TEST(ProfileCli, UnknownOptions) {
  EXPECT_EQ(error_of({"--foo"}), "unknown option --foo");
  EXPECT_EQ(error_of({"--foo=3"}), "unknown option --foo");
  EXPECT_EQ(error_of({"--concurency", "3"}),
            "unknown option --concurency (did you mean --concurrency?)");
  EXPECT_EQ(error_of({"--streaming", "stray"}), "unexpected argument 'stray'");
}

TEST(ProfileCli, NotYetSupportedFlags) {
  // The message names the issue that brings the option (the option table's owner).
  EXPECT_EQ(error_of({"--apply-chat-template"}),
            "--apply-chat-template is not supported yet by aiperf-cpp (it needs a Jinja2 engine to render the "
            "model's chat template; ISL counts the request's texts)");
  EXPECT_EQ(error_of({"--api-port", "1"}),
            "--api-port is not supported yet by aiperf-cpp (the HTTP/WebSocket progress API is not built)");
  EXPECT_EQ(error_of({"--request-rat", "1"}),
            "unknown option --request-rat (did you mean --request-rate?)");
  // Reported even without --model: the user should learn the flag is the problem first.
  EXPECT_EQ(error_of({"--api-port", "1"}, false),
            "--api-port is not supported yet by aiperf-cpp (the HTTP/WebSocket progress API is not built)");
}

// Sharded runs (docs/cluster.md) and upstream's service flags, which scripts pass and which
// change nothing here (a note on stderr says so).
TEST(ProfileCli, ShardOptionsAndUpstreamServiceFlags) {
  const ProfileConfig c = parse_with_model({"--num-shards", "4", "--shard-index", "3", "--shard-rendezvous",
                                            "node0:9000", "--shard-timeout", "20", "--concurrency", "8"});
  EXPECT_EQ(c.num_shards, 4);
  EXPECT_EQ(c.shard_index, 3);
  EXPECT_EQ(c.rendezvous, "node0:9000");
  EXPECT_EQ(c.shard_timeout_s, 20.0);
  EXPECT_EQ(error_of({"--num-shards", "2", "--shard-index", "2"}), "--shard-index 2 must be below --num-shards 2");
  EXPECT_THAT(error_of({"--num-shards", "0"}), HasSubstr("--num-shards"));
  testing::internal::CaptureStderr();
  parse_with_model({"--record-processors", "4", "--zmq-host", "10.0.0.1", "--zmq-dual-bind"});
  const std::string notes = testing::internal::GetCapturedStderr();
  EXPECT_THAT(notes, HasSubstr("--record-processors has no effect"));
  EXPECT_THAT(notes, HasSubstr("--zmq-host has no effect"));
  EXPECT_THAT(error_of({"--record-processors", "0"}), HasSubstr("--record-processors"));
  EXPECT_EQ(error_of({"--api-port", "9000"}),
            "--api-port is not supported yet by aiperf-cpp (the HTTP/WebSocket progress API is not built)");
}

TEST(ProfileCli, BadEnums) {
  EXPECT_EQ(error_of({"--endpoint-type", "bogus"}),
            "--endpoint-type: invalid choice 'bogus' (choose from chat, completions, responses, messages, "
            "embeddings, nim_embeddings, chat_embeddings, nim_rankings, cohere_rankings, hf_tei_rankings, "
            "huggingface_generate, image_generation, image_edit, video_generation, image_retrieval, "
            "audio_transcription, solido_rag, raw, template)");
  EXPECT_EQ(error_of({"--export-level", "all"}),
            "--export-level: invalid choice 'all' (choose from summary, records, raw)");
  EXPECT_EQ(error_of({"--stats-interval", "-1"}).substr(0, 16), "--stats-interval");
  EXPECT_EQ(error_of({"--stats-interval", "1001"}),
            "--stats-interval must be at most 1000 seconds, got 1001");
  EXPECT_EQ(error_of({"--ui-type", "fancy"}),
            "--ui-type: invalid choice 'fancy' (choose from dashboard, simple, none)");
}

TEST(ProfileCli, NumericRanges) {
  EXPECT_EQ(error_of({"--concurrency", "0"}), "--concurrency must be >= 1 (got 0)");
  EXPECT_EQ(error_of({"--concurrency", "-1"}), "--concurrency must be >= 1 (got -1)");
  EXPECT_EQ(error_of({"--request-count", "0"}), "--request-count must be >= 1 (got 0)");
  EXPECT_EQ(error_of({"--num-requests", "0"}), "--num-requests must be >= 1 (got 0)");
  EXPECT_EQ(error_of({"--benchmark-duration", "0"}), "--benchmark-duration must be > 0 (got 0)");
  EXPECT_EQ(error_of({"--benchmark-duration", "1", "--benchmark-grace-period", "-1"}),
            "--benchmark-grace-period must be >= 0 (got -1)");
  EXPECT_EQ(error_of({"--request-timeout-seconds", "0"}),
            "--request-timeout-seconds must be > 0 (got 0)");
  EXPECT_EQ(error_of({"--num-dataset-entries", "0"}), "--num-dataset-entries must be >= 1 (got 0)");
  EXPECT_EQ(error_of({"--random-seed", "-3"}), "--random-seed must be >= 0 (got -3)");
  EXPECT_EQ(error_of({"--workers-max", "0"}), "--workers-max must be >= 1 (got 0)");
  EXPECT_EQ(error_of({"--warmup-request-count", "0"}),
            "--warmup-request-count must be >= 1 (got 0)");
  EXPECT_EQ(error_of({"--osl", "0"}), "--osl must be >= 1 (got 0)");
  EXPECT_EQ(error_of({"--isl", "-5"}), "--isl must be >= 0 (got -5)");
  EXPECT_EQ(error_of({"--isl-stddev", "-1"}), "--isl-stddev must be >= 0 (got -1)");
}

TEST(ProfileCli, MalformedNumbers) {
  EXPECT_EQ(error_of({"--concurrency", "abc"}), "--concurrency: expected an integer, got 'abc'");
  EXPECT_EQ(error_of({"--concurrency", "1.5"}), "--concurrency: expected an integer, got '1.5'");
  EXPECT_EQ(error_of({"--benchmark-duration", "5s"}),
            "--benchmark-duration: expected a number, got '5s'");
  EXPECT_EQ(error_of({"--warmup-request-count", "8,16"}),
            "--warmup-request-count '8,16': --warmup-request-count cannot be swept; comma lists are sweeps only on "
            "--concurrency, --prefill-concurrency, --request-rate, --request-count, --benchmark-duration, "
            "--num-conversations, --num-users, --conversation-turn-mean, --isl, --isl-stddev, --osl and --osl-stddev");
  EXPECT_EQ(error_of({"--random-seed", "x"}),
            "--random-seed: expected a non-negative integer, got 'x'");
  EXPECT_THAT(error_of({"--concurrency"}), HasSubstr("--concurrency"));
}

TEST(ProfileCli, RepeatedSingleValueFlagKeepsLast) {
  EXPECT_EQ(parse_with_model({"--concurrency", "2", "--concurrency", "3"}).concurrency, 3);
}

TEST(ProfileCli, CliCommandRedactsApiKey) {
  ProfileConfig c = parse({"-m", "m", "--api-key", "sk-secret", "--extra-inputs", "a b:1", "-H",
                           "Authorization: Bearer x", "--url=localhost:1"});
  EXPECT_EQ(c.cli_command,
            "aiperf profile -m m --api-key '<redacted>' --extra-inputs 'a b:1' -H "
            "'Authorization:<redacted>' --url=localhost:1");
  EXPECT_EQ(parse({"-m", "m", "--api-key=sk"}).cli_command,
            "aiperf profile -m m '--api-key=<redacted>'");
  EXPECT_EQ(parse({"-m", "m", "-HX-Api-Key:k", "-H", "X-Other:v"}).cli_command,
            "aiperf profile -m m '-HX-Api-Key:<redacted>' -H X-Other:v");
}

TEST(ProfileCli, HelpPrintsAndReturnsNothing) {
  testing::internal::CaptureStdout();
  auto config = parse_profile_args({"--help"});
  std::string out = testing::internal::GetCapturedStdout();
  EXPECT_FALSE(config.has_value());
  EXPECT_THAT(out, HasSubstr("--concurrency"));
  EXPECT_THAT(out, HasSubstr("--model-names"));
  EXPECT_THAT(out, HasSubstr("--request-rate"));
  EXPECT_THAT(out, HasSubstr("--user-centric-rate"));
  EXPECT_THAT(out, HasSubstr("--fixed-schedule"));
  EXPECT_THAT(out, HasSubstr("--public-dataset"));
  EXPECT_THAT(out, HasSubstr("--accuracy-benchmark"));
  EXPECT_THAT(out, ::testing::Not(HasSubstr("--api-port")));  // hidden: not supported
  EXPECT_EQ(out, profile_usage());
  EXPECT_THAT(aiperf_usage(), HasSubstr("profile"));
}

}  // namespace
}  // namespace aiperf

namespace aiperf {
namespace {

TEST(ProfileCli, ExtraInputsKeepTheOrderGiven) {
  ProfileConfig c = parse_with_model(
      {"--extra-inputs", "zeta:1", "--extra-inputs", R"({"beta": 2, "alpha": 3})", "--extra-inputs", "gamma:x"});
  EXPECT_EQ(c.extra_inputs.dump(), R"({"zeta":1,"beta":2,"alpha":3,"gamma":"x"})");
}

}  // namespace
}  // namespace aiperf
