// Times building one dataset for bench/sections/i_dataset.sh, one mode per process so each
// peak RSS is that mode's own:
//
//   dataset_bench synthetic <conversations> <turns> <isl> <osl>   # build_synthetic_dataset
//   dataset_bench mooncake <trace.jsonl> [block size]              # the mooncake_trace loader
//   dataset_bench parse <file.jsonl>                               # floor: parse every line
//   dataset_bench lines <file>                                     # floor: count the lines
//   dataset_bench audio wav|mp3 <clips> <seconds>                  # SyntheticAudioMaker, 16 kHz mono
//
// Prints one JSON line: seconds (wall) and cpu_seconds of the build alone (the builtin tokenizer
// is loaded before the clock starts), conversations, turns, prompt_bytes (audio: the clips'
// "<fmt>,<b64>" bytes), base_rss_mb (peak RSS before the build) and max_rss_mb (peak RSS of the
// process at the end).
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "dataset/dataset.h"
#include "dataset/loaders/input_file_dataset.h"
#include "media/synthetic_audio.h"
#include "tokenizer/tokenizer.h"

namespace {

using Clock = std::chrono::steady_clock;

double cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) / 1e9;
}

double peak_rss_mb() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return double(u.ru_maxrss) / 1024.0;  // Linux reports KiB
}

struct Built {
  size_t conversations = 0, turns = 0, prompt_bytes = 0;
  double text_seconds = 0;  // building every deferred prompt's text once (what sending costs)
};

// Counts the prompt text after the load is timed: a deferred prompt (prompt_text.h) is built
// here, one at a time, as a request would build it.
Built measure(const aiperf::Dataset& d) {
  Built b;
  b.conversations = d.entries.size();
  const auto t0 = Clock::now();
  std::string text;
  auto count = [&](const aiperf::PromptText& p) {
    text.clear();
    p.append_to(text);
    b.prompt_bytes += text.size();
  };
  for (const aiperf::DatasetEntry& e : d.entries) {
    b.turns += e.turn_count();
    count(e.prompt);
    for (const aiperf::DatasetTurn& t : e.later_turns) count(t.prompt);
  }
  b.text_seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  return b;
}

aiperf::ProfileConfig base_config() {
  aiperf::ProfileConfig c;
  c.model_names = {"bench-model"};
  c.random_seed = 42;
  return c;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: dataset_bench synthetic|mooncake|parse|lines|audio ARGS (see bench/dataset_bench.cpp)\n";
    return 2;
  }
  try {
    const std::string mode = argv[1];
    std::unique_ptr<aiperf::Tokenizer> tokenizer;
    if (mode == "synthetic" || mode == "mooncake") tokenizer = aiperf::make_tokenizer({"builtin", true, "main", false}, nullptr);
    const double base_rss = peak_rss_mb();
    const auto t0 = Clock::now();
    const double cpu0 = cpu_seconds();
    Built b;
    std::optional<aiperf::Dataset> loaded;
    if (mode == "synthetic" && argc >= 6) {
      aiperf::ProfileConfig c = base_config();
      c.num_dataset_entries = std::stoll(argv[2]);
      c.num_dataset_entries_given = true;
      c.conversation_turn_mean = std::stoll(argv[3]);
      c.isl_mean = std::stoll(argv[4]);
      c.osl_mean = std::stoll(argv[5]);
      loaded.emplace(aiperf::build_synthetic_dataset(c, *tokenizer));
    } else if (mode == "mooncake") {
      aiperf::ProfileConfig c = base_config();
      c.input_file = argv[2];
      c.custom_dataset_type = aiperf::CustomDatasetType::mooncake_trace;
      if (argc > 3) c.isl_block_size = std::stoll(argv[3]);
      loaded.emplace(std::move(aiperf::load_input_file(c, *tokenizer).dataset));
    } else if (mode == "parse" || mode == "lines") {
      std::ifstream in(argv[2], std::ios::binary);
      if (!in) throw std::runtime_error(std::string(argv[2]) + ": cannot open file");
      std::string line;
      while (std::getline(in, line)) {
        ++b.turns;
        b.prompt_bytes += line.size();
        if (mode == "parse") b.conversations += nlohmann::json::parse(line).size();  // keys, so it is used
      }
    } else if (mode == "audio" && argc >= 5) {
      aiperf::AudioConfig a;
      a.format = std::string(argv[2]) == "mp3" ? aiperf::AudioFormat::mp3 : aiperf::AudioFormat::wav;
      a.length_mean_s = std::stod(argv[4]);
      aiperf::SyntheticAudioMaker maker(a, 42);
      for (long long i = 0, n = std::stoll(argv[3]); i < n; ++i) {
        b.prompt_bytes += maker.next().size();
        ++b.conversations;
        ++b.turns;
      }
    } else {
      throw std::runtime_error("unknown mode or missing arguments: " + mode);
    }
    const double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    const double cpu = cpu_seconds() - cpu0;
    const double max_rss = peak_rss_mb();
    if (loaded) b = measure(*loaded);
    std::printf(
        "{\"mode\": \"%s\", \"seconds\": %.6f, \"cpu_seconds\": %.6f, \"conversations\": %zu, \"turns\": %zu, "
        "\"prompt_bytes\": %zu, \"text_seconds\": %.6f, \"base_rss_mb\": %.1f, \"max_rss_mb\": %.1f}\n",
        mode.c_str(), seconds, cpu, b.conversations, b.turns, b.prompt_bytes, b.text_seconds, base_rss, max_rss);
  } catch (const std::exception& e) {
    std::cerr << "dataset_bench: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
