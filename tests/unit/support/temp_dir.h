#pragma once
// A fresh directory under /tmp for one test, removed when the test ends.
#include <cstdlib>
#include <filesystem>
#include <string>

namespace aiperf::testing {

struct TempDir {
  std::filesystem::path path;
  TempDir() {
    std::string tmpl = (std::filesystem::temp_directory_path() / "aiperf_test_XXXXXX").string();
    path = ::mkdtemp(tmpl.data());
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
};

}  // namespace aiperf::testing
