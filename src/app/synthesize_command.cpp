#include "app/synthesize_command.h"

#include <CLI/CLI.hpp>

#include <chrono>
#include <ctime>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "cli/subcommand_parse.h"
#include "config/enum_names.h"
#include "dataset/agentic_code_synthesis.h"
#include "export/atomic_file.h"

namespace aiperf {
namespace {

namespace fs = std::filesystem;

constexpr const char* kCommand = "synthesize";

struct SynthesizeArgs {
  std::string target;
  int64_t num_sessions = 1000;
  std::string output = ".";
  std::string config;
  uint64_t seed = 42;
  std::optional<int64_t> max_isl, max_osl;
};

// --config: "default" (the built-in values), a config JSON, or an earlier run's manifest.json.
AgenticCodeConfig load_config(const std::string& path, std::string& name) {
  if (path.empty() || path == "default") {
    name = "default";
    return {};
  }
  std::ifstream in(path);
  if (!in) throw std::runtime_error("--config " + path + ": cannot open the file");
  std::stringstream text;
  text << in.rdbuf();
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text.str());
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error("--config " + path + ": not JSON (" + e.what() + ")");
  }
  name = fs::path(path).stem().string();
  try {
    return agentic_code_config_from_json(j);
  } catch (const std::invalid_argument& e) {
    throw std::runtime_error("--config " + path + ": " + e.what());
  }
}

std::string utc_stamp() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y%m%d-%H%M%S", &tm);
  return buf;
}

int synthesize_agentic_code_run(const SynthesizeArgs& a) {
  std::string config_name;
  AgenticCodeConfig config = load_config(a.config, config_name);
  if (a.max_isl) config.max_prompt_tokens = *a.max_isl;
  if (a.max_osl) config.generation_length.max = double(*a.max_osl);
  const std::string base = config_name + "_" + std::to_string(a.num_sessions) + "s_seed" + std::to_string(a.seed) +
                           "_" + utc_stamp();
  fs::path run_dir = fs::path(a.output) / base;
  for (int n = 2; fs::exists(run_dir); ++n) run_dir = fs::path(a.output) / (base + "-" + std::to_string(n));
  std::cout << "Generating " << a.num_sessions << " sessions (seed=" << a.seed << ")..." << std::endl;
  const std::vector<SynthesizedSession> sessions = synthesize_agentic_code(config, a.num_sessions, a.seed);

  size_t turns = 0;
  std::map<std::string, int64_t> end_reasons;
  for (const SynthesizedSession& s : sessions) {
    turns += s.turns.size();
    ++end_reasons[s.end_reason];
  }
  fs::create_directories(run_dir);
  const fs::path jsonl = run_dir / "dataset.jsonl", manifest = run_dir / "manifest.json";
  write_file_atomically(jsonl, agentic_code_mooncake_jsonl(sessions));
  nlohmann::ordered_json m;
  m["target"] = "agentic-code";
  m["generator"] = "aiperf-cpp";
  m["config_name"] = config_name;
  m["seed"] = a.seed;
  m["num_sessions"] = a.num_sessions;
  m["total_turns"] = turns;
  m["end_reasons"] = end_reasons;
  m["dataset"] = "dataset.jsonl";
  m["custom_dataset_type"] = "mooncake_trace";
  m["config"] = agentic_code_config_to_json(config);
  write_file_atomically(manifest, m.dump(2) + "\n");
  std::cout << "Run directory: " << run_dir.string() << "\n"
            << "  JSONL:     " << jsonl.string() << " (" << turns << " turns)\n"
            << "  Manifest:  " << manifest.string() << "\n"
            << "Replay: aiperf profile --input-file " << jsonl.string() << " --custom-dataset-type mooncake_trace"
            << (config.block_size != 512 ? " --isl-block-size " + std::to_string(config.block_size) : std::string())
            << " ...\n";
  return 0;
}

}  // namespace

int run_synthesize_command(const std::vector<std::string>& args) {
  CLI::App app("Synthesize a multi-turn agentic workload file (docs/synthesize.md).", "aiperf synthesize");
  SynthesizeArgs a;
  app.add_option("target", a.target, "Dataset workload to synthesize: agentic-code")->required();
  app.add_option("--num-sessions", a.num_sessions, "Number of sessions to generate (default 1000)")
      ->check(CLI::PositiveNumber);
  app.add_option("--output", a.output, "Parent directory of the run directory (default .)");
  app.add_option("--config", a.config,
                 "Distribution config JSON, a manifest.json of an earlier run, or 'default' (default: built-in)");
  app.add_option("--seed", a.seed, "Random seed; the same seed gives the same dataset (default 42)");
  app.add_option("--max-isl", a.max_isl, "Maximum input sequence length: replaces max_prompt_tokens")
      ->check(CLI::PositiveNumber);
  app.add_option("--max-osl", a.max_osl, "Maximum output sequence length: replaces generation_length.max")
      ->check(CLI::PositiveNumber);
  if (std::optional<int> exit_code = parse_subcommand(app, args, kCommand)) return *exit_code;
  const std::string target = enum_key(a.target);
  try {
    if (target == enum_key("agentic-code")) return synthesize_agentic_code_run(a);
    std::cerr << "error: " << kCommand << ": unknown target '" << a.target << "' (supported: agentic-code)\n";
  } catch (const std::exception& e) {
    std::cerr << "error: " << kCommand << ": " << e.what() << "\n";
  }
  return 1;
}

}  // namespace aiperf
