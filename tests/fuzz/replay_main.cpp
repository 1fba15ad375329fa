// Runs every file of a seed corpus through one fuzz harness, without libFuzzer: the regression
// run of the unit tests (ctest fuzz_replay_<harness>, under ASan+UBSan in scripts/test.sh).
// Each harness file is compiled into this binary with LLVMFuzzerTestOneInput renamed to
// fuzz_<harness> (tests/fuzz/CMakeLists.txt), so no clang and no libFuzzer are needed.
//   fuzz_replay <harness> <file or directory>...
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#define AIPERF_FUZZ_HARNESS(name) extern "C" int fuzz_##name(const uint8_t* data, size_t size);
#include "fuzz_harness_list.inc"
#undef AIPERF_FUZZ_HARNESS

namespace {

namespace fs = std::filesystem;
using Harness = int (*)(const uint8_t*, size_t);

struct NamedHarness {
  std::string_view name;
  Harness run;
};

constexpr NamedHarness kHarnesses[] = {
#define AIPERF_FUZZ_HARNESS(name) {#name, fuzz_##name},
#include "fuzz_harness_list.inc"
#undef AIPERF_FUZZ_HARNESS
};

// The files named, directories expanded to their regular files, in name order so runs repeat.
std::vector<fs::path> corpus_files(int argc, char** argv) {
  std::vector<fs::path> files;
  for (int i = 2; i < argc; ++i) {
    if (fs::is_directory(argv[i])) {
      std::vector<fs::path> in_dir;
      for (const fs::directory_entry& e : fs::directory_iterator(argv[i]))
        if (e.is_regular_file()) in_dir.push_back(e.path());
      std::sort(in_dir.begin(), in_dir.end());
      files.insert(files.end(), in_dir.begin(), in_dir.end());
    } else {
      files.emplace_back(argv[i]);
    }
  }
  return files;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string_view wanted = argc > 1 ? argv[1] : "";
  const auto harness = std::find_if(std::begin(kHarnesses), std::end(kHarnesses),
                                    [&](const NamedHarness& h) { return h.name == wanted; });
  if (argc < 3 || harness == std::end(kHarnesses)) {
    std::fprintf(stderr, "usage: fuzz_replay <harness> <file or directory>...\nharnesses:");
    for (const NamedHarness& h : kHarnesses) std::fprintf(stderr, " %.*s", int(h.name.size()), h.name.data());
    std::fprintf(stderr, "\n");
    return 2;
  }
  const std::vector<fs::path> files = corpus_files(argc, argv);
  if (files.empty()) {
    std::fprintf(stderr, "fuzz_replay %s: no corpus files\n", argv[1]);
    return 1;
  }
  for (const fs::path& file : files) {
    std::ifstream in(file, std::ios::binary);
    if (!in) {
      std::fprintf(stderr, "fuzz_replay %s: cannot read %s\n", argv[1], file.c_str());
      return 1;
    }
    const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    // Printed first, so that a crash names the input that caused it.
    std::printf("%s (%zu bytes)\n", file.filename().c_str(), bytes.size());
    std::fflush(stdout);
    harness->run(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
  }
  std::printf("fuzz_replay %s: %zu inputs, no crash\n", argv[1], files.size());
  return 0;
}
