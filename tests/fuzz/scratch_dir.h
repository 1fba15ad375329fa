#pragma once
// Files on disk holding the fuzz input, for parsers that only read from a path (dataset loaders,
// the Parquet reader). One directory per process, its files rewritten for every input (a fuzzer
// runs one input at a time), under /dev/shm when there is one so that no disk is touched.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

namespace aiperf::fuzz {

class ScratchDir {
 public:
  ScratchDir() {
    std::filesystem::path root = std::filesystem::is_directory("/dev/shm") ? std::filesystem::path("/dev/shm")
                                                                           : std::filesystem::temp_directory_path();
    dir_ = root / ("aiperf-fuzz-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
  }
  ~ScratchDir() {
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;

  // `name` keeps its extension: some loaders choose the format by it.
  std::filesystem::path write(const std::string& name, std::string_view bytes) const {
    std::filesystem::path path = dir_ / name;
    std::ofstream(path, std::ios::binary | std::ios::trunc).write(bytes.data(), std::streamsize(bytes.size()));
    return path;
  }
  const std::filesystem::path& path() const { return dir_; }

 private:
  std::filesystem::path dir_;
};

}  // namespace aiperf::fuzz
