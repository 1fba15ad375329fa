// Times one tokenizer.json on one text for bench/sections/g_tokenizer.sh:
//
//   tokenizer_bench <tokenizer.json> <text file> [repeat=5]
//
// Prints one JSON line: load_seconds (reading and building the tokenizer; load_cpu_seconds is its
// CPU time, which a busy shared machine does not inflate), bytes, tokens,
// cold_seconds (the first encode, piece cache empty), seconds (best of `repeat` later encodes) and
// ids_fnv (FNV-1a over the ids as 32-bit values, so a script can compare ids without a dump).
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "tokenizer/hf_tokenizer.h"

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

double cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) / 1e9;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: tokenizer_bench <tokenizer.json> <text file> [repeat]\n";
    return 2;
  }
  try {
    std::ifstream in(argv[2], std::ios::binary);
    if (!in) throw std::runtime_error(std::string(argv[2]) + ": cannot open text file");
    std::ostringstream buf;
    buf << in.rdbuf();
    const std::string text = buf.str();
    int repeat = argc > 3 ? std::stoi(argv[3]) : 5;

    auto t0 = Clock::now();
    double cpu0 = cpu_seconds();
    auto tokenizer = aiperf::HfTokenizer::load(argv[1]);
    double load = since(t0);
    double load_cpu = cpu_seconds() - cpu0;

    t0 = Clock::now();
    std::vector<int32_t> ids = tokenizer->encode(text);
    double cold = since(t0);
    size_t tokens = ids.size();
    uint64_t fnv = 0xcbf29ce484222325ull;
    for (int32_t id : ids) fnv = (fnv ^ uint32_t(id)) * 0x100000001b3ull;
    double best = 1e30;
    for (int i = 0; i < repeat; ++i) {
      t0 = Clock::now();
      size_t n = tokenizer->encode(text).size();
      best = std::min(best, since(t0));
      if (n != tokens) throw std::runtime_error("encode is not deterministic");
    }
    std::printf(
        "{\"load_seconds\": %.6f, \"load_cpu_seconds\": %.6f, \"bytes\": %zu, \"tokens\": %zu, \"cold_seconds\": %.6f, \"seconds\": %.6f, "
        "\"ids_fnv\": \"%016llx\"}\n",
        load, load_cpu, text.size(), tokens, cold, best, static_cast<unsigned long long>(fnv));
  } catch (const std::exception& e) {
    std::cerr << "tokenizer_bench: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
