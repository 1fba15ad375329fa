#pragma once
// Local GPU polling through NVML (--gpu-telemetry pynvml). libnvidia-ml is opened with dlopen
// when the run starts, never linked: the binary runs on machines without an NVIDIA driver.
#include <memory>
#include <string>
#include <vector>

#include "telemetry/gpu_fields.h"
#include "telemetry/gpu_reading.h"

namespace aiperf {

inline constexpr const char* kNvmlLibrary = "libnvidia-ml.so.1";

class NvmlReader {
 public:
  // Loads `library` and initialises NVML. nullptr when that fails, with `error` saying why
  // (dlerror's text, or the NVML call that failed).
  static std::unique_ptr<NvmlReader> open(const std::string& library, std::string& error);
  ~NvmlReader();  // nvmlShutdown, dlclose
  NvmlReader(const NvmlReader&) = delete;
  NvmlReader& operator=(const NvmlReader&) = delete;

  // Every GPU's current values for `fields` (by name; sensors NVML lacks stay nullopt).
  std::vector<GpuReading> read(const std::vector<GpuField>& fields) const;

  struct Api;  // the resolved NVML functions (nvml_reader.cpp)

 private:
  NvmlReader() = default;
  void* handle_ = nullptr;
  std::unique_ptr<Api> api_;
  std::vector<void*> devices_;       // nvmlDevice_t
  std::vector<GpuIdentity> gpus_;    // read once at open
};

}  // namespace aiperf
