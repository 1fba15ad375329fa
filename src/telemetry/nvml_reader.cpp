#include "telemetry/nvml_reader.h"

#include <dlfcn.h>
#include <unistd.h>

#include <climits>
#include <cstring>

namespace aiperf {

// NVML's public C API, declared here from its documented signatures so that building needs no
// CUDA headers. nvmlReturn_t is an int enum (0 = success); nvmlDevice_t an opaque pointer.
namespace nvml {
using Return = int;
using Device = void*;
struct PciInfo {  // nvmlPciInfo_t (v2/v3 layout)
  char bus_id_legacy[16];
  unsigned domain, bus, device, pci_device_id, pci_sub_system_id;
  char bus_id[32];
};
struct Utilization {  // nvmlUtilization_t
  unsigned gpu, memory;
};
struct Memory {  // nvmlMemory_t, bytes
  unsigned long long total, free, used;
};
constexpr int kTemperatureGpu = 0;  // NVML_TEMPERATURE_GPU
constexpr unsigned kNameLength = 96;  // NVML_DEVICE_NAME_V2_BUFFER_SIZE, NVML_DEVICE_UUID_V2_BUFFER_SIZE
}  // namespace nvml

struct NvmlReader::Api {
  nvml::Return (*init)() = nullptr;
  nvml::Return (*shutdown)() = nullptr;
  const char* (*error_string)(nvml::Return) = nullptr;
  nvml::Return (*count)(unsigned*) = nullptr;
  nvml::Return (*handle_by_index)(unsigned, nvml::Device*) = nullptr;
  nvml::Return (*name)(nvml::Device, char*, unsigned) = nullptr;
  nvml::Return (*uuid)(nvml::Device, char*, unsigned) = nullptr;
  nvml::Return (*pci_info)(nvml::Device, nvml::PciInfo*) = nullptr;
  nvml::Return (*minor_number)(nvml::Device, unsigned*) = nullptr;
  nvml::Return (*power_usage)(nvml::Device, unsigned*) = nullptr;                    // mW
  nvml::Return (*total_energy)(nvml::Device, unsigned long long*) = nullptr;         // mJ
  nvml::Return (*utilization)(nvml::Device, nvml::Utilization*) = nullptr;
  nvml::Return (*memory)(nvml::Device, nvml::Memory*) = nullptr;
  nvml::Return (*temperature)(nvml::Device, int, unsigned*) = nullptr;               // °C
  nvml::Return (*encoder)(nvml::Device, unsigned*, unsigned*) = nullptr;             // %, sampling µs
  nvml::Return (*decoder)(nvml::Device, unsigned*, unsigned*) = nullptr;
  nvml::Return (*jpg)(nvml::Device, unsigned*, unsigned*) = nullptr;                 // newer drivers only
};

namespace {

template <class Fn>
void nvml_bind(void* handle, const char* symbol, Fn& fn) {
  fn = reinterpret_cast<Fn>(dlsym(handle, symbol));
}

std::string nvml_problem(const NvmlReader::Api& api, const char* call, nvml::Return rc) {
  std::string what = std::string(call) + " failed (NVML error " + std::to_string(rc);
  if (api.error_string) what += std::string(": ") + api.error_string(rc);
  return what + ")";
}

std::string nvml_host_name() {
  char name[HOST_NAME_MAX + 1] = {0};
  return gethostname(name, sizeof name - 1) == 0 ? std::string(name) : std::string();
}

}  // namespace

std::unique_ptr<NvmlReader> NvmlReader::open(const std::string& library, std::string& error) {
  void* handle = dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char* why = dlerror();
    error = why ? why : "dlopen failed";
    return nullptr;
  }
  std::unique_ptr<NvmlReader> reader(new NvmlReader());
  reader->handle_ = handle;
  reader->api_ = std::make_unique<Api>();
  Api& api = *reader->api_;
  nvml_bind(handle, "nvmlInit_v2", api.init);
  nvml_bind(handle, "nvmlShutdown", api.shutdown);
  nvml_bind(handle, "nvmlErrorString", api.error_string);
  nvml_bind(handle, "nvmlDeviceGetCount_v2", api.count);
  nvml_bind(handle, "nvmlDeviceGetHandleByIndex_v2", api.handle_by_index);
  nvml_bind(handle, "nvmlDeviceGetName", api.name);
  nvml_bind(handle, "nvmlDeviceGetUUID", api.uuid);
  nvml_bind(handle, "nvmlDeviceGetPciInfo_v3", api.pci_info);
  if (!api.pci_info) nvml_bind(handle, "nvmlDeviceGetPciInfo_v2", api.pci_info);
  nvml_bind(handle, "nvmlDeviceGetMinorNumber", api.minor_number);
  nvml_bind(handle, "nvmlDeviceGetPowerUsage", api.power_usage);
  nvml_bind(handle, "nvmlDeviceGetTotalEnergyConsumption", api.total_energy);
  nvml_bind(handle, "nvmlDeviceGetUtilizationRates", api.utilization);
  nvml_bind(handle, "nvmlDeviceGetMemoryInfo", api.memory);
  nvml_bind(handle, "nvmlDeviceGetTemperature", api.temperature);
  nvml_bind(handle, "nvmlDeviceGetEncoderUtilization", api.encoder);
  nvml_bind(handle, "nvmlDeviceGetDecoderUtilization", api.decoder);
  nvml_bind(handle, "nvmlDeviceGetJpgUtilization", api.jpg);
  if (!api.init || !api.shutdown || !api.count || !api.handle_by_index) {
    error = library + " lacks nvmlInit_v2/nvmlDeviceGetCount_v2 (driver too old?)";
    api.shutdown = nullptr;  // nothing to shut down
    return nullptr;
  }
  if (nvml::Return rc = api.init(); rc != 0) {
    error = nvml_problem(api, "nvmlInit_v2", rc);
    api.shutdown = nullptr;
    return nullptr;
  }
  unsigned count = 0;
  if (nvml::Return rc = api.count(&count); rc != 0) {
    error = nvml_problem(api, "nvmlDeviceGetCount_v2", rc);
    return nullptr;
  }
  const std::string host = nvml_host_name();
  for (unsigned i = 0; i < count; ++i) {
    nvml::Device device = nullptr;
    if (api.handle_by_index(i, &device) != 0) continue;  // e.g. a GPU we may not see
    GpuIdentity id;
    id.index = int(i);
    id.hostname = host;
    char text[nvml::kNameLength] = {0};
    if (api.name && api.name(device, text, sizeof text) == 0) id.model_name = text;
    if (api.uuid && api.uuid(device, text, sizeof text) == 0) id.uuid = text;
    if (nvml::PciInfo pci{}; api.pci_info && api.pci_info(device, &pci) == 0)
      id.pci_bus_id = std::string(pci.bus_id, strnlen(pci.bus_id, sizeof pci.bus_id));
    if (unsigned minor = 0; api.minor_number && api.minor_number(device, &minor) == 0)
      id.device = "nvidia" + std::to_string(minor);  // the /dev node, as DCGM's device label
    reader->devices_.push_back(device);
    reader->gpus_.push_back(std::move(id));
  }
  return reader;
}

NvmlReader::~NvmlReader() {
  if (api_ && api_->shutdown) api_->shutdown();
  if (handle_) dlclose(handle_);
}

std::vector<GpuReading> NvmlReader::read(const std::vector<GpuField>& fields) const {
  std::vector<GpuReading> out;
  for (size_t g = 0; g < devices_.size(); ++g) {
    nvml::Device d = devices_[g];
    GpuReading r{gpus_[g], std::vector<std::optional<double>>(fields.size())};
    auto set = [&](std::string_view name, double v) {
      for (size_t i = 0; i < fields.size(); ++i)
        if (fields[i].name == name) r.values[i] = v;
    };
    unsigned u = 0, period = 0;
    if (api_->power_usage && api_->power_usage(d, &u) == 0) set("nvidia_power_usage", u / 1000.0);
    if (unsigned long long mj = 0; api_->total_energy && api_->total_energy(d, &mj) == 0)
      set("nvidia_energy_consumption", double(mj) * 1e-9);
    if (nvml::Utilization util{}; api_->utilization && api_->utilization(d, &util) == 0) {
      set("nvidia_gpu_utilization", util.gpu);
      set("nvidia_memory_utilization", util.memory);
    }
    if (nvml::Memory mem{}; api_->memory && api_->memory(d, &mem) == 0) set("nvidia_memory_used", double(mem.used) * 1e-9);
    if (api_->temperature && api_->temperature(d, nvml::kTemperatureGpu, &u) == 0) set("nvidia_temperature", u);
    if (api_->encoder && api_->encoder(d, &u, &period) == 0) set("nvidia_encoder_utilization", u);
    if (api_->decoder && api_->decoder(d, &u, &period) == 0) set("nvidia_decoder_utilization", u);
    if (api_->jpg && api_->jpg(d, &u, &period) == 0) set("nvidia_jpg_utilization", u);
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace aiperf
